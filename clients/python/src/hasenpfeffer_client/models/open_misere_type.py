from enum import StrEnum

class OpenMisereType(StrEnum):
    OPEN_MISERE = "open_misere"

    def __str__(self) -> str:
        return str(self.value)
