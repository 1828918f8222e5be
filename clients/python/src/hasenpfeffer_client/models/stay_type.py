from enum import StrEnum

class StayType(StrEnum):
    STAY = "stay"

    def __str__(self) -> str:
        return str(self.value)
