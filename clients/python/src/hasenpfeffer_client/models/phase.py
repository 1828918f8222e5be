from enum import StrEnum

class Phase(StrEnum):
    ALONE = "alone"
    AUCTION = "auction"
    DROP_OUT = "drop_out"
    EXCHANGE = "exchange"
    GAME_OVER = "game_over"
    PASS_CARDS = "pass_cards"
    PLAY = "play"

    def __str__(self) -> str:
        return str(self.value)
