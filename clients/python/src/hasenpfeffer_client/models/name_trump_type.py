from enum import StrEnum

class NameTrumpType(StrEnum):
    NAME_TRUMP = "name_trump"

    def __str__(self) -> str:
        return str(self.value)
