//! Bot accounts: register one (`POST /v1/bots`), a bot's profile (`GET /v1/bots/{name}`), its
//! archived games (`GET /v1/bots/{name}/games`), its rating history in a pool
//! (`GET /v1/bots/{name}/ratings/{pool}`); the rated pools and their leaderboards
//! (`GET /v1/leaderboards`, `GET /v1/leaderboards/{pool}`).

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, get, post, web};
use serde::Deserialize;
use utoipa::IntoParams;

use super::query;
use crate::api::body::read_json;
use crate::api::error::{ApiError, Code, Problem};
use crate::api::ratelimit::RegistrationLimit;
use crate::api::routes::problems::{PayloadTooLarge, StoreUnavailable, UnsupportedMediaType};
use crate::engine::Preset;
use crate::platform::wire::{
    BotGameRecord, BotGames, BotProfile, Leaderboard, PoolInfo, RatingHistory, RegisterBotRequest,
    RegisteredBot,
};
use crate::platform::{
    DEFAULT_ARCHIVE_LIMIT, DEFAULT_BOARD_LIMIT, DEFAULT_STREAM_MAX, MAX_BOARD_LIMIT,
    MAX_STREAM_MAX, Platform, Pool,
};

/// Register a bot.
///
/// Makes a bot account and answers its API key: it is shown only here (the server keeps only
/// its hash), so keep it. With `Authorization: Bot <api_key>` the bot claims seats as itself
/// (`POST /v1/games/{id}/seats`), and its games count for its ratings. Names are unique
/// regardless of case and of look: a name whose Unicode confusable skeleton (UTS #39, of the
/// name in lower case) is a registered bot's is refused (`name_confusable`: `a1ice` against
/// `alice`, Cyrillic or fullwidth letters); `house-` names and their look-alikes (`house_x`,
/// `hоuse-x` with a Cyrillic `о`) are the house players'. Registrations are limited per
/// client address (`BOT_REGISTRATIONS_PER_HOUR`, default 10 an hour; a name refused as
/// invalid or reserved does not count): over it, 429 with `rate_limit` saying which limit
/// and when it resets.
#[utoipa::path(
    tag = "bots",
    operation_id = "register_bot",
    request_body(content = RegisterBotRequest, description = "The bot's name."),
    responses(
        (status = 201, description = "The bot's account and its API key (shown only here).", body = RegisteredBot,
            headers(("Location" = String, description = "The bot's profile.")),
            links(
                ("get_bot" = (operation_id = "get_bot", parameters(("path.name" = "$response.body#/name")), description = "The bot's profile.")),
            )),
        (status = 400, description = "Malformed request, or a name a seat could not carry (`invalid_name`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "a seat name may not hold control, format, bidirectional or invisible characters (it holds U+202E)", "code": "invalid_name"})),
        PayloadTooLarge,
        UnsupportedMediaType,
        (status = 409, description = "The name is registered already (`name_taken`), or reads as a registered bot's (`name_confusable`).", body = Problem, content_type = "application/problem+json", examples(
            ("name_taken" = (value = json!({"detail": "a bot named \"rabbit-stew\" exists already (names are unique regardless of case)", "code": "name_taken"}))),
            ("name_confusable" = (value = json!({"detail": "\"a1ice-bot\" reads as the registered bot \"alice-bot\" (the same Unicode confusable skeleton, UTS #39): pick a name that looks different", "code": "name_confusable"}))),
        )),
        (status = 422, description = "A house account's name (`name_reserved`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "names starting with `house-` are the house players' accounts", "code": "name_reserved"})),
        StoreUnavailable,
    )
)]
#[post("/v1/bots")]
#[tracing::instrument(skip_all)]
pub async fn register_bot(
    svc: web::Data<Platform>,
    limit: Option<web::Data<RegistrationLimit>>,
    req: HttpRequest,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let body: RegisterBotRequest = read_json(&req, payload, false).await?;
    let bot = svc
        .register_bot(body.name, || match &limit {
            Some(limit) => limit.check(&req),
            None => Ok(()),
        })
        .await?;
    Ok(HttpResponse::Created()
        .insert_header((header::LOCATION, bot.profile.as_str()))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(bot))
}

/// The `{name}` path parameter.
#[derive(IntoParams)]
#[into_params(parameter_in = Path)]
#[allow(dead_code)]
pub struct BotPath {
    /// The bot's name (any case), percent-encoded; or a house account: `house-random`,
    /// `house-heuristic`, `house-expert`, `house-expert_v1`.
    #[param(min_length = 1, example = "house-expert")]
    name: String,
}

