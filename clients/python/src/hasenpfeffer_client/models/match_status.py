from enum import StrEnum

class MatchStatus(StrEnum):
    FINISHED = "finished"
    PLAYING = "playing"
    STARTING = "starting"

    def __str__(self) -> str:
        return str(self.value)
