from enum import StrEnum

class TicketStatus(StrEnum):
    MATCHED = "matched"
    WAITING = "waiting"

    def __str__(self) -> str:
        return str(self.value)
