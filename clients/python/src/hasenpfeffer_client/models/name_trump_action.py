from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.name_trump_type import NameTrumpType
from ..models.suit import Suit






T = TypeVar("T", bound="NameTrumpAction")



@_attrs_define
class NameTrumpAction:
    """ Upcard games, round 2 (everybody passed the upcard, which is turned down): name one of the
    other three suits as trump. The caller becomes the maker.

        Example:
            {'trump': 'H', 'type': 'name_trump'}

        Attributes:
            trump (Suit): A suit: clubs `C`, diamonds `D`, hearts `H`, spades `S`.
            type_ (NameTrumpType): Always `name_trump`.
     """

    trump: Suit
    type_: NameTrumpType





    def to_dict(self) -> dict[str, Any]:
        trump = self.trump.value

        type_ = self.type_.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "trump": trump,
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        trump = Suit(d.pop("trump"))




        type_ = NameTrumpType(d.pop("type"))




        name_trump_action = cls(
            trump=trump,
            type_=type_,
        )

        return name_trump_action

