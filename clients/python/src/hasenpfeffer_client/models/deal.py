from enum import StrEnum

class Deal(StrEnum):
    RANDOM = "random"
    SCENARIO = "scenario"
    SEED = "seed"
    UNKNOWN = "unknown"

    def __str__(self) -> str:
        return str(self.value)
