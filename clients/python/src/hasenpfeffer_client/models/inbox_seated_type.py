from enum import StrEnum

class InboxSeatedType(StrEnum):
    SEATED = "seated"

    def __str__(self) -> str:
        return str(self.value)
