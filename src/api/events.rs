//! Push: Server-Sent Events and long polling, over the store's change notifications (which
//! cross replicas through Redis).

use super::extract::GameId;
use std::time::Duration;

use actix_web::web::Bytes;
use futures_util::StreamExt;
use tokio::sync::mpsc;
use tokio::time::{Instant, sleep_until};
use tokio_stream::wrappers::ReceiverStream;

use super::error::ApiError;
use super::streams::StreamGuard;
use crate::games::GameService;
use crate::games::ViewJson;
use crate::platform::Platform;

/// How often an idle stream sends a keep-alive comment by default (it lives with [`Push`](crate::games::Push)).
pub use crate::games::KEEP_ALIVE;

/// The longest a long poll waits.
pub const MAX_WAIT: Duration = Duration::from_secs(60);

/// One Server-Sent Event of a view: its version as the event's id, `view` or `game_over`, and
/// the view's JSON (one line: JSON as serialised here has no newline).
fn event(view: &ViewJson) -> Bytes {
    let kind: &[u8] = if view.over { b"game_over" } else { b"view" };
    let id = view.version.to_string();
    let mut out = Vec::with_capacity(view.json.len() + id.len() + 32);
    for part in [
        b"id: ",
        id.as_bytes(),
        b"\nevent: ",
        kind,
        b"\ndata: ",
        &view.json,
        b"\n\n",
    ] {
        out.extend_from_slice(part);
    }
    Bytes::from(out)
}

/// The event stream of one reader: the current view at once (unless the reader has it, per
/// `last_event_id`), then the view after every change, keep-alives while idle, and the end after
/// the game is over. The first view is read before this returns, so a bad token or an unknown
/// game is an error response, not a broken stream.
pub async fn stream(
    svc: GameService,
    id: GameId,
    token: Option<String>,
    last_event_id: Option<u64>,
    guard: StreamGuard,
) -> Result<impl futures_util::Stream<Item = Result<Bytes, actix_web::Error>> + 'static, ApiError> {
    let mut changes = svc.store().watch(&id);
    let first = svc.view(&id, token.as_deref()).await?;
    let (tx, rx) = mpsc::channel::<Bytes>(8);
    tokio::spawn(async move {
        // Counted open until the stream ends or its reader hangs up.
        let _guard = guard;
        let mut sent = last_event_id;
        let mut view = Some(first);
        loop {
            if let Some(v) = view.take() {
                let over = v.over;
                if sent.is_none_or(|s| v.version > s) {
                    sent = Some(v.version);
                    if tx.send(event(&v)).await.is_err() {
                        return;
                    }
                }
                if over {
                    return;
                }
            }
            let deadline = Instant::now() + svc.push().keep_alive;
            // The version a change notification announced, if one woke us.
            let announced = tokio::select! {
                // The server is shutting down: end the stream so the drain need not wait for
                // it (clients reconnect, to another replica, with Last-Event-ID).
                () = svc.push().stopping() => return,
                changed = changes.changed() => {
                    if changed.is_err() {
                        // The store dropped the channel: subscribe again.
                        changes = svc.store().watch(&id);
                        None
                    } else {
                        Some(*changes.borrow_and_update())
                    }
                }
                _ = sleep_until(deadline) => {
                    if tx.send(Bytes::from_static(b": keep-alive\n\n")).await.is_err() {
                        return;
                    }
                    None
                }
                _ = tx.closed() => return,
            };
            match svc.view_announced(&id, token.as_deref(), announced).await {
                Ok(v) => view = Some(v),
                Err(ApiError::GameNotFound(_)) => return,
                Err(_) => {} // the store is away: try again at the next tick
            }
        }
    });
    Ok(ReceiverStream::new(rx).map(Ok))
}

/// Long polling: the view as soon as its version passes `after`, or the current view after
/// `wait` (at most [`MAX_WAIT`]).
pub async fn wait_for(
    svc: &GameService,
    id: &GameId,
    token: Option<&str>,
    after: u64,
    wait: Duration,
) -> Result<ViewJson, ApiError> {
    let mut changes = svc.store().watch(id);
    let deadline = Instant::now() + wait.min(MAX_WAIT);
    // The version the last change notification announced, if one woke us.
    let mut announced = None;
    loop {
        let view = svc.view_announced(id, token, announced).await?;
        if view.version > after || view.over {
            return Ok(view);
        }
        announced = tokio::select! {
            changed = changes.changed() => {
                if changed.is_err() {
                    changes = svc.store().watch(id);
                    None
                } else {
                    Some(*changes.borrow_and_update())
                }
            }
            _ = sleep_until(deadline) => return svc.view(id, token).await,
            () = svc.push().stopping() => return svc.view(id, token).await,
        };
    }
}

/// The most entries of an inbox one read takes (a stream reads again at once after a full one;
/// a long poll answers at most this many).
pub const INBOX_PAGE: usize = 100;

