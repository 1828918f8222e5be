from enum import StrEnum

class ViaType0Type(StrEnum):
    CLAIM = "claim"

    def __str__(self) -> str:
        return str(self.value)
