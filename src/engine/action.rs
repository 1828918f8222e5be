//! Actions a seat takes, and the errors an illegal one gets.

use std::fmt;

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

use super::cards::{Card, Suit, Trump};

/// A seat number, `0..players`, clockwise.
pub type Seat = u8;

/// A side (a partnership, or one player who plays alone), numbered from 0: see
/// [`Sides`](super::side::Sides).
pub type Team = u8;

/// A short list of cards carried by an action (a discard or the cards passed).
pub type CardList = ArrayVec<Card, 4>;

/// The two pepper bids: all tricks at normal (little) or doubled (big) stakes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pepper {
    /// Little pepper: all tricks, normal stakes.
    Little,
    /// Big pepper: all tricks, stakes doubled.
    Big,
}

/// Five Hundred's misères: contracts to take no trick, played alone at no trump.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Misere {
    /// Misère (250): ranks above 7NT and below 8S.
    Closed,
    /// Open misère (520): the declarer's hand is shown to all from the discard on; ranks above
    /// 10NT, the top bid.
    Open,
}

/// A bid in the auction or a contract.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Bid {
    /// Tricks bid (0 for a misère).
    pub tricks: u8,
    /// Little or big pepper (left out otherwise).
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(nullable = false, required = false))]
    pub pepper: Option<Pepper>,
    /// Five Hundred: the strain bid (`S`, `C`, `D`, `H` or `NT`; left out otherwise).
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(nullable = false, required = false))]
    pub trump: Option<Trump>,
    /// Five Hundred: `closed` or `open` misère (left out otherwise).
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(nullable = false, required = false))]
    pub misere: Option<Misere>,
}

// JSON leaves the absent parts of a bid out; the stored (binary, positional) form writes every
// field, so that a later field is never read in an earlier one's place.
impl Serialize for Bid {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct as _;
        let all = !s.is_human_readable();
        let mut m = s.serialize_struct("Bid", 4)?;
        m.serialize_field("tricks", &self.tricks)?;
        if all || self.pepper.is_some() {
            m.serialize_field("pepper", &self.pepper)?;
        }
        if all || self.trump.is_some() {
            m.serialize_field("trump", &self.trump)?;
        }
        if all || self.misere.is_some() {
            m.serialize_field("misere", &self.misere)?;
        }
        m.end()
    }
}

impl Bid {
    /// A plain bid.
    pub const fn plain(tricks: u8) -> Bid {
        Bid {
            tricks,
            pepper: None,
            trump: None,
            misere: None,
        }
    }

    /// Five Hundred: `tricks` (6 to 10) in a strain.
    pub const fn strain(tricks: u8, trump: Trump) -> Bid {
        Bid {
            tricks,
            pepper: None,
            trump: Some(trump),
            misere: None,
        }
    }

    /// Five Hundred: a misère.
    pub const fn misere(kind: Misere) -> Bid {
        Bid {
            tricks: 0,
            pepper: None,
            trump: None,
            misere: Some(kind),
        }
    }

    /// Five Hundred: the bid's value in points (RULES-FAMILY section 5's table: 40 for 6S up
    /// to 520 for 10NT, 20 a strain and 100 a trick; misère 250, open misère 520); 0 for the
    /// bids of other games.
    pub const fn value(self) -> i32 {
        match (self.misere, self.trump) {
            (Some(Misere::Closed), _) => 250,
            (Some(Misere::Open), _) => 520,
            (None, Some(t)) => 40 + (self.tricks as i32 - 6) * 100 + 20 * strain_index(t),
            (None, None) => 0,
        }
    }

    /// The order of bids: more tricks is higher, and big pepper beats little pepper; in Five
    /// Hundred the value, except that misère ranks above 7NT (220) and below 8S (240), and open
    /// misère above 10NT (520).
    pub const fn rank(self) -> u16 {
        match (self.misere, self.trump) {
            (Some(Misere::Closed), _) => 230,
            (Some(Misere::Open), _) => 530,
            (None, Some(_)) => self.value() as u16,
            (None, None) => {
                let p = match self.pepper {
                    None => 0,
                    Some(Pepper::Little) => 1,
                    Some(Pepper::Big) => 2,
                };
                self.tricks as u16 * 3 + p
            }
        }
    }
}

