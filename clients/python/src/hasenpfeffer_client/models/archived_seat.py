from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.seat_outcome import SeatOutcome
from ..models.strategy import Strategy
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="ArchivedSeat")



@_attrs_define
class ArchivedSeat:
    """ One seat of an archived game.

        Example:
            {'account': 'rabbit-stew', 'guest': False, 'house': False, 'name': 'rabbit-stew', 'outcome': 'won', 'place': 1,
                'seat': 0, 'side': 0, 'strategy': None}

        Attributes:
            account (None | str): The account that played it: a bot's name as registered, or a house account's
                (`house-<strategy>`); null for a guest.
            guest (bool): Whether it was claimed without a bot account (a guest: its name is only what it called
                itself).
            house (bool): Whether a house player played it.
            name (None | str): The seat's name (a bot's, a house player's or what a guest called itself).
            outcome (SeatOutcome): How a game ended for a seat.
            place (int): Its side's place, from 1 (the winners; sides sharing a win or a score share a place).
            seat (int): The seat.
            side (int): Its side (the index of its score in `scores`).
            strategy (None | Strategy):
            rating_change (float | Unset): What the game did to the seat's account's rating, if the game was rated (stored
                last:
                a summary archived before it reads with none).
     """

    account: None | str
    guest: bool
    house: bool
    name: None | str
    outcome: SeatOutcome
    place: int
    seat: int
    side: int
    strategy: None | Strategy
    rating_change: float | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        account: None | str
        account = self.account

        guest = self.guest

        house = self.house

        name: None | str
        name = self.name

        outcome = self.outcome.value

        place = self.place

        seat = self.seat

        side = self.side

        strategy: None | str
        if isinstance(self.strategy, Strategy):
            strategy = self.strategy.value
        else:
            strategy = self.strategy

        rating_change = self.rating_change


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "account": account,
            "guest": guest,
            "house": house,
            "name": name,
            "outcome": outcome,
            "place": place,
            "seat": seat,
            "side": side,
            "strategy": strategy,
        })
        if rating_change is not UNSET:
            field_dict["rating_change"] = rating_change

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_account(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        account = _parse_account(d.pop("account"))


        guest = d.pop("guest")

        house = d.pop("house")

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))


        outcome = SeatOutcome(d.pop("outcome"))




        place = d.pop("place")

        seat = d.pop("seat")

        side = d.pop("side")

        def _parse_strategy(data: object) -> None | Strategy:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                strategy_type_0 = Strategy(data)



                return strategy_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Strategy, data)

        strategy = _parse_strategy(d.pop("strategy"))


        rating_change = d.pop("rating_change", UNSET)

        archived_seat = cls(
            account=account,
            guest=guest,
            house=house,
            name=name,
            outcome=outcome,
            place=place,
            seat=seat,
            side=side,
            strategy=strategy,
            rating_change=rating_change,
        )


        archived_seat.additional_properties = d
        return archived_seat

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
