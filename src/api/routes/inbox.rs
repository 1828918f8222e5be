//! A bot's inbox: `GET /v1/bots/me/events`, as Server-Sent Events or as a long poll.

use std::time::Duration;

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, get, web};
use serde::Deserialize;
use utoipa::IntoParams;

use super::query;
use crate::api::body::MAX_INT64;
use crate::api::error::{ApiError, Code, Problem};
use crate::api::events::{self, MAX_INBOX_WAIT};
use crate::api::extract::last_event_id;
use crate::api::routes::problems::StoreUnavailable;
use crate::api::routes::the_bot;
use crate::api::streams::StreamLimit;
use crate::platform::{InboxItem, Platform};

/// Query parameters of `GET /v1/bots/me/events`.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct InboxQuery {
    /// The entries after this id (the last one you received); `Last-Event-ID` wins over it.
    /// Leave both out to get every entry the inbox keeps.
    #[param(nullable = false, minimum = 0)]
    pub after: Option<u64>,
    /// Long poll only (`Accept: application/json`): how long to wait for an entry when there
    /// is none after `after`, in seconds (0 to 30, default 0: answer at once).
    #[param(nullable = false, minimum = 0, maximum = 30)]
    pub wait: Option<u64>,
}

/// Whether the request asks for the long poll: its `Accept` names `application/json` (or
/// `application/*`) and not `text/event-stream`.
fn wants_json(req: &HttpRequest) -> bool {
    let accept = req
        .headers()
        .get_all(header::ACCEPT)
        .filter_map(|v| v.to_str().ok())
        .collect::<Vec<_>>()
        .join(",")
        .to_ascii_lowercase();
    let types: Vec<&str> = accept
        .split(',')
        .map(|t| t.split(';').next().unwrap_or("").trim())
        .collect();
    !types.contains(&"text/event-stream")
        && types
            .iter()
            .any(|t| *t == "application/json" || *t == "application/*")
}

