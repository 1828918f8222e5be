//! Accounts and ratings on Redis (see `store::accounts`): every key under `{prefix}:{bots}`, one
//! hash tag, so one cluster slot; each operation one command or one script.
//!
//! | key | type | what |
//! | --- | --- | --- |
//! | `{prefix}:{bots}:acct` | hash | account records by name |
//! | `{prefix}:{bots}:keys` | hash | account names by key hash |
//! | `{prefix}:{bots}:prefs` | hash | accounts' preferences by name |
//! | `{prefix}:{bots}:looks` | hash | account names by look (a hash of the name's confusable skeleton) |
//! | `{prefix}:{bots}:games:<name>` | sorted set | an account's recent games, scored by when attached (ms) |
//! | `{prefix}:{bots}:played` | hash | each account's count of games |
//! | `{prefix}:{bots}:rv:<board>` | hash | each member's rating version on the board |
//! | `{prefix}:{bots}:rd:<board>` | hash | each member's rating on the board (opaque bytes) |
//! | `{prefix}:{bots}:board:<board>` | sorted set | the board's ranking: member, scored |
//! | `{prefix}:{bots}:rated` | set | the rated events (game ids) |

use std::sync::LazyLock;

use redis::{Script, Value};

use super::connection::{optional_bytes, parse_version, score};
use super::scripts::evalsha;
use super::{Link, Redis};
use crate::store::accounts::{
    check_account_name, check_attach, check_board, check_key_hash, check_rate, check_rating_pairs,
};
use crate::store::{
    AccountGames, BoardEntry, BoardPage, MAX_RECENT_GAMES, RateOutcome, RatingWrite, StoreError,
    StoredRating,
};

/// `KEYS[1]` the records, `KEYS[2]` the key hashes, `KEYS[3]` the looks; ARGV name, key hash,
/// record, look. 1: created, 0: the name, the hash or the look is taken (nothing written).
const CREATE_ACCOUNT_LUA: &str = r"
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 or redis.call('HEXISTS', KEYS[2], ARGV[2]) == 1
   or redis.call('HEXISTS', KEYS[3], ARGV[4]) == 1 then
  return 0
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
redis.call('HSET', KEYS[2], ARGV[2], ARGV[1])
redis.call('HSET', KEYS[3], ARGV[4], ARGV[1])
return 1
";

/// `KEYS[1]` the records, `KEYS[2]` an index of names (the key hashes, or the looks); ARGV the
/// index's entry. The record or nil.
const ACCOUNT_BY_KEY_LUA: &str = r"
local name = redis.call('HGET', KEYS[2], ARGV[1])
if not name then
  return false
end
return redis.call('HGET', KEYS[1], name)
";

/// `KEYS[1]` the counts, `KEYS[2..]` each account's games; ARGV game id, when (ms), how many
/// recent games to keep, then each account's name (in the order of its key).
const ATTACH_LUA: &str = r"
local keep = -(tonumber(ARGV[3]) + 1)
for i = 2, #KEYS do
  if not redis.call('ZSCORE', KEYS[i], ARGV[1]) then
    redis.call('ZADD', KEYS[i], ARGV[2], ARGV[1])
    redis.call('HINCRBY', KEYS[1], ARGV[2 + i], 1)
    redis.call('ZREMRANGEBYRANK', KEYS[i], 0, keep)
  end
end
return 1
";

