from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.option_info import OptionInfo
  from ..models.preset_info import PresetInfo





T = TypeVar("T", bound="RulesetCatalog")



@_attrs_define
class RulesetCatalog:
    """ Every preset and every option.

        Attributes:
            options (list[OptionInfo]): The options a ruleset may override.
            presets (list[PresetInfo]): The presets.
     """

    options: list[OptionInfo]
    presets: list[PresetInfo]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.option_info import OptionInfo # noqa: PLC0415
        from ..models.preset_info import PresetInfo # noqa: PLC0415
        options = []
        for options_item_data in self.options:
            options_item = options_item_data.to_dict()
            options.append(options_item)



        presets = []
        for presets_item_data in self.presets:
            presets_item = presets_item_data.to_dict()
            presets.append(presets_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "options": options,
            "presets": presets,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.option_info import OptionInfo # noqa: PLC0415
        from ..models.preset_info import PresetInfo # noqa: PLC0415
        d = dict(src_dict)
        options = []
        _options = d.pop("options")
        for options_item_data in (_options):
            options_item = OptionInfo.from_dict(options_item_data)



            options.append(options_item)


        presets = []
        _presets = d.pop("presets")
        for presets_item_data in (_presets):
            presets_item = PresetInfo.from_dict(presets_item_data)



            presets.append(presets_item)


        ruleset_catalog = cls(
            options=options,
            presets=presets,
        )


        ruleset_catalog.additional_properties = d
        return ruleset_catalog

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
