from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.misere import Misere
from ..models.pepper import Pepper
from ..models.trump import Trump
from ..types import UNSET, Unset






T = TypeVar("T", bound="Bid")



@_attrs_define
class Bid:
    """ A bid in the auction or a contract.

        Attributes:
            tricks (int): Tricks bid (0 for a misère).
            misere (Misere | Unset): Five Hundred's misères: contracts to take no trick, played alone at no trump.
            pepper (Pepper | Unset): Little pepper (all tricks, normal stakes) or big pepper (all tricks, doubled stakes).
            trump (Trump | Unset): The trump: a suit code, or `NT` for no trump (only where the ruleset allows it).
     """

    tricks: int
    misere: Misere | Unset = UNSET
    pepper: Pepper | Unset = UNSET
    trump: Trump | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        tricks = self.tricks

        misere: str | Unset = UNSET
        if not isinstance(self.misere, Unset):
            misere = self.misere.value


        pepper: str | Unset = UNSET
        if not isinstance(self.pepper, Unset):
            pepper = self.pepper.value


        trump: str | Unset = UNSET
        if not isinstance(self.trump, Unset):
            trump = self.trump.value



        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "tricks": tricks,
        })
        if misere is not UNSET:
            field_dict["misere"] = misere
        if pepper is not UNSET:
            field_dict["pepper"] = pepper
        if trump is not UNSET:
            field_dict["trump"] = trump

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        tricks = d.pop("tricks")

        _misere = d.pop("misere", UNSET)
        misere: Misere | Unset
        if isinstance(_misere,  Unset):
            misere = UNSET
        else:
            misere = Misere(_misere)




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




        bid = cls(
            tricks=tricks,
            misere=misere,
            pepper=pepper,
            trump=trump,
        )


        bid.additional_properties = d
        return bid

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
