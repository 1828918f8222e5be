//! The in-process store's operations: `impl GameStore for MemoryStore`.

use std::collections::{HashMap, VecDeque};
use std::time::{Duration, Instant};

use async_trait::async_trait;
use tokio::sync::watch;

use super::{Entry, Inbox, MemoryStore, SWEEP_PERIOD, Timed, expiry, score_order};
use crate::store::accounts::{
    check_account_name, check_attach, check_board, check_key_hash, check_rate, check_rating_pairs,
};
use crate::store::inbox::{check_append, check_read, first_id};
use crate::store::outbox::{MAX_OUTBOX_BATCH, OutboxBatch, check_take};
use crate::store::{
    AccountGames, ArchivePut, BoardEntry, BoardPage, GameStore, InboxEntry, InboxPage, ListCursor,
    ListPage, ListQuery, ListedGame, MAX_DUE_QUEUES, MAX_INBOX_ENTRIES, MAX_RECENT_GAMES,
    QueueEntry, QueueHeld, QueueHold, QueueJoin, QueueJoined, QueuePlace, RateOutcome, RatingWrite,
    StoreConfig, StoreError, StoredGame, StoredRating, Write, check_idem_key,
};

#[async_trait]
impl GameStore for MemoryStore {
    async fn write(&self, id: &str, w: Write<'_>) -> Result<(), StoreError> {
        w.check()?;
        let now = Instant::now();
        let expires_at = self.expiry(now, w.finished);
        let mut inner = self.lock();
        match w.expected {
            None => {
                if inner.live(id, now).is_some() {
                    return Err(StoreError::AlreadyExists);
                }
                let cap = self.config.max_games;
                if cap > 0 && inner.games.len() >= cap {
                    // Sweep only if a game may have expired since the last sweep: a client
                    // hammering a full store must not make every create pay an O(games) sweep.
                    if inner.next_expiry.is_some_and(|at| at <= now) {
                        inner.sweep(now);
                    }
                    if inner.games.len() >= cap {
                        return Err(StoreError::Full);
                    }
                }
                inner.expires(expires_at);
                inner.games.insert(
                    id.to_owned(),
                    Entry {
                        version: w.new_version,
                        data: w.data.to_vec(),
                        log: w.log.iter().map(|e| e.to_vec()).collect(),
                        expires_at,
                        listing: None,
                        events: w.events.iter().map(|e| e.to_vec()).collect(),
                    },
                );
            }
            Some(expected) => {
                let entry = inner.live(id, now).ok_or(StoreError::NotFound)?;
                if entry.version != expected {
                    return Err(StoreError::Conflict {
                        current: entry.version,
                    });
                }
                entry.version = w.new_version;
                entry.data.clear();
                entry.data.extend_from_slice(w.data);
                entry.log.extend(w.log.iter().map(|e| e.to_vec()));
                entry.events.extend(w.events.iter().map(|e| e.to_vec()));
                if !w.keep_expiry {
                    entry.expires_at = expires_at;
                    inner.expires(expires_at);
                }
                if let Some(idem) = w.idem {
                    inner.idem.entry(id.to_owned()).or_default().insert(
                        idem.key.to_owned(),
                        Timed {
                            value: idem.answer.to_vec(),
                            expires_at: expiry(now, idem.ttl),
                        },
                    );
                }
            }
        }
        if let Some(listing) = &w.listing {
            inner.relist(id, listing);
        }
        if !w.events.is_empty() {
            inner.outbox_due_at(id, crate::store::outbox::unix_ms());
        }
        inner.after_write(now);
        // Under the lock, so that watchers see the writes of a game in their order.
        self.hub.notify(id, w.new_version);
        Ok(())
    }

    async fn load_log(&self, id: &str, from: usize) -> Result<Vec<Vec<u8>>, StoreError> {
        let now = Instant::now();
        let mut inner = self.lock();
        Ok(inner
            .live(id, now)
            .map(|e| e.log.get(from..).unwrap_or_default().to_vec())
            .unwrap_or_default())
    }

