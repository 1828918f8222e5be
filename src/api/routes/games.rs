//! Games: create one, see it (a seat's or the spectator's view, or a long poll), its hand
//! history, samples of the cards a seat cannot see.

use crate::api::routes::problems::{
    GameNotFound, InvalidToken, PayloadTooLarge, StoreUnavailable, UnsupportedMediaType,
};
use std::time::Duration;

use serde::Deserialize;
use utoipa::IntoParams;

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, get, post, web};

use super::{etag, query, view_response};
use crate::api::body::{MAX_INT64, read_json};
use crate::api::error::{ApiError, Code, Problem};
use crate::api::events;
use crate::api::extract::{GameId, GamePath, MaybeSeatToken, SeatToken};
use crate::api::streams::StreamLimit;
use crate::games::GameService;
use crate::games::wire::{CreateGameRequest, CreatedGame, GameLog, GameView, Samples};

/// Create a game.
///
/// Every field may be left out: `{}` creates a `hasenpfeffer` game with a random seed, a random
/// deal and every seat open. Seats given a house player (`{"kind": "bot", "strategy":
/// "random"}`) act at once when it is their turn: a game of four bots is played to the end
/// before this answers.
#[utoipa::path(
    tag = "games",
    operation_id = "create_game",
    request_body(content = Option<CreateGameRequest>, description = "The ruleset, seed, optional first deal and seats; `{}` is enough."),
    responses(
        (status = 201, description = "The game was created. `Location` is its URL.", body = CreatedGame,
            headers(("Location" = String, description = "The game's URL")),
            links(
                ("claim_seat" = (operation_id = "claim_seat", parameters(("path.id" = "$response.body#/game_id")), description = "Claim a seat of the new game.")),
                ("get_game" = (operation_id = "get_game", parameters(("path.id" = "$response.body#/game_id")), description = "Watch the new game (the spectator view).")),
                ("get_log" = (operation_id = "get_log", parameters(("path.id" = "$response.body#/game_id")), description = "The new game's log.")),
            )),
        (status = 400, description = "Malformed JSON, an unknown field or a wrong type.", body = Problem, content_type = "application/problem+json", example = json!({"detail": "invalid request body: expected value at line 1 column 1", "code": "malformed_json"})),
        PayloadTooLarge,
        UnsupportedMediaType,
        (status = 422, description = "An impossible ruleset or scenario.", body = Problem, content_type = "application/problem+json", example = json!({"detail": "a deck with the joker cannot be played with no trump: the joker is always a trump (set `no_trump` to false or use the `pepper24` deck)", "code": "joker_with_no_trump"})),
        StoreUnavailable,
    )
)]
#[post("/v1/games")]
#[tracing::instrument(skip_all)]
pub async fn create_game(
    svc: web::Data<GameService>,
    req: HttpRequest,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let body: CreateGameRequest = read_json(&req, payload, true).await?;
    if body.seed.is_some_and(|s| s > MAX_INT64) {
        return Err(ApiError::bad_request(
            Code::InvalidBody,
            format!("invalid request body: `seed` must be between 0 and {MAX_INT64}"),
        ));
    }
    let created = svc.create(body).await?;
    tracing::info!(game_id = %created.game_id, "game created");
    Ok(HttpResponse::Created()
        .insert_header((header::LOCATION, format!("/v1/games/{}", created.game_id)))
        .insert_header(etag(created.version))
        .json(created))
}

/// Query parameters of `GET /v1/games/{id}`.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct GetGameQuery {
    /// Long polling: answer as soon as the game's version is greater than this (at once if it
    /// already is), or with the current view after `wait_ms`. Leave it out for the view now.
    #[param(nullable = false, minimum = 0)]
    pub wait_for_version: Option<u64>,
    /// How long a long poll waits, in milliseconds (default 25000, at most 60000).
    #[param(nullable = false, minimum = 0, maximum = 60000)]
    pub wait_ms: Option<u64>,
}

