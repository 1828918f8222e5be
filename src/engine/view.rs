//! What one seat, or a spectator, is sent of a game: its [`SeatKnowledge`](super::SeatKnowledge)
//! (the one place that decides what is hidden) with its legal actions, as owned data.

use serde::{Deserialize, Serialize};

use super::action::{Action, Phase, Seat, Team};
use super::auction::{Call, Contract};
use super::cards::{Card, Suit, Trump};
use super::game::Game;
use super::play::Trick;
use super::ruleset::Ruleset;
use super::scoring::{HandSummary, Outcome};
use super::side::BySide;
use super::upcard::{Upcard, UpcardCall};

/// Who is looking.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Viewer {
    /// A seat: sees its own cards.
    Seat(Seat),
    /// Someone without a seat: public information only.
    Spectator,
}

/// What a seat (or a spectator) sees of the game. Every field is always present; where null is
/// possible the field says when. "Public" means every seat and spectators see the same value;
/// "yours" means only your seat's view holds it (a spectator's is empty).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct View {
    /// The seat this view is for; null in the spectator view (no token).
    #[cfg_attr(feature = "openapi", schema(value_type = Option<u8>, required = true))]
    pub seat: Option<Seat>,
    /// The game's rules, every option resolved. Public.
    #[serde(with = "crate::engine::shown_ruleset")]
    #[cfg_attr(feature = "openapi", schema(value_type = super::ruleset::ShownRuleset))]
    pub ruleset: Ruleset,
    /// What is being decided: `auction`, `exchange`, `alone`, `pass_cards`, `play`, or
    /// `game_over`. Public. While `status` is `waiting_for_players` the game has not started:
    /// the phase is the one it will start in, and nobody may act.
    pub phase: Phase,
    /// The decision within the phase that the seat to act makes (see `Step`): for example
    /// `order_up` or `name_trump` in Euchre's rounds 1 and 2, `declarer_alone` or `defender_alone`,
    /// `call_partner`, `kitty`. Public. It names the step the game is at even when nobody may
    /// act yet (`status` `waiting_for_players`).
    pub step: super::step::Step,
    /// The round of an upcard game's calls: Euchre's and Buck Euchre's 1 or 2, Bacon's upcard
    /// (1 to 4); null outside those calls. Public.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub round: Option<u8>,
    /// The seat to act now; null when nobody may act: before every seat is claimed (`status`
    /// `waiting_for_players`) and once the game is over. Public.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<u8>, required = true))]
    pub turn: Option<Seat>,
    /// The dealer of the hand in progress. Public.
    #[cfg_attr(feature = "openapi", schema(value_type = u8))]
    pub dealer: Seat,
    /// The hand in progress (0 for the first). Public.
    pub hand_number: u32,
    /// Your cards in hand, sorted. Yours (empty for a spectator).
    pub hand: Vec<Card>,
    /// How many cards each seat holds, by seat. Public.
    pub hand_sizes: Vec<u8>,
    /// Cards lying face down in the widow (0 once the declarer has taken it, and in decks
    /// without a widow); in pepper for two, the dead hand's 8 cards, which nobody takes or sees
    /// while the hand is played. Public.
    pub widow_size: u8,
    /// The widow cards you took into hand this hand. Yours, and only the declarer's (empty for
    /// everyone else).
    pub widow: Vec<Card>,
    /// Your face-down discards this hand (the exchange discard and, under `exchange_two`, the
    /// lone discard). Yours, the declarer's only.
    pub discards: Vec<Card>,
    /// The two cards passed to a lone bidder under `exchange_two`. Seen only by the passer and
    /// the bidder (empty for everyone else).
    pub passed_cards: Vec<Card>,
    /// Your legal actions now, each ready to post back as it is; empty when it is not your
    /// turn, before the game has started, and for a spectator. Yours.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<super::schema::ActionDoc>))]
    pub legal_actions: Vec<Action>,
    /// The calls of this hand's auction so far, in order. Public.
    pub auction: Vec<Call>,
    /// This hand's contract; null until the auction is over (and in a hand thrown in). Public.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub contract: Option<Contract>,
    /// This hand's trump (`NT` for no trump); null until the declarer names it. Public.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub trump: Option<Trump>,
    /// The seat playing alone for the declarers this hand; null if nobody is (or not yet
    /// decided). Public.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<u8>, required = true))]
    pub alone: Option<Seat>,
    /// The seat defending alone this hand; null if nobody is. Public.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<u8>, required = true))]
    pub defender_alone: Option<Seat>,
    /// Seats sitting out this hand (the partners of lone players). Public.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<u8>))]
    pub sitting_out: Vec<Seat>,
    /// The trick in progress (empty outside the play phase). Public.
    // The engine keeps it as a `Trick`, written as a `CurrentTrick`: `leader` is null until its
    // first card is played (the engine's leader of an empty trick is a placeholder before the
    // play phase; the seat to lead is `turn`).
    #[serde(with = "current_trick")]
    #[cfg_attr(feature = "openapi", schema(value_type = CurrentTrickSchema))]
    pub trick: Trick,
    /// This hand's finished tricks, in order, each with its winner. When the last trick of a
    /// hand is taken the view moves on to the next hand: that hand's tricks are then in
    /// `last_hand.tricks`. Public.
    pub tricks: Vec<Trick>,
    /// Tricks won this hand by each side: team 0 (even seats) and team 1 (odd seats), or, where
    /// every player plays alone (pepper for 3), each seat. Public.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<u8>))]
    pub tricks_won: BySide<u8>,
    /// The game's scores by side, as `tricks_won`. Public.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<i32>))]
    pub scores: BySide<i32>,
    /// The winning side (a team, or a seat where every player plays alone) once the game is
    /// over; null while it is played and when the highest score is shared (see `winners`).
    /// Public.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<u8>, required = true))]
    pub winner: Option<Team>,
    /// True if the game ended with the highest score shared (false while it is played). Public.
    pub draw: bool,
    /// The sides that won once the game is over: one, or several tied winners (with two teams,
    /// a draw lists both); empty while it is played. Public.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<u8>))]
    pub winners: Vec<Team>,
    /// The seat that showed the joker this hand when everyone passed (and so must bid 3);
    /// null otherwise. Public.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<u8>, required = true))]
    pub joker_revealed_by: Option<Seat>,
    /// For each seat, the suits it has shown void in this hand by not following the suit led.
    /// Suits here are effective suits: once trump is named, the left bower and the joker
    /// belong to the trump suit, not to their printed suit. A seat that does not follow a
    /// trump lead (the left bower led included) is void in trumps, and nothing is said of the
    /// left bower's printed suit; a seat that plays the left bower on a lead of its printed
    /// suit has not followed that suit, and is void in it. Cleared at each new hand. Public.
    pub voids: Vec<Vec<Suit>>,
    /// The last finished hand: its result and all its tricks. It stays until the next hand
    /// ends, so every trick of every hand can be read from the views and events (the hand's
    /// last trick included); null before the first hand ends. Public.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub last_hand: Option<LastHand>,
    /// Upcard games (`euchre`): the upcard of the hand in progress and what became of it
    /// (`face_up`, `turned_down`, `taken` by the dealer (in Bacon by `taken_by`, the caller's
    /// left, with its face-up `discard`), who holds it until it is played, or `left` on the
    /// stub); null in other games. Public.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub upcard: Option<Upcard>,
    /// Upcard games: this hand's calls of rounds 1 and 2 so far (`trump` null for a pass; in
    /// Bacon, `round` is the upcard's number, and each pick-up carries `alone` and the partner's
    /// `answer`); empty in other games. Public.
    pub upcard_calls: Vec<UpcardCall>,
    /// Bacon: the upcards everybody passed this hand, each discarded face up when the dealer
    /// passed it, oldest first (`upcard` is the one being called); empty in other games.
    /// Public.
    pub passed_upcards: Vec<Card>,
    /// Five Hundred for 5: the card the declarer called this hand; null before the call, when
    /// the declarer plays alone, and in other games. Public.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub called: Option<Card>,
    /// Five Hundred for 5: the called card's holder, the declarer's partner for this hand,
    /// revealed at the call; null otherwise. Public.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<u8>, required = true))]
    pub partner: Option<Seat>,
    /// Five Hundred's open misère: the declarer's cards in hand, shown to everyone from the
    /// discard on; empty otherwise. Public.
    pub open_hand: Vec<Card>,
}

