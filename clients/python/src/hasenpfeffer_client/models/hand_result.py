from enum import StrEnum

class HandResult(StrEnum):
    ACQUITTED = "acquitted"
    ALL_DROPPED = "all_dropped"
    PLAYED = "played"
    THROWN_IN = "thrown_in"
    VOID_JOKER_IN_WIDOW = "void_joker_in_widow"

    def __str__(self) -> str:
        return str(self.value)
