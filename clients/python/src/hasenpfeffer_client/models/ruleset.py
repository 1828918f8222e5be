from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.all_drop import AllDrop
from ..models.all_pass import AllPass
from ..models.alone_rule import AloneRule
from ..models.auction_kind import AuctionKind
from ..models.auction_pass import AuctionPass
from ..models.dealer_pickup import DealerPickup
from ..models.deck import Deck
from ..models.defender_points import DefenderPoints
from ..models.first_lead import FirstLead
from ..models.game_end import GameEnd
from ..models.preset import Preset
from ..models.scoring import Scoring
from ..models.set_penalty import SetPenalty
from ..models.side_form import SideForm
from ..types import UNSET, Unset






T = TypeVar("T", bound="Ruleset")



@_attrs_define
class Ruleset:
    """ A game's rules, every option resolved: its preset, its table, and every rule its game has,
    under the option names `GET /v1/rulesets` lists. A field the game does not have is left
    out (no `sides` at a table of four, no `all_drop` outside Buck Euchre, no `min_bid` or
    `set_penalty` where trump is made by an upcard).

        Attributes:
            all_pass (AllPass): When everyone passes: `joker_holder_bids_3` (the joker holder reveals it and must bid 3; a
                joker in the widow voids the hand), `redeal` (thrown in), `dealer_forced` (the dealer may not pass),
                `no_trump_no_declarer` (Buck Euchre: all passing twice; Five Hundred: all passing; the hand is played at no
                trump with no declarer, each for himself).
            auction (AuctionKind): `single_round`: one bid each, dealer last. `open`: round and round until all but one have
                passed (a pass is final) or the maximum is bid. `consecutive_passes`: round and round, a player who passed may
                bid again, until a bid is followed by a pass from every other player in a row (three at four players) or the
                maximum is bid. `upcard` (Euchre): an upcard accepted in round 1 or another suit named in round 2.
                `successive_upcards` (Bacon): up to four upcards, each passed or picked up (alone or not) subject to the
                caller's partner's answer.
            bowers (bool): Whether the jacks of the trump colour are the right and left bowers.
            deck (Deck): The deck: `standard25` (9-A and the joker), `pepper24` (9-A), `pinochle48` (two copies of 9-A),
                `euchre32` (7-A), `euchre24` (9-A), `full52` (2-A); Five Hundred's packs by players, `five_hundred_24` (2: 9-A),
                `five_hundred_32`/`_33` (3: 7-A, and the joker), `five_hundred_42`/`_43` (4: 5-A and the red fours),
                `five_hundred_52`/`_53` (5: 2-A), `five_hundred_62`/`_63` (6: 2-A, L and M in every suit, red N). Each preset
                names the decks it is played with.
            first_lead (FirstLead): Who leads the first trick: `high_bidder`; `left_of_dealer` (when nobody is alone);
                `dealer_left` (the first active seat from the dealer's left, whoever is alone); `upcard_taker` (Bacon: the seat
                left of the caller, which took the upcard).
            game_end (GameEnd): `declarers_win_ties`: first side to the target wins, declarers win a same-hand tie.
                `higher_score_or_draw`: when a side reaches the target the higher score wins; equal is a draw. `lowest_at_zero`
                (Buck Euchre): scores count down from the target; once one is 0 or less the lowest wins (equal lowest tie), and
                all the tricks of a hand win at once. `made_contract` (Five Hundred): only a contract ends the game: made, each
                declaring side at the target or more wins; failed, each at minus the target or less loses and the highest other
                score wins.
            max_hands (int): The most hands the game lasts (0: no limit).
            players (int): Players.
            preset (Preset): A named ruleset of the Hasenpfeffer family.
            scoring (Scoring): How a played hand scores: `contract` (the declarers their tricks or the set penalty, the
                others their tricks) or `euchre` (the makers 1, a march 2, alone 4; euchred, the defenders 2, a lone defender 4)
                or `buck` (per player, counting down: dropped out 0, a failed declarer or a trickless player +5, else minus a
                point a trick) or `bacon` (only a side with 3 tricks scores: the declarers 1, 2 for all five; a loner or the
                defenders 2, 4 for all five) or `five_hundred` (the declaring side, with a called partner each of the two,
                scores the bid's value or loses it; the opponents 10 a trick; all passing, each 10 per trick it won).
            target_score (int): The score that ends the game (Buck Euchre: the score every player starts from).
            all_drop (AllDrop | Unset): Buck Euchre, when the three others all drop out: `declarer_takes_all` (the declarer
                takes every trick without play, and wins) or `last_must_stay` (the third to decide after two drops must stay).
            alone (AloneRule | Unset): Going alone: `none`; `partner_sits_out` (after the exchange the high bidder, then at
                most one defender, may go alone); `exchange_two` (the lone bidder discards two and receives two from the partner
                on the left); `maker` (upcard games: only the maker may go alone).
            auction_pass (AuctionPass | Unset): Five Hundred: whether a pass is final (`final`: a passer may not bid again)
                or not.
            dealer_pickup (DealerPickup | Unset): Upcard games: whether the dealer may leave an upcard ordered up
                (`optional`) or must take it (`mandatory`).
            defender_points (DefenderPoints | Unset): Five Hundred: what the opponents of a contract score.
            joker (bool | Unset): Five Hundred: whether the pack holds the joker.
            lone_defender (bool | Unset): Euchre: whether a defender may go alone after the maker's choice (`alone`
                `partner_sits_out`).
            min_bid (int | Unset): The lowest bid (games with a bidding auction).
            no_trump (bool | Unset): Whether a declarer may name no trump (games with a bidding auction).
            pepper_bids (bool | Unset): Little and big pepper as the top bids (RULES.md's bidding games).
            set_penalty (SetPenalty | Unset): What failed declarers lose: the `contract`, `fixed_6`, or `all_tricks` (as
                many as a hand has tricks: 8 in pepper for 3 players).
            sides (SideForm | Unset): Five Hundred for six: two teams of three (seat % 2) or three teams of two (seat % 3).
            stick_the_dealer (bool | Unset): Euchre and Buck Euchre: the dealer may not pass in round 2.
     """

    all_pass: AllPass
    auction: AuctionKind
    bowers: bool
    deck: Deck
    first_lead: FirstLead
    game_end: GameEnd
    max_hands: int
    players: int
    preset: Preset
    scoring: Scoring
    target_score: int
    all_drop: AllDrop | Unset = UNSET
    alone: AloneRule | Unset = UNSET
    auction_pass: AuctionPass | Unset = UNSET
    dealer_pickup: DealerPickup | Unset = UNSET
    defender_points: DefenderPoints | Unset = UNSET
    joker: bool | Unset = UNSET
    lone_defender: bool | Unset = UNSET
    min_bid: int | Unset = UNSET
    no_trump: bool | Unset = UNSET
    pepper_bids: bool | Unset = UNSET
    set_penalty: SetPenalty | Unset = UNSET
    sides: SideForm | Unset = UNSET
    stick_the_dealer: bool | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        all_pass = self.all_pass.value

        auction = self.auction.value

        bowers = self.bowers

        deck = self.deck.value

        first_lead = self.first_lead.value

        game_end = self.game_end.value

        max_hands = self.max_hands

        players = self.players

        preset = self.preset.value

        scoring = self.scoring.value

        target_score = self.target_score

        all_drop: str | Unset = UNSET
        if not isinstance(self.all_drop, Unset):
            all_drop = self.all_drop.value


        alone: str | Unset = UNSET
        if not isinstance(self.alone, Unset):
            alone = self.alone.value


        auction_pass: str | Unset = UNSET
        if not isinstance(self.auction_pass, Unset):
            auction_pass = self.auction_pass.value


        dealer_pickup: str | Unset = UNSET
        if not isinstance(self.dealer_pickup, Unset):
            dealer_pickup = self.dealer_pickup.value


        defender_points: str | Unset = UNSET
        if not isinstance(self.defender_points, Unset):
            defender_points = self.defender_points.value


        joker = self.joker

        lone_defender = self.lone_defender

        min_bid = self.min_bid

        no_trump = self.no_trump

        pepper_bids = self.pepper_bids

        set_penalty: str | Unset = UNSET
        if not isinstance(self.set_penalty, Unset):
            set_penalty = self.set_penalty.value


        sides: str | Unset = UNSET
        if not isinstance(self.sides, Unset):
            sides = self.sides.value


        stick_the_dealer = self.stick_the_dealer


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "all_pass": all_pass,
            "auction": auction,
            "bowers": bowers,
            "deck": deck,
            "first_lead": first_lead,
            "game_end": game_end,
            "max_hands": max_hands,
            "players": players,
            "preset": preset,
            "scoring": scoring,
            "target_score": target_score,
        })
        if all_drop is not UNSET:
            field_dict["all_drop"] = all_drop
        if alone is not UNSET:
            field_dict["alone"] = alone
        if auction_pass is not UNSET:
            field_dict["auction_pass"] = auction_pass
        if dealer_pickup is not UNSET:
            field_dict["dealer_pickup"] = dealer_pickup
        if defender_points is not UNSET:
            field_dict["defender_points"] = defender_points
        if joker is not UNSET:
            field_dict["joker"] = joker
        if lone_defender is not UNSET:
            field_dict["lone_defender"] = lone_defender
        if min_bid is not UNSET:
            field_dict["min_bid"] = min_bid
        if no_trump is not UNSET:
            field_dict["no_trump"] = no_trump
        if pepper_bids is not UNSET:
            field_dict["pepper_bids"] = pepper_bids
        if set_penalty is not UNSET:
            field_dict["set_penalty"] = set_penalty
        if sides is not UNSET:
            field_dict["sides"] = sides
        if stick_the_dealer is not UNSET:
            field_dict["stick_the_dealer"] = stick_the_dealer

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        all_pass = AllPass(d.pop("all_pass"))




        auction = AuctionKind(d.pop("auction"))




        bowers = d.pop("bowers")

        deck = Deck(d.pop("deck"))




        first_lead = FirstLead(d.pop("first_lead"))




        game_end = GameEnd(d.pop("game_end"))




        max_hands = d.pop("max_hands")

        players = d.pop("players")

        preset = Preset(d.pop("preset"))




        scoring = Scoring(d.pop("scoring"))




        target_score = d.pop("target_score")

        _all_drop = d.pop("all_drop", UNSET)
        all_drop: AllDrop | Unset
        if isinstance(_all_drop,  Unset):
            all_drop = UNSET
        else:
            all_drop = AllDrop(_all_drop)




        _alone = d.pop("alone", UNSET)
        alone: AloneRule | Unset
        if isinstance(_alone,  Unset):
            alone = UNSET
        else:
            alone = AloneRule(_alone)




        _auction_pass = d.pop("auction_pass", UNSET)
        auction_pass: AuctionPass | Unset
        if isinstance(_auction_pass,  Unset):
            auction_pass = UNSET
        else:
            auction_pass = AuctionPass(_auction_pass)




        _dealer_pickup = d.pop("dealer_pickup", UNSET)
        dealer_pickup: DealerPickup | Unset
        if isinstance(_dealer_pickup,  Unset):
            dealer_pickup = UNSET
        else:
            dealer_pickup = DealerPickup(_dealer_pickup)




        _defender_points = d.pop("defender_points", UNSET)
        defender_points: DefenderPoints | Unset
        if isinstance(_defender_points,  Unset):
            defender_points = UNSET
        else:
            defender_points = DefenderPoints(_defender_points)




        joker = d.pop("joker", UNSET)

        lone_defender = d.pop("lone_defender", UNSET)

        min_bid = d.pop("min_bid", UNSET)

        no_trump = d.pop("no_trump", UNSET)

        pepper_bids = d.pop("pepper_bids", UNSET)

        _set_penalty = d.pop("set_penalty", UNSET)
        set_penalty: SetPenalty | Unset
        if isinstance(_set_penalty,  Unset):
            set_penalty = UNSET
        else:
            set_penalty = SetPenalty(_set_penalty)




        _sides = d.pop("sides", UNSET)
        sides: SideForm | Unset
        if isinstance(_sides,  Unset):
            sides = UNSET
        else:
            sides = SideForm(_sides)




        stick_the_dealer = d.pop("stick_the_dealer", UNSET)

        ruleset = cls(
            all_pass=all_pass,
            auction=auction,
            bowers=bowers,
            deck=deck,
            first_lead=first_lead,
            game_end=game_end,
            max_hands=max_hands,
            players=players,
            preset=preset,
            scoring=scoring,
            target_score=target_score,
            all_drop=all_drop,
            alone=alone,
            auction_pass=auction_pass,
            dealer_pickup=dealer_pickup,
            defender_points=defender_points,
            joker=joker,
            lone_defender=lone_defender,
            min_bid=min_bid,
            no_trump=no_trump,
            pepper_bids=pepper_bids,
            set_penalty=set_penalty,
            sides=sides,
            stick_the_dealer=stick_the_dealer,
        )

        return ruleset

