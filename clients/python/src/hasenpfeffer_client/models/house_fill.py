from enum import StrEnum

class HouseFill(StrEnum):
    EXPERT = "expert"
    HEURISTIC = "heuristic"
    MIXED = "mixed"
    RANDOM = "random"

    def __str__(self) -> str:
        return str(self.value)
