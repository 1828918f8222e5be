from enum import StrEnum

class PickUpAloneType(StrEnum):
    PICK_UP_ALONE = "pick_up_alone"

    def __str__(self) -> str:
        return str(self.value)
