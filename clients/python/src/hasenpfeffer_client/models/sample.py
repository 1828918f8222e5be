from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.card import Card
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="Sample")



@_attrs_define
class Sample:
    """ One assignment of the cards a seat cannot see, as a whole table of where every unplayed card
    lies. The seat's own hand and the piles it saw are given as they really are.

    Cards already played to tricks are not listed: they are public.

        Attributes:
            hands (list[list[Card]]): Each seat's cards in hand now, by seat (the viewing seat's own hand as it is).
            discards (list[Card] | Unset): The high bidder's face-down exchange discard (empty before the exchange and in
                decks
                without a widow); in upcard games the dealer's one discard after taking the upcard. The
                discarder itself gets its real discard.
            lone_discards (list[Card] | Unset): The lone bidder's two-card discard under `exchange_two` (empty if none was
                made). The lone
                bidder itself gets its real discard.
            widow (list[Card] | Unset): The widow while it still lies face down (empty once the high bidder took it, and in
                decks
                without a widow); in upcard games the stub less the upcard, which is public.
     """

    hands: list[list[Card]]
    discards: list[Card] | Unset = UNSET
    lone_discards: list[Card] | Unset = UNSET
    widow: list[Card] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        hands = []
        for hands_item_data in self.hands:
            hands_item = []
            for hands_item_item_data in hands_item_data:
                hands_item_item = hands_item_item_data.value
                hands_item.append(hands_item_item)


            hands.append(hands_item)



        discards: list[str] | Unset = UNSET
        if not isinstance(self.discards, Unset):
            discards = []
            for discards_item_data in self.discards:
                discards_item = discards_item_data.value
                discards.append(discards_item)



        lone_discards: list[str] | Unset = UNSET
        if not isinstance(self.lone_discards, Unset):
            lone_discards = []
            for lone_discards_item_data in self.lone_discards:
                lone_discards_item = lone_discards_item_data.value
                lone_discards.append(lone_discards_item)



        widow: list[str] | Unset = UNSET
        if not isinstance(self.widow, Unset):
            widow = []
            for widow_item_data in self.widow:
                widow_item = widow_item_data.value
                widow.append(widow_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "hands": hands,
        })
        if discards is not UNSET:
            field_dict["discards"] = discards
        if lone_discards is not UNSET:
            field_dict["lone_discards"] = lone_discards
        if widow is not UNSET:
            field_dict["widow"] = widow

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        hands = []
        _hands = d.pop("hands")
        for hands_item_data in (_hands):
            hands_item = []
            _hands_item = hands_item_data
            for hands_item_item_data in (_hands_item):
                hands_item_item = Card(hands_item_item_data)



                hands_item.append(hands_item_item)

            hands.append(hands_item)


        _discards = d.pop("discards", UNSET)
        discards: list[Card] | Unset = UNSET
        if _discards is not UNSET:
            discards = []
            for discards_item_data in _discards:
                discards_item = Card(discards_item_data)



                discards.append(discards_item)


        _lone_discards = d.pop("lone_discards", UNSET)
        lone_discards: list[Card] | Unset = UNSET
        if _lone_discards is not UNSET:
            lone_discards = []
            for lone_discards_item_data in _lone_discards:
                lone_discards_item = Card(lone_discards_item_data)



                lone_discards.append(lone_discards_item)


        _widow = d.pop("widow", UNSET)
        widow: list[Card] | Unset = UNSET
        if _widow is not UNSET:
            widow = []
            for widow_item_data in _widow:
                widow_item = Card(widow_item_data)



                widow.append(widow_item)


        sample = cls(
            hands=hands,
            discards=discards,
            lone_discards=lone_discards,
            widow=widow,
        )


        sample.additional_properties = d
        return sample

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
