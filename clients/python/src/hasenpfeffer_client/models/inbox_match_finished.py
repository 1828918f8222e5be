from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.inbox_match_finished_type import InboxMatchFinishedType






T = TypeVar("T", bound="InboxMatchFinished")



@_attrs_define
class InboxMatchFinished:
    """ A duplicate match the bot played is finished (its result: `GET /v1/matches/{id}`).

        Attributes:
            id (int): The entry's id: greater than every earlier entry's. Resume after it (`Last-Event-ID`
                or `after`).
            match_id (str): The match.
            type_ (InboxMatchFinishedType):
     """

    id: int
    match_id: str
    type_: InboxMatchFinishedType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        match_id = self.match_id

        type_ = self.type_.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "match_id": match_id,
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        match_id = d.pop("match_id")

        type_ = InboxMatchFinishedType(d.pop("type"))




        inbox_match_finished = cls(
            id=id,
            match_id=match_id,
            type_=type_,
        )


        inbox_match_finished.additional_properties = d
        return inbox_match_finished

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
