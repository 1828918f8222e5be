from enum import StrEnum

class Strategy(StrEnum):
    EXPERT = "expert"
    EXPERT_V1 = "expert_v1"
    HEURISTIC = "heuristic"
    RANDOM = "random"

    def __str__(self) -> str:
        return str(self.value)
