from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.match_play import MatchPlay





T = TypeVar("T", bound="MatchDeal")



@_attrs_define
class MatchDeal:
    """ One deal of a match, played in every seating.

        Attributes:
            a_minus_b (float | None): The mean of the plays' `a_minus_b`, once every play is over: the deal's result.
            deal (int): The deal's number, from 0.
            plays (list[MatchPlay]): Its plays, one per seating.
     """

    a_minus_b: float | None
    deal: int
    plays: list[MatchPlay]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.match_play import MatchPlay # noqa: PLC0415
        a_minus_b: float | None
        a_minus_b = self.a_minus_b

        deal = self.deal

        plays = []
        for plays_item_data in self.plays:
            plays_item = plays_item_data.to_dict()
            plays.append(plays_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "a_minus_b": a_minus_b,
            "deal": deal,
            "plays": plays,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.match_play import MatchPlay # noqa: PLC0415
        d = dict(src_dict)
        def _parse_a_minus_b(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        a_minus_b = _parse_a_minus_b(d.pop("a_minus_b"))


        deal = d.pop("deal")

        plays = []
        _plays = d.pop("plays")
        for plays_item_data in (_plays):
            plays_item = MatchPlay.from_dict(plays_item_data)



            plays.append(plays_item)


        match_deal = cls(
            a_minus_b=a_minus_b,
            deal=deal,
            plays=plays,
        )


        match_deal.additional_properties = d
        return match_deal

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
