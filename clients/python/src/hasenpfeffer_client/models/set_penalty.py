from enum import StrEnum

class SetPenalty(StrEnum):
    ALL_TRICKS = "all_tricks"
    CONTRACT = "contract"
    FIXED_6 = "fixed_6"

    def __str__(self) -> str:
        return str(self.value)
