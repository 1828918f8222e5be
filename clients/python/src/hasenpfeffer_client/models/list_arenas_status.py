from enum import StrEnum

class ListArenasStatus(StrEnum):
    FINISHED = "finished"
    RUNNING = "running"
    UPCOMING = "upcoming"

    def __str__(self) -> str:
        return str(self.value)
