from enum import StrEnum

class Trump(StrEnum):
    C = "C"
    D = "D"
    H = "H"
    NT = "NT"
    S = "S"

    def __str__(self) -> str:
        return str(self.value)
