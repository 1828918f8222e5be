from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.sample import Sample





T = TypeVar("T", bound="SampleSet")



@_attrs_define
class SampleSet:
    """ Samples of the hidden cards, for sampling bots. (Named `SampleSet` in the OpenAPI document:
    a schema named like one of its properties, `samples`, makes generated clients shadow the
    type with the property.)

        Attributes:
            game_id (str): The game's id.
            samples (list[Sample]): Independent, uniform samples of everything the seat cannot see.
            seat (int): The seat they are drawn for.
            version (int): The version the samples are for.
     """

    game_id: str
    samples: list[Sample]
    seat: int
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.sample import Sample # noqa: PLC0415
        game_id = self.game_id

        samples = []
        for samples_item_data in self.samples:
            samples_item = samples_item_data.to_dict()
            samples.append(samples_item)



        seat = self.seat

        version = self.version


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "game_id": game_id,
            "samples": samples,
            "seat": seat,
            "version": version,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.sample import Sample # noqa: PLC0415
        d = dict(src_dict)
        game_id = d.pop("game_id")

        samples = []
        _samples = d.pop("samples")
        for samples_item_data in (_samples):
            samples_item = Sample.from_dict(samples_item_data)



            samples.append(samples_item)


        seat = d.pop("seat")

        version = d.pop("version")

        sample_set = cls(
            game_id=game_id,
            samples=samples,
            seat=seat,
            version=version,
        )


        sample_set.additional_properties = d
        return sample_set

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
