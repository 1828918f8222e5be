//! The archive: finished games kept after their live record expires, and each member's (an
//! account's) index of them, newest first.
//!
//! The store knows nothing of games here either. An archived game is an id, the time it
//! finished, opaque bytes (the whole game, as the caller encodes and compresses it) and a
//! summary (opaque bytes: what a page shows of it), listed under each of its members. It is
//! kept for the store's archive retention ([`StoreConfig::archive_retention`]: the finished
//! game's live TTL plus [`StoreConfig::archive_ttl`]) from the time it finished, and leaves each
//! member's index then (each index also keeps at most [`MAX_ARCHIVED_PER_MEMBER`] games, the
//! oldest leaving first).
//!
//! On Redis a game's archived bytes live in its own slot (`{prefix}:{<id>}:archive`, a string
//! with an absolute expiry) and the members' indexes under the hash tag `{bots}` with the
//! accounts (`{prefix}:{bots}:arch:<member>`, a sorted set of `<finished ms, 16 digits>:<id>`
//! ordered by bytes, and `{prefix}:{bots}:archs:<member>`, a hash of the summaries by id, both
//! expiring with their newest game). A put is two round trips (the game, then every member's
//! index in one script); a page or a summaries' read is one.
//!
//! [`StoreConfig::archive_retention`]: super::StoreConfig::archive_retention
//! [`StoreConfig::archive_ttl`]: super::StoreConfig::archive_ttl

use super::StoreError;
use super::accounts::{MAX_RATINGS_PER_CALL, MAX_TOKEN_LEN, check_account_name, check_name};
use super::listing::MAX_LIST_LIMIT;

/// The most games a member's index keeps (the oldest leave first).
pub const MAX_ARCHIVED_PER_MEMBER: usize = 10_000;

/// The longest archived game (its bytes as the caller stores them), in bytes.
pub const MAX_ARCHIVE_DATA_LEN: usize = 8 * 1024 * 1024;

/// The longest summary, in bytes.
pub const MAX_ARCHIVE_SUMMARY_LEN: usize = 16 * 1024;

/// The most summaries one [`GameStore::archive_summaries`](super::GameStore::archive_summaries)
/// reads.
pub const MAX_ARCHIVE_SUMMARIES: usize = 64;

/// A game to archive ([`GameStore::archive_put`](super::GameStore::archive_put)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArchivePut<'a> {
    /// The game's id.
    pub id: &'a str,
    /// The members whose indexes list it (at most 64; none: archived but listed nowhere).
    pub members: &'a [&'a str],
    /// When it finished (ms since the Unix epoch): its place in the indexes, and the start of
    /// its retention.
    pub finished_ms: u64,
    /// What a page shows of it (opaque bytes, at most [`MAX_ARCHIVE_SUMMARY_LEN`]).
    pub summary: &'a [u8],
    /// The archived game (opaque bytes, at most [`MAX_ARCHIVE_DATA_LEN`]).
    pub data: &'a [u8],
}

impl ArchivePut<'_> {
    pub(super) fn check(&self) -> Result<(), StoreError> {
        check_name("a game id", self.id, MAX_TOKEN_LEN)?;
        if self.members.len() > MAX_RATINGS_PER_CALL {
            return Err(StoreError::InvalidWrite(format!(
                "a game is archived for at most {MAX_RATINGS_PER_CALL} members"
            )));
        }
        for m in self.members {
            check_account_name(m)?;
        }
        if self.summary.len() > MAX_ARCHIVE_SUMMARY_LEN || self.data.len() > MAX_ARCHIVE_DATA_LEN {
            return Err(StoreError::InvalidWrite(format!(
                "an archived game has at most {MAX_ARCHIVE_DATA_LEN} bytes and a summary {MAX_ARCHIVE_SUMMARY_LEN}"
            )));
        }
        Ok(())
    }
}

/// Checks a page's member and limit (1 to [`MAX_LIST_LIMIT`]).
pub(super) fn check_page(member: &str, limit: usize) -> Result<(), StoreError> {
    check_account_name(member)?;
    if !(1..=MAX_LIST_LIMIT).contains(&limit) {
        return Err(StoreError::InvalidKey(format!(
            "a page holds 1 to {MAX_LIST_LIMIT} games, not {limit}"
        )));
    }
    Ok(())
}

/// Checks a summaries' read.
pub(super) fn check_summaries(member: &str, ids: &[&str]) -> Result<(), StoreError> {
    check_account_name(member)?;
    if ids.len() > MAX_ARCHIVE_SUMMARIES {
        return Err(StoreError::InvalidKey(format!(
            "at most {MAX_ARCHIVE_SUMMARIES} summaries a call"
        )));
    }
    for id in ids {
        check_name("a game id", id, MAX_TOKEN_LEN)?;
    }
    Ok(())
}

/// The oldest finished time still kept at `now_ms` with `retention_ms` (None: kept for good).
pub(super) fn cutoff(now_ms: u64, retention_ms: Option<u64>) -> Option<u64> {
    retention_ms.map(|r| now_ms.saturating_sub(r).saturating_add(1))
}

/// A member of a Redis index: the finished time in 16 digits, `:`, the id (so that the
/// members' byte order is the order by time, then by id).
pub(super) fn index_member(finished_ms: u64, id: &str) -> String {
    format!("{finished_ms:016}:{id}")
}
