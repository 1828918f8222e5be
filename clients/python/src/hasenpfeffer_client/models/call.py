from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.bid import Bid





T = TypeVar("T", bound="Call")



@_attrs_define
class Call:
    """ One call of the auction.

        Attributes:
            bid (Bid | None):
            seat (int): The seat.
     """

    bid: Bid | None
    seat: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.bid import Bid # noqa: PLC0415
        bid: dict[str, Any] | None
        if isinstance(self.bid, Bid):
            bid = self.bid.to_dict()
        else:
            bid = self.bid

        seat = self.seat


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "bid": bid,
            "seat": seat,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bid import Bid # noqa: PLC0415
        d = dict(src_dict)
        def _parse_bid(data: object) -> Bid | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                bid_type_0 = Bid.from_dict(data)



                return bid_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Bid | None, data)

        bid = _parse_bid(d.pop("bid"))


        seat = d.pop("seat")

        call = cls(
            bid=bid,
            seat=seat,
        )


        call.additional_properties = d
        return call

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
