from enum import StrEnum

class VetoType(StrEnum):
    VETO = "veto"

    def __str__(self) -> str:
        return str(self.value)
