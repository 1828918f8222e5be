from enum import StrEnum

class OrderUpType(StrEnum):
    ORDER_UP = "order_up"

    def __str__(self) -> str:
        return str(self.value)
