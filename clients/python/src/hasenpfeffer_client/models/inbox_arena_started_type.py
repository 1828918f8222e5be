from enum import StrEnum

class InboxArenaStartedType(StrEnum):
    ARENA_STARTED = "arena_started"

    def __str__(self) -> str:
        return str(self.value)
