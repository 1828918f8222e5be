from enum import StrEnum

class OpenKind(StrEnum):
    OPEN = "open"

    def __str__(self) -> str:
        return str(self.value)
