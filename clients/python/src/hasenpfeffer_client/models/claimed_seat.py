from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="ClaimedSeat")



@_attrs_define
class ClaimedSeat:
    """ A claimed seat and its secret token. The token is shown only here.

        Example:
            {'game_id': 'k3x9p2m7q4w8z5ab', 'seat': 0, 'token':
                'hp_8c1d7a0e1f2b4c6d8e9fa0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f708192a3b'}

        Attributes:
            game_id (str): The game's id.
            seat (int): The seat.
            token (str): The bearer token for this seat: send it as `Authorization: Bearer <token>`.
     """

    game_id: str
    seat: int
    token: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        seat = self.seat

        token = self.token


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "game_id": game_id,
            "seat": seat,
            "token": token,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        game_id = d.pop("game_id")

        seat = d.pop("seat")

        token = d.pop("token")

        claimed_seat = cls(
            game_id=game_id,
            seat=seat,
            token=token,
        )


        claimed_seat.additional_properties = d
        return claimed_seat

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
