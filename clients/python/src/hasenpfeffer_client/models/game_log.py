from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.hand_record import HandRecord
  from ..models.timeout_record import TimeoutRecord





T = TypeVar("T", bound="GameLog")



@_attrs_define
class GameLog:
    """ The game log: every finished hand in full (hidden cards included), oldest first. The hand in
    progress is not in it; see the game view.

        Attributes:
            game_id (str): The game's id.
            hands (list[HandRecord]): Finished hands.
            timeouts (list[TimeoutRecord]): Moves the server made for seats whose turn clock ran out, oldest first.
            version (int): The game's version.
     """

    game_id: str
    hands: list[HandRecord]
    timeouts: list[TimeoutRecord]
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.hand_record import HandRecord # noqa: PLC0415
        from ..models.timeout_record import TimeoutRecord # noqa: PLC0415
        game_id = self.game_id

        hands = []
        for hands_item_data in self.hands:
            hands_item = hands_item_data.to_dict()
            hands.append(hands_item)



        timeouts = []
        for timeouts_item_data in self.timeouts:
            timeouts_item = timeouts_item_data.to_dict()
            timeouts.append(timeouts_item)



        version = self.version


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "game_id": game_id,
            "hands": hands,
            "timeouts": timeouts,
            "version": version,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.hand_record import HandRecord # noqa: PLC0415
        from ..models.timeout_record import TimeoutRecord # noqa: PLC0415
        d = dict(src_dict)
        game_id = d.pop("game_id")

        hands = []
        _hands = d.pop("hands")
        for hands_item_data in (_hands):
            hands_item = HandRecord.from_dict(hands_item_data)



            hands.append(hands_item)


        timeouts = []
        _timeouts = d.pop("timeouts")
        for timeouts_item_data in (_timeouts):
            timeouts_item = TimeoutRecord.from_dict(timeouts_item_data)



            timeouts.append(timeouts_item)


        version = d.pop("version")

        game_log = cls(
            game_id=game_id,
            hands=hands,
            timeouts=timeouts,
            version=version,
        )


        game_log.additional_properties = d
        return game_log

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
