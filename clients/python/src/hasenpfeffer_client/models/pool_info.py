from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.preset import Preset






T = TypeVar("T", bound="PoolInfo")



@_attrs_define
class PoolInfo:
    """ A rated pool: a preset at a player count, with its own ratings and leaderboard.

        Example:
            {'leaderboard': '/v1/leaderboards/pepper-3', 'players': 3, 'pool': 'pepper-3', 'preset': 'pepper'}

        Attributes:
            leaderboard (str): Its leaderboard.
            players (int): The number of players.
            pool (str): The pool's name.
            preset (Preset): A named ruleset of the Hasenpfeffer family.
     """

    leaderboard: str
    players: int
    pool: str
    preset: Preset
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        leaderboard = self.leaderboard

        players = self.players

        pool = self.pool

        preset = self.preset.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "leaderboard": leaderboard,
            "players": players,
            "pool": pool,
            "preset": preset,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        leaderboard = d.pop("leaderboard")

        players = d.pop("players")

        pool = d.pop("pool")

        preset = Preset(d.pop("preset"))




        pool_info = cls(
            leaderboard=leaderboard,
            players=players,
            pool=pool,
            preset=preset,
        )


        pool_info.additional_properties = d
        return pool_info

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
