from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.call_type import CallType
from ..models.card import Card






T = TypeVar("T", bound="CallAction")



@_attrs_define
class CallAction:
    """ Five Hundred for 5 (phase `alone`, after the declarer's discard): call a card; its holder is
    revealed at once as your partner for the hand. Not a trump (at a suit contract not the
    trump suit, the left bower or the joker; at no trump not the joker), and not in your hand or
    discards. To play alone instead: `{"type": "alone", "alone": true}`.

        Example:
            {'card': 'AH', 'type': 'call'}

        Attributes:
            card (Card): A card code: rank (2 to 9, T, J Q K A, and L M N for the 11, 12 and 13 of Five Hundred's six-player
                pack) then suit (C D H S), e.g. `TD` for the ten of diamonds; `JK` is the joker. The two copies of a card in a
                double deck share a code.
            type_ (CallType): Always `call`.
     """

    card: Card
    type_: CallType





    def to_dict(self) -> dict[str, Any]:
        card = self.card.value

        type_ = self.type_.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "card": card,
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        card = Card(d.pop("card"))




        type_ = CallType(d.pop("type"))




        call_action = cls(
            card=card,
            type_=type_,
        )

        return call_action

