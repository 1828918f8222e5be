from enum import StrEnum

class SeatOutcome(StrEnum):
    DRAW = "draw"
    LOST = "lost"
    WON = "won"

    def __str__(self) -> str:
        return str(self.value)
