from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="MatchResult")



@_attrs_define
class MatchResult:
    """ The result over the finished deals.

        Example:
            {'a_minus_b': 1.35, 'a_points_per_deal': 1.9, 'b_points_per_deal': 0.55, 'ci95_high': 2.57, 'ci95_low': 0.13,
                'ci_method': 'student_t', 'deals_counted': 20}

        Attributes:
            a_minus_b (float): The mean over those deals of A's points per seat minus B's: above 0, A played better.
            a_points_per_deal (float): A's mean points per seat per deal.
            b_points_per_deal (float): B's mean points per seat per deal.
            ci95_high (float): High end.
            ci95_low (float): The 95% confidence interval of that mean (Student's t with `deals_counted - 1` degrees
                of freedom times the standard error over the deals, which are independent; 0 wide at
                one deal): low end.
            ci_method (str): How the interval is made: `student_t`.
            deals_counted (int): The deals whose every play is over (the others do not count yet).
     """

    a_minus_b: float
    a_points_per_deal: float
    b_points_per_deal: float
    ci95_high: float
    ci95_low: float
    ci_method: str
    deals_counted: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        a_minus_b = self.a_minus_b

        a_points_per_deal = self.a_points_per_deal

        b_points_per_deal = self.b_points_per_deal

        ci95_high = self.ci95_high

        ci95_low = self.ci95_low

        ci_method = self.ci_method

        deals_counted = self.deals_counted


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "a_minus_b": a_minus_b,
            "a_points_per_deal": a_points_per_deal,
            "b_points_per_deal": b_points_per_deal,
            "ci95_high": ci95_high,
            "ci95_low": ci95_low,
            "ci_method": ci_method,
            "deals_counted": deals_counted,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        a_minus_b = d.pop("a_minus_b")

        a_points_per_deal = d.pop("a_points_per_deal")

        b_points_per_deal = d.pop("b_points_per_deal")

        ci95_high = d.pop("ci95_high")

        ci95_low = d.pop("ci95_low")

        ci_method = d.pop("ci_method")

        deals_counted = d.pop("deals_counted")

        match_result = cls(
            a_minus_b=a_minus_b,
            a_points_per_deal=a_points_per_deal,
            b_points_per_deal=b_points_per_deal,
            ci95_high=ci95_high,
            ci95_low=ci95_low,
            ci_method=ci_method,
            deals_counted=deals_counted,
        )


        match_result.additional_properties = d
        return match_result

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
