//! The game as a caller sees it ([`GameView`]): the one response every client reads most, so
//! its serializer is written by hand (see below), with the memos of rulesets' and last hands'
//! JSON it uses.

use std::sync::{Arc, OnceLock};

use serde::Serialize;
use serde_json::value::RawValue;
use utoipa::ToSchema;

use super::{DealOrigin, GameStatus, SeatInfo, SeatKind};
use crate::bots::Strategy;
use crate::engine::{LastHand, Preset, Ruleset, ShownRuleset, View};

/// The game as the caller may see it: a seat's view with its token, else the spectator view.
#[derive(Debug, Clone, ToSchema)]
pub struct GameView {
    /// The game's id.
    pub game_id: String,
    /// The version: grows by one with every change; also sent as the ETag.
    pub version: u64,
    /// Waiting for players (nobody may act yet, `turn` is null), playing, or finished. Public.
    pub status: GameStatus,
    /// Who sits where, by seat. Public.
    pub seats: Vec<SeatInfo>,
    /// How the game's deals were made. Public.
    pub deal: DealOrigin,
    /// Whether results of this game may count for ranked play: only games the server dealt
    /// at random (`deal` is `random`). Public.
    pub ranked_eligible: bool,
    /// Whether the game is rated: its end updates its bots' ratings in its pool. Only games
    /// the server formed (matchmaking, an accepted rated challenge) with a turn clock, a deal
    /// the server drew, the preset's own rules for its player count, and no account in two
    /// seats are rated. Public.
    pub rated: bool,
    /// The seat that forfeited the game by letting its turn clock run out 3 times in a row:
    /// the game ended there (`status` is `finished`), lost for that seat's side; null
    /// otherwise. Public.
    #[schema(required = true)]
    pub forfeit: Option<u8>,
    /// The time limit per decision in milliseconds; null if the game has no turn clocks.
    /// Public.
    #[schema(required = true)]
    pub turn_time_limit_ms: Option<u64>,
    /// When the seat to act runs out of time (milliseconds since the Unix epoch); null unless
    /// the game has turn clocks and a client's seat is to act. Public.
    #[schema(required = true)]
    pub deadline_unix_ms: Option<u64>,
    /// The view itself.
    #[serde(flatten)] // for the schema: the serializer below writes the view's fields inline
    pub view: View,
    /// Where the JSON of `view.last_hand` is remembered between views of the game (not a
    /// field of the JSON: the serializer writes `last_hand` from it).
    #[schema(ignore)]
    pub last_hand_json: LastHandMemo,
}

