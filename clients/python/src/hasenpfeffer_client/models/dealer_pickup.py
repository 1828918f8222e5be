from enum import StrEnum

class DealerPickup(StrEnum):
    MANDATORY = "mandatory"
    OPTIONAL = "optional"

    def __str__(self) -> str:
        return str(self.value)
