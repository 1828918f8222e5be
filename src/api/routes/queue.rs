//! Matchmaking: join a queue (`POST /v1/queue`), a bot's tickets (`GET /v1/queue`), leave
//! (`DELETE /v1/queue`, `DELETE /v1/queue/{ticket}`). Every one as a bot
//! (`Authorization: Bot <api_key>`).

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, delete, get, post, web};
use utoipa::IntoParams;

use crate::api::body::read_json;
use crate::api::error::{ApiError, Problem};
use crate::api::routes::problems::{PayloadTooLarge, StoreUnavailable, UnsupportedMediaType};
use crate::api::routes::the_bot;
use crate::platform::Platform;
use crate::platform::wire::{LeftQueues, QueueRequest, QueueTicket, QueueTickets};

/// Join a matchmaking queue.
///
/// The bot waits for a table of the ruleset: when as many bots wait as the table has seats,
/// one table forms (exactly once, whichever server sees it), its seats drawn at random, and
/// each bot's inbox (`GET /v1/bots/me/events`) announces its seat with the seat's token. With
/// `fill_with_house_after_ms`, house players fill the table once the longest-waiting bot has
/// waited that long. Posting again renews the bot's place (and keeps it); so does reading the
/// bot's inbox. A place lapses `lease_expires_unix_ms` after its last renewal (60 s), so a bot
/// that went away is not seated. A bot waits in at most 3 queues at once.
#[utoipa::path(
    tag = "matchmaking",
    operation_id = "join_queue",
    request_body(content = QueueRequest, description = "The ruleset, and whether to fill the table with house players after a wait."),
    responses(
        (status = 202, description = "The bot waits (or this request formed its table: `status` is `matched`); its inbox will announce its seat.", body = QueueTicket,
            headers(("Location" = String, description = "The bot's tickets (`GET /v1/queue`).")),
            links(
                ("leave_queue" = (operation_id = "leave_queue", parameters(("path.ticket" = "$response.body#/ticket")), description = "Leave this queue.")),
            )),
        (status = 400, description = "Malformed JSON, an unknown field or a wrong type.", body = Problem, content_type = "application/problem+json", example = json!({"detail": "invalid request body: missing field `ruleset`", "code": "invalid_body"})),
        (status = 401, description = "No bot key (`missing_bot_key`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "this endpoint is for bot accounts: send `Authorization: Bot <api_key>` (POST /v1/bots registers one)", "code": "missing_bot_key"})),
        (status = 403, description = "A key that is no bot's (`invalid_bot_key`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "the bot key is not one the server gave (send `Authorization: Bot <api_key>`)", "code": "invalid_bot_key"})),
        (status = 409, description = "The bot waits in 3 queues already (`too_many_queues`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "a bot waits in at most 3 queues at once; leave one (DELETE /v1/queue/{ticket}) first", "code": "too_many_queues"})),
        PayloadTooLarge,
        UnsupportedMediaType,
        (status = 422, description = "An impossible ruleset (as `POST /v1/games` answers), or a fill wait out of bounds (`invalid_fill_wait`).", body = Problem, content_type = "application/problem+json", examples(
            ("joker_with_no_trump" = (value = json!({"detail": "a deck with the joker cannot be played with no trump: the joker is always a trump (set `no_trump` to false or use the `pepper24` deck)", "code": "joker_with_no_trump"}))),
            ("invalid_fill_wait" = (value = json!({"detail": "fill_with_house_after_ms must be between 0 and 3600000 (an hour)", "code": "invalid_fill_wait"}))),
        )),
        StoreUnavailable,
    ),
    security(("bot_key" = []))
)]
#[post("/v1/queue")]
#[tracing::instrument(skip_all)]
pub async fn join_queue(
    svc: web::Data<Platform>,
    req: HttpRequest,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let bot = the_bot(&svc, &req).await?;
    let body: QueueRequest = read_json(&req, payload, false).await?;
    let ticket = svc.join_queue(&bot, body).await?;
    Ok(HttpResponse::Accepted()
        .insert_header((header::LOCATION, "/v1/queue"))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(ticket))
}

/// The bot's tickets.
///
/// Every queue the bot waits in, with its place, how many wait, and when its place lapses.
/// Reading them renews nothing (posting again, or reading the inbox, does).
#[utoipa::path(
    tag = "matchmaking",
    operation_id = "list_queue",
    responses(
        (status = 200, description = "The bot's tickets.", body = QueueTickets),
        (status = 401, description = "No bot key (`missing_bot_key`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "this endpoint is for bot accounts: send `Authorization: Bot <api_key>` (POST /v1/bots registers one)", "code": "missing_bot_key"})),
        (status = 403, description = "A key that is no bot's (`invalid_bot_key`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "the bot key is not one the server gave (send `Authorization: Bot <api_key>`)", "code": "invalid_bot_key"})),
        StoreUnavailable,
    ),
    security(("bot_key" = []))
)]
#[get("/v1/queue")]
#[tracing::instrument(skip_all)]
pub async fn list_queue(
    svc: web::Data<Platform>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let bot = the_bot(&svc, &req).await?;
    let tickets = svc.queue_tickets(&bot).await?;
    Ok(HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(tickets))
}

/// Leave every queue.
///
/// The bot leaves every queue it waits in (none: `left` is 0).
#[utoipa::path(
    tag = "matchmaking",
    operation_id = "leave_queues",
    responses(
        (status = 200, description = "How many queues the bot left.", body = LeftQueues),
        (status = 401, description = "No bot key (`missing_bot_key`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "this endpoint is for bot accounts: send `Authorization: Bot <api_key>` (POST /v1/bots registers one)", "code": "missing_bot_key"})),
        (status = 403, description = "A key that is no bot's (`invalid_bot_key`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "the bot key is not one the server gave (send `Authorization: Bot <api_key>`)", "code": "invalid_bot_key"})),
        StoreUnavailable,
    ),
    security(("bot_key" = []))
)]
#[delete("/v1/queue")]
#[tracing::instrument(skip_all)]
pub async fn leave_queues(
    svc: web::Data<Platform>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let bot = the_bot(&svc, &req).await?;
    let left = svc.leave_queue(&bot, None).await?;
    Ok(HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(LeftQueues { left }))
}

/// The `{ticket}` path parameter.
#[derive(IntoParams)]
#[into_params(parameter_in = Path)]
#[allow(dead_code)]
pub struct TicketPath {
    /// The ticket (`ticket` of `POST /v1/queue`'s answer).
    #[param(min_length = 1, max_length = 64, pattern = "^[A-Za-z0-9_-]{1,64}$")]
    ticket: String,
}

/// Leave a queue.
///
/// The bot leaves the queue of this ticket.
#[utoipa::path(
    tag = "matchmaking",
    operation_id = "leave_queue",
    params(TicketPath),
    responses(
        (status = 200, description = "The bot left the queue.", body = LeftQueues),
        (status = 401, description = "No bot key (`missing_bot_key`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "this endpoint is for bot accounts: send `Authorization: Bot <api_key>` (POST /v1/bots registers one)", "code": "missing_bot_key"})),
        (status = 403, description = "A key that is no bot's (`invalid_bot_key`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "the bot key is not one the server gave (send `Authorization: Bot <api_key>`)", "code": "invalid_bot_key"})),
        (status = 404, description = "The bot does not wait in this queue (`ticket_not_found`): it left, was seated, or its place lapsed.", body = Problem, content_type = "application/problem+json", example = json!({"detail": "the bot does not wait in this queue (it left, was seated, or its place lapsed)", "code": "ticket_not_found"})),
        StoreUnavailable,
    ),
    security(("bot_key" = []))
)]
#[delete("/v1/queue/{ticket}")]
#[tracing::instrument(skip_all)]
pub async fn leave_queue(
    svc: web::Data<Platform>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let bot = the_bot(&svc, &req).await?;
    let ticket = req
        .match_info()
        .get("ticket")
        .unwrap_or_default()
        .to_owned();
    let left = svc.leave_queue(&bot, Some(&ticket)).await?;
    Ok(HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(LeftQueues { left }))
}
