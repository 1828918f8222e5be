from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.play import Play





T = TypeVar("T", bound="CurrentTrick")



@_attrs_define
class CurrentTrick:
    """ The trick in progress.

        Attributes:
            leader (int | None): The seat that played this trick's first card; null until a card is played (outside the
                play phase, and between tricks: the seat to lead is then `turn`).
            plays (list[Play]): Cards played to it so far, in order (empty outside the play phase).
     """

    leader: int | None
    plays: list[Play]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.play import Play # noqa: PLC0415
        leader: int | None
        leader = self.leader

        plays = []
        for plays_item_data in self.plays:
            plays_item = plays_item_data.to_dict()
            plays.append(plays_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "leader": leader,
            "plays": plays,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.play import Play # noqa: PLC0415
        d = dict(src_dict)
        def _parse_leader(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        leader = _parse_leader(d.pop("leader"))


        plays = []
        _plays = d.pop("plays")
        for plays_item_data in (_plays):
            plays_item = Play.from_dict(plays_item_data)



            plays.append(plays_item)


        current_trick = cls(
            leader=leader,
            plays=plays,
        )


        current_trick.additional_properties = d
        return current_trick

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
