from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.arena_kind import ArenaKind
from ..models.arena_status import ArenaStatus
from ..models.house_fill import HouseFill
from typing import cast

if TYPE_CHECKING:
  from ..models.arena_standing import ArenaStanding
  from ..models.arena_table import ArenaTable
  from ..models.ruleset import Ruleset





T = TypeVar("T", bound="Arena")



@_attrs_define
class Arena:
    """ An arena.

        Attributes:
            arena_id (str): Its id.
            created_by (str): The bot that created it, or `house-arenas` for an operator's.
            deals_per_round (int | None): A duplicate arena's deals per round.
            ends_unix_ms (int | None): A continuous arena's end: no game starts after it.
            finished_unix_ms (int | None): When its last game ended.
            house (HouseFill | None):
            join (str): Join it (`POST`, as a bot).
            kind (ArenaKind): How an arena pairs its players and scores them.
            leave (str): Leave it (`POST`, as a bot).
            max_players (int): The most bots that may join.
            name (str): Its name.
            rated (bool): Whether its games are rated.
            round_ (int): The round under way (from 1; 0 before the start).
            rounds (int | None): A duplicate arena's rounds.
            ruleset (Ruleset): A game's rules, every option resolved: its preset, its table, and every rule its game has,
                under the option names `GET /v1/rulesets` lists. A field the game does not have is left
                out (no `sides` at a table of four, no `all_drop` outside Buck Euchre, no `min_bid` or
                `set_penalty` where trump is made by an upcard).
            standings (list[ArenaStanding]): Its bots, best first.
            starts_unix_ms (int): When it starts (ms since the epoch).
            status (ArenaStatus): How far an arena is.
            tables (list[ArenaTable]): Its games, oldest first (the latest 200).
            turn_time_limit_ms (int): The time limit per decision of its games (ms).
     """

    arena_id: str
    created_by: str
    deals_per_round: int | None
    ends_unix_ms: int | None
    finished_unix_ms: int | None
    house: HouseFill | None
    join: str
    kind: ArenaKind
    leave: str
    max_players: int
    name: str
    rated: bool
    round_: int
    rounds: int | None
    ruleset: Ruleset
    standings: list[ArenaStanding]
    starts_unix_ms: int
    status: ArenaStatus
    tables: list[ArenaTable]
    turn_time_limit_ms: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.arena_standing import ArenaStanding # noqa: PLC0415
        from ..models.arena_table import ArenaTable # noqa: PLC0415
        from ..models.ruleset import Ruleset # noqa: PLC0415
        arena_id = self.arena_id

        created_by = self.created_by

        deals_per_round: int | None
        deals_per_round = self.deals_per_round

        ends_unix_ms: int | None
        ends_unix_ms = self.ends_unix_ms

        finished_unix_ms: int | None
        finished_unix_ms = self.finished_unix_ms

        house: None | str
        if isinstance(self.house, HouseFill):
            house = self.house.value
        else:
            house = self.house

        join = self.join

        kind = self.kind.value

        leave = self.leave

        max_players = self.max_players

        name = self.name

        rated = self.rated

        round_ = self.round_

        rounds: int | None
        rounds = self.rounds

        ruleset = self.ruleset.to_dict()

        standings = []
        for standings_item_data in self.standings:
            standings_item = standings_item_data.to_dict()
            standings.append(standings_item)



        starts_unix_ms = self.starts_unix_ms

        status = self.status.value

        tables = []
        for tables_item_data in self.tables:
            tables_item = tables_item_data.to_dict()
            tables.append(tables_item)



        turn_time_limit_ms = self.turn_time_limit_ms


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "arena_id": arena_id,
            "created_by": created_by,
            "deals_per_round": deals_per_round,
            "ends_unix_ms": ends_unix_ms,
            "finished_unix_ms": finished_unix_ms,
            "house": house,
            "join": join,
            "kind": kind,
            "leave": leave,
            "max_players": max_players,
            "name": name,
            "rated": rated,
            "round": round_,
            "rounds": rounds,
            "ruleset": ruleset,
            "standings": standings,
            "starts_unix_ms": starts_unix_ms,
            "status": status,
            "tables": tables,
            "turn_time_limit_ms": turn_time_limit_ms,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.arena_standing import ArenaStanding # noqa: PLC0415
        from ..models.arena_table import ArenaTable # noqa: PLC0415
        from ..models.ruleset import Ruleset # noqa: PLC0415
        d = dict(src_dict)
        arena_id = d.pop("arena_id")

        created_by = d.pop("created_by")

        def _parse_deals_per_round(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        deals_per_round = _parse_deals_per_round(d.pop("deals_per_round"))


        def _parse_ends_unix_ms(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        ends_unix_ms = _parse_ends_unix_ms(d.pop("ends_unix_ms"))


        def _parse_finished_unix_ms(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        finished_unix_ms = _parse_finished_unix_ms(d.pop("finished_unix_ms"))


        def _parse_house(data: object) -> HouseFill | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                house_type_0 = HouseFill(data)



                return house_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(HouseFill | None, data)

        house = _parse_house(d.pop("house"))


        join = d.pop("join")

        kind = ArenaKind(d.pop("kind"))




        leave = d.pop("leave")

        max_players = d.pop("max_players")

        name = d.pop("name")

        rated = d.pop("rated")

        round_ = d.pop("round")

        def _parse_rounds(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rounds = _parse_rounds(d.pop("rounds"))


        ruleset = Ruleset.from_dict(d.pop("ruleset"))




        standings = []
        _standings = d.pop("standings")
        for standings_item_data in (_standings):
            standings_item = ArenaStanding.from_dict(standings_item_data)



            standings.append(standings_item)


        starts_unix_ms = d.pop("starts_unix_ms")

        status = ArenaStatus(d.pop("status"))




        tables = []
        _tables = d.pop("tables")
        for tables_item_data in (_tables):
            tables_item = ArenaTable.from_dict(tables_item_data)



            tables.append(tables_item)


        turn_time_limit_ms = d.pop("turn_time_limit_ms")

        arena = cls(
            arena_id=arena_id,
            created_by=created_by,
            deals_per_round=deals_per_round,
            ends_unix_ms=ends_unix_ms,
            finished_unix_ms=finished_unix_ms,
            house=house,
            join=join,
            kind=kind,
            leave=leave,
            max_players=max_players,
            name=name,
            rated=rated,
            round_=round_,
            rounds=rounds,
            ruleset=ruleset,
            standings=standings,
            starts_unix_ms=starts_unix_ms,
            status=status,
            tables=tables,
            turn_time_limit_ms=turn_time_limit_ms,
        )


        arena.additional_properties = d
        return arena

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
