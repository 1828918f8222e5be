//! HTTP handlers: parse, call the service, answer. Nothing else lives here.

use actix_web::http::header::{self, HeaderValue};
use std::time::Duration;

use actix_web::{HttpRequest, HttpResponse, get, post, web};
use futures_util::StreamExt;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use utoipa::IntoParams;

use super::auth::bearer;
use super::error::{ApiError, Code, Problem, json_error};
use super::events;
use super::service::{ActRequest, GameService};
use super::wire::{
    ActionDoc, ClaimSeatRequest, ClaimedSeat, CreateGameRequest, CreatedGame, GameLog, GameView,
    Health, OptionInfo, PresetInfo, RulesetCatalog, Samples,
};
use crate::engine::{Action, Preset};

/// The request body limits, as app data.
#[derive(Debug, Clone, Copy)]
pub struct BodyLimit {
    /// The largest body (`MAX_BODY_BYTES`).
    pub bytes: usize,
    /// The whole body must arrive within this (`BODY_READ_TIMEOUT_MS`).
    pub read_timeout: Duration,
}

impl Default for BodyLimit {
    fn default() -> Self {
        BodyLimit {
            bytes: 65_536,
            read_timeout: Duration::from_secs(10),
        }
    }
}

/// Reads a JSON body under the size limit. An empty body reads as `{}` when `empty_ok`.
async fn read_json<T: DeserializeOwned>(
    req: &HttpRequest,
    payload: web::Payload,
    empty_ok: bool,
) -> Result<T, ApiError> {
    match read_body(req, payload, empty_ok).await? {
        Some(body) => parse_json(&body),
        None => serde_json::from_slice(b"{}").map_err(|e| json_error(&e)),
    }
}

/// Reads an action body: as [`read_json`] would, with a shortcut for the usual case.
async fn read_action(req: &HttpRequest, payload: web::Payload) -> Result<Action, ApiError> {
    // Never None: without `empty_ok`, read_body refuses an empty body itself.
    let body = read_body(req, payload, false).await?.unwrap_or_default();
    match quick_action(&body) {
        Some(action) => Ok(action),
        None => parse_action(parse_json(&body)?),
    }
}

/// An action object decoded directly, when that gives what the general way would ([`parse_json`]
/// then [`parse_action`]): the body is an object and serde reads it as an action as it is. An
/// action's fields are scalars and arrays of strings, so a repeated key can only be a top-level
/// one, which serde's derived decoding refuses (as it refuses unknown fields) for every action
/// but a pass, whose unit variant would ignore them: a pass, like anything serde does not read
/// as it is (a number written as `4.0`, for one), is left (None) to the general way, which also
/// words the errors.
fn quick_action(body: &[u8]) -> Option<Action> {
    if body.trim_ascii_start().first() != Some(&b'{') {
        return None;
    }
    serde_json::from_slice(body)
        .ok()
        .filter(|action| *action != Action::Pass)
}

/// The body of a request, read under the size and time limits and checked to be JSON: `None`
/// for an empty body (or `null`) when `empty_ok`, which is refused otherwise. A body that has
/// not arrived in full within the time limit (a client trickling it, or one that announced more
/// than it sends) is answered 408 and its connection closed: slow headers are cut off by actix
/// itself, slow bodies here.
async fn read_body(
    req: &HttpRequest,
    mut payload: web::Payload,
    empty_ok: bool,
) -> Result<Option<web::BytesMut>, ApiError> {
    let BodyLimit {
        bytes: limit,
        read_timeout,
    } = req.app_data::<BodyLimit>().copied().unwrap_or_default();
    if let Some(len) = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok())
        && len > limit
    {
        return Err(ApiError::PayloadTooLarge { limit });
    }
    let read = async {
        let mut body = web::BytesMut::new();
        while let Some(chunk) = payload.next().await {
            let chunk = chunk.map_err(|_| {
                ApiError::bad_request(Code::InvalidBody, "the request body could not be read")
            })?;
            if body.len() + chunk.len() > limit {
                return Err(ApiError::PayloadTooLarge { limit });
            }
            body.extend_from_slice(&chunk);
        }
        Ok(body)
    };
    let body = tokio::time::timeout(read_timeout, read)
        .await
        .map_err(|_| ApiError::RequestTimeout {
            ms: u64::try_from(read_timeout.as_millis()).unwrap_or(u64::MAX),
        })??;
    if body.iter().all(u8::is_ascii_whitespace) || (empty_ok && body.trim_ascii() == b"null") {
        if empty_ok {
            return Ok(None);
        }
        return Err(ApiError::bad_request(
            Code::MalformedJson,
            "the request body is empty; send a JSON object",
        ));
    }
    if let Some(ct) = req.headers().get(header::CONTENT_TYPE)
        && !is_json_media_type(ct.to_str().unwrap_or(""))
    {
        return Err(ApiError::UnsupportedMediaType);
    }
    if std::str::from_utf8(&body).is_err() {
        return Err(ApiError::bad_request(
            Code::MalformedJson,
            "the request body is not valid UTF-8",
        ));
    }
    Ok(Some(body))
}

