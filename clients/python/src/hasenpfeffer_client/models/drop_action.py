from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.drop_type import DropType






T = TypeVar("T", bound="DropAction")



@_attrs_define
class DropAction:
    """ Buck Euchre (phase `drop_out`): sit the declarer's hand out and score 0 on it. Under
    `all_drop` `last_must_stay` the third to decide after two drops may not.

        Example:
            {'type': 'drop'}

        Attributes:
            type_ (DropType): Always `drop`.
     """

    type_: DropType





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
        type_ = DropType(d.pop("type"))




        drop_action = cls(
            type_=type_,
        )

        return drop_action