/// Get the game.
///
/// With `Authorization: Bearer <token>` this is your seat's view: your hand and your
/// `legal_actions`. Without it, the spectator view: public information only. The `ETag` is the
/// version. With `wait_for_version=N` it is a long poll: it answers as soon as the version
/// passes N, or after `wait_ms` with the current view.
#[utoipa::path(
    tag = "games",
    operation_id = "get_game",
    params(GamePath, GetGameQuery),
    responses(
        (status = 200, description = "The view.", body = GameView, headers(("ETag" = String, description = "The version, quoted"))),
        (status = 400, description = "A bad query parameter.", body = Problem, content_type = "application/problem+json", example = json!({"detail":"invalid query string: invalid digit found in string","code":"invalid_query"})),
        (status = 401, description = "A malformed Authorization header.", body = Problem, content_type = "application/problem+json", example = json!({"detail":"the Authorization header must be `Bearer <token>`","code":"malformed_authorization"})),
        InvalidToken,
        GameNotFound,
        StoreUnavailable,
    ),
    security((), ("bearer_seat_token" = []))
)]
#[get("/v1/games/{id}")]
#[tracing::instrument(skip_all, fields(game_id = %id))]
pub async fn get_game(
    svc: web::Data<GameService>,
    token: MaybeSeatToken,
    id: GameId,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let q: GetGameQuery = query(&req)?;
    if q.wait_ms.is_some_and(|w| w > 60_000) || q.wait_for_version.is_some_and(|v| v > MAX_INT64) {
        return Err(ApiError::bad_request(
            Code::InvalidQuery,
            format!(
                "invalid query string: `wait_ms` is at most 60000 and `wait_for_version` at most \
                 {MAX_INT64}"
            ),
        ));
    }
    let view = match q.wait_for_version {
        Some(after) => {
            let wait = Duration::from_millis(q.wait_ms.unwrap_or(25_000));
            // Counted open while it waits (released when it answers or its client hangs up).
            let _guard = match req.app_data::<web::Data<StreamLimit>>() {
                Some(limit) => Some(limit.open(&req, None)?),
                None => None,
            };
            events::wait_for(&svc, &id, token.as_deref(), after, wait).await?
        }
        None => svc.view(&id, token.as_deref()).await?,
    };
    Ok(view_response(view))
}

/// Query parameters of `GET /v1/games/{id}/samples`.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct SamplesQuery {
    /// How many samples (1 to 100, default 10).
    #[param(minimum = 1, maximum = 100, example = 10)]
    pub count: Option<usize>,
}

/// Sample the hidden cards.
///
/// Random assignments of every card your seat cannot see (the other hands and the face-down
/// piles), each consistent with everything you know: your hand, the cards played, the suits
/// players have shown void in, a revealed joker, the widow you took, your discards and passed
/// cards. Drawn uniformly by the same sampler the `expert` house player uses. Play your options
/// out over them to decide.
#[utoipa::path(
    tag = "games",
    operation_id = "sample_hidden_cards",
    params(GamePath, SamplesQuery),
    responses(
        (status = 200, description = "The samples.", body = Samples),
        (status = 400, description = "A bad `count`.", body = Problem, content_type = "application/problem+json", example = json!({"detail":"count must be between 1 and 100","code":"invalid_query"})),
        (status = 401, description = "No seat token.", body = Problem, content_type = "application/problem+json", example = json!({"detail":"this endpoint needs a seat token: send `Authorization: Bearer <token>` (claim a seat with POST /v1/games/{id}/seats)","code":"missing_token"})),
        InvalidToken,
        GameNotFound,
        (status = 409, description = "The game is over: nothing is hidden.", body = Problem, content_type = "application/problem+json", example = json!({"detail":"the game is over: no cards are hidden","code":"nothing_hidden"})),
        StoreUnavailable,
    ),
    security(("bearer_seat_token" = []))
)]
#[get("/v1/games/{id}/samples")]
#[tracing::instrument(skip_all, fields(game_id = %id))]
pub async fn get_samples(
    svc: web::Data<GameService>,
    token: SeatToken,
    id: GameId,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let q: SamplesQuery = query(&req)?;
    let count = q.count.unwrap_or(10);
    if !(1..=100).contains(&count) {
        return Err(ApiError::bad_request(
            Code::InvalidQuery,
            "count must be between 1 and 100",
        ));
    }
    Ok(HttpResponse::Ok().json(svc.samples(&id, &token, count).await?))
}

/// Get the hand history.
///
/// Every finished hand in full, hidden cards included (the deal, the widow, the discards); the
/// hand in progress stays secret until it is over.
#[utoipa::path(
    tag = "games",
    operation_id = "get_log",
    params(GamePath),
    responses(
        (status = 200, description = "The log.", body = GameLog),
        GameNotFound,
        StoreUnavailable,
    )
)]
#[get("/v1/games/{id}/log")]
#[tracing::instrument(skip_all, fields(game_id = %id))]
pub async fn get_log(svc: web::Data<GameService>, id: GameId) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(svc.log(&id).await?))
}