/// Written by hand rather than derived with `#[serde(flatten)]` for the view, so that the
/// ruleset, a quarter of a view's JSON and the same in every view of a game, is copied from a
/// memo instead of written field by field ([`RulesetJson`]), and so is the last hand (a third
/// of a view in play, the same until the next hand ends: [`LastHandMemo`]). The view's fields
/// are taken apart without `..`, so a field added to the engine's view does not compile until
/// it is written here too.
impl Serialize for GameView {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct as _;
        let View {
            seat,
            ruleset,
            phase,
            step,
            round,
            turn,
            dealer,
            hand_number,
            hand,
            hand_sizes,
            widow_size,
            widow,
            discards,
            passed_cards,
            legal_actions,
            auction,
            contract,
            trump,
            alone,
            defender_alone,
            sitting_out,
            trick,
            tricks,
            tricks_won,
            scores,
            winner,
            draw,
            winners,
            joker_revealed_by,
            voids,
            upcard,
            upcard_calls,
            passed_upcards,
            last_hand,
            called,
            partner,
            open_hand,
        } = &self.view;
        let mut m = s.serialize_struct("GameView", 47)?;
        m.serialize_field("game_id", &self.game_id)?;
        m.serialize_field("version", &self.version)?;
        m.serialize_field("status", &self.status)?;
        m.serialize_field("seats", &self.seats)?;
        m.serialize_field("deal", &self.deal)?;
        m.serialize_field("ranked_eligible", &self.ranked_eligible)?;
        m.serialize_field("rated", &self.rated)?;
        m.serialize_field("forfeit", &self.forfeit)?;
        m.serialize_field("turn_time_limit_ms", &self.turn_time_limit_ms)?;
        m.serialize_field("deadline_unix_ms", &self.deadline_unix_ms)?;
        m.serialize_field("seat", seat)?;
        m.serialize_field("ruleset", &RulesetJson(ruleset))?;
        m.serialize_field("phase", phase)?;
        m.serialize_field("step", step)?;
        m.serialize_field("round", round)?;
        m.serialize_field("turn", turn)?;
        m.serialize_field("dealer", dealer)?;
        m.serialize_field("hand_number", hand_number)?;
        m.serialize_field("hand", hand)?;
        m.serialize_field("hand_sizes", hand_sizes)?;
        m.serialize_field("widow_size", widow_size)?;
        m.serialize_field("widow", widow)?;
        m.serialize_field("discards", discards)?;
        m.serialize_field("passed_cards", passed_cards)?;
        m.serialize_field("legal_actions", legal_actions)?;
        m.serialize_field("auction", auction)?;
        m.serialize_field("contract", contract)?;
        m.serialize_field("trump", trump)?;
        m.serialize_field("alone", alone)?;
        m.serialize_field("defender_alone", defender_alone)?;
        m.serialize_field("sitting_out", sitting_out)?;
        m.serialize_field("trick", &crate::engine::CurrentTrick(trick))?;
        m.serialize_field("tricks", tricks)?;
        m.serialize_field("tricks_won", tricks_won)?;
        m.serialize_field("scores", scores)?;
        m.serialize_field("winner", winner)?;
        m.serialize_field("draw", draw)?;
        m.serialize_field("winners", winners)?;
        m.serialize_field("joker_revealed_by", joker_revealed_by)?;
        m.serialize_field("voids", voids)?;
        m.serialize_field("last_hand", &LastHandJson(last_hand, &self.last_hand_json))?;
        m.serialize_field("upcard", upcard)?;
        m.serialize_field("upcard_calls", upcard_calls)?;
        m.serialize_field("passed_upcards", passed_upcards)?;
        m.serialize_field("called", called)?;
        m.serialize_field("partner", partner)?;
        m.serialize_field("open_hand", open_hand)?;
        m.end()
    }
}

/// A real view for the OpenAPI document's example, made by the engine so that it cannot drift
/// from what the server sends: seat 0's view of a `hasenpfeffer` game dealt from seed 42, played
/// by a fixed rule (no randomness) into the second hand's play phase, so that `last_hand` holds
/// the first hand's tricks.
pub fn example_view() -> GameView {
    use crate::engine::{Game, Viewer};
    let mut game = Game::new(Preset::Hasenpfeffer.rules(), 42, None).expect("the preset is valid");
    let mut step = 0usize;
    while let Some(seat) = game.turn() {
        let v = game.view(Viewer::Seat(0));
        if v.last_hand.as_ref().is_some_and(|l| !l.tricks.is_empty())
            && !v.trick.plays.is_empty()
            && v.turn == Some(0)
        {
            break;
        }
        let legal = game.legal_actions(seat);
        // Bid where a bid is allowed (so that hands are played out), else a fixed pick.
        let pick = legal
            .iter()
            .position(|a| matches!(a, crate::engine::Action::Bid { .. }))
            .filter(|_| step.is_multiple_of(4))
            .unwrap_or(step * 7 % legal.len());
        if game.apply(seat, &legal[pick]).is_err() || step > 2_000 {
            break;
        }
        step += 1;
    }
    let seats = (0..4)
        .map(|i| SeatInfo {
            seat: i,
            kind: if i == 0 {
                SeatKind::Open
            } else {
                SeatKind::Bot
            },
            strategy: (i != 0).then_some(Strategy::Heuristic),
            claimed: true,
            guest: false,
            name: (i == 0).then(|| "my-bot".to_owned()),
            account: (i != 0).then(|| "house-heuristic".to_owned()),
        })
        .collect();
    GameView {
        game_id: "k3x9p2m7q4w8z5ab".into(),
        version: 1 + step as u64,
        status: GameStatus::Playing,
        seats,
        deal: DealOrigin::Random,
        ranked_eligible: true,
        rated: false,
        forfeit: None,
        turn_time_limit_ms: None,
        deadline_unix_ms: None,
        view: game.view(Viewer::Seat(0)),
        last_hand_json: LastHandMemo::default(),
    }
}

