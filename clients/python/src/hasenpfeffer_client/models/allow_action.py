from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.allow_type import AllowType






T = TypeVar("T", bound="AllowAction")



@_attrs_define
class AllowAction:
    """ Bacon: your partner picked up the upcard; let it stand (alone, after `pick_up_alone`).

        Example:
            {'type': 'allow'}

        Attributes:
            type_ (AllowType): Always `allow`.
     """

    type_: AllowType





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
        type_ = AllowType(d.pop("type"))




        allow_action = cls(
            type_=type_,
        )

        return allow_action

