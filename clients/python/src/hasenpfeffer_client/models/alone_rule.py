from enum import StrEnum

class AloneRule(StrEnum):
    EXCHANGE_TWO = "exchange_two"
    MAKER = "maker"
    NONE = "none"
    PARTNER_SITS_OUT = "partner_sits_out"

    def __str__(self) -> str:
        return str(self.value)
