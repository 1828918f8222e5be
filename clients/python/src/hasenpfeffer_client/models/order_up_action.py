from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.order_up_type import OrderUpType






T = TypeVar("T", bound="OrderUpAction")



@_attrs_define
class OrderUpAction:
    """ Upcard games (`euchre`), round 1: accept the upcard's suit as trump ("order it up"; the
    dealer's partner assists, the dealer takes it up). The caller becomes the maker, and the
    dealer then takes the upcard (`take_upcard`) or leaves it (`leave_upcard`).

        Example:
            {'type': 'order_up'}

        Attributes:
            type_ (OrderUpType): Always `order_up`.
     """

    type_: OrderUpType





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = OrderUpType(d.pop("type"))




        order_up_action = cls(
            type_=type_,
        )

        return order_up_action

