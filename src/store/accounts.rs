//! Bot accounts and ratings: the records the store keeps beside the games for the part of the
//! service where bots meet (accounts, their games, ratings per board, the boards' rankings).
//!
//! The store knows nothing of bots or ratings here either. An account is a name (the caller's
//! key for it: the service passes the name folded to lower case), the hash of its secret key
//! and opaque bytes; each account has a list of its most recent games and a count of all of
//! them. A rating is opaque bytes with a version under a board (the preset) and a member (an
//! account), with a score that orders the board's ranking. Ratings change only through
//! [`GameStore::rate`](super::GameStore::rate): one atomic step that marks an event (a game) as
//! rated and compare-and-sets the ratings of its members, so an event is rated at most once
//! whoever asks, and two events rated at once never lose an update (the loser gets
//! [`StoreError::Conflict`] and reads again).
//!
//! On Redis every key here carries the one hash tag `{bots}` (`{prefix}:{bots}:...`), so on a
//! cluster they share one slot and each operation is one script on it (one round trip).

use super::StoreError;
use super::listing::valid_group;

/// The most recent games kept per account (older ones leave the list; the count goes on).
pub const MAX_RECENT_GAMES: usize = 50;

/// The longest account name (the store's key of the account) or member, in bytes.
pub const MAX_ACCOUNT_NAME_LEN: usize = 256;

/// The longest secret-key hash, and event id, in bytes.
pub const MAX_TOKEN_LEN: usize = 128;

/// The most members one [`GameStore::rate`](super::GameStore::rate) writes, and one
/// [`GameStore::load_ratings`](super::GameStore::load_ratings) reads.
pub const MAX_RATINGS_PER_CALL: usize = 64;

/// An account's games: how many it was ever attached to, and the most recent of them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AccountGames {
    /// Every game attached to the account, counted once each.
    pub count: u64,
    /// The most recent (at most [`MAX_RECENT_GAMES`]), newest first: the game id and when it
    /// was attached (ms since the Unix epoch).
    pub recent: Vec<(String, u64)>,
}

/// A stored rating: its version (1 for the first write, one more per write) and its bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredRating {
    /// The version: what a [`RatingWrite::expected`] names.
    pub version: u64,
    /// The opaque rating, as written.
    pub data: Vec<u8>,
}

/// One member's new rating in a [`GameStore::rate`](super::GameStore::rate).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RatingWrite<'a> {
    /// The member (an account).
    pub member: &'a str,
    /// The version read before (0: the member had no rating on the board).
    pub expected: u64,
    /// The new rating (opaque bytes).
    pub data: &'a [u8],
    /// Where the member ranks on the board: higher first. Finite.
    pub score: f64,
}

/// What a [`GameStore::rate`](super::GameStore::rate) did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RateOutcome {
    /// The event is now rated: every rating was written.
    Rated,
    /// The event was rated before: nothing was written.
    AlreadyRated,
}

/// One entry of a board's ranking.
#[derive(Debug, Clone, PartialEq)]
pub struct BoardEntry {
    /// The member.
    pub member: String,
    /// Its score.
    pub score: f64,
    /// Its rating (opaque bytes).
    pub data: Vec<u8>,
}

/// A page of a board's ranking ([`GameStore::board`](super::GameStore::board)).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct BoardPage {
    /// The entries, highest score first (equal scores: members in descending byte order).
    pub entries: Vec<BoardEntry>,
    /// The number of members on the board.
    pub total: u64,
}

/// Whether the arguments of an account or rating call are within bounds: names, members and
/// hashes of 1 to their limit in bytes, boards [`valid_group`]s.
pub(super) fn check_name(what: &str, name: &str, max: usize) -> Result<(), StoreError> {
    if name.is_empty() || name.len() > max {
        return Err(StoreError::InvalidKey(format!(
            "{what} has 1 to {max} bytes, not {}",
            name.len()
        )));
    }
    Ok(())
}

/// Checks an account name (1 to [`MAX_ACCOUNT_NAME_LEN`] bytes).
pub(super) fn check_account_name(name: &str) -> Result<(), StoreError> {
    check_name("an account name", name, MAX_ACCOUNT_NAME_LEN)
}

/// Checks a key hash (1 to [`MAX_TOKEN_LEN`] bytes).
pub(super) fn check_key_hash(key_hash: &str) -> Result<(), StoreError> {
    check_name("a key hash", key_hash, MAX_TOKEN_LEN)
}

/// Checks an attach's arguments.
pub(super) fn check_attach(names: &[&str], game_id: &str) -> Result<(), StoreError> {
    check_name("a game id", game_id, MAX_TOKEN_LEN)?;
    if names.len() > MAX_RATINGS_PER_CALL {
        return Err(StoreError::InvalidWrite(format!(
            "a game is attached to at most {MAX_RATINGS_PER_CALL} accounts a call"
        )));
    }
    for name in names {
        check_account_name(name)?;
    }
    Ok(())
}

/// Checks a board name.
pub(super) fn check_board(board: &str) -> Result<(), StoreError> {
    if !valid_group(board) {
        return Err(StoreError::InvalidKey(format!(
            "a board name is 1 to 64 ASCII letters, digits, - or _, not {board:?}"
        )));
    }
    Ok(())
}

/// Checks the (board, member) pairs of a ratings load: at most [`MAX_RATINGS_PER_CALL`].
pub(super) fn check_rating_pairs(pairs: &[(&str, &str)]) -> Result<(), StoreError> {
    if pairs.len() > MAX_RATINGS_PER_CALL {
        return Err(StoreError::InvalidKey(format!(
            "at most {MAX_RATINGS_PER_CALL} ratings a call"
        )));
    }
    for (board, member) in pairs {
        check_board(board)?;
        check_name("a member", member, MAX_ACCOUNT_NAME_LEN)?;
    }
    Ok(())
}

/// Checks a rating write's arguments.
pub(super) fn check_rate(
    event: &str,
    board: &str,
    writes: &[RatingWrite<'_>],
) -> Result<(), StoreError> {
    check_name("an event id", event, MAX_TOKEN_LEN)?;
    check_board(board)?;
    if writes.is_empty() || writes.len() > MAX_RATINGS_PER_CALL {
        return Err(StoreError::InvalidWrite(format!(
            "a rating writes 1 to {MAX_RATINGS_PER_CALL} members, not {}",
            writes.len()
        )));
    }
    for (i, w) in writes.iter().enumerate() {
        check_name("a member", w.member, MAX_ACCOUNT_NAME_LEN)?;
        if !w.score.is_finite() {
            return Err(StoreError::InvalidWrite("a score must be finite".into()));
        }
        if writes[..i].iter().any(|o| o.member == w.member) {
            return Err(StoreError::InvalidWrite(format!(
                "member {:?} is written twice",
                w.member
            )));
        }
    }
    Ok(())
}
