from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.card import Card
from ..models.take_upcard_type import TakeUpcardType






T = TypeVar("T", bound="TakeUpcardAction")



@_attrs_define
class TakeUpcardAction:
    """ Upcard games, the exchange (phase `exchange`): in Euchre the dealer, after round 1 ordered
    the upcard up, takes it into hand and discards one of the cards held before, face down; in
    Bacon the seat left of the caller takes it and discards any one of its six cards (the upcard
    too), face up.

        Example:
            {'discard': '9C', 'type': 'take_upcard'}

        Attributes:
            discard (Card): A card code: rank (2 to 9, T, J Q K A, and L M N for the 11, 12 and 13 of Five Hundred's six-
                player pack) then suit (C D H S), e.g. `TD` for the ten of diamonds; `JK` is the joker. The two copies of a card
                in a double deck share a code.
            type_ (TakeUpcardType): Always `take_upcard`.
     """

    discard: Card
    type_: TakeUpcardType





    def to_dict(self) -> dict[str, Any]:
        discard = self.discard.value

        type_ = self.type_.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "discard": discard,
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        discard = Card(d.pop("discard"))




        type_ = TakeUpcardType(d.pop("type"))




        take_upcard_action = cls(
            discard=discard,
            type_=type_,
        )

        return take_upcard_action

