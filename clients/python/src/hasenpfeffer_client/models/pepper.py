from enum import StrEnum

class Pepper(StrEnum):
    BIG = "big"
    LITTLE = "little"

    def __str__(self) -> str:
        return str(self.value)
