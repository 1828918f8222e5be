from enum import StrEnum

class CallType(StrEnum):
    CALL = "call"

    def __str__(self) -> str:
        return str(self.value)
