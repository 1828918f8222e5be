from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.card import Card
from ..models.hand_result import HandResult
from ..models.trump import Trump
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.call import Call
  from ..models.contract import Contract
  from ..models.trick import Trick
  from ..models.upcard import Upcard
  from ..models.upcard_call import UpcardCall





T = TypeVar("T", bound="HandRecord")



@_attrs_define
class HandRecord:
    """ The full record of a finished hand, hidden cards included.

        Attributes:
            contract (Contract | None):
            number (int): The hand number (0 for the first).
            result (HandResult): How a hand ended: `played`, `void_joker_in_widow`, `thrown_in`, `all_dropped` (Buck Euchre:
                the declarer took every trick without play) or `acquitted` (Bacon: all four upcards passed; the same dealer
                deals again).
            score_delta (list[int]): Points each team scored on the hand.
            scores (list[int]): Scores after the hand.
            tricks_won (list[int]): Tricks taken by team 0 and team 1.
            alone (int | None): The lone bidder; null if nobody went alone.
            auction (list[Call]): The auction.
            deal (list[list[Card]]): Each seat's cards as dealt.
            dealer (int): The dealer.
            defender_alone (int | None): The lone defender; null if none.
            discards (list[Card]): The declarer's discard (in Euchre the dealer's, face down; in Bacon the upcard taker's,
                face up).
            lone_discards (list[Card]): The lone bidder's two-card discard (`exchange_two`).
            passed_cards (list[Card]): The two cards the partner passed (`exchange_two`).
            tricks (list[Trick]): The tricks.
            trump (None | Trump):
            widow (list[Card]): The widow as dealt (in upcard games every undealt card: the upcards turned, then the
                stub).
            called (Card | Unset): A card code: rank (2 to 9, T, J Q K A, and L M N for the 11, 12 and 13 of Five Hundred's
                six-player pack) then suit (C D H S), e.g. `TD` for the ten of diamonds; `JK` is the joker. The two copies of a
                card in a double deck share a code.
            dropped (list[int] | Unset): Buck Euchre: the seats that dropped out of the declarer's hand (left out when
                none).
            partner (int | Unset): Five Hundred for 5: the called card's holder, the declarer's partner (left out when
                none).
            upcard (Upcard | Unset): The upcard of the hand in progress and what became of it. Public.
            upcard_calls (list[UpcardCall] | Unset): Upcard games: the calls of rounds 1 and 2 (in Bacon, on each upcard,
                with the partner's
                answers; left out in other games).
     """

    contract: Contract | None
    number: int
    result: HandResult
    score_delta: list[int]
    scores: list[int]
    tricks_won: list[int]
    alone: int | None
    auction: list[Call]
    deal: list[list[Card]]
    dealer: int
    defender_alone: int | None
    discards: list[Card]
    lone_discards: list[Card]
    passed_cards: list[Card]
    tricks: list[Trick]
    trump: None | Trump
    widow: list[Card]
    called: Card | Unset = UNSET
    dropped: list[int] | Unset = UNSET
    partner: int | Unset = UNSET
    upcard: Upcard | Unset = UNSET
    upcard_calls: list[UpcardCall] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.call import Call # noqa: PLC0415
        from ..models.contract import Contract # noqa: PLC0415
        from ..models.trick import Trick # noqa: PLC0415
        from ..models.upcard import Upcard # noqa: PLC0415
        from ..models.upcard_call import UpcardCall # noqa: PLC0415
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



        alone: int | None
        alone = self.alone

        auction = []
        for auction_item_data in self.auction:
            auction_item = auction_item_data.to_dict()
            auction.append(auction_item)



        deal = []
        for deal_item_data in self.deal:
            deal_item = []
            for deal_item_item_data in deal_item_data:
                deal_item_item = deal_item_item_data.value
                deal_item.append(deal_item_item)


            deal.append(deal_item)



        dealer = self.dealer

        defender_alone: int | None
        defender_alone = self.defender_alone

        discards = []
        for discards_item_data in self.discards:
            discards_item = discards_item_data.value
            discards.append(discards_item)



        lone_discards = []
        for lone_discards_item_data in self.lone_discards:
            lone_discards_item = lone_discards_item_data.value
            lone_discards.append(lone_discards_item)



        passed_cards = []
        for passed_cards_item_data in self.passed_cards:
            passed_cards_item = passed_cards_item_data.value
            passed_cards.append(passed_cards_item)



        tricks = []
        for tricks_item_data in self.tricks:
            tricks_item = tricks_item_data.to_dict()
            tricks.append(tricks_item)



        trump: None | str
        if isinstance(self.trump, Trump):
            trump = self.trump.value
        else:
            trump = self.trump

        widow = []
        for widow_item_data in self.widow:
            widow_item = widow_item_data.value
            widow.append(widow_item)



        called: str | Unset = UNSET
        if not isinstance(self.called, Unset):
            called = self.called.value


        dropped: list[int] | Unset = UNSET
        if not isinstance(self.dropped, Unset):
            dropped = self.dropped



        partner = self.partner

        upcard: dict[str, Any] | Unset = UNSET
        if not isinstance(self.upcard, Unset):
            upcard = self.upcard.to_dict()

        upcard_calls: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.upcard_calls, Unset):
            upcard_calls = []
            for upcard_calls_item_data in self.upcard_calls:
                upcard_calls_item = upcard_calls_item_data.to_dict()
                upcard_calls.append(upcard_calls_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "contract": contract,
            "number": number,
            "result": result,
            "score_delta": score_delta,
            "scores": scores,
            "tricks_won": tricks_won,
            "alone": alone,
            "auction": auction,
            "deal": deal,
            "dealer": dealer,
            "defender_alone": defender_alone,
            "discards": discards,
            "lone_discards": lone_discards,
            "passed_cards": passed_cards,
            "tricks": tricks,
            "trump": trump,
            "widow": widow,
        })
        if called is not UNSET:
            field_dict["called"] = called
        if dropped is not UNSET:
            field_dict["dropped"] = dropped
        if partner is not UNSET:
            field_dict["partner"] = partner
        if upcard is not UNSET:
            field_dict["upcard"] = upcard
        if upcard_calls is not UNSET:
            field_dict["upcard_calls"] = upcard_calls

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.call import Call # noqa: PLC0415
        from ..models.contract import Contract # noqa: PLC0415
        from ..models.trick import Trick # noqa: PLC0415
        from ..models.upcard import Upcard # noqa: PLC0415
        from ..models.upcard_call import UpcardCall # noqa: PLC0415
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


        def _parse_alone(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        alone = _parse_alone(d.pop("alone"))


        auction = []
        _auction = d.pop("auction")
        for auction_item_data in (_auction):
            auction_item = Call.from_dict(auction_item_data)



            auction.append(auction_item)


        deal = []
        _deal = d.pop("deal")
        for deal_item_data in (_deal):
            deal_item = []
            _deal_item = deal_item_data
            for deal_item_item_data in (_deal_item):
                deal_item_item = Card(deal_item_item_data)



                deal_item.append(deal_item_item)

            deal.append(deal_item)


        dealer = d.pop("dealer")

        def _parse_defender_alone(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        defender_alone = _parse_defender_alone(d.pop("defender_alone"))


        discards = []
        _discards = d.pop("discards")
        for discards_item_data in (_discards):
            discards_item = Card(discards_item_data)



            discards.append(discards_item)


        lone_discards = []
        _lone_discards = d.pop("lone_discards")
        for lone_discards_item_data in (_lone_discards):
            lone_discards_item = Card(lone_discards_item_data)



            lone_discards.append(lone_discards_item)


        passed_cards = []
        _passed_cards = d.pop("passed_cards")
        for passed_cards_item_data in (_passed_cards):
            passed_cards_item = Card(passed_cards_item_data)



            passed_cards.append(passed_cards_item)


        tricks = []
        _tricks = d.pop("tricks")
        for tricks_item_data in (_tricks):
            tricks_item = Trick.from_dict(tricks_item_data)



            tricks.append(tricks_item)


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


        widow = []
        _widow = d.pop("widow")
        for widow_item_data in (_widow):
            widow_item = Card(widow_item_data)



            widow.append(widow_item)


        _called = d.pop("called", UNSET)
        called: Card | Unset
        if isinstance(_called,  Unset):
            called = UNSET
        else:
            called = Card(_called)




        dropped = cast(list[int], d.pop("dropped", UNSET))


        partner = d.pop("partner", UNSET)

        _upcard = d.pop("upcard", UNSET)
        upcard: Upcard | Unset
        if isinstance(_upcard,  Unset):
            upcard = UNSET
        else:
            upcard = Upcard.from_dict(_upcard)




        _upcard_calls = d.pop("upcard_calls", UNSET)
        upcard_calls: list[UpcardCall] | Unset = UNSET
        if _upcard_calls is not UNSET:
            upcard_calls = []
            for upcard_calls_item_data in _upcard_calls:
                upcard_calls_item = UpcardCall.from_dict(upcard_calls_item_data)



                upcard_calls.append(upcard_calls_item)


        hand_record = cls(
            contract=contract,
            number=number,
            result=result,
            score_delta=score_delta,
            scores=scores,
            tricks_won=tricks_won,
            alone=alone,
            auction=auction,
            deal=deal,
            dealer=dealer,
            defender_alone=defender_alone,
            discards=discards,
            lone_discards=lone_discards,
            passed_cards=passed_cards,
            tricks=tricks,
            trump=trump,
            widow=widow,
            called=called,
            dropped=dropped,
            partner=partner,
            upcard=upcard,
            upcard_calls=upcard_calls,
        )


        hand_record.additional_properties = d
        return hand_record

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
