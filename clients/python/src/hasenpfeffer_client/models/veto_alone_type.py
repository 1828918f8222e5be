from enum import StrEnum

class VetoAloneType(StrEnum):
    VETO_ALONE = "veto_alone"

    def __str__(self) -> str:
        return str(self.value)