/// A bot's profile.
///
/// Its name, when it registered (null for a house account), whether it is a house account,
/// its rating in each preset it played rated games in, how many games it took a seat in, and
/// its most recent games with links to each game and its log. Never its key.
#[utoipa::path(
    tag = "bots",
    operation_id = "get_bot",
    params(BotPath),
    responses(
        (status = 200, description = "The bot's profile.", body = BotProfile),
        (status = 404, description = "No bot has this name (`bot_not_found`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "no bot named \"nobody\"", "code": "bot_not_found"})),
        StoreUnavailable,
    )
)]
#[get("/v1/bots/{name}")]
#[tracing::instrument(skip_all)]
pub async fn get_bot(svc: web::Data<Platform>, req: HttpRequest) -> Result<HttpResponse, ApiError> {
    // Read from the match, not a `web::Path` (`BotPath` documents it). actix decodes the path
    // but for `%25`, `%2F` and `%2B` (so a `/` in a name cannot split the path): decoded here.
    let name = bot_name(&req)?;
    let profile = svc.bot_profile(&name).await?;
    Ok(HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(profile))
}

/// The `{name}` of the path. Read from the match, not a `web::Path` (`BotPath` documents it):
/// actix decodes the path but for `%25`, `%2F` and `%2B` (so a `/` in a name cannot split the
/// path), decoded here.
fn bot_name(req: &HttpRequest) -> Result<String, ApiError> {
    let raw = req.match_info().get("name").unwrap_or_default();
    percent_decode(raw).ok_or_else(|| {
        ApiError::refused(
            Code::BotNotFound,
            "no bot has this name (it is not valid UTF-8)",
        )
    })
}

/// Query parameters of `GET /v1/bots/{name}/games`.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct BotGamesParams {
    /// A page (`application/json`): how many games (1 to 100, default 50).
    #[param(nullable = false, minimum = 1, maximum = 100)]
    pub limit: Option<usize>,
    /// A page: the `next_cursor` of the previous page, as it is (opaque), for the page after it.
    #[param(
        nullable = false,
        max_length = 80,
        pattern = r"^[0-9]{1,15}\.[A-Za-z0-9_-]{1,64}$"
    )]
    pub cursor: Option<String>,
    /// The stream (`application/x-ndjson`): the most games to send (1 to 100000, default 1000).
    #[param(nullable = false, minimum = 1, maximum = 100000)]
    pub max: Option<usize>,
    /// The stream: only the games that finished at or after this time (ms since the Unix
    /// epoch; default: every archived game).
    #[param(nullable = false, minimum = 0, maximum = 9_007_199_254_740_991_i64)]
    pub since: Option<u64>,
}

/// The largest `since` (2^53 - 1, as JSON numbers hold exactly).
const MAX_SINCE: u64 = 9_007_199_254_740_991;

/// Whether the request asks for the stream: its `Accept` names `application/x-ndjson`.
fn wants_ndjson(req: &HttpRequest) -> bool {
    req.headers()
        .get_all(header::ACCEPT)
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|t| {
            t.split(';')
                .next()
                .unwrap_or("")
                .trim()
                .eq_ignore_ascii_case("application/x-ndjson")
        })
}

