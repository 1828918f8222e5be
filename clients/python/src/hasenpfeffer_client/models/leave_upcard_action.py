from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.leave_upcard_type import LeaveUpcardType






T = TypeVar("T", bound="LeaveUpcardAction")



@_attrs_define
class LeaveUpcardAction:
    """ Upcard games, the dealer's exchange, only with `dealer_pickup` `optional`: leave the
    upcard ordered up on the stub (the dealer's hand is unchanged).

        Example:
            {'type': 'leave_upcard'}

        Attributes:
            type_ (LeaveUpcardType): Always `leave_upcard`.
     """

    type_: LeaveUpcardType





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
        type_ = LeaveUpcardType(d.pop("type"))




        leave_upcard_action = cls(
            type_=type_,
        )

        return leave_upcard_action

