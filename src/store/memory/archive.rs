//! The in-process store's archive (see `store::archive`): the archived games and each member's
//! index, with lazy expiry by the wall clock (the finished times are wall-clock times).

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::MemoryStore;
use crate::store::archive::{check_page, check_summaries, cutoff};
use crate::store::outbox::unix_ms;
use crate::store::{
    ArchivePut, ListCursor, ListPage, ListedGame, MAX_ARCHIVED_PER_MEMBER, StoreError,
};

/// The archive: the games' bytes and each member's index.
#[derive(Debug, Default)]
pub(super) struct Archive {
    /// Archived games by id: their bytes and when they finished.
    games: HashMap<String, (Vec<u8>, u64)>,
    /// The same by when they finished, oldest first (the first to go past the cap).
    order: BTreeSet<(u64, String)>,
    /// Each member's index.
    index: HashMap<String, MemberIndex>,
    /// Puts since the last sweep of the games whose time ran out.
    puts_since_sweep: usize,
}

/// One member's archived games: summaries by (finished ms, id), and each id's finished ms.
#[derive(Debug, Default)]
struct MemberIndex {
    order: BTreeMap<(u64, String), Vec<u8>>,
    at: HashMap<String, u64>,
}

impl MemberIndex {
    /// Drops the games that finished before `cutoff`, and the oldest past the cap.
    fn trim(&mut self, cutoff: Option<u64>) {
        while let Some(((at, id), _)) = self.order.first_key_value() {
            let old = cutoff.is_some_and(|c| *at < c);
            if !old && self.order.len() <= MAX_ARCHIVED_PER_MEMBER {
                break;
            }
            let id = id.clone();
            self.order.pop_first();
            self.at.remove(&id);
        }
    }
}

impl MemoryStore {
    fn archive_lock(&self) -> std::sync::MutexGuard<'_, Archive> {
        // Every update checks first and then writes, and nothing in it panics.
        self.archive.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn archive_cutoff(&self, now_ms: u64) -> Option<u64> {
        cutoff(now_ms, self.config.archive_retention_ms())
    }

    pub(super) fn archive_put_impl(&self, p: ArchivePut<'_>) -> Result<(), StoreError> {
        p.check()?;
        let cut = self.archive_cutoff(unix_ms());
        let mut a = self.archive_lock();
        a.puts_since_sweep += 1;
        if a.puts_since_sweep >= a.games.len().max(1024) {
            if let Some(c) = cut {
                let keep = a.order.split_off(&(c, String::new()));
                for (_, id) in std::mem::replace(&mut a.order, keep) {
                    a.games.remove(&id);
                }
            }
            a.index.retain(|_, idx| {
                idx.trim(cut);
                !idx.order.is_empty()
            });
            a.puts_since_sweep = 0;
        }
        if cut.is_some_and(|c| p.finished_ms < c) {
            return Ok(());
        }
        if let Some((_, old)) = a
            .games
            .insert(p.id.to_owned(), (p.data.to_vec(), p.finished_ms))
        {
            a.order.remove(&(old, p.id.to_owned()));
        }
        a.order.insert((p.finished_ms, p.id.to_owned()));
        // As many archived games as live ones at most (`MEMORY_MAX_GAMES`): the oldest go
        // first (an index may still list them; they are left out of a stream).
        let cap = self.config.max_games;
        while cap > 0 && a.games.len() > cap {
            let Some((_, id)) = a.order.pop_first() else {
                break;
            };
            a.games.remove(&id);
        }
        for member in p.members {
            let idx = a.index.entry((*member).to_owned()).or_default();
            // Archived again: it keeps its first place.
            let at = *idx.at.entry(p.id.to_owned()).or_insert(p.finished_ms);
            idx.order.insert((at, p.id.to_owned()), p.summary.to_vec());
            idx.trim(cut);
        }
        Ok(())
    }

    pub(super) fn archive_page_impl(
        &self,
        member: &str,
        after: Option<&ListCursor>,
        limit: usize,
        now_ms: u64,
    ) -> Result<ListPage, StoreError> {
        check_page(member, limit)?;
        let cut = self.archive_cutoff(now_ms);
        let mut a = self.archive_lock();
        let Some(idx) = a.index.get_mut(member) else {
            return Ok(ListPage::default());
        };
        idx.trim(cut);
        let games = idx
            .order
            .iter()
            .rev()
            .filter(|((at, id), _)| {
                after.is_none_or(|c| (*at, id.as_str()) < (c.listed_ms, c.id.as_str()))
            })
            .take(limit + 1)
            .map(|((at, id), summary)| ListedGame {
                id: id.clone(),
                listed_ms: *at,
                item: summary.clone(),
            })
            .collect();
        Ok(ListPage::from_candidates(games, limit))
    }

    pub(super) fn archive_summaries_impl(
        &self,
        member: &str,
        ids: &[&str],
        now_ms: u64,
    ) -> Result<Vec<Option<Vec<u8>>>, StoreError> {
        check_summaries(member, ids)?;
        let cut = self.archive_cutoff(now_ms);
        let a = self.archive_lock();
        let idx = a.index.get(member);
        Ok(ids
            .iter()
            .map(|id| {
                let idx = idx?;
                let at = *idx.at.get(*id)?;
                if cut.is_some_and(|c| at < c) {
                    return None;
                }
                idx.order.get(&(at, (*id).to_owned())).cloned()
            })
            .collect())
    }

    pub(super) fn archive_load_impl(&self, id: &str) -> Result<Option<Vec<u8>>, StoreError> {
        let cut = self.archive_cutoff(unix_ms());
        let a = self.archive_lock();
        Ok(a.games
            .get(id)
            .filter(|(_, at)| cut.is_none_or(|c| *at >= c))
            .map(|(data, _)| data.clone()))
    }
}
