from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.match_status import MatchStatus
from typing import cast

if TYPE_CHECKING:
  from ..models.match_deal import MatchDeal
  from ..models.match_result import MatchResult
  from ..models.ruleset import Ruleset





T = TypeVar("T", bound="Match")



@_attrs_define
class Match:
    """ A duplicate match.

        Attributes:
            a (str): Player A (its account's name).
            b (str): Player B.
            created_by (str): The bot that asked for the match.
            created_unix_ms (int): When it was asked for (ms since the Unix epoch).
            deal_results (list[MatchDeal]): Every deal and its plays.
            deals (int): The number of deals.
            finished_unix_ms (int | None): When its last game ended.
            match_id (str): The match's id.
            plays_per_deal (int): The plays of each deal (its seatings).
            result (MatchResult | None):
            ruleset (Ruleset): A game's rules, every option resolved: its preset, its table, and every rule its game has,
                under the option names `GET /v1/rulesets` lists. A field the game does not have is left
                out (no `sides` at a table of four, no `all_drop` outside Buck Euchre, no `min_bid` or
                `set_penalty` where trump is made by an upcard).
            status (MatchStatus): How far a match is.
     """

    a: str
    b: str
    created_by: str
    created_unix_ms: int
    deal_results: list[MatchDeal]
    deals: int
    finished_unix_ms: int | None
    match_id: str
    plays_per_deal: int
    result: MatchResult | None
    ruleset: Ruleset
    status: MatchStatus
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.match_deal import MatchDeal # noqa: PLC0415
        from ..models.match_result import MatchResult # noqa: PLC0415
        from ..models.ruleset import Ruleset # noqa: PLC0415
        a = self.a

        b = self.b

        created_by = self.created_by

        created_unix_ms = self.created_unix_ms

        deal_results = []
        for deal_results_item_data in self.deal_results:
            deal_results_item = deal_results_item_data.to_dict()
            deal_results.append(deal_results_item)



        deals = self.deals

        finished_unix_ms: int | None
        finished_unix_ms = self.finished_unix_ms

        match_id = self.match_id

        plays_per_deal = self.plays_per_deal

        result: dict[str, Any] | None
        if isinstance(self.result, MatchResult):
            result = self.result.to_dict()
        else:
            result = self.result

        ruleset = self.ruleset.to_dict()

        status = self.status.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "a": a,
            "b": b,
            "created_by": created_by,
            "created_unix_ms": created_unix_ms,
            "deal_results": deal_results,
            "deals": deals,
            "finished_unix_ms": finished_unix_ms,
            "match_id": match_id,
            "plays_per_deal": plays_per_deal,
            "result": result,
            "ruleset": ruleset,
            "status": status,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.match_deal import MatchDeal # noqa: PLC0415
        from ..models.match_result import MatchResult # noqa: PLC0415
        from ..models.ruleset import Ruleset # noqa: PLC0415
        d = dict(src_dict)
        a = d.pop("a")

        b = d.pop("b")

        created_by = d.pop("created_by")

        created_unix_ms = d.pop("created_unix_ms")

        deal_results = []
        _deal_results = d.pop("deal_results")
        for deal_results_item_data in (_deal_results):
            deal_results_item = MatchDeal.from_dict(deal_results_item_data)



            deal_results.append(deal_results_item)


        deals = d.pop("deals")

        def _parse_finished_unix_ms(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        finished_unix_ms = _parse_finished_unix_ms(d.pop("finished_unix_ms"))


        match_id = d.pop("match_id")

        plays_per_deal = d.pop("plays_per_deal")

        def _parse_result(data: object) -> MatchResult | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                result_type_0 = MatchResult.from_dict(data)



                return result_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MatchResult | None, data)

        result = _parse_result(d.pop("result"))


        ruleset = Ruleset.from_dict(d.pop("ruleset"))




        status = MatchStatus(d.pop("status"))




        match = cls(
            a=a,
            b=b,
            created_by=created_by,
            created_unix_ms=created_unix_ms,
            deal_results=deal_results,
            deals=deals,
            finished_unix_ms=finished_unix_ms,
            match_id=match_id,
            plays_per_deal=plays_per_deal,
            result=result,
            ruleset=ruleset,
            status=status,
        )


        match.additional_properties = d
        return match

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