/// Five Hundred's strains from low to high: spades, clubs, diamonds, hearts, no trump.
pub const fn strain_index(t: Trump) -> i32 {
    match t {
        Trump::Suit(Suit::Spades) => 0,
        Trump::Suit(Suit::Clubs) => 1,
        Trump::Suit(Suit::Diamonds) => 2,
        Trump::Suit(Suit::Hearts) => 3,
        Trump::NoTrump => 4,
    }
}

impl fmt::Display for Bid {
    /// `7`, `8 (little pepper)`, `7NT`, `misère`, `open misère`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.misere, self.trump, self.pepper) {
            (Some(Misere::Closed), _, _) => f.write_str("misère"),
            (Some(Misere::Open), _, _) => f.write_str("open misère"),
            (None, Some(t), _) => write!(f, "{}{}", self.tricks, t.code()),
            (None, None, Some(Pepper::Little)) => write!(f, "{} (little pepper)", self.tricks),
            (None, None, Some(Pepper::Big)) => write!(f, "{} (big pepper)", self.tricks),
            (None, None, None) => write!(f, "{}", self.tricks),
        }
    }
}

/// Everything a seat can do, as it appears on the wire: a JSON object with a `type`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Pass in the auction.
    Pass,
    /// Bid a number of tricks (with `pepper` under pepper bids).
    Bid {
        /// The tricks bid.
        tricks: u8,
        /// `little` or `big` pepper; left out otherwise (`null` is refused, as the schema says).
        #[serde(
            default,
            skip_serializing_if = "Option::is_none",
            deserialize_with = "present"
        )]
        pepper: Option<Pepper>,
        /// Five Hundred: the strain (`S`, `C`, `D`, `H` or `NT`); left out in other games.
        #[serde(
            default,
            skip_serializing_if = "Option::is_none",
            deserialize_with = "present"
        )]
        trump: Option<Trump>,
    },
    /// Name trump and discard as many cards as the widow held.
    Exchange {
        /// A suit code or `NT`.
        trump: Trump,
        /// The cards discarded face down.
        #[serde(default)]
        discard: CardList,
    },
    /// Play a card to the trick.
    Play {
        /// The card.
        card: Card,
        /// Five Hundred at no trump: the suit the joker's holder names when leading it (one not
        /// renounced before, any if all are), which the others must follow; left out for every
        /// other card and lead.
        #[serde(
            default,
            skip_serializing_if = "Option::is_none",
            deserialize_with = "present"
        )]
        suit: Option<Suit>,
    },
    /// Declare whether to play alone.
    Alone {
        /// True to play alone.
        alone: bool,
    },
    /// The lone bidder's two-card discard, or the partner's two cards passed to the bidder.
    PassCards {
        /// The two cards.
        cards: CardList,
    },
    /// Upcard games, round 1: accept the upcard's suit as trump (order it up; the dealer's
    /// partner assists, the dealer takes it up). The caller becomes the maker.
    OrderUp,
    /// Upcard games, round 2: name a suit other than the turned-down upcard's as trump. The
    /// caller becomes the maker.
    NameTrump {
        /// The suit (`C`, `D`, `H` or `S`; not `NT`).
        trump: Trump,
    },
    /// Upcard games: the dealer takes the upcard ordered up and discards one of the cards held
    /// before, face down.
    TakeUpcard {
        /// The card discarded.
        discard: Card,
    },
    /// Upcard games (`dealer_pickup` `optional`): the dealer leaves the upcard on the stub.
    LeaveUpcard,
    /// Buck Euchre: play the declarer's hand.
    Stay,
    /// Buck Euchre: drop out of the declarer's hand (score 0 on it, sit it out).
    Drop,
    /// Bacon: pick up the upcard (its suit trump, your side the declarers), if your partner
    /// allows it.
    PickUp,
    /// Bacon: pick up the upcard and play alone (your partner sits out), if your partner allows
    /// it.
    PickUpAlone,
    /// Bacon: the caller's partner lets the pick-up stand.
    Allow,
    /// Bacon: the caller's partner vetoes the pick-up: as if the caller had passed.
    Veto,
    /// Bacon: the caller's partner vetoes going alone after `pick_up_alone`: the pick-up stands,
    /// not alone.
    VetoAlone,
    /// Five Hundred: bid misère (250; take no trick, alone, at no trump).
    Misere,
    /// Five Hundred: bid open misère (520; as misère, the hand shown to all from the discard
    /// on). The top bid: it ends the auction.
    OpenMisere,
    /// Five Hundred for 5: the declarer calls a card (not a trump, not held or discarded by the
    /// declarer); its holder becomes the declarer's partner for the hand. (To play alone
    /// instead: `alone` with `true`.)
    Call {
        /// The card called.
        card: Card,
    },
}

