from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.strategy import Strategy
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.ruleset_spec import RulesetSpec





T = TypeVar("T", bound="CreateChallengeRequest")



@_attrs_define
class CreateChallengeRequest:
    """ Challenge another bot.

        Example:
            {'opponent': 'rabbit-stew', 'rated': True, 'ruleset': {'preset': 'euchre'}, 'turn_time_limit_ms': 30000}

        Attributes:
            opponent (str): The bot challenged (its name, any case). Not the caller, not a house account (play
                those through matchmaking or `POST /v1/matches`).
            deals (int | Unset): Make it a duplicate match of this many deals (as `POST /v1/matches`, the challenger as
                `a`) instead of one game.
            house (Strategy | Unset): A house player's strategy.
            rated (bool | Unset): Whether the game is rated (default false). A duplicate match (`deals`) is never rated:
                its result is the match's.
            ruleset (RulesetSpec | Unset): A ruleset: a preset plus any option overrides (RULES.md section 3). Every field
                may be left
                out; `{}` is the `hasenpfeffer` preset. Example: {'preset': 'hasenpfeffer'}.
            turn_time_limit_ms (int | Unset): The time limit per decision (100 to 86,400,000 ms; default 60,000). A seat
                whose clock
                runs out 3 turns in a row forfeits the game.
     """

    opponent: str
    deals: int | Unset = UNSET
    house: Strategy | Unset = UNSET
    rated: bool | Unset = UNSET
    ruleset: RulesetSpec | Unset = UNSET
    turn_time_limit_ms: int | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.ruleset_spec import RulesetSpec # noqa: PLC0415
        opponent = self.opponent

        deals = self.deals

        house: str | Unset = UNSET
        if not isinstance(self.house, Unset):
            house = self.house.value


        rated = self.rated

        ruleset: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ruleset, Unset):
            ruleset = self.ruleset.to_dict()

        turn_time_limit_ms = self.turn_time_limit_ms


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "opponent": opponent,
        })
        if deals is not UNSET:
            field_dict["deals"] = deals
        if house is not UNSET:
            field_dict["house"] = house
        if rated is not UNSET:
            field_dict["rated"] = rated
        if ruleset is not UNSET:
            field_dict["ruleset"] = ruleset
        if turn_time_limit_ms is not UNSET:
            field_dict["turn_time_limit_ms"] = turn_time_limit_ms

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ruleset_spec import RulesetSpec # noqa: PLC0415
        d = dict(src_dict)
        opponent = d.pop("opponent")

        deals = d.pop("deals", UNSET)

        _house = d.pop("house", UNSET)
        house: Strategy | Unset
        if isinstance(_house,  Unset):
            house = UNSET
        else:
            house = Strategy(_house)




        rated = d.pop("rated", UNSET)

        _ruleset = d.pop("ruleset", UNSET)
        ruleset: RulesetSpec | Unset
        if isinstance(_ruleset,  Unset):
            ruleset = UNSET
        else:
            ruleset = RulesetSpec.from_dict(_ruleset)




        turn_time_limit_ms = d.pop("turn_time_limit_ms", UNSET)

        create_challenge_request = cls(
            opponent=opponent,
            deals=deals,
            house=house,
            rated=rated,
            ruleset=ruleset,
            turn_time_limit_ms=turn_time_limit_ms,
        )

        return create_challenge_request

