//! The archive on Redis (see `store::archive`): a game's archived bytes in its own slot
//! (`{prefix}:{<id>}:archive`, a string expiring at an absolute time), and each member's index
//! under the accounts' hash tag `{bots}`:
//!
//! | key | type | what |
//! | --- | --- | --- |
//! | `{prefix}:{<id>}:archive` | string | the archived game (opaque bytes), expiring when its retention ends |
//! | `{prefix}:{bots}:arch:<member>` | sorted set, every score 0 | the member's games as `<finished ms in 16 digits>:<id>`, read by their bytes (`ZREVRANGEBYLEX`) |
//! | `{prefix}:{bots}:archs:<member>` | hash | the member's games' summaries by id |
//!
//! Both index keys expire when the retention of the member's newest game ends; every put and
//! page first drops the games whose time ran out (up to 256 a call) and the oldest past
//! [`MAX_ARCHIVED_PER_MEMBER`].

use std::sync::LazyLock;

use redis::{Script, Value};

use super::accounts::accounts_base;
use super::connection::optional_bytes;
use super::keys::game_key;
use super::scripts::evalsha;
use super::{Link, Redis};
use crate::store::archive::{check_page, check_summaries, cutoff, index_member};
use crate::store::outbox::unix_ms;
use crate::store::{
    ArchivePut, ListCursor, ListPage, ListedGame, MAX_ARCHIVED_PER_MEMBER, StoreError,
};

/// The Lua trimming one member's index: `trim(z, h, cutoff, max)` drops the games before
/// `cutoff` (a member prefix; `''`: none) and the oldest past `max`. The id of a member is
/// what follows its 17 first bytes.
const TRIM_FN: &str = r"
local function trim(z, h, cut, max)
  if cut ~= '' then
    local old = redis.call('ZRANGEBYLEX', z, '-', '(' .. cut, 'LIMIT', 0, 256)
    for i = 1, #old do
      redis.call('ZREM', z, old[i])
      redis.call('HDEL', h, string.sub(old[i], 18))
    end
  end
  local n = redis.call('ZCARD', z)
  if n > max then
    local extra = redis.call('ZRANGE', z, 0, n - max - 1)
    for i = 1, #extra do
      redis.call('ZREM', z, extra[i])
      redis.call('HDEL', h, string.sub(extra[i], 18))
    end
  end
end
";

/// `KEYS` each member's index and summaries (in pairs); ARGV the index member, the id, the
/// summary, the cutoff (`''`: none), the cap, the retention in ms (`''`: for good). Lists the
/// game in each index (replacing its summary; a game listed before keeps its place), trims, and sets each pair's expiry to the end
/// of its newest game's retention.
static PUT_INDEX_LUA: LazyLock<String> = LazyLock::new(|| {
    format!(
        "{TRIM_FN}
local member, id, summary, cut, max, keep = ARGV[1], ARGV[2], ARGV[3], ARGV[4], tonumber(ARGV[5]), ARGV[6]
for i = 1, #KEYS, 2 do
  local z, h = KEYS[i], KEYS[i + 1]
  if redis.call('HEXISTS', h, id) == 0 then
    redis.call('ZADD', z, 0, member)
  end
  redis.call('HSET', h, id, summary)
  trim(z, h, cut, max)
  if keep ~= '' then
    local newest = redis.call('ZREVRANGEBYLEX', z, '+', '-', 'LIMIT', 0, 1)[1]
    if newest then
      local at = tonumber(string.sub(newest, 1, 16)) + tonumber(keep)
      redis.call('PEXPIREAT', z, at)
      redis.call('PEXPIREAT', h, at)
    end
  end
end
return 1
"
    )
});

