from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.forced import Forced
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.bid import Bid





T = TypeVar("T", bound="Contract")



@_attrs_define
class Contract:
    """ The contract of a hand.

        Attributes:
            bid (Bid): A bid in the auction or a contract.
            seat (int): The declarer (high bidder).
            forced (Forced | Unset): Why a bid was forced: `joker_holder` (all passed, the joker holder bids 3) or `dealer`
                (all others passed).
     """

    bid: Bid
    seat: int
    forced: Forced | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.bid import Bid # noqa: PLC0415
        bid = self.bid.to_dict()

        seat = self.seat

        forced: str | Unset = UNSET
        if not isinstance(self.forced, Unset):
            forced = self.forced.value



        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "bid": bid,
            "seat": seat,
        })
        if forced is not UNSET:
            field_dict["forced"] = forced

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bid import Bid # noqa: PLC0415
        d = dict(src_dict)
        bid = Bid.from_dict(d.pop("bid"))




        seat = d.pop("seat")

        _forced = d.pop("forced", UNSET)
        forced: Forced | Unset
        if isinstance(_forced,  Unset):
            forced = UNSET
        else:
            forced = Forced(_forced)




        contract = cls(
            bid=bid,
            seat=seat,
            forced=forced,
        )


        contract.additional_properties = d
        return contract

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
