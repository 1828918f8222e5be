from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="LeaderboardEntry")



@_attrs_define
class LeaderboardEntry:
    """ One place of a leaderboard.

        Example:
            {'conservative': 24.0, 'games': 140, 'house': True, 'name': 'house-expert', 'provisional': False, 'rank': 1,
                'rating': 31.2, 'uncertainty': 2.4}

        Attributes:
            conservative (float): The ranking's order: the rating less three uncertainties (a bot ranks high once it is
                surely good).
            games (int): Rated games played in this pool.
            house (bool): Whether it is a house account (a reference point: the same house player every game).
            name (str): The bot's name (its profile: `GET /v1/bots/{name}`).
            provisional (bool): Fewer than 10 rated games in the pool.
            rank (int): The place, from 1.
            rating (float): The rating (Weng-Lin's mu).
            uncertainty (float): Its uncertainty (Weng-Lin's sigma).
     """

    conservative: float
    games: int
    house: bool
    name: str
    provisional: bool
    rank: int
    rating: float
    uncertainty: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        conservative = self.conservative

        games = self.games

        house = self.house

        name = self.name

        provisional = self.provisional

        rank = self.rank

        rating = self.rating

        uncertainty = self.uncertainty


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "conservative": conservative,
            "games": games,
            "house": house,
            "name": name,
            "provisional": provisional,
            "rank": rank,
            "rating": rating,
            "uncertainty": uncertainty,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        conservative = d.pop("conservative")

        games = d.pop("games")

        house = d.pop("house")

        name = d.pop("name")

        provisional = d.pop("provisional")

        rank = d.pop("rank")

        rating = d.pop("rating")

        uncertainty = d.pop("uncertainty")

        leaderboard_entry = cls(
            conservative=conservative,
            games=games,
            house=house,
            name=name,
            provisional=provisional,
            rank=rank,
            rating=rating,
            uncertainty=uncertainty,
        )


        leaderboard_entry.additional_properties = d
        return leaderboard_entry

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
