from enum import StrEnum

class ListArenasPreset(StrEnum):
    BACON = "bacon"
    BUCK_EUCHRE = "buck-euchre"
    DOUBLE_HASENPFEFFER = "double-hasenpfeffer"
    EUCHRE = "euchre"
    FIVE_HUNDRED = "five-hundred"
    HASENPFEFFER = "hasenpfeffer"
    HASENPFEFFER_OPEN = "hasenpfeffer-open"
    PEPPER = "pepper"

    def __str__(self) -> str:
        return str(self.value)
