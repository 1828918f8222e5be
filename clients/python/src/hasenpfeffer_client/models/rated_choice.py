from enum import StrEnum

class RatedChoice(StrEnum):
    ANY = "any"
    CASUAL = "casual"
    RATED = "rated"

    def __str__(self) -> str:
        return str(self.value)
