//! How a game is stored: the record's format versions and its encoding, and the encoding of
//! log entries.

use super::record::{GameRecord, LogEntry};
use crate::engine::{Call, Card, HandRecord, HandSummary, Seat, Trick, Trump, Upcard, UpcardCall};
use crate::error::Error;

/// The version of the stored record format written: 3 is positional MessagePack (structs as
/// arrays, no field names), 2 named MessagePack with cards as one byte each (see `Card`'s
/// serde), 1 named with cards as their codes. All three are read; an older server refuses a
/// newer format as unknown (see k8s/README.md, "Upgrading").
pub(super) const RECORD_FORMAT: u32 = 3;

/// The record formats this server reads.
pub(super) const READABLE_FORMATS: std::ops::RangeInclusive<u32> = 1..=RECORD_FORMAT;

impl GameRecord {
    /// The stored form: positional MessagePack (structs as arrays, in field order), about half
    /// the size of MessagePack with field names and a third of JSON. See BENCHMARKS.md.
    ///
    /// Positions are only sound if no field in the middle of a stored struct is ever left out:
    /// the record's own optional fields are written as nil, and the engine's skipped optional
    /// fields (`Contract::forced`, `Trick::winner`, `Play::suit`) are each their struct's
    /// last, read back as their default when absent (`Bid` writes all its fields in binary
    /// formats and leaves the absent ones out only in JSON). The round-trip test over random games of
    /// every preset checks this.
    pub(super) fn encode(&self) -> Result<Vec<u8>, Error> {
        // Records are a few hundred bytes to 1 KB: one allocation instead of a doubling series.
        let mut out = Vec::with_capacity(1024);
        rmp_serde::encode::write(&mut out, self).map_err(|e| {
            tracing::error!(error = %e, "cannot encode a game");
            Error::Internal
        })?;
        Ok(out)
    }

    pub(super) fn decode(data: &[u8]) -> Result<GameRecord, Error> {
        let r: GameRecord = rmp_serde::from_slice(data).map_err(|e| {
            tracing::error!(error = %e, "a stored game is corrupt");
            Error::Internal
        })?;
        if !READABLE_FORMATS.contains(&r.format) || r.seats.len() != r.game.rules().seats() {
            tracing::error!("a stored game has an unknown format");
            return Err(Error::Internal);
        }
        Ok(r)
    }
}

