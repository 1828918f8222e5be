//! The Lua scripts of the writes and multi-key reads, and how a script call is sent.

use std::sync::LazyLock;

use redis::aio::ConnectionLike;
use redis::{Cmd, FromRedisValue, Script};

/// One write of a game: a create or a compare-and-set of its version and data, appending log
/// entries and, for a compare-and-set, optionally recording an idempotent answer; then the expiry
/// of the game and of its log, and the announcement of the new version.
///
/// `KEYS[1]`: the game hash, `KEYS[2]`: the game's log (a list), `KEYS[3]`: the game's outbox
/// (a list), `KEYS[4]` (optional): the idempotency record. ARGV: the expected version (the
/// empty string for a create), the new version, the data, the TTL in ms (0: no expiry;
/// [`KEEP_EXPIRY`]: keep the expiry as it is, which [`Write::check`](crate::store::Write::check)
/// allows only for a compare-and-set without log entries or events), the events channel, the
/// number `n` of log entries, the `n` entries, the number `m` of outbox events, the `m` events
/// and, if `m > 0`, the outbox index's key (empty on a cluster: the caller indexes the game
/// itself), the game id and now (ms); then with `KEYS[4]` the answer and its TTL in ms (0: no
/// expiry).
///
/// Versions are compared as their decimal strings (exact for every u64, unlike Lua numbers).
/// Returns 1 when written; 0 when a create finds the game key taken or a compare-and-set finds
/// it missing; -1 when the hash has no version field; the stored version (a string) when it
/// differs from the expected one.
///
/// Nothing is written before every check has passed, and the first write (`RPUSH`) is the only
/// one that can fail on a damaged store (a log key of another type: `WRONGTYPE`), so a failed
/// call changes nothing. A create deletes the log first: a log left by an expired game of the id
/// (or by eviction) does not leak into the new game. The game and the log get the same expiry on
/// every write, so they expire together. The notification is published last, so no replica
/// hears of a write before it can read it.
///
/// After those, optionally (one server only: on a cluster the index is in another slot), the
/// listing of the game: `base`, the game id, the status, the group, now (ms), the expiry (ms;
/// `''` keep, `0` none) and the item, given to `relist` (see [`LISTING_FNS`]) with the version
/// written.
const WRITE_BODY: &str = r"
local game, log, outbox = KEYS[1], KEYS[2], KEYS[3]
if ARGV[1] == '' then
  if redis.call('EXISTS', game) == 1 then
    return 0
  end
  redis.call('DEL', log, outbox)
else
  local cur = redis.call('HGET', game, 'v')
  if not cur then
    if redis.call('EXISTS', game) == 1 then
      return -1
    end
    return 0
  end
  if cur ~= ARGV[1] then
    return cur
  end
end
local n = tonumber(ARGV[6])
if n > 0 then
  redis.call('RPUSH', log, unpack(ARGV, 7, 6 + n))
end
local l = 7 + n
local m = tonumber(ARGV[l])
l = l + 1
if m > 0 then
  redis.call('RPUSH', outbox, unpack(ARGV, l, l + m - 1))
  l = l + m
end
redis.call('HSET', game, 'v', ARGV[2], 'd', ARGV[3])
if ARGV[4] == '-1' then
  -- keep the expiry (a compare-and-set without log entries or events: the log and the
  -- outbox are not created here)
elseif ARGV[4] ~= '0' then
  redis.call('PEXPIRE', game, ARGV[4])
  redis.call('PEXPIRE', log, ARGV[4])
  if m > 0 then
    redis.call('PEXPIRE', outbox, ARGV[4])
  end
else
  redis.call('PERSIST', game)
  redis.call('PERSIST', log)
  if m > 0 then
    redis.call('PERSIST', outbox)
  end
end
if m > 0 then
  if ARGV[l] ~= '' then
    redis.call('ZADD', ARGV[l], ARGV[l + 2], ARGV[l + 1])
  end
  l = l + 3
end
if KEYS[4] then
  if ARGV[l + 1] ~= '0' then
    redis.call('SET', KEYS[4], ARGV[l], 'PX', ARGV[l + 1])
  else
    redis.call('SET', KEYS[4], ARGV[l])
  end
  l = l + 2
end
if ARGV[l] then
  relist(ARGV[l], ARGV[l + 1], ARGV[2], ARGV[1] == '', ARGV[l + 2], ARGV[l + 3],
    ARGV[l + 4], ARGV[l + 5], ARGV[l + 6])
