from enum import StrEnum

class AllDrop(StrEnum):
    DECLARER_TAKES_ALL = "declarer_takes_all"
    LAST_MUST_STAY = "last_must_stay"

    def __str__(self) -> str:
        return str(self.value)
