from enum import StrEnum

class HouseFill(StrEnum):
    EXPERT = "expert"
    EXPERT_V1 = "expert_v1"
    HEURISTIC = "heuristic"
    MIXED = "mixed"
    RANDOM = "random"

    def __str__(self) -> str:
        return str(self.value)