/// How many rulesets' JSON each thread remembers. A replica sees few distinct rulesets (the
/// presets, and the few variants its clients choose); when more come, the oldest is forgotten.
const RULESET_MEMO: usize = 16;

thread_local! {
    static RULESETS: std::cell::RefCell<Vec<(Ruleset, Box<serde_json::value::RawValue>)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// A ruleset as answers show it ([`ShownRuleset`]), written as JSON from a per-thread memo of
/// its text.
struct RulesetJson<'a>(&'a Ruleset);

impl Serialize for RulesetJson<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if !s.is_human_readable() {
            return ShownRuleset::from(self.0).serialize(s);
        }
        RULESETS.with_borrow_mut(|memo| {
            let at = match memo.iter().position(|(r, _)| r == self.0) {
                Some(at) => at,
                None => {
                    let json = serde_json::value::to_raw_value(&ShownRuleset::from(self.0))
                        .map_err(serde::ser::Error::custom)?;
                    if memo.len() == RULESET_MEMO {
                        memo.remove(0);
                    }
                    memo.push((*self.0, json));
                    memo.len() - 1
                }
            };
            memo[at].1.serialize(s)
        })
    }
}

/// The JSON of a game's last finished hand as views write it, made by the first view of the
/// game that shows that hand and kept in memory with the game's record (never stored), so that
/// the views that follow copy it rather than write two dozen plays field by field. A view uses
/// it only if it was made from an equal hand (a comparison costs far less than writing the
/// JSON), so a memo carried past the end of a hand is never wrong, only unused.
#[derive(Clone, Debug, Default)]
pub struct LastHandMemo(Arc<OnceLock<(LastHand, Box<RawValue>)>>);

/// A view's `last_hand`, written as JSON from the game's [`LastHandMemo`] (to any other format,
/// as itself).
struct LastHandJson<'a>(&'a Option<LastHand>, &'a LastHandMemo);

