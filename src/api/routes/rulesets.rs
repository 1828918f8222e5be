//! The rulesets: every preset and what each option means.

use actix_web::{HttpResponse, get};

use crate::api::wire::{OptionInfo, PresetInfo, RulesetCatalog};
use crate::engine::Preset;

fn option_catalog() -> Vec<OptionInfo> {
    let o = |name: &str, values: &str, description: &str| OptionInfo {
        name: name.into(),
        values: values.into(),
        description: description.into(),
    };
    vec![
        o(
            "deck",
            "standard25 | pepper24 | pinochle48 | euchre32 | euchre24 | full52 | five_hundred_24 | five_hundred_32 | five_hundred_33 | five_hundred_42 | five_hundred_43 | five_hundred_52 | five_hundred_53 | five_hundred_62 | five_hundred_63",
            "The deck: 9-A plus the joker (25), 9-A (24), or two copies of 9-A (48); in euchre 7-A (32) or 9-A (24); in bacon 2-A (52). Each preset lists its `decks`. In five-hundred the pack follows `players` and `joker` and is not an option: 9-A for 2, 7-A for 3, 5-A and the red fours for 4, 2-A for 5, 2-A with 11s and 12s in every suit and the red 13s (codes L, M, N) for 6, each with the joker (the number is the pack's size).",
        ),
        o(
            "players",
            "2 | 3 | 4 | 5 | 6",
            "Five-hundred: 2 to 6 (default 4; 4 in two partnerships, 6 in `sides`, 2, 3 and 5 each for himself). Otherwise players in two alternating partnerships (euchre and bacon: 4 only; buck-euchre: 4, every player for themselves); 6 only with pinochle48; 2 or 3 only in pepper, where every player plays alone (8 cards each, bids 1 to 7 and pepper, failed declarers lose 8, first to 30: the highest score wins, equal highest scores tie; with 2, a third hand of 8 is dealt to nobody and stays face down).",
        ),
        o(
            "bowers",
            "true | false",
            "Whether the jack of trumps (right bower) and the other jack of its colour (left bower) are the top trumps.",
        ),
        o(
            "auction",
            "single_round | open | consecutive_passes | upcard | successive_upcards",
            "One bid each with the dealer last; round and round until all but one have passed (a pass is final); or round and round until a bid is followed by a pass from every other player in a row (a passer may bid again). `upcard` (euchre, set by the preset, not an override): the first undealt card is turned up; round 1 orders its suit up or passes, round 2 names another suit or passes. `successive_upcards` (bacon, set by the preset): up to four upcards in turn, each passed or picked up (`pick_up`, `pick_up_alone`) subject to the caller's partner's answer (`allow`, `veto`, `veto_alone`); the seat left of the caller takes the upcard (`take_upcard`, discarding face up) and leads.",
        ),
        o("min_bid", "1..tricks", "The lowest bid."),
        o(
            "pepper_bids",
            "true | false",
            "The top bids are little pepper (all tricks) and big pepper (all tricks, doubled stakes).",
        ),
        o(
            "no_trump",
            "true | false",
            "Whether the declarer may name no trump (`NT`); not with the joker.",
        ),
        o(
            "all_pass",
            "joker_holder_bids_3 | redeal | dealer_forced | no_trump_no_declarer",
            "When everyone passes: the joker holder must bid 3 (a joker in the widow voids the hand), the hand is thrown in, or the dealer may not pass. `no_trump_no_declarer` (buck-euchre and five-hundred, set by the preset): all passing (in buck-euchre twice), the hand is played at no trump with no declarer, each for himself.",
        ),
        o(
            "alone",
            "none | partner_sits_out | exchange_two | maker",
            "Going alone: never; after the exchange, the high bidder then one defender, partners sit out; the bidder discards two and receives two from the partner; or (euchre) the maker alone, its partner sitting out (with `lone_defender`, `partner_sits_out`); in bacon `maker` (a caller may pick up alone) or `none`.",
        ),
        o(
            "first_lead",
            "high_bidder | left_of_dealer | dealer_left | upcard_taker",
            "Who leads the first trick when nobody is alone (`dealer_left`: euchre's rule, set by the preset: the dealer's left always, or the left of a lone player; `upcard_taker`: bacon's, set by the preset: the seat left of the caller, which took the upcard).",
        ),
        o(
            "set_penalty",
            "contract | fixed_6 | all_tricks",
            "What failed declarers lose: the contract, 6, or as many as a hand has tricks (the default of pepper for 3).",
        ),
        o(
            "target_score",
            "1..10 x the preset's default",
            "The score that ends the game: at most 100 (hasenpfeffer, -open, bacon), 300 (pepper), 320 (double), 50 (euchre); in buck-euchre the score every player starts from, counting down (default 25, at most 250); in five-hundred the score a made contract wins at and minus which a failed one loses at (default 500, at most 5000).",
        ),
        o(
            "max_hands",
            "1..1000",
            "Every preset: the most hands the game lasts (default: no limit). After that many hands (a thrown-in hand counts), if no side has won, the best score wins (the lowest in buck-euchre) and equal best scores tie. `1` plays a single deal, as duplicate matches do.",
        ),
        o(
            "dealer_pickup",
            "optional | mandatory",
            "Euchre and Buck Euchre (where it is `mandatory`): whether the dealer may leave an upcard ordered up on the stub (`leave_upcard`) or must take it (`take_upcard`, discarding one card face down).",
        ),
        o(
            "stick_the_dealer",
            "true | false",
            "Euchre and Buck Euchre: the dealer may not pass in round 2 and must name a suit (otherwise all passing twice throws the hand in, or in Buck Euchre plays it at no trump).",
        ),
        o(
            "lone_defender",
            "true | false",
            "Euchre: after the maker's choice, a defender (from the dealer's left) may go alone too; a euchre by a lone defender scores 4.",
        ),
        o(
            "all_drop",
            "declarer_takes_all | last_must_stay",
            "Buck Euchre, when the others may drop out of the declarer's hand (`stay` or `drop`, from the declarer's left): if all three drop, the declarer takes the five tricks without play and wins; or the third to decide after two drops must stay.",
        ),
        o(
            "game_end",
            "declarers_win_ties | higher_score_or_draw | lowest_at_zero | made_contract",
            "First to the target wins with declarers winning ties, or the higher score wins with a draw on equal scores. `lowest_at_zero` (buck-euchre, set by the preset): scores count down from `target_score`; after a hand in which some score is 0 or less the lowest wins (equal lowest tie), and a player who takes all five tricks of a hand wins at once. `made_contract` (five-hundred, set by the preset): only a contract ends the game: made, each declaring side at `target_score` or more wins; failed, each at minus `target_score` or less loses and the highest other score wins (equal: tied winners).",
        ),
        o(
            "joker",
            "true | false",
            "Five-hundred: whether the pack holds the joker (default true; not with 2 players, whose pack is 9-A). The joker is the top trump; at no trump (NT bids, misères, all passing) the only one: played only when void in the suit led, and led it names a suit (`suit` on the play) its holder has not renounced.",
        ),
        o(
            "sides",
            "teams_of_3 | teams_of_2",
            "Five-hundred for 6: two teams of three (seat % 2, the default) or three teams of two (seat % 3).",
        ),
        o(
            "defender_points",
            "side_total | own_tricks",
            "Five-hundred: each opposing side scores 10 per trick won by all the opponents together (`side_total`, the default) or by itself (`own_tricks`); at misère 10 per trick the declarer took.",
        ),
        o(
            "auction_pass",
            "not_final | final",
            "Five-hundred and pepper: a player who passed may bid again, and a bid followed by a pass from every other player ends the auction (`not_final`, the default: the same as `auction` `consecutive_passes`); or a pass is final and the auction ends when all but the high bidder have passed (`final`: the same as `auction` `open`). Given with `auction`, both must name the same auction (else `options_disagree`). Five-hundred's bids: `{\"type\":\"bid\",\"tricks\":6..10,\"trump\":\"S|C|D|H|NT\"}`, `{\"type\":\"misere\"}` (above 7NT, below 8S), `{\"type\":\"open_misere\"}` (above 10NT, ends the auction).",
        ),
    ]
}

/// List the rulesets.
///
/// Every preset with every option resolved, and what each option means. Create a game with a
/// preset plus any overrides: `{"ruleset": {"preset": "pepper", "target_score": 20}}`.
#[utoipa::path(
    tag = "rules",
    operation_id = "list_rulesets",
    responses((status = 200, description = "The presets and options.", body = RulesetCatalog))
)]
#[get("/v1/rulesets")]
pub async fn list_rulesets() -> HttpResponse {
    HttpResponse::Ok().json(RulesetCatalog {
        presets: Preset::ALL
            .into_iter()
            .map(|p| PresetInfo {
                name: p,
                description: p.description().into(),
                players: p.player_counts().to_vec(),
                decks: p.decks().to_vec(),
                options: p.options().into_iter().map(String::from).collect(),
                rules: p.rules(),
            })
            .collect(),
        options: option_catalog(),
    })
}
