from enum import StrEnum

class ArenaPlayerStatus(StrEnum):
    ACTIVE = "active"
    LEFT = "left"
    WITHDRAWN = "withdrawn"

    def __str__(self) -> str:
        return str(self.value)