/// `KEYS[1]` the account's games, `KEYS[2]` the counts; ARGV the account name. The count, then
/// id and score of each recent game, newest first.
const ACCOUNT_GAMES_LUA: &str = r"
local out = {redis.call('HGET', KEYS[2], ARGV[1]) or '0'}
local recent = redis.call('ZREVRANGE', KEYS[1], 0, -1, 'WITHSCORES')
for i = 1, #recent do
  out[#out + 1] = recent[i]
end
return out
";

/// `KEYS[1]` any key of the slot (routing); ARGV the base, then board and member pairs. The
/// version and rating of each (nil for none).
const LOAD_RATINGS_LUA: &str = r"
local base = ARGV[1]
local out = {}
for i = 2, #ARGV, 2 do
  out[#out + 1] = redis.call('HGET', base .. ':rv:' .. ARGV[i], ARGV[i + 1]) or false
  out[#out + 1] = redis.call('HGET', base .. ':rd:' .. ARGV[i], ARGV[i + 1]) or false
end
return out
";

/// `KEYS[1]` the rated set; ARGV the base, the event, the board, the number `n` of members, then
/// per member its name, expected version (`0`: none), new version, rating and score. 0: rated
/// before (nothing written); 1: rated; `{current}`: a member's version is not the expected one
/// (nothing written).
const RATE_LUA: &str = r"
local base, event, board, n = ARGV[1], ARGV[2], ARGV[3], tonumber(ARGV[4])
if redis.call('SISMEMBER', KEYS[1], event) == 1 then
  return 0
end
local rv, rd, rk = base .. ':rv:' .. board, base .. ':rd:' .. board, base .. ':board:' .. board
for i = 0, n - 1 do
  local cur = redis.call('HGET', rv, ARGV[5 + i * 5]) or '0'
  if cur ~= ARGV[6 + i * 5] then
    return {cur}
  end
end
for i = 0, n - 1 do
  local m = ARGV[5 + i * 5]
  redis.call('HSET', rv, m, ARGV[7 + i * 5])
  redis.call('HSET', rd, m, ARGV[8 + i * 5])
  redis.call('ZADD', rk, ARGV[9 + i * 5], m)
end
redis.call('SADD', KEYS[1], event)
return 1
";

/// `KEYS[1]` the board's ranking; ARGV the board's ratings hash, the first and last rank. The
/// number of members, then member, score and rating of each entry.
const BOARD_LUA: &str = r"
local out = {redis.call('ZCARD', KEYS[1])}
local page = redis.call('ZREVRANGE', KEYS[1], ARGV[2], ARGV[3], 'WITHSCORES')
for i = 1, #page, 2 do
  out[#out + 1] = page[i]
  out[#out + 1] = page[i + 1]
  out[#out + 1] = redis.call('HGET', ARGV[1], page[i]) or ''
end
return out
";

static CREATE_ACCOUNT_SCRIPT: LazyLock<Script> = LazyLock::new(|| Script::new(CREATE_ACCOUNT_LUA));
static ACCOUNT_BY_KEY_SCRIPT: LazyLock<Script> = LazyLock::new(|| Script::new(ACCOUNT_BY_KEY_LUA));
static ATTACH_SCRIPT: LazyLock<Script> = LazyLock::new(|| Script::new(ATTACH_LUA));
static ACCOUNT_GAMES_SCRIPT: LazyLock<Script> = LazyLock::new(|| Script::new(ACCOUNT_GAMES_LUA));
static LOAD_RATINGS_SCRIPT: LazyLock<Script> = LazyLock::new(|| Script::new(LOAD_RATINGS_LUA));
static RATE_SCRIPT: LazyLock<Script> = LazyLock::new(|| Script::new(RATE_LUA));
static BOARD_SCRIPT: LazyLock<Script> = LazyLock::new(|| Script::new(BOARD_LUA));

/// The common start of the account keys: `{prefix}:{bots}`.
pub fn accounts_base(prefix: &str) -> String {
    format!("{prefix}:{{bots}}")
}

fn bad(what: &str) -> StoreError {
    StoreError::Corrupt(format!("redis {what}: unexpected reply"))
}

fn text(v: Value, what: &str) -> Result<String, StoreError> {
    optional_bytes(v, what)?
        .and_then(|b| String::from_utf8(b).ok())
        .ok_or_else(|| bad(what))
}

impl<C: Link> Redis<C> {
    fn base(&self) -> String {
        accounts_base(&self.core.config.key_prefix)
    }

    pub(super) async fn create_account_impl(
        &self,
        name: &str,
        key_hash: &str,
        look: &str,
        data: &[u8],
    ) -> Result<(), StoreError> {
        check_account_name(name)?;
        check_key_hash(key_hash)?;
        check_key_hash(look)?;
        let base = self.base();
        let mut cmd = evalsha(&CREATE_ACCOUNT_SCRIPT, 3);
        cmd.arg(format!("{base}:acct"))
            .arg(format!("{base}:keys"))
            .arg(format!("{base}:looks"))
            .arg(name)
            .arg(key_hash)
            .arg(data)
            .arg(look);
        let reply: Value = self
            .core
            .script("create_account", false, &cmd, CREATE_ACCOUNT_LUA)
            .await?;
        match reply {
            Value::Int(1) => Ok(()),
            Value::Int(0) => Err(StoreError::AlreadyExists),
            _ => Err(bad("create_account")),
        }
    }

    pub(super) async fn load_account_impl(
        &self,
        name: &str,
    ) -> Result<Option<Vec<u8>>, StoreError> {
        check_account_name(name)?;
        let mut cmd = redis::cmd("HGET");
        cmd.arg(format!("{}:acct", self.base())).arg(name);
        self.core.query("load_account", true, &cmd).await
    }

    pub(super) async fn save_preferences_impl(
        &self,
        name: &str,
        data: &[u8],
    ) -> Result<(), StoreError> {
        check_account_name(name)?;
        let mut cmd = redis::cmd("HSET");
        cmd.arg(format!("{}:prefs", self.base()))
            .arg(name)
            .arg(data);
        let _: Value = self.core.query("save_preferences", true, &cmd).await?;
        Ok(())
    }

    pub(super) async fn load_preferences_impl(
        &self,
        name: &str,
    ) -> Result<Option<Vec<u8>>, StoreError> {
        check_account_name(name)?;
        let mut cmd = redis::cmd("HGET");
        cmd.arg(format!("{}:prefs", self.base())).arg(name);
        self.core.query("load_preferences", true, &cmd).await
    }

    pub(super) async fn account_by_key_impl(
        &self,
        key_hash: &str,
    ) -> Result<Option<Vec<u8>>, StoreError> {
        check_key_hash(key_hash)?;
        let base = self.base();
        let mut cmd = evalsha(&ACCOUNT_BY_KEY_SCRIPT, 2);
        cmd.arg(format!("{base}:acct"))
            .arg(format!("{base}:keys"))
            .arg(key_hash);
        let reply: Value = self
            .core
            .script("account_by_key", true, &cmd, ACCOUNT_BY_KEY_LUA)
            .await?;
        optional_bytes(reply, "account_by_key")
    }

    pub(super) async fn account_by_look_impl(
        &self,
        look: &str,
    ) -> Result<Option<Vec<u8>>, StoreError> {
        check_key_hash(look)?;
        let base = self.base();
        let mut cmd = evalsha(&ACCOUNT_BY_KEY_SCRIPT, 2);
        cmd.arg(format!("{base}:acct"))
            .arg(format!("{base}:looks"))
            .arg(look);
        let reply: Value = self
            .core
            .script("account_by_look", true, &cmd, ACCOUNT_BY_KEY_LUA)
            .await?;
        optional_bytes(reply, "account_by_look")
    }

    pub(super) async fn attach_game_impl(
        &self,
        names: &[&str],
        game_id: &str,
        at_unix_ms: u64,
    ) -> Result<(), StoreError> {
        check_attach(names, game_id)?;
        if names.is_empty() {
            return Ok(());
        }
        let base = self.base();
        let mut cmd = evalsha(&ATTACH_SCRIPT, 1 + names.len());
        cmd.arg(format!("{base}:played"));
        for name in names {
            cmd.arg(format!("{base}:games:{name}"));
        }
        cmd.arg(game_id).arg(at_unix_ms).arg(MAX_RECENT_GAMES);
        for name in names {
            cmd.arg(*name);
        }
        // Safe to repeat: attaching twice changes nothing.
        let _: Value = self
            .core
            .script("attach_game", true, &cmd, ATTACH_LUA)
            .await?;
        Ok(())
    }

    pub(super) async fn account_games_impl(&self, name: &str) -> Result<AccountGames, StoreError> {
        check_account_name(name)?;
        let base = self.base();
        let mut cmd = evalsha(&ACCOUNT_GAMES_SCRIPT, 2);
        cmd.arg(format!("{base}:games:{name}"))
            .arg(format!("{base}:played"))
            .arg(name);
        let reply: Value = self
            .core
            .script("account_games", true, &cmd, ACCOUNT_GAMES_LUA)
            .await?;
        let Value::Array(items) = reply else {
            return Err(bad("account_games"));
        };
        let mut it = items.into_iter();
        let count = it
            .next()
            .map(|v| text(v, "account_games"))
            .transpose()?
            .and_then(|c| c.parse().ok())
            .ok_or_else(|| bad("account_games"))?;
        let mut recent = Vec::new();
        while let (Some(id), Some(at)) = (it.next(), it.next()) {
            let at = score(&at)
                .filter(|s| s.is_finite() && *s >= 0.0)
                .ok_or_else(|| bad("account_games"))?;
            recent.push((text(id, "account_games")?, at as u64));
        }
        Ok(AccountGames { count, recent })
    }

    pub(super) async fn load_ratings_impl(
        &self,
        pairs: &[(&str, &str)],
    ) -> Result<Vec<Option<StoredRating>>, StoreError> {
        check_rating_pairs(pairs)?;
        if pairs.is_empty() {
            return Ok(Vec::new());
        }
        let base = self.base();
        let mut cmd = evalsha(&LOAD_RATINGS_SCRIPT, 1);
        cmd.arg(format!("{base}:rated")).arg(&base);
        for (board, member) in pairs {
            cmd.arg(*board).arg(*member);
        }
        let reply: Value = self
            .core
            .script("load_ratings", true, &cmd, LOAD_RATINGS_LUA)
            .await?;
        let Value::Array(items) = reply else {
            return Err(bad("load_ratings"));
        };
        if items.len() != 2 * pairs.len() {
            return Err(bad("load_ratings"));
        }
        let mut out = Vec::with_capacity(pairs.len());
        let mut it = items.into_iter();
        while let (Some(v), Some(d)) = (it.next(), it.next()) {
            let v = optional_bytes(v, "load_ratings")?;
            let d = optional_bytes(d, "load_ratings")?;
            out.push(match (v, d) {
                (Some(v), Some(data)) => Some(StoredRating {
                    version: parse_version(&v, "a rating")?,
                    data,
                }),
                (None, None) => None,
                _ => return Err(bad("load_ratings: a rating without its version")),
            });
        }
        Ok(out)
    }

    pub(super) async fn rate_impl(
        &self,
        event: &str,
        board: &str,
        writes: &[RatingWrite<'_>],
    ) -> Result<RateOutcome, StoreError> {
        check_rate(event, board, writes)?;
        let base = self.base();
        let mut cmd = evalsha(&RATE_SCRIPT, 1);
        cmd.arg(format!("{base}:rated"))
            .arg(&base)
            .arg(event)
            .arg(board)
            .arg(writes.len());
        for w in writes {
            cmd.arg(w.member)
                .arg(w.expected)
                .arg(w.expected + 1)
                .arg(w.data)
                .arg(w.score.to_string());
        }
        // Not repeated after a dropped connection: it may have been applied (a repeat would
        // then find the event rated, which is right, but also a conflict it could not tell
        // from a real one).
        let reply: Value = self.core.script("rate", false, &cmd, RATE_LUA).await?;
        match reply {
            Value::Int(1) => Ok(RateOutcome::Rated),
            Value::Int(0) => Ok(RateOutcome::AlreadyRated),
            Value::Array(items) => {
                let current = items
                    .into_iter()
                    .next()
                    .map(|v| optional_bytes(v, "rate"))
                    .transpose()?
                    .flatten()
                    .ok_or_else(|| bad("rate"))?;
                Err(StoreError::Conflict {
                    current: parse_version(&current, "a rating")?,
                })
            }
            _ => Err(bad("rate")),
        }
    }

    pub(super) async fn board_impl(
        &self,
        board: &str,
        offset: u64,
        limit: usize,
    ) -> Result<BoardPage, StoreError> {
        check_board(board)?;
        let base = self.base();
        // Redis ranks are signed 64-bit; `1 0` is an empty range (for a limit of 0).
        let start = i64::try_from(offset).unwrap_or(i64::MAX / 2);
        let (start, stop) = match i64::try_from(limit) {
            Ok(0) => (1, 0),
            Ok(n) => (start, start.saturating_add(n - 1)),
            Err(_) => (start, -1),
        };
        let mut cmd = evalsha(&BOARD_SCRIPT, 1);
        cmd.arg(format!("{base}:board:{board}"))
            .arg(format!("{base}:rd:{board}"))
            .arg(start)
            .arg(stop);
        let reply: Value = self.core.script("board", true, &cmd, BOARD_LUA).await?;
        let Value::Array(items) = reply else {
            return Err(bad("board"));
        };
        let mut it = items.into_iter();
        let total = match it.next() {
            Some(Value::Int(n)) if n >= 0 => n as u64,
            _ => return Err(bad("board")),
        };
        let mut entries = Vec::new();
        while let (Some(m), Some(s), Some(d)) = (it.next(), it.next(), it.next()) {
            entries.push(BoardEntry {
                member: text(m, "board")?,
                score: score(&s).ok_or_else(|| bad("board"))?,
                data: optional_bytes(d, "board")?.unwrap_or_default(),
            });
        }
        Ok(BoardPage { entries, total })
    }
}
