//! Challenges: challenge a bot (`POST /v1/challenges`), read one, accept, decline or cancel it;
//! and what a bot accepts (`GET`/`PUT /v1/bots/me/challenge-preferences`).

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, get, post, put, web};
use utoipa::IntoParams;

use crate::api::body::read_json;
use crate::api::error::{ApiError, Problem};
use crate::api::routes::problems::{PayloadTooLarge, StoreUnavailable, UnsupportedMediaType};
use crate::api::routes::the_bot;
use crate::platform::Platform;
use crate::platform::wire::{
    Challenge, ChallengePreferences, CreateChallengeRequest, DeclineChallengeRequest,
};

/// Challenge another bot.
///
/// The only way to seat another bot: it plays only what it accepts. The challenge names the
/// opponent, the game (a ruleset), a turn clock (default 60,000 ms), whether it is rated, and
/// optionally `deals` to make it a duplicate match (as `POST /v1/matches`, the challenger as
/// `a`; never rated). The opponent is told in its inbox (`challenge`) and accepts
/// (`POST /v1/challenges/{id}/accept`) or declines within 5 minutes, else it expires; the
/// challenger may cancel it before. On acceptance the game is made with the two bots on
/// different sides at random seats and house players (`house`) in the others, and each bot is
/// told its seat in its inbox (`seated`, `via.type` `challenge`). What the opponent's
/// preferences refuse (`PUT /v1/bots/me/challenge-preferences`) is declined at once
/// (`challenge_declined`, the detail says why) and never reaches its inbox. A rated challenge
/// plays the preset's own rules at its player count (its pool). A bot makes at most
/// `CHALLENGES_PER_HOUR` challenges an hour (default 60): over it, 429 with `rate_limit`.
#[utoipa::path(
    tag = "challenges",
    operation_id = "create_challenge",
    security(("bot_key" = [])),
    request_body(content = CreateChallengeRequest, description = "The opponent, the game, the clock, rated or not, and optionally a number of deals."),
    responses(
        (status = 201, description = "The challenge, `pending`: the opponent is told in its inbox.", body = Challenge,
            headers(("Location" = String, description = "The challenge.")),
            links(
                ("get_challenge" = (operation_id = "get_challenge", parameters(("path.id" = "$response.body#/challenge_id")), description = "The challenge as it goes.")),
                ("cancel_challenge" = (operation_id = "cancel_challenge", parameters(("path.id" = "$response.body#/challenge_id")), description = "Withdraw it.")),
            )),
        (status = 400, description = "Malformed request.", body = Problem, content_type = "application/problem+json", example = json!({"detail": "invalid request body: missing field `opponent` at line 1 column 2", "code": "malformed_json"})),
        (status = 401, description = "No `Authorization: Bot <api_key>` (`missing_bot_key`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "this endpoint is for bot accounts: send `Authorization: Bot <api_key>` (POST /v1/bots registers one)", "code": "missing_bot_key"})),
        (status = 403, description = "The bot key is no bot's (`invalid_bot_key`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "the bot key is not one the server gave (send `Authorization: Bot <api_key>`)", "code": "invalid_bot_key"})),
        (status = 404, description = "No bot has the opponent's name (`bot_not_found`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "no bot named \"nobody\"", "code": "bot_not_found"})),
        (status = 409, description = "The opponent's preferences refuse it (`challenge_declined`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "\"rabbit-stew\" declines this challenge (too_fast): its shortest turn clock is 2000 ms", "code": "challenge_declined"})),
        PayloadTooLarge,
        UnsupportedMediaType,
        (status = 422, description = "A challenge that cannot be played (`invalid_challenge`, `invalid_match`), or an impossible ruleset or time limit.", body = Problem, content_type = "application/problem+json", example = json!({"detail": "a bot cannot challenge itself", "code": "invalid_challenge"})),
        (status = 429, description = "Over the bot's challenges per hour (`rate_limited`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "too many challenges: 60 an hour per bot; try again in 60 s", "code": "rate_limited"})),
        StoreUnavailable,
    )
)]
#[post("/v1/challenges")]
#[tracing::instrument(skip_all)]
pub async fn create_challenge(
    svc: web::Data<Platform>,
    req: HttpRequest,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let caller = the_bot(&svc, &req).await?;
    let body: CreateChallengeRequest = read_json(&req, payload, false).await?;
    let made = svc.create_challenge(&caller, body).await?;
    Ok(HttpResponse::Created()
        .insert_header((
            header::LOCATION,
            format!("/v1/challenges/{}", made.challenge_id),
        ))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(made))
}

