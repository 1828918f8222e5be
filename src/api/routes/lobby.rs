//! The lobby: `GET /v1/games`, the games that are open, live or finished, newest first.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, get, web};
use serde::Deserialize;
use utoipa::IntoParams;

use super::{bounded, offered, query};
use crate::api::error::{ApiError, Problem};
use crate::api::routes::problems::StoreUnavailable;
use crate::engine::Preset;
use crate::games::wire::{LobbyPage, LobbyStatus};
use crate::games::{DEFAULT_LOBBY_LIMIT, GameService, LobbyQuery, MAX_LOBBY_LIMIT};

/// Query parameters of `GET /v1/games`.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct LobbyParams {
    /// Which games: `open` (at least one free seat: join), `live` (every seat filled, being
    /// played: watch) or `finished` (over; listed until the game expires,
    /// `FINISHED_GAME_TTL_SECS` after its last move). Default `open`.
    #[param(inline, nullable = false)]
    pub status: Option<LobbyStatus>,
    /// Only the games of this preset.
    #[param(inline, nullable = false)]
    pub preset: Option<Preset>,
    /// How many games (1 to 100, default 20).
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

/// List games (the lobby).
///
/// The games that are `open` (waiting for players: claim one of `free_seats` with
/// `POST /v1/games/{id}/seats`), `live` (being played: watch with `GET /v1/games/{id}` or its
/// event stream) or `finished`, newest first, a page at a time: pass `next_cursor` back as
/// `cursor` for the next page (null: the last page). Each game shows public facts only: its
/// seats (names, house players' strategies), version, hand number and scores, never a card.
/// A game moves between the listings with the write that changes it; a finished one stays
/// listed until it expires.
#[utoipa::path(
    tag = "games",
    operation_id = "list_games",
    params(LobbyParams),
    responses(
        (status = 200, description = "A page of games, newest first.", body = LobbyPage),
        (status = 400, description = "A bad query parameter (an unknown status or preset, a limit out of range) or cursor.", body = Problem, content_type = "application/problem+json", examples(
            ("invalid_query" = (value = json!({"detail": "invalid query string: unknown variant `waiting`, expected one of `open`, `live`, `finished`", "code": "invalid_query"}))),
            ("invalid_cursor" = (value = json!({"detail": "invalid cursor: pass the `next_cursor` of the previous page as it is", "code": "invalid_cursor"}))),
        )),
        StoreUnavailable,
    )
)]
#[get("/v1/games")]
#[tracing::instrument(skip_all)]
pub async fn list_games(
    svc: web::Data<GameService>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let q: LobbyParams = query(&req)?;
    let limit = bounded("limit", q.limit, DEFAULT_LOBBY_LIMIT, MAX_LOBBY_LIMIT)?;
    offered(q.preset)?;
    let page = svc
        .lobby(LobbyQuery {
            status: q.status.unwrap_or(LobbyStatus::Open),
            preset: q.preset,
            cursor: q.cursor.as_deref(),
            limit,
        })
        .await?;
    Ok(HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(page))
}
