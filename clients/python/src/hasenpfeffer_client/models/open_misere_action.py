from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.open_misere_type import OpenMisereType






T = TypeVar("T", bound="OpenMisereAction")



@_attrs_define
class OpenMisereAction:
    """ Five Hundred (phase `auction`): bid open misère (520): misère with your hand shown to
    everyone from your discard on. The top bid: it ends the auction.

        Example:
            {'type': 'open_misere'}

        Attributes:
            type_ (OpenMisereType): Always `open_misere`.
     """

    type_: OpenMisereType





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
        type_ = OpenMisereType(d.pop("type"))




        open_misere_action = cls(
            type_=type_,
        )

        return open_misere_action

