from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.inbox_game_over_type import InboxGameOverType
from ..models.seat_outcome import SeatOutcome
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.rating_change import RatingChange





T = TypeVar("T", bound="InboxGameOver")



@_attrs_define
class InboxGameOver:
    """ A game the bot sat in is over.

        Attributes:
            game_id (str): The game (its log: `GET /v1/games/{id}/log`).
            id (int): The entry's id: greater than every earlier entry's. Resume after it (`Last-Event-ID`
                or `after`).
            outcome (SeatOutcome): How a game ended for a seat.
            scores (list[int]): The final scores, by side (as in the game's views).
            seat (int): The bot's seat.
            type_ (InboxGameOverType):
            forfeit (int | Unset): The seat that forfeited the game (its clock ran out 3 turns in a row), if one did:
                the game ended there, lost for its side.
            rating (RatingChange | Unset): What a rated game did to a bot's rating (in its `game_over` event).
     """

    game_id: str
    id: int
    outcome: SeatOutcome
    scores: list[int]
    seat: int
    type_: InboxGameOverType
    forfeit: int | Unset = UNSET
    rating: RatingChange | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.rating_change import RatingChange # noqa: PLC0415
        game_id = self.game_id

        id = self.id

        outcome = self.outcome.value

        scores = self.scores



        seat = self.seat

        type_ = self.type_.value

        forfeit = self.forfeit

        rating: dict[str, Any] | Unset = UNSET
        if not isinstance(self.rating, Unset):
            rating = self.rating.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "game_id": game_id,
            "id": id,
            "outcome": outcome,
            "scores": scores,
            "seat": seat,
            "type": type_,
        })
        if forfeit is not UNSET:
            field_dict["forfeit"] = forfeit
        if rating is not UNSET:
            field_dict["rating"] = rating

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rating_change import RatingChange # noqa: PLC0415
        d = dict(src_dict)
        game_id = d.pop("game_id")

        id = d.pop("id")

        outcome = SeatOutcome(d.pop("outcome"))




        scores = cast(list[int], d.pop("scores"))


        seat = d.pop("seat")

        type_ = InboxGameOverType(d.pop("type"))




        forfeit = d.pop("forfeit", UNSET)

        _rating = d.pop("rating", UNSET)
        rating: RatingChange | Unset
        if isinstance(_rating,  Unset):
            rating = UNSET
        else:
            rating = RatingChange.from_dict(_rating)




        inbox_game_over = cls(
            game_id=game_id,
            id=id,
            outcome=outcome,
            scores=scores,
            seat=seat,
            type_=type_,
            forfeit=forfeit,
            rating=rating,
        )


        inbox_game_over.additional_properties = d
        return inbox_game_over

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
