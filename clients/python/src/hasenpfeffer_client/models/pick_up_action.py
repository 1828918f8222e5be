from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.pick_up_type import PickUpType






T = TypeVar("T", bound="PickUpAction")



@_attrs_define
class PickUpAction:
    """ Bacon (phase `auction`): pick up the upcard: its suit becomes trump and your side the
    declarers, unless your partner vetoes (your partner answers next).

        Example:
            {'type': 'pick_up'}

        Attributes:
            type_ (PickUpType): Always `pick_up`.
     """

    type_: PickUpType





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
        type_ = PickUpType(d.pop("type"))




        pick_up_action = cls(
            type_=type_,
        )

        return pick_up_action

