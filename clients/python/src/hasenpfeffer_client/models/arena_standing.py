from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.arena_player_status import ArenaPlayerStatus
from typing import cast






T = TypeVar("T", bound="ArenaStanding")



@_attrs_define
class ArenaStanding:
    """ One bot's line of the standings.

        Attributes:
            bot (str): The bot.
            ci95 (list[float] | None): A duplicate arena's 95% interval of `score` (Student's t over its deals'
                percentages),
                once it has played two deals; null otherwise.
            forfeits (int): Games it forfeited, or (a duplicate arena) deals on which its clock played its last 3
                turns: each scores nothing.
            games (int): Games finished (a duplicate arena: deals).
            playing (bool): Whether it is seated in a game of the arena now.
            rank (int): Its place, from 1 (equal scores share a place).
            score (float): Its score: a continuous arena's points (2 a win), or a duplicate arena's mean
                matchpoint percentage over the deals it played (0 to 100).
            status (ArenaPlayerStatus): A player's part in an arena.
            wins (int): Games it won (first place, alone or shared); a duplicate arena: deals on which it
                beat everyone it was compared with.
     """

    bot: str
    ci95: list[float] | None
    forfeits: int
    games: int
    playing: bool
    rank: int
    score: float
    status: ArenaPlayerStatus
    wins: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        bot = self.bot

        ci95: list[float] | None
        if isinstance(self.ci95, list):
            ci95 = self.ci95


        else:
            ci95 = self.ci95

        forfeits = self.forfeits

        games = self.games

        playing = self.playing

        rank = self.rank

        score = self.score

        status = self.status.value

        wins = self.wins


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "bot": bot,
            "ci95": ci95,
            "forfeits": forfeits,
            "games": games,
            "playing": playing,
            "rank": rank,
            "score": score,
            "status": status,
            "wins": wins,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        bot = d.pop("bot")

        def _parse_ci95(data: object) -> list[float] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                ci95_type_0 = cast(list[float], data)

                return ci95_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[float] | None, data)

        ci95 = _parse_ci95(d.pop("ci95"))


        forfeits = d.pop("forfeits")

        games = d.pop("games")

        playing = d.pop("playing")

        rank = d.pop("rank")

        score = d.pop("score")

        status = ArenaPlayerStatus(d.pop("status"))




        wins = d.pop("wins")

        arena_standing = cls(
            bot=bot,
            ci95=ci95,
            forfeits=forfeits,
            games=games,
            playing=playing,
            rank=rank,
            score=score,
            status=status,
            wins=wins,
        )


        arena_standing.additional_properties = d
        return arena_standing

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
