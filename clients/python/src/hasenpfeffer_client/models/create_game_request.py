from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.bot_seat import BotSeat
  from ..models.open_seat import OpenSeat
  from ..models.ruleset_spec import RulesetSpec
  from ..models.scenario import Scenario





T = TypeVar("T", bound="CreateGameRequest")



@_attrs_define
class CreateGameRequest:
    """ Create a game. Every field may be left out: `{}` creates a `hasenpfeffer` game with a random
    seed, a random deal and every seat open.

        Example:
            {'ruleset': {'preset': 'hasenpfeffer'}, 'seats': [{'kind': 'open'}, {'kind': 'bot', 'strategy': 'random'},
                {'kind': 'bot', 'strategy': 'random'}, {'kind': 'bot', 'strategy': 'random'}]}

        Attributes:
            ruleset (None | RulesetSpec | Unset):
            scenario (None | Scenario | Unset):
            seats (list[BotSeat | OpenSeat] | None | Unset): Who sits where, seat 0 first, one entry per player (default:
                every seat open).
            seed (int | None | Unset): The seed every deal is drawn from (default: random). The same seed always gives the
                same
                deals. Example: 42.
            turn_time_limit_ms (int | None | Unset): A time limit per decision in milliseconds (100 to 86400000). When a
                seat's clock runs
                out, a house player makes that move for it (and the log says so). Default: no clock. Example: 30000.
     """

    ruleset: None | RulesetSpec | Unset = UNSET
    scenario: None | Scenario | Unset = UNSET
    seats: list[BotSeat | OpenSeat] | None | Unset = UNSET
    seed: int | None | Unset = UNSET
    turn_time_limit_ms: int | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.bot_seat import BotSeat # noqa: PLC0415
        from ..models.open_seat import OpenSeat # noqa: PLC0415
        from ..models.ruleset_spec import RulesetSpec # noqa: PLC0415
        from ..models.scenario import Scenario # noqa: PLC0415
        ruleset: dict[str, Any] | None | Unset
        if isinstance(self.ruleset, Unset):
            ruleset = UNSET
        elif isinstance(self.ruleset, RulesetSpec):
            ruleset = self.ruleset.to_dict()
        else:
            ruleset = self.ruleset

        scenario: dict[str, Any] | None | Unset
        if isinstance(self.scenario, Unset):
            scenario = UNSET
        elif isinstance(self.scenario, Scenario):
            scenario = self.scenario.to_dict()
        else:
            scenario = self.scenario

        seats: list[dict[str, Any]] | None | Unset
        if isinstance(self.seats, Unset):
            seats = UNSET
        elif isinstance(self.seats, list):
            seats = []
            for seats_type_0_item_data in self.seats:
                seats_type_0_item: dict[str, Any]
                if isinstance(seats_type_0_item_data, OpenSeat):
                    seats_type_0_item = seats_type_0_item_data.to_dict()
                else:
                    seats_type_0_item = seats_type_0_item_data.to_dict()

                seats.append(seats_type_0_item)


        else:
            seats = self.seats

        seed: int | None | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

        turn_time_limit_ms: int | None | Unset
        if isinstance(self.turn_time_limit_ms, Unset):
            turn_time_limit_ms = UNSET
        else:
            turn_time_limit_ms = self.turn_time_limit_ms


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if ruleset is not UNSET:
            field_dict["ruleset"] = ruleset
        if scenario is not UNSET:
            field_dict["scenario"] = scenario
        if seats is not UNSET:
            field_dict["seats"] = seats
        if seed is not UNSET:
            field_dict["seed"] = seed
        if turn_time_limit_ms is not UNSET:
            field_dict["turn_time_limit_ms"] = turn_time_limit_ms

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bot_seat import BotSeat # noqa: PLC0415
        from ..models.open_seat import OpenSeat # noqa: PLC0415
        from ..models.ruleset_spec import RulesetSpec # noqa: PLC0415
        from ..models.scenario import Scenario # noqa: PLC0415
        d = dict(src_dict)
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


        def _parse_scenario(data: object) -> None | Scenario | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                scenario_type_0 = Scenario.from_dict(data)



                return scenario_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Scenario | Unset, data)

        scenario = _parse_scenario(d.pop("scenario", UNSET))


        def _parse_seats(data: object) -> list[BotSeat | OpenSeat] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                seats_type_0 = []
                _seats_type_0 = data
                for seats_type_0_item_data in (_seats_type_0):
                    def _parse_seats_type_0_item(data: object) -> BotSeat | OpenSeat:
                        try:
                            if not isinstance(data, dict):
                                raise TypeError()
                            componentsschemas_seat_spec_type_0 = OpenSeat.from_dict(data)



                            return componentsschemas_seat_spec_type_0
                        except (TypeError, ValueError, AttributeError, KeyError):
                            pass
                        if not isinstance(data, dict):
                            raise TypeError()
                        componentsschemas_seat_spec_type_1 = BotSeat.from_dict(data)



                        return componentsschemas_seat_spec_type_1

                    seats_type_0_item = _parse_seats_type_0_item(seats_type_0_item_data)

                    seats_type_0.append(seats_type_0_item)

                return seats_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[BotSeat | OpenSeat] | None | Unset, data)

        seats = _parse_seats(d.pop("seats", UNSET))


        def _parse_seed(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))


        def _parse_turn_time_limit_ms(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        turn_time_limit_ms = _parse_turn_time_limit_ms(d.pop("turn_time_limit_ms", UNSET))


        create_game_request = cls(
            ruleset=ruleset,
            scenario=scenario,
            seats=seats,
            seed=seed,
            turn_time_limit_ms=turn_time_limit_ms,
        )

        return create_game_request