/// A bot's games.
///
/// Every finished game the bot (or house account) played that the archive keeps (the finished
/// game's TTL plus `ARCHIVE_DAYS`, default 30 days, from when it ended), newest first: its
/// preset, seats (accounts, house players, guests), final scores and each side's place, how it
/// went for the bot (`outcome`, `place`), its opponents and its rating change (null for now).
/// A game is archived when at least one seat is a registered bot's. A duplicate match's games
/// are not listed (their deals are other seatings' too).
///
/// With `Accept: application/json` (the default): a page at a time (`limit`, `cursor`: pass
/// `next_cursor` back for the next page; null on the last one). With
/// `Accept: application/x-ndjson`: the games streamed one JSON object a line
/// (`BotGameRecord`: the page's fields, the ruleset and the whole log, every hand with its
/// hidden cards), newest first, at most `max`, those finished at or after `since`, for
/// training, as Lichess's game export does.
#[utoipa::path(
    tag = "bots",
    operation_id = "get_bot_games",
    params(BotPath, BotGamesParams),
    responses(
        (status = 200, description = "A page of the bot's games (`application/json`), or every game with its log, one a line (`application/x-ndjson`).",
            content(
                (BotGames = "application/json"),
                (BotGameRecord = "application/x-ndjson"),
            ),
            links(
                ("get_log" = (operation_id = "get_log", parameters(("path.id" = "$response.body#/games/0/game_id")), description = "A game's log while it is live.")),
            )),
        (status = 400, description = "A bad query parameter or cursor.", body = Problem, content_type = "application/problem+json", examples(
            ("invalid_query" = (value = json!({"detail": "invalid query string: `limit` must be between 1 and 100", "code": "invalid_query"}))),
            ("invalid_cursor" = (value = json!({"detail": "invalid cursor: pass the `next_cursor` of the previous page as it is", "code": "invalid_cursor"}))),
        )),
        (status = 404, description = "No bot has this name (`bot_not_found`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "no bot named \"nobody\"", "code": "bot_not_found"})),
        StoreUnavailable,
    )
)]
#[get("/v1/bots/{name}/games")]
#[tracing::instrument(skip_all)]
pub async fn get_bot_games(
    svc: web::Data<Platform>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let name = bot_name(&req)?;
    let q: BotGamesParams = query(&req)?;
    let max = super::bounded("max", q.max, DEFAULT_STREAM_MAX, MAX_STREAM_MAX)?;
    if q.since.is_some_and(|s| s > MAX_SINCE) {
        return Err(ApiError::bad_request(
            Code::InvalidQuery,
            format!("invalid query string: `since` must be between 0 and {MAX_SINCE}"),
        ));
    }
    if wants_ndjson(&req) {
        let stream = svc
            .bot_games_stream(&name, max, q.since.unwrap_or(0))
            .await?;
        return Ok(HttpResponse::Ok()
            .content_type("application/x-ndjson")
            .insert_header((header::CACHE_CONTROL, "no-store"))
            .streaming(stream));
    }
    let limit = q.limit.unwrap_or(DEFAULT_ARCHIVE_LIMIT);
    let page = svc.bot_games(&name, q.cursor.as_deref(), limit).await?;
    Ok(HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(page))
}

/// `text` with every `%XX` decoded (None if the bytes are not UTF-8); a `%` not followed by
/// two hex digits stays as it is.
fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match (bytes[i], bytes.get(i + 1), bytes.get(i + 2)) {
            (b'%', Some(&h), Some(&l)) if hex(h).is_some() && hex(l).is_some() => {
                out.push((hex(h)? * 16 + hex(l)?) as u8);
                i += 3;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).ok()
}

/// The `{pool}` path parameter's schema: every pool's name, and every preset's (its usual
/// player count's pool).
fn pool_schema() -> utoipa::openapi::schema::Object {
    let mut names: Vec<String> = Pool::all().into_iter().map(Pool::name).collect();
    names.extend(Preset::ALL.iter().map(|p| p.name().to_owned()));
    utoipa::openapi::schema::ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::Type::String)
        .enum_values(Some(names))
        .build()
}

/// A pool's name, as the `{pool}` path parameter's schema (an enum of every pool and preset).
pub struct PoolName;

impl utoipa::PartialSchema for PoolName {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::RefOr::T(utoipa::openapi::schema::Schema::Object(pool_schema()))
    }
}

impl utoipa::ToSchema for PoolName {}

/// The `{pool}` path parameter.
#[derive(IntoParams)]
#[into_params(parameter_in = Path)]
#[allow(dead_code)]
pub struct PoolPath {
    /// The pool: a preset and a player count (`pepper-3`, `five-hundred-6`), or a preset's
    /// name alone for its usual count (`hasenpfeffer` is `hasenpfeffer-4`). `GET
    /// /v1/leaderboards` lists them.
    #[param(value_type = PoolName, inline)]
    pool: String,
}

/// The `{name}` path parameter of a bot's rating history (no example: a bot has a history only
/// in the pools it played rated games in).
#[derive(IntoParams)]
#[into_params(parameter_in = Path)]
#[allow(dead_code)]
pub struct RatedBotPath {
    /// The bot's name (any case), percent-encoded; or a house account.
    #[param(min_length = 1)]
    name: String,
}

/// The pool a path names (`pool_not_found` if none).
fn pool_of(req: &HttpRequest) -> Result<Pool, ApiError> {
    let name = req.match_info().get("pool").unwrap_or_default();
    Pool::named(name).ok_or_else(|| {
        ApiError::refused(
            Code::PoolNotFound,
            format!(
                "no pool named {:?}: a pool is a preset and a player count it offers, as `pepper-3`; GET /v1/leaderboards lists them",
                name.chars().take(64).collect::<String>()
            ),
        )
    })
}

