from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.card import Card
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="Scenario")



@_attrs_define
class Scenario:
    """ An explicit first deal (for tests and bot training); later hands come from the seed.

        Example:
            {'dealer': 0, 'hands': [['JK', 'JH', 'JD', 'AH', 'KH', 'QH'], ['9C', 'TC', 'QC', 'KC', 'AC', 'JC'], ['9D', 'TD',
                'QD', 'KD', 'AD', '9H'], ['9S', 'TS', 'JS', 'QS', 'KS', 'AS']], 'widow': ['TH']}

        Attributes:
            dealer (int): The first hand's dealer.
            hands (list[list[Card]]): Each seat's cards, seat 0 first.
            widow (list[Card] | Unset): The cards dealt to no seat: the widow (Five Hundred's kitty; empty or left out when
                the deck has none), pepper for two's dead hand, or in upcard games (Euchre, Buck
                Euchre, Bacon) the whole undealt rest of the deck, the upcard first (Bacon's next
                upcards follow in order).
     """

    dealer: int
    hands: list[list[Card]]
    widow: list[Card] | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        dealer = self.dealer

        hands = []
        for hands_item_data in self.hands:
            hands_item = []
            for hands_item_item_data in hands_item_data:
                hands_item_item = hands_item_item_data.value
                hands_item.append(hands_item_item)


            hands.append(hands_item)



        widow: list[str] | Unset = UNSET
        if not isinstance(self.widow, Unset):
            widow = []
            for widow_item_data in self.widow:
                widow_item = widow_item_data.value
                widow.append(widow_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "dealer": dealer,
            "hands": hands,
        })
        if widow is not UNSET:
            field_dict["widow"] = widow

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        dealer = d.pop("dealer")

        hands = []
        _hands = d.pop("hands")
        for hands_item_data in (_hands):
            hands_item = []
            _hands_item = hands_item_data
            for hands_item_item_data in (_hands_item):
                hands_item_item = Card(hands_item_item_data)



                hands_item.append(hands_item_item)

            hands.append(hands_item)


        _widow = d.pop("widow", UNSET)
        widow: list[Card] | Unset = UNSET
        if _widow is not UNSET:
            widow = []
            for widow_item_data in _widow:
                widow_item = Card(widow_item_data)



                widow.append(widow_item)


        scenario = cls(
            dealer=dealer,
            hands=hands,
            widow=widow,
        )

        return scenario

