from enum import StrEnum

class ChallengeStatus(StrEnum):
    ACCEPTED = "accepted"
    CANCELED = "canceled"
    DECLINED = "declined"
    EXPIRED = "expired"
    PENDING = "pending"

    def __str__(self) -> str:
        return str(self.value)
