from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="ArenaTable")



@_attrs_define
class ArenaTable:
    """ One game of an arena.

        Attributes:
            deal (int): A duplicate arena's deal of the round (from 0); 0 in a continuous arena.
            ended_unix_ms (int | None): When the arena counted its result.
            finished (bool): Whether its game is over and counted.
            forfeit (int | None): The seat that forfeited, if one did.
            game_id (None | str): The game (watch it: `GET /v1/games/{id}`); in a duplicate arena null until every table
                has played the deal (its cards are the same at every table).
            paired_unix_ms (int): When the arena paired it (ms since the epoch); its game is made moments later.
            points (list[int] | None): The points each side scored (by side, as the game's `scores`), once over (in a
                duplicate arena, once every table has played the deal).
            round_ (int): The round (from 1; a continuous arena's: the pairing that seated it).
            seats (list[str]): Who sits where, seat 0 first (house players as `house-<strategy>`).
     """

    deal: int
    ended_unix_ms: int | None
    finished: bool
    forfeit: int | None
    game_id: None | str
    paired_unix_ms: int
    points: list[int] | None
    round_: int
    seats: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        deal = self.deal

        ended_unix_ms: int | None
        ended_unix_ms = self.ended_unix_ms

        finished = self.finished

        forfeit: int | None
        forfeit = self.forfeit

        game_id: None | str
        game_id = self.game_id

        paired_unix_ms = self.paired_unix_ms

        points: list[int] | None
        if isinstance(self.points, list):
            points = self.points


        else:
            points = self.points

        round_ = self.round_

        seats = self.seats




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "deal": deal,
            "ended_unix_ms": ended_unix_ms,
            "finished": finished,
            "forfeit": forfeit,
            "game_id": game_id,
            "paired_unix_ms": paired_unix_ms,
            "points": points,
            "round": round_,
            "seats": seats,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        deal = d.pop("deal")

        def _parse_ended_unix_ms(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        ended_unix_ms = _parse_ended_unix_ms(d.pop("ended_unix_ms"))


        finished = d.pop("finished")

        def _parse_forfeit(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        forfeit = _parse_forfeit(d.pop("forfeit"))


        def _parse_game_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        game_id = _parse_game_id(d.pop("game_id"))


        paired_unix_ms = d.pop("paired_unix_ms")

        def _parse_points(data: object) -> list[int] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                points_type_0 = cast(list[int], data)

                return points_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None, data)

        points = _parse_points(d.pop("points"))


        round_ = d.pop("round")

        seats = cast(list[str], d.pop("seats"))


        arena_table = cls(
            deal=deal,
            ended_unix_ms=ended_unix_ms,
            finished=finished,
            forfeit=forfeit,
            game_id=game_id,
            paired_unix_ms=paired_unix_ms,
            points=points,
            round_=round_,
            seats=seats,
        )


        arena_table.additional_properties = d
        return arena_table

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
