from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.pick_up_alone_type import PickUpAloneType






T = TypeVar("T", bound="PickUpAloneAction")



@_attrs_define
class PickUpAloneAction:
    """ Bacon (phase `auction`, unless `alone` is `none`): pick up the upcard and play alone,
    your partner sitting out, unless your partner vetoes the pick-up (`veto`) or going alone
    (`veto_alone`).

        Example:
            {'type': 'pick_up_alone'}

        Attributes:
            type_ (PickUpAloneType): Always `pick_up_alone`.
     """

    type_: PickUpAloneType





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
        type_ = PickUpAloneType(d.pop("type"))




        pick_up_alone_action = cls(
            type_=type_,
        )

        return pick_up_alone_action

