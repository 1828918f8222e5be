//! The event stream of a game (Server-Sent Events); long polls are `GET /v1/games/{id}` with
//! `wait_for_version` (in `games`).

use crate::api::routes::problems::{GameNotFound, InvalidToken, StoreUnavailable};
use serde::Deserialize;
use utoipa::IntoParams;

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, get, web};

use super::query;
use crate::api::body::MAX_INT64;
use crate::api::error::{ApiError, Code, Problem};
use crate::api::events;
use crate::api::extract::{GameId, GamePath, MaybeSeatToken, last_event_id};
use crate::api::streams::StreamLimit;
use crate::games::GameService;

/// Query parameters of `GET /v1/games/{id}/events`.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct EventsQuery {
    /// Resume after this version (as the `Last-Event-ID` header does): the first event is the
    /// current view only if it is newer. Leave it out to get the current view at once.
    #[param(nullable = false, minimum = 0)]
    pub last_event_id: Option<u64>,
}

/// Follow the game (Server-Sent Events).
///
/// A `text/event-stream`: your view (or the spectator view without a token) at once, then after
/// every change, as `event: view` (or `event: game_over` for the last one) with `id:` the
/// version and `data:` the view as JSON. Comments (`: keep-alive`) every 15 s while idle. Send
/// `Last-Event-ID` (or `last_event_id`) to resume: you get the current view only if it is newer.
/// The stream ends after the game is over.
///
/// **A stream, not a request that ends:** open it with `curl -N` or a browser's `EventSource`
/// (`new EventSource("/v1/games/<id>/events")`). Swagger UI's "Try it out" waits for the whole
/// answer and so shows nothing until the game is over; use `GET /v1/games/{id}` there instead.
#[utoipa::path(
    tag = "games",
    operation_id = "follow_game",
    params(
        GamePath,
        ("Last-Event-ID" = Option<String>, Header, description = "The last version you received, to resume.", nullable = false, pattern = "^[0-9]{1,18}$"),
        EventsQuery,
    ),
    responses(
        (status = 200, description = "A `text/event-stream` (Server-Sent Events), not JSON: read it with an SSE client or line by line. Each event is a few lines: `id: <version>`, `event: view` (`game_over` for the last one), and `data: <a GameView as JSON, on one line>`, then a blank line. Lines starting with `:` are keep-alive comments. Parse each event's `data` as a `GameView` (the schema of `GET /v1/games/{id}`).", content_type = "text/event-stream", body = String,
            example = json!("id: 7\nevent: view\ndata: {\"game_id\":\"k3x9p2m7q4w8z5ab\",\"version\":7,...}\n\n")),
        (status = 400, description = "A bad query parameter or Last-Event-ID.", body = Problem, content_type = "application/problem+json", example = json!({"detail":"invalid query string: invalid digit found in string","code":"invalid_query"})),
        (status = 401, description = "A malformed Authorization header.", body = Problem, content_type = "application/problem+json", example = json!({"detail":"the Authorization header must be `Bearer <token>`","code":"malformed_authorization"})),
        InvalidToken,
        GameNotFound,
        StoreUnavailable,
    ),
    security((), ("bearer_seat_token" = []))
)]
#[get("/v1/games/{id}/events")]
#[tracing::instrument(skip_all, fields(game_id = %id))]
pub async fn follow_game(
    svc: web::Data<GameService>,
    streams: web::Data<StreamLimit>,
    token: MaybeSeatToken,
    id: GameId,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let q: EventsQuery = query(&req)?;
    if q.last_event_id.is_some_and(|v| v > MAX_INT64) {
        return Err(ApiError::bad_request(
            Code::InvalidQuery,
            format!("invalid query string: `last_event_id` is at most {MAX_INT64}"),
        ));
    }
    let last = last_event_id(&req)?.or(q.last_event_id);
    let guard = streams.open(&req, None)?;
    let stream = events::stream(svc.get_ref().clone(), id, token.0, last, guard).await?;
    Ok(HttpResponse::Ok()
        .content_type("text/event-stream")
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .insert_header(("X-Accel-Buffering", "no"))
        .streaming(stream))
}
