from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.inbox_arena_finished_type import InboxArenaFinishedType






T = TypeVar("T", bound="InboxArenaFinished")



@_attrs_define
class InboxArenaFinished:
    """ An arena the bot played in is over: its standings are final.

        Attributes:
            arena_id (str): The arena (`GET /v1/arenas/{id}`).
            id (int): The entry's id: greater than every earlier entry's. Resume after it (`Last-Event-ID`
                or `after`).
            rank (int): The bot's place, from 1.
            score (float): The bot's score (as the standings show it).
            type_ (InboxArenaFinishedType):
     """

    arena_id: str
    id: int
    rank: int
    score: float
    type_: InboxArenaFinishedType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        arena_id = self.arena_id

        id = self.id

        rank = self.rank

        score = self.score

        type_ = self.type_.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "arena_id": arena_id,
            "id": id,
            "rank": rank,
            "score": score,
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        arena_id = d.pop("arena_id")

        id = d.pop("id")

        rank = d.pop("rank")

        score = d.pop("score")

        type_ = InboxArenaFinishedType(d.pop("type"))




        inbox_arena_finished = cls(
            arena_id=arena_id,
            id=id,
            rank=rank,
            score=score,
            type_=type_,
        )


        inbox_arena_finished.additional_properties = d
        return inbox_arena_finished

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
