//! Matchmaking queues on Redis (see `store::queue`): every key under `{prefix}:{queue}`, one
//! hash tag, so one cluster slot (why, and the cost, in `store::queue`); each operation one
//! script.
//!
//! | key | type | what |
//! | --- | --- | --- |
//! | `{prefix}:{queue}:q:<queue>` | sorted set | the queue's members, scored by `joined_ms` |
//! | `{prefix}:{queue}:l:<queue>` | sorted set | the same members, scored by `lease_until_ms` |
//! | `{prefix}:{queue}:f:<queue>` | hash | each member's `fill_at_ms`, if it has one |
//! | `{prefix}:{queue}:d:<queue>` | hash | each member's entry bytes |
//! | `{prefix}:{queue}:all` | set | the queues that may hold entries |
//! | `{prefix}:{queue}:due` | sorted set | the queues a sweeper should look at, scored by when (see `store::queue`) |
//! | `{prefix}:{queue}:m:<member>` | set | the queues a member waits in |
//! | `{prefix}:{queue}:t:<table>` | hash | a take's hold: `queue`, `n`, and each entry's fields `<i>:m`, `<i>:j`, `<i>:f`, `<i>:l`, `<i>:d` (member, joined, fill, lease, data) |
//! | `{prefix}:{queue}:holds` | sorted set | the holds' tables, scored by until when they are their caller's |
//!
//! The per-queue and per-member keys are derived inside the scripts from the base (like the
//! accounts' ratings keys): they share the base's hash tag, so the slot of the key the script
//! is routed by.

use std::sync::LazyLock;

use redis::{Script, Value};

use super::connection::{optional_bytes, score};
use super::scripts::evalsha;
use super::{Link, Redis};
use crate::store::queue::{check_join, check_member, check_queue, check_table, check_take};
use crate::store::{
    JOIN_GRACE_MS, MAX_DUE_QUEUES, QueueEntry, QueueHeld, QueueHold, QueueJoin, QueueJoined,
    QueuePlace, StoreError,
};

/// Shared functions: `drop(base, queue, member)` takes a member's entry out of a queue (and the
/// queue out of the member's index, the queue out of `all` once empty); `purge(base, queue,
/// now)` drops the queue's entries whose lease is at or before `now`; `purge_member(base,
/// member, now)` drops the member's lapsed entries in every queue; `entry(base, queue, member)`
/// is the entry as a reply: member, joined, fill (`''`: none), lease, data.
const QUEUE_FNS: &str = r"
local function drop(base, queue, member)
  redis.call('ZREM', base .. ':q:' .. queue, member)
  redis.call('ZREM', base .. ':l:' .. queue, member)
  redis.call('HDEL', base .. ':f:' .. queue, member)
  redis.call('HDEL', base .. ':d:' .. queue, member)
  redis.call('SREM', base .. ':m:' .. member, queue)
  if redis.call('ZCARD', base .. ':q:' .. queue) == 0 then
    redis.call('SREM', base .. ':all', queue)
    redis.call('ZREM', base .. ':due', queue)
  end
end
local function reschedule(base, queue, n, now)
  local q = base .. ':q:' .. queue
  local count = redis.call('ZCARD', q)
  if count == 0 then
    redis.call('ZREM', base .. ':due', queue)
    return
  end
  local at
  if count >= n then
    at = tonumber(now)
  else
    local lease = redis.call('ZRANGE', base .. ':l:' .. queue, 0, 0, 'WITHSCORES')
    at = tonumber(lease[2])
    local oldest = redis.call('ZRANGE', q, 0, 0)
    local fill = redis.call('HGET', base .. ':f:' .. queue, oldest[1])
    if fill and tonumber(fill) < at then
      at = tonumber(fill)
    end
  end
  redis.call('ZADD', base .. ':due', at, queue)
end
local function purge(base, queue, now)
  local gone = redis.call('ZRANGEBYSCORE', base .. ':l:' .. queue, '-inf', now)
  for _, m in ipairs(gone) do
    drop(base, queue, m)
  end
