from enum import StrEnum

class Strategy(StrEnum):
    EXPERT = "expert"
    HEURISTIC = "heuristic"
    RANDOM = "random"

    def __str__(self) -> str:
        return str(self.value)
