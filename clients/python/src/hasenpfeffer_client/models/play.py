from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.card import Card
from ..models.suit import Suit
from ..types import UNSET, Unset






T = TypeVar("T", bound="Play")



@_attrs_define
class Play:
    """ A card played to a trick.

        Attributes:
            card (Card): A card code: rank (2 to 9, T, J Q K A, and L M N for the 11, 12 and 13 of Five Hundred's six-player
                pack) then suit (C D H S), e.g. `TD` for the ten of diamonds; `JK` is the joker. The two copies of a card in a
                double deck share a code.
            seat (int): Who played it.
            suit (Suit | Unset): A suit: clubs `C`, diamonds `D`, hearts `H`, spades `S`.
     """

    card: Card
    seat: int
    suit: Suit | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        card = self.card.value

        seat = self.seat

        suit: str | Unset = UNSET
        if not isinstance(self.suit, Unset):
            suit = self.suit.value



        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "card": card,
            "seat": seat,
        })
        if suit is not UNSET:
            field_dict["suit"] = suit

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        card = Card(d.pop("card"))




        seat = d.pop("seat")

        _suit = d.pop("suit", UNSET)
        suit: Suit | Unset
        if isinstance(_suit,  Unset):
            suit = UNSET
        else:
            suit = Suit(_suit)




        play = cls(
            card=card,
            seat=seat,
            suit=suit,
        )


        play.additional_properties = d
        return play

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
