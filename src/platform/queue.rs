//! Matchmaking: bots queue for a ruleset (`POST /v1/queue`); when enough of them wait (or the
//! longest-waiting one asked for house players after a wait that is over), one table forms,
//! its seats drawn at random, exactly once whatever replica sees it first.
//!
//! A queue is the store's ([`GameStore::queue_join`](crate::store::GameStore::queue_join)):
//! its key is derived from the resolved ruleset ([`queue_key`]), so bots spelling one ruleset
//! differently wait together. Tables form through the store's one atomic step,
//! [`GameStore::queue_take`](crate::store::GameStore::queue_take): after every join, and from
//! every replica's sweeper ([`sweep`]) for fills after a wait and for tables whose last join
//! failed half-way. A bot's entry lapses [`DEFAULT_QUEUE_LEASE_MS`](super::DEFAULT_QUEUE_LEASE_MS) (or `QUEUE_LEASE_MS`) after its last renewal (a post, or a read
//! of its inbox), so a bot that went away is not seated.

use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::env::Platform;
use super::inbox::Via;
use super::wire::{HouseFill, QueueRequest, QueueTicket, QueueTickets, TicketStatus};
use crate::engine::{Preset, RulesetSpec};
use crate::error::{Code, Error};
use crate::games::fold;
use crate::games::new_game_id;
use crate::games::{SeatFor, SeatedGame, check_turn_limit, now_ms};
use crate::store::{QueueEntry, QueueHold, QueueJoin, QueueJoined, QueuePlace, StoreError};

/// The most queues a bot waits in at once.
pub const MAX_QUEUES_PER_BOT: usize = 3;

/// How long a take's entries are its replica's to seat (ms): then a sweeper takes over.
pub const HOLD_MS: u64 = 10_000;

/// The longest `fill_with_house_after_ms`: an hour.
pub const MAX_FILL_WAIT_MS: u64 = 3_600_000;

/// The house players' strategy when the request names none.
pub const DEFAULT_HOUSE: HouseFill = HouseFill::Heuristic;

/// The time limit per decision of a matchmade game when the request names none (ms).
pub const DEFAULT_TURN_LIMIT_MS: u64 = 60_000;

/// What a queue entry holds (MessagePack, positional: new fields go at the end, with a
/// default).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct QueueRecord {
    /// The bot's name as registered.
    pub bot: String,
    /// The ruleset as the bot sent it, as JSON (the spec skips unset options when it is
    /// serialized, which positional MessagePack cannot carry).
    pub ruleset_json: String,
    /// The house players' strategy if the table is filled (its first three values are the
    /// `Strategy` this field held before `mixed`, in the same order).
    pub house_strategy: HouseFill,
    /// The time limit per decision the bot asked for (`None`: the default, as entries stored
    /// before it have).
    #[serde(default)]
    pub turn_time_limit_ms: Option<u64>,
}

impl QueueRecord {
    fn encode(&self) -> Result<Vec<u8>, Error> {
        rmp_serde::to_vec(self).map_err(|_| Error::Internal)
    }

    fn decode(data: &[u8]) -> Result<Self, Error> {
        rmp_serde::from_slice(data).map_err(|e| {
            tracing::error!(error = %e, "unreadable queue entry");
            Error::Internal
        })
    }

    /// The time limit per decision the table gets if this entry forms it.
    fn turn_limit_ms(&self) -> u64 {
        self.turn_time_limit_ms.unwrap_or(DEFAULT_TURN_LIMIT_MS)
    }

    fn ruleset(&self) -> Result<RulesetSpec, Error> {
        serde_json::from_str(&self.ruleset_json).map_err(|e| {
            tracing::error!(error = %e, "unreadable ruleset in a queue entry");
            Error::Internal
        })
    }
}

/// The queue of a ruleset, and its table's seat count: `q<seats>-<preset>-<hash>`, the hash
/// the first 96 bits of the SHA-256 of the resolved ruleset's JSON (every option, whatever the
/// request left to the preset), in hex. At most 64 characters, of `[a-z0-9-]`.
pub fn queue_key(spec: &RulesetSpec) -> Result<(String, usize), Error> {
    let rules = spec.build()?;
    let json = serde_json::to_vec(&rules).map_err(|_| Error::Internal)?;
    let hash = hex::encode(&Sha256::digest(&json)[..12]);
    let seats = rules.seats();
    Ok((format!("q{seats}-{}-{hash}", rules.preset.name()), seats))
}

