from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.veto_type import VetoType






T = TypeVar("T", bound="VetoAction")



@_attrs_define
class VetoAction:
    """ Bacon: veto your partner's pick-up: as if your partner had passed (the turn goes on to
    your partner's left; a vetoed dealer passes the upcard).

        Example:
            {'type': 'veto'}

        Attributes:
            type_ (VetoType): Always `veto`.
     """

    type_: VetoType





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
        type_ = VetoType(d.pop("type"))




        veto_action = cls(
            type_=type_,
        )

        return veto_action