/// Whether a `Content-Type` names JSON: `application/json` or a structured `+json` type
/// (`application/merge-patch+json`, `application/vnd.x+json`), in any case, with any parameters
/// (`; charset=utf-8`). Not `text/json`, `application/jsonx` nor `application/x-json-foo`.
fn is_json_media_type(content_type: &str) -> bool {
    let essence = content_type.split(';').next().unwrap_or("").trim();
    let Some((kind, subtype)) = essence.split_once('/') else {
        return false;
    };
    let subtype = subtype.to_ascii_lowercase();
    kind.eq_ignore_ascii_case("application")
        && (subtype == "json"
            || subtype
                .strip_suffix("+json")
                .is_some_and(|prefix| is_token(prefix) && !prefix.is_empty()))
}

/// An RFC 9110 token (the characters of a media type's name).
fn is_token(s: &str) -> bool {
    s.bytes()
        .all(|b| b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b))
}

/// Parses a JSON body as the contract reads it: repeated keys are refused, so are arrays and
/// scalars where objects belong, and integral numbers written with a fraction are integers.
fn parse_json<T: DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    // serde_json keeps the last of repeated keys silently; a proxy, a logger or another parser
    // may read the first. Refuse the ambiguity.
    serde_json::from_slice::<UniqueKeys>(body).map_err(|e| json_error(&e))?;
    let mut value: serde_json::Value = serde_json::from_slice(body).map_err(|e| json_error(&e))?;
    check_objects(&value)?;
    integral_floats(&mut value);
    serde_json::from_value(value).map_err(|e| json_error(&e))
}

/// JSON Schema counts `4.0` as an integer; serde does not. Integral numbers written with a
/// fraction or an exponent (exact in an f64: at most 2^53) become integers.
fn integral_floats(v: &mut serde_json::Value) {
    const EXACT: f64 = 9_007_199_254_740_992.0;
    match v {
        serde_json::Value::Number(n) => {
            if let Some(f) = n.as_f64().filter(|_| n.is_f64())
                && f.fract() == 0.0
                && f.abs() <= EXACT
            {
                *v = if f < 0.0 {
                    serde_json::Value::from(f as i64)
                } else {
                    serde_json::Value::from(f as u64)
                };
            }
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(integral_floats),
        serde_json::Value::Object(members) => members.values_mut().for_each(integral_floats),
        _ => {}
    }
}

/// The largest integer the OpenAPI document allows (`format: int64`).
const MAX_INT64: u64 = i64::MAX as u64;

/// serde reads a JSON array as a struct, its elements as the fields in order (`[0]` would claim
/// seat 0, `["pass"]` would pass). Every request body of the contract is an object, and so are
/// these members of one when present (`ruleset`, `scenario`, each entry of `seats`): anything
/// else is refused.
fn check_objects(body: &serde_json::Value) -> Result<(), ApiError> {
    fn kind(v: &serde_json::Value) -> &'static str {
        match v {
            serde_json::Value::Null => "null",
            serde_json::Value::Bool(_) => "a boolean",
            serde_json::Value::Number(_) => "a number",
            serde_json::Value::String(_) => "a string",
            serde_json::Value::Array(_) => "an array",
            serde_json::Value::Object(_) => "an object",
        }
    }
    let refuse = |what: &str, v: &serde_json::Value| {
        ApiError::bad_request(
            Code::InvalidBody,
            format!(
                "invalid request body: {what} must be a JSON object, not {}",
                kind(v)
            ),
        )
    };
    let obj = body.as_object().ok_or_else(|| refuse("the body", body))?;
    for key in ["ruleset", "scenario"] {
        if let Some(v) = obj.get(key)
            && !v.is_null()
            && !v.is_object()
        {
            return Err(refuse(&format!("`{key}`"), v));
        }
    }
    if let Some(seats) = obj.get("seats").and_then(serde_json::Value::as_array) {
        if let Some(bad) = seats.iter().find(|s| !s.is_object()) {
            return Err(refuse("each entry of `seats`", bad));
        }
        // serde ignores other fields of a unit variant (`{"kind": "open", ...}`).
        if let Some(extra) = seats
            .iter()
            .filter_map(serde_json::Value::as_object)
            .filter(|s| s.get("kind").and_then(|k| k.as_str()) == Some("open"))
            .find_map(|s| s.keys().find(|k| k.as_str() != "kind"))
        {
            return Err(ApiError::bad_request(
                Code::UnknownField,
                format!(
                    "invalid request body: unknown field `{extra}`; an open seat is `{{\"kind\":\"open\"}}`"
                ),
            ));
        }
    }
    Ok(())
}

/// Any JSON value whose objects have no repeated key (deserializing checks it, keeping nothing).
struct UniqueKeys;

impl<'de> Deserialize<'de> for UniqueKeys {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(UniqueKeysVisitor)
    }
}

struct UniqueKeysVisitor;

impl<'de> serde::de::Visitor<'de> for UniqueKeysVisitor {
    type Value = UniqueKeys;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }

    fn visit_i64<E>(self, _: i64) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }

    fn visit_u64<E>(self, _: u64) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }

    fn visit_f64<E>(self, _: f64) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }

    fn visit_str<E>(self, _: &str) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }

    fn visit_unit<E>(self) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<UniqueKeys, A::Error> {
        while seq.next_element::<UniqueKeys>()?.is_some() {}
        Ok(UniqueKeys)
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<UniqueKeys, A::Error> {
        let mut seen = std::collections::HashSet::new();
        while let Some(key) = map.next_key::<String>()? {
            if seen.contains(&key) {
                let key: String = key.chars().take(64).collect();
                return Err(serde::de::Error::custom(format_args!(
                    "duplicate field `{key}`"
                )));
            }
            map.next_value::<UniqueKeys>()?;
            seen.insert(key);
        }
        Ok(UniqueKeys)
    }
}

