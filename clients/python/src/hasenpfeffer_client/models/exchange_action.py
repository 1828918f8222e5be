from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.card import Card
from ..models.exchange_type import ExchangeType
from ..models.trump import Trump
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="ExchangeAction")



@_attrs_define
class ExchangeAction:
    """ Name trump and discard as many cards as the widow held (none when there is no widow). The
    declarer's hand already includes the widow during the exchange.

        Example:
            {'discard': ['9C'], 'trump': 'H', 'type': 'exchange'}

        Attributes:
            trump (Trump): The trump: a suit code, or `NT` for no trump (only where the ruleset allows it).
            type_ (ExchangeType): Always `exchange`.
            discard (list[Card] | Unset): Cards discarded face down.
     """

    trump: Trump
    type_: ExchangeType
    discard: list[Card] | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        trump = self.trump.value

        type_ = self.type_.value

        discard: list[str] | Unset = UNSET
        if not isinstance(self.discard, Unset):
            discard = []
            for discard_item_data in self.discard:
                discard_item = discard_item_data.value
                discard.append(discard_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "trump": trump,
            "type": type_,
        })
        if discard is not UNSET:
            field_dict["discard"] = discard

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        trump = Trump(d.pop("trump"))




        type_ = ExchangeType(d.pop("type"))




        _discard = d.pop("discard", UNSET)
        discard: list[Card] | Unset = UNSET
        if _discard is not UNSET:
            discard = []
            for discard_item_data in _discard:
                discard_item = Card(discard_item_data)



                discard.append(discard_item)


        exchange_action = cls(
            trump=trump,
            type_=type_,
            discard=discard,
        )

        return exchange_action

