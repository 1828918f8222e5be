from enum import StrEnum

class LeaveUpcardType(StrEnum):
    LEAVE_UPCARD = "leave_upcard"

    def __str__(self) -> str:
        return str(self.value)
