from enum import StrEnum

class Scoring(StrEnum):
    BACON = "bacon"
    BUCK = "buck"
    CONTRACT = "contract"
    EUCHRE = "euchre"
    FIVE_HUNDRED = "five_hundred"

    def __str__(self) -> str:
        return str(self.value)
