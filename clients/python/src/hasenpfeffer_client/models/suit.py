from enum import StrEnum

class Suit(StrEnum):
    C = "C"
    D = "D"
    H = "H"
    S = "S"

    def __str__(self) -> str:
        return str(self.value)
