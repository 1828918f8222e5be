//! Inboxes on Redis (see `store::inbox`): one hash per account at
//! `{prefix}:{inbox:<tag>}:inbox`, its own hash tag (so a cluster spreads the inboxes over its
//! slots); an append and a read are one script each.

use std::sync::LazyLock;

use redis::{Script, Value};

use super::connection::{optional_bytes, ttl_millis};
use super::keys::game_key;
use super::scripts::evalsha;
use super::{Link, Redis};
use crate::store::inbox::{check_append, check_read, first_id};
use crate::store::{INBOX_TTL, InboxEntry, InboxPage, MAX_INBOX_ENTRIES, MAX_INBOX_ID, StoreError};

/// The kind (after the hash tag) of an inbox's hash, and of its channel (`inbox:events`).
pub(super) const INBOX_KIND: &str = "inbox";

/// `KEYS[1]` the inbox; ARGV the entry, its once key (`''`: none), the first id of a new
/// inbox, how many entries to keep, the TTL (ms, 0: none), the channel. The new id (or the id
/// of the entry appended earlier with the once key).
const APPEND_LUA: &str = r"
local once = ARGV[2]
if once ~= '' then
  local prev = redis.call('HGET', KEYS[1], 'o:' .. once)
  if prev then
    return tonumber(prev)
  end
end
local last = redis.call('HGET', KEYS[1], 'last')
local id
if last then
  id = tonumber(last) + 1
else
  id = tonumber(ARGV[3])
  redis.call('HSET', KEYS[1], 'first', ARGV[3])
end
local f = string.format('%.0f', id)
redis.call('HSET', KEYS[1], f, ARGV[1], 'last', f)
if once ~= '' then
  redis.call('HSET', KEYS[1], 'o:' .. once, f, 'k:' .. f, once)
end
local old = string.format('%.0f', id - tonumber(ARGV[4]))
local old_once = redis.call('HGET', KEYS[1], 'k:' .. old)
if old_once then
  redis.call('HDEL', KEYS[1], 'o:' .. old_once, 'k:' .. old)
end
redis.call('HDEL', KEYS[1], old)
if tonumber(ARGV[5]) > 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[5])
end
redis.call('PUBLISH', ARGV[6], f)
return id
";

/// `KEYS[1]` the inbox; ARGV after, how many entries are kept, the limit (the entries read
/// are from the one after `after`, or the first kept: the later of the life's first id and
/// the last id less the kept count). The last id (0: none),
/// then id and entry of each entry after `after`, oldest first.
const READ_LUA: &str = r"
local got = redis.call('HMGET', KEYS[1], 'first', 'last')
local first, last = tonumber(got[1] or '0'), tonumber(got[2] or '0')
local out = {last}
local from = math.max(tonumber(ARGV[1]) + 1, first, last - tonumber(ARGV[2]) + 1)
local to = math.min(last, from + tonumber(ARGV[3]) - 1)
if to < from then
  return out
