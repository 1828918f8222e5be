from enum import StrEnum

class ViaType1Type(StrEnum):
    QUEUE = "queue"

    def __str__(self) -> str:
        return str(self.value)