end
redis.call('PUBLISH', ARGV[5], ARGV[2])
return 1
";

/// The listing index's functions, the start of the scripts that change or read it.
///
/// The index of a store with key prefix `p` lives under `base` = `{p}:{lobby}` (one hash tag,
/// so one cluster slot): a sorted set per listing, `{base}:s:<status>`, and per listing and
/// group, `{base}:s:<status>:<group>`, of game ids scored by the time they were first listed
/// (ms); a hash `{base}:meta` of each listed game's `<version> <listed ms> <status> <group>`;
/// a hash `{base}:items` of each listed game's item; and a sorted set `{base}:expiry` of the
/// listed games that expire, scored by when (ms). The set keys are derived from `base` and the
/// game's `meta` inside the scripts: on a cluster they share the slot of `base`'s hash tag.
///
/// `relist(base, id, version, is_create, status, group, now, expire_at, item)` moves game `id`
/// to listing `status` and group `group` with `item`, unless the index already holds a later
/// version of the game (a late second round trip, on a cluster) and this is not a create;
/// `expire_at` is the entry's expiry (ms), `''` to keep it, `'0'` for none. When the game enters
/// a listing or group (a create, a game filling up or finishing) it also trims up to 16 expired
/// entries; a write that leaves the game where it was (most writes: a move) trims nothing, so
/// a move costs one command less. Every entry is added by such a write, so expired entries are
/// still trimmed at least as fast as entries are added. `trim(base, now, max)` drops up to `max`
/// entries whose expiry is at or before `now`.
const LISTING_FNS: &str = r"
local function unlist(base, id)
  local meta = redis.call('HGET', base .. ':meta', id)
  if meta then
    local _, _, st, gr = string.match(meta, '^(%d+) (%d+) (%a+) (.*)$')
    if st then
      redis.call('ZREM', base .. ':s:' .. st, id)
      redis.call('ZREM', base .. ':s:' .. st .. ':' .. gr, id)
    end
  end
  redis.call('HDEL', base .. ':meta', id)
  redis.call('HDEL', base .. ':items', id)
  redis.call('ZREM', base .. ':expiry', id)
end
local function trim(base, now, max)
  local gone = redis.call('ZRANGEBYSCORE', base .. ':expiry', '-inf', now, 'LIMIT', 0, max)
  for _, id in ipairs(gone) do
    unlist(base, id)
  end
end
local function relist(base, id, version, is_create, status, group, now, expire_at, item)
  local listed = now
  -- a game that stays in its listing and group keeps its place in their sets (most writes:
  -- a move), so only the meta and the item change
  local stays = false
  local meta = redis.call('HGET', base .. ':meta', id)
  if meta then
    local v, t, st, gr = string.match(meta, '^(%d+) (%d+) (%a+) (.*)$')
    if v and not is_create then
      if tonumber(v) >= tonumber(version) then
        return
      end
      listed = t
      stays = st == status and gr == group
    end
    if st and not stays then
      redis.call('ZREM', base .. ':s:' .. st, id)
      redis.call('ZREM', base .. ':s:' .. st .. ':' .. gr, id)
    end
  end
  if not stays then
    trim(base, now, 16)
    redis.call('ZADD', base .. ':s:' .. status, listed, id)
    redis.call('ZADD', base .. ':s:' .. status .. ':' .. group, listed, id)
  end
  redis.call('HSET', base .. ':meta', id, version .. ' ' .. listed .. ' ' .. status .. ' ' .. group)
  redis.call('HSET', base .. ':items', id, item)
  if expire_at == '0' then
    redis.call('ZREM', base .. ':expiry', id)
  elseif expire_at ~= '' then
    redis.call('ZADD', base .. ':expiry', expire_at, id)
  end
end
";

/// The listing part of a write, as a script of its own: on a cluster, where the index's keys
/// are in another slot than the game's, it runs right after a successful write (one more
/// round trip); on one server the write script does the same in the same step.
///
/// `KEYS[1]`: `{base}:items` (for the routing). ARGV: `base`, the game id, the version
/// written, `1` for a create (else `0`), the status, the group, now (ms), the expiry (ms; `''`
/// keep, `0` none) and the item. Returns 1.
pub(super) static RELIST_LUA: LazyLock<String> = LazyLock::new(|| {
    format!(
        "{LISTING_FNS}
relist(ARGV[1], ARGV[2], ARGV[3], ARGV[4] == '1', ARGV[5], ARGV[6], ARGV[7], ARGV[8], ARGV[9])
return 1
"
    )
});