/// `KEYS[1]` the index, `KEYS[2]` the summaries; ARGV the cutoff (`''`: none), the cap, the
/// cursor (`''`: from the newest; else the exclusive bound), the number wanted. Member and
/// summary of each game, newest first.
static PAGE_LUA: LazyLock<String> = LazyLock::new(|| {
    format!(
        "{TRIM_FN}
local cut, max, after, want = ARGV[1], tonumber(ARGV[2]), ARGV[3], tonumber(ARGV[4])
trim(KEYS[1], KEYS[2], cut, max)
local top = '+'
if after ~= '' then
  top = '(' .. after
end
local low = '-'
if cut ~= '' then
  low = '[' .. cut
end
local out = {{}}
local rows = redis.call('ZREVRANGEBYLEX', KEYS[1], top, low, 'LIMIT', 0, want)
for i = 1, #rows do
  out[#out + 1] = rows[i]
  out[#out + 1] = redis.call('HGET', KEYS[2], string.sub(rows[i], 18)) or ''
end
return out
"
    )
});

/// `KEYS[1]` the index, `KEYS[2]` the summaries; ARGV the cutoff (`''`: none), the cap, then
/// the ids. Each id's summary (nil: none).
static SUMMARIES_LUA: LazyLock<String> = LazyLock::new(|| {
    format!(
        "{TRIM_FN}
trim(KEYS[1], KEYS[2], ARGV[1], tonumber(ARGV[2]))
local out = {{}}
for i = 3, #ARGV do
  out[#out + 1] = redis.call('HGET', KEYS[2], ARGV[i]) or false
end
return out
"
    )
});

static PUT_INDEX_SCRIPT: LazyLock<Script> = LazyLock::new(|| Script::new(&PUT_INDEX_LUA));
static PAGE_SCRIPT: LazyLock<Script> = LazyLock::new(|| Script::new(&PAGE_LUA));
static SUMMARIES_SCRIPT: LazyLock<Script> = LazyLock::new(|| Script::new(&SUMMARIES_LUA));

fn bad(what: &str) -> StoreError {
    StoreError::Corrupt(format!("redis {what}: unexpected reply"))
}

/// The cutoff as a member prefix (`''`: none).
fn cut_arg(cut: Option<u64>) -> String {
    cut.map(|c| format!("{c:016}")).unwrap_or_default()
}

impl<C: Link> Redis<C> {
    fn archive_key(&self, id: &str) -> String {
        game_key(&self.core.config.key_prefix, id, "archive")
    }

    fn index_keys(&self, member: &str) -> (String, String) {
        let base = accounts_base(&self.core.config.key_prefix);
        (
            format!("{base}:arch:{member}"),
            format!("{base}:archs:{member}"),
        )
    }

    fn archive_cutoff(&self, now_ms: u64) -> Option<u64> {
        cutoff(now_ms, self.core.config.archive_retention_ms())
    }

    pub(super) async fn archive_put_impl(&self, p: ArchivePut<'_>) -> Result<(), StoreError> {
        p.check()?;
        let retention = self.core.config.archive_retention_ms();
        let until = retention.map(|r| p.finished_ms.saturating_add(r));
        if until.is_some_and(|u| u <= unix_ms()) {
            return Ok(()); // its time ran out already
        }
        let mut cmd = redis::cmd("SET");
        cmd.arg(self.archive_key(p.id)).arg(p.data);
        if let Some(until) = until {
            cmd.arg("PXAT").arg(until);
        }
        let _: Value = self.core.query("archive_put", true, &cmd).await?;
        if p.members.is_empty() {
            return Ok(());
        }
        let mut cmd = evalsha(&PUT_INDEX_SCRIPT, 2 * p.members.len());
        for member in p.members {
            let (z, h) = self.index_keys(member);
            cmd.arg(z).arg(h);
        }
        cmd.arg(index_member(p.finished_ms, p.id))
            .arg(p.id)
            .arg(p.summary)
            .arg(cut_arg(self.archive_cutoff(unix_ms())))
            .arg(MAX_ARCHIVED_PER_MEMBER)
            .arg(retention.map(|r| r.to_string()).unwrap_or_default());
        // Safe to repeat: the game is listed once, its summary replaced.
        let _: Value = self
            .core
            .script("archive_index", true, &cmd, &PUT_INDEX_LUA)
            .await?;
        Ok(())
    }

    pub(super) async fn archive_page_impl(
        &self,
        member: &str,
        after: Option<&ListCursor>,
        limit: usize,
        now_ms: u64,
    ) -> Result<ListPage, StoreError> {
        check_page(member, limit)?;
        let (z, h) = self.index_keys(member);
        let mut cmd = evalsha(&PAGE_SCRIPT, 2);
        cmd.arg(z)
            .arg(h)
            .arg(cut_arg(self.archive_cutoff(now_ms)))
            .arg(MAX_ARCHIVED_PER_MEMBER)
            .arg(
                after
                    .map(|c| index_member(c.listed_ms, &c.id))
                    .unwrap_or_default(),
            )
            .arg(limit + 1);
        let reply: Value = self
            .core
            .script("archive_page", true, &cmd, &PAGE_LUA)
            .await?;
        let Value::Array(items) = reply else {
            return Err(bad("archive_page"));
        };
        let mut games = Vec::with_capacity(items.len() / 2);
        let mut it = items.into_iter();
        while let (Some(m), Some(summary)) = (it.next(), it.next()) {
            let m = optional_bytes(m, "archive_page")?
                .and_then(|b| String::from_utf8(b).ok())
                .ok_or_else(|| bad("archive_page"))?;
            let (at, id) = m
                .split_at_checked(16)
                .and_then(|(at, rest)| Some((at.parse().ok()?, rest.strip_prefix(':')?)))
                .ok_or_else(|| bad("archive_page: a member"))?;
            games.push(ListedGame {
                id: id.to_owned(),
                listed_ms: at,
                item: optional_bytes(summary, "archive_page")?.unwrap_or_default(),
            });
        }
        Ok(ListPage::from_candidates(games, limit))
    }

    pub(super) async fn archive_summaries_impl(
        &self,
        member: &str,
        ids: &[&str],
        now_ms: u64,
    ) -> Result<Vec<Option<Vec<u8>>>, StoreError> {
        check_summaries(member, ids)?;
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let (z, h) = self.index_keys(member);
        let mut cmd = evalsha(&SUMMARIES_SCRIPT, 2);
        cmd.arg(z)
            .arg(h)
            .arg(cut_arg(self.archive_cutoff(now_ms)))
            .arg(MAX_ARCHIVED_PER_MEMBER);
        for id in ids {
            cmd.arg(*id);
        }
        let reply: Value = self
            .core
            .script("archive_summaries", true, &cmd, &SUMMARIES_LUA)
            .await?;
        let Value::Array(items) = reply else {
            return Err(bad("archive_summaries"));
        };
        if items.len() != ids.len() {
            return Err(bad("archive_summaries"));
        }
        items
            .into_iter()
            .map(|v| optional_bytes(v, "archive_summaries"))
            .collect()
    }

    pub(super) async fn archive_load_impl(&self, id: &str) -> Result<Option<Vec<u8>>, StoreError> {
        let mut cmd = redis::cmd("GET");
        cmd.arg(self.archive_key(id));
        self.core.query("archive_load", true, &cmd).await
    }
}
