//! Arenas: create one (`POST /v1/arenas`), list them, read one, join and leave.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, get, post, web};
use serde::Deserialize;
use utoipa::IntoParams;

use super::{bounded, offered, query};
use crate::api::body::read_json;
use crate::api::error::{ApiError, Problem};
use crate::api::routes::problems::{PayloadTooLarge, StoreUnavailable, UnsupportedMediaType};
use crate::api::routes::the_bot;
use crate::engine::Preset;
use crate::platform::wire::{Arena, ArenaPage, ArenaStatus, CreateArenaRequest};
use crate::platform::{DEFAULT_ARENA_LIMIT, MAX_ARENA_LIMIT, Platform};

/// The `{id}` path parameter of an arena.
#[derive(IntoParams)]
#[into_params(parameter_in = Path)]
#[allow(dead_code)]
pub struct ArenaPath {
    /// The arena's id (the `arena_id` of `POST /v1/arenas` or of the list).
    #[param(pattern = "^[a-z0-9]{16}$")]
    id: String,
}

fn id_of(req: &HttpRequest) -> &str {
    req.match_info().get("id").unwrap_or_default()
}

fn answer(arena: Arena) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(arena)
}

/// Create an arena.
///
/// A tournament bots join (`POST /v1/arenas/{id}/join`), of one game at one player count:
/// `continuous` (from its start to its end, a bot is seated again as soon as its game is over;
/// 2 points a win) or `duplicate` (rounds in which every table plays the same deals, each
/// seat compared with every other that held the same cards: a bot wins by playing better,
/// not by being dealt better). Bots learn of it in their inboxes (`arena_started`, `seated`
/// with `via.arena`, `arena_finished`). Pairing: best score first, avoiding the last table's
/// opponents, seats shuffled; house players of `house` fill empty seats. A bot that forfeits
/// twice (its clock ran out 3 turns in a row) is withdrawn, and its games that end after that
/// score nothing for it. Send `Authorization: Bot <api_key>`; a bot has at most
/// `ARENAS_PER_BOT` (default 2) of its arenas upcoming or running, the server
/// `ARENAS_ACTIVE` (default 100). Operators configure recurring arenas with `ARENAS`.
#[utoipa::path(
    tag = "arenas",
    operation_id = "create_arena",
    security(("bot_key" = [])),
    request_body(content = CreateArenaRequest, description = "The arena's name, kind, game and bounds."),
    responses(
        (status = 201, description = "The arena, `upcoming`.", body = Arena,
            headers(("Location" = String, description = "The arena.")),
            links(
                ("get_arena" = (operation_id = "get_arena", parameters(("path.id" = "$response.body#/arena_id")), description = "The arena as it goes.")),
                ("join_arena" = (operation_id = "join_arena", parameters(("path.id" = "$response.body#/arena_id")), description = "Join it.")),
            )),
        (status = 400, description = "Malformed request.", body = Problem, content_type = "application/problem+json", example = json!({"detail": "invalid request body: missing field `kind`", "code": "invalid_body"})),
        (status = 401, description = "No `Authorization: Bot <api_key>` (`missing_bot_key`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "this endpoint is for bot accounts: send `Authorization: Bot <api_key>` (POST /v1/bots registers one)", "code": "missing_bot_key"})),
        (status = 403, description = "The bot key is no bot's (`invalid_bot_key`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "the bot key is not one the server gave (send `Authorization: Bot <api_key>`)", "code": "invalid_bot_key"})),
        (status = 409, description = "The bot has as many arenas upcoming or running as it may (`too_many_arenas`), or the server does (`arenas_full`).", body = Problem, content_type = "application/problem+json", examples(
            ("too_many_arenas" = (value = json!({"detail": "\"eager\" has 2 arenas upcoming or running, as many as a bot may (ARENAS_PER_BOT 2)", "code": "too_many_arenas"}))),
            ("arenas_full" = (value = json!({"detail": "the server holds 100 arenas upcoming or running, as many as it may (ARENAS_ACTIVE 100); try again when one ends", "code": "arenas_full"}))),
        )),
        PayloadTooLarge,
        UnsupportedMediaType,
        (status = 422, description = "An arena that cannot be played (`invalid_arena`, `invalid_name`), or an impossible ruleset or time limit.", body = Problem, content_type = "application/problem+json", example = json!({"detail": "a duplicate arena is not rated: its deals are dealt by seeds, and its standings are its result", "code": "invalid_arena"})),
        StoreUnavailable,
    )
)]
#[post("/v1/arenas")]
#[tracing::instrument(skip_all)]
pub async fn create_arena(
    svc: web::Data<Platform>,
    req: HttpRequest,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let caller = the_bot(&svc, &req).await?;
    let body: CreateArenaRequest = read_json(&req, payload, false).await?;
    let arena = svc.create_arena(&caller, body).await?;
    Ok(HttpResponse::Created()
        .insert_header((header::LOCATION, format!("/v1/arenas/{}", arena.arena_id)))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(arena))
}

/// Query parameters of `GET /v1/arenas`.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct ArenaListParams {
    /// Which arenas: `upcoming` (join them), `running` or `finished` (kept a day). Default
    /// `running`.
    #[param(inline, nullable = false)]
    pub status: Option<ArenaStatus>,
    /// Only the arenas of this preset.
    #[param(inline, nullable = false)]
    pub preset: Option<Preset>,
    /// How many arenas (1 to 100, default 20).
    #[param(nullable = false, minimum = 1, maximum = 100)]
    pub limit: Option<usize>,
    /// The `next_cursor` of the previous page, as it is (opaque), for the page after it.
    #[param(
        nullable = false,
        max_length = 80,
        pattern = r"^[0-9]{1,15}\.[A-Za-z0-9_-]{1,64}$"
    )]
    pub cursor: Option<String>,
}

