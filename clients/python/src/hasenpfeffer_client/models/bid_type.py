from enum import StrEnum

class BidType(StrEnum):
    BID = "bid"

    def __str__(self) -> str:
        return str(self.value)
