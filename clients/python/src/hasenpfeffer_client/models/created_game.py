from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.deal import Deal
from ..models.game_status import GameStatus
from typing import cast

if TYPE_CHECKING:
  from ..models.seat_info import SeatInfo





T = TypeVar("T", bound="CreatedGame")



@_attrs_define
class CreatedGame:
    """ A created game.

        Example:
            {'deal': 'random', 'game_id': 'k3x9p2m7q4w8z5ab', 'ranked_eligible': True, 'seats': [{'claimed': False, 'guest':
                False, 'kind': 'open', 'seat': 0}, {'claimed': True, 'guest': False, 'kind': 'bot', 'seat': 1, 'strategy':
                'random'}, {'claimed': True, 'guest': False, 'kind': 'bot', 'seat': 2, 'strategy': 'random'}, {'claimed': True,
                'guest': False, 'kind': 'bot', 'seat': 3, 'strategy': 'random'}], 'status': 'waiting_for_players', 'version': 1}

        Attributes:
            deal (Deal): How a game's deals are made. A creator who gives a `seed` or a `scenario` knows every card,
                so only `random` games are fit for ranked play.
            game_id (str): The game's id.
            ranked_eligible (bool): Whether results of this game may count for ranked play (only `deal: random` games).
            seats (list[SeatInfo]): Who sits where, by seat, as in the game's views (its length is the number of seats).
            status (GameStatus): Whether the game is waiting for players, playing, or over.
            version (int): The game's version (it grows by one with every change).
     """

    deal: Deal
    game_id: str
    ranked_eligible: bool
    seats: list[SeatInfo]
    status: GameStatus
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.seat_info import SeatInfo # noqa: PLC0415
        deal = self.deal.value

        game_id = self.game_id

        ranked_eligible = self.ranked_eligible

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)



        status = self.status.value

        version = self.version


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "deal": deal,
            "game_id": game_id,
            "ranked_eligible": ranked_eligible,
            "seats": seats,
            "status": status,
            "version": version,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.seat_info import SeatInfo # noqa: PLC0415
        d = dict(src_dict)
        deal = Deal(d.pop("deal"))




        game_id = d.pop("game_id")

        ranked_eligible = d.pop("ranked_eligible")

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in (_seats):
            seats_item = SeatInfo.from_dict(seats_item_data)



            seats.append(seats_item)


        status = GameStatus(d.pop("status"))




        version = d.pop("version")

        created_game = cls(
            deal=deal,
            game_id=game_id,
            ranked_eligible=ranked_eligible,
            seats=seats,
            status=status,
            version=version,
        )


        created_game.additional_properties = d
        return created_game

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
