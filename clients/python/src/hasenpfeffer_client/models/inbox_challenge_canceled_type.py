from enum import StrEnum

class InboxChallengeCanceledType(StrEnum):
    CHALLENGE_CANCELED = "challenge_canceled"

    def __str__(self) -> str:
        return str(self.value)