impl Serialize for LastHandJson<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let LastHandJson(Some(hand), memo) = self else {
            return s.serialize_none();
        };
        if !s.is_human_readable() {
            return s.serialize_some(hand);
        }
        if memo.0.get().is_none() {
            let json = serde_json::value::to_raw_value(hand).map_err(serde::ser::Error::custom)?;
            // another view of the same record may have set it meanwhile: to the same hand
            let _ = memo.0.set((hand.clone(), json));
        }
        match memo.0.get() {
            Some((h, json)) if h == hand => s.serialize_some(json),
            // the memo holds another hand (it is stale): write this one as it is
            _ => s.serialize_some(hand),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game, RulesetSpec, Viewer};

    /// What `GameView` would be with the derived serializer and the view flattened.
    #[derive(Serialize)]
    struct Flattened<'a> {
        game_id: &'a str,
        version: u64,
        status: GameStatus,
        seats: &'a [SeatInfo],
        deal: DealOrigin,
        ranked_eligible: bool,
        rated: bool,
        forfeit: Option<u8>,
        turn_time_limit_ms: Option<u64>,
        deadline_unix_ms: Option<u64>,
        #[serde(flatten)]
        view: &'a View,
    }

    #[test]
    fn game_views_are_written_as_the_flattened_derive_would_write_them() {
        // More rulesets than the per-thread memo holds, each met twice, so that views are
        // written from a memo hit, a miss, and after evictions.
        let mut rulesets = Vec::new();
        for preset in Preset::ALL {
            for target in 1..=(RULESET_MEMO as i32 + 2) {
                let spec = RulesetSpec {
                    target_score: Some(target),
                    ..RulesetSpec::from(preset)
                };
                rulesets.push(spec.build().unwrap());
            }
        }
        let seats: Vec<SeatInfo> = (0..4)
            .map(|i| SeatInfo {
                seat: i,
                kind: if i == 1 {
                    SeatKind::Bot
                } else {
                    SeatKind::Open
                },
                strategy: (i == 1).then_some(Strategy::Random),
                claimed: i != 3,
                guest: i == 0 || i == 2,
                name: (i == 2).then(|| "An \"escaped\" name".to_owned()),
                account: (i == 1).then(|| "house-random".to_owned()),
            })
            .collect();
        let mut written = 0;
        let mut from_memo = 0;
        for round in 0..2 {
            for (i, rules) in rulesets.iter().enumerate() {
                let mut game = Game::new(*rules, i as u64, None).unwrap();
                // The last hand's memo as a record keeps it (a new one when a hand ends), and
                // one kept for the whole game, stale from the second hand's end on.
                let mut memo = LastHandMemo::default();
                let kept = LastHandMemo::default();
                // every fifth game is played through several hands
                let steps = 3 + i % 20 + if i % 5 == 0 { 300 } else { 0 };
                for step in 0..steps {
                    let Some(seat) = game.turn() else { break };
                    for (viewer, memo) in [
                        (Viewer::Seat(seat), &memo),
                        (Viewer::Spectator, &memo),
                        (Viewer::Seat(seat), &kept),
                    ] {
                        let view = GameView {
                            game_id: format!("g{i}"),
                            version: step as u64,
                            status: GameStatus::Playing,
                            seats: seats.clone(),
                            deal: DealOrigin::Seed,
                            ranked_eligible: false,
                            rated: i % 3 == 0,
                            forfeit: (i % 4 == 1).then_some(2),
                            turn_time_limit_ms: (i % 2 == 0).then_some(30_000),
                            deadline_unix_ms: (i % 2 == 0).then_some(1_800_000_000_000),
                            view: game.view(viewer),
                            last_hand_json: memo.clone(),
                        };
                        // a view written from the memo (made by an earlier view)
                        if memo
                            .0
                            .get()
                            .is_some_and(|(h, _)| view.view.last_hand.as_ref() == Some(h))
                        {
                            from_memo += 1;
                        }
                        let expected = Flattened {
                            game_id: &view.game_id,
                            version: view.version,
                            status: view.status,
                            seats: &view.seats,
                            deal: view.deal,
                            ranked_eligible: view.ranked_eligible,
                            rated: view.rated,
                            forfeit: view.forfeit,
                            turn_time_limit_ms: view.turn_time_limit_ms,
                            deadline_unix_ms: view.deadline_unix_ms,
                            view: &view.view,
                        };
                        assert_eq!(
                            serde_json::to_string(&view).unwrap(),
                            serde_json::to_string(&expected).unwrap(),
                            "round {round}, ruleset {i}, step {step}"
                        );
                        assert_eq!(
                            serde_json::to_value(&view).unwrap(),
                            serde_json::to_value(&expected).unwrap()
                        );
                        written += 1;
                    }
                    let legal = game.legal_actions(seat);
                    let applied = game.apply(seat, &legal[step % legal.len()]).unwrap();
                    if !applied.finished_hands.is_empty() {
                        memo = LastHandMemo::default();
                    }
                }
            }
        }
        assert!(written > 1000, "{written}");
        assert!(from_memo > 1000, "{from_memo}");
    }
}