/// An optional field that, when written, holds a value: a missing field is `None` (serde's
/// `default`), an explicit `null` is an error rather than a second way to say "absent".
fn present<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    T::deserialize(deserializer).map(Some)
}

impl Action {
    /// The wire names of the action types without fields (`{"type":"pass"}`, ...).
    pub const UNIT_KINDS: [&'static str; 12] = [
        "pass",
        "order_up",
        "leave_upcard",
        "stay",
        "drop",
        "pick_up",
        "pick_up_alone",
        "allow",
        "veto",
        "veto_alone",
        "misere",
        "open_misere",
    ];

    /// Whether the action is of a type without fields (one of [`Action::UNIT_KINDS`]).
    pub const fn is_unit(&self) -> bool {
        match self {
            Action::Pass
            | Action::OrderUp
            | Action::LeaveUpcard
            | Action::Stay
            | Action::Drop
            | Action::PickUp
            | Action::PickUpAlone
            | Action::Allow
            | Action::Veto
            | Action::VetoAlone
            | Action::Misere
            | Action::OpenMisere => true,
            Action::Bid { .. }
            | Action::Call { .. }
            | Action::Exchange { .. }
            | Action::Play { .. }
            | Action::Alone { .. }
            | Action::PassCards { .. }
            | Action::NameTrump { .. }
            | Action::TakeUpcard { .. } => false,
        }
    }

    /// The wire name of the action's type.
    pub const fn kind(&self) -> &'static str {
        match self {
            Action::Pass => "pass",
            Action::Bid { .. } => "bid",
            Action::Exchange { .. } => "exchange",
            Action::Play { .. } => "play",
            Action::Alone { .. } => "alone",
            Action::PassCards { .. } => "pass_cards",
            Action::OrderUp => "order_up",
            Action::NameTrump { .. } => "name_trump",
            Action::TakeUpcard { .. } => "take_upcard",
            Action::LeaveUpcard => "leave_upcard",
            Action::Stay => "stay",
            Action::Drop => "drop",
            Action::PickUp => "pick_up",
            Action::PickUpAlone => "pick_up_alone",
            Action::Allow => "allow",
            Action::Veto => "veto",
            Action::VetoAlone => "veto_alone",
            Action::Misere => "misere",
            Action::OpenMisere => "open_misere",
            Action::Call { .. } => "call",
        }
    }

    /// Whether the action holds cards that lie face down once it is made (an exchange's or the
    /// dealer's discard, cards passed or discarded by a lone player): such an action may be shown
    /// to others only once its hand is over. (Bacon's `take_upcard` discards face up, but the
    /// log hides it all the same until the hand is over: the views show the card.)
    pub const fn hides_cards(&self) -> bool {
        match self {
            Action::Exchange { .. } | Action::PassCards { .. } | Action::TakeUpcard { .. } => true,
            Action::Pass
            | Action::Bid { .. }
            | Action::Play { .. }
            | Action::Alone { .. }
            | Action::OrderUp
            | Action::NameTrump { .. }
            | Action::LeaveUpcard
            | Action::Stay
            | Action::Drop
            | Action::PickUp
            | Action::PickUpAlone
            | Action::Allow
            | Action::Veto
            | Action::VetoAlone
            | Action::Misere
            | Action::OpenMisere
            | Action::Call { .. } => false,
        }
    }

    /// The bid this action makes, if it is one.
    pub const fn as_bid(&self) -> Option<Bid> {
        match *self {
            Action::Bid {
                tricks,
                pepper,
                trump,
            } => Some(Bid {
                tricks,
                pepper,
                trump,
                misere: None,
            }),
            Action::Misere => Some(Bid::misere(Misere::Closed)),
            Action::OpenMisere => Some(Bid::misere(Misere::Open)),
            _ => None,
        }
    }

    /// Playing `card` (no suit named).
    pub const fn play(card: Card) -> Action {
        Action::Play { card, suit: None }
    }
}

