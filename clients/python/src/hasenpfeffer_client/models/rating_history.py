from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.preset import Preset
from typing import cast

if TYPE_CHECKING:
  from ..models.rating_point import RatingPoint





T = TypeVar("T", bound="RatingHistory")



@_attrs_define
class RatingHistory:
    """ A bot's rating in a pool and how it got there.

        Attributes:
            conservative (float): The leaderboards' order: the rating less three uncertainties.
            games (int): Rated games played in the pool.
            history (list[RatingPoint]): The rating after each of its most recent games (at most 500), oldest first.
            name (str): The bot, as registered.
            players (int): The pool's number of players.
            pool (str): The pool.
            preset (Preset): A named ruleset of the Hasenpfeffer family.
            provisional (bool): Fewer than 10 rated games in the pool.
            rating (float): The rating now.
            uncertainty (float): Its uncertainty now.
     """

    conservative: float
    games: int
    history: list[RatingPoint]
    name: str
    players: int
    pool: str
    preset: Preset
    provisional: bool
    rating: float
    uncertainty: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.rating_point import RatingPoint # noqa: PLC0415
        conservative = self.conservative

        games = self.games

        history = []
        for history_item_data in self.history:
            history_item = history_item_data.to_dict()
            history.append(history_item)



        name = self.name

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
            "name": name,
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
        from ..models.rating_point import RatingPoint # noqa: PLC0415
        d = dict(src_dict)
        conservative = d.pop("conservative")

        games = d.pop("games")

        history = []
        _history = d.pop("history")
        for history_item_data in (_history):
            history_item = RatingPoint.from_dict(history_item_data)



            history.append(history_item)


        name = d.pop("name")

        players = d.pop("players")

        pool = d.pop("pool")

        preset = Preset(d.pop("preset"))




        provisional = d.pop("provisional")

        rating = d.pop("rating")

        uncertainty = d.pop("uncertainty")

        rating_history = cls(
            conservative=conservative,
            games=games,
            history=history,
            name=name,
            players=players,
            pool=pool,
            preset=preset,
            provisional=provisional,
            rating=rating,
            uncertainty=uncertainty,
        )


        rating_history.additional_properties = d
        return rating_history

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
