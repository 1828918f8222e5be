from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="RatingPoint")



@_attrs_define
class RatingPoint:
    """ One point of a rating's history: the rating after a game.

        Attributes:
            at_unix_ms (int): When it was rated (ms since the Unix epoch).
            game_id (str): The game.
            rating (float): The rating after it.
            uncertainty (float): Its uncertainty after it.
     """

    at_unix_ms: int
    game_id: str
    rating: float
    uncertainty: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        at_unix_ms = self.at_unix_ms

        game_id = self.game_id

        rating = self.rating

        uncertainty = self.uncertainty


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "at_unix_ms": at_unix_ms,
            "game_id": game_id,
            "rating": rating,
            "uncertainty": uncertainty,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        at_unix_ms = d.pop("at_unix_ms")

        game_id = d.pop("game_id")

        rating = d.pop("rating")

        uncertainty = d.pop("uncertainty")

        rating_point = cls(
            at_unix_ms=at_unix_ms,
            game_id=game_id,
            rating=rating,
            uncertainty=uncertainty,
        )


        rating_point.additional_properties = d
        return rating_point

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
