//! Duplicate matches: start one (`POST /v1/matches`), read one (`GET /v1/matches/{id}`).

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, get, post, web};
use utoipa::IntoParams;

use crate::api::body::read_json;
use crate::api::error::{ApiError, Problem};
use crate::api::routes::problems::{PayloadTooLarge, StoreUnavailable, UnsupportedMediaType};
use crate::api::routes::the_bot;
use crate::platform::Platform;
use crate::platform::wire::{CreateMatchRequest, Match};

/// Start a duplicate match.
///
/// Two players (the caller's bot and a house account, or two house accounts: `house-random`,
/// `house-heuristic`, `house-expert`, `house-expert_v1`; another bot plays only a challenge it accepts:
/// `POST /v1/challenges` with `deals`)
/// play `deals` deals of a game, each deal in every seating: twice with the partnerships
/// swapped, or with every player alone twice per seat (A alone against B in every other seat,
/// then the reverse), or with three teams of two twice per team (A as that team against B in
/// the two others, then the reverse), so that both hold the same cards in the same seats and
/// the luck of the deal cancels. Each play is a game of one hand (`max_hands` 1) from a seed the server draws
/// and keeps; a bot is seated in its games through its inbox (`GET /v1/bots/me/events`,
/// `seated` events with `via.match`), house players play theirs on the server. The answer is
/// the match: its `result` is the mean over the finished deals of A's points per seat minus
/// B's, with its 95% confidence interval, and every play links to its game's log. Send
/// `Authorization: Bot <api_key>`: a bot asks for matches it plays in, or between two house
/// accounts. The games are not rated (their deals are seeded): the match is their result.
/// A bot asks for at most `MATCHES_PER_HOUR` matches an hour (default 20; a refused request
/// does not count): over it, 429 with `rate_limit` naming `matches` and when it resets. A bot
/// runs at most `MATCHES_RUNNING_PER_BOT` matches at once (default 2; running: asked for and
/// not finished), and the server `MATCHES_RUNNING` (default 16): over either, 409
/// (`too_many_matches`, `matches_full`); ask again when one has finished (`match_finished` in
/// the inbox). House players think for matches at a lower priority than for tables where a bot
/// waits.
#[utoipa::path(
    tag = "bots",
    operation_id = "create_match",
    security(("bot_key" = [])),
    request_body(content = CreateMatchRequest, description = "The players, the game and the number of deals."),
    responses(
        (status = 202, description = "The match, `starting`: its games are being created and are listed on it as they are made (within moments; read it at its `Location`). Its bots learn their seats in their inboxes.", body = Match,
            headers(("Location" = String, description = "The match.")),
            links(
                ("get_match" = (operation_id = "get_match", parameters(("path.id" = "$response.body#/match_id")), description = "The match as it goes.")),
            )),
        (status = 400, description = "Malformed request.", body = Problem, content_type = "application/problem+json", example = json!({"detail": "invalid request body: missing field `deals` at line 1 column 30", "code": "malformed_json"})),
        (status = 401, description = "No `Authorization: Bot <api_key>` (`missing_bot_key`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "this endpoint is for bot accounts: send `Authorization: Bot <api_key>` (POST /v1/bots registers one)", "code": "missing_bot_key"})),
        (status = 403, description = "The bot key is no bot's (`invalid_bot_key`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "the bot key is not one the server gave (send `Authorization: Bot <api_key>`)", "code": "invalid_bot_key"})),
        (status = 404, description = "A player is no bot (`bot_not_found`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "no bot named \"nobody\"", "code": "bot_not_found"})),
        (status = 409, description = "A player is another bot (`challenge_required`: challenge it instead), or the bot runs as many matches as it may at once (`too_many_matches`, `MATCHES_RUNNING_PER_BOT`), or the server does (`matches_full`, `MATCHES_RUNNING`): ask again when one has finished.", body = Problem, content_type = "application/problem+json", examples(
            ("challenge_required" = (value = json!({"detail": "\"rabbit-stew\" is another bot: it plays only a match it accepted; challenge it with POST /v1/challenges (`deals` makes the challenge a duplicate match)", "code": "challenge_required"}))),
            ("too_many_matches" = (value = json!({"detail": "bot \"eager\" runs 2 matches already, as many as a bot may at once: ask again when one has finished (its `match_finished` inbox event, or GET /v1/matches/{id})", "code": "too_many_matches"}))),
            ("matches_full" = (value = json!({"detail": "the server runs 16 matches, as many as it may at once: ask again when one has finished", "code": "matches_full"}))),
        )),
        PayloadTooLarge,
        UnsupportedMediaType,
        (status = 422, description = "A match that cannot be played (`invalid_match`), or an impossible ruleset or time limit.", body = Problem, content_type = "application/problem+json", example = json!({"detail": "a match is between two different players: `a` and `b` name the same", "code": "invalid_match"})),
        StoreUnavailable,
    )
)]
#[post("/v1/matches")]
#[tracing::instrument(skip_all)]
pub async fn create_match(
    svc: web::Data<Platform>,
    req: HttpRequest,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let caller = the_bot(&svc, &req).await?;
    let body: CreateMatchRequest = read_json(&req, payload, false).await?;
    let started = svc.create_match(&caller, body).await?;
    Ok(HttpResponse::Accepted()
        .insert_header((
            header::LOCATION,
            format!("/v1/matches/{}", started.match_id),
        ))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(started))
}

/// The `{id}` path parameter of a match.
#[derive(IntoParams)]
#[into_params(parameter_in = Path)]
#[allow(dead_code)]
pub struct MatchPath {
    /// The match's id (the `match_id` of `POST /v1/matches`).
    #[param(pattern = "^[a-z0-9]{16}$")]
    id: String,
}

/// A duplicate match.
///
/// Its players, game and deals, every play's game (with its log) and points once over, and the
/// result over the deals finished so far: A's points per seat minus B's with its 95%
/// confidence interval. `status` is `finished` once every game is over. Anyone may read it.
#[utoipa::path(
    tag = "bots",
    operation_id = "get_match",
    params(MatchPath),
    responses(
        (status = 200, description = "The match.", body = Match),
        (status = 404, description = "No such match (`match_not_found`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "no match \"k3x9p2m7q4w8z5ab\" (a match is kept a day after its last change)", "code": "match_not_found"})),
        StoreUnavailable,
    )
)]
#[get("/v1/matches/{id}")]
#[tracing::instrument(skip_all)]
pub async fn get_match(
    svc: web::Data<Platform>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let id = req.match_info().get("id").unwrap_or_default();
    let m = svc.get_match(id).await?;
    Ok(HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(m))
}
