//! The key layout: every key of a game carries the game id as its Redis Cluster hash tag, so a
//! game's records share one slot; the deadline index is split into shards.

use std::borrow::Cow;
use std::fmt::Write as _;

/// The hash-tag part of a game's keys: the id, with `%`, `{` and `}` percent-encoded (so the tag
/// cannot end early) and the empty id written `%` (an empty tag `{}` would not be a hash tag).
/// Ids made of other characters are returned unchanged.
pub fn key_tag(id: &str) -> Cow<'_, str> {
    if id.is_empty() {
        return Cow::Borrowed("%");
    }
    if !id.contains(['%', '{', '}']) {
        return Cow::Borrowed(id);
    }
    let mut out = String::with_capacity(id.len() + 8);
    for c in id.chars() {
        match c {
            '%' => out.push_str("%25"),
            '{' => out.push_str("%7B"),
            '}' => out.push_str("%7D"),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// The Redis key of one of a game's records: `{prefix}:{<tag>}:{kind}`, e.g. `hp:{abc}:game`.
///
/// `kind` is `"game"` for the game itself (a hash with the fields `v` and `d`); the other
/// per-game records use their own `kind` (`log` for the game's log, `events` for the pub/sub
/// channel, `idem:<key>`, `claim`) so they share the game's cluster slot. The tag is
/// [`key_tag`]`(id)`.
pub fn game_key(prefix: &str, id: &str, kind: &str) -> String {
    // Three keys per move: pushed into one exact allocation rather than through `format!`.
    let tag = key_tag(id);
    let mut key = String::with_capacity(prefix.len() + tag.len() + kind.len() + 4);
    key.push_str(prefix);
    key.push_str(":{");
    key.push_str(&tag);
    key.push_str("}:");
    key.push_str(kind);
    key
}

/// An idempotency key as it appears in a Redis key: letters, digits and `-_.~` as they are, every
/// other byte (of its UTF-8 form) percent-encoded (`%2F`), so the encoding is one-to-one and the
/// key holds only printable ASCII.
pub fn idem_key_part(key: &str) -> Cow<'_, str> {
    let safe = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~');
    if key.bytes().all(safe) {
        return Cow::Borrowed(key);
    }
    let mut out = String::with_capacity(key.len() * 3);
    for b in key.bytes() {
        if safe(b) {
            out.push(b as char);
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    Cow::Owned(out)
}

/// How many sorted sets the deadline index is split into (see [`deadline_shard`]).
pub const DEADLINE_SHARDS: u32 = 16;

/// Which deadline shard holds game `id`: FNV-1a of the id's bytes, modulo [`DEADLINE_SHARDS`]
/// (stable across processes and versions, so every replica agrees).
pub fn deadline_shard(id: &str) -> u32 {
    let mut h: u32 = 0x811c_9dc5;
    for b in id.bytes() {
        h ^= u32::from(b);
        h = h.wrapping_mul(0x0100_0193);
    }
    h % DEADLINE_SHARDS
}

/// The Redis key of deadline shard `shard`: `{prefix}:deadlines:{<shard>}`, e.g.
/// `hp:deadlines:{7}`, a sorted set of game ids scored by their deadline (ms since the epoch).
pub fn deadline_key(prefix: &str, shard: u32) -> String {
    format!("{prefix}:deadlines:{{{shard}}}")
}

/// The common start of the listing index's keys: `{prefix}:{lobby}` (e.g. `hp:{lobby}`); its
/// keys (`hp:{lobby}:s:open`, `hp:{lobby}:items`, ...) share the one hash tag `lobby`, so one
/// cluster slot, and one script reads or changes them together.
pub fn listing_base(prefix: &str) -> String {
    format!("{prefix}:{{lobby}}")
}

/// The outbox index of a store with key prefix `prefix` (see [`outbox`](crate::store::outbox)):
/// a sorted set of the records with events, scored by when each is due (ms).
pub fn outbox_index(prefix: &str) -> String {
    format!("{prefix}:{{outbox}}:due")
}

/// The inbox key of an inbox channel (None: the channel is a game's). A game's channel ends in
/// `}:events` (its tag cannot hold a `}`), an inbox's in `}:inbox:events`.
pub fn inbox_key_of_channel(channel: &str) -> Option<&str> {
    channel
        .strip_suffix(":events")
        .filter(|base| base.ends_with("}:inbox"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use redis::cluster_routing::Slot;

    #[test]
    fn key_layout() {
        assert_eq!(game_key("hp", "abc", "game"), "hp:{abc}:game");
        assert_eq!(game_key("hp", "", "game"), "hp:{%}:game");
        assert_eq!(game_key("hp", "a}b{c%", "game"), "hp:{a%7Db%7Bc%25}:game");
        assert_eq!(key_tag("0f3a-B_9"), "0f3a-B_9");
    }

    #[test]
    fn every_key_of_a_game_shares_a_slot() {
        for id in [
            "abc",
            "",
            "x}y",
            "{",
            "}",
            "%",
            "0b7c1f2e-a7b4-4e4f-9a55-1d2e3f4a5b6c",
        ] {
            let slot = Slot::for_key(game_key("hp", id, "game"));
            for kind in ["events", "log", "idem:k1", "seats"] {
                assert_eq!(slot, Slot::for_key(game_key("hp", id, kind)), "id {id:?}");
            }
            assert_eq!(slot, Slot::for_key(key_tag(id).as_bytes()), "id {id:?}");
        }
        assert_ne!(
            Slot::for_key(game_key("hp", "a", "game")),
            Slot::for_key(game_key("hp", "b", "game"))
        );
    }
}
