from enum import StrEnum

class InboxGameOverType(StrEnum):
    GAME_OVER = "game_over"

    def __str__(self) -> str:
        return str(self.value)
