from enum import StrEnum

class Step(StrEnum):
    ANSWER = "answer"
    BID = "bid"
    CALL_PARTNER = "call_partner"
    CHOOSE_TRUMP = "choose_trump"
    DEALER_PICKUP = "dealer_pickup"
    DECLARER_ALONE = "declarer_alone"
    DEFENDER_ALONE = "defender_alone"
    GAME_OVER = "game_over"
    KITTY = "kitty"
    LONE_DISCARD = "lone_discard"
    NAME_TRUMP = "name_trump"
    ORDER_UP = "order_up"
    PARTNER_PASSES = "partner_passes"
    PICK_UP = "pick_up"
    PLAY = "play"
    STAY_OR_DROP = "stay_or_drop"
    TAKE_UPCARD = "take_upcard"

    def __str__(self) -> str:
        return str(self.value)
