from enum import StrEnum

class SideForm(StrEnum):
    TEAMS_OF_2 = "teams_of_2"
    TEAMS_OF_3 = "teams_of_3"

    def __str__(self) -> str:
        return str(self.value)