/// Parses an action object. (`{"type":"pass"}` has no fields, and serde's internally tagged
/// unit variants ignore extra ones, so they are refused here.)
fn parse_action(body: serde_json::Value) -> Result<Action, ApiError> {
    if let Some(obj) = body.as_object()
        && obj.get("type").and_then(|t| t.as_str()) == Some("pass")
        && let Some(extra) = obj.keys().find(|k| k.as_str() != "type")
    {
        return Err(ApiError::bad_request(
            Code::UnknownField,
            format!(
                "invalid request body: unknown field `{extra}`; a pass is `{{\"type\":\"pass\"}}`"
            ),
        ));
    }
    serde_json::from_value(body).map_err(|e| json_error(&e))
}

/// A version number as headers carry it: 1 to 18 digits (so it fits the documented int64).
fn version_digits(text: &str) -> Option<u64> {
    if (1..=18).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_digit()) {
        text.parse().ok()
    } else {
        None
    }
}

/// The version an `If-Match` header names (`"12"`, `W/"12"` or `12`; `*` is any version): exactly
/// what the documented pattern `^(\*|(W/)?"[0-9]{1,18}"|[0-9]{1,18})$` allows.
fn if_match(req: &HttpRequest) -> Result<Option<u64>, ApiError> {
    let Some(v) = req.headers().get(header::IF_MATCH) else {
        return Ok(None);
    };
    let text = v.to_str().unwrap_or("").trim();
    if text == "*" {
        return Ok(None);
    }
    let quoted = text.strip_prefix("W/").unwrap_or(text);
    let digits = match quoted.strip_prefix('"').and_then(|t| t.strip_suffix('"')) {
        Some(inner) => inner,
        None if quoted.len() == text.len() => text,
        None => "",
    };
    version_digits(digits).map(Some).ok_or_else(|| {
        ApiError::bad_request(
            Code::InvalidIfMatch,
            "If-Match must be the game's version, as given in the ETag header (for example \"12\")",
        )
    })
}

fn etag(version: u64) -> (header::HeaderName, HeaderValue) {
    (
        header::ETAG,
        HeaderValue::from_str(&format!("\"{version}\""))
            .unwrap_or(HeaderValue::from_static("\"0\"")),
    )
}

fn view_response(view: GameView) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header(etag(view.version))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(view)
}

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
        (status = 413, description = "The body is too large.", body = Problem, content_type = "application/problem+json", example = json!({"detail": "the request body is larger than the limit of 65536 bytes", "code": "payload_too_large"})),
        (status = 415, description = "The body is not JSON: send `Content-Type: application/json`.", body = Problem, content_type = "application/problem+json", example = json!({"detail": "send the body as JSON (Content-Type: application/json)", "code": "unsupported_media_type"})),
        (status = 422, description = "An impossible ruleset or scenario.", body = Problem, content_type = "application/problem+json", example = json!({"detail": "a deck with the joker cannot be played with no trump: the joker is always a trump (set `no_trump` to false or use the `pepper24` deck)", "code": "joker_with_no_trump"})),
        (status = 503, description = "The store is unavailable.", body = Problem, content_type = "application/problem+json", example = json!({"detail": "the game store is unavailable; retry shortly", "code": "store_unavailable"})),
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

