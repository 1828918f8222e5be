from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.house_fill import HouseFill
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.ruleset_spec import RulesetSpec





T = TypeVar("T", bound="QueueRequest")



@_attrs_define
class QueueRequest:
    """ Join the matchmaking queue of a ruleset.

        Example:
            {'fill_with_house_after_ms': 30000, 'house_strategy': 'heuristic', 'ruleset': {'preset': 'euchre'}}

        Attributes:
            ruleset (RulesetSpec): A ruleset: a preset plus any option overrides (RULES.md section 3). Every field may be
                left
                out; `{}` is the `hasenpfeffer` preset. Example: {'preset': 'hasenpfeffer'}.
            fill_with_house_after_ms (int | None | Unset): After waiting this long (ms, 0 to 3600000), fill the table up
                with house players
                rather than wait for more bots. Left out: wait for bots only. A table is filled when the
                bot that waited longest asked for it and its wait is over.
            house_strategy (HouseFill | None | Unset):
            turn_time_limit_ms (int | None | Unset): The time limit per decision in the table's game (100 to 86,400,000 ms;
                default
                60,000): when a seat's clock runs out, a heuristic house player moves for it, so a bot
                that goes away does not stall the others. The longest-waiting bot's choice.
     """

    ruleset: RulesetSpec
    fill_with_house_after_ms: int | None | Unset = UNSET
    house_strategy: HouseFill | None | Unset = UNSET
    turn_time_limit_ms: int | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.ruleset_spec import RulesetSpec # noqa: PLC0415
        ruleset = self.ruleset.to_dict()

        fill_with_house_after_ms: int | None | Unset
        if isinstance(self.fill_with_house_after_ms, Unset):
            fill_with_house_after_ms = UNSET
        else:
            fill_with_house_after_ms = self.fill_with_house_after_ms

        house_strategy: None | str | Unset
        if isinstance(self.house_strategy, Unset):
            house_strategy = UNSET
        elif isinstance(self.house_strategy, HouseFill):
            house_strategy = self.house_strategy.value
        else:
            house_strategy = self.house_strategy

        turn_time_limit_ms: int | None | Unset
        if isinstance(self.turn_time_limit_ms, Unset):
            turn_time_limit_ms = UNSET
        else:
            turn_time_limit_ms = self.turn_time_limit_ms


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "ruleset": ruleset,
        })
        if fill_with_house_after_ms is not UNSET:
            field_dict["fill_with_house_after_ms"] = fill_with_house_after_ms
        if house_strategy is not UNSET:
            field_dict["house_strategy"] = house_strategy
        if turn_time_limit_ms is not UNSET:
            field_dict["turn_time_limit_ms"] = turn_time_limit_ms

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ruleset_spec import RulesetSpec # noqa: PLC0415
        d = dict(src_dict)
        ruleset = RulesetSpec.from_dict(d.pop("ruleset"))




        def _parse_fill_with_house_after_ms(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        fill_with_house_after_ms = _parse_fill_with_house_after_ms(d.pop("fill_with_house_after_ms", UNSET))


        def _parse_house_strategy(data: object) -> HouseFill | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                house_strategy_type_0 = HouseFill(data)



                return house_strategy_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(HouseFill | None | Unset, data)

        house_strategy = _parse_house_strategy(d.pop("house_strategy", UNSET))


        def _parse_turn_time_limit_ms(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        turn_time_limit_ms = _parse_turn_time_limit_ms(d.pop("turn_time_limit_ms", UNSET))


        queue_request = cls(
            ruleset=ruleset,
            fill_with_house_after_ms=fill_with_house_after_ms,
            house_strategy=house_strategy,
            turn_time_limit_ms=turn_time_limit_ms,
        )

        return queue_request

