from enum import StrEnum

class ListGamesStatus(StrEnum):
    FINISHED = "finished"
    LIVE = "live"
    OPEN = "open"

    def __str__(self) -> str:
        return str(self.value)
