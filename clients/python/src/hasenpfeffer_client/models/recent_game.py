from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="RecentGame")



@_attrs_define
class RecentGame:
    """ One of a bot's recent games.

        Example:
            {'game': '/v1/games/k3x9p2m7q4w8z5ab', 'game_id': 'k3x9p2m7q4w8z5ab', 'joined_unix_ms': 1764115200000, 'log':
                '/v1/games/k3x9p2m7q4w8z5ab/log'}

        Attributes:
            game (str): The game (`GET /v1/games/{id}`).
            game_id (str): The game's id (the game itself expires some time after its last move).
            joined_unix_ms (int): When the bot took its seat (ms since the Unix epoch).
            log (str): Its log (`GET /v1/games/{id}/log`).
     """

    game: str
    game_id: str
    joined_unix_ms: int
    log: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        game = self.game

        game_id = self.game_id

        joined_unix_ms = self.joined_unix_ms

        log = self.log


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "game": game,
            "game_id": game_id,
            "joined_unix_ms": joined_unix_ms,
            "log": log,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        game = d.pop("game")

        game_id = d.pop("game_id")

        joined_unix_ms = d.pop("joined_unix_ms")

        log = d.pop("log")

        recent_game = cls(
            game=game,
            game_id=game_id,
            joined_unix_ms=joined_unix_ms,
            log=log,
        )


        recent_game.additional_properties = d
        return recent_game

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
