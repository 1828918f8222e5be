from enum import StrEnum

class DefenderPoints(StrEnum):
    OWN_TRICKS = "own_tricks"
    SIDE_TOTAL = "side_total"

    def __str__(self) -> str:
        return str(self.value)
