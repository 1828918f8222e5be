from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.bid_type import BidType
from ..models.pepper import Pepper
from ..models.trump import Trump
from ..types import UNSET, Unset






T = TypeVar("T", bound="BidAction")



@_attrs_define
class BidAction:
    """ Bid a number of tricks. Under pepper bids, all tricks is bid as `little` or `big` pepper; in
    Five Hundred, 6 to 10 tricks with a strain (`trump`).

        Example:
            {'tricks': 4, 'type': 'bid'}

        Attributes:
            tricks (int): Tricks bid (from the ruleset's `min_bid` up to the tricks in a hand). Example: 4.
            type_ (BidType): Always `bid`.
            pepper (Pepper | Unset): Little pepper (all tricks, normal stakes) or big pepper (all tricks, doubled stakes).
            trump (Trump | Unset): The trump: a suit code, or `NT` for no trump (only where the ruleset allows it).
     """

    tricks: int
    type_: BidType
    pepper: Pepper | Unset = UNSET
    trump: Trump | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        tricks = self.tricks

        type_ = self.type_.value

        pepper: str | Unset = UNSET
        if not isinstance(self.pepper, Unset):
            pepper = self.pepper.value


        trump: str | Unset = UNSET
        if not isinstance(self.trump, Unset):
            trump = self.trump.value



        field_dict: dict[str, Any] = {}

        field_dict.update({
            "tricks": tricks,
            "type": type_,
        })
        if pepper is not UNSET:
            field_dict["pepper"] = pepper
        if trump is not UNSET:
            field_dict["trump"] = trump

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        tricks = d.pop("tricks")

        type_ = BidType(d.pop("type"))




        _pepper = d.pop("pepper", UNSET)
        pepper: Pepper | Unset
        if isinstance(_pepper,  Unset):
            pepper = UNSET
        else:
            pepper = Pepper(_pepper)




        _trump = d.pop("trump", UNSET)
        trump: Trump | Unset
        if isinstance(_trump,  Unset):
            trump = UNSET
        else:
            trump = Trump(_trump)




        bid_action = cls(
            tricks=tricks,
            type_=type_,
            pepper=pepper,
            trump=trump,
        )

        return bid_action