/// The seat count a queue key names (`None`: not a key [`queue_key`] makes).
pub fn seats_of(queue: &str) -> Option<usize> {
    let n: usize = queue.strip_prefix('q')?.split('-').next()?.parse().ok()?;
    (1..=crate::store::MAX_TAKE).contains(&n).then_some(n)
}

/// The preset a queue key names.
fn preset_of(queue: &str) -> Option<Preset> {
    let rest = queue.strip_prefix('q')?.split_once('-')?.1;
    let (preset, _hash) = rest.rsplit_once('-')?;
    Preset::ALL.into_iter().find(|p| p.name() == preset)
}

fn ticket_of(place: &QueuePlace, status: TicketStatus) -> QueueTicket {
    let record = QueueRecord::decode(&place.entry.data).ok();
    let house = record.as_ref().map_or(DEFAULT_HOUSE, |r| r.house_strategy);
    let turn_limit = record
        .as_ref()
        .map_or(DEFAULT_TURN_LIMIT_MS, QueueRecord::turn_limit_ms);
    QueueTicket {
        ticket: place.queue.clone(),
        status,
        bot: record.map_or_else(|| place.entry.member.clone(), |r| r.bot),
        preset: preset_of(&place.queue).unwrap_or_default(),
        seats: seats_of(&place.queue).unwrap_or(0) as u8,
        position: if status == TicketStatus::Matched {
            0
        } else {
            place.position
        },
        waiting: place.size,
        joined_unix_ms: place.entry.joined_ms,
        lease_expires_unix_ms: place.entry.lease_until_ms,
        fill_with_house_at_unix_ms: place.entry.fill_at_ms,
        house_strategy: house,
        turn_time_limit_ms: turn_limit,
        leave: format!("/v1/queue/{}", place.queue),
    }
}

impl Platform {
    /// Bot `bot` (its name as registered) joins the queue of `req.ruleset` (or renews its
    /// place there), then tries to form the table. Answers its ticket.
    pub async fn join_queue(&self, bot: &str, req: QueueRequest) -> Result<QueueTicket, Error> {
        let (queue, seats) = queue_key(&req.ruleset)?;
        if let Some(wait) = req.fill_with_house_after_ms
            && wait > MAX_FILL_WAIT_MS
        {
            return Err(Error::refused(
                Code::InvalidFillWait,
                format!(
                    "fill_with_house_after_ms must be between 0 and {MAX_FILL_WAIT_MS} (an hour)"
                ),
            ));
        }
        check_turn_limit(req.turn_time_limit_ms)?;
        let record = QueueRecord {
            bot: bot.to_owned(),
            ruleset_json: serde_json::to_string(&req.ruleset).map_err(|_| Error::Internal)?,
            house_strategy: req.house_strategy.unwrap_or(DEFAULT_HOUSE),
            turn_time_limit_ms: req.turn_time_limit_ms,
        };
        let now = now_ms();
        let member = fold(bot);
        let data = record.encode()?;
        let joined = self
            .store()
            .queue_join(QueueJoin {
                queue: &queue,
                member: &member,
                data: &data,
                fill_at_ms: req.fill_with_house_after_ms.map(|w| now + w),
                lease_until_ms: now + self.queue_lease_ms,
                now_ms: now,
                max_queues: MAX_QUEUES_PER_BOT,
            })
            .await?;
        let place = match joined {
            QueueJoined::Joined(place) => place,
            QueueJoined::TooManyQueues => {
                return Err(Error::refused(
                    Code::TooManyQueues,
                    format!(
                        "a bot waits in at most {MAX_QUEUES_PER_BOT} queues at once; leave one \
                         (DELETE /v1/queue/{{ticket}}) first"
                    ),
                ));
            }
        };
        self.games.metrics().queue_joins.inc();
        let matched = self.take_and_seat(&queue, seats).await;
        let status = if matched.contains(&member) {
            TicketStatus::Matched
        } else {
            TicketStatus::Waiting
        };
        Ok(ticket_of(&place, status))
    }

    /// The queues bot `bot` waits in.
    pub async fn queue_tickets(&self, bot: &str) -> Result<QueueTickets, Error> {
        let places = self.store().queue_entries(&fold(bot), now_ms()).await?;
        let tickets = places
            .iter()
            .map(|p| ticket_of(p, TicketStatus::Waiting))
            .collect();
        Ok(QueueTickets { tickets })
    }