/// A page of a listing: trims up to 64 expired entries, then reads the newest entries after the
/// cursor, leaving out expired ones.
///
/// `KEYS[1]`: `{base}:items` (for the routing). ARGV: `base`, the status, the group (`''`:
/// every group), the cursor's time (`''`: from the newest) and id, the number of entries
/// wanted, now (ms). Returns a flat array of `id, listed ms, item` for each entry, newest first
/// (by time, then by id, bytewise, descending), at most the number wanted.
pub(super) static LIST_LUA: LazyLock<String> = LazyLock::new(|| {
    format!(
        "{LISTING_FNS}
local base, status, group, after, after_id = ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5]
local want, now = tonumber(ARGV[6]), tonumber(ARGV[7])
trim(base, now, 64)
local set = base .. ':s:' .. status
if group ~= '' then
  set = set .. ':' .. group
end
local function before(a, b)
  -- bytewise a < b (Lua's own comparison follows the locale)
  local n = math.min(#a, #b)
  for i = 1, n do
    local x, y = string.byte(a, i), string.byte(b, i)
    if x ~= y then
      return x < y
    end
  end
  return #a < #b
end
local out = {{}}
local max = '+inf'
if after ~= '' then
  max = after
end
local offset, batch = 0, want + 8
local found = 0
while found < want do
  local rows = redis.call('ZREVRANGEBYSCORE', set, max, '-inf', 'WITHSCORES', 'LIMIT', offset, batch)
  if #rows == 0 then
    break
  end
  for i = 1, #rows, 2 do
    local id, score = rows[i], rows[i + 1]
    local keep = true
    if after ~= '' and tonumber(score) == tonumber(after) and not before(id, after_id) then
      keep = false
    end
    if keep then
      local exp = redis.call('ZSCORE', base .. ':expiry', id)
      if exp and tonumber(exp) <= now then
        keep = false
      end
    end
    if keep then
      out[#out + 1] = id
      out[#out + 1] = score
      out[#out + 1] = redis.call('HGET', base .. ':items', id) or ''
      found = found + 1
      if found == want then
        break
      end
    end
  end
  offset = offset + batch
end
return out
"
    )
});

pub(super) static RELIST_SCRIPT: LazyLock<Script> = LazyLock::new(|| Script::new(&RELIST_LUA));
pub(super) static LIST_SCRIPT: LazyLock<Script> = LazyLock::new(|| Script::new(&LIST_LUA));

/// The write script's TTL argument for [`Write::keep_expiry`](crate::store::Write::keep_expiry) (the script compares it with
/// the string `'-1'`). Setting the expiry of the game and
/// of the log is two `PEXPIRE`s, which cost Redis more than the `HGET`, `HSET` and `PUBLISH` of
/// the rest of a move's script together (BENCHMARKS.md).
pub(super) const KEEP_EXPIRY: i64 = -1;

/// Read a game's log from an index, if the game exists (a log never outlives its game, even
/// if something other than expiry removed the game).
///
/// `KEYS[1]`: the game hash, `KEYS[2]`: the log. ARGV: the first index. Returns the entries (an
/// empty array when there is no game).
pub(super) const LOAD_LOG_LUA: &str = r"
if redis.call('EXISTS', KEYS[1]) == 0 then
  return {}
end
return redis.call('LRANGE', KEYS[2], ARGV[1], -1)
";

/// Read a game and an idempotency record together.
///
/// `KEYS[1]`: the game hash, `KEYS[2]`: the idempotency record. Returns `[v, d, answer]`, each
/// nil when missing.
pub(super) const LOAD_WITH_IDEM_LUA: &str = r"
local g = redis.call('HMGET', KEYS[1], 'v', 'd')
return {g[1], g[2], redis.call('GET', KEYS[2])}
";

/// Lease the due records of the outbox index. `KEYS[1]`: the index. ARGV: now (ms), the end of
/// the lease (ms), the most records. Returns the records' ids, earliest due first, each now due
/// at the end of the lease.
pub(super) const OUTBOX_TAKE_LUA: &str = r"
local ids = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, ARGV[3])
for _, id in ipairs(ids) do
  redis.call('ZADD', KEYS[1], ARGV[2], id)
end
return ids
";

/// Acknowledge a record's first events. `KEYS[1]`: the record's outbox. ARGV: the events
/// applied, oldest first; each is removed only while it is the outbox's first. Returns how
/// many events the outbox keeps.
pub(super) const OUTBOX_ACK_LUA: &str = r"
for i = 1, #ARGV do
  if redis.call('LINDEX', KEYS[1], 0) ~= ARGV[i] then
    break
  end
  redis.call('LPOP', KEYS[1])
end
return redis.call('LLEN', KEYS[1])
";

/// After an acknowledgement, the record's index entry. `KEYS[1]`: the index. ARGV: the record's
/// id, the end of the acknowledged lease, the number of events left, now (ms). With events left
/// the record is due now; without, it leaves the index if its entry is still the lease's (a
/// write since then has moved it).
pub(super) const OUTBOX_SETTLE_LUA: &str = r"
if tonumber(ARGV[3]) > 0 then
  redis.call('ZADD', KEYS[1], ARGV[4], ARGV[1])
  return 1
end
local at = redis.call('ZSCORE', KEYS[1], ARGV[1])
if at and tonumber(at) == tonumber(ARGV[2]) then
  redis.call('ZREM', KEYS[1], ARGV[1])
end
return 0
";

/// Delete a claim if `ARGV[1]` holds it. `KEYS[1]`: the claim. Returns 1 if deleted, else 0.
pub(super) const RELEASE_CLAIM_LUA: &str = r"
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
";

/// [`WRITE_BODY`] after the listing functions.
pub(super) static WRITE_LUA: LazyLock<String> =
    LazyLock::new(|| format!("{LISTING_FNS}{WRITE_BODY}"));

pub(super) static WRITE_SCRIPT: LazyLock<Script> = LazyLock::new(|| Script::new(&WRITE_LUA));
pub(super) static LOAD_LOG_SCRIPT: LazyLock<Script> = LazyLock::new(|| Script::new(LOAD_LOG_LUA));
pub(super) static LOAD_WITH_IDEM_SCRIPT: LazyLock<Script> =
    LazyLock::new(|| Script::new(LOAD_WITH_IDEM_LUA));
pub(super) static RELEASE_CLAIM_SCRIPT: LazyLock<Script> =
    LazyLock::new(|| Script::new(RELEASE_CLAIM_LUA));
pub(super) static OUTBOX_TAKE_SCRIPT: LazyLock<Script> =
    LazyLock::new(|| Script::new(OUTBOX_TAKE_LUA));
pub(super) static OUTBOX_ACK_SCRIPT: LazyLock<Script> =
    LazyLock::new(|| Script::new(OUTBOX_ACK_LUA));
pub(super) static OUTBOX_SETTLE_SCRIPT: LazyLock<Script> =
    LazyLock::new(|| Script::new(OUTBOX_SETTLE_LUA));

/// `EVALSHA <sha> <numkeys>`: the start of a script call; the caller appends keys and arguments.
pub(super) fn evalsha(script: &Script, numkeys: usize) -> Cmd {
    evalsha_sized(script, numkeys, 0, 0)
}

/// [`evalsha`] with room for `args` more keys and arguments of `bytes` bytes in all, so that
/// appending them does not grow the command step by step (a move's write would otherwise
/// reallocate it about eight times on the way to its kilobyte).
pub(super) fn evalsha_sized(script: &Script, numkeys: usize, args: usize, bytes: usize) -> Cmd {
    let hash = script.get_hash();
    let mut cmd = Cmd::with_capacity(3 + args, "EVALSHA".len() + hash.len() + 20 + bytes);
    cmd.arg("EVALSHA").arg(hash).arg(numkeys);
    cmd
}

/// Run a command built by [`evalsha`]; if the server does not know the script (`NOSCRIPT`, e.g.
/// after a restart or a `SCRIPT FLUSH`), send the same call as `EVAL` with the script's source,
/// which also caches it for the next `EVALSHA`. Safe to repeat: a `NOSCRIPT` call ran nothing.
pub(super) async fn run_script<T, C>(con: &mut C, cmd: &Cmd, code: &str) -> redis::RedisResult<T>
where
    T: FromRedisValue,
    C: ConnectionLike,
{
    match cmd.query_async(con).await {
        Err(e) if e.code() == Some("NOSCRIPT") => {
            let mut eval = redis::cmd("EVAL");
            eval.arg(code);
            for arg in cmd.args_iter().skip(2) {
                if let redis::Arg::Simple(bytes) = arg {
                    eval.arg(bytes);
                }
            }
            eval.query_async(con).await
        }
        other => other,
    }
}