/// The public result of the last finished hand and its tricks (every card of which was played
/// face up; the widow and the discards are not in it, see `GET /v1/games/{id}/log`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = HandSummary))]
pub struct LastHand {
    /// The result.
    #[serde(flatten)]
    pub summary: HandSummary,
    /// Every trick of the hand in order, the last one included, each with its winner; empty
    /// for a hand that was not played out (thrown in or voided), and for a hand finished
    /// before the server kept them.
    pub tricks: Vec<Trick>,
}

// A schema twin on purpose: the engine keeps the trick in progress as a `Trick`, which
// `CurrentTrick` writes in this shape.
/// The trick in progress.
#[cfg(feature = "openapi")]
#[derive(utoipa::ToSchema)]
#[schema(as = CurrentTrick)]
#[allow(dead_code)]
pub(crate) struct CurrentTrickSchema {
    /// The seat that played this trick's first card; null until a card is played (outside the
    /// play phase, and between tricks: the seat to lead is then `turn`).
    #[schema(value_type = Option<u8>, required = true)]
    leader: Option<Seat>,
    /// Cards played to it so far, in order (empty outside the play phase).
    plays: Vec<super::play::Play>,
}

/// The trick in progress as views write it: `leader` is the seat that played its first card,
/// null before one is played.
pub struct CurrentTrick<'a>(pub &'a Trick);

