from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.misere_type import MisereType






T = TypeVar("T", bound="MisereAction")



@_attrs_define
class MisereAction:
    """ Five Hundred (phase `auction`): bid misère (250): to take no trick, alone (partners sit
    out), at no trump. It overcalls 7NT and is overcalled by 8S.

        Example:
            {'type': 'misere'}

        Attributes:
            type_ (MisereType): Always `misere`.
     """

    type_: MisereType





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
        type_ = MisereType(d.pop("type"))




        misere_action = cls(
            type_=type_,
        )

        return misere_action

