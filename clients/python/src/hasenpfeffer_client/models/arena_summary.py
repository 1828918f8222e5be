from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.arena_kind import ArenaKind
from ..models.arena_status import ArenaStatus
from ..models.preset import Preset
from typing import cast






T = TypeVar("T", bound="ArenaSummary")



@_attrs_define
class ArenaSummary:
    """ An arena as a list shows it.

        Attributes:
            arena_id (str): Its id (`GET /v1/arenas/{id}`).
            bots (int): Bots joined.
            created_by (str): Its creator (a bot, or `house-arenas` for an operator's).
            ends_unix_ms (int | None): A continuous arena's end.
            kind (ArenaKind): How an arena pairs its players and scores them.
            leader (None | str): The leader, once a game is counted.
            name (str): Its name.
            players (int): The player count.
            preset (Preset): A named ruleset of the Hasenpfeffer family.
            rated (bool): Whether its games are rated.
            rounds (int | None): A duplicate arena's rounds.
            starts_unix_ms (int): When it starts (ms since the epoch).
            status (ArenaStatus): How far an arena is.
     """

    arena_id: str
    bots: int
    created_by: str
    ends_unix_ms: int | None
    kind: ArenaKind
    leader: None | str
    name: str
    players: int
    preset: Preset
    rated: bool
    rounds: int | None
    starts_unix_ms: int
    status: ArenaStatus
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        arena_id = self.arena_id

        bots = self.bots

        created_by = self.created_by

        ends_unix_ms: int | None
        ends_unix_ms = self.ends_unix_ms

        kind = self.kind.value

        leader: None | str
        leader = self.leader

        name = self.name

        players = self.players

        preset = self.preset.value

        rated = self.rated

        rounds: int | None
        rounds = self.rounds

        starts_unix_ms = self.starts_unix_ms

        status = self.status.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "arena_id": arena_id,
            "bots": bots,
            "created_by": created_by,
            "ends_unix_ms": ends_unix_ms,
            "kind": kind,
            "leader": leader,
            "name": name,
            "players": players,
            "preset": preset,
            "rated": rated,
            "rounds": rounds,
            "starts_unix_ms": starts_unix_ms,
            "status": status,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        arena_id = d.pop("arena_id")

        bots = d.pop("bots")

        created_by = d.pop("created_by")

        def _parse_ends_unix_ms(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        ends_unix_ms = _parse_ends_unix_ms(d.pop("ends_unix_ms"))


        kind = ArenaKind(d.pop("kind"))




        def _parse_leader(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        leader = _parse_leader(d.pop("leader"))


        name = d.pop("name")

        players = d.pop("players")

        preset = Preset(d.pop("preset"))




        rated = d.pop("rated")

        def _parse_rounds(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rounds = _parse_rounds(d.pop("rounds"))


        starts_unix_ms = d.pop("starts_unix_ms")

        status = ArenaStatus(d.pop("status"))




        arena_summary = cls(
            arena_id=arena_id,
            bots=bots,
            created_by=created_by,
            ends_unix_ms=ends_unix_ms,
            kind=kind,
            leader=leader,
            name=name,
            players=players,
            preset=preset,
            rated=rated,
            rounds=rounds,
            starts_unix_ms=starts_unix_ms,
            status=status,
        )


        arena_summary.additional_properties = d
        return arena_summary

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
