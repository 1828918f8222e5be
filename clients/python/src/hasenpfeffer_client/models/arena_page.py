from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.arena_summary import ArenaSummary





T = TypeVar("T", bound="ArenaPage")



@_attrs_define
class ArenaPage:
    """ A page of arenas, newest first.

        Attributes:
            arenas (list[ArenaSummary]): The arenas of the page.
            next_cursor (None | str): Pass it as `cursor` for the next page; null on the last page.
     """

    arenas: list[ArenaSummary]
    next_cursor: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.arena_summary import ArenaSummary # noqa: PLC0415
        arenas = []
        for arenas_item_data in self.arenas:
            arenas_item = arenas_item_data.to_dict()
            arenas.append(arenas_item)



        next_cursor: None | str
        next_cursor = self.next_cursor


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "arenas": arenas,
            "next_cursor": next_cursor,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.arena_summary import ArenaSummary # noqa: PLC0415
        d = dict(src_dict)
        arenas = []
        _arenas = d.pop("arenas")
        for arenas_item_data in (_arenas):
            arenas_item = ArenaSummary.from_dict(arenas_item_data)



            arenas.append(arenas_item)


        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("next_cursor"))


        arena_page = cls(
            arenas=arenas,
            next_cursor=next_cursor,
        )


        arena_page.additional_properties = d
        return arena_page

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
