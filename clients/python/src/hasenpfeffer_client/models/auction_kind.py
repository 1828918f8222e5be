from enum import StrEnum

class AuctionKind(StrEnum):
    CONSECUTIVE_PASSES = "consecutive_passes"
    OPEN = "open"
    SINGLE_ROUND = "single_round"
    SUCCESSIVE_UPCARDS = "successive_upcards"
    UPCARD = "upcard"

    def __str__(self) -> str:
        return str(self.value)
