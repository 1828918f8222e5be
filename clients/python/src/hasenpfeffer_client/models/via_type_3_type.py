from enum import StrEnum

class ViaType3Type(StrEnum):
    CHALLENGE = "challenge"

    def __str__(self) -> str:
        return str(self.value)
