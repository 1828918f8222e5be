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
from ..models.set_penalty import SetPenalty
from ..models.side_form import SideForm
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="RulesetSpec")



@_attrs_define
class RulesetSpec:
    """ A ruleset: a preset plus any option overrides (RULES.md section 3). Every field may be left
    out; `{}` is the `hasenpfeffer` preset.

        Example:
            {'preset': 'hasenpfeffer'}

        Attributes:
            all_drop (AllDrop | None | Unset):
            all_pass (AllPass | None | Unset):
            alone (AloneRule | None | Unset):
            auction (AuctionKind | None | Unset):
            auction_pass (AuctionPass | None | Unset):
            bowers (bool | None | Unset): Whether the jacks of the trump colour are the right and left bowers.
            dealer_pickup (DealerPickup | None | Unset):
            deck (Deck | None | Unset):
            defender_points (DefenderPoints | None | Unset):
            first_lead (FirstLead | None | Unset):
            game_end (GameEnd | None | Unset):
            joker (bool | None | Unset): `five-hundred`: whether the pack holds the joker (default true; not with 2
                players).
            lone_defender (bool | None | Unset): `euchre`: after the maker's choice, each defender from the dealer's left
                may go alone
                (at most one; a euchre by a lone defender scores 4). The same as `"alone":
                "partner_sits_out"`.
            max_hands (int | None | Unset): The most hands the game lasts (1 to 1,000; default: no limit): after that many
                hands
                (a thrown-in hand counts), if no side has won, the best score wins and equal best
                scores tie. `1` plays a single deal, as duplicate matches do.
            min_bid (int | None | Unset): The lowest bid.
            no_trump (bool | None | Unset): Whether the declarer may name no trump (not with the joker).
            pepper_bids (bool | None | Unset): Little and big pepper as the top bids.
            players (int | None | Unset): Players: 4, or 6 with `pinochle48`, or 2 or 3 in `pepper` (every player alone, 8
                cards
                each; with 2, a third hand is dealt to nobody and never seen while the hand is played).
            preset (Preset | Unset): A named ruleset of the Hasenpfeffer family.
            set_penalty (None | SetPenalty | Unset):
            sides (None | SideForm | Unset):
            stick_the_dealer (bool | None | Unset): Upcard games (`euchre`): the dealer may not pass in round 2.
            target_score (int | None | Unset): The score that ends the game: 1 to ten times the preset's default (100 for
                `hasenpfeffer` and `hasenpfeffer-open`, 300 for `pepper`, 320 for `double-hasenpfeffer`).
     """

    all_drop: AllDrop | None | Unset = UNSET
    all_pass: AllPass | None | Unset = UNSET
    alone: AloneRule | None | Unset = UNSET
    auction: AuctionKind | None | Unset = UNSET
    auction_pass: AuctionPass | None | Unset = UNSET
    bowers: bool | None | Unset = UNSET
    dealer_pickup: DealerPickup | None | Unset = UNSET
    deck: Deck | None | Unset = UNSET
    defender_points: DefenderPoints | None | Unset = UNSET
    first_lead: FirstLead | None | Unset = UNSET
    game_end: GameEnd | None | Unset = UNSET
    joker: bool | None | Unset = UNSET
    lone_defender: bool | None | Unset = UNSET
    max_hands: int | None | Unset = UNSET
    min_bid: int | None | Unset = UNSET
    no_trump: bool | None | Unset = UNSET
    pepper_bids: bool | None | Unset = UNSET
    players: int | None | Unset = UNSET
    preset: Preset | Unset = UNSET
    set_penalty: None | SetPenalty | Unset = UNSET
    sides: None | SideForm | Unset = UNSET
    stick_the_dealer: bool | None | Unset = UNSET
    target_score: int | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        all_drop: None | str | Unset
        if isinstance(self.all_drop, Unset):
            all_drop = UNSET
        elif isinstance(self.all_drop, AllDrop):
            all_drop = self.all_drop.value
        else:
            all_drop = self.all_drop

        all_pass: None | str | Unset
        if isinstance(self.all_pass, Unset):
            all_pass = UNSET
        elif isinstance(self.all_pass, AllPass):
            all_pass = self.all_pass.value
        else:
            all_pass = self.all_pass

        alone: None | str | Unset
        if isinstance(self.alone, Unset):
            alone = UNSET
        elif isinstance(self.alone, AloneRule):
            alone = self.alone.value
        else:
            alone = self.alone

        auction: None | str | Unset
        if isinstance(self.auction, Unset):
            auction = UNSET
        elif isinstance(self.auction, AuctionKind):
            auction = self.auction.value
        else:
            auction = self.auction

        auction_pass: None | str | Unset
        if isinstance(self.auction_pass, Unset):
            auction_pass = UNSET
        elif isinstance(self.auction_pass, AuctionPass):
            auction_pass = self.auction_pass.value
        else:
            auction_pass = self.auction_pass

        bowers: bool | None | Unset
        if isinstance(self.bowers, Unset):
            bowers = UNSET
        else:
            bowers = self.bowers

        dealer_pickup: None | str | Unset
        if isinstance(self.dealer_pickup, Unset):
            dealer_pickup = UNSET
        elif isinstance(self.dealer_pickup, DealerPickup):
            dealer_pickup = self.dealer_pickup.value
        else:
            dealer_pickup = self.dealer_pickup

        deck: None | str | Unset
        if isinstance(self.deck, Unset):
            deck = UNSET
        elif isinstance(self.deck, Deck):
            deck = self.deck.value
        else:
            deck = self.deck

        defender_points: None | str | Unset
        if isinstance(self.defender_points, Unset):
            defender_points = UNSET
        elif isinstance(self.defender_points, DefenderPoints):
            defender_points = self.defender_points.value
        else:
            defender_points = self.defender_points

        first_lead: None | str | Unset
        if isinstance(self.first_lead, Unset):
            first_lead = UNSET
        elif isinstance(self.first_lead, FirstLead):
            first_lead = self.first_lead.value
        else:
            first_lead = self.first_lead

        game_end: None | str | Unset
        if isinstance(self.game_end, Unset):
            game_end = UNSET
        elif isinstance(self.game_end, GameEnd):
            game_end = self.game_end.value
        else:
            game_end = self.game_end

        joker: bool | None | Unset
        if isinstance(self.joker, Unset):
            joker = UNSET
        else:
            joker = self.joker

        lone_defender: bool | None | Unset
        if isinstance(self.lone_defender, Unset):
            lone_defender = UNSET
        else:
            lone_defender = self.lone_defender

        max_hands: int | None | Unset
        if isinstance(self.max_hands, Unset):
            max_hands = UNSET
        else:
            max_hands = self.max_hands

        min_bid: int | None | Unset
        if isinstance(self.min_bid, Unset):
            min_bid = UNSET
        else:
            min_bid = self.min_bid

        no_trump: bool | None | Unset
        if isinstance(self.no_trump, Unset):
            no_trump = UNSET
        else:
            no_trump = self.no_trump

        pepper_bids: bool | None | Unset
        if isinstance(self.pepper_bids, Unset):
            pepper_bids = UNSET
        else:
            pepper_bids = self.pepper_bids

        players: int | None | Unset
        if isinstance(self.players, Unset):
            players = UNSET
        else:
            players = self.players

        preset: str | Unset = UNSET
        if not isinstance(self.preset, Unset):
            preset = self.preset.value


        set_penalty: None | str | Unset
        if isinstance(self.set_penalty, Unset):
            set_penalty = UNSET
        elif isinstance(self.set_penalty, SetPenalty):
            set_penalty = self.set_penalty.value
        else:
            set_penalty = self.set_penalty

        sides: None | str | Unset
        if isinstance(self.sides, Unset):
            sides = UNSET
        elif isinstance(self.sides, SideForm):
            sides = self.sides.value
        else:
            sides = self.sides

        stick_the_dealer: bool | None | Unset
        if isinstance(self.stick_the_dealer, Unset):
            stick_the_dealer = UNSET
        else:
            stick_the_dealer = self.stick_the_dealer

        target_score: int | None | Unset
        if isinstance(self.target_score, Unset):
            target_score = UNSET
        else:
            target_score = self.target_score


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if all_drop is not UNSET:
            field_dict["all_drop"] = all_drop
        if all_pass is not UNSET:
            field_dict["all_pass"] = all_pass
        if alone is not UNSET:
            field_dict["alone"] = alone
        if auction is not UNSET:
            field_dict["auction"] = auction
        if auction_pass is not UNSET:
            field_dict["auction_pass"] = auction_pass
        if bowers is not UNSET:
            field_dict["bowers"] = bowers
        if dealer_pickup is not UNSET:
            field_dict["dealer_pickup"] = dealer_pickup
        if deck is not UNSET:
            field_dict["deck"] = deck
        if defender_points is not UNSET:
            field_dict["defender_points"] = defender_points
        if first_lead is not UNSET:
            field_dict["first_lead"] = first_lead
        if game_end is not UNSET:
            field_dict["game_end"] = game_end
        if joker is not UNSET:
            field_dict["joker"] = joker
        if lone_defender is not UNSET:
            field_dict["lone_defender"] = lone_defender
        if max_hands is not UNSET:
            field_dict["max_hands"] = max_hands
        if min_bid is not UNSET:
            field_dict["min_bid"] = min_bid
        if no_trump is not UNSET:
            field_dict["no_trump"] = no_trump
        if pepper_bids is not UNSET:
            field_dict["pepper_bids"] = pepper_bids
        if players is not UNSET:
            field_dict["players"] = players
        if preset is not UNSET:
            field_dict["preset"] = preset
        if set_penalty is not UNSET:
            field_dict["set_penalty"] = set_penalty
        if sides is not UNSET:
            field_dict["sides"] = sides
        if stick_the_dealer is not UNSET:
            field_dict["stick_the_dealer"] = stick_the_dealer
        if target_score is not UNSET:
            field_dict["target_score"] = target_score

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_all_drop(data: object) -> AllDrop | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                all_drop_type_0 = AllDrop(data)



                return all_drop_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AllDrop | None | Unset, data)

        all_drop = _parse_all_drop(d.pop("all_drop", UNSET))


        def _parse_all_pass(data: object) -> AllPass | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                all_pass_type_0 = AllPass(data)



                return all_pass_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AllPass | None | Unset, data)

        all_pass = _parse_all_pass(d.pop("all_pass", UNSET))


        def _parse_alone(data: object) -> AloneRule | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                alone_type_0 = AloneRule(data)



                return alone_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AloneRule | None | Unset, data)

        alone = _parse_alone(d.pop("alone", UNSET))


        def _parse_auction(data: object) -> AuctionKind | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                auction_type_0 = AuctionKind(data)



                return auction_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AuctionKind | None | Unset, data)

        auction = _parse_auction(d.pop("auction", UNSET))


        def _parse_auction_pass(data: object) -> AuctionPass | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                auction_pass_type_0 = AuctionPass(data)



                return auction_pass_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AuctionPass | None | Unset, data)

        auction_pass = _parse_auction_pass(d.pop("auction_pass", UNSET))


        def _parse_bowers(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        bowers = _parse_bowers(d.pop("bowers", UNSET))


        def _parse_dealer_pickup(data: object) -> DealerPickup | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                dealer_pickup_type_0 = DealerPickup(data)



                return dealer_pickup_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DealerPickup | None | Unset, data)

        dealer_pickup = _parse_dealer_pickup(d.pop("dealer_pickup", UNSET))


        def _parse_deck(data: object) -> Deck | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                deck_type_0 = Deck(data)



                return deck_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Deck | None | Unset, data)

        deck = _parse_deck(d.pop("deck", UNSET))


        def _parse_defender_points(data: object) -> DefenderPoints | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                defender_points_type_0 = DefenderPoints(data)



                return defender_points_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DefenderPoints | None | Unset, data)

        defender_points = _parse_defender_points(d.pop("defender_points", UNSET))


        def _parse_first_lead(data: object) -> FirstLead | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                first_lead_type_0 = FirstLead(data)



                return first_lead_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FirstLead | None | Unset, data)

        first_lead = _parse_first_lead(d.pop("first_lead", UNSET))


        def _parse_game_end(data: object) -> GameEnd | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                game_end_type_0 = GameEnd(data)



                return game_end_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GameEnd | None | Unset, data)

        game_end = _parse_game_end(d.pop("game_end", UNSET))


        def _parse_joker(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        joker = _parse_joker(d.pop("joker", UNSET))


        def _parse_lone_defender(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        lone_defender = _parse_lone_defender(d.pop("lone_defender", UNSET))


        def _parse_max_hands(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_hands = _parse_max_hands(d.pop("max_hands", UNSET))


        def _parse_min_bid(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        min_bid = _parse_min_bid(d.pop("min_bid", UNSET))


        def _parse_no_trump(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        no_trump = _parse_no_trump(d.pop("no_trump", UNSET))


        def _parse_pepper_bids(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        pepper_bids = _parse_pepper_bids(d.pop("pepper_bids", UNSET))


        def _parse_players(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        players = _parse_players(d.pop("players", UNSET))


        _preset = d.pop("preset", UNSET)
        preset: Preset | Unset
        if isinstance(_preset,  Unset):
            preset = UNSET
        else:
            preset = Preset(_preset)




        def _parse_set_penalty(data: object) -> None | SetPenalty | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                set_penalty_type_0 = SetPenalty(data)



                return set_penalty_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SetPenalty | Unset, data)

        set_penalty = _parse_set_penalty(d.pop("set_penalty", UNSET))


        def _parse_sides(data: object) -> None | SideForm | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                sides_type_0 = SideForm(data)



                return sides_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SideForm | Unset, data)

        sides = _parse_sides(d.pop("sides", UNSET))


        def _parse_stick_the_dealer(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        stick_the_dealer = _parse_stick_the_dealer(d.pop("stick_the_dealer", UNSET))


        def _parse_target_score(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        target_score = _parse_target_score(d.pop("target_score", UNSET))


        ruleset_spec = cls(
            all_drop=all_drop,
            all_pass=all_pass,
            alone=alone,
            auction=auction,
            auction_pass=auction_pass,
            bowers=bowers,
            dealer_pickup=dealer_pickup,
            deck=deck,
            defender_points=defender_points,
            first_lead=first_lead,
            game_end=game_end,
            joker=joker,
            lone_defender=lone_defender,
            max_hands=max_hands,
            min_bid=min_bid,
            no_trump=no_trump,
            pepper_bids=pepper_bids,
            players=players,
            preset=preset,
            set_penalty=set_penalty,
            sides=sides,
            stick_the_dealer=stick_the_dealer,
            target_score=target_score,
        )

        return ruleset_spec

