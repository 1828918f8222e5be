from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.play import Play





T = TypeVar("T", bound="Trick")



@_attrs_define
class Trick:
    """ A finished trick.

        Attributes:
            leader (int): The seat that led (played the first card).
            plays (list[Play]): Cards in play order, one per active seat.
            winner (int): The seat that won it.
     """

    leader: int
    plays: list[Play]
    winner: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.play import Play # noqa: PLC0415
        leader = self.leader

        plays = []
        for plays_item_data in self.plays:
            plays_item = plays_item_data.to_dict()
            plays.append(plays_item)



        winner = self.winner


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "leader": leader,
            "plays": plays,
            "winner": winner,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.play import Play # noqa: PLC0415
        d = dict(src_dict)
        leader = d.pop("leader")

        plays = []
        _plays = d.pop("plays")
        for plays_item_data in (_plays):
            plays_item = Play.from_dict(plays_item_data)



            plays.append(plays_item)


        winner = d.pop("winner")

        trick = cls(
            leader=leader,
            plays=plays,
            winner=winner,
        )


        trick.additional_properties = d
        return trick

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
