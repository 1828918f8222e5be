from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.via_type_1_type import ViaType1Type






T = TypeVar("T", bound="ViaType1")



@_attrs_define
class ViaType1:
    """ Matchmaking formed the table from the queue.

        Attributes:
            ticket (str): The bot's ticket in the queue.
            type_ (ViaType1Type):
     """

    ticket: str
    type_: ViaType1Type
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        ticket = self.ticket

        type_ = self.type_.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "ticket": ticket,
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        ticket = d.pop("ticket")

        type_ = ViaType1Type(d.pop("type"))




        via_type_1 = cls(
            ticket=ticket,
            type_=type_,
        )


        via_type_1.additional_properties = d
        return via_type_1

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
