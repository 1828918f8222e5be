from enum import StrEnum

class TakeUpcardType(StrEnum):
    TAKE_UPCARD = "take_upcard"

    def __str__(self) -> str:
        return str(self.value)
