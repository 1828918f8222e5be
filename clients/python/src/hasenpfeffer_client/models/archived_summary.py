from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.preset import Preset
from typing import cast

if TYPE_CHECKING:
  from ..models.archived_seat import ArchivedSeat





T = TypeVar("T", bound="ArchivedSummary")



@_attrs_define
class ArchivedSummary:
    """ What every page shows of an archived game.

        Attributes:
            finished_unix_ms (int): When it finished (ms since the Unix epoch).
            game_id (str): The game's id (its live record expires some time after it finished; the archive keeps
                it `ARCHIVE_DAYS` longer).
            places (list[int]): Each side's place, from 1.
            players (int): How many players it had.
            preset (Preset): A named ruleset of the Hasenpfeffer family.
            scores (list[int]): The final scores, by side.
            seats (list[ArchivedSeat]): Every seat, in seat order.
     """

    finished_unix_ms: int
    game_id: str
    places: list[int]
    players: int
    preset: Preset
    scores: list[int]
    seats: list[ArchivedSeat]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.archived_seat import ArchivedSeat # noqa: PLC0415
        finished_unix_ms = self.finished_unix_ms

        game_id = self.game_id

        places = self.places



        players = self.players

        preset = self.preset.value

        scores = self.scores



        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "finished_unix_ms": finished_unix_ms,
            "game_id": game_id,
            "places": places,
            "players": players,
            "preset": preset,
            "scores": scores,
            "seats": seats,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.archived_seat import ArchivedSeat # noqa: PLC0415
        d = dict(src_dict)
        finished_unix_ms = d.pop("finished_unix_ms")

        game_id = d.pop("game_id")

        places = cast(list[int], d.pop("places"))


        players = d.pop("players")

        preset = Preset(d.pop("preset"))




        scores = cast(list[int], d.pop("scores"))


        seats = []
        _seats = d.pop("seats")
        for seats_item_data in (_seats):
            seats_item = ArchivedSeat.from_dict(seats_item_data)



            seats.append(seats_item)


        archived_summary = cls(
            finished_unix_ms=finished_unix_ms,
            game_id=game_id,
            places=places,
            players=players,
            preset=preset,
            scores=scores,
            seats=seats,
        )


        archived_summary.additional_properties = d
        return archived_summary

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
