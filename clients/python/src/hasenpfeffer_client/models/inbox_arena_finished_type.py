from enum import StrEnum

class InboxArenaFinishedType(StrEnum):
    ARENA_FINISHED = "arena_finished"

    def __str__(self) -> str:
        return str(self.value)