end
local function purge_member(base, member, now)
  for _, queue in ipairs(redis.call('SMEMBERS', base .. ':m:' .. member)) do
    local lease = redis.call('ZSCORE', base .. ':l:' .. queue, member)
    if not lease or tonumber(lease) <= tonumber(now) then
      drop(base, queue, member)
    end
  end
end
local function entry(base, queue, member)
  return {member,
    redis.call('ZSCORE', base .. ':q:' .. queue, member),
    redis.call('HGET', base .. ':f:' .. queue, member) or '',
    redis.call('ZSCORE', base .. ':l:' .. queue, member),
    redis.call('HGET', base .. ':d:' .. queue, member) or ''}
end
local function place(base, queue, member)
  local out = entry(base, queue, member)
  out[#out + 1] = queue
  out[#out + 1] = redis.call('ZRANK', base .. ':q:' .. queue, member) + 1
  out[#out + 1] = redis.call('ZCARD', base .. ':q:' .. queue)
  return out
end
";

/// `KEYS[1]` the `all` set (routing); ARGV base, queue, member, data, fill (`''`: none), lease,
/// now, max queues, the join's grace before a sweeper looks. `0`: too many queues (nothing
/// written); else the entry's place.
static JOIN_LUA: LazyLock<String> = LazyLock::new(|| {
    format!(
        "{QUEUE_FNS}
local base, queue, member, now = ARGV[1], ARGV[2], ARGV[3], ARGV[7]
purge(base, queue, now)
purge_member(base, member, now)
local q = base .. ':q:' .. queue
if not redis.call('ZSCORE', q, member) then
  if redis.call('SCARD', base .. ':m:' .. member) >= tonumber(ARGV[8]) then
    return 0
  end
  redis.call('ZADD', q, now, member)
end
redis.call('ZADD', base .. ':l:' .. queue, ARGV[6], member)
if ARGV[5] == '' then
  redis.call('HDEL', base .. ':f:' .. queue, member)
else
  redis.call('HSET', base .. ':f:' .. queue, member, ARGV[5])
end
redis.call('HSET', base .. ':d:' .. queue, member, ARGV[4])
redis.call('SADD', base .. ':m:' .. member, queue)
redis.call('SADD', KEYS[1], queue)
local due = tonumber(now) + tonumber(ARGV[9])
if ARGV[5] ~= '' and tonumber(ARGV[5]) < due then
  due = tonumber(ARGV[5])
end
redis.call('ZADD', base .. ':due', 'LT', due, queue)
return place(base, queue, member)
"
    )
});

/// `KEYS[1]` the `all` set (routing); ARGV base, queue, member, now. 1: it waited; 0: not.
static LEAVE_LUA: LazyLock<String> = LazyLock::new(|| {
    format!(
        "{QUEUE_FNS}
local base, queue, member = ARGV[1], ARGV[2], ARGV[3]
local lease = redis.call('ZSCORE', base .. ':l:' .. queue, member)
drop(base, queue, member)
if lease and tonumber(lease) > tonumber(ARGV[4]) then
  return 1
end
return 0
"
    )
});

/// `KEYS[1]` the `all` set (routing); ARGV base, member, lease, now. How many entries wait.
static RENEW_LUA: LazyLock<String> = LazyLock::new(|| {
    format!(
        "{QUEUE_FNS}
local base, member = ARGV[1], ARGV[2]
purge_member(base, member, ARGV[4])
local qs = redis.call('SMEMBERS', base .. ':m:' .. member)
for _, queue in ipairs(qs) do
  redis.call('ZADD', base .. ':l:' .. queue, 'GT', ARGV[3], member)
end
return #qs
"
    )
});

/// `KEYS[1]` the `all` set (routing); ARGV base, queue, n, now. The popped entries, oldest
/// first, each as `entry` answers it (flat).
static TAKE_LUA: LazyLock<String> = LazyLock::new(|| {
    format!(
        "{QUEUE_FNS}
local base, queue, n, now = ARGV[1], ARGV[2], tonumber(ARGV[3]), ARGV[4]
purge(base, queue, now)
local oldest = redis.call('ZRANGE', base .. ':q:' .. queue, 0, n - 1)
if #oldest == 0 then
  redis.call('SREM', KEYS[1], queue)
  redis.call('ZREM', base .. ':due', queue)
  return {{}}
end
if #oldest < n then
  local fill = redis.call('HGET', base .. ':f:' .. queue, oldest[1])
  if not fill or tonumber(fill) > tonumber(now) then
    reschedule(base, queue, n, now)
    return {{}}
  end
end
local out = {{}}
local t = base .. ':t:' .. ARGV[5]
redis.call('DEL', t)
redis.call('HSET', t, 'queue', queue, 'n', #oldest)
for i, m in ipairs(oldest) do
  local e = entry(base, queue, m)
  for _, v in ipairs(e) do
    out[#out + 1] = v
  end
  redis.call('HSET', t, i .. ':m', e[1], i .. ':j', e[2], i .. ':f', e[3], i .. ':l', e[4],
    i .. ':d', e[5])
  drop(base, queue, m)
end
redis.call('ZADD', base .. ':holds', ARGV[6], ARGV[5])
reschedule(base, queue, n, now)
return out
"
    )
});

/// `KEYS[1]` the `all` set (routing); ARGV base, member, now. Each waiting entry's place
/// (flat: `place` answers 8 values each).
static ENTRIES_LUA: LazyLock<String> = LazyLock::new(|| {
    format!(
        "{QUEUE_FNS}
local base, member, now = ARGV[1], ARGV[2], ARGV[3]
purge_member(base, member, now)
local out = {{}}
for _, queue in ipairs(redis.call('SMEMBERS', base .. ':m:' .. member)) do
  purge(base, queue, now)
  if redis.call('ZSCORE', base .. ':q:' .. queue, member) then
    for _, v in ipairs(place(base, queue, member)) do
      out[#out + 1] = v
    end
  end
end
return out
"
    )
});

static JOIN_SCRIPT: LazyLock<Script> = LazyLock::new(|| Script::new(&JOIN_LUA));
static LEAVE_SCRIPT: LazyLock<Script> = LazyLock::new(|| Script::new(&LEAVE_LUA));
static RENEW_SCRIPT: LazyLock<Script> = LazyLock::new(|| Script::new(&RENEW_LUA));
static TAKE_SCRIPT: LazyLock<Script> = LazyLock::new(|| Script::new(&TAKE_LUA));

/// A hold's entries as `entry` answers them (five values each), from its hash `t`.
const HELD_FNS: &str = r"
local function held(t, out)
  local n = tonumber(redis.call('HGET', t, 'n') or '0')
  for i = 1, n do
    local f = redis.call('HMGET', t, i .. ':m', i .. ':j', i .. ':f', i .. ':l', i .. ':d')
    for _, v in ipairs(f) do
      out[#out + 1] = v
    end
  end
  return n
end
";

/// `KEYS[1]` the `all` set (routing); ARGV base, table, seated (`1`/`0`), now, lease. Settles
/// the hold: seated, it is forgotten; else each entry goes back in its place (its `joined`),
/// its lease at least `lease`, unless its member waits there again. Answers how many went back.
static SETTLE_LUA: LazyLock<String> = LazyLock::new(|| {
    format!(
        "{QUEUE_FNS}
local base, table, now, lease = ARGV[1], ARGV[2], ARGV[4], tonumber(ARGV[5])
local t = base .. ':t:' .. table
local queue = redis.call('HGET', t, 'queue')
redis.call('ZREM', base .. ':holds', table)
if not queue then
  return 0
end
local back = 0
if ARGV[3] == '0' then
  purge(base, queue, now)
  local n = tonumber(redis.call('HGET', t, 'n') or '0')
  for i = 1, n do
    local f = redis.call('HMGET', t, i .. ':m', i .. ':j', i .. ':f', i .. ':l', i .. ':d')
    local m = f[1]
    if not redis.call('ZSCORE', base .. ':q:' .. queue, m) then
      redis.call('ZADD', base .. ':q:' .. queue, f[2], m)
      redis.call('ZADD', base .. ':l:' .. queue, math.max(tonumber(f[4]), lease), m)
      if f[3] ~= '' then
        redis.call('HSET', base .. ':f:' .. queue, m, f[3])
      end
      redis.call('HSET', base .. ':d:' .. queue, m, f[5])
      redis.call('SADD', base .. ':m:' .. m, queue)
      redis.call('SADD', base .. ':all', queue)
      back = back + 1
    end
  end
  if back > 0 then
    redis.call('ZADD', base .. ':due', 'LT', now, queue)
  end
end
redis.call('DEL', t)
return back
"
    )
});

/// `KEYS[1]` the holds (routing); ARGV base, now, until, limit. The holds due at `now`, each
/// now held until `until`: per hold its queue, its table, its entry count `n` and `n` entries
/// (five values each).
static HOLDS_DUE_LUA: LazyLock<String> = LazyLock::new(|| {
    format!(
        "{HELD_FNS}
local base = ARGV[1]
local out = {{}}
for _, table in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[2], 'LIMIT', 0, ARGV[4])) do
  redis.call('ZADD', KEYS[1], ARGV[3], table)
  local t = base .. ':t:' .. table
  out[#out + 1] = redis.call('HGET', t, 'queue') or ''
  out[#out + 1] = table
  local at = #out + 1
  out[at] = 0
  out[at] = held(t, out)
end
return out
"
    )
});

static SETTLE_SCRIPT: LazyLock<Script> = LazyLock::new(|| Script::new(&SETTLE_LUA));
static HOLDS_DUE_SCRIPT: LazyLock<Script> = LazyLock::new(|| Script::new(&HOLDS_DUE_LUA));
static ENTRIES_SCRIPT: LazyLock<Script> = LazyLock::new(|| Script::new(&ENTRIES_LUA));

/// The common start of the queue keys: `{prefix}:{queue}`.
pub fn queue_base(prefix: &str) -> String {
    format!("{prefix}:{{queue}}")
}

fn bad(what: &str) -> StoreError {
    StoreError::Corrupt(format!("redis {what}: unexpected reply"))
}

fn text(v: Value, what: &str) -> Result<String, StoreError> {
    match v {
        Value::SimpleString(s) => Ok(s),
        v => optional_bytes(v, what)?
            .and_then(|b| String::from_utf8(b).ok())
            .ok_or_else(|| bad(what)),
    }
}

fn number(v: &Value, what: &str) -> Result<u64, StoreError> {
    score(v)
        .filter(|s| s.is_finite() && *s >= 0.0)
        .map(|s| s as u64)
        .ok_or_else(|| bad(what))
}

/// An entry from the five values `entry` answers.
fn decode_entry(
    it: &mut impl Iterator<Item = Value>,
    what: &str,
) -> Result<QueueEntry, StoreError> {
    let mut next = || it.next().ok_or_else(|| bad(what));
    let member = text(next()?, what)?;
    let joined_ms = number(&next()?, what)?;
    let fill = optional_bytes(next()?, what)?.unwrap_or_default();
    let fill_at_ms = if fill.is_empty() {
        None
    } else {
        Some(
            std::str::from_utf8(&fill)
                .ok()
                .and_then(|f| f.parse().ok())
                .ok_or_else(|| bad(what))?,
        )
    };
    let lease_until_ms = number(&next()?, what)?;
    let data = optional_bytes(next()?, what)?.unwrap_or_default();
    Ok(QueueEntry {
        member,
        data,
        joined_ms,
        fill_at_ms,
        lease_until_ms,
    })
}

/// A place from the eight values `place` answers.
fn decode_place(
    it: &mut impl Iterator<Item = Value>,
    what: &str,
) -> Result<QueuePlace, StoreError> {
    let entry = decode_entry(it, what)?;
    let queue = text(it.next().ok_or_else(|| bad(what))?, what)?;
    let position = number(&it.next().ok_or_else(|| bad(what))?, what)?;
    let size = number(&it.next().ok_or_else(|| bad(what))?, what)?;
    Ok(QueuePlace {
        queue,
        entry,
        position,
        size,
    })
}

fn array(v: Value, what: &str) -> Result<Vec<Value>, StoreError> {
    match v {
        Value::Array(items) => Ok(items),
        _ => Err(bad(what)),
    }
}

impl<C: Link> Redis<C> {
    fn queue_base(&self) -> String {
        queue_base(&self.core.config.key_prefix)
    }

    pub(super) async fn queue_join_impl(
        &self,
        j: QueueJoin<'_>,
    ) -> Result<QueueJoined, StoreError> {
        check_join(&j)?;
        let base = self.queue_base();
        let mut cmd = evalsha(&JOIN_SCRIPT, 1);
        cmd.arg(format!("{base}:all"))
            .arg(&base)
            .arg(j.queue)
            .arg(j.member)
            .arg(j.data);
        match j.fill_at_ms {
            Some(at) => cmd.arg(at),
            None => cmd.arg(""),
        };
        cmd.arg(j.lease_until_ms)
            .arg(j.now_ms)
            .arg(j.max_queues)
            .arg(JOIN_GRACE_MS);
        // Safe to repeat: a second join renews the entry the first made.
        let reply: Value = self
            .core
            .script("queue_join", true, &cmd, &JOIN_LUA)
            .await?;
        match reply {
            Value::Int(0) => Ok(QueueJoined::TooManyQueues),
            v => {
                let mut it = array(v, "queue_join")?.into_iter();
                Ok(QueueJoined::Joined(decode_place(&mut it, "queue_join")?))
            }
        }
    }

    pub(super) async fn queue_leave_impl(
        &self,
        queue: &str,
        member: &str,
        now_ms: u64,
    ) -> Result<bool, StoreError> {
        check_queue(queue)?;
        check_member(member)?;
        let base = self.queue_base();
        let mut cmd = evalsha(&LEAVE_SCRIPT, 1);
        cmd.arg(format!("{base}:all"))
            .arg(&base)
            .arg(queue)
            .arg(member)
            .arg(now_ms);
        let reply: i64 = self
            .core
            .script("queue_leave", true, &cmd, &LEAVE_LUA)
            .await?;
        Ok(reply == 1)
    }

    pub(super) async fn queue_renew_impl(
        &self,
        member: &str,
        lease_until_ms: u64,
        now_ms: u64,
    ) -> Result<usize, StoreError> {
        check_member(member)?;
        let base = self.queue_base();
        let mut cmd = evalsha(&RENEW_SCRIPT, 1);
        cmd.arg(format!("{base}:all"))
            .arg(&base)
            .arg(member)
            .arg(lease_until_ms)
            .arg(now_ms);
        let reply: i64 = self
            .core
            .script("queue_renew", true, &cmd, &RENEW_LUA)
            .await?;
        usize::try_from(reply).map_err(|_| bad("queue_renew"))
    }

    pub(super) async fn queue_take_impl(
        &self,
        queue: &str,
        n: usize,
        now_ms: u64,
        hold: QueueHold<'_>,
    ) -> Result<Vec<QueueEntry>, StoreError> {
        check_take(queue, n, &hold)?;
        let base = self.queue_base();
        let mut cmd = evalsha(&TAKE_SCRIPT, 1);
        cmd.arg(format!("{base}:all"))
            .arg(&base)
            .arg(queue)
            .arg(n)
            .arg(now_ms)
            .arg(hold.table)
            .arg(hold.until_ms);
        // Never repeated: a take whose answer was lost holds its entries, and a sweeper seats
        // them or puts them back when the hold runs out.
        let reply: Value = self
            .core
            .script("queue_take", false, &cmd, &TAKE_LUA)
            .await?;
        let items = array(reply, "queue_take")?;
        if items.len() % 5 != 0 {
            return Err(bad("queue_take"));
        }
        let mut it = items.into_iter().peekable();
        let mut out = Vec::new();
        while it.peek().is_some() {
            out.push(decode_entry(&mut it, "queue_take")?);
        }
        Ok(out)
    }

    pub(super) async fn queue_settle_impl(
        &self,
        table: &str,
        seated: bool,
        now_ms: u64,
        lease_until_ms: u64,
    ) -> Result<usize, StoreError> {
        check_table(table)?;
        let base = self.queue_base();
        let mut cmd = evalsha(&SETTLE_SCRIPT, 1);
        cmd.arg(format!("{base}:all"))
            .arg(&base)
            .arg(table)
            .arg(if seated { "1" } else { "0" })
            .arg(now_ms)
            .arg(lease_until_ms);
        // Safe to repeat: a settled hold is gone.
        let back: u64 = self
            .core
            .script("queue_settle", true, &cmd, &SETTLE_LUA)
            .await?;
        Ok(back as usize)
    }

    pub(super) async fn queue_holds_due_impl(
        &self,
        now_ms: u64,
        until_ms: u64,
        limit: usize,
    ) -> Result<Vec<QueueHeld>, StoreError> {
        let base = self.queue_base();
        let mut cmd = evalsha(&HOLDS_DUE_SCRIPT, 1);
        cmd.arg(format!("{base}:holds"))
            .arg(&base)
            .arg(now_ms)
            .arg(until_ms)
            .arg(limit.max(1));
        let reply: Value = self
            .core
            .script("queue_holds_due", true, &cmd, &HOLDS_DUE_LUA)
            .await?;
        let what = "queue_holds_due";
        let mut it = array(reply, what)?.into_iter();
        let mut out = Vec::new();
        while let Some(queue) = it.next() {
            let queue = text(queue, what)?;
            let table = text(it.next().ok_or_else(|| bad(what))?, what)?;
            let n = number(&it.next().ok_or_else(|| bad(what))?, what)?;
            let mut entries = Vec::new();
            for _ in 0..n {
                entries.push(decode_entry(&mut it, what)?);
            }
            out.push(QueueHeld {
                queue,
                table,
                entries,
            });
        }
        Ok(out)
    }

    pub(super) async fn queues_due_impl(
        &self,
        now_ms: u64,
        limit: usize,
    ) -> Result<Vec<String>, StoreError> {
        let mut cmd = redis::cmd("ZRANGEBYSCORE");
        cmd.arg(format!("{}:due", self.queue_base()))
            .arg("-inf")
            .arg(now_ms)
            .arg("LIMIT")
            .arg(0)
            .arg(limit.clamp(1, MAX_DUE_QUEUES));
        self.core.query("queues_due", true, &cmd).await
    }

    pub(super) async fn queue_entries_impl(
        &self,
        member: &str,
        now_ms: u64,
    ) -> Result<Vec<QueuePlace>, StoreError> {
        check_member(member)?;
        let base = self.queue_base();
        let mut cmd = evalsha(&ENTRIES_SCRIPT, 1);
        cmd.arg(format!("{base}:all"))
            .arg(&base)
            .arg(member)
            .arg(now_ms);
        let reply: Value = self
            .core
            .script("queue_entries", true, &cmd, &ENTRIES_LUA)
            .await?;
        let items = array(reply, "queue_entries")?;
        if items.len() % 8 != 0 {
            return Err(bad("queue_entries"));
        }
        let mut it = items.into_iter().peekable();
        let mut out = Vec::new();
        while it.peek().is_some() {
            out.push(decode_place(&mut it, "queue_entries")?);
        }
        out.sort_by(|a, b| a.queue.cmp(&b.queue));
        Ok(out)
    }
}
