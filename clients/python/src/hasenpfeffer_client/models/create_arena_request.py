from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.arena_kind import ArenaKind
from ..models.house_fill import HouseFill
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.ruleset_spec import RulesetSpec





T = TypeVar("T", bound="CreateArenaRequest")



@_attrs_define
class CreateArenaRequest:
    """ Create an arena (as a bot: `Authorization: Bot <key>`).

        Example:
            {'house': 'heuristic', 'kind': 'duplicate', 'name': 'Friday Five Hundred', 'rounds': 6, 'ruleset': {'preset':
                'five-hundred'}, 'starts_in_ms': 300000}

        Attributes:
            kind (ArenaKind): How an arena pairs its players and scores them.
            name (str): The arena's name as lists show it (1 to 64 characters, not only spaces; a tab or
                another space reads as a space, another control character as U+FFFD).
            deals_per_round (int | Unset): A duplicate arena's deals per round (1 to 8; default 1): deal `d` of a round is
                played with each table's seats turned `d` places, so over as many deals as seats
                every bot holds every hand. Not for a continuous arena.
            duration_ms (int | Unset): A continuous arena's length from its start (10,000 to 43,200,000 ms; default
                1,800,000): no game starts after it; the games under way count. Not for a duplicate
                arena.
            house (HouseFill | Unset): The house players who fill a table: one strategy for every seat, or `mixed`.
            max_players (int | Unset): The most bots that may join (2 to 256; default 64).
            rated (bool | Unset): Whether the games are rated (default false): only a continuous arena's, and only with
                the preset's own rules (their pool's, `GET /v1/leaderboards`).
            rounds (int | Unset): A duplicate arena's number of rounds (1 to 50; default 5). Not for a continuous arena.
            ruleset (RulesetSpec | Unset): A ruleset: a preset plus any option overrides (RULES.md section 3). Every field
                may be left
                out; `{}` is the `hasenpfeffer` preset. Example: {'preset': 'hasenpfeffer'}.
            starts_in_ms (int | Unset): When it starts, from now (0 to 43,200,000 ms; default 60,000). Bots join before and
                while it runs.
            turn_time_limit_ms (int | Unset): The time limit per decision in the arena's games (100 to 86,400,000 ms;
                default
                60,000). A seat whose clock runs out is played by the fallback for that decision.
     """

    kind: ArenaKind
    name: str
    deals_per_round: int | Unset = UNSET
    duration_ms: int | Unset = UNSET
    house: HouseFill | Unset = UNSET
    max_players: int | Unset = UNSET
    rated: bool | Unset = UNSET
    rounds: int | Unset = UNSET
    ruleset: RulesetSpec | Unset = UNSET
    starts_in_ms: int | Unset = UNSET
    turn_time_limit_ms: int | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.ruleset_spec import RulesetSpec # noqa: PLC0415
        kind = self.kind.value

        name = self.name

        deals_per_round = self.deals_per_round

        duration_ms = self.duration_ms

        house: str | Unset = UNSET
        if not isinstance(self.house, Unset):
            house = self.house.value


        max_players = self.max_players

        rated = self.rated

        rounds = self.rounds

        ruleset: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ruleset, Unset):
            ruleset = self.ruleset.to_dict()

        starts_in_ms = self.starts_in_ms

        turn_time_limit_ms = self.turn_time_limit_ms


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "kind": kind,
            "name": name,
        })
        if deals_per_round is not UNSET:
            field_dict["deals_per_round"] = deals_per_round
        if duration_ms is not UNSET:
            field_dict["duration_ms"] = duration_ms
        if house is not UNSET:
            field_dict["house"] = house
        if max_players is not UNSET:
            field_dict["max_players"] = max_players
        if rated is not UNSET:
            field_dict["rated"] = rated
        if rounds is not UNSET:
            field_dict["rounds"] = rounds
        if ruleset is not UNSET:
            field_dict["ruleset"] = ruleset
        if starts_in_ms is not UNSET:
            field_dict["starts_in_ms"] = starts_in_ms
        if turn_time_limit_ms is not UNSET:
            field_dict["turn_time_limit_ms"] = turn_time_limit_ms

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ruleset_spec import RulesetSpec # noqa: PLC0415
        d = dict(src_dict)
        kind = ArenaKind(d.pop("kind"))




        name = d.pop("name")

        deals_per_round = d.pop("deals_per_round", UNSET)

        duration_ms = d.pop("duration_ms", UNSET)

        _house = d.pop("house", UNSET)
        house: HouseFill | Unset
        if isinstance(_house,  Unset):
            house = UNSET
        else:
            house = HouseFill(_house)




        max_players = d.pop("max_players", UNSET)

        rated = d.pop("rated", UNSET)

        rounds = d.pop("rounds", UNSET)

        _ruleset = d.pop("ruleset", UNSET)
        ruleset: RulesetSpec | Unset
        if isinstance(_ruleset,  Unset):
            ruleset = UNSET
        else:
            ruleset = RulesetSpec.from_dict(_ruleset)




        starts_in_ms = d.pop("starts_in_ms", UNSET)

        turn_time_limit_ms = d.pop("turn_time_limit_ms", UNSET)

        create_arena_request = cls(
            kind=kind,
            name=name,
            deals_per_round=deals_per_round,
            duration_ms=duration_ms,
            house=house,
            max_players=max_players,
            rated=rated,
            rounds=rounds,
            ruleset=ruleset,
            starts_in_ms=starts_in_ms,
            turn_time_limit_ms=turn_time_limit_ms,
        )

        return create_arena_request