/// Your bot's inbox.
///
/// Everything the server tells your bot, with `Authorization: Bot <api_key>` (only your own
/// bot's: there is no way to name another): `seated` when it has a seat (with the seat's
/// `token`: play it with `Authorization: Bearer <token>`), `game_over` when a game it sat in
/// ends, `match_finished` when a match it played is finished. Each entry has an `id`, greater
/// than every earlier one's.
///
/// As Server-Sent Events (the default, or `Accept: text/event-stream`): every entry after
/// `Last-Event-ID` (or `after`) at once, then each new one as it comes, with `id:` the entry's
/// id and `event:` its type; comments (`: keep-alive`) every 15 s while idle. The stream ends
/// when the server shuts down: reconnect with `Last-Event-ID` and you miss nothing. A stream
/// stays open: read it with `curl -N` or an SSE client, not with Swagger UI's "Try it out"
/// (which waits for an end that does not come); there, ask for `application/json` instead.
///
/// As a long poll (`Accept: application/json`): a JSON array of the entries after `after` at
/// once (at most 100: ask again after the last), or, if there are none, the first to come
/// within `wait` seconds, or `[]` after them.
///
/// An inbox keeps its last 1,000 entries, for 7 days after the last one.
#[utoipa::path(
    tag = "bots",
    operation_id = "bot_events",
    security(("bot_key" = [])),
    params(
        ("Last-Event-ID" = Option<String>, Header, description = "The id of the last entry you received, to resume after it.", nullable = false, pattern = "^[0-9]{1,18}$"),
        InboxQuery,
    ),
    responses(
        (status = 200, description = "With `Accept: text/event-stream` (or none): a stream of Server-Sent Events, not JSON: each event is `id: <entry id>`, `event: <type>` and `data: <the entry as JSON, an InboxItem, on one line>`, then a blank line; lines starting with `:` are keep-alives. With `Accept: application/json`: the entries as a JSON array (`[]`: none came within `wait`).",
            // The JSON array first: generated clients type the answer by the first content
            // (openapi-python-client), and Swagger UI's "Try it out" asks for it (a long poll
            // that ends, where the stream would not).
            content(
                (Vec<InboxItem> = "application/json"),
                (String = "text/event-stream", example = json!("id: 1764115200000\nevent: seated\ndata: {\"id\":1764115200000,\"type\":\"seated\",\"game_id\":\"k3x9p2m7q4w8z5ab\",\"seat\":2,...}\n\n")),
            )),
        (status = 400, description = "A bad query parameter or Last-Event-ID.", body = Problem, content_type = "application/problem+json", examples(
            ("invalid_query" = (value = json!({"detail": "invalid query string: `wait` is at most 30 (seconds)", "code": "invalid_query"}))),
            ("invalid_last_event_id" = (value = json!({"detail": "Last-Event-ID must be the id of an event you received (1 to 18 digits)", "code": "invalid_last_event_id"}))),
        )),
        (status = 401, description = "No bot key (`missing_bot_key`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "this endpoint is for bot accounts: send `Authorization: Bot <api_key>` (POST /v1/bots registers one)", "code": "missing_bot_key"})),
        (status = 403, description = "The bot key is no bot's (`invalid_bot_key`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "the bot key is not one the server gave (send `Authorization: Bot <api_key>`)", "code": "invalid_bot_key"})),
        StoreUnavailable,
    )
)]
#[get("/v1/bots/me/events")]
#[tracing::instrument(skip_all)]
pub async fn bot_events(
    svc: web::Data<Platform>,
    streams: web::Data<StreamLimit>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let bot = the_bot(&svc, &req).await?;
    let q: InboxQuery = query(&req)?;
    if q.after.is_some_and(|v| v > MAX_INT64) {
        return Err(ApiError::bad_request(
            Code::InvalidQuery,
            format!("invalid query string: `after` is at most {MAX_INT64}"),
        ));
    }
    let wait = q.wait.unwrap_or(0);
    if wait > MAX_INBOX_WAIT.as_secs() {
        return Err(ApiError::bad_request(
            Code::InvalidQuery,
            format!(
                "invalid query string: `wait` is at most {} (seconds)",
                MAX_INBOX_WAIT.as_secs()
            ),
        ));
    }
    let last = last_event_id(&req)?;
    let after = last.or(q.after).unwrap_or(0);
    // Counted open (per client address and per bot) until the long poll answers, the stream
    // ends or the client hangs up.
    let guard = streams.open(&req, Some(&bot))?;
    if wants_json(&req) {
        let body = events::inbox_wait(&svc, &bot, after, Duration::from_secs(wait)).await?;
        drop(guard);
        return Ok(HttpResponse::Ok()
            .insert_header((header::CACHE_CONTROL, "no-store"))
            .insert_header((header::VARY, "Accept"))
            .content_type("application/json")
            .body(body));
    }
    let stream = events::inbox_stream(svc.get_ref().clone(), bot, after, guard).await?;
    Ok(HttpResponse::Ok()
        .content_type("text/event-stream")
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .insert_header((header::VARY, "Accept"))
        .insert_header(("X-Accel-Buffering", "no"))
        .streaming(stream))
}

#[cfg(test)]
mod tests {
    use actix_web::test::TestRequest;

    #[test]
    fn json_only_when_asked_for() {
        let with = |accept: Option<&str>| {
            let mut req = TestRequest::default();
            if let Some(a) = accept {
                req = req.insert_header(("Accept", a));
            }
            super::wants_json(&req.to_http_request())
        };
        assert!(!with(None));
        assert!(!with(Some("*/*")));
        assert!(!with(Some("text/event-stream")));
        assert!(!with(Some("text/event-stream, application/json")));
        assert!(with(Some("application/json")));
        assert!(with(Some("Application/JSON; q=0.9")));
        assert!(with(Some("text/html, application/*")));
    }
}
