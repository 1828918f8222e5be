from enum import StrEnum

class GetLeaderboardPool(StrEnum):
    BACON = "bacon"
    BACON_4 = "bacon-4"
    BUCK_EUCHRE = "buck-euchre"
    BUCK_EUCHRE_4 = "buck-euchre-4"
    DOUBLE_HASENPFEFFER = "double-hasenpfeffer"
    DOUBLE_HASENPFEFFER_4 = "double-hasenpfeffer-4"
    DOUBLE_HASENPFEFFER_6 = "double-hasenpfeffer-6"
    EUCHRE = "euchre"
    EUCHRE_4 = "euchre-4"
    FIVE_HUNDRED = "five-hundred"
    FIVE_HUNDRED_2 = "five-hundred-2"
    FIVE_HUNDRED_3 = "five-hundred-3"
    FIVE_HUNDRED_4 = "five-hundred-4"
    FIVE_HUNDRED_5 = "five-hundred-5"
    FIVE_HUNDRED_6 = "five-hundred-6"
    HASENPFEFFER = "hasenpfeffer"
    HASENPFEFFER_4 = "hasenpfeffer-4"
    HASENPFEFFER_6 = "hasenpfeffer-6"
    HASENPFEFFER_OPEN = "hasenpfeffer-open"
    HASENPFEFFER_OPEN_4 = "hasenpfeffer-open-4"
    HASENPFEFFER_OPEN_6 = "hasenpfeffer-open-6"
    PEPPER = "pepper"
    PEPPER_2 = "pepper-2"
    PEPPER_3 = "pepper-3"
    PEPPER_4 = "pepper-4"
    PEPPER_6 = "pepper-6"

    def __str__(self) -> str:
        return str(self.value)