/// Claim a seat.
///
/// Takes the named seat, or the lowest open one when `seat` is left out (the body may be
/// empty). Answers with the seat's bearer token: it is shown only here, so keep it. The game
/// starts when every seat is filled.
#[utoipa::path(
    tag = "games",
    operation_id = "claim_seat",
    params(("id" = String, Path, description = "The game's id (the `game_id` of `POST /v1/games`).", pattern = "^[A-Za-z0-9_-]{1,64}$")),
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
        (status = 413, description = "The body is too large.", body = Problem, content_type = "application/problem+json", example = json!({"detail": "the request body is larger than the limit of 65536 bytes", "code": "payload_too_large"})),
        (status = 415, description = "The body is not JSON: send `Content-Type: application/json`.", body = Problem, content_type = "application/problem+json", example = json!({"detail": "send the body as JSON (Content-Type: application/json)", "code": "unsupported_media_type"})),
        (status = 404, description = "No such game.", body = Problem, content_type = "application/problem+json", example = json!({"detail": "no game with id `k3x9p2m7q4w8z5ab` (games expire after a period without moves)", "code": "game_not_found"})),
        (status = 409, description = "The seat is taken, or no seat is free (`seat_taken`, `no_free_seat`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "seat 2 is already taken", "code": "seat_taken"})),
        (status = 422, description = "The game has no such seat (`invalid_seat`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "seat 4 does not exist; this game has seats 0 to 3", "code": "invalid_seat"})),
        (status = 503, description = "The store is unavailable.", body = Problem, content_type = "application/problem+json", example = json!({"detail": "the game store is unavailable; retry shortly", "code": "store_unavailable"})),
    )
)]
#[post("/v1/games/{id}/seats")]
#[tracing::instrument(skip_all, fields(game_id = %id))]
pub async fn claim_seat(
    svc: web::Data<GameService>,
    id: web::Path<String>,
    req: HttpRequest,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let body: ClaimSeatRequest = read_json(&req, payload, true).await?;
    let claimed = svc.claim_seat(&id, body).await?;
    Ok(HttpResponse::Created()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(claimed))
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

fn query<T: DeserializeOwned>(req: &HttpRequest) -> Result<T, ApiError> {
    web::Query::<T>::from_query(req.query_string())
        .map(web::Query::into_inner)
        .map_err(|e| {
            ApiError::bad_request(Code::InvalidQuery, format!("invalid query string: {e}"))
        })
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
    params(("id" = String, Path, description = "The game's id (the `game_id` of `POST /v1/games`).", pattern = "^[A-Za-z0-9_-]{1,64}$"), GetGameQuery),
    responses(
        (status = 200, description = "The view.", body = GameView, headers(("ETag" = String, description = "The version, quoted"))),
        (status = 400, description = "A bad query parameter.", body = Problem, content_type = "application/problem+json", example = json!({"detail":"invalid query string: invalid digit found in string","code":"invalid_query"})),
        (status = 401, description = "A malformed Authorization header.", body = Problem, content_type = "application/problem+json", example = json!({"detail":"the Authorization header must be `Bearer <token>`","code":"malformed_authorization"})),
        (status = 403, description = "The token is not valid for this game.", body = Problem, content_type = "application/problem+json", example = json!({"detail":"the token is not valid for any seat of this game","code":"invalid_token"})),
        (status = 404, description = "No such game.", body = Problem, content_type = "application/problem+json", example = json!({"detail":"no game with id `k3x9p2m7q4w8z5ab` (games expire after a period without moves)","code":"game_not_found"})),
        (status = 503, description = "The store is unavailable.", body = Problem, content_type = "application/problem+json", example = json!({"detail":"the game store is unavailable; retry shortly","code":"store_unavailable"})),
    ),
    security((), ("seat_token" = []))
)]
#[get("/v1/games/{id}")]
#[tracing::instrument(skip_all, fields(game_id = %id))]
pub async fn get_game(
    svc: web::Data<GameService>,
    id: web::Path<String>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let token = bearer(&req)?;
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
            events::wait_for(&svc, &id, token.as_deref(), after, wait).await?
        }
        None => svc.view(&id, token.as_deref()).await?,
    };
    Ok(view_response(view))
}

/// Follow the game (Server-Sent Events).
///
/// A `text/event-stream`: your view (or the spectator view without a token) at once, then after
/// every change, as `event: view` (or `event: game_over` for the last one) with `id:` the
/// version and `data:` the view as JSON. Comments (`: keep-alive`) every 15 s while idle. Send
/// `Last-Event-ID` (or `last_event_id`) to resume: you get the current view only if it is newer.
/// The stream ends after the game is over.
#[utoipa::path(
    tag = "games",
    operation_id = "follow_game",
    params(
        ("id" = String, Path, description = "The game's id (the `game_id` of `POST /v1/games`).", pattern = "^[A-Za-z0-9_-]{1,64}$"),
        ("Last-Event-ID" = Option<String>, Header, description = "The last version you received, to resume.", nullable = false, pattern = "^[0-9]{1,18}$"),
        EventsQuery,
    ),
    responses(
        (status = 200, description = "A `text/event-stream` (Server-Sent Events), not JSON: read it with an SSE client or line by line. Each event is a few lines: `id: <version>`, `event: view` (`game_over` for the last one), and `data: <a GameView as JSON, on one line>`, then a blank line. Lines starting with `:` are keep-alive comments. Parse each event's `data` as a `GameView` (the schema of `GET /v1/games/{id}`).", content_type = "text/event-stream", body = String,
            example = json!("id: 7\nevent: view\ndata: {\"game_id\":\"k3x9p2m7q4w8z5ab\",\"version\":7,...}\n\n")),
        (status = 400, description = "A bad query parameter or Last-Event-ID.", body = Problem, content_type = "application/problem+json", example = json!({"detail":"invalid query string: invalid digit found in string","code":"invalid_query"})),
        (status = 401, description = "A malformed Authorization header.", body = Problem, content_type = "application/problem+json", example = json!({"detail":"the Authorization header must be `Bearer <token>`","code":"malformed_authorization"})),
        (status = 403, description = "The token is not valid for this game.", body = Problem, content_type = "application/problem+json", example = json!({"detail":"the token is not valid for any seat of this game","code":"invalid_token"})),
        (status = 404, description = "No such game.", body = Problem, content_type = "application/problem+json", example = json!({"detail":"no game with id `k3x9p2m7q4w8z5ab` (games expire after a period without moves)","code":"game_not_found"})),
        (status = 503, description = "The store is unavailable.", body = Problem, content_type = "application/problem+json", example = json!({"detail":"the game store is unavailable; retry shortly","code":"store_unavailable"})),
    ),
    security((), ("seat_token" = []))
)]
#[get("/v1/games/{id}/events")]
#[tracing::instrument(skip_all, fields(game_id = %id))]
pub async fn follow_game(
    svc: web::Data<GameService>,
    id: web::Path<String>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let token = bearer(&req)?;
    let q: EventsQuery = query(&req)?;
    if q.last_event_id.is_some_and(|v| v > MAX_INT64) {
        return Err(ApiError::bad_request(
            Code::InvalidQuery,
            format!("invalid query string: `last_event_id` is at most {MAX_INT64}"),
        ));
    }
    let last = match req.headers().get("last-event-id") {
        Some(v) => Some(
            v.to_str()
                .ok()
                .and_then(|s| version_digits(s.trim()))
                .ok_or_else(|| {
                    ApiError::bad_request(
                        Code::InvalidLastEventId,
                        "Last-Event-ID must be a version number",
                    )
                })?,
        ),
        None => q.last_event_id,
    };
    let stream = events::stream(svc.get_ref().clone(), id.into_inner(), token, last).await?;
    Ok(HttpResponse::Ok()
        .content_type("text/event-stream")
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .insert_header(("X-Accel-Buffering", "no"))
        .streaming(stream))
}

