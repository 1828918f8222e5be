from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.inbox_arena_started_type import InboxArenaStartedType






T = TypeVar("T", bound="InboxArenaStarted")



@_attrs_define
class InboxArenaStarted:
    """ An arena the bot joined has started: its seats come as `seated` (`via: arena`).

        Attributes:
            arena_id (str): The arena (`GET /v1/arenas/{id}`).
            id (int): The entry's id: greater than every earlier entry's. Resume after it (`Last-Event-ID`
                or `after`).
            name (str): Its name.
            type_ (InboxArenaStartedType):
     """

    arena_id: str
    id: int
    name: str
    type_: InboxArenaStartedType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        arena_id = self.arena_id

        id = self.id

        name = self.name

        type_ = self.type_.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "arena_id": arena_id,
            "id": id,
            "name": name,
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        arena_id = d.pop("arena_id")

        id = d.pop("id")

        name = d.pop("name")

        type_ = InboxArenaStartedType(d.pop("type"))




        inbox_arena_started = cls(
            arena_id=arena_id,
            id=id,
            name=name,
            type_=type_,
        )


        inbox_arena_started.additional_properties = d
        return inbox_arena_started

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
