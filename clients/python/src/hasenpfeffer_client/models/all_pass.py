from enum import StrEnum

class AllPass(StrEnum):
    DEALER_FORCED = "dealer_forced"
    JOKER_HOLDER_BIDS_3 = "joker_holder_bids_3"
    NO_TRUMP_NO_DECLARER = "no_trump_no_declarer"
    REDEAL = "redeal"

    def __str__(self) -> str:
        return str(self.value)
