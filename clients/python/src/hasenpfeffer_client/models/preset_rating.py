from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.preset import Preset






T = TypeVar("T", bound="PresetRating")



@_attrs_define
class PresetRating:
    """ A bot's rating in one preset.

        Example:
            {'games': 12, 'preset': 'hasenpfeffer', 'rating': 27.4, 'uncertainty': 6.1}

        Attributes:
            games (int): Rated games played in this preset.
            preset (Preset): A named ruleset of the Hasenpfeffer family.
            rating (float): The rating (Weng-Lin's mu; a new bot starts at 25).
            uncertainty (float): Its uncertainty (Weng-Lin's sigma; a new bot starts at 25/3, and it shrinks as the bot
                plays rated games).
     """

    games: int
    preset: Preset
    rating: float
    uncertainty: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        games = self.games

        preset = self.preset.value

        rating = self.rating

        uncertainty = self.uncertainty


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "games": games,
            "preset": preset,
            "rating": rating,
            "uncertainty": uncertainty,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        games = d.pop("games")

        preset = Preset(d.pop("preset"))




        rating = d.pop("rating")

        uncertainty = d.pop("uncertainty")

        preset_rating = cls(
            games=games,
            preset=preset,
            rating=rating,
            uncertainty=uncertainty,
        )


        preset_rating.additional_properties = d
        return preset_rating

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
