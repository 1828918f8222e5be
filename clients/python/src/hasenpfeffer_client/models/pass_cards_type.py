from enum import StrEnum

class PassCardsType(StrEnum):
    PASS_CARDS = "pass_cards"

    def __str__(self) -> str:
        return str(self.value)
