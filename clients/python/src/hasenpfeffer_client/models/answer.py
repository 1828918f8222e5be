from enum import StrEnum

class Answer(StrEnum):
    ALLOW = "allow"
    VETO = "veto"
    VETO_ALONE = "veto_alone"

    def __str__(self) -> str:
        return str(self.value)
