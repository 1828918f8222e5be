from enum import StrEnum

class Forced(StrEnum):
    DEALER = "dealer"
    JOKER_HOLDER = "joker_holder"

    def __str__(self) -> str:
        return str(self.value)
