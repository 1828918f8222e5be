from enum import StrEnum

class LobbyStatus(StrEnum):
    FINISHED = "finished"
    LIVE = "live"
    OPEN = "open"

    def __str__(self) -> str:
        return str(self.value)
