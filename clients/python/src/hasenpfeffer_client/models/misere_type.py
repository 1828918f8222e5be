from enum import StrEnum

class MisereType(StrEnum):
    MISERE = "misere"

    def __str__(self) -> str:
        return str(self.value)
