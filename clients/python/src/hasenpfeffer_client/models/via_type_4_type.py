from enum import StrEnum

class ViaType4Type(StrEnum):
    ARENA = "arena"

    def __str__(self) -> str:
        return str(self.value)