/// Defines how a finished hand is stored in the log (since record format 3): positional
/// MessagePack, the fields of [`HandRecord`] in order with the summary as the first (it is
/// flattened in the JSON, which positions cannot express); about an eighth of the JSON's size.
/// Fields added later come last with `#[serde(default)]`, so older entries (shorter arrays)
/// still read. The field list is written once; both conversions destructure or build a whole
/// `HandRecord`, so a field added there fails to compile here until it is added.
macro_rules! stored_hand {
    ($($(#[$attr:meta])* $field:ident: $ty:ty),* $(,)?) => {
        /// A finished hand as written: [`HandRecord`]'s fields, borrowed, as an array.
        #[derive(serde::Serialize)]
        struct StoredHandRef<'a> {
            $($field: &'a $ty,)*
        }

        /// A finished hand as read back.
        #[derive(serde::Deserialize)]
        struct StoredHand {
            $($(#[$attr])* $field: $ty,)*
        }

        fn encode_hand(h: &HandRecord) -> Result<Vec<u8>, rmp_serde::encode::Error> {
            let HandRecord { $($field),* } = h;
            rmp_serde::to_vec(&StoredHandRef { $($field),* })
        }

        fn decode_hand(raw: &[u8]) -> Result<HandRecord, rmp_serde::decode::Error> {
            let StoredHand { $($field),* } = rmp_serde::from_slice(raw)?;
            Ok(HandRecord { $($field),* })
        }
    };
}

stored_hand!(
    summary: HandSummary,
    dealer: Seat,
    deal: Vec<Vec<Card>>,
    widow: Vec<Card>,
    auction: Vec<Call>,
    trump: Option<Trump>,
    discards: Vec<Card>,
    alone: Option<Seat>,
    defender_alone: Option<Seat>,
    lone_discards: Vec<Card>,
    passed_cards: Vec<Card>,
    tricks: Vec<Trick>,
    #[serde(default)]
    upcard: Option<Upcard>,
    #[serde(default)]
    upcard_calls: Vec<UpcardCall>,
    #[serde(default)]
    dropped: Vec<Seat>,
    #[serde(default)]
    called: Option<Card>,
    #[serde(default)]
    partner: Option<Seat>,
);

/// The stored form of log entries: hands as [`StoredHand`], timeouts (rare) as JSON.
pub(super) fn encode_log(entries: &[LogEntry]) -> Result<Vec<Vec<u8>>, Error> {
    entries
        .iter()
        .map(|e| {
            match e {
                LogEntry::Hand(h) => encode_hand(h).map_err(|e| e.to_string()),
                LogEntry::Timeout(_) => serde_json::to_vec(e).map_err(|e| e.to_string()),
            }
            .map_err(|e| {
                tracing::error!(error = %e, "cannot encode a log entry");
                Error::Internal
            })
        })
        .collect()
}

/// Reads a stored log entry: JSON (a timeout, or any entry written before format 3) starts
/// with `{`; anything else is a [`StoredHand`] (a MessagePack array).
pub(super) fn decode_log_entry(raw: &[u8]) -> Result<LogEntry, String> {
    if raw.first() == Some(&b'{') {
        return serde_json::from_slice(raw).map_err(|e| e.to_string());
    }
    decode_hand(raw)
        .map(|h| LogEntry::Hand(Box::new(h)))
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Action, Game, RulesetSpec, Viewer};
    use crate::games::record::SeatRecord;
    use crate::games::wire::{DealOrigin, SeatSpec, TimeoutRecord};
    use serde::Serialize;

    fn record() -> GameRecord {
        let rules = RulesetSpec::default().build().expect("default rules");
        GameRecord {
            format: RECORD_FORMAT,
            game: Game::new(rules, 42, None).expect("a game"),
            seats: vec![
                SeatRecord {
                    spec: SeatSpec::Open,
                    name: Some("ann".into()),
                    token_hash: Some("00".repeat(16)),
                    account: None,
                };
                4
            ],
            turn_time_limit_ms: Some(30_000),
            deadline_ms: None,
            deal: DealOrigin::Seed,
            series: None,
            pending_log: Vec::new(),
            last_hand_json: Default::default(),
            pending_events: Vec::new(),
            rated: false,
            forfeit: None,
            late: Vec::new(),
            part_of: None,
        }
    }

    /// A record stored before the deal's origin was kept has no such field: it reads as
    /// `unknown` (it may have had a seed), never as a random deal fit for ranked play.
    #[test]
    fn records_without_a_deal_origin_read_as_unknown() {
        let r = record();
        // ... and its game state has no `last_tricks` either.
        let g = &r.game;
        let old_game = (
            g.format,
            g.rules,
            g.seed,
            g.scores,
            g.phase,
            g.turn,
            g.outcome,
            &g.last_hand,
            &g.hand,
        );
        let old = (
            r.format,
            old_game,
            &r.seats,
            r.turn_time_limit_ms,
            r.deadline_ms,
        );
        let bytes = rmp_serde::to_vec(&old).expect("encode");
        let loaded = GameRecord::decode(&bytes).expect("an old record loads");
        assert_eq!(loaded.deal, DealOrigin::Unknown);
        assert_eq!(loaded.game, r.game);
        let view = loaded.view("g", 1, Viewer::Spectator);
        assert_eq!(
            (view.deal, view.ranked_eligible),
            (DealOrigin::Unknown, false)
        );
        let again = GameRecord::decode(&r.encode().expect("encode")).expect("loads");
        assert_eq!(again.deal, DealOrigin::Seed);
    }

    #[test]
    fn records_of_formats_1_and_2_still_load() {
        let r = record();
        // Format 1: named fields, cards as their codes (what a human-readable encoder writes).
        let mut old = r.clone();
        old.format = 1;
        let mut bytes = Vec::new();
        old.serialize(
            &mut rmp_serde::Serializer::new(&mut bytes)
                .with_struct_map()
                .with_human_readable(),
        )
        .expect("encode");
        let hand = r.game.view(Viewer::Seat(0)).hand;
        assert!(
            bytes
                .windows(2)
                .any(|w| w == hand[0].to_string().as_bytes()),
            "format 1 holds card codes"
        );
        let loaded = GameRecord::decode(&bytes).expect("format 1 loads");
        assert_eq!(loaded.game.view(Viewer::Seat(0)).hand, hand);
        assert_eq!(loaded.format, 1);
        // Format 2: named fields, cards as one byte.
        let mut two = r.clone();
        two.format = 2;
        let named = rmp_serde::to_vec_named(&two).expect("encode");
        assert!(
            named.len() < bytes.len(),
            "{} vs {}",
            named.len(),
            bytes.len()
        );
        let loaded = GameRecord::decode(&named).expect("format 2 loads");
        assert_eq!(loaded.game, r.game);
        assert_eq!(loaded.format, 2);
        // Format 3 is smaller still and round-trips.
        let new = r.encode().expect("encode");
        assert!(
            new.len() * 2 < named.len(),
            "{} vs {}",
            new.len(),
            named.len()
        );
        let again = GameRecord::decode(&new).expect("format 3 loads");
        assert_eq!(again.game, r.game);
        // A format from the future is refused, not misread.
        let mut future = r.clone();
        future.format = RECORD_FORMAT + 1;
        assert!(GameRecord::decode(&future.encode().expect("encode")).is_err());
    }

    /// Every state a random game passes through, of every preset, with every kind of seat
    /// record, survives the positional encoding unchanged (a left-out field in the middle of
    /// a struct would shift the rest, and fail here).
    #[test]
    fn positional_records_round_trip_through_whole_games() {
        use crate::engine::{Preset, RulesetSpec};
        let (mut states, mut hands) = (0, 0);
        let mut specs: Vec<RulesetSpec> = Preset::ALL
            .into_iter()
            .map(|preset| RulesetSpec {
                preset,
                ..RulesetSpec::default()
            })
            .collect();
        specs.push(RulesetSpec {
            preset: Preset::DoubleHasenpfeffer,
            players: Some(6),
            ..RulesetSpec::default()
        });
        // Euchre too (the engine plays it; the service does not offer it yet).
        specs.push(RulesetSpec::from(Preset::Euchre));
        for (i, spec) in specs.into_iter().enumerate() {
            let preset = spec.preset;
            for seed in 0..6u64 {
                let rules = spec.clone().build().expect("preset rules");
                let seats = rules.seats();
                let mut r = GameRecord {
                    format: RECORD_FORMAT,
                    game: Game::new(rules, seed * 7 + i as u64, None).expect("a game"),
                    seats: (0..seats)
                        .map(|s| SeatRecord {
                            spec: if s % 3 == 2 {
                                SeatSpec::Bot {
                                    strategy: crate::bots::Strategy::Heuristic,
                                }
                            } else {
                                SeatSpec::Open
                            },
                            name: (s % 2 == 0).then(|| format!("p{s}")),
                            token_hash: (s != 1).then(|| "ab".repeat(16)),
                            account: (s == 3).then(|| "Some-Bot".to_owned()),
                        })
                        .collect(),
                    turn_time_limit_ms: (seed % 2 == 0).then_some(30_000),
                    deadline_ms: (seed % 3 == 0).then_some(1_700_000_000_000 + seed),
                    deal: [DealOrigin::Random, DealOrigin::Seed, DealOrigin::Scenario]
                        [seed as usize % 3],
                    series: None,
                    pending_log: Vec::new(),
                    last_hand_json: Default::default(),
                    pending_events: Vec::new(),
                    rated: seed % 2 == 1,
                    forfeit: (seed % 4 == 1).then_some(2),
                    late: if seed % 3 == 1 {
                        vec![0, 2, 1, 0]
                    } else {
                        Vec::new()
                    },
                    part_of: (seed % 2 == 0).then(|| "arena.k3x9p2m7q4w8z5ab".to_owned()),
                };
                let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
                for _ in 0..400 {
                    let bytes = r.encode().expect("encode");
                    let back = GameRecord::decode(&bytes).expect("decode");
                    assert_eq!(back.game, r.game, "{preset:?} seed {seed}");
                    assert_eq!(back.encode().expect("encode"), bytes);
                    assert_eq!(back.turn_time_limit_ms, r.turn_time_limit_ms);
                    assert_eq!(back.deadline_ms, r.deadline_ms);
                    assert_eq!(
                        (back.rated, back.forfeit, &back.late),
                        (r.rated, r.forfeit, &r.late)
                    );
                    for (a, b) in back.seats.iter().zip(&r.seats) {
                        assert_eq!(
                            (a.spec, &a.name, &a.token_hash),
                            (b.spec, &b.name, &b.token_hash)
                        );
                    }
                    states += 1;
                    let Some(seat) = r.game.turn() else { break };
                    let legal = r.game.legal_actions(seat);
                    rng ^= rng << 13;
                    rng ^= rng >> 7;
                    rng ^= rng << 17;
                    let action = &legal[(rng % legal.len() as u64) as usize];
                    let applied = r.game.apply(seat, action).expect("a legal action");
                    for hand in applied.finished_hands {
                        check_log_round_trip(LogEntry::Hand(Box::new(hand)), &mut hands);
                    }
                }
            }
        }
        assert!(states > 5_000, "{states} states");
        assert!(hands > 200, "{hands} hands");
        check_log_round_trip(
            LogEntry::Timeout(TimeoutRecord {
                version: 7,
                hand_number: 1,
                seat: 2,
                deadline_unix_ms: 1_700_000_000_000,
                action_type: "pass".into(),
                action: Some(Action::Pass),
            }),
            &mut hands,
        );
    }

    /// A hand stored before upcard games (the twelve fields without `upcard` and
    /// `upcard_calls`) still reads, with neither.
    #[test]
    fn log_entries_stored_before_upcard_games_still_read() {
        let mut g = Game::new(crate::engine::Preset::Pepper.rules(), 3, None).expect("a game");
        let hand = loop {
            let seat = g.turn().expect("a live game");
            let action = g.legal_actions(seat)[0].clone();
            if let Some(h) = g.apply(seat, &action).expect("legal").finished_hands.pop() {
                break h;
            }
        };
        let HandRecord {
            summary,
            dealer,
            deal,
            widow,
            auction,
            trump,
            discards,
            alone,
            defender_alone,
            lone_discards,
            passed_cards,
            tricks,
            upcard,
            upcard_calls,
            dropped,
            called,
            partner,
        } = hand.clone();
        assert!(upcard.is_none() && upcard_calls.is_empty() && dropped.is_empty());
        assert!(called.is_none() && partner.is_none());
        let old = rmp_serde::to_vec(&(
            summary,
            dealer,
            deal,
            widow,
            auction,
            trump,
            discards,
            alone,
            defender_alone,
            lone_discards,
            passed_cards,
            tricks,
        ))
        .expect("encode");
        match decode_log_entry(&old).expect("an old entry reads") {
            LogEntry::Hand(h) => assert_eq!(*h, hand),
            LogEntry::Timeout(_) => panic!("a hand"),
        }
    }

    /// A log entry survives its stored form; a hand's is far smaller than its JSON, which
    /// (as entries written before format 3 are) still reads.
    fn check_log_round_trip(entry: LogEntry, count: &mut usize) {
        let json = serde_json::to_vec(&entry).expect("json");
        let stored = encode_log(std::slice::from_ref(&entry)).expect("encode");
        let back = decode_log_entry(&stored[0]).expect("decode");
        let old = decode_log_entry(&json).expect("decode json");
        match (&entry, back, old) {
            (LogEntry::Hand(h), LogEntry::Hand(b), LogEntry::Hand(o)) => {
                assert_eq!(&b, h);
                assert_eq!(&o, h);
                assert!(
                    stored[0].len() * 4 < json.len(),
                    "{} vs {}",
                    stored[0].len(),
                    json.len()
                );
                *count += 1;
            }
            (LogEntry::Timeout(t), LogEntry::Timeout(b), LogEntry::Timeout(o)) => {
                assert_eq!(&b, t);
                assert_eq!(&o, t);
            }
            _ => panic!("the entry changed kind"),
        }
    }
}