    /// Bot `bot` leaves queue `ticket` (`None`: every queue it waits in). Answers how many it
    /// left; `ticket_not_found` for a ticket it does not hold.
    pub async fn leave_queue(&self, bot: &str, ticket: Option<&str>) -> Result<u64, Error> {
        let member = fold(bot);
        let now = now_ms();
        let queues: Vec<String> = match ticket {
            Some(t) => vec![t.to_owned()],
            None => self
                .store()
                .queue_entries(&member, now)
                .await?
                .into_iter()
                .map(|p| p.queue)
                .collect(),
        };
        let mut left = 0;
        for queue in &queues {
            let was = match self.store().queue_leave(queue, &member, now).await {
                Ok(was) => was,
                Err(StoreError::InvalidKey(_)) => false,
                Err(e) => return Err(e.into()),
            };
            left += u64::from(was);
        }
        if ticket.is_some() && left == 0 {
            return Err(Error::refused(
                Code::TicketNotFound,
                "the bot does not wait in this queue (it left, was seated, or its place lapsed)",
            ));
        }
        Ok(left)
    }

    /// Renews every place bot `bot` holds in a queue (a read of its inbox does, so a bot that
    /// listens keeps its places). A failure is logged: the bot renews again on its next read.
    pub async fn renew_queue_leases(&self, bot: &str) {
        let now = now_ms();
        if let Err(e) = self
            .store()
            .queue_renew(&fold(bot), now + self.queue_lease_ms, now)
            .await
        {
            tracing::warn!(error = %e, "queue leases not renewed");
        }
    }

    /// Takes from `queue` (a table of `seats`) until nothing more forms, seating every table
    /// taken. Answers the members seated (or put back: see [`Self::seat`]).
    pub async fn take_and_seat(&self, queue: &str, seats: usize) -> Vec<String> {
        let mut seated = Vec::new();
        loop {
            // The table's game id, drawn first: the take holds its entries under it.
            let table = new_game_id();
            let now = now_ms();
            let hold = QueueHold {
                table: &table,
                until_ms: now + HOLD_MS,
            };
            let taken = match self.store().queue_take(queue, seats, now, hold).await {
                Ok(taken) => taken,
                Err(e) => {
                    tracing::warn!(queue, error = %e, "queue take failed");
                    break;
                }
            };
            if taken.is_empty() {
                break;
            }
            seated.extend(taken.iter().map(|e| e.member.clone()));
            let full = taken.len() == seats;
            // A fresh id: no game has it yet.
            self.seat(queue, seats, &table, &taken, false).await;
            if !full {
                break; // a fill takes every entry waiting
            }
        }
        seated
    }

    /// The second phase of a take: creates the game `table` of the entries `taken` from
    /// `queue` (oldest first): the bots and, for a fill, house players of the longest-waiting
    /// bot's strategy, in seats drawn at random; then settles the hold (`made`: the game exists
    /// already, made by an earlier try, so it only settles). A table that cannot be played (a refusal: an
    /// account gone) puts the bots back in their places; a store that fails leaves the hold,
    /// which a sweeper takes over when it runs out ([`sweep_holds`]). Each bot of a game made
    /// is told by the game's own `seated` event. So a queued bot is always waiting, or seated
    /// and told.
    async fn seat(&self, queue: &str, seats: usize, table: &str, taken: &[QueueEntry], made: bool) {
        let created = if made {
            Ok(())
        } else {
            self.create_table(queue, seats, table, taken).await
        };
        let seated = match created {
            Ok(()) => {
                self.games.metrics().queue_tables.inc();
                tracing::info!(queue, game_id = %table, bots = taken.len(), "queue table formed");
                true
            }
            Err(e) if e.status() >= 500 => {
                tracing::warn!(queue, error = %e, bots = taken.len(), "queue table not created yet: held for a sweeper");
                return;
            }
            Err(e) => {
                tracing::error!(queue, error = %e, bots = taken.len(), "queue table cannot be created: the bots go back to their places");
                false
            }
        };
        let now = now_ms();
        if let Err(e) = self
            .store()
            .queue_settle(table, seated, now, now + self.queue_lease_ms)
            .await
        {
            tracing::warn!(queue, game_id = %table, error = %e, "queue hold not settled: a sweeper will");
        }
    }

