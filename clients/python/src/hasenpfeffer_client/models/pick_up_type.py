from enum import StrEnum

class PickUpType(StrEnum):
    PICK_UP = "pick_up"

    def __str__(self) -> str:
        return str(self.value)
