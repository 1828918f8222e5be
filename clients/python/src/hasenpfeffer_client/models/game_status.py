from enum import StrEnum

class GameStatus(StrEnum):
    FINISHED = "finished"
    PLAYING = "playing"
    WAITING_FOR_PLAYERS = "waiting_for_players"

    def __str__(self) -> str:
        return str(self.value)
