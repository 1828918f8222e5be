from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.via_type_4_type import ViaType4Type






T = TypeVar("T", bound="ViaType4")



@_attrs_define
class ViaType4:
    """ An arena the bot joined (`POST /v1/arenas/{id}/join`) seated it.

        Attributes:
            arena_id (str): The arena (`GET /v1/arenas/{id}`).
            deal (int): A duplicate arena's deal of the round (from 0); 0 in a continuous arena.
            rated (bool): Whether the game is rated.
            round_ (int): The round (from 1; a continuous arena's: its pairing).
            type_ (ViaType4Type):
     """

    arena_id: str
    deal: int
    rated: bool
    round_: int
    type_: ViaType4Type
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        arena_id = self.arena_id

        deal = self.deal

        rated = self.rated

        round_ = self.round_

        type_ = self.type_.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "arena_id": arena_id,
            "deal": deal,
            "rated": rated,
            "round": round_,
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        arena_id = d.pop("arena_id")

        deal = d.pop("deal")

        rated = d.pop("rated")

        round_ = d.pop("round")

        type_ = ViaType4Type(d.pop("type"))




        via_type_4 = cls(
            arena_id=arena_id,
            deal=deal,
            rated=rated,
            round_=round_,
            type_=type_,
        )


        via_type_4.additional_properties = d
        return via_type_4

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