impl From<Bid> for Action {
    fn from(b: Bid) -> Action {
        match b.misere {
            Some(Misere::Closed) => Action::Misere,
            Some(Misere::Open) => Action::OpenMisere,
            None => Action::Bid {
                tricks: b.tricks,
                pepper: b.pepper,
                trump: b.trump,
            },
        }
    }
}

/// The phases of a hand, and the end of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Bidding (in upcard games, the calls on the upcard; in Bacon, the partner's answers too).
    Auction,
    /// The high bidder names trump (taking the widow and discarding, if there is one).
    Exchange,
    /// Going-alone decisions.
    Alone,
    /// The lone bidder's two-card discard and the partner's two cards.
    PassCards,
    /// Buck Euchre: each other player, from the declarer's left, stays in or drops out.
    DropOut,
    /// Trick play.
    Play,
    /// The game is over.
    GameOver,
}

impl Phase {
    /// The wire name.
    pub const fn name(self) -> &'static str {
        match self {
            Phase::Auction => "auction",
            Phase::Exchange => "exchange",
            Phase::Alone => "alone",
            Phase::PassCards => "pass_cards",
            Phase::DropOut => "drop_out",
            Phase::Play => "play",
            Phase::GameOver => "game_over",
        }
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why an action was refused. The game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    /// The game is over.
    #[error("the game is over: no more actions are accepted")]
    GameOver,
    /// The seat does not exist.
    #[error("seat {seat} does not exist in a game of {players} players")]
    InvalidSeat {
        /// The seat given.
        seat: Seat,
        /// Players in the game.
        players: u8,
    },
    /// Another seat is to act.
    #[error("it is not your turn: seat {turn} is to act")]
    NotYourTurn {
        /// The seat to act.
        turn: Seat,
    },
    /// The action does not belong to the current phase.
    #[error("a `{action}` action is not allowed in the {phase} phase; see legal_actions")]
    WrongPhase {
        /// The action's type.
        action: &'static str,
        /// The current phase.
        phase: Phase,
    },
    /// The bid does not beat the standing bid or is under the minimum.
    #[error("bid too low: {message}")]
    BidTooLow {
        /// Details.
        message: String,
    },
    /// The bid asks for more tricks than there are.
    #[error("bid too high: a hand has {max} tricks")]
    BidTooHigh {
        /// Tricks in a hand.
        max: u8,
    },
    /// The bid's shape is wrong for this ruleset (pepper where there is none, or all tricks
    /// without naming the pepper).
    #[error("invalid bid: {message}")]
    InvalidBid {
        /// Details.
        message: String,
    },
    /// The seat may not pass (the forced dealer).
    #[error(
        "you may not pass: every other player passed, so the dealer must bid at least {min_bid}"
    )]
    MustBid {
        /// The lowest bid allowed.
        min_bid: u8,
    },
    /// The card is not in the seat's hand.
    #[error("{card} is not in your hand")]
    CardNotInHand {
        /// The card.
        card: Card,
    },
    /// The seat holds a card of the suit led and must play one.
    #[error(
        "you must follow suit: {led} was led and you hold a card of that suit (the left bower and the joker count as trumps)"
    )]
    MustFollowSuit {
        /// The effective suit led.
        led: SuitName,
    },
    /// The action carries the wrong number of cards.
    #[error("wrong number of cards: expected {expected}, got {got}")]
    WrongCardCount {
        /// Cards expected.
        expected: u8,
        /// Cards given.
        got: u8,
    },
    /// No trump was named where the ruleset does not allow it.
    #[error("no trump (`NT`) is not allowed in this ruleset; name a suit: C, D, H or S")]
    NoTrumpNotAllowed,
    /// An upcard call of the other round (ordering up in round 2, naming a suit in round 1).
    #[error("{message}")]
    WrongRound {
        /// Details.
        message: &'static str,
    },
    /// Round 2 named the suit of the upcard that everybody turned down.
    #[error("{suit} was turned down in round 1 and cannot be trump: name another suit or pass")]
    SuitTurnedDown {
        /// The turned-down suit.
        suit: SuitName,
    },
    /// A dealer stuck in round 2 (`stick_the_dealer`) passed.
    #[error("you may not pass: everybody else passed twice, so the dealer must name trump")]
    MustNameTrump,
    /// A dealer who must take the upcard (`dealer_pickup` `mandatory`) left it.
    #[error("the dealer must take the upcard here: post `take_upcard` with a card to discard")]
    MustTakeUpcard,
    /// Buck Euchre under `all_drop` `last_must_stay`: two dropped, the last may not.
    #[error("two players dropped out: the last to decide must stay (`stay`)")]
    MustStay,
    /// Bacon: your partner picked up the upcard and waits for your answer.
    #[error(
        "your partner picked up the upcard: answer with `allow` or `veto` (or, after `pick_up_alone`, `veto_alone`)"
    )]
    MustAnswer,
    /// Bacon: an answer with no pick-up of the partner's to answer (or `veto_alone` after a
    /// pick-up that was not alone).
    #[error("{message}")]
    NothingToAnswer {
        /// Details.
        message: &'static str,
    },
    /// Going alone where the ruleset has no going alone (`alone: none`).
    #[error("this ruleset has no going alone (`alone` is `none`)")]
    AloneNotAllowed,
    /// Five Hundred for 5: a card that may not be called, or not calling at all.
    #[error("{message}")]
    InvalidCall {
        /// Details.
        message: String,
    },
    /// Five Hundred at no trump: a led joker without a suit named, a suit its holder renounced,
    /// or a suit named where none is asked.
    #[error("{message}")]
    InvalidJokerSuit {
        /// Details.
        message: String,
    },
    /// Five Hundred: the trump of the exchange is not the strain bid.
    #[error("the contract is {bid}: exchange with `trump` `{trump}`")]
    TrumpNotBid {
        /// The contract.
        bid: String,
        /// The trump it sets.
        trump: &'static str,
    },
}