/// Which action types an endpoint takes.
#[derive(Clone, Copy)]
enum Accepts {
    Any,
    Only(&'static [&'static str]),
}

async fn act(
    svc: web::Data<GameService>,
    id: web::Path<String>,
    req: HttpRequest,
    payload: web::Payload,
    accepts: Accepts,
) -> Result<HttpResponse, ApiError> {
    let token = bearer(&req)?.ok_or(ApiError::MissingToken)?;
    let expected = if_match(&req)?;
    let action = read_action(&req, payload).await?;
    if let Accepts::Only(kinds) = accepts
        && !kinds.contains(&action.kind())
    {
        return Err(ApiError::bad_request(
            Code::WrongEndpoint,
            format!(
                "this endpoint takes {} actions; post `{}` actions to /v1/games/{{id}}/actions",
                kinds.join(" or "),
                action.kind()
            ),
        ));
    }
    let idempotency_key = match req.headers().get("idempotency-key") {
        None => None,
        Some(v) => {
            let key = v
                .to_str()
                .ok()
                .filter(|k| k.bytes().all(|b| (0x20..0x7f).contains(&b)))
                .ok_or_else(|| {
                    ApiError::bad_request(
                        Code::InvalidIdempotencyKey,
                        "the Idempotency-Key header must be 1 to 128 visible ASCII characters",
                    )
                })?;
            Some(key)
        }
    };
    let answer = svc
        .act(ActRequest {
            id: &id,
            token: &token,
            action,
            if_match: expected,
            idempotency_key,
        })
        .await?;
    Ok(HttpResponse::Ok()
        .insert_header(etag(answer.version))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .content_type("application/json")
        .body(answer.body))
}

/// The body of `POST /v1/games/{id}/bid`: a bid or a pass (for the OpenAPI document).
#[derive(serde::Serialize, utoipa::ToSchema)]
#[serde(untagged)]
#[allow(dead_code)]
#[schema(
    discriminator(property_name = "type", mapping(
        ("pass" = "#/components/schemas/PassAction"),
        ("bid" = "#/components/schemas/BidAction"),
    )),
    example = json!({"type": "bid", "tricks": 4})
)]
enum BidOrPass {
    /// Pass.
    Pass(super::wire::PassAction),
    /// Bid.
    Bid(super::wire::BidAction),
}

macro_rules! action_endpoint {
    ($fn:ident, $path:literal, $op:literal, $accepts:expr, $body:ty, [$($example:tt),+ $(,)?], $summary:literal, $description:literal) => {
        #[doc = $summary]
        #[utoipa::path(
            tag = "actions",
            operation_id = $op,
            summary = $summary,
            description = $description,
            params(
                ("id" = String, Path, description = "The game's id (the `game_id` of `POST /v1/games`).", pattern = "^[A-Za-z0-9_-]{1,64}$"),
                ("If-Match" = Option<String>, Header, nullable = false, description = "Only apply if the game is still at this version (the ETag), e.g. `\"12\"`.", pattern = "^(\\*|(W/)?\"[0-9]{1,18}\"|[0-9]{1,18})$"),
                ("Idempotency-Key" = Option<String>, Header, nullable = false, description = "A key of your choice (1 to 128 visible ASCII characters) that makes retries safe: a repeat of the same action with the same key answers what the first one did and is applied once. Kept for 24 hours.", pattern = "^[!-~]([ -~]{0,126}[!-~])?$"),
            ),
            request_body(content = $body, description = "The action: an entry of your view's `legal_actions` of a type this endpoint takes. The examples show each type's shape; post one your view lists.", examples($($example),+)),
            responses(
                (status = 200, description = "Applied: your new view (house players have already answered).", body = GameView, headers(("ETag" = String, description = "The new version, quoted"))),
                (status = 400, description = "Malformed JSON, an unknown field, a bad card code, or the wrong endpoint for this action type.", body = Problem, content_type = "application/problem+json", example = json!({"detail": "invalid request body: expected value at line 1 column 1", "code": "malformed_json"})),
                (status = 401, description = "No seat token.", body = Problem, content_type = "application/problem+json", example = json!({"detail": "this endpoint needs a seat token: send `Authorization: Bearer <token>` (claim a seat with POST /v1/games/{id}/seats)", "code": "missing_token"})),
                (status = 403, description = "The token is not valid for this game.", body = Problem, content_type = "application/problem+json", example = json!({"detail": "the token is not valid for any seat of this game", "code": "invalid_token"})),
                (status = 404, description = "No such game.", body = Problem, content_type = "application/problem+json", example = json!({"detail": "no game with id `k3x9p2m7q4w8z5ab` (games expire after a period without moves)", "code": "game_not_found"})),
                (status = 409, description = "The game moved past the If-Match version (`version_conflict`, with `current_version`), or it has not started (`game_not_started`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "the game is at version 13, not the version given in If-Match; fetch the game and retry", "code": "version_conflict", "current_version": 13})),
                (status = 413, description = "The body is too large.", body = Problem, content_type = "application/problem+json", example = json!({"detail": "the request body is larger than the limit of 65536 bytes", "code": "payload_too_large"})),
                (status = 415, description = "The body is not JSON: send `Content-Type: application/json`.", body = Problem, content_type = "application/problem+json", example = json!({"detail": "send the body as JSON (Content-Type: application/json)", "code": "unsupported_media_type"})),
                (status = 422, description = "Illegal action: the code says why (`not_your_turn`, `must_follow_suit`, `bid_too_low`, ...). The game is unchanged.", body = Problem, content_type = "application/problem+json", example = json!({"detail": "you must follow suit: hearts (H) was led and you hold a card of that suit (the left bower and the joker count as trumps)", "code": "must_follow_suit"})),
                (status = 503, description = "The store is unavailable.", body = Problem, content_type = "application/problem+json", example = json!({"detail": "the game store is unavailable; retry shortly", "code": "store_unavailable"})),
            ),
            security(("seat_token" = []))
        )]
        #[post($path)]
        #[tracing::instrument(skip_all, fields(game_id = %id))]
        pub async fn $fn(
            svc: web::Data<GameService>,
            id: web::Path<String>,
            req: HttpRequest,
            payload: web::Payload,
        ) -> Result<HttpResponse, ApiError> {
            act(svc, id, req, payload, $accepts).await
        }
    };
}

