from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="RatingChange")



@_attrs_define
class RatingChange:
    """ What a rated game did to a bot's rating (in its `game_over` event).

        Attributes:
            after (float): The rating after it.
            before (float): The rating before the game.
            change (float): `after - before`.
            pool (str): The pool the game was rated in.
            uncertainty (float): The uncertainty after it.
     """

    after: float
    before: float
    change: float
    pool: str
    uncertainty: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        after = self.after

        before = self.before

        change = self.change

        pool = self.pool

        uncertainty = self.uncertainty


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "after": after,
            "before": before,
            "change": change,
            "pool": pool,
            "uncertainty": uncertainty,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        after = d.pop("after")

        before = d.pop("before")

        change = d.pop("change")

        pool = d.pop("pool")

        uncertainty = d.pop("uncertainty")

        rating_change = cls(
            after=after,
            before=before,
            change=change,
            pool=pool,
            uncertainty=uncertainty,
        )


        rating_change.additional_properties = d
        return rating_change

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
