from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="MatchPlay")



@_attrs_define
class MatchPlay:
    """ One game of a match: one deal in one seating.

        Attributes:
            a_minus_b (float | None): A's mean points per seat minus B's on this play (negated where scores count down:
                positive is always better for A), once over.
            a_seats (list[int]): The seats player A holds in this play (B holds the others).
            finished (bool): Whether the game is over and its result counted.
            game_id (None | str): The game (`GET /v1/games/{id}`; it expires some time after it ends, its result stays
                here); null while the match is `starting` and this game is not made yet.
            log (None | str): The game's log (every hand face up once it is over); null with `game_id`.
            points (list[int] | None): The points each side scored on the deal (by side, as the game's `scores`), once over.
     """

    a_minus_b: float | None
    a_seats: list[int]
    finished: bool
    game_id: None | str
    log: None | str
    points: list[int] | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        a_minus_b: float | None
        a_minus_b = self.a_minus_b

        a_seats = self.a_seats



        finished = self.finished

        game_id: None | str
        game_id = self.game_id

        log: None | str
        log = self.log

        points: list[int] | None
        if isinstance(self.points, list):
            points = self.points


        else:
            points = self.points


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "a_minus_b": a_minus_b,
            "a_seats": a_seats,
            "finished": finished,
            "game_id": game_id,
            "log": log,
            "points": points,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_a_minus_b(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        a_minus_b = _parse_a_minus_b(d.pop("a_minus_b"))


        a_seats = cast(list[int], d.pop("a_seats"))


        finished = d.pop("finished")

        def _parse_game_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        game_id = _parse_game_id(d.pop("game_id"))


        def _parse_log(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        log = _parse_log(d.pop("log"))


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


        match_play = cls(
            a_minus_b=a_minus_b,
            a_seats=a_seats,
            finished=finished,
            game_id=game_id,
            log=log,
            points=points,
        )


        match_play.additional_properties = d
        return match_play

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
