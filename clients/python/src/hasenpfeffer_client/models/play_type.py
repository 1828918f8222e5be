from enum import StrEnum

class PlayType(StrEnum):
    PLAY = "play"

    def __str__(self) -> str:
        return str(self.value)
