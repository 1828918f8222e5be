from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.card import Card
from ..models.pass_cards_type import PassCardsType
from typing import cast






T = TypeVar("T", bound="PassCardsAction")



@_attrs_define
class PassCardsAction:
    """ Under `exchange_two`: the lone bidder's two-card discard, then the partner's two cards
    passed to the bidder.

        Example:
            {'cards': ['AS', 'KS'], 'type': 'pass_cards'}

        Attributes:
            cards (list[Card]): Exactly two cards.
            type_ (PassCardsType): Always `pass_cards`.
     """

    cards: list[Card]
    type_: PassCardsType





    def to_dict(self) -> dict[str, Any]:
        cards = []
        for cards_item_data in self.cards:
            cards_item = cards_item_data.value
            cards.append(cards_item)



        type_ = self.type_.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "cards": cards,
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cards = []
        _cards = d.pop("cards")
        for cards_item_data in (_cards):
            cards_item = Card(cards_item_data)



            cards.append(cards_item)


        type_ = PassCardsType(d.pop("type"))




        pass_cards_action = cls(
            cards=cards,
            type_=type_,
        )

        return pass_cards_action

