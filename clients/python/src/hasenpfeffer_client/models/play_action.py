from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.card import Card
from ..models.play_type import PlayType
from ..models.suit import Suit
from ..types import UNSET, Unset






T = TypeVar("T", bound="PlayAction")



@_attrs_define
class PlayAction:
    """ Play a card to the trick.

        Example:
            {'card': 'JS', 'type': 'play'}

        Attributes:
            card (Card): A card code: rank (2 to 9, T, J Q K A, and L M N for the 11, 12 and 13 of Five Hundred's six-player
                pack) then suit (C D H S), e.g. `TD` for the ten of diamonds; `JK` is the joker. The two copies of a card in a
                double deck share a code.
            type_ (PlayType): Always `play`.
            suit (Suit | Unset): A suit: clubs `C`, diamonds `D`, hearts `H`, spades `S`.
     """

    card: Card
    type_: PlayType
    suit: Suit | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        card = self.card.value

        type_ = self.type_.value

        suit: str | Unset = UNSET
        if not isinstance(self.suit, Unset):
            suit = self.suit.value



        field_dict: dict[str, Any] = {}

        field_dict.update({
            "card": card,
            "type": type_,
        })
        if suit is not UNSET:
            field_dict["suit"] = suit

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        card = Card(d.pop("card"))




        type_ = PlayType(d.pop("type"))




        _suit = d.pop("suit", UNSET)
        suit: Suit | Unset
        if isinstance(_suit,  Unset):
            suit = UNSET
        else:
            suit = Suit(_suit)




        play_action = cls(
            card=card,
            type_=type_,
            suit=suit,
        )

        return play_action