    async fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        let now = Instant::now();
        let mut inner = self.lock();
        Ok(inner.live(id, now).map(|e| StoredGame {
            version: e.version,
            data: e.data.clone(),
        }))
    }

    async fn version(&self, id: &str) -> Result<Option<u64>, StoreError> {
        Ok(self.lock().live(id, Instant::now()).map(|e| e.version))
    }

    async fn load_with_idem(
        &self,
        id: &str,
        key: &str,
    ) -> Result<(Option<StoredGame>, Option<Vec<u8>>), StoreError> {
        check_idem_key(key)?;
        let now = Instant::now();
        let mut inner = self.lock();
        let game = inner.live(id, now).map(|e| StoredGame {
            version: e.version,
            data: e.data.clone(),
        });
        let answer = match inner.idem.get_mut(id) {
            Some(answers) => {
                if answers.get(key).is_some_and(|a| !a.is_live(now)) {
                    answers.remove(key);
                }
                let answer = answers.get(key).map(|a| a.value.clone());
                if answers.is_empty() {
                    inner.idem.remove(id);
                }
                answer
            }
            None => None,
        };
        Ok((game, answer))
    }

    fn watch(&self, id: &str) -> watch::Receiver<u64> {
        self.hub.subscribe(id).0
    }

    async fn schedule_deadline(&self, id: &str, at_unix_ms: u64) -> Result<(), StoreError> {
        let mut inner = self.lock();
        inner.remove_deadline(id);
        inner.deadlines.insert(id.to_owned(), at_unix_ms);
        inner.deadline_order.insert((at_unix_ms, id.to_owned()));
        Ok(())
    }

    async fn cancel_deadline(&self, id: &str) -> Result<(), StoreError> {
        self.lock().remove_deadline(id);
        Ok(())
    }

    async fn due_deadlines(
        &self,
        now_unix_ms: u64,
        limit: usize,
    ) -> Result<Vec<String>, StoreError> {
        let mut inner = self.lock();
        inner.sweep_if_older(Instant::now(), SWEEP_PERIOD);
        Ok(inner
            .deadline_order
            .iter()
            .take_while(|(at, _)| *at <= now_unix_ms)
            .take(limit)
            .map(|(_, id)| id.clone())
            .collect())
    }

    async fn claim(&self, id: &str, owner: &str, ttl: Duration) -> Result<bool, StoreError> {
        let now = Instant::now();
        let mut inner = self.lock();
        if inner.claims.get(id).is_some_and(|c| c.is_live(now)) {
            return Ok(false);
        }
        inner.claims.insert(
            id.to_owned(),
            Timed {
                value: owner.to_owned(),
                expires_at: expiry(now, ttl.max(Duration::from_millis(1))),
            },
        );
        inner.after_write(now);
        Ok(true)
    }

    async fn release_claim(&self, id: &str, owner: &str) -> Result<bool, StoreError> {
        let now = Instant::now();
        let mut inner = self.lock();
        let held = inner
            .claims
            .get(id)
            .is_some_and(|c| c.is_live(now) && c.value == owner);
        if held {
            inner.claims.remove(id);
        }
        Ok(held)
    }

    async fn list(&self, q: ListQuery<'_>) -> Result<ListPage, StoreError> {
        q.check()?;
        let now = Instant::now();
        let inner = self.lock();
        let key = (q.status, q.group.map(str::to_owned));
        let Some(set) = inner.lists.0.get(&key) else {
            return Ok(ListPage::default());
        };
        let newer = match q.after {
            Some(c) => set.range(..(c.listed_ms, c.id.clone())),
            None => set.range(..),
        };
        let games = newer
            .rev()
            .filter_map(|(listed_ms, id)| {
                let entry = inner.games.get(id).filter(|e| e.is_live(now))?;
                Some(ListedGame {
                    id: id.clone(),
                    listed_ms: *listed_ms,
                    item: entry.listing.as_ref()?.item.clone(),
                })
            })
            .take(q.limit + 1)
            .collect();
        Ok(ListPage::from_candidates(games, q.limit))
    }

    async fn create_account(
        &self,
        name: &str,
        key_hash: &str,
        look: &str,
        data: &[u8],
    ) -> Result<(), StoreError> {
        check_account_name(name)?;
        check_key_hash(key_hash)?;
        check_key_hash(look)?;
        let mut a = self.accounts();
        if a.records.contains_key(name)
            || a.keys.contains_key(key_hash)
            || a.looks.contains_key(look)
        {
            return Err(StoreError::AlreadyExists);
        }
        a.records.insert(name.to_owned(), data.to_vec());
        a.keys.insert(key_hash.to_owned(), name.to_owned());
        a.looks.insert(look.to_owned(), name.to_owned());
        Ok(())
    }

    async fn account_by_look(&self, look: &str) -> Result<Option<Vec<u8>>, StoreError> {
        check_key_hash(look)?;
        let a = self.accounts();
        Ok(a.looks.get(look).and_then(|n| a.records.get(n)).cloned())
    }

    async fn load_account(&self, name: &str) -> Result<Option<Vec<u8>>, StoreError> {
        check_account_name(name)?;
        Ok(self.accounts().records.get(name).cloned())
    }

    async fn save_preferences(&self, name: &str, data: &[u8]) -> Result<(), StoreError> {
        check_account_name(name)?;
        self.accounts()
            .preferences
            .insert(name.to_owned(), data.to_vec());
        Ok(())
    }

    async fn load_preferences(&self, name: &str) -> Result<Option<Vec<u8>>, StoreError> {
        check_account_name(name)?;
        Ok(self.accounts().preferences.get(name).cloned())
    }

    async fn account_by_key(&self, key_hash: &str) -> Result<Option<Vec<u8>>, StoreError> {
        check_key_hash(key_hash)?;
        let a = self.accounts();
        Ok(a.keys.get(key_hash).and_then(|n| a.records.get(n)).cloned())
    }

    async fn attach_game(
        &self,
        names: &[&str],
        game_id: &str,
        at_unix_ms: u64,
    ) -> Result<(), StoreError> {
        check_attach(names, game_id)?;
        let mut a = self.accounts();
        for name in names {
            let (count, recent) = a.games.entry((*name).to_owned()).or_default();
            if recent.iter().any(|(_, id)| id == game_id) {
                continue;
            }
            *count += 1;
            recent.insert((at_unix_ms, game_id.to_owned()));
            while recent.len() > MAX_RECENT_GAMES {
                recent.pop_first();
            }
        }
        Ok(())
    }

    async fn account_games(&self, name: &str) -> Result<AccountGames, StoreError> {
        check_account_name(name)?;
        let a = self.accounts();
        Ok(a.games
            .get(name)
            .map(|(count, recent)| AccountGames {
                count: *count,
                recent: recent
                    .iter()
                    .rev()
                    .map(|(at, id)| (id.clone(), *at))
                    .collect(),
            })
            .unwrap_or_default())
    }

    async fn load_ratings(
        &self,
        pairs: &[(&str, &str)],
    ) -> Result<Vec<Option<StoredRating>>, StoreError> {
        check_rating_pairs(pairs)?;
        let a = self.accounts();
        Ok(pairs
            .iter()
            .map(|(board, member)| {
                a.ratings
                    .get(&((*board).to_owned(), (*member).to_owned()))
                    .map(|(version, data, _)| StoredRating {
                        version: *version,
                        data: data.clone(),
                    })
            })
            .collect())
    }

    async fn rate(
        &self,
        event: &str,
        board: &str,
        writes: &[RatingWrite<'_>],
    ) -> Result<RateOutcome, StoreError> {
        check_rate(event, board, writes)?;
        let mut a = self.accounts();
        if a.rated.contains(event) {
            return Ok(RateOutcome::AlreadyRated);
        }
        for w in writes {
            let current = a
                .ratings
                .get(&(board.to_owned(), w.member.to_owned()))
                .map_or(0, |r| r.0);
            if current != w.expected {
                return Err(StoreError::Conflict { current });
            }
        }
        for w in writes {
            let key = (board.to_owned(), w.member.to_owned());
            let old = a.ratings.remove(&key);
            let ranking = a.boards.entry(board.to_owned()).or_default();
            if let Some((_, _, score)) = &old {
                ranking.remove(&(score_order(*score), w.member.to_owned()));
            }
            ranking.insert((score_order(w.score), w.member.to_owned()));
            a.ratings
                .insert(key, (w.expected + 1, w.data.to_vec(), w.score));
        }
        a.rated.insert(event.to_owned());
        Ok(RateOutcome::Rated)
    }

    async fn board(&self, board: &str, offset: u64, limit: usize) -> Result<BoardPage, StoreError> {
        check_board(board)?;
        let a = self.accounts();
        let Some(ranking) = a.boards.get(board) else {
            return Ok(BoardPage::default());
        };
        let entries = ranking
            .iter()
            .rev()
            .skip(usize::try_from(offset).unwrap_or(usize::MAX))
            .take(limit)
            .filter_map(|(_, member)| {
                let (_, data, score) = a.ratings.get(&(board.to_owned(), member.clone()))?;
                Some(BoardEntry {
                    member: member.clone(),
                    score: *score,
                    data: data.clone(),
                })
            })
            .collect();
        Ok(BoardPage {
            entries,
            total: ranking.len() as u64,
        })
    }

    async fn queue_join(&self, j: QueueJoin<'_>) -> Result<QueueJoined, StoreError> {
        self.queue_lock().join(&j)
    }

    async fn queue_leave(
        &self,
        queue: &str,
        member: &str,
        now_ms: u64,
    ) -> Result<bool, StoreError> {
        self.queue_lock().leave(queue, member, now_ms)
    }

    async fn queue_renew(
        &self,
        member: &str,
        lease_until_ms: u64,
        now_ms: u64,
    ) -> Result<usize, StoreError> {
        self.queue_lock().renew(member, lease_until_ms, now_ms)
    }

    async fn queue_take(
        &self,
        queue: &str,
        n: usize,
        now_ms: u64,
        hold: QueueHold<'_>,
    ) -> Result<Vec<QueueEntry>, StoreError> {
        self.queue_lock().take(queue, n, now_ms, hold)
    }

    async fn queue_settle(
        &self,
        table: &str,
        seated: bool,
        now_ms: u64,
        lease_until_ms: u64,
    ) -> Result<usize, StoreError> {
        self.queue_lock()
            .settle(table, seated, now_ms, lease_until_ms)
    }

    async fn queue_holds_due(
        &self,
        now_ms: u64,
        until_ms: u64,
        limit: usize,
    ) -> Result<Vec<QueueHeld>, StoreError> {
        Ok(self.queue_lock().holds_due(now_ms, until_ms, limit))
    }

    async fn queues_due(&self, now_ms: u64, limit: usize) -> Result<Vec<String>, StoreError> {
        Ok(self
            .queue_lock()
            .queues_due(now_ms, limit.min(MAX_DUE_QUEUES)))
    }

    async fn queue_entries(
        &self,
        member: &str,
        now_ms: u64,
    ) -> Result<Vec<QueuePlace>, StoreError> {
        self.queue_lock().entries(member, now_ms)
    }

    async fn append_inbox(
        &self,
        account: &str,
        data: &[u8],
        once: Option<&str>,
        now_unix_ms: u64,
    ) -> Result<u64, StoreError> {
        check_append(account, data, once)?;
        let now = Instant::now();
        let mut inboxes = self.inboxes.lock().unwrap_or_else(|e| e.into_inner());
        if inboxes.get(account).is_some_and(|i| !i.is_live(now)) {
            inboxes.remove(account);
        }
        if let Some(inbox) = inboxes.get(account)
            && let Some(id) = once.and_then(|k| inbox.once.get(k))
        {
            return Ok(*id);
        }
        let inbox = inboxes.entry(account.to_owned()).or_insert_with(|| Inbox {
            last: 0,
            entries: VecDeque::new(),
            once: HashMap::new(),
            touched: now,
        });
        let id = if inbox.last == 0 {
            first_id(now_unix_ms)
        } else {
            inbox.last + 1
        };
        inbox.last = id;
        inbox.touched = now;
        inbox
            .entries
            .push_back((id, data.to_vec(), once.map(str::to_owned)));
        if let Some(key) = once {
            inbox.once.insert(key.to_owned(), id);
        }
        while inbox.entries.len() as u64 > MAX_INBOX_ENTRIES {
            if let Some((_, _, Some(key))) = inbox.entries.pop_front() {
                inbox.once.remove(&key);
            }
        }
        // Told under the lock, so watchers hear the appends in their order.
        self.inbox_hub.notify(account, id);
        Ok(id)
    }

    async fn read_inbox(
        &self,
        account: &str,
        after: u64,
        limit: usize,
    ) -> Result<InboxPage, StoreError> {
        check_read(account, limit)?;
        let now = Instant::now();
        let mut inboxes = self.inboxes.lock().unwrap_or_else(|e| e.into_inner());
        if inboxes.get(account).is_some_and(|i| !i.is_live(now)) {
            inboxes.remove(account);
        }
        let Some(inbox) = inboxes.get(account) else {
            return Ok(InboxPage::default());
        };
        let start = inbox.entries.partition_point(|(id, _, _)| *id <= after);
        Ok(InboxPage {
            entries: inbox
                .entries
                .range(start..)
                .take(limit)
                .map(|(id, data, _)| InboxEntry {
                    id: *id,
                    data: data.clone(),
                })
                .collect(),
            last: inbox.last,
        })
    }

    fn watch_inbox(&self, account: &str) -> watch::Receiver<u64> {
        self.inbox_hub.subscribe(account).0
    }

    async fn outbox_take(
        &self,
        now_ms: u64,
        lease_ms: u64,
        limit: usize,
    ) -> Result<Vec<OutboxBatch>, StoreError> {
        check_take(limit)?;
        let now = Instant::now();
        let mut inner = self.lock();
        let due: Vec<String> = inner
            .outbox_order
            .iter()
            .take_while(|(at, _)| *at <= now_ms)
            .take(limit)
            .map(|(_, id)| id.clone())
            .collect();
        let lease_until_ms = now_ms.saturating_add(lease_ms);
        let mut out = Vec::with_capacity(due.len());
        for owner in due {
            inner.outbox_due_at(&owner, lease_until_ms);
            let events = inner
                .live(&owner, now)
                .map(|e| e.events.iter().take(MAX_OUTBOX_BATCH).cloned().collect())
                .unwrap_or_default();
            out.push(OutboxBatch {
                owner,
                lease_until_ms,
                events,
            });
        }
        Ok(out)
    }

    async fn outbox_ack(
        &self,
        owner: &str,
        done: &[Vec<u8>],
        lease_until_ms: u64,
        now_ms: u64,
    ) -> Result<(), StoreError> {
        let now = Instant::now();
        let mut inner = self.lock();
        let left = match inner.live(owner, now) {
            Some(entry) => {
                for event in done {
                    if entry.events.front() != Some(event) {
                        break;
                    }
                    entry.events.pop_front();
                }
                entry.events.len()
            }
            None => 0,
        };
        if left > 0 {
            inner.outbox_due_at(owner, now_ms);
        } else if inner.outbox_due.get(owner) == Some(&lease_until_ms) {
            inner.outbox_remove(owner);
        }
        Ok(())
    }

    async fn ping(&self) -> Result<(), StoreError> {
        Ok(())
    }

    async fn archive_put(&self, p: ArchivePut<'_>) -> Result<(), StoreError> {
        self.archive_put_impl(p)
    }

    async fn archive_page(
        &self,
        member: &str,
        after: Option<&ListCursor>,
        limit: usize,
        now_ms: u64,
    ) -> Result<ListPage, StoreError> {
        self.archive_page_impl(member, after, limit, now_ms)
    }

    async fn archive_summaries(
        &self,
        member: &str,
        ids: &[&str],
        now_ms: u64,
    ) -> Result<Vec<Option<Vec<u8>>>, StoreError> {
        self.archive_summaries_impl(member, ids, now_ms)
    }

    async fn archive_load(&self, id: &str) -> Result<Option<Vec<u8>>, StoreError> {
        self.archive_load_impl(id)
    }

    fn backend(&self) -> &'static str {
        "memory"
    }

    fn config(&self) -> &StoreConfig {
        &self.config
    }
}
