from enum import StrEnum

class AllowType(StrEnum):
    ALLOW = "allow"

    def __str__(self) -> str:
        return str(self.value)
