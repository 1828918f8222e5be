from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.veto_alone_type import VetoAloneType






T = TypeVar("T", bound="VetoAloneAction")



@_attrs_define
class VetoAloneAction:
    """ Bacon: after your partner's `pick_up_alone`, veto going alone: the pick-up stands, with
    you playing.

        Example:
            {'type': 'veto_alone'}

        Attributes:
            type_ (VetoAloneType): Always `veto_alone`.
     """

    type_: VetoAloneType





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
        type_ = VetoAloneType(d.pop("type"))




        veto_alone_action = cls(
            type_=type_,
        )

        return veto_alone_action