impl Serialize for CurrentTrick<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct as _;
        let mut m = s.serialize_struct("CurrentTrick", 2)?;
        m.serialize_field("leader", &self.0.plays.first().map(|p| p.seat))?;
        m.serialize_field("plays", &self.0.plays)?;
        m.end()
    }
}

/// [`CurrentTrick`] as a serde `with` module (reading it back takes the first player as the
/// leader).
mod current_trick {
    use arrayvec::ArrayVec;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::CurrentTrick;
    use crate::engine::MAX_SEATS;
    use crate::engine::action::Seat;
    use crate::engine::play::{Play, Trick};

    pub fn serialize<S: Serializer>(t: &Trick, s: S) -> Result<S::Ok, S::Error> {
        CurrentTrick(t).serialize(s)
    }

    #[derive(Deserialize)]
    struct Wire {
        leader: Option<Seat>,
        plays: ArrayVec<Play, MAX_SEATS>,
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Trick, D::Error> {
        let w = Wire::deserialize(d)?;
        Ok(Trick {
            leader: w.leader.unwrap_or_default(),
            plays: w.plays,
            winner: None,
        })
    }
}

impl Game {
    /// The view of the game for `viewer`: its [`SeatKnowledge`](super::SeatKnowledge), with
    /// its legal actions.
    pub fn view(&self, viewer: Viewer) -> View {
        let k = self.knowledge(viewer);
        let mut discards = k.discards.to_vec();
        discards.extend_from_slice(k.lone_discards);
        View {
            seat: k.seat,
            ruleset: *k.rules,
            phase: k.phase,
            step: self.step(),
            round: self.round(),
            turn: k.turn,
            dealer: k.dealer,
            hand_number: k.hand_number,
            hand: k.hand.to_vec(),
            hand_sizes: k.hand_sizes.to_vec(),
            widow_size: k.widow_size,
            widow: k.widow.to_vec(),
            discards,
            passed_cards: k.passed_cards.to_vec(),
            legal_actions: k.seat.map_or_else(Vec::new, |s| self.legal_actions(s)),
            auction: k.auction.to_vec(),
            contract: k.contract,
            trump: k.trump,
            alone: k.alone,
            defender_alone: k.defender_alone,
            sitting_out: (0..k.rules.players)
                .filter(|s| k.sitting_out & (1 << s) != 0)
                .collect(),
            trick: k.trick.clone(),
            tricks: k.tricks.to_vec(),
            tricks_won: k.tricks_won(),
            scores: k.scores,
            winner: match k.outcome {
                Some(Outcome::Winner(t)) => Some(t),
                _ => None,
            },
            draw: matches!(k.outcome, Some(Outcome::Draw | Outcome::Tied(_))),
            winners: k.winners(),
            joker_revealed_by: k.joker_revealed_by,
            voids: k
                .voids
                .iter()
                .map(|m| {
                    Suit::ALL
                        .into_iter()
                        .filter(|s| m & (1 << s.index()) != 0)
                        .collect()
                })
                .collect(),
            last_hand: k.last_hand.map(|summary| LastHand {
                summary: summary.clone(),
                tricks: k.last_tricks.to_vec(),
            }),
            upcard: k.upcard,
            upcard_calls: k.upcard_calls.to_vec(),
            passed_upcards: k.passed_upcards.to_vec(),
            called: k.called,
            partner: k.partner,
            open_hand: k.open_hand.to_vec(),
        }
    }
}
