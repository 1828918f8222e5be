from enum import StrEnum

class FirstLead(StrEnum):
    DEALER_LEFT = "dealer_left"
    HIGH_BIDDER = "high_bidder"
    LEFT_OF_DEALER = "left_of_dealer"
    UPCARD_TAKER = "upcard_taker"

    def __str__(self) -> str:
        return str(self.value)
