from enum import StrEnum

class ArenaKind(StrEnum):
    CONTINUOUS = "continuous"
    DUPLICATE = "duplicate"

    def __str__(self) -> str:
        return str(self.value)
