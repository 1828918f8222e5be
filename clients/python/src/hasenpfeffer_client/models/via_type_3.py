from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.via_type_3_type import ViaType3Type






T = TypeVar("T", bound="ViaType3")



@_attrs_define
class ViaType3:
    """ A challenge the bot made or accepted (`POST /v1/challenges`).

        Attributes:
            challenge_id (str): The challenge.
            rated (bool): Whether the game is rated.
            type_ (ViaType3Type):
     """

    challenge_id: str
    rated: bool
    type_: ViaType3Type
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        challenge_id = self.challenge_id

        rated = self.rated

        type_ = self.type_.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "challenge_id": challenge_id,
            "rated": rated,
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        challenge_id = d.pop("challenge_id")

        rated = d.pop("rated")

        type_ = ViaType3Type(d.pop("type"))




        via_type_3 = cls(
            challenge_id=challenge_id,
            rated=rated,
            type_=type_,
        )


        via_type_3.additional_properties = d
        return via_type_3

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
