from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.preset import Preset
from typing import cast

if TYPE_CHECKING:
  from ..models.leaderboard_entry import LeaderboardEntry





T = TypeVar("T", bound="Leaderboard")



@_attrs_define
class Leaderboard:
    """ A page of a pool's leaderboard, highest conservative estimate first.

        Attributes:
            entries (list[LeaderboardEntry]): This page.
            next_cursor (None | str): Pass as `cursor` for the next page; null on the last page.
            players (int): The number of players.
            pool (str): The pool.
            preset (Preset): A named ruleset of the Hasenpfeffer family.
            total (int): How many bots are rated in the pool.
     """

    entries: list[LeaderboardEntry]
    next_cursor: None | str
    players: int
    pool: str
    preset: Preset
    total: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.leaderboard_entry import LeaderboardEntry # noqa: PLC0415
        entries = []
        for entries_item_data in self.entries:
            entries_item = entries_item_data.to_dict()
            entries.append(entries_item)



        next_cursor: None | str
        next_cursor = self.next_cursor

        players = self.players

        pool = self.pool

        preset = self.preset.value

        total = self.total


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "entries": entries,
            "next_cursor": next_cursor,
            "players": players,
            "pool": pool,
            "preset": preset,
            "total": total,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.leaderboard_entry import LeaderboardEntry # noqa: PLC0415
        d = dict(src_dict)
        entries = []
        _entries = d.pop("entries")
        for entries_item_data in (_entries):
            entries_item = LeaderboardEntry.from_dict(entries_item_data)



            entries.append(entries_item)


        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("next_cursor"))


        players = d.pop("players")

        pool = d.pop("pool")

        preset = Preset(d.pop("preset"))




        total = d.pop("total")

        leaderboard = cls(
            entries=entries,
            next_cursor=next_cursor,
            players=players,
            pool=pool,
            preset=preset,
            total=total,
        )


        leaderboard.additional_properties = d
        return leaderboard

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
