from enum import StrEnum

class UpcardFate(StrEnum):
    FACE_UP = "face_up"
    LEFT = "left"
    TAKEN = "taken"
    TURNED_DOWN = "turned_down"

    def __str__(self) -> str:
        return str(self.value)
