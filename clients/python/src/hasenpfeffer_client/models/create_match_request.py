from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.ruleset_spec import RulesetSpec





T = TypeVar("T", bound="CreateMatchRequest")



@_attrs_define
class CreateMatchRequest:
    """ Start a duplicate match.

        Example:
            {'a': 'house-expert', 'b': 'house-heuristic', 'deals': 20, 'ruleset': {'preset': 'euchre'}}

        Attributes:
            a (str): Player A: the caller's bot, or a house account (`house-random`, `house-heuristic`,
                `house-expert`, `house-expert_v1`). One of the two players is the caller's bot unless both are house
                accounts; another bot is played against through a challenge it accepts
                (`POST /v1/challenges` with `deals`).
            b (str): Player B, as `a`; not the same as `a`.
            deals (int): How many deals (at least 1; each deal is played in every seating: twice with two
                partnerships, twice per seat with every player alone, twice per team with three teams of
                two, each team once A's and once B's; at most 200 games in all).
            ruleset (None | RulesetSpec | Unset):
            turn_time_limit_ms (int | None | Unset): A time limit per decision in the match's games (100 to 86,400,000 ms,
                as for
                `POST /v1/games`; default 60,000 when a bot plays, none between house accounts). A
                seat whose clock runs out is played by the fallback for that decision.
     """

    a: str
    b: str
    deals: int
    ruleset: None | RulesetSpec | Unset = UNSET
    turn_time_limit_ms: int | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.ruleset_spec import RulesetSpec # noqa: PLC0415
        a = self.a

        b = self.b

        deals = self.deals

        ruleset: dict[str, Any] | None | Unset
        if isinstance(self.ruleset, Unset):
            ruleset = UNSET
        elif isinstance(self.ruleset, RulesetSpec):
            ruleset = self.ruleset.to_dict()
        else:
            ruleset = self.ruleset

        turn_time_limit_ms: int | None | Unset
        if isinstance(self.turn_time_limit_ms, Unset):
            turn_time_limit_ms = UNSET
        else:
            turn_time_limit_ms = self.turn_time_limit_ms


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "a": a,
            "b": b,
            "deals": deals,
        })
        if ruleset is not UNSET:
            field_dict["ruleset"] = ruleset
        if turn_time_limit_ms is not UNSET:
            field_dict["turn_time_limit_ms"] = turn_time_limit_ms

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ruleset_spec import RulesetSpec # noqa: PLC0415
        d = dict(src_dict)
        a = d.pop("a")

        b = d.pop("b")

        deals = d.pop("deals")

        def _parse_ruleset(data: object) -> None | RulesetSpec | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                ruleset_type_0 = RulesetSpec.from_dict(data)



                return ruleset_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RulesetSpec | Unset, data)

        ruleset = _parse_ruleset(d.pop("ruleset", UNSET))


        def _parse_turn_time_limit_ms(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        turn_time_limit_ms = _parse_turn_time_limit_ms(d.pop("turn_time_limit_ms", UNSET))


        create_match_request = cls(
            a=a,
            b=b,
            deals=deals,
            ruleset=ruleset,
            turn_time_limit_ms=turn_time_limit_ms,
        )

        return create_match_request

