from enum import StrEnum

class InboxChallengeAcceptedType(StrEnum):
    CHALLENGE_ACCEPTED = "challenge_accepted"

    def __str__(self) -> str:
        return str(self.value)
