//! The listing index: which games are open, live or finished, newest first, kept in step with
//! the writes of the games ([`Write::listing`](super::Write::listing)) and read a page at a
//! time ([`GameStore::list`](super::GameStore::list)).
//!
//! The store knows nothing of games here either: a listing is a status, a group (the caller's
//! filter, the preset), and an opaque item (what the caller shows of the game). Each game is in
//! at most one listing at a time: a write with a listing moves the game there (from wherever it
//! was), in the same atomic step as the write on the memory store and a single Redis server,
//! and right after it on a cluster (see the [store docs](super#the-listing-index)). A game
//! leaves its listing when it expires.
//!
//! Order: newest first by the time the game was first listed (its creation, for games created
//! with a listing), then by id (descending, bytewise), so that paging with a cursor (the last
//! entry's time and id) neither repeats nor skips a game that stays in its listing.

use super::StoreError;

/// Which listing a game is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ListStatus {
    /// Waiting for players: at least one free seat.
    Open,
    /// Being played: every seat filled, not over.
    Live,
    /// Over (listed until the game expires).
    Finished,
    /// The other records listed beside the games (the platform's arenas), in listings of
    /// their own that no listing of games includes: not started yet.
    Upcoming,
    /// Under way (beside the games: see [`ListStatus::Upcoming`]).
    Running,
    /// Over (beside the games: see [`ListStatus::Upcoming`]).
    Done,
}

impl ListStatus {
    /// Every status.
    pub const ALL: [ListStatus; 6] = [
        ListStatus::Open,
        ListStatus::Live,
        ListStatus::Finished,
        ListStatus::Upcoming,
        ListStatus::Running,
        ListStatus::Done,
    ];

    /// Its name: `open`, `live`, `finished`, `upcoming`, `running` or `done` (also its part of
    /// the Redis keys).
    pub const fn as_str(self) -> &'static str {
        match self {
            ListStatus::Open => "open",
            ListStatus::Live => "live",
            ListStatus::Finished => "finished",
            ListStatus::Upcoming => "upcoming",
            ListStatus::Running => "running",
            ListStatus::Done => "done",
        }
    }

    /// The status named `name`.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.as_str() == name)
    }
}

/// The longest group name, in bytes.
pub const MAX_GROUP_LEN: usize = 64;

/// The most games one page may ask for.
pub const MAX_LIST_LIMIT: usize = 200;

/// Whether `group` can name a group: 1 to [`MAX_GROUP_LEN`] bytes of ASCII letters, digits, `-`
/// and `_` (it is part of Redis keys).
pub fn valid_group(group: &str) -> bool {
    !group.is_empty()
        && group.len() <= MAX_GROUP_LEN
        && group
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// A game's place in the listing index, written with the game ([`Write::listing`](super::Write::listing)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Listing<'a> {
    /// The listing the game is in after this write.
    pub status: ListStatus,
    /// The group it can be filtered by (the preset); see [`valid_group`]. A game keeps one
    /// group for its life.
    pub group: &'a str,
    /// What a page shows of the game (opaque bytes, produced and read by the caller).
    pub item: &'a [u8],
    /// The time of the write (ms since the Unix epoch): a game not yet listed is listed as of
    /// this time, and keeps that time when it moves between listings. On Redis it also
    /// dates the entry's expiry (the game's TTL from then).
    pub now_unix_ms: u64,
}

impl Listing<'_> {
    pub(super) fn check(&self) -> Result<(), StoreError> {
        if !valid_group(self.group) {
            return Err(StoreError::InvalidWrite(format!(
                "a listing group has 1 to {MAX_GROUP_LEN} letters, digits, '-' or '_', not {:?}",
                self.group
            )));
        }
        Ok(())
    }
}

/// Where a page starts: after the entry listed at `listed_ms` with id `id`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ListCursor {
    /// When that game was first listed (ms since the Unix epoch).
    pub listed_ms: u64,
    /// Its id.
    pub id: String,
}

/// A page request ([`GameStore::list`](super::GameStore::list)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ListQuery<'a> {
    /// The listing.
    pub status: ListStatus,
    /// Only the games of this group (`None`: every group).
    pub group: Option<&'a str>,
    /// Start after this entry (`None`: the newest).
    pub after: Option<&'a ListCursor>,
    /// At most this many games (1 to [`MAX_LIST_LIMIT`]).
    pub limit: usize,
    /// The time now (ms since the Unix epoch): on Redis, entries whose game expired before it
    /// are left out (and trimmed).
    pub now_unix_ms: u64,
}

impl ListQuery<'_> {
    pub(super) fn check(&self) -> Result<(), StoreError> {
        if let Some(group) = self.group
            && !valid_group(group)
        {
            return Err(StoreError::InvalidKey(format!(
                "a listing group has 1 to {MAX_GROUP_LEN} letters, digits, '-' or '_', not {group:?}"
            )));
        }
        if !(1..=MAX_LIST_LIMIT).contains(&self.limit) {
            return Err(StoreError::InvalidKey(format!(
                "a page holds 1 to {MAX_LIST_LIMIT} games, not {}",
                self.limit
            )));
        }
        Ok(())
    }
}

/// One game of a page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListedGame {
    /// The game's id.
    pub id: String,
    /// When it was first listed (ms since the Unix epoch).
    pub listed_ms: u64,
    /// The item of its last write with a listing.
    pub item: Vec<u8>,
}

/// A page of a listing.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ListPage {
    /// The games, newest first.
    pub games: Vec<ListedGame>,
    /// Where the next page starts (`None`: this is the last page).
    pub next: Option<ListCursor>,
}

impl ListPage {
    /// A page from up to `limit + 1` games in order: the first `limit`, and a cursor if there
    /// are more.
    pub(super) fn from_candidates(mut games: Vec<ListedGame>, limit: usize) -> Self {
        let more = games.len() > limit;
        games.truncate(limit);
        let next = match games.last() {
            Some(last) if more => Some(ListCursor {
                listed_ms: last.listed_ms,
                id: last.id.clone(),
            }),
            _ => None,
        };
        Self { games, next }
    }
}
