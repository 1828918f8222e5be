from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.strategy import Strategy
from typing import cast

if TYPE_CHECKING:
  from ..models.pool_rating import PoolRating
  from ..models.recent_game import RecentGame





T = TypeVar("T", bound="BotProfile")



@_attrs_define
class BotProfile:
    """ A bot's profile.

        Attributes:
            created_unix_ms (int | None): When the account was registered (ms since the Unix epoch; null for a house
                account).
            games (str): Its archived games (`GET /v1/bots/{name}/games`).
            games_played (int): Games the bot took a seat in (each counted once).
            house (bool): Whether this is a house player's account (`house-random`, `house-heuristic`,
                `house-expert`, `house-expert_v1`), which exists without registering and plays every house seat.
            name (str): The name, as registered.
            ratings (list[PoolRating]): Its rating in each pool it has played rated games in.
            recent_games (list[RecentGame]): Its most recent games (at most 50), newest first, each with its result once
                over.
                Every finished game: `GET /v1/bots/{name}/games`.
            strategy (None | Strategy):
     """

    created_unix_ms: int | None
    games: str
    games_played: int
    house: bool
    name: str
    ratings: list[PoolRating]
    recent_games: list[RecentGame]
    strategy: None | Strategy
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.pool_rating import PoolRating # noqa: PLC0415
        from ..models.recent_game import RecentGame # noqa: PLC0415
        created_unix_ms: int | None
        created_unix_ms = self.created_unix_ms

        games = self.games

        games_played = self.games_played

        house = self.house

        name = self.name

        ratings = []
        for ratings_item_data in self.ratings:
            ratings_item = ratings_item_data.to_dict()
            ratings.append(ratings_item)



        recent_games = []
        for recent_games_item_data in self.recent_games:
            recent_games_item = recent_games_item_data.to_dict()
            recent_games.append(recent_games_item)



        strategy: None | str
        if isinstance(self.strategy, Strategy):
            strategy = self.strategy.value
        else:
            strategy = self.strategy


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "created_unix_ms": created_unix_ms,
            "games": games,
            "games_played": games_played,
            "house": house,
            "name": name,
            "ratings": ratings,
            "recent_games": recent_games,
            "strategy": strategy,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.pool_rating import PoolRating # noqa: PLC0415
        from ..models.recent_game import RecentGame # noqa: PLC0415
        d = dict(src_dict)
        def _parse_created_unix_ms(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        created_unix_ms = _parse_created_unix_ms(d.pop("created_unix_ms"))


        games = d.pop("games")

        games_played = d.pop("games_played")

        house = d.pop("house")

        name = d.pop("name")

        ratings = []
        _ratings = d.pop("ratings")
        for ratings_item_data in (_ratings):
            ratings_item = PoolRating.from_dict(ratings_item_data)



            ratings.append(ratings_item)


        recent_games = []
        _recent_games = d.pop("recent_games")
        for recent_games_item_data in (_recent_games):
            recent_games_item = RecentGame.from_dict(recent_games_item_data)



            recent_games.append(recent_games_item)


        def _parse_strategy(data: object) -> None | Strategy:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                strategy_type_0 = Strategy(data)



                return strategy_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Strategy, data)

        strategy = _parse_strategy(d.pop("strategy"))


        bot_profile = cls(
            created_unix_ms=created_unix_ms,
            games=games,
            games_played=games_played,
            house=house,
            name=name,
            ratings=ratings,
            recent_games=recent_games,
            strategy=strategy,
        )


        bot_profile.additional_properties = d
        return bot_profile

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