    async fn create_table(
        &self,
        queue: &str,
        seats: usize,
        table: &str,
        taken: &[QueueEntry],
    ) -> Result<(), Error> {
        let records: Vec<QueueRecord> = taken
            .iter()
            .map(|e| QueueRecord::decode(&e.data))
            .collect::<Result<_, _>>()?;
        let first = records.first().ok_or(Error::Internal)?;
        let ruleset = first.ruleset()?;
        let mut seat_list: Vec<SeatFor> = records
            .iter()
            .map(|r| SeatFor::Account(r.bot.clone()))
            .collect();
        {
            let mut rng = rand::rng();
            while seat_list.len() < seats {
                seat_list.push(SeatFor::House(first.house_strategy.draw(&mut rng)));
            }
            seat_list.shuffle(&mut rng);
        }
        // Never shorter than any of its bots asked for: the longest of their clocks.
        let turn_limit = records.iter().map(QueueRecord::turn_limit_ms).max();
        let game = SeatedGame {
            turn_time_limit_ms: turn_limit,
            game_id: Some(table.to_owned()),
            ..SeatedGame::new(ruleset, seat_list)
        };
        let via = Via::Queue {
            ticket: queue.to_owned(),
        };
        self.create_seated(game, via).await?;
        Ok(())
    }
}

/// How often each replica's sweeper looks at the queues.
pub const SWEEP_EVERY: std::time::Duration = std::time::Duration::from_millis(300);

/// Sweeps once: a take (and the tables it forms) on every queue that is due (a fill whose
/// wait is over, a table that may be full, a lease that ran out, a join whose own take may have
/// failed: see `store::queue`); idle queues are not touched. Answers how many bots were seated.
pub async fn sweep(svc: &Platform) -> usize {
    let queues = match svc
        .store()
        .queues_due(now_ms(), crate::store::MAX_DUE_QUEUES)
        .await
    {
        Ok(q) => q,
        Err(e) => {
            tracing::warn!(error = %e, "cannot list the queues");
            return 0;
        }
    };
    let mut seated = sweep_holds(svc).await;
    for queue in queues {
        let Some(seats) = seats_of(&queue) else {
            continue;
        };
        seated += svc.take_and_seat(&queue, seats).await.len();
    }
    seated
}

/// Takes over the holds whose time ran out (a replica that stopped between a take and its
/// table's game, or a store that failed then): each is seated as its taker would have (the
/// same game id: a game that exists settles it) or put back. Answers how many bots it saw.
pub async fn sweep_holds(svc: &Platform) -> usize {
    let now = now_ms();
    let held = match svc.store().queue_holds_due(now, now + HOLD_MS, 16).await {
        Ok(h) => h,
        Err(e) => {
            tracing::warn!(error = %e, "cannot read the queues' holds");
            return 0;
        }
    };
    let mut bots = 0;
    for h in held {
        let Some(seats) = seats_of(&h.queue) else {
            let _ = svc
                .store()
                .queue_settle(&h.table, false, now, now + svc.queue_lease_ms)
                .await;
            continue;
        };
        // Its taker may have made the game before it stopped.
        let made = match svc.store().version(&h.table).await {
            Ok(v) => v.is_some(),
            Err(e) => {
                tracing::warn!(game_id = %h.table, error = %e, "a queue hold left for a later sweep");
                continue;
            }
        };
        bots += h.entries.len();
        tracing::info!(queue = %h.queue, game_id = %h.table, "a queue table's seating taken over");
        svc.seat(&h.queue, seats, &h.table, &h.entries, made).await;
    }
    bots
}