/// A suit in an error message, written as its code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SuitName(pub Suit);

impl fmt::Display for SuitName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self.0 {
            Suit::Clubs => "clubs (C)",
            Suit::Diamonds => "diamonds (D)",
            Suit::Hearts => "hearts (H)",
            Suit::Spades => "spades (S)",
        };
        f.write_str(name)
    }
}

impl ActionError {
    /// Every code an action error can have, for documentation.
    pub const CODES: [&'static str; 23] = [
        "game_over",
        "invalid_seat",
        "not_your_turn",
        "wrong_phase",
        "bid_too_low",
        "bid_too_high",
        "invalid_bid",
        "must_bid",
        "card_not_in_hand",
        "must_follow_suit",
        "wrong_card_count",
        "no_trump_not_allowed",
        "wrong_round",
        "suit_turned_down",
        "must_name_trump",
        "must_take_upcard",
        "must_stay",
        "must_answer",
        "nothing_to_answer",
        "alone_not_allowed",
        "invalid_call",
        "invalid_joker_suit",
        "trump_not_bid",
    ];

    /// The stable snake_case code.
    pub const fn code(&self) -> &'static str {
        match self {
            ActionError::GameOver => "game_over",
            ActionError::InvalidSeat { .. } => "invalid_seat",
            ActionError::NotYourTurn { .. } => "not_your_turn",
            ActionError::WrongPhase { .. } => "wrong_phase",
            ActionError::BidTooLow { .. } => "bid_too_low",
            ActionError::BidTooHigh { .. } => "bid_too_high",
            ActionError::InvalidBid { .. } => "invalid_bid",
            ActionError::MustBid { .. } => "must_bid",
            ActionError::CardNotInHand { .. } => "card_not_in_hand",
            ActionError::MustFollowSuit { .. } => "must_follow_suit",
            ActionError::WrongCardCount { .. } => "wrong_card_count",
            ActionError::NoTrumpNotAllowed => "no_trump_not_allowed",
            ActionError::WrongRound { .. } => "wrong_round",
            ActionError::SuitTurnedDown { .. } => "suit_turned_down",
            ActionError::MustNameTrump => "must_name_trump",
            ActionError::MustTakeUpcard => "must_take_upcard",
            ActionError::MustStay => "must_stay",
            ActionError::MustAnswer => "must_answer",
            ActionError::NothingToAnswer { .. } => "nothing_to_answer",
            ActionError::AloneNotAllowed => "alone_not_allowed",
            ActionError::InvalidCall { .. } => "invalid_call",
            ActionError::InvalidJokerSuit { .. } => "invalid_joker_suit",
            ActionError::TrumpNotBid { .. } => "trump_not_bid",
        }
    }
}
