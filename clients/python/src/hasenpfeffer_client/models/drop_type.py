from enum import StrEnum

class DropType(StrEnum):
    DROP = "drop"

    def __str__(self) -> str:
        return str(self.value)