end
local fields = {}
for id = from, to do
  fields[#fields + 1] = string.format('%.0f', id)
end
got = redis.call('HMGET', KEYS[1], unpack(fields))
for i = 1, #fields do
  if got[i] then
    out[#out + 1] = from + i - 1
    out[#out + 1] = got[i]
  end
end
return out
";

static APPEND_SCRIPT: LazyLock<Script> = LazyLock::new(|| Script::new(APPEND_LUA));
static READ_SCRIPT: LazyLock<Script> = LazyLock::new(|| Script::new(READ_LUA));

/// The hash tag of account `account`'s inbox, before [`game_key`] escapes it as it does a
/// game id's (see [`key_tag`](super::keys::key_tag)): `inbox:` and the name.
fn inbox_tag(account: &str) -> String {
    format!("inbox:{account}")
}

/// The Redis key of account `account`'s inbox: `{prefix}:{inbox:<tag>}:inbox`.
pub fn inbox_key(prefix: &str, account: &str) -> String {
    game_key(prefix, &inbox_tag(account), INBOX_KIND)
}

/// The channel of account `account`'s inbox: `{prefix}:{inbox:<tag>}:inbox:events`.
pub fn inbox_channel(prefix: &str, account: &str) -> String {
    game_key(prefix, &inbox_tag(account), "inbox:events")
}

fn bad(what: &str) -> StoreError {
    StoreError::Corrupt(format!("redis {what}: unexpected reply"))
}

fn id_of(v: &Value, what: &str) -> Result<u64, StoreError> {
    match v {
        Value::Int(n) if *n >= 0 => Ok(*n as u64),
        _ => Err(bad(what)),
    }
}

impl<C: Link> Redis<C> {
    pub(super) async fn append_inbox_impl(
        &self,
        account: &str,
        data: &[u8],
        once: Option<&str>,
        now_unix_ms: u64,
    ) -> Result<u64, StoreError> {
        check_append(account, data, once)?;
        let prefix = &self.core.config.key_prefix;
        let mut cmd = evalsha(&APPEND_SCRIPT, 1);
        cmd.arg(inbox_key(prefix, account))
            .arg(data)
            .arg(once.unwrap_or(""))
            .arg(first_id(now_unix_ms))
            .arg(MAX_INBOX_ENTRIES)
            .arg(ttl_millis(INBOX_TTL))
            .arg(inbox_channel(prefix, account));
        // Repeated after a dropped connection only with a once key (then a repeat that finds
        // the entry answers its id); without one a repeat could append twice.
        let reply: Value = self
            .core
            .script("append_inbox", once.is_some(), &cmd, APPEND_LUA)
            .await?;
        id_of(&reply, "append_inbox")
    }

    pub(super) async fn read_inbox_impl(
        &self,
        account: &str,
        after: u64,
        limit: usize,
    ) -> Result<InboxPage, StoreError> {
        check_read(account, limit)?;
        let mut cmd = evalsha(&READ_SCRIPT, 1);
        cmd.arg(inbox_key(&self.core.config.key_prefix, account))
            .arg(after.min(MAX_INBOX_ID))
            .arg(MAX_INBOX_ENTRIES)
            .arg(limit);
        let reply: Value = self.core.script("read_inbox", true, &cmd, READ_LUA).await?;
        let Value::Array(items) = reply else {
            return Err(bad("read_inbox"));
        };
        let mut it = items.into_iter();
        let last = id_of(&it.next().ok_or_else(|| bad("read_inbox"))?, "read_inbox")?;
        let mut entries = Vec::new();
        while let (Some(id), Some(data)) = (it.next(), it.next()) {
            entries.push(InboxEntry {
                id: id_of(&id, "read_inbox")?,
                data: optional_bytes(data, "read_inbox")?.ok_or_else(|| bad("read_inbox"))?,
            });
        }
        Ok(InboxPage { entries, last })
    }

    pub(super) fn watch_inbox_impl(&self, account: &str) -> tokio::sync::watch::Receiver<u64> {
        self.events.watch_channel(
            &self.core,
            &inbox_channel(&self.core.config.key_prefix, account),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::super::keys::inbox_key_of_channel;
    use super::*;
    use redis::cluster_routing::Slot;

    #[test]
    fn inbox_keys_and_channels() {
        assert_eq!(inbox_key("hp", "alice"), "hp:{inbox:alice}:inbox");
        assert_eq!(
            inbox_channel("hp", "alice"),
            "hp:{inbox:alice}:inbox:events"
        );
        assert_eq!(inbox_key("hp", "a}b"), "hp:{inbox:a%7Db}:inbox");
        // The channel and the key share the account's slot; two accounts need not.
        assert_eq!(
            Slot::for_key(inbox_key("hp", "alice")),
            Slot::for_key(inbox_channel("hp", "alice"))
        );
        assert_ne!(
            Slot::for_key(inbox_key("hp", "alice")),
            Slot::for_key(inbox_key("hp", "bob"))
        );
        // Channels tell inboxes from games, whatever the names and ids.
        for name in ["alice", "x}:inbox", "inbox", "}:inbox:events"] {
            assert_eq!(
                inbox_key_of_channel(&inbox_channel("hp", name)),
                Some(inbox_key("hp", name).as_str())
            );
        }
        for id in ["abc", "inbox", "x}:inbox", "inbox:alice"] {
            assert_eq!(inbox_key_of_channel(&game_key("hp", id, "events")), None);
        }
    }
}
