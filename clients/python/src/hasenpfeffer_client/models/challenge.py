from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.challenge_status import ChallengeStatus
from ..models.decline_reason import DeclineReason
from ..models.preset import Preset
from ..models.strategy import Strategy
from typing import cast

if TYPE_CHECKING:
  from ..models.ruleset import Ruleset





T = TypeVar("T", bound="Challenge")



@_attrs_define
class Challenge:
    """ A challenge.

        Attributes:
            challenge_id (str): The challenge's id.
            challenger (str): The bot that challenged, as registered.
            created_unix_ms (int): When it was made (ms since the Unix epoch).
            deals (int | None): The deals of a duplicate match; null for one game.
            decline_reason (DeclineReason | None):
            expires_unix_ms (int): When it expires unless answered (ms since the Unix epoch).
            game_id (None | str): Its game, once accepted (one game): `GET /v1/games/{id}`; each bot is told its seat
                in its inbox (`seated`).
            house (Strategy): A house player's strategy.
            match_id (None | str): Its match, once accepted (`deals`): `GET /v1/matches/{id}`.
            opponent (str): The bot challenged, as registered.
            preset (Preset): A named ruleset of the Hasenpfeffer family.
            rated (bool): Whether the game is rated.
            ruleset (Ruleset): A game's rules, every option resolved: its preset, its table, and every rule its game has,
                under the option names `GET /v1/rulesets` lists. A field the game does not have is left
                out (no `sides` at a table of four, no `all_drop` outside Buck Euchre, no `min_bid` or
                `set_penalty` where trump is made by an upcard).
            status (ChallengeStatus): Where a challenge is.
            turn_time_limit_ms (int): The time limit per decision (ms).
     """

    challenge_id: str
    challenger: str
    created_unix_ms: int
    deals: int | None
    decline_reason: DeclineReason | None
    expires_unix_ms: int
    game_id: None | str
    house: Strategy
    match_id: None | str
    opponent: str
    preset: Preset
    rated: bool
    ruleset: Ruleset
    status: ChallengeStatus
    turn_time_limit_ms: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.ruleset import Ruleset # noqa: PLC0415
        challenge_id = self.challenge_id

        challenger = self.challenger

        created_unix_ms = self.created_unix_ms

        deals: int | None
        deals = self.deals

        decline_reason: None | str
        if isinstance(self.decline_reason, DeclineReason):
            decline_reason = self.decline_reason.value
        else:
            decline_reason = self.decline_reason

        expires_unix_ms = self.expires_unix_ms

        game_id: None | str
        game_id = self.game_id

        house = self.house.value

        match_id: None | str
        match_id = self.match_id

        opponent = self.opponent

        preset = self.preset.value

        rated = self.rated

        ruleset = self.ruleset.to_dict()

        status = self.status.value

        turn_time_limit_ms = self.turn_time_limit_ms


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "challenge_id": challenge_id,
            "challenger": challenger,
            "created_unix_ms": created_unix_ms,
            "deals": deals,
            "decline_reason": decline_reason,
            "expires_unix_ms": expires_unix_ms,
            "game_id": game_id,
            "house": house,
            "match_id": match_id,
            "opponent": opponent,
            "preset": preset,
            "rated": rated,
            "ruleset": ruleset,
            "status": status,
            "turn_time_limit_ms": turn_time_limit_ms,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ruleset import Ruleset # noqa: PLC0415
        d = dict(src_dict)
        challenge_id = d.pop("challenge_id")

        challenger = d.pop("challenger")

        created_unix_ms = d.pop("created_unix_ms")

        def _parse_deals(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        deals = _parse_deals(d.pop("deals"))


        def _parse_decline_reason(data: object) -> DeclineReason | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                decline_reason_type_0 = DeclineReason(data)



                return decline_reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DeclineReason | None, data)

        decline_reason = _parse_decline_reason(d.pop("decline_reason"))


        expires_unix_ms = d.pop("expires_unix_ms")

        def _parse_game_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        game_id = _parse_game_id(d.pop("game_id"))


        house = Strategy(d.pop("house"))




        def _parse_match_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        match_id = _parse_match_id(d.pop("match_id"))


        opponent = d.pop("opponent")

        preset = Preset(d.pop("preset"))




        rated = d.pop("rated")

        ruleset = Ruleset.from_dict(d.pop("ruleset"))




        status = ChallengeStatus(d.pop("status"))




        turn_time_limit_ms = d.pop("turn_time_limit_ms")

        challenge = cls(
            challenge_id=challenge_id,
            challenger=challenger,
            created_unix_ms=created_unix_ms,
            deals=deals,
            decline_reason=decline_reason,
            expires_unix_ms=expires_unix_ms,
            game_id=game_id,
            house=house,
            match_id=match_id,
            opponent=opponent,
            preset=preset,
            rated=rated,
            ruleset=ruleset,
            status=status,
            turn_time_limit_ms=turn_time_limit_ms,
        )


        challenge.additional_properties = d
        return challenge

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
