from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.preset import Preset






T = TypeVar("T", bound="PoolRating")



@_attrs_define
class PoolRating:
    """ A bot's rating in one pool (a preset at a player count).

        Example:
            {'conservative': 9.1, 'games': 12, 'history': '/v1/bots/rabbit-stew/ratings/hasenpfeffer-4', 'players': 4,
                'pool': 'hasenpfeffer-4', 'preset': 'hasenpfeffer', 'provisional': False, 'rating': 27.4, 'uncertainty': 6.1}

        Attributes:
            conservative (float): The leaderboards' order: the rating less three uncertainties.
            games (int): Rated games played in this pool.
            history (str): The rating's history (`GET /v1/bots/{name}/ratings/{pool}`).
            players (int): The number of players.
            pool (str): The pool (`preset-players`: `pepper-3` is not `pepper-4`).
            preset (Preset): A named ruleset of the Hasenpfeffer family.
            provisional (bool): Fewer than 10 rated games in the pool: the rating is still a guess.
            rating (float): The rating (Weng-Lin's mu; a new bot starts at 25).
            uncertainty (float): Its uncertainty (Weng-Lin's sigma; a new bot starts at 25/3, and it shrinks as the bot
                plays rated games).
     """

    conservative: float
    games: int
    history: str
    players: int
    pool: str
    preset: Preset
    provisional: bool
    rating: float
    uncertainty: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        conservative = self.conservative

        games = self.games

        history = self.history

        players = self.players

        pool = self.pool

        preset = self.preset.value

        provisional = self.provisional

        rating = self.rating

        uncertainty = self.uncertainty


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "conservative": conservative,
            "games": games,
            "history": history,
            "players": players,
            "pool": pool,
            "preset": preset,
            "provisional": provisional,
            "rating": rating,
            "uncertainty": uncertainty,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        conservative = d.pop("conservative")

        games = d.pop("games")

        history = d.pop("history")

        players = d.pop("players")

        pool = d.pop("pool")

        preset = Preset(d.pop("preset"))




        provisional = d.pop("provisional")

        rating = d.pop("rating")

        uncertainty = d.pop("uncertainty")

        pool_rating = cls(
            conservative=conservative,
            games=games,
            history=history,
            players=players,
            pool=pool,
            preset=preset,
            provisional=provisional,
            rating=rating,
            uncertainty=uncertainty,
        )


        pool_rating.additional_properties = d
        return pool_rating

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
