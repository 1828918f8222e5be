from enum import StrEnum

class AloneType(StrEnum):
    ALONE = "alone"

    def __str__(self) -> str:
        return str(self.value)