/// The `{id}` path parameter of a challenge.
#[derive(IntoParams)]
#[into_params(parameter_in = Path)]
#[allow(dead_code)]
pub struct ChallengePath {
    /// The challenge's id (the `challenge_id` of `POST /v1/challenges`).
    #[param(pattern = "^[a-z0-9]{16}$")]
    id: String,
}

fn id_of(req: &HttpRequest) -> &str {
    req.match_info().get("id").unwrap_or_default()
}

fn answer(challenge: Challenge) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(challenge)
}

/// A challenge.
///
/// Where it is (`pending`, `accepted` with its game or match, `declined` with the reason,
/// `canceled`, `expired`), and what it asks for.
#[utoipa::path(
    tag = "challenges",
    operation_id = "get_challenge",
    params(ChallengePath),
    responses(
        (status = 200, description = "The challenge.", body = Challenge),
        (status = 404, description = "No such challenge (`challenge_not_found`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "no challenge \"k3x9p2m7q4w8z5ab\" (a challenge is kept a day after its last change)", "code": "challenge_not_found"})),
        StoreUnavailable,
    )
)]
#[get("/v1/challenges/{id}")]
#[tracing::instrument(skip_all)]
pub async fn get_challenge(
    svc: web::Data<Platform>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    Ok(answer(svc.get_challenge(id_of(&req)).await?))
}

/// Accept a challenge.
///
/// The bot challenged accepts: the game (or match) is made at once in the background and each
/// bot is told its seat in its inbox (`seated`); the answer names its `game_id` (or
/// `match_id`).
#[utoipa::path(
    tag = "challenges",
    operation_id = "accept_challenge",
    security(("bot_key" = [])),
    params(ChallengePath),
    responses(
        (status = 200, description = "The challenge, `accepted`.", body = Challenge),
        (status = 401, description = "No `Authorization: Bot <api_key>` (`missing_bot_key`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "this endpoint is for bot accounts: send `Authorization: Bot <api_key>` (POST /v1/bots registers one)", "code": "missing_bot_key"})),
        (status = 403, description = "Not the bot challenged (`not_your_challenge`), or a key that is no bot's (`invalid_bot_key`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "only the bot challenged accepts or declines a challenge", "code": "not_your_challenge"})),
        (status = 404, description = "No such challenge (`challenge_not_found`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "no challenge \"k3x9p2m7q4w8z5ab\" (a challenge is kept a day after its last change)", "code": "challenge_not_found"})),
        (status = 409, description = "Not pending any more (`challenge_closed`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "the challenge is expired already", "code": "challenge_closed"})),
        StoreUnavailable,
    )
)]
#[post("/v1/challenges/{id}/accept")]
#[tracing::instrument(skip_all)]
pub async fn accept_challenge(
    svc: web::Data<Platform>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let caller = the_bot(&svc, &req).await?;
    Ok(answer(svc.accept_challenge(&caller, id_of(&req)).await?))
}

/// Decline a challenge.
///
/// The bot challenged declines, optionally saying why (`reason`, default `generic`); the
/// challenger is told in its inbox (`challenge_declined`). The body may be left out.
#[utoipa::path(
    tag = "challenges",
    operation_id = "decline_challenge",
    security(("bot_key" = [])),
    params(ChallengePath),
    request_body(content = DeclineChallengeRequest, description = "Why (optional: an empty body declines with `generic`)."),
    responses(
        (status = 200, description = "The challenge, `declined`.", body = Challenge),
        (status = 400, description = "Malformed request.", body = Problem, content_type = "application/problem+json", example = json!({"detail": "invalid request body: unknown variant `rude`", "code": "invalid_body"})),
        (status = 401, description = "No `Authorization: Bot <api_key>` (`missing_bot_key`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "this endpoint is for bot accounts: send `Authorization: Bot <api_key>` (POST /v1/bots registers one)", "code": "missing_bot_key"})),
        (status = 403, description = "Not the bot challenged (`not_your_challenge`), or a key that is no bot's (`invalid_bot_key`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "only the bot challenged accepts or declines a challenge", "code": "not_your_challenge"})),
        (status = 404, description = "No such challenge (`challenge_not_found`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "no challenge \"k3x9p2m7q4w8z5ab\" (a challenge is kept a day after its last change)", "code": "challenge_not_found"})),
        (status = 409, description = "Not pending any more (`challenge_closed`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "the challenge is canceled already", "code": "challenge_closed"})),
        PayloadTooLarge,
        UnsupportedMediaType,
        StoreUnavailable,
    )
)]
#[post("/v1/challenges/{id}/decline")]
#[tracing::instrument(skip_all)]
pub async fn decline_challenge(
    svc: web::Data<Platform>,
    req: HttpRequest,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let caller = the_bot(&svc, &req).await?;
    let body: DeclineChallengeRequest = read_json(&req, payload, true).await?;
    let reason = body.reason;
    Ok(answer(
        svc.decline_challenge(&caller, id_of(&req), reason).await?,
    ))
}

