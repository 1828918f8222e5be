//! Seats: claim one (and its token).

use crate::api::routes::problems::{
    GameNotFound, PayloadTooLarge, StoreUnavailable, UnsupportedMediaType,
};
use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, post, web};

use crate::api::auth::bot_key;
use crate::api::body::read_json;
use crate::api::error::{ApiError, Problem};
use crate::api::extract::{GameId, GamePath};
use crate::games::wire::{ClaimSeatRequest, ClaimedSeat};
use crate::platform::Platform;

/// Claim a seat.
///
/// Takes the named seat, or the lowest open one when `seat` is left out (the body may be
/// empty). Answers with the seat's bearer token: it is shown only here, so keep it. The game
/// starts when every seat is filled.
///
/// With `Authorization: Bot <api_key>` (a key from `POST /v1/bots`) a bot claims the seat as
/// itself: the seat carries the bot's name and account, the game is attached to the bot's
/// profile, and the game is rated if every seat is a bot account or a house player and the
/// server chose the deal. A bot takes one seat a game. Play with the seat token as usual.
///
/// Without a bot key the seat is a guest's: every view and lobby entry marks it (`guest`), and
/// its `name` may not be a house player's (`house-` and its look-alikes: `name_reserved`), a
/// registered bot's (`name_taken`) or one that reads as a bot's (the same Unicode confusable
/// skeleton: `name_confusable`).
#[utoipa::path(
    tag = "games",
    operation_id = "claim_seat",
    security((), ("bot_key" = [])),
    params(GamePath),
    request_body(content = Option<ClaimSeatRequest>, description = "The seat and a display name; both optional."),
    responses(
        (status = 201, description = "The seat is yours.", body = ClaimedSeat,
            links(
                ("claim_another_seat" = (operation_id = "claim_seat", parameters(("path.id" = "$response.body#/game_id")), description = "Claim another seat of the same game (the game starts when every seat is taken).")),
                ("get_game" = (operation_id = "get_game", parameters(("path.id" = "$response.body#/game_id"), ("header.Authorization" = "Bearer {$response.body#/token}")), description = "Your seat's view: your hand and `legal_actions`.")),
                ("follow_game" = (operation_id = "follow_game", parameters(("path.id" = "$response.body#/game_id"), ("header.Authorization" = "Bearer {$response.body#/token}")), description = "Your seat's event stream.")),
                ("post_action" = (operation_id = "post_action", parameters(("path.id" = "$response.body#/game_id"), ("header.Authorization" = "Bearer {$response.body#/token}")), description = "Act with the seat's token.")),
                ("bid" = (operation_id = "bid", parameters(("path.id" = "$response.body#/game_id"), ("header.Authorization" = "Bearer {$response.body#/token}")), description = "Bid or pass with the seat's token.")),
                ("play" = (operation_id = "play", parameters(("path.id" = "$response.body#/game_id"), ("header.Authorization" = "Bearer {$response.body#/token}")), description = "Play a card with the seat's token.")),
            )),
        (status = 400, description = "Malformed request.", body = Problem, content_type = "application/problem+json", example = json!({"detail": "invalid request body: expected value at line 1 column 1", "code": "malformed_json"})),
        PayloadTooLarge,
        UnsupportedMediaType,
        (status = 403, description = "The bot key is no bot's (`invalid_bot_key`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "the bot key is not one the server gave (send `Authorization: Bot <api_key>`)", "code": "invalid_bot_key"})),
        GameNotFound,
        (status = 409, description = "The seat is taken, no seat is free, or the bot holds a seat of this game already (`seat_taken`, `no_free_seat`, `already_seated`); a guest's name is a registered bot's or reads as one (`name_taken`, `name_confusable`).", body = Problem, content_type = "application/problem+json", examples(
            ("seat_taken" = (value = json!({"detail": "seat 2 is already taken", "code": "seat_taken"}))),
            ("name_confusable" = (value = json!({"detail": "\"a1ice\" reads as the registered bot \"alice\" (the same Unicode confusable skeleton, UTS #39): pick a name that looks different; a seat claimed without its bot key is a guest's and may not take a bot's name (claim it with `Authorization: Bot <api_key>` to play as the bot)", "code": "name_confusable"}))),
        )),
        (status = 422, description = "The game has no such seat (`invalid_seat`), or a guest's name is a house player's (`name_reserved`).", body = Problem, content_type = "application/problem+json", examples(
            ("invalid_seat" = (value = json!({"detail": "seat 4 does not exist; this game has seats 0 to 3", "code": "invalid_seat"}))),
            ("name_reserved" = (value = json!({"detail": "a seat claimed without a bot key is a guest's, and names starting with `house-` (or reading so) are the house players': pick another name", "code": "name_reserved"}))),
        )),
        StoreUnavailable,
    )
)]
#[post("/v1/games/{id}/seats")]
#[tracing::instrument(skip_all, fields(game_id = %id))]
pub async fn claim_seat(
    platform: web::Data<Platform>,
    id: GameId,
    req: HttpRequest,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    // The key first, as a seat token is checked before anything else elsewhere.
    let bot = match bot_key(&req)? {
        Some(key) => Some(platform.bot_of_key(&key).await?),
        None => None,
    };
    let body: ClaimSeatRequest = read_json(&req, payload, true).await?;
    let claimed = platform.claim_seat(&id, body, bot).await?;
    Ok(HttpResponse::Created()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(claimed))
}
