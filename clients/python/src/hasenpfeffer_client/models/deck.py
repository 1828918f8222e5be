from enum import StrEnum

class Deck(StrEnum):
    EUCHRE24 = "euchre24"
    EUCHRE32 = "euchre32"
    FIVE_HUNDRED_24 = "five_hundred_24"
    FIVE_HUNDRED_32 = "five_hundred_32"
    FIVE_HUNDRED_33 = "five_hundred_33"
    FIVE_HUNDRED_42 = "five_hundred_42"
    FIVE_HUNDRED_43 = "five_hundred_43"
    FIVE_HUNDRED_52 = "five_hundred_52"
    FIVE_HUNDRED_53 = "five_hundred_53"
    FIVE_HUNDRED_62 = "five_hundred_62"
    FIVE_HUNDRED_63 = "five_hundred_63"
    FULL52 = "full52"
    PEPPER24 = "pepper24"
    PINOCHLE48 = "pinochle48"
    STANDARD25 = "standard25"

    def __str__(self) -> str:
        return str(self.value)