/// The longest an inbox long poll waits.
pub const MAX_INBOX_WAIT: Duration = Duration::from_secs(30);

/// The `type` of a stored inbox event (its SSE event name).
#[derive(serde::Deserialize)]
struct EventType<'a> {
    #[serde(rename = "type", borrow)]
    kind: std::borrow::Cow<'a, str>,
}

/// One Server-Sent Event of an inbox entry: its id, its type as the event name, the entry (with
/// its id) as the data; None for a damaged entry (logged and skipped).
fn inbox_event(entry: &crate::store::InboxEntry) -> Option<Bytes> {
    let kind = serde_json::from_slice::<EventType<'_>>(&entry.data).ok();
    let json = crate::platform::entry_json(entry);
    let (Some(kind), Some(json)) = (kind, json) else {
        tracing::error!(entry = entry.id, "an inbox entry is not an event; skipped");
        return None;
    };
    let id = entry.id.to_string();
    let mut out = Vec::with_capacity(json.len() + id.len() + kind.kind.len() + 32);
    for part in [
        b"id: ",
        id.as_bytes(),
        b"\nevent: ",
        kind.kind.as_bytes(),
        b"\ndata: ",
        &json,
        b"\n\n",
    ] {
        out.extend_from_slice(part);
    }
    Some(Bytes::from(out))
}

/// The event stream of bot `account`'s inbox: every entry after `after` at once, then each new
/// one, keep-alives while idle (each also re-reads the inbox, in case a notification was lost),
/// and the end when the server shuts down. The first read is made before this returns, so a
/// store that is away is an error response, not a broken stream.
pub async fn inbox_stream(
    svc: Platform,
    account: String,
    after: u64,
    guard: StreamGuard,
) -> Result<impl futures_util::Stream<Item = Result<Bytes, actix_web::Error>> + 'static, ApiError> {
    let mut changes = svc.watch_inbox(&account);
    let first = svc.inbox(&account, after, INBOX_PAGE).await?;
    let (tx, rx) = mpsc::channel::<Bytes>(8);
    tokio::spawn(async move {
        // Counted open until the stream ends or its reader hangs up.
        let _guard = guard;
        let mut cursor = after;
        let mut page = Some(first);
        loop {
            if let Some(p) = page.take() {
                let full = p.entries.len() >= INBOX_PAGE;
                for entry in &p.entries {
                    cursor = cursor.max(entry.id);
                    if let Some(event) = inbox_event(entry)
                        && tx.send(event).await.is_err()
                    {
                        return;
                    }
                }
                if full {
                    // More may wait: read on at once.
                    page = svc.inbox(&account, cursor, INBOX_PAGE).await.ok();
                    continue;
                }
            }
            let deadline = Instant::now() + svc.games().push().keep_alive;
            tokio::select! {
                () = svc.games().push().stopping() => return,
                changed = changes.changed() => {
                    if changed.is_err() {
                        changes = svc.watch_inbox(&account);
                    }
                }
                _ = sleep_until(deadline) => {
                    if tx.send(Bytes::from_static(b": keep-alive\n\n")).await.is_err() {
                        return;
                    }
                }
                _ = tx.closed() => return,
            }
            // The store away: nothing now, the next tick tries again.
            page = svc.inbox(&account, cursor, INBOX_PAGE).await.ok();
        }
    });
    Ok(ReceiverStream::new(rx).map(Ok))
}

/// An inbox long poll: the entries of bot `account`'s inbox after `after` (at most
/// [`INBOX_PAGE`]) as a JSON array, as soon as there is one, or `[]` after `wait` (at most
/// [`MAX_INBOX_WAIT`]) or when the server shuts down.
pub async fn inbox_wait(
    svc: &Platform,
    account: &str,
    after: u64,
    wait: Duration,
) -> Result<Bytes, ApiError> {
    let mut changes = svc.watch_inbox(account);
    let deadline = Instant::now() + wait.min(MAX_INBOX_WAIT);
    loop {
        let page = svc.inbox(account, after, INBOX_PAGE).await?;
        let items: Vec<Vec<u8>> = page
            .entries
            .iter()
            .filter_map(crate::platform::entry_json)
            .collect();
        if !items.is_empty() || Instant::now() >= deadline {
            let mut out = Vec::with_capacity(2 + items.iter().map(|i| i.len() + 1).sum::<usize>());
            out.push(b'[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                out.extend_from_slice(item);
            }
            out.push(b']');
            return Ok(Bytes::from(out));
        }
        tokio::select! {
            changed = changes.changed() => {
                if changed.is_err() {
                    changes = svc.watch_inbox(account);
                }
            }
            _ = sleep_until(deadline) => {}
            () = svc.games().push().stopping() => return Ok(Bytes::from_static(b"[]")),
        };
    }
}
