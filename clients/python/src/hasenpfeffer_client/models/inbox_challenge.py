from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.inbox_challenge_type import InboxChallengeType
from typing import cast

if TYPE_CHECKING:
  from ..models.challenge import Challenge





T = TypeVar("T", bound="InboxChallenge")



@_attrs_define
class InboxChallenge:
    """ Another bot challenges this one: accept (`POST /v1/challenges/{id}/accept`) or
    decline (`POST /v1/challenges/{id}/decline`) before it expires.

        Attributes:
            challenge (Challenge): A challenge.
            id (int): The entry's id: greater than every earlier entry's. Resume after it (`Last-Event-ID`
                or `after`).
            type_ (InboxChallengeType):
     """

    challenge: Challenge
    id: int
    type_: InboxChallengeType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.challenge import Challenge # noqa: PLC0415
        challenge = self.challenge.to_dict()

        id = self.id

        type_ = self.type_.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "challenge": challenge,
            "id": id,
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.challenge import Challenge # noqa: PLC0415
        d = dict(src_dict)
        challenge = Challenge.from_dict(d.pop("challenge"))




        id = d.pop("id")

        type_ = InboxChallengeType(d.pop("type"))




        inbox_challenge = cls(
            challenge=challenge,
            id=id,
            type_=type_,
        )


        inbox_challenge.additional_properties = d
        return inbox_challenge

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
