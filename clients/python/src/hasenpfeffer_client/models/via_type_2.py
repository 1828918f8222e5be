from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.via_type_2_type import ViaType2Type






T = TypeVar("T", bound="ViaType2")



@_attrs_define
class ViaType2:
    """ A game of a duplicate match.

        Attributes:
            deal (int): The deal (from 0).
            match_id (str): The match.
            play (int): Which play of the deal (from 0: with the seats rotated from one play to the next).
            type_ (ViaType2Type):
     """

    deal: int
    match_id: str
    play: int
    type_: ViaType2Type
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        deal = self.deal

        match_id = self.match_id

        play = self.play

        type_ = self.type_.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "deal": deal,
            "match_id": match_id,
            "play": play,
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        deal = d.pop("deal")

        match_id = d.pop("match_id")

        play = d.pop("play")

        type_ = ViaType2Type(d.pop("type"))




        via_type_2 = cls(
            deal=deal,
            match_id=match_id,
            play=play,
            type_=type_,
        )


        via_type_2.additional_properties = d
        return via_type_2

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
