from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.hand_result import HandResult
from typing import cast

if TYPE_CHECKING:
  from ..models.contract import Contract





T = TypeVar("T", bound="HandOutcome")



@_attrs_define
class HandOutcome:
    """ The public outcome of a finished hand (with its tricks in a view's `last_hand`, and with
    everything else in the log's `HandRecord`).

        Attributes:
            contract (Contract | None):
            number (int): The hand number (0 for the first).
            result (HandResult): How a hand ended: `played`, `void_joker_in_widow`, `thrown_in`, `all_dropped` (Buck Euchre:
                the declarer took every trick without play) or `acquitted` (Bacon: all four upcards passed; the same dealer
                deals again).
            score_delta (list[int]): Points each team scored on the hand.
            scores (list[int]): Scores after the hand.
            tricks_won (list[int]): Tricks taken by team 0 and team 1.
     """

    contract: Contract | None
    number: int
    result: HandResult
    score_delta: list[int]
    scores: list[int]
    tricks_won: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.contract import Contract # noqa: PLC0415
        contract: dict[str, Any] | None
        if isinstance(self.contract, Contract):
            contract = self.contract.to_dict()
        else:
            contract = self.contract

        number = self.number

        result = self.result.value

        score_delta = self.score_delta



        scores = self.scores



        tricks_won = self.tricks_won




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "contract": contract,
            "number": number,
            "result": result,
            "score_delta": score_delta,
            "scores": scores,
            "tricks_won": tricks_won,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.contract import Contract # noqa: PLC0415
        d = dict(src_dict)
        def _parse_contract(data: object) -> Contract | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                contract_type_0 = Contract.from_dict(data)



                return contract_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Contract | None, data)

        contract = _parse_contract(d.pop("contract"))


        number = d.pop("number")

        result = HandResult(d.pop("result"))




        score_delta = cast(list[int], d.pop("score_delta"))


        scores = cast(list[int], d.pop("scores"))


        tricks_won = cast(list[int], d.pop("tricks_won"))


        hand_outcome = cls(
            contract=contract,
            number=number,
            result=result,
            score_delta=score_delta,
            scores=scores,
            tricks_won=tricks_won,
        )


        hand_outcome.additional_properties = d
        return hand_outcome

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
