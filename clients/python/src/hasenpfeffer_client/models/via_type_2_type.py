from enum import StrEnum

class ViaType2Type(StrEnum):
    MATCH = "match"

    def __str__(self) -> str:
        return str(self.value)
