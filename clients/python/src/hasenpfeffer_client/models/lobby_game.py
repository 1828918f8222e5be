from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.deal import Deal
from ..models.lobby_status import LobbyStatus
from ..models.preset import Preset
from typing import cast

if TYPE_CHECKING:
  from ..models.seat_info import SeatInfo





T = TypeVar("T", bound="LobbyGame")



@_attrs_define
class LobbyGame:
    """ A game as the lobby lists it: public facts only (never a card or a token).

        Example:
            {'created_unix_ms': 1764115200000, 'deal': 'random', 'free_seats': [0], 'game_id': 'k3x9p2m7q4w8z5ab',
                'hand_number': 0, 'players': 4, 'preset': 'hasenpfeffer', 'scores': [0, 0], 'seats': [{'claimed': False,
                'guest': False, 'kind': 'open', 'seat': 0}, {'claimed': True, 'guest': False, 'kind': 'bot', 'seat': 1,
                'strategy': 'heuristic'}, {'claimed': True, 'guest': True, 'kind': 'open', 'name': 'my-bot', 'seat': 2},
                {'claimed': True, 'guest': False, 'kind': 'bot', 'seat': 3, 'strategy': 'expert'}], 'status': 'open',
                'target_score': 10, 'turn_time_limit_ms': None, 'updated_unix_ms': 1764115260000, 'version': 2}

        Attributes:
            created_unix_ms (int): When the game was created (ms since the Unix epoch).
            deal (Deal): How a game's deals are made. A creator who gives a `seed` or a `scenario` knows every card,
                so only `random` games are fit for ranked play.
            free_seats (list[int]): The seats nobody has claimed yet (empty unless `status` is `open`).
            game_id (str): The game's id.
            hand_number (int): The hand number, as views give it (0 for the first hand).
            players (int): The number of players (seats).
            preset (Preset): A named ruleset of the Hasenpfeffer family.
            scores (list[int]): The scores, by side (team 0 holds the even seats; where every player plays alone, one
                per seat).
            seats (list[SeatInfo]): Who sits in each seat, as views show it: open seats (claimed or not, with the name the
                claimer gave) and house players with their strategy.
            status (LobbyStatus): Which games the lobby lists.
            target_score (int): The score that wins the game.
            turn_time_limit_ms (int | None): The turn clock, if the game has one (ms per decision; null without one).
            updated_unix_ms (int): When it last changed (ms since the Unix epoch).
            version (int): The game's version when it was listed as it is (its version now, but for a move a moment
                ago).
     """

    created_unix_ms: int
    deal: Deal
    free_seats: list[int]
    game_id: str
    hand_number: int
    players: int
    preset: Preset
    scores: list[int]
    seats: list[SeatInfo]
    status: LobbyStatus
    target_score: int
    turn_time_limit_ms: int | None
    updated_unix_ms: int
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.seat_info import SeatInfo # noqa: PLC0415
        created_unix_ms = self.created_unix_ms

        deal = self.deal.value

        free_seats = self.free_seats



        game_id = self.game_id

        hand_number = self.hand_number

        players = self.players

        preset = self.preset.value

        scores = self.scores



        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)



        status = self.status.value

        target_score = self.target_score

        turn_time_limit_ms: int | None
        turn_time_limit_ms = self.turn_time_limit_ms

        updated_unix_ms = self.updated_unix_ms

        version = self.version


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "created_unix_ms": created_unix_ms,
            "deal": deal,
            "free_seats": free_seats,
            "game_id": game_id,
            "hand_number": hand_number,
            "players": players,
            "preset": preset,
            "scores": scores,
            "seats": seats,
            "status": status,
            "target_score": target_score,
            "turn_time_limit_ms": turn_time_limit_ms,
            "updated_unix_ms": updated_unix_ms,
            "version": version,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.seat_info import SeatInfo # noqa: PLC0415
        d = dict(src_dict)
        created_unix_ms = d.pop("created_unix_ms")

        deal = Deal(d.pop("deal"))




        free_seats = cast(list[int], d.pop("free_seats"))


        game_id = d.pop("game_id")

        hand_number = d.pop("hand_number")

        players = d.pop("players")

        preset = Preset(d.pop("preset"))




        scores = cast(list[int], d.pop("scores"))


        seats = []
        _seats = d.pop("seats")
        for seats_item_data in (_seats):
            seats_item = SeatInfo.from_dict(seats_item_data)



            seats.append(seats_item)


        status = LobbyStatus(d.pop("status"))




        target_score = d.pop("target_score")

        def _parse_turn_time_limit_ms(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        turn_time_limit_ms = _parse_turn_time_limit_ms(d.pop("turn_time_limit_ms"))


        updated_unix_ms = d.pop("updated_unix_ms")

        version = d.pop("version")

        lobby_game = cls(
            created_unix_ms=created_unix_ms,
            deal=deal,
            free_seats=free_seats,
            game_id=game_id,
            hand_number=hand_number,
            players=players,
            preset=preset,
            scores=scores,
            seats=seats,
            status=status,
            target_score=target_score,
            turn_time_limit_ms=turn_time_limit_ms,
            updated_unix_ms=updated_unix_ms,
            version=version,
        )


        lobby_game.additional_properties = d
        return lobby_game

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
