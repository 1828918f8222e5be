from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.seat_kind import SeatKind
from ..models.strategy import Strategy
from ..types import UNSET, Unset






T = TypeVar("T", bound="SeatInfo")



@_attrs_define
class SeatInfo:
    """ Who sits in a seat.

        Attributes:
            claimed (bool): Whether a client holds this seat (always true for a bot).
            guest (bool): Whether a guest holds this seat: a client that claimed it without a bot key (no
                `account`). A guest's `name` is only what it typed: never a house player's or a
                registered bot's, nor one that reads as theirs.
            kind (SeatKind): What sits in a seat: a client (`open`, claimed or not) or a house player (`bot`).
            seat (int): The seat number.
            account (str | Unset): The bot account that holds the seat (left out for a seat claimed without one): a
                registered bot's name (`GET /v1/bots/{name}`), or a house player's account
                (`house-random`, `house-heuristic`, `house-expert`, `house-expert_v1`). Only these seats are rated.
            name (str | Unset): The display name the claimer gave (left out if none); a bot account's name where a
                bot account holds the seat.
            strategy (Strategy | Unset): A house player's strategy.
     """

    claimed: bool
    guest: bool
    kind: SeatKind
    seat: int
    account: str | Unset = UNSET
    name: str | Unset = UNSET
    strategy: Strategy | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        claimed = self.claimed

        guest = self.guest

        kind = self.kind.value

        seat = self.seat

        account = self.account

        name = self.name

        strategy: str | Unset = UNSET
        if not isinstance(self.strategy, Unset):
            strategy = self.strategy.value



        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "claimed": claimed,
            "guest": guest,
            "kind": kind,
            "seat": seat,
        })
        if account is not UNSET:
            field_dict["account"] = account
        if name is not UNSET:
            field_dict["name"] = name
        if strategy is not UNSET:
            field_dict["strategy"] = strategy

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        claimed = d.pop("claimed")

        guest = d.pop("guest")

        kind = SeatKind(d.pop("kind"))




        seat = d.pop("seat")

        account = d.pop("account", UNSET)

        name = d.pop("name", UNSET)

        _strategy = d.pop("strategy", UNSET)
        strategy: Strategy | Unset
        if isinstance(_strategy,  Unset):
            strategy = UNSET
        else:
            strategy = Strategy(_strategy)




        seat_info = cls(
            claimed=claimed,
            guest=guest,
            kind=kind,
            seat=seat,
            account=account,
            name=name,
            strategy=strategy,
        )


        seat_info.additional_properties = d
        return seat_info

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