/// The rated pools.
///
/// Every pool a game may be rated in: each preset at each player count it offers (`pepper`
/// for 3 is rated apart from `pepper` for 4), with its leaderboard's address.
#[utoipa::path(
    tag = "bots",
    operation_id = "list_pools",
    responses(
        (status = 200, description = "Every pool.", body = Vec<PoolInfo>),
    )
)]
#[get("/v1/leaderboards")]
pub async fn list_pools() -> HttpResponse {
    let pools: Vec<PoolInfo> = Pool::all().into_iter().map(Pool::info).collect();
    HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .json(pools)
}

/// A bot's rating history in a pool.
///
/// Its rating, uncertainty, conservative estimate and rated games in the pool now, and its
/// rating after each of its most recent rated games there (at most 500), oldest first.
#[utoipa::path(
    tag = "bots",
    operation_id = "get_rating_history",
    params(RatedBotPath, PoolPath),
    responses(
        (status = 200, description = "The bot's rating in the pool and its history.", body = RatingHistory),
        (status = 404, description = "No bot has this name (`bot_not_found`), no pool this one (`pool_not_found`), or the bot has no rated game in the pool (`rating_not_found`).", body = Problem, content_type = "application/problem+json", examples(
            ("bot_not_found" = (value = json!({"detail": "no bot named \"nobody\"", "code": "bot_not_found"}))),
            ("pool_not_found" = (value = json!({"detail": "no pool named \"skat-4\": a pool is a preset and a player count it offers, as `pepper-3`; GET /v1/leaderboards lists them", "code": "pool_not_found"}))),
            ("rating_not_found" = (value = json!({"detail": "\"rabbit-stew\" has played no rated game in pepper-3", "code": "rating_not_found"}))),
        )),
        StoreUnavailable,
    )
)]
#[get("/v1/bots/{name}/ratings/{pool}")]
#[tracing::instrument(skip_all)]
pub async fn get_rating_history(
    svc: web::Data<Platform>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let raw = req.match_info().get("name").unwrap_or_default();
    let name = percent_decode(raw).ok_or_else(|| {
        ApiError::refused(
            Code::BotNotFound,
            "no bot has this name (it is not valid UTF-8)",
        )
    })?;
    let pool = pool_of(&req)?;
    let history = svc.rating_history(&name, pool).await?;
    Ok(HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(history))
}

/// Query parameters of `GET /v1/leaderboards/{pool}`.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct BoardParams {
    /// How many bots (1 to 100, default 20).
    #[param(nullable = false, minimum = 1, maximum = 100)]
    pub limit: Option<usize>,
    /// The `next_cursor` of the previous page, as it is (opaque), for the page after it.
    #[param(nullable = false, max_length = 9, pattern = r"^[0-9]{1,9}$")]
    pub cursor: Option<String>,
}

/// A pool's leaderboard.
///
/// Every bot rated in the pool (a preset at a player count; house accounts too: reference
/// points), by its conservative estimate (its rating less three uncertainties, so one lucky
/// game does not put a bot on top), with its rating, uncertainty, rated games and whether the
/// rating is still provisional (fewer than 10 games), a page at a time: pass `next_cursor`
/// back as `cursor` for the next page (null: the last page). Rated games are the server's own
/// tables (matchmaking, accepted rated challenges) with a turn clock, a deal the server drew,
/// the preset's own rules at the pool's player count, and no bot in two seats; each once.
#[utoipa::path(
    tag = "bots",
    operation_id = "get_leaderboard",
    params(PoolPath, BoardParams),
    responses(
        (status = 200, description = "A page of the leaderboard.", body = Leaderboard),
        (status = 400, description = "A bad query parameter or cursor.", body = Problem, content_type = "application/problem+json", examples(
            ("invalid_query" = (value = json!({"detail": "invalid query string: `limit` must be between 1 and 100", "code": "invalid_query"}))),
            ("invalid_cursor" = (value = json!({"detail": "invalid cursor: pass the `next_cursor` of the previous page as it is", "code": "invalid_cursor"}))),
        )),
        (status = 404, description = "No such pool (`pool_not_found`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "no pool named \"skat-4\": a pool is a preset and a player count it offers, as `pepper-3`; GET /v1/leaderboards lists them", "code": "pool_not_found"})),
        StoreUnavailable,
    )
)]
#[get("/v1/leaderboards/{pool}")]
#[tracing::instrument(skip_all)]
pub async fn get_leaderboard(
    svc: web::Data<Platform>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let pool = pool_of(&req)?;
    let q: BoardParams = query(&req)?;
    let limit = super::bounded("limit", q.limit, DEFAULT_BOARD_LIMIT, MAX_BOARD_LIMIT)?;
    let board = svc.leaderboard(pool, q.cursor.as_deref(), limit).await?;
    Ok(HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(board))
}
