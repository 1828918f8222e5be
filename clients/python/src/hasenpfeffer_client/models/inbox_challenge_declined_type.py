from enum import StrEnum

class InboxChallengeDeclinedType(StrEnum):
    CHALLENGE_DECLINED = "challenge_declined"

    def __str__(self) -> str:
        return str(self.value)