/// Cancel a challenge.
///
/// The challenger withdraws its pending challenge; the opponent is told in its inbox
/// (`challenge_canceled`).
#[utoipa::path(
    tag = "challenges",
    operation_id = "cancel_challenge",
    security(("bot_key" = [])),
    params(ChallengePath),
    responses(
        (status = 200, description = "The challenge, `canceled`.", body = Challenge),
        (status = 401, description = "No `Authorization: Bot <api_key>` (`missing_bot_key`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "this endpoint is for bot accounts: send `Authorization: Bot <api_key>` (POST /v1/bots registers one)", "code": "missing_bot_key"})),
        (status = 403, description = "Not the challenger (`not_your_challenge`), or a key that is no bot's (`invalid_bot_key`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "only the challenger cancels a challenge", "code": "not_your_challenge"})),
        (status = 404, description = "No such challenge (`challenge_not_found`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "no challenge \"k3x9p2m7q4w8z5ab\" (a challenge is kept a day after its last change)", "code": "challenge_not_found"})),
        (status = 409, description = "Not pending any more (`challenge_closed`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "the challenge is accepted already", "code": "challenge_closed"})),
        StoreUnavailable,
    )
)]
#[post("/v1/challenges/{id}/cancel")]
#[tracing::instrument(skip_all)]
pub async fn cancel_challenge(
    svc: web::Data<Platform>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let caller = the_bot(&svc, &req).await?;
    Ok(answer(svc.cancel_challenge(&caller, id_of(&req)).await?))
}

/// What challenges the bot accepts.
///
/// The calling bot's challenge preferences (the defaults, which take every challenge, until
/// it sets them).
#[utoipa::path(
    tag = "challenges",
    operation_id = "get_challenge_preferences",
    security(("bot_key" = [])),
    responses(
        (status = 200, description = "The preferences.", body = ChallengePreferences),
        (status = 401, description = "No `Authorization: Bot <api_key>` (`missing_bot_key`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "this endpoint is for bot accounts: send `Authorization: Bot <api_key>` (POST /v1/bots registers one)", "code": "missing_bot_key"})),
        (status = 403, description = "The bot key is no bot's (`invalid_bot_key`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "the bot key is not one the server gave (send `Authorization: Bot <api_key>`)", "code": "invalid_bot_key"})),
        StoreUnavailable,
    )
)]
#[get("/v1/bots/me/challenge-preferences")]
#[tracing::instrument(skip_all)]
pub async fn get_challenge_preferences(
    svc: web::Data<Platform>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let caller = the_bot(&svc, &req).await?;
    let prefs = svc.preferences_of(&caller).await?;
    Ok(HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(prefs))
}

/// Say what challenges the bot accepts.
///
/// Replaces the calling bot's challenge preferences: whether it takes challenges, which
/// presets, rated or casual or both, the shortest and longest turn clock, duplicate matches or
/// not, from whom (`from`: only these bots; `block`: not these). A challenge outside them is
/// declined at once with the reason.
#[utoipa::path(
    tag = "challenges",
    operation_id = "set_challenge_preferences",
    security(("bot_key" = [])),
    request_body(content = ChallengePreferences, description = "The preferences (every field optional)."),
    responses(
        (status = 200, description = "The preferences, as saved.", body = ChallengePreferences),
        (status = 400, description = "Malformed request.", body = Problem, content_type = "application/problem+json", example = json!({"detail": "`from` and `block` list at most 200 names", "code": "invalid_value"})),
        (status = 401, description = "No `Authorization: Bot <api_key>` (`missing_bot_key`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "this endpoint is for bot accounts: send `Authorization: Bot <api_key>` (POST /v1/bots registers one)", "code": "missing_bot_key"})),
        (status = 403, description = "The bot key is no bot's (`invalid_bot_key`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "the bot key is not one the server gave (send `Authorization: Bot <api_key>`)", "code": "invalid_bot_key"})),
        PayloadTooLarge,
        UnsupportedMediaType,
        (status = 422, description = "A turn clock out of bounds (`invalid_turn_time_limit`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "`turn_time_limit_ms` must be between 100 and 86400000", "code": "invalid_turn_time_limit"})),
        StoreUnavailable,
    )
)]
#[put("/v1/bots/me/challenge-preferences")]
#[tracing::instrument(skip_all)]
pub async fn set_challenge_preferences(
    svc: web::Data<Platform>,
    req: HttpRequest,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let caller = the_bot(&svc, &req).await?;
    let body: ChallengePreferences = read_json(&req, payload, false).await?;
    let saved = svc.set_preferences(&caller, body).await?;
    Ok(HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(saved))
}