action_endpoint!(
    post_action,
    "/v1/games/{id}/actions",
    "post_action",
    Accepts::Any,
    ActionDoc,
    [
        ("1_pass" = (
            summary = "Pass in the auction",
            value = json!({"type": "pass"})
        )),
        ("2_bid" = (
            summary = "Bid 4 tricks",
            value = json!({"type": "bid", "tricks": 4})
        )),
        ("3_pepper_bid" = (
            summary = "Bid little pepper (all tricks, under pepper bids)",
            value = json!({"type": "bid", "tricks": 6, "pepper": "little"})
        )),
        ("4_exchange" = (
            summary = "Name hearts trump and discard one card",
            value = json!({"type": "exchange", "trump": "H", "discard": ["9C"]})
        )),
        ("5_play" = (
            summary = "Play the jack of spades",
            value = json!({"type": "play", "card": "JS"})
        )),
        ("6_alone" = (
            summary = "Play alone",
            value = json!({"type": "alone", "alone": true})
        )),
        ("7_pass_cards" = (
            summary = "Pass (or discard) two cards under exchange_two",
            value = json!({"type": "pass_cards", "cards": ["AS", "KS"]})
        ))
    ],
    "Take any action.",
    "Post any object from your view's `legal_actions` as it is."
);
action_endpoint!(
    post_bid,
    "/v1/games/{id}/bid",
    "bid",
    Accepts::Only(&["bid", "pass"]),
    BidOrPass,
    [
        ("1_pass" = (
            summary = "Pass in the auction",
            value = json!({"type": "pass"})
        )),
        ("2_bid" = (
            summary = "Bid 4 tricks",
            value = json!({"type": "bid", "tricks": 4})
        )),
        ("3_pepper_bid" = (
            summary = "Bid little pepper (all tricks, under pepper bids)",
            value = json!({"type": "bid", "tricks": 6, "pepper": "little"})
        ))
    ],
    "Bid or pass.",
    "`{\"type\":\"bid\",\"tricks\":4}` (with `\"pepper\":\"little\"` or `\"big\"` for all tricks under pepper bids), or `{\"type\":\"pass\"}`."
);
action_endpoint!(
    post_exchange,
    "/v1/games/{id}/exchange",
    "exchange",
    Accepts::Only(&["exchange"]),
    super::wire::ExchangeAction,
    [("4_exchange" = (
        summary = "Name hearts trump and discard one card",
        value = json!({"type": "exchange", "trump": "H", "discard": ["9C"]})
    ))],
    "Name trump and discard.",
    "The declarer names trump (`NT` for no trump where allowed) and discards as many cards as the widow held (none without a widow)."
);
action_endpoint!(
    post_play,
    "/v1/games/{id}/play",
    "play",
    Accepts::Only(&["play"]),
    super::wire::PlayAction,
    [("5_play" = (
        summary = "Play the jack of spades",
        value = json!({"type": "play", "card": "JS"})
    ))],
    "Play a card.",
    "You must follow the effective suit led if you can (the left bower and the joker are trumps)."
);
action_endpoint!(
    post_alone,
    "/v1/games/{id}/alone",
    "alone",
    Accepts::Only(&["alone"]),
    super::wire::AloneAction,
    [
        ("6_alone" = (
            summary = "Play alone",
            value = json!({"type": "alone", "alone": true})
        )),
        ("6_not_alone" = (
            summary = "Play with your partner",
            value = json!({"type": "alone", "alone": false})
        ))
    ],
    "Decide whether to play alone.",
    "Only in rulesets with going alone."
);
action_endpoint!(
    post_pass_cards,
    "/v1/games/{id}/pass-cards",
    "pass_cards",
    Accepts::Only(&["pass_cards"]),
    super::wire::PassCardsAction,
    [("7_pass_cards" = (
        summary = "Pass (or discard) two cards under exchange_two",
        value = json!({"type": "pass_cards", "cards": ["AS", "KS"]})
    ))],
    "Discard or pass two cards.",
    "Under `exchange_two`: the lone bidder's two-card discard, then the partner's two cards to the bidder."
);

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
    params(("id" = String, Path, description = "The game's id (the `game_id` of `POST /v1/games`).", pattern = "^[A-Za-z0-9_-]{1,64}$"), SamplesQuery),
    responses(
        (status = 200, description = "The samples.", body = Samples),
        (status = 400, description = "A bad `count`.", body = Problem, content_type = "application/problem+json", example = json!({"detail":"count must be between 1 and 100","code":"invalid_query"})),
        (status = 401, description = "No seat token.", body = Problem, content_type = "application/problem+json", example = json!({"detail":"this endpoint needs a seat token: send `Authorization: Bearer <token>` (claim a seat with POST /v1/games/{id}/seats)","code":"missing_token"})),
        (status = 403, description = "The token is not valid for this game.", body = Problem, content_type = "application/problem+json", example = json!({"detail":"the token is not valid for any seat of this game","code":"invalid_token"})),
        (status = 404, description = "No such game.", body = Problem, content_type = "application/problem+json", example = json!({"detail":"no game with id `k3x9p2m7q4w8z5ab` (games expire after a period without moves)","code":"game_not_found"})),
        (status = 409, description = "The game is over: nothing is hidden.", body = Problem, content_type = "application/problem+json", example = json!({"detail":"the game is over: no cards are hidden","code":"nothing_hidden"})),
        (status = 503, description = "The store is unavailable.", body = Problem, content_type = "application/problem+json", example = json!({"detail":"the game store is unavailable; retry shortly","code":"store_unavailable"})),
    ),
    security(("seat_token" = []))
)]
#[get("/v1/games/{id}/samples")]
#[tracing::instrument(skip_all, fields(game_id = %id))]
pub async fn get_samples(
    svc: web::Data<GameService>,
    id: web::Path<String>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let token = bearer(&req)?.ok_or(ApiError::MissingToken)?;
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
    params(("id" = String, Path, description = "The game's id (the `game_id` of `POST /v1/games`).", pattern = "^[A-Za-z0-9_-]{1,64}$")),
    responses(
        (status = 200, description = "The log.", body = GameLog),
        (status = 404, description = "No such game.", body = Problem, content_type = "application/problem+json", example = json!({"detail": "no game with id `k3x9p2m7q4w8z5ab` (games expire after a period without moves)", "code": "game_not_found"})),
        (status = 503, description = "The store is unavailable.", body = Problem, content_type = "application/problem+json", example = json!({"detail": "the game store is unavailable; retry shortly", "code": "store_unavailable"})),
    )
)]
#[get("/v1/games/{id}/log")]
#[tracing::instrument(skip_all, fields(game_id = %id))]
pub async fn get_log(
    svc: web::Data<GameService>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(svc.log(&id).await?))
}

