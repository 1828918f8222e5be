from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.seat_outcome import SeatOutcome
from typing import cast






T = TypeVar("T", bound="RecentGame")



@_attrs_define
class RecentGame:
    """ One of a bot's recent games, and what happened in it once it is over.

        Example:
            {'finished_unix_ms': 1764115500000, 'game': '/v1/games/k3x9p2m7q4w8z5ab', 'game_id': 'k3x9p2m7q4w8z5ab',
                'joined_unix_ms': 1764115200000, 'log': '/v1/games/k3x9p2m7q4w8z5ab/log', 'outcome': 'won', 'place': 1,
                'scores': [32, 17]}

        Attributes:
            finished_unix_ms (int | None): When it finished (ms since the Unix epoch); null while it is played, and for a
                game
                the archive does not list (a duplicate match's, or one its time in the archive ran
                out for).
            game (str): The game (`GET /v1/games/{id}`).
            game_id (str): The game's id (the game itself expires some time after its last move).
            joined_unix_ms (int): When the bot took its seat (ms since the Unix epoch).
            log (str): Its log (`GET /v1/games/{id}/log`).
            outcome (None | SeatOutcome):
            place (int | None): The bot's side's place, from 1 (null as `finished_unix_ms`).
            scores (list[int] | None): The final scores, by side (null as `finished_unix_ms`).
     """

    finished_unix_ms: int | None
    game: str
    game_id: str
    joined_unix_ms: int
    log: str
    outcome: None | SeatOutcome
    place: int | None
    scores: list[int] | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        finished_unix_ms: int | None
        finished_unix_ms = self.finished_unix_ms

        game = self.game

        game_id = self.game_id

        joined_unix_ms = self.joined_unix_ms

        log = self.log

        outcome: None | str
        if isinstance(self.outcome, SeatOutcome):
            outcome = self.outcome.value
        else:
            outcome = self.outcome

        place: int | None
        place = self.place

        scores: list[int] | None
        if isinstance(self.scores, list):
            scores = self.scores


        else:
            scores = self.scores


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "finished_unix_ms": finished_unix_ms,
            "game": game,
            "game_id": game_id,
            "joined_unix_ms": joined_unix_ms,
            "log": log,
            "outcome": outcome,
            "place": place,
            "scores": scores,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_finished_unix_ms(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        finished_unix_ms = _parse_finished_unix_ms(d.pop("finished_unix_ms"))


        game = d.pop("game")

        game_id = d.pop("game_id")

        joined_unix_ms = d.pop("joined_unix_ms")

        log = d.pop("log")

        def _parse_outcome(data: object) -> None | SeatOutcome:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                outcome_type_0 = SeatOutcome(data)



                return outcome_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SeatOutcome, data)

        outcome = _parse_outcome(d.pop("outcome"))


        def _parse_place(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        place = _parse_place(d.pop("place"))


        def _parse_scores(data: object) -> list[int] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                scores_type_0 = cast(list[int], data)

                return scores_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None, data)

        scores = _parse_scores(d.pop("scores"))


        recent_game = cls(
            finished_unix_ms=finished_unix_ms,
            game=game,
            game_id=game_id,
            joined_unix_ms=joined_unix_ms,
            log=log,
            outcome=outcome,
            place=place,
            scores=scores,
        )


        recent_game.additional_properties = d
        return recent_game

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
