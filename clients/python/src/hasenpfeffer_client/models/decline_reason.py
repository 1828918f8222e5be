from enum import StrEnum

class DeclineReason(StrEnum):
    CASUAL = "casual"
    DUPLICATE = "duplicate"
    GENERIC = "generic"
    LATER = "later"
    NOT_YOU = "not_you"
    PRESET = "preset"
    RATED = "rated"
    TOO_FAST = "too_fast"
    TOO_SLOW = "too_slow"

    def __str__(self) -> str:
        return str(self.value)