fn option_catalog() -> Vec<OptionInfo> {
    let o = |name: &str, values: &str, description: &str| OptionInfo {
        name: name.into(),
        values: values.into(),
        description: description.into(),
    };
    vec![
        o(
            "deck",
            "standard25 | pepper24 | pinochle48",
            "The deck: 9-A plus the joker (25), 9-A (24), or two copies of 9-A (48).",
        ),
        o(
            "players",
            "4 | 6",
            "Players in two alternating partnerships; 6 only with pinochle48.",
        ),
        o(
            "bowers",
            "true | false",
            "Whether the jack of trumps (right bower) and the other jack of its colour (left bower) are the top trumps.",
        ),
        o(
            "auction",
            "single_round | open | consecutive_passes",
            "One bid each with the dealer last; round and round until all but one have passed (a pass is final); or round and round until a bid is followed by a pass from every other player in a row (a passer may bid again).",
        ),
        o("min_bid", "1..tricks", "The lowest bid."),
        o(
            "pepper_bids",
            "true | false",
            "The top bids are little pepper (all tricks) and big pepper (all tricks, doubled stakes).",
        ),
        o(
            "no_trump",
            "true | false",
            "Whether the declarer may name no trump (`NT`); not with the joker.",
        ),
        o(
            "all_pass",
            "joker_holder_bids_3 | redeal | dealer_forced",
            "When everyone passes: the joker holder must bid 3 (a joker in the widow voids the hand), the hand is thrown in, or the dealer may not pass.",
        ),
        o(
            "alone",
            "none | partner_sits_out | exchange_two",
            "Going alone: never; after the exchange, the high bidder then one defender, partners sit out; or the bidder discards two and receives two from the partner.",
        ),
        o(
            "first_lead",
            "high_bidder | left_of_dealer",
            "Who leads the first trick when nobody is alone.",
        ),
        o(
            "set_penalty",
            "contract | fixed_6",
            "What failed declarers lose: the contract, or 6.",
        ),
        o(
            "target_score",
            "1..10 x the preset's default",
            "The score that ends the game: at most 100 (hasenpfeffer, -open), 300 (pepper), 320 (double).",
        ),
        o(
            "game_end",
            "declarers_win_ties | higher_score_or_draw",
            "First to the target wins with declarers winning ties, or the higher score wins with a draw on equal scores.",
        ),
    ]
}

/// List the rulesets.
///
/// Every preset with every option resolved, and what each option means. Create a game with a
/// preset plus any overrides: `{"ruleset": {"preset": "pepper", "target_score": 20}}`.
#[utoipa::path(
    tag = "rules",
    operation_id = "list_rulesets",
    responses((status = 200, description = "The presets and options.", body = RulesetCatalog))
)]
#[get("/v1/rulesets")]
pub async fn list_rulesets() -> HttpResponse {
    HttpResponse::Ok().json(RulesetCatalog {
        presets: Preset::ALL
            .into_iter()
            .map(|p| PresetInfo {
                name: p,
                description: p.description().into(),
                rules: p.rules(),
            })
            .collect(),
        options: option_catalog(),
    })
}

