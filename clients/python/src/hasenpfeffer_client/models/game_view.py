from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.card import Card
from ..models.deal import Deal
from ..models.game_status import GameStatus
from ..models.phase import Phase
from ..models.step import Step
from ..models.suit import Suit
from ..models.trump import Trump
from typing import cast

if TYPE_CHECKING:
  from ..models.allow_action import AllowAction
  from ..models.alone_action import AloneAction
  from ..models.bid_action import BidAction
  from ..models.call import Call
  from ..models.call_action import CallAction
  from ..models.contract import Contract
  from ..models.current_trick import CurrentTrick
  from ..models.drop_action import DropAction
  from ..models.exchange_action import ExchangeAction
  from ..models.hand_summary import HandSummary
  from ..models.leave_upcard_action import LeaveUpcardAction
  from ..models.misere_action import MisereAction
  from ..models.name_trump_action import NameTrumpAction
  from ..models.open_misere_action import OpenMisereAction
  from ..models.order_up_action import OrderUpAction
  from ..models.pass_action import PassAction
  from ..models.pass_cards_action import PassCardsAction
  from ..models.pick_up_action import PickUpAction
  from ..models.pick_up_alone_action import PickUpAloneAction
  from ..models.play_action import PlayAction
  from ..models.ruleset import Ruleset
  from ..models.seat_info import SeatInfo
  from ..models.stay_action import StayAction
  from ..models.take_upcard_action import TakeUpcardAction
  from ..models.trick import Trick
  from ..models.upcard import Upcard
  from ..models.upcard_call import UpcardCall
  from ..models.veto_action import VetoAction
  from ..models.veto_alone_action import VetoAloneAction





T = TypeVar("T", bound="GameView")



