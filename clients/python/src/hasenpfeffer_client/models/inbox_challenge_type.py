from enum import StrEnum

class InboxChallengeType(StrEnum):
    CHALLENGE = "challenge"

    def __str__(self) -> str:
        return str(self.value)