/// Liveness.
///
/// The process is up; it does not touch the store.
#[utoipa::path(
    tag = "operations",
    operation_id = "healthz",
    responses((status = 200, description = "Alive.", body = Health))
)]
#[get("/healthz")]
pub async fn healthz(svc: web::Data<GameService>) -> HttpResponse {
    HttpResponse::Ok().json(Health {
        status: "ok".into(),
        store: svc.store().backend().into(),
    })
}

/// Readiness.
///
/// The store answers (one round trip to Redis).
#[utoipa::path(
    tag = "operations",
    operation_id = "readyz",
    responses(
        (status = 200, description = "Ready.", body = Health),
        (status = 503, description = "The store is unavailable.", body = Problem, content_type = "application/problem+json", example = json!({"detail": "the game store is unavailable; retry shortly", "code": "store_unavailable"})),
    )
)]
#[get("/readyz")]
pub async fn readyz(svc: web::Data<GameService>) -> Result<HttpResponse, ApiError> {
    svc.ready().await?;
    Ok(HttpResponse::Ok().json(Health {
        status: "ok".into(),
        store: svc.store().backend().into(),
    }))
}

/// Prometheus metrics.
///
/// Requests by route and status with latency histograms, games created and finished, actions
/// applied and rejected, in the Prometheus text format.
#[utoipa::path(
    tag = "operations",
    operation_id = "metrics",
    responses((status = 200, description = "Metrics in the Prometheus text format.", body = String, content_type = "text/plain",
        example = json!("hasenpfeffer_games_created_total 3\n")))
)]
#[get("/metrics")]
pub async fn metrics(svc: web::Data<GameService>) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/plain; version=0.0.4")
        .body(svc.metrics().render())
}

/// Any path that is not an endpoint.
pub async fn not_found(req: HttpRequest) -> Result<HttpResponse, ApiError> {
    if let Some(allow) = req
        .match_pattern()
        .and_then(|pattern| super::allowed_methods(&pattern))
    {
        return Err(ApiError::MethodNotAllowed { allow });
    }
    Err(ApiError::RouteNotFound(
        req.path().chars().take(200).collect(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The general way to read an action body, without the shortcut.
    fn general(body: &str) -> Result<Action, String> {
        parse_json::<serde_json::Value>(body.as_bytes())
            .and_then(parse_action)
            .map_err(|e| format!("{e:?}"))
    }

    /// The shortcut takes only bodies the general way reads, and reads them alike; every other
    /// body (refused, or needing the general way's repairs) is left to the general way.
    #[test]
    fn json_media_types() {
        for ok in [
            "application/json",
            "Application/JSON",
            "application/json; charset=utf-8",
            "application/json;charset=UTF-8",
            "application/merge-patch+json",
            "application/vnd.hasenpfeffer.v1+json; q=1",
        ] {
            assert!(is_json_media_type(ok), "{ok}");
        }
        for bad in [
            "text/json",
            "application/jsonx",
            "application/x-json-foo",
            "application/+json",
            "application/json+xml",
            "text/plain; note=json",
            "json",
            "",
        ] {
            assert!(!is_json_media_type(bad), "{bad}");
        }
    }

    #[test]
    fn the_action_shortcut_agrees_with_the_general_way() {
        let taken = [
            r#" {"type":"bid","tricks":4}"#,
            r#"{"tricks":4,"type":"bid","pepper":"little"}"#,
            r#"{"type":"exchange","trump":"C","discard":["9C"]}"#,
            r#"{"type":"play","card":"AS"}"#,
            r#"{"type":"alone","alone":true}"#,
        ];
        for body in taken {
            let quick = quick_action(body.as_bytes());
            assert!(quick.is_some(), "{body} should take the shortcut");
            assert_eq!(quick, general(body).ok(), "{body}");
        }
        // Read by the general way only.
        let repaired = [
            r#"{"type":"pass"}"#,
            r#"{"type":"bid","tricks":4.0}"#,
            r#"{"type":"bid","tricks":4e0}"#,
        ];
        // Refused by the general way.
        let refused = [
            r#"{"type":"pass","tricks":4}"#,
            r#"{"type":"pass","ruleset":5}"#,
            r#"{"type":"pass","type":"pass"}"#,
            r#"{"type":"play","card":"AS","card":"KS"}"#,
            r#"{"type":"play","card":"AS","card":"AS"}"#,
            r#"{"type":"play","type":"play","card":"AS"}"#,
            r#"{"type":"play","card":"AS","extra":1}"#,
            r#"{"type":"play","card":"AS","ruleset":{"a":1,"a":2}}"#,
            r#"["play","AS"]"#,
            r#"["pass"]"#,
            r#""pass""#,
            r#"{"type":"play"}"#,
            r#"{"type":"play","card":"AS"} x"#,
        ];
        for body in repaired.iter().chain(&refused) {
            assert_eq!(quick_action(body.as_bytes()), None, "{body}");
        }
        for body in repaired {
            assert!(general(body).is_ok(), "{body}");
        }
        for body in refused {
            assert!(general(body).is_err(), "{body}");
        }
    }
}