/// Runs [`sweep`] forever.
pub async fn run(svc: Platform) {
    let mut tick = tokio::time::interval(SWEEP_EVERY);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        sweep(&svc).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A replica that took a table from the queue and stopped before creating its game: when
    /// the hold runs out a sweeper (any replica) creates the game under the table's id, settles
    /// the hold, and the game's `seated` event tells each bot; nobody waits or is lost.
    #[tokio::test]
    async fn a_hold_whose_replica_stopped_is_seated_by_a_sweeper() {
        use crate::store::{MemoryStore, StoreConfig};
        let store: std::sync::Arc<dyn crate::store::GameStore> =
            std::sync::Arc::new(MemoryStore::new(StoreConfig::default()));
        let svc = Platform::new(crate::games::GameService::new(
            store.clone(),
            crate::metrics::Metrics::new(),
            100,
        ));
        let spec: RulesetSpec = serde_json::from_str(r#"{"preset": "euchre"}"#).unwrap();
        let names = ["h-a", "h-b", "h-c", "h-d"];
        for n in names {
            svc.register_bot(n.into(), || Ok(())).await.unwrap();
        }
        let request = || QueueRequest {
            ruleset: spec.clone(),
            fill_with_house_after_ms: None,
            house_strategy: None,
            turn_time_limit_ms: None,
        };
        for n in &names[..3] {
            svc.join_queue(n, request()).await.unwrap();
        }
        // The fourth joins without a take; then a replica takes the table and stops.
        let (queue, seats) = queue_key(&spec).unwrap();
        let now = now_ms();
        let data = QueueRecord {
            bot: names[3].into(),
            ruleset_json: r#"{"preset": "euchre"}"#.into(),
            house_strategy: DEFAULT_HOUSE,
            turn_time_limit_ms: None,
        }
        .encode()
        .unwrap();
        store
            .queue_join(QueueJoin {
                queue: &queue,
                member: names[3],
                data: &data,
                fill_at_ms: None,
                lease_until_ms: now + crate::platform::DEFAULT_QUEUE_LEASE_MS,
                now_ms: now,
                max_queues: MAX_QUEUES_PER_BOT,
            })
            .await
            .unwrap();
        let table = new_game_id();
        let hold = QueueHold {
            table: &table,
            until_ms: now,
        };
        assert_eq!(
            store
                .queue_take(&queue, seats, now, hold)
                .await
                .unwrap()
                .len(),
            4
        );
        for n in names {
            assert!(
                svc.queue_tickets(n).await.unwrap().tickets.is_empty(),
                "{n} is held"
            );
        }
        // The sweeper takes the hold over.
        assert_eq!(sweep_holds(&svc).await, 4);
        assert!(
            store.version(&table).await.unwrap().is_some(),
            "the table's game"
        );
        assert_eq!(sweep_holds(&svc).await, 0, "settled");
        svc.outbox_round().await;
        for n in names {
            let told: Vec<String> = svc
                .inbox(n, 0, 100)
                .await
                .unwrap()
                .entries
                .iter()
                .map(|e| serde_json::from_slice::<serde_json::Value>(&e.data).unwrap())
                .filter(|e| e["type"] == "seated")
                .map(|e| e["game_id"].as_str().unwrap().to_owned())
                .collect();
            assert_eq!(told, vec![table.clone()], "{n}");
            assert!(svc.queue_tickets(n).await.unwrap().tickets.is_empty());
        }
    }

    /// An entry stored before `mixed` (its field a `Strategy`) reads as the same fill; a
    /// `mixed` fill draws every strategy and only those.
    #[test]
    fn house_fills_read_old_entries_and_mix() {
        for (old, new) in crate::bots::Strategy::LADDER.into_iter().zip([
            HouseFill::Random,
            HouseFill::Heuristic,
            HouseFill::Expert,
        ]) {
            let bytes = rmp_serde::to_vec(&("b".to_owned(), "{}".to_owned(), old)).unwrap();
            assert_eq!(QueueRecord::decode(&bytes).unwrap().house_strategy, new);
            assert_eq!(new.draw(&mut rand::rng()), old);
        }
        let mut seen = std::collections::HashSet::new();
        let mut rng = rand::rng();
        for _ in 0..200 {
            seen.insert(HouseFill::Mixed.draw(&mut rng));
        }
        assert_eq!(seen.len(), 3, "{seen:?}");
    }

    #[test]
    fn one_ruleset_one_queue_however_spelled() {
        let a: RulesetSpec = serde_json::from_str(r#"{"preset": "euchre"}"#).unwrap();
        let (qa, n) = queue_key(&a).unwrap();
        assert_eq!(n, 4);
        let rules = a.build().unwrap();
        let spelled = serde_json::to_value(rules).unwrap();
        let b: RulesetSpec = serde_json::from_value(spelled).unwrap_or(a.clone());
        assert_eq!(queue_key(&b).unwrap().0, qa);
        let c: RulesetSpec =
            serde_json::from_str(r#"{"preset": "euchre", "target_score": 10}"#).unwrap();
        assert_ne!(queue_key(&c).unwrap().0, qa);
        assert!(qa.starts_with("q4-euchre-"), "{qa}");
        assert!(crate::store::valid_group(&qa), "{qa}");
        assert_eq!(seats_of(&qa), Some(4));
        assert_eq!(preset_of(&qa), Some(Preset::Euchre));
        for p in Preset::ALL {
            let spec = RulesetSpec {
                preset: p,
                ..RulesetSpec::default()
            };
            let (q, n) = queue_key(&spec).unwrap();
            assert!(crate::store::valid_group(&q), "{q}");
            assert_eq!((seats_of(&q), preset_of(&q)), (Some(n), Some(p)));
        }
        assert_eq!(seats_of("nope"), None);
    }
}
