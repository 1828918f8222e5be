from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.stay_type import StayType






T = TypeVar("T", bound="StayAction")



@_attrs_define
class StayAction:
    """ Buck Euchre (phase `drop_out`, after a declarer made trump): play the declarer's hand.

        Example:
            {'type': 'stay'}

        Attributes:
            type_ (StayType): Always `stay`.
     """

    type_: StayType





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
        type_ = StayType(d.pop("type"))




        stay_action = cls(
            type_=type_,
        )

        return stay_action