/// List arenas.
///
/// The arenas that are `upcoming`, `running` or `finished`, newest first, a page at a time as
/// the lobby's: pass `next_cursor` back as `cursor` (null: the last page).
#[utoipa::path(
    tag = "arenas",
    operation_id = "list_arenas",
    params(ArenaListParams),
    responses(
        (status = 200, description = "A page of arenas, newest first.", body = ArenaPage),
        (status = 400, description = "A bad query parameter or cursor.", body = Problem, content_type = "application/problem+json", examples(
            ("invalid_query" = (value = json!({"detail": "invalid query string: unknown variant `open`, expected one of `upcoming`, `running`, `finished`", "code": "invalid_query"}))),
            ("invalid_cursor" = (value = json!({"detail": "invalid cursor: pass the `next_cursor` of the previous page as it is", "code": "invalid_cursor"}))),
        )),
        StoreUnavailable,
    )
)]
#[get("/v1/arenas")]
#[tracing::instrument(skip_all)]
pub async fn list_arenas(
    svc: web::Data<Platform>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let q: ArenaListParams = query(&req)?;
    let limit = bounded("limit", q.limit, DEFAULT_ARENA_LIMIT, MAX_ARENA_LIMIT)?;
    offered(q.preset)?;
    let page = svc
        .list_arenas(
            q.status.unwrap_or(ArenaStatus::Running),
            q.preset,
            q.cursor.as_deref(),
            limit,
        )
        .await?;
    Ok(HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(page))
}

/// An arena.
///
/// Its settings, its standings (best first: a continuous arena's points, a duplicate arena's
/// mean matchpoint percentage with its 95% interval), and its tables (a duplicate deal's
/// games and points only once every table has played it). Anyone may read it.
#[utoipa::path(
    tag = "arenas",
    operation_id = "get_arena",
    params(ArenaPath),
    responses(
        (status = 200, description = "The arena.", body = Arena),
        (status = 404, description = "No such arena (`arena_not_found`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "no arena \"k3x9p2m7q4w8z5ab\" (an arena is kept a day after its last change)", "code": "arena_not_found"})),
        StoreUnavailable,
    )
)]
#[get("/v1/arenas/{id}")]
#[tracing::instrument(skip_all)]
pub async fn get_arena(
    svc: web::Data<Platform>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    Ok(answer(svc.get_arena(id_of(&req)).await?))
}

/// Join an arena.
///
/// The bot joins (before the start or while it runs; again after leaving): it is seated as the
/// arena pairs, each seat told in its inbox (`seated`, `via.arena`). Joining twice changes
/// nothing.
#[utoipa::path(
    tag = "arenas",
    operation_id = "join_arena",
    security(("bot_key" = [])),
    params(ArenaPath),
    responses(
        (status = 200, description = "The arena, with the bot in its standings.", body = Arena),
        (status = 401, description = "No `Authorization: Bot <api_key>` (`missing_bot_key`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "this endpoint is for bot accounts: send `Authorization: Bot <api_key>` (POST /v1/bots registers one)", "code": "missing_bot_key"})),
        (status = 403, description = "The bot key is no bot's (`invalid_bot_key`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "the bot key is not one the server gave (send `Authorization: Bot <api_key>`)", "code": "invalid_bot_key"})),
        (status = 404, description = "No such arena (`arena_not_found`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "no arena \"k3x9p2m7q4w8z5ab\" (an arena is kept a day after its last change)", "code": "arena_not_found"})),
        (status = 409, description = "The arena is over or past its last round's start, or withdrew the bot (`arena_closed`); or it is full (`arena_full`).", body = Problem, content_type = "application/problem+json", examples(
            ("arena_closed" = (value = json!({"detail": "the arena is over", "code": "arena_closed"}))),
            ("arena_full" = (value = json!({"detail": "the arena has 64 bots, as many as it takes", "code": "arena_full"}))),
        )),
        StoreUnavailable,
    )
)]
#[post("/v1/arenas/{id}/join")]
#[tracing::instrument(skip_all)]
pub async fn join_arena(
    svc: web::Data<Platform>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let caller = the_bot(&svc, &req).await?;
    Ok(answer(svc.join_arena(id_of(&req), &caller).await?))
}

/// Leave an arena.
///
/// Before the start the bot is off the list; while it runs it is not seated again (its games
/// under way are played and count), and it may join again.
#[utoipa::path(
    tag = "arenas",
    operation_id = "leave_arena",
    security(("bot_key" = [])),
    params(ArenaPath),
    responses(
        (status = 200, description = "The arena.", body = Arena),
        (status = 401, description = "No `Authorization: Bot <api_key>` (`missing_bot_key`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "this endpoint is for bot accounts: send `Authorization: Bot <api_key>` (POST /v1/bots registers one)", "code": "missing_bot_key"})),
        (status = 403, description = "The bot key is no bot's (`invalid_bot_key`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "the bot key is not one the server gave (send `Authorization: Bot <api_key>`)", "code": "invalid_bot_key"})),
        (status = 404, description = "No such arena (`arena_not_found`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "no arena \"k3x9p2m7q4w8z5ab\" (an arena is kept a day after its last change)", "code": "arena_not_found"})),
        (status = 409, description = "The bot is not in the arena (`arena_closed`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "\"rabbit-stew\" is not in this arena", "code": "arena_closed"})),
        StoreUnavailable,
    )
)]
#[post("/v1/arenas/{id}/leave")]
#[tracing::instrument(skip_all)]
pub async fn leave_arena(
    svc: web::Data<Platform>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let caller = the_bot(&svc, &req).await?;
    Ok(answer(svc.leave_arena(id_of(&req), &caller).await?))
}