@_attrs_define
class GameView:
    """ The game as the caller may see it: a seat's view with its token, else the spectator view.

        Example:
            {'alone': None, 'auction': [{'bid': {'tricks': 1}, 'seat': 3}, {'bid': {'tricks': 6}, 'seat': 0}], 'called':
                None, 'contract': {'bid': {'tricks': 6}, 'seat': 0}, 'deadline_unix_ms': None, 'deal': 'random', 'dealer': 2,
                'defender_alone': None, 'discards': ['JC'], 'draw': False, 'forfeit': None, 'game_id': 'k3x9p2m7q4w8z5ab',
                'hand': ['QC', 'QH', 'AH', 'TS', 'AS'], 'hand_number': 1, 'hand_sizes': [5, 4, 4, 4], 'joker_revealed_by': None,
                'last_hand': {'contract': {'bid': {'tricks': 6}, 'seat': 0}, 'number': 0, 'result': 'played', 'score_delta':
                [-6, 3], 'scores': [-6, 3], 'tricks': [{'leader': 0, 'plays': [{'card': 'QS', 'seat': 0}, {'card': 'KS', 'seat':
                1}, {'card': 'JC', 'seat': 2}, {'card': 'JK', 'seat': 3}], 'winner': 3}, {'leader': 3, 'plays': [{'card': 'AC',
                'seat': 3}, {'card': 'TS', 'seat': 0}, {'card': 'TC', 'seat': 1}, {'card': 'QC', 'seat': 2}], 'winner': 0},
                {'leader': 0, 'plays': [{'card': 'QD', 'seat': 0}, {'card': 'JD', 'seat': 1}, {'card': 'TD', 'seat': 2},
                {'card': '9D', 'seat': 3}], 'winner': 0}, {'leader': 0, 'plays': [{'card': 'AD', 'seat': 0}, {'card': 'JS',
                'seat': 1}, {'card': '9H', 'seat': 2}, {'card': 'KH', 'seat': 3}], 'winner': 1}, {'leader': 1, 'plays':
                [{'card': 'TH', 'seat': 1}, {'card': 'AH', 'seat': 2}, {'card': '9C', 'seat': 3}, {'card': 'AS', 'seat': 0}],
                'winner': 0}, {'leader': 0, 'plays': [{'card': 'KD', 'seat': 0}, {'card': 'QH', 'seat': 1}, {'card': 'JH',
                'seat': 2}, {'card': '9S', 'seat': 3}], 'winner': 3}], 'tricks_won': [3, 3]}, 'legal_actions': [{'card': 'QC',
                'type': 'play'}], 'open_hand': [], 'partner': None, 'passed_cards': [], 'passed_upcards': [], 'phase': 'play',
                'ranked_eligible': True, 'rated': False, 'round': None, 'ruleset': {'all_pass': 'joker_holder_bids_3', 'alone':
                'none', 'auction': 'single_round', 'bowers': True, 'deck': 'standard25', 'first_lead': 'high_bidder',
                'game_end': 'declarers_win_ties', 'max_hands': 0, 'min_bid': 1, 'no_trump': False, 'pepper_bids': False,
                'players': 4, 'preset': 'hasenpfeffer', 'scoring': 'contract', 'set_penalty': 'contract', 'target_score': 10},
                'scores': [-6, 3], 'seat': 0, 'seats': [{'claimed': True, 'guest': False, 'kind': 'open', 'name': 'my-bot',
                'seat': 0}, {'account': 'house-heuristic', 'claimed': True, 'guest': False, 'kind': 'bot', 'seat': 1,
                'strategy': 'heuristic'}, {'account': 'house-heuristic', 'claimed': True, 'guest': False, 'kind': 'bot', 'seat':
                2, 'strategy': 'heuristic'}, {'account': 'house-heuristic', 'claimed': True, 'guest': False, 'kind': 'bot',
                'seat': 3, 'strategy': 'heuristic'}], 'sitting_out': [], 'status': 'playing', 'step': 'play', 'trick':
                {'leader': 1, 'plays': [{'card': '9C', 'seat': 1}, {'card': 'TC', 'seat': 2}, {'card': 'AC', 'seat': 3}]},
                'tricks': [{'leader': 0, 'plays': [{'card': 'JD', 'seat': 0}, {'card': 'JK', 'seat': 1}, {'card': 'KH', 'seat':
                2}, {'card': 'JH', 'seat': 3}], 'winner': 1}], 'tricks_won': [0, 1], 'trump': 'H', 'turn': 0,
                'turn_time_limit_ms': None, 'upcard': None, 'upcard_calls': [], 'version': 39, 'voids': [[], [], [], []],
                'widow': ['TS'], 'widow_size': 0, 'winner': None, 'winners': []}

        Attributes:
            alone (int | None): The seat playing alone for the declarers this hand; null if nobody is (or not yet
                decided). Public.
            auction (list[Call]): The calls of this hand's auction so far, in order. Public.
            called (Card | None):
            contract (Contract | None):
            dealer (int): The dealer of the hand in progress. Public.
            defender_alone (int | None): The seat defending alone this hand; null if nobody is. Public.
            discards (list[Card]): Your face-down discards this hand (the exchange discard and, under `exchange_two`, the
                lone discard). Yours, the declarer's only.
            draw (bool): True if the game ended with the highest score shared (false while it is played). Public.
            hand (list[Card]): Your cards in hand, sorted. Yours (empty for a spectator).
            hand_number (int): The hand in progress (0 for the first). Public.
            hand_sizes (list[int]): How many cards each seat holds, by seat. Public.
            joker_revealed_by (int | None): The seat that showed the joker this hand when everyone passed (and so must bid
                3);
                null otherwise. Public.
            last_hand (HandSummary | None):
            legal_actions (list[AllowAction | AloneAction | BidAction | CallAction | DropAction | ExchangeAction |
                LeaveUpcardAction | MisereAction | NameTrumpAction | OpenMisereAction | OrderUpAction | PassAction |
                PassCardsAction | PickUpAction | PickUpAloneAction | PlayAction | StayAction | TakeUpcardAction | VetoAction |
                VetoAloneAction]): Your legal actions now, each ready to post back as it is; empty when it is not your
                turn, before the game has started, and for a spectator. Yours.
            open_hand (list[Card]): Five Hundred's open misère: the declarer's cards in hand, shown to everyone from the
                discard on; empty otherwise. Public.
            partner (int | None): Five Hundred for 5: the called card's holder, the declarer's partner for this hand,
                revealed at the call; null otherwise. Public.
            passed_cards (list[Card]): The two cards passed to a lone bidder under `exchange_two`. Seen only by the passer
                and
                the bidder (empty for everyone else).
            passed_upcards (list[Card]): Bacon: the upcards everybody passed this hand, each discarded face up when the
                dealer
                passed it, oldest first (`upcard` is the one being called); empty in other games.
                Public.
            phase (Phase): The phase: `auction` (in upcard games, rounds 1 and 2 of the calls), `exchange` (name trump, take
                and discard the widow; in upcard games, the dealer takes or leaves the upcard ordered up), `alone` (going-alone
                decisions), `pass_cards` (lone exchange of two cards), `drop_out` (Buck Euchre: the others stay in or drop out
                of the declarer's hand), `play`, or `game_over`.
            round_ (int | None): The round of an upcard game's calls: Euchre's and Buck Euchre's 1 or 2, Bacon's upcard
                (1 to 4); null outside those calls. Public.
            ruleset (Ruleset): A game's rules, every option resolved: its preset, its table, and every rule its game has,
                under the option names `GET /v1/rulesets` lists. A field the game does not have is left
                out (no `sides` at a table of four, no `all_drop` outside Buck Euchre, no `min_bid` or
                `set_penalty` where trump is made by an upcard).
            scores (list[int]): The game's scores by side, as `tricks_won`. Public.
            seat (int | None): The seat this view is for; null in the spectator view (no token).
            sitting_out (list[int]): Seats sitting out this hand (the partners of lone players). Public.
            step (Step): The decision the game waits for, within its phase: `bid`, `order_up` and `name_trump`
                (Euchre's rounds 1 and 2), `pick_up` and `answer` (Bacon's calls and the partner's answer),
                `choose_trump` (with the widow's exchange, if any), `kitty` (Five Hundred), `dealer_pickup`,
                `take_upcard` (Bacon: a discard of the five in `hand` and `upcard.card`), `declarer_alone`,
                `defender_alone`, `call_partner` (Five Hundred for five), `lone_discard` and
                `partner_passes` (`exchange_two`), `stay_or_drop` (Buck Euchre), `play`, `game_over`.
            trick (CurrentTrick): The trick in progress.
            tricks (list[Trick]): This hand's finished tricks, in order, each with its winner. When the last trick of a
                hand is taken the view moves on to the next hand: that hand's tricks are then in
                `last_hand.tricks`. Public.
            tricks_won (list[int]): Tricks won this hand by each side: team 0 (even seats) and team 1 (odd seats), or, where
                every player plays alone (pepper for 3), each seat. Public.
            trump (None | Trump):
            turn (int | None): The seat to act now; null when nobody may act: before every seat is claimed (`status`
                `waiting_for_players`) and once the game is over. Public.
            upcard (None | Upcard):
            upcard_calls (list[UpcardCall]): Upcard games: this hand's calls of rounds 1 and 2 so far (`trump` null for a
                pass; in
                Bacon, `round` is the upcard's number, and each pick-up carries `alone` and the partner's
                `answer`); empty in other games. Public.
            voids (list[list[Suit]]): For each seat, the suits it has shown void in this hand by not following the suit led.
                Suits here are effective suits: once trump is named, the left bower and the joker
                belong to the trump suit, not to their printed suit. A seat that does not follow a
                trump lead (the left bower led included) is void in trumps, and nothing is said of the
                left bower's printed suit; a seat that plays the left bower on a lead of its printed
                suit has not followed that suit, and is void in it. Cleared at each new hand. Public.
            widow (list[Card]): The widow cards you took into hand this hand. Yours, and only the declarer's (empty for
                everyone else).
            widow_size (int): Cards lying face down in the widow (0 once the declarer has taken it, and in decks
                without a widow); in pepper for two, the dead hand's 8 cards, which nobody takes or sees
                while the hand is played. Public.
            winner (int | None): The winning side (a team, or a seat where every player plays alone) once the game is
                over; null while it is played and when the highest score is shared (see `winners`).
                Public.
            winners (list[int]): The sides that won once the game is over: one, or several tied winners (with two teams,
                a draw lists both); empty while it is played. Public.
            deadline_unix_ms (int | None): When the seat to act runs out of time (milliseconds since the Unix epoch); null
                unless
                the game has turn clocks and a client's seat is to act. Public.
            deal (Deal): How a game's deals are made. A creator who gives a `seed` or a `scenario` knows every card,
                so only `random` games are fit for ranked play.
            forfeit (int | None): The seat that forfeited the game by letting its turn clock run out 3 times in a row:
                the game ended there (`status` is `finished`), lost for that seat's side; null
                otherwise. Public.
            game_id (str): The game's id.
            ranked_eligible (bool): Whether results of this game may count for ranked play: only games the server dealt
                at random (`deal` is `random`). Public.
            rated (bool): Whether the game is rated: its end updates its bots' ratings in its pool. Only games
                the server formed (matchmaking, an accepted rated challenge) with a turn clock, a deal
                the server drew, the preset's own rules for its player count, and no account in two
                seats are rated. Public.
            seats (list[SeatInfo]): Who sits where, by seat. Public.
            status (GameStatus): Whether the game is waiting for players, playing, or over.
            turn_time_limit_ms (int | None): The time limit per decision in milliseconds; null if the game has no turn
                clocks.
                Public.
            version (int): The version: grows by one with every change; also sent as the ETag.
     """

    alone: int | None
    auction: list[Call]
    called: Card | None
    contract: Contract | None
    dealer: int
    defender_alone: int | None
    discards: list[Card]
    draw: bool
    hand: list[Card]
    hand_number: int
    hand_sizes: list[int]
    joker_revealed_by: int | None
    last_hand: HandSummary | None
    legal_actions: list[AllowAction | AloneAction | BidAction | CallAction | DropAction | ExchangeAction | LeaveUpcardAction | MisereAction | NameTrumpAction | OpenMisereAction | OrderUpAction | PassAction | PassCardsAction | PickUpAction | PickUpAloneAction | PlayAction | StayAction | TakeUpcardAction | VetoAction | VetoAloneAction]
    open_hand: list[Card]
    partner: int | None
    passed_cards: list[Card]
    passed_upcards: list[Card]
    phase: Phase
    round_: int | None
    ruleset: Ruleset
    scores: list[int]
    seat: int | None
    sitting_out: list[int]
    step: Step
    trick: CurrentTrick
    tricks: list[Trick]
    tricks_won: list[int]
    trump: None | Trump
    turn: int | None
    upcard: None | Upcard
    upcard_calls: list[UpcardCall]
    voids: list[list[Suit]]
    widow: list[Card]
    widow_size: int
    winner: int | None
    winners: list[int]
    deadline_unix_ms: int | None
    deal: Deal
    forfeit: int | None
    game_id: str
    ranked_eligible: bool
    rated: bool
    seats: list[SeatInfo]
    status: GameStatus
    turn_time_limit_ms: int | None
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.allow_action import AllowAction # noqa: PLC0415
        from ..models.alone_action import AloneAction # noqa: PLC0415
        from ..models.bid_action import BidAction # noqa: PLC0415
        from ..models.call import Call # noqa: PLC0415
        from ..models.call_action import CallAction # noqa: PLC0415
        from ..models.contract import Contract # noqa: PLC0415
        from ..models.current_trick import CurrentTrick # noqa: PLC0415
        from ..models.drop_action import DropAction # noqa: PLC0415
        from ..models.exchange_action import ExchangeAction # noqa: PLC0415
        from ..models.hand_summary import HandSummary # noqa: PLC0415
        from ..models.leave_upcard_action import LeaveUpcardAction # noqa: PLC0415
        from ..models.misere_action import MisereAction # noqa: PLC0415
        from ..models.name_trump_action import NameTrumpAction # noqa: PLC0415
        from ..models.open_misere_action import OpenMisereAction # noqa: PLC0415
        from ..models.order_up_action import OrderUpAction # noqa: PLC0415
        from ..models.pass_action import PassAction # noqa: PLC0415
        from ..models.pass_cards_action import PassCardsAction # noqa: PLC0415
        from ..models.pick_up_action import PickUpAction # noqa: PLC0415
        from ..models.pick_up_alone_action import PickUpAloneAction # noqa: PLC0415
        from ..models.play_action import PlayAction # noqa: PLC0415
        from ..models.ruleset import Ruleset # noqa: PLC0415
        from ..models.seat_info import SeatInfo # noqa: PLC0415
        from ..models.stay_action import StayAction # noqa: PLC0415
        from ..models.take_upcard_action import TakeUpcardAction # noqa: PLC0415
        from ..models.trick import Trick # noqa: PLC0415
        from ..models.upcard import Upcard # noqa: PLC0415
        from ..models.upcard_call import UpcardCall # noqa: PLC0415
        from ..models.veto_action import VetoAction # noqa: PLC0415
        from ..models.veto_alone_action import VetoAloneAction # noqa: PLC0415
        alone: int | None
        alone = self.alone

        auction = []
        for auction_item_data in self.auction:
            auction_item = auction_item_data.to_dict()
            auction.append(auction_item)



        called: None | str
        if isinstance(self.called, Card):
            called = self.called.value
        else:
            called = self.called

        contract: dict[str, Any] | None
        if isinstance(self.contract, Contract):
            contract = self.contract.to_dict()
        else:
            contract = self.contract

        dealer = self.dealer

        defender_alone: int | None
        defender_alone = self.defender_alone

        discards = []
        for discards_item_data in self.discards:
            discards_item = discards_item_data.value
            discards.append(discards_item)



        draw = self.draw

        hand = []
        for hand_item_data in self.hand:
            hand_item = hand_item_data.value
            hand.append(hand_item)



        hand_number = self.hand_number

        hand_sizes = self.hand_sizes



        joker_revealed_by: int | None
        joker_revealed_by = self.joker_revealed_by

        last_hand: dict[str, Any] | None
        if isinstance(self.last_hand, HandSummary):
            last_hand = self.last_hand.to_dict()
        else:
            last_hand = self.last_hand

        legal_actions = []
        for legal_actions_item_data in self.legal_actions:
            legal_actions_item: dict[str, Any]
            if isinstance(legal_actions_item_data, PassAction):
                legal_actions_item = legal_actions_item_data.to_dict()
            elif isinstance(legal_actions_item_data, BidAction):
                legal_actions_item = legal_actions_item_data.to_dict()
            elif isinstance(legal_actions_item_data, ExchangeAction):
                legal_actions_item = legal_actions_item_data.to_dict()
            elif isinstance(legal_actions_item_data, PlayAction):
                legal_actions_item = legal_actions_item_data.to_dict()
            elif isinstance(legal_actions_item_data, AloneAction):
                legal_actions_item = legal_actions_item_data.to_dict()
            elif isinstance(legal_actions_item_data, PassCardsAction):
                legal_actions_item = legal_actions_item_data.to_dict()
            elif isinstance(legal_actions_item_data, OrderUpAction):
                legal_actions_item = legal_actions_item_data.to_dict()
            elif isinstance(legal_actions_item_data, NameTrumpAction):
                legal_actions_item = legal_actions_item_data.to_dict()
            elif isinstance(legal_actions_item_data, TakeUpcardAction):
                legal_actions_item = legal_actions_item_data.to_dict()
            elif isinstance(legal_actions_item_data, LeaveUpcardAction):
                legal_actions_item = legal_actions_item_data.to_dict()
            elif isinstance(legal_actions_item_data, StayAction):
                legal_actions_item = legal_actions_item_data.to_dict()
            elif isinstance(legal_actions_item_data, DropAction):
                legal_actions_item = legal_actions_item_data.to_dict()
            elif isinstance(legal_actions_item_data, PickUpAction):
                legal_actions_item = legal_actions_item_data.to_dict()
            elif isinstance(legal_actions_item_data, PickUpAloneAction):
                legal_actions_item = legal_actions_item_data.to_dict()
            elif isinstance(legal_actions_item_data, AllowAction):
                legal_actions_item = legal_actions_item_data.to_dict()
            elif isinstance(legal_actions_item_data, VetoAction):
                legal_actions_item = legal_actions_item_data.to_dict()
            elif isinstance(legal_actions_item_data, VetoAloneAction):
                legal_actions_item = legal_actions_item_data.to_dict()
            elif isinstance(legal_actions_item_data, MisereAction):
                legal_actions_item = legal_actions_item_data.to_dict()
            elif isinstance(legal_actions_item_data, OpenMisereAction):
                legal_actions_item = legal_actions_item_data.to_dict()
            else:
                legal_actions_item = legal_actions_item_data.to_dict()

            legal_actions.append(legal_actions_item)



        open_hand = []
        for open_hand_item_data in self.open_hand:
            open_hand_item = open_hand_item_data.value
            open_hand.append(open_hand_item)



        partner: int | None
        partner = self.partner

        passed_cards = []
        for passed_cards_item_data in self.passed_cards:
            passed_cards_item = passed_cards_item_data.value
            passed_cards.append(passed_cards_item)



        passed_upcards = []
        for passed_upcards_item_data in self.passed_upcards:
            passed_upcards_item = passed_upcards_item_data.value
            passed_upcards.append(passed_upcards_item)



        phase = self.phase.value

        round_: int | None
        round_ = self.round_

        ruleset = self.ruleset.to_dict()

        scores = self.scores



        seat: int | None
        seat = self.seat

        sitting_out = self.sitting_out



        step = self.step.value

        trick = self.trick.to_dict()

        tricks = []
        for tricks_item_data in self.tricks:
            tricks_item = tricks_item_data.to_dict()
            tricks.append(tricks_item)



        tricks_won = self.tricks_won



        trump: None | str
        if isinstance(self.trump, Trump):
            trump = self.trump.value
        else:
            trump = self.trump

        turn: int | None
        turn = self.turn

        upcard: dict[str, Any] | None
        if isinstance(self.upcard, Upcard):
            upcard = self.upcard.to_dict()
        else:
            upcard = self.upcard

        upcard_calls = []
        for upcard_calls_item_data in self.upcard_calls:
            upcard_calls_item = upcard_calls_item_data.to_dict()
            upcard_calls.append(upcard_calls_item)



        voids = []
        for voids_item_data in self.voids:
            voids_item = []
            for voids_item_item_data in voids_item_data:
                voids_item_item = voids_item_item_data.value
                voids_item.append(voids_item_item)


            voids.append(voids_item)



        widow = []
        for widow_item_data in self.widow:
            widow_item = widow_item_data.value
            widow.append(widow_item)



        widow_size = self.widow_size

        winner: int | None
        winner = self.winner

        winners = self.winners



        deadline_unix_ms: int | None
        deadline_unix_ms = self.deadline_unix_ms

        deal = self.deal.value

        forfeit: int | None
        forfeit = self.forfeit

        game_id = self.game_id

        ranked_eligible = self.ranked_eligible

        rated = self.rated

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)



        status = self.status.value

        turn_time_limit_ms: int | None
        turn_time_limit_ms = self.turn_time_limit_ms

        version = self.version


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "alone": alone,
            "auction": auction,
            "called": called,
            "contract": contract,
            "dealer": dealer,
            "defender_alone": defender_alone,
            "discards": discards,
            "draw": draw,
            "hand": hand,
            "hand_number": hand_number,
            "hand_sizes": hand_sizes,
            "joker_revealed_by": joker_revealed_by,
            "last_hand": last_hand,
            "legal_actions": legal_actions,
            "open_hand": open_hand,
            "partner": partner,
            "passed_cards": passed_cards,
            "passed_upcards": passed_upcards,
            "phase": phase,
            "round": round_,
            "ruleset": ruleset,
            "scores": scores,
            "seat": seat,
            "sitting_out": sitting_out,
            "step": step,
            "trick": trick,
            "tricks": tricks,
            "tricks_won": tricks_won,
            "trump": trump,
            "turn": turn,
            "upcard": upcard,
            "upcard_calls": upcard_calls,
            "voids": voids,
            "widow": widow,
            "widow_size": widow_size,
            "winner": winner,
            "winners": winners,
            "deadline_unix_ms": deadline_unix_ms,
            "deal": deal,
            "forfeit": forfeit,
            "game_id": game_id,
            "ranked_eligible": ranked_eligible,
            "rated": rated,
            "seats": seats,
            "status": status,
            "turn_time_limit_ms": turn_time_limit_ms,
            "version": version,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.allow_action import AllowAction # noqa: PLC0415
        from ..models.alone_action import AloneAction # noqa: PLC0415
        from ..models.bid_action import BidAction # noqa: PLC0415
        from ..models.call import Call # noqa: PLC0415
        from ..models.call_action import CallAction # noqa: PLC0415
        from ..models.contract import Contract # noqa: PLC0415
        from ..models.current_trick import CurrentTrick # noqa: PLC0415
        from ..models.drop_action import DropAction # noqa: PLC0415
        from ..models.exchange_action import ExchangeAction # noqa: PLC0415
        from ..models.hand_summary import HandSummary # noqa: PLC0415
        from ..models.leave_upcard_action import LeaveUpcardAction # noqa: PLC0415
        from ..models.misere_action import MisereAction # noqa: PLC0415
        from ..models.name_trump_action import NameTrumpAction # noqa: PLC0415
        from ..models.open_misere_action import OpenMisereAction # noqa: PLC0415
        from ..models.order_up_action import OrderUpAction # noqa: PLC0415
        from ..models.pass_action import PassAction # noqa: PLC0415
        from ..models.pass_cards_action import PassCardsAction # noqa: PLC0415
        from ..models.pick_up_action import PickUpAction # noqa: PLC0415
        from ..models.pick_up_alone_action import PickUpAloneAction # noqa: PLC0415
        from ..models.play_action import PlayAction # noqa: PLC0415
        from ..models.ruleset import Ruleset # noqa: PLC0415
        from ..models.seat_info import SeatInfo # noqa: PLC0415
        from ..models.stay_action import StayAction # noqa: PLC0415
        from ..models.take_upcard_action import TakeUpcardAction # noqa: PLC0415
        from ..models.trick import Trick # noqa: PLC0415
        from ..models.upcard import Upcard # noqa: PLC0415
        from ..models.upcard_call import UpcardCall # noqa: PLC0415
        from ..models.veto_action import VetoAction # noqa: PLC0415
        from ..models.veto_alone_action import VetoAloneAction # noqa: PLC0415
        d = dict(src_dict)
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


        def _parse_called(data: object) -> Card | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                called_type_0 = Card(data)



                return called_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Card | None, data)

        called = _parse_called(d.pop("called"))


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


        draw = d.pop("draw")

        hand = []
        _hand = d.pop("hand")
        for hand_item_data in (_hand):
            hand_item = Card(hand_item_data)



            hand.append(hand_item)


        hand_number = d.pop("hand_number")

        hand_sizes = cast(list[int], d.pop("hand_sizes"))


        def _parse_joker_revealed_by(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        joker_revealed_by = _parse_joker_revealed_by(d.pop("joker_revealed_by"))


        def _parse_last_hand(data: object) -> HandSummary | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                last_hand_type_0 = HandSummary.from_dict(data)



                return last_hand_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(HandSummary | None, data)

        last_hand = _parse_last_hand(d.pop("last_hand"))


        legal_actions = []
        _legal_actions = d.pop("legal_actions")
        for legal_actions_item_data in (_legal_actions):
            def _parse_legal_actions_item(data: object) -> AllowAction | AloneAction | BidAction | CallAction | DropAction | ExchangeAction | LeaveUpcardAction | MisereAction | NameTrumpAction | OpenMisereAction | OrderUpAction | PassAction | PassCardsAction | PickUpAction | PickUpAloneAction | PlayAction | StayAction | TakeUpcardAction | VetoAction | VetoAloneAction:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_0 = PassAction.from_dict(data)



                    return componentsschemas_action_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_1 = BidAction.from_dict(data)



                    return componentsschemas_action_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_2 = ExchangeAction.from_dict(data)



                    return componentsschemas_action_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_3 = PlayAction.from_dict(data)



                    return componentsschemas_action_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_4 = AloneAction.from_dict(data)



                    return componentsschemas_action_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_5 = PassCardsAction.from_dict(data)



                    return componentsschemas_action_type_5
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_6 = OrderUpAction.from_dict(data)



                    return componentsschemas_action_type_6
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_7 = NameTrumpAction.from_dict(data)



                    return componentsschemas_action_type_7
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_8 = TakeUpcardAction.from_dict(data)



                    return componentsschemas_action_type_8
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_9 = LeaveUpcardAction.from_dict(data)



                    return componentsschemas_action_type_9
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_10 = StayAction.from_dict(data)



                    return componentsschemas_action_type_10
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_11 = DropAction.from_dict(data)



                    return componentsschemas_action_type_11
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_12 = PickUpAction.from_dict(data)



                    return componentsschemas_action_type_12
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_13 = PickUpAloneAction.from_dict(data)



                    return componentsschemas_action_type_13
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_14 = AllowAction.from_dict(data)



                    return componentsschemas_action_type_14
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_15 = VetoAction.from_dict(data)



                    return componentsschemas_action_type_15
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_16 = VetoAloneAction.from_dict(data)



                    return componentsschemas_action_type_16
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_17 = MisereAction.from_dict(data)



                    return componentsschemas_action_type_17
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_18 = OpenMisereAction.from_dict(data)



                    return componentsschemas_action_type_18
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_type_19 = CallAction.from_dict(data)



                return componentsschemas_action_type_19

            legal_actions_item = _parse_legal_actions_item(legal_actions_item_data)

            legal_actions.append(legal_actions_item)


        open_hand = []
        _open_hand = d.pop("open_hand")
        for open_hand_item_data in (_open_hand):
            open_hand_item = Card(open_hand_item_data)



            open_hand.append(open_hand_item)


        def _parse_partner(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        partner = _parse_partner(d.pop("partner"))


        passed_cards = []
        _passed_cards = d.pop("passed_cards")
        for passed_cards_item_data in (_passed_cards):
            passed_cards_item = Card(passed_cards_item_data)



            passed_cards.append(passed_cards_item)


        passed_upcards = []
        _passed_upcards = d.pop("passed_upcards")
        for passed_upcards_item_data in (_passed_upcards):
            passed_upcards_item = Card(passed_upcards_item_data)



            passed_upcards.append(passed_upcards_item)


        phase = Phase(d.pop("phase"))




        def _parse_round_(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        round_ = _parse_round_(d.pop("round"))


        ruleset = Ruleset.from_dict(d.pop("ruleset"))




        scores = cast(list[int], d.pop("scores"))


        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))


        sitting_out = cast(list[int], d.pop("sitting_out"))


        step = Step(d.pop("step"))




        trick = CurrentTrick.from_dict(d.pop("trick"))




        tricks = []
        _tricks = d.pop("tricks")
        for tricks_item_data in (_tricks):
            tricks_item = Trick.from_dict(tricks_item_data)



            tricks.append(tricks_item)


        tricks_won = cast(list[int], d.pop("tricks_won"))


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


        def _parse_turn(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        turn = _parse_turn(d.pop("turn"))


        def _parse_upcard(data: object) -> None | Upcard:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                upcard_type_0 = Upcard.from_dict(data)



                return upcard_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Upcard, data)

        upcard = _parse_upcard(d.pop("upcard"))


        upcard_calls = []
        _upcard_calls = d.pop("upcard_calls")
        for upcard_calls_item_data in (_upcard_calls):
            upcard_calls_item = UpcardCall.from_dict(upcard_calls_item_data)



            upcard_calls.append(upcard_calls_item)


        voids = []
        _voids = d.pop("voids")
        for voids_item_data in (_voids):
            voids_item = []
            _voids_item = voids_item_data
            for voids_item_item_data in (_voids_item):
                voids_item_item = Suit(voids_item_item_data)



                voids_item.append(voids_item_item)

            voids.append(voids_item)


        widow = []
        _widow = d.pop("widow")
        for widow_item_data in (_widow):
            widow_item = Card(widow_item_data)



            widow.append(widow_item)


        widow_size = d.pop("widow_size")

        def _parse_winner(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        winner = _parse_winner(d.pop("winner"))


        winners = cast(list[int], d.pop("winners"))


        def _parse_deadline_unix_ms(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        deadline_unix_ms = _parse_deadline_unix_ms(d.pop("deadline_unix_ms"))


        deal = Deal(d.pop("deal"))




        def _parse_forfeit(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        forfeit = _parse_forfeit(d.pop("forfeit"))


        game_id = d.pop("game_id")

        ranked_eligible = d.pop("ranked_eligible")

        rated = d.pop("rated")

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in (_seats):
            seats_item = SeatInfo.from_dict(seats_item_data)



            seats.append(seats_item)


        status = GameStatus(d.pop("status"))




        def _parse_turn_time_limit_ms(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        turn_time_limit_ms = _parse_turn_time_limit_ms(d.pop("turn_time_limit_ms"))


        version = d.pop("version")

        game_view = cls(
            alone=alone,
            auction=auction,
            called=called,
            contract=contract,
            dealer=dealer,
            defender_alone=defender_alone,
            discards=discards,
            draw=draw,
            hand=hand,
            hand_number=hand_number,
            hand_sizes=hand_sizes,
            joker_revealed_by=joker_revealed_by,
            last_hand=last_hand,
            legal_actions=legal_actions,
            open_hand=open_hand,
            partner=partner,
            passed_cards=passed_cards,
            passed_upcards=passed_upcards,
            phase=phase,
            round_=round_,
            ruleset=ruleset,
            scores=scores,
            seat=seat,
            sitting_out=sitting_out,
            step=step,
            trick=trick,
            tricks=tricks,
            tricks_won=tricks_won,
            trump=trump,
            turn=turn,
            upcard=upcard,
            upcard_calls=upcard_calls,
            voids=voids,
            widow=widow,
            widow_size=widow_size,
            winner=winner,
            winners=winners,
            deadline_unix_ms=deadline_unix_ms,
            deal=deal,
            forfeit=forfeit,
            game_id=game_id,
            ranked_eligible=ranked_eligible,
            rated=rated,
            seats=seats,
            status=status,
            turn_time_limit_ms=turn_time_limit_ms,
            version=version,
        )


        game_view.additional_properties = d
        return game_view

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
