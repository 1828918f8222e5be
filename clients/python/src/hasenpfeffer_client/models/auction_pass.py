from enum import StrEnum

class AuctionPass(StrEnum):
    FINAL = "final"
    NOT_FINAL = "not_final"

    def __str__(self) -> str:
        return str(self.value)
