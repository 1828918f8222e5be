from enum import StrEnum

class BotKind(StrEnum):
    BOT = "bot"

    def __str__(self) -> str:
        return str(self.value)
