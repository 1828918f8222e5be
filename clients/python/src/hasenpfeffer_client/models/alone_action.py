from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.alone_type import AloneType






T = TypeVar("T", bound="AloneAction")



@_attrs_define
class AloneAction:
    """ Decide whether to play alone.

        Example:
            {'alone': True, 'type': 'alone'}

        Attributes:
            alone (bool): True to play alone.
            type_ (AloneType): Always `alone`.
     """

    alone: bool
    type_: AloneType





    def to_dict(self) -> dict[str, Any]:
        alone = self.alone

        type_ = self.type_.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "alone": alone,
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        alone = d.pop("alone")

        type_ = AloneType(d.pop("type"))




        alone_action = cls(
            alone=alone,
            type_=type_,
        )

        return alone_action

