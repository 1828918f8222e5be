from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.answer import Answer
from ..models.trump import Trump
from typing import cast






T = TypeVar("T", bound="UpcardCall")



@_attrs_define
class UpcardCall:
    """ One call of an upcard auction.

        Attributes:
            alone (bool): Bacon: true for `pick_up_alone` (false otherwise, and in other games).
            answer (Answer | None):
            round_ (int): 1 (accept the upcard's suit or pass) or 2 (name another suit or pass); in Bacon, the
                upcard's number, 1 to 4.
            seat (int): The seat.
            trump (None | Trump):
     """

    alone: bool
    answer: Answer | None
    round_: int
    seat: int
    trump: None | Trump
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        alone = self.alone

        answer: None | str
        if isinstance(self.answer, Answer):
            answer = self.answer.value
        else:
            answer = self.answer

        round_ = self.round_

        seat = self.seat

        trump: None | str
        if isinstance(self.trump, Trump):
            trump = self.trump.value
        else:
            trump = self.trump


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "alone": alone,
            "answer": answer,
            "round": round_,
            "seat": seat,
            "trump": trump,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        alone = d.pop("alone")

        def _parse_answer(data: object) -> Answer | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                answer_type_0 = Answer(data)



                return answer_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Answer | None, data)

        answer = _parse_answer(d.pop("answer"))


        round_ = d.pop("round")

        seat = d.pop("seat")

        def _parse_trump(data: object) -> None | Trump:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                trump_type_0 = Trump(data)



                return trump_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Trump, data)

        trump = _parse_trump(d.pop("trump"))


        upcard_call = cls(
            alone=alone,
            answer=answer,
            round_=round_,
            seat=seat,
            trump=trump,
        )


        upcard_call.additional_properties = d
        return upcard_call

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
