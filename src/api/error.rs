//! The one error type on the wire: RFC 9457 problem documents with a stable `code`.

use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpResponse, ResponseError};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::engine::{ActionError, RulesetError};
use crate::store::StoreError;

/// Declares the code table: for each row a variant of [`Code`], its snake_case name on the wire,
/// its HTTP status and the problem document's title (as meilisearch's `make_error_codes!`).
macro_rules! make_error_codes {
    ($($(#[$doc:meta])* $variant:ident = $name:literal, $status:literal, $title:literal;)*) => {
        /// Every `code` a problem document can carry: one row each, with its HTTP status and
        /// title. The OpenAPI document's enum of `Problem.code` and the titles and statuses of
        /// its problem examples are made from this table.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Code {
            $($(#[$doc])* $variant,)*
        }

        impl Code {
            /// Every code, in table order.
            pub const ALL: &[Code] = &[$(Code::$variant),*];

            /// The code as the wire carries it.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Code::$variant => $name,)*
                }
            }

            /// The HTTP status a problem with this code answers with.
            pub const fn status(self) -> u16 {
                match self {
                    $(Code::$variant => $status,)*
                }
            }

            /// The problem document's title.
            pub const fn title(self) -> &'static str {
                match self {
                    $(Code::$variant => $title,)*
                }
            }
        }
    };
}

make_error_codes! {
    MalformedJson = "malformed_json", 400, "Malformed request";
    UnknownField = "unknown_field", 400, "Malformed request";
    DuplicateField = "duplicate_field", 400, "Malformed request";
    InvalidBody = "invalid_body", 400, "Malformed request";
    InvalidValue = "invalid_value", 400, "Malformed request";
    InvalidName = "invalid_name", 400, "Malformed request";
    InvalidCard = "invalid_card", 400, "Malformed request";
    WrongEndpoint = "wrong_endpoint", 400, "Malformed request";
    InvalidIfMatch = "invalid_if_match", 400, "Malformed request";
    InvalidIdempotencyKey = "invalid_idempotency_key", 400, "Malformed request";
    InvalidQuery = "invalid_query", 400, "Malformed request";
    /// A lobby page `cursor` that is not a `next_cursor` the server gave.
    InvalidCursor = "invalid_cursor", 400, "Malformed request";
    InvalidLastEventId = "invalid_last_event_id", 400, "Malformed request";
    /// A request the HTTP layer refused without a code of its own (any other 4xx status; the
    /// title is then the status's reason phrase).
    BadRequest = "bad_request", 400, "Malformed request";
    MissingToken = "missing_token", 401, "Missing seat token";
    MalformedAuthorization = "malformed_authorization", 401, "Malformed Authorization header";
    /// No `Authorization: Bot <key>` where a bot's key is required (a bot's inbox, matchmaking,
    /// a match).
    MissingBotKey = "missing_bot_key", 401, "Missing bot key";
    InvalidToken = "invalid_token", 403, "Invalid seat token";
    /// `Authorization: Bot <key>` with a key that is no bot's.
    InvalidBotKey = "invalid_bot_key", 403, "Invalid bot key";
    GameNotFound = "game_not_found", 404, "Game not found";
    /// No bot account has this name.
    BotNotFound = "bot_not_found", 404, "Bot not found";
    /// A leaderboard of a preset the server does not have.
    PresetNotFound = "preset_not_found", 404, "Preset not found";
    /// No duplicate match has this id (or it expired).
    MatchNotFound = "match_not_found", 404, "Match not found";
    /// Leaving a queue the bot does not wait in.
    TicketNotFound = "ticket_not_found", 404, "Ticket not found";
    NotFound = "not_found", 404, "Not found";
    MethodNotAllowed = "method_not_allowed", 405, "Method not allowed";
    RequestTimeout = "request_timeout", 408, "Request timeout";
    VersionConflict = "version_conflict", 409, "Version conflict";
    SeatTaken = "seat_taken", 409, "Conflict";
    NoFreeSeat = "no_free_seat", 409, "Conflict";
    NothingHidden = "nothing_hidden", 409, "Conflict";
    GameNotStarted = "game_not_started", 409, "Conflict";
    IdempotencyKeyReused = "idempotency_key_reused", 409, "Conflict";
    /// A bot name that is registered already (names are unique regardless of case).
    NameTaken = "name_taken", 409, "Conflict";
    /// A bot claiming a second seat of one game.
    AlreadySeated = "already_seated", 409, "Conflict";
    /// A bot joining a queue while it waits in as many as it may.
    TooManyQueues = "too_many_queues", 409, "Conflict";
    PayloadTooLarge = "payload_too_large", 413, "Payload too large";
    UnsupportedMediaType = "unsupported_media_type", 415, "Unsupported media type";
    // The engine refuses an action (the engine's `ActionError` codes).
    NotYourTurn = "not_your_turn", 422, "Illegal action";
    WrongPhase = "wrong_phase", 422, "Illegal action";
    BidTooLow = "bid_too_low", 422, "Illegal action";
    BidTooHigh = "bid_too_high", 422, "Illegal action";
    InvalidBid = "invalid_bid", 422, "Illegal action";
    MustBid = "must_bid", 422, "Illegal action";
    CardNotInHand = "card_not_in_hand", 422, "Illegal action";
    MustFollowSuit = "must_follow_suit", 422, "Illegal action";
    WrongCardCount = "wrong_card_count", 422, "Illegal action";
    NoTrumpNotAllowed = "no_trump_not_allowed", 422, "Illegal action";
    WrongRound = "wrong_round", 422, "Illegal action";
    SuitTurnedDown = "suit_turned_down", 422, "Illegal action";
    MustNameTrump = "must_name_trump", 422, "Illegal action";
    MustTakeUpcard = "must_take_upcard", 422, "Illegal action";
    MustStay = "must_stay", 422, "Illegal action";
    MustAnswer = "must_answer", 422, "Illegal action";
    NothingToAnswer = "nothing_to_answer", 422, "Illegal action";
    AloneNotAllowed = "alone_not_allowed", 422, "Illegal action";
    InvalidCall = "invalid_call", 422, "Illegal action";
    InvalidJokerSuit = "invalid_joker_suit", 422, "Illegal action";
    TrumpNotBid = "trump_not_bid", 422, "Illegal action";
    GameOver = "game_over", 422, "Illegal action";
    /// A seat number the game does not have: from the engine for an action, and from a claim.
    InvalidSeat = "invalid_seat", 422, "Illegal action";
    // An impossible ruleset, scenario or game (the engine's `RulesetError` codes, and the
    // service's checks of a new game).
    JokerWithNoTrump = "joker_with_no_trump", 422, "Invalid game settings";
    SixPlayersNeedPinochle48 = "six_players_need_pinochle48", 422, "Invalid game settings";
    InvalidPlayers = "invalid_players", 422, "Invalid game settings";
    MinBidOutOfRange = "min_bid_out_of_range", 422, "Invalid game settings";
    TargetScoreOutOfRange = "target_score_out_of_range", 422, "Invalid game settings";
    MaxHandsOutOfRange = "max_hands_out_of_range", 422, "Invalid game settings";
    AllPassNeedsJoker = "all_pass_needs_joker", 422, "Invalid game settings";
    AloneExchangeTwoNeedsNoWidow = "alone_exchange_two_needs_no_widow", 422, "Invalid game settings";
    UnsupportedDeal = "unsupported_deal", 422, "Invalid game settings";
    AloneNeedsPartners = "alone_needs_partners", 422, "Invalid game settings";
    OptionNotInGame = "option_not_in_game", 422, "Invalid game settings";
    InvalidScenario = "invalid_scenario", 422, "Invalid game settings";
    WrongSeatCount = "wrong_seat_count", 422, "Invalid game settings";
    InvalidTurnTimeLimit = "invalid_turn_time_limit", 422, "Invalid game settings";
    /// A duplicate match that cannot be played: the same player twice, a caller that plays in
    /// neither seat, three teams, too many deals.
    InvalidMatch = "invalid_match", 422, "Invalid match";
    /// A `fill_with_house_after_ms` out of bounds.
    InvalidFillWait = "invalid_fill_wait", 422, "Invalid game settings";
    /// A bot name of the house players' (`house-` and anything).
    NameReserved = "name_reserved", 422, "Name not available";
    RateLimited = "rate_limited", 429, "Too many requests";
    Internal = "internal", 500, "Internal error";
    StoreUnavailable = "store_unavailable", 503, "Service unavailable";
    StoreFull = "store_full", 503, "Service unavailable";
}

impl Code {
    /// The code named `name`: how an engine error's code (`ActionError::code`,
    /// `RulesetError::code`) becomes a [`Code`] at the edge (the engine knows nothing of HTTP
    /// and names its codes as strings).
    pub fn named(code: &str) -> Option<Code> {
        Code::ALL.iter().copied().find(|c| c.as_str() == code)
    }
}

impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Every code on the wire, in table order.
pub fn codes() -> Vec<&'static str> {
    Code::ALL.iter().map(|c| c.as_str()).collect()
}

/// The schema of `Problem.code`: a string, one of [`CODES`].
fn code_schema() -> utoipa::openapi::schema::Object {
    utoipa::openapi::schema::ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::Type::String)
        .description(Some(
            "A stable snake_case code: branch on this. New codes may be added; treat an unknown \
             one by its HTTP status.",
        ))
        .enum_values(Some(codes()))
        .build()
}

/// An RFC 9457 problem document (`application/problem+json`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(example = json!({
    "detail": "you must follow suit: hearts (H) was led and you hold a card of that suit (the left bower and the joker count as trumps)",
    "code": "must_follow_suit"
}))]
pub struct Problem {
    /// A URI naming the problem type; its last segment is the `code`.
    #[serde(rename = "type")]
    pub kind: String,
    /// A short summary of the problem type.
    pub title: String,
    /// The HTTP status.
    pub status: u16,
    /// What went wrong in this case, for a human.
    pub detail: String,
    /// A stable snake_case code: branch on this.
    #[schema(schema_with = code_schema)]
    pub code: String,
    /// The current version of the game (only with `version_conflict`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub current_version: Option<u64>,
    /// Seconds to wait before retrying (only with `rate_limited` and `store_full`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub retry_after: Option<u64>,
    /// Which limit was reached, its allowance and when it resets (only with `rate_limited`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub rate_limit: Option<RateLimitInfo>,
}

/// A rate limit a request went over: a bucket per client address that holds `burst`
/// requests and refills `allowance` every `window_secs` (so `allowance` per window is the
/// sustained rate). The same facts as the `RateLimit-Policy` header.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(example = json!({"limit": "bot_registrations", "allowance": 10, "window_secs": 3600, "burst": 10, "reset_secs": 360}))]
pub struct RateLimitInfo {
    /// The limit's name: `requests` (every request of a client address, `RATE_LIMIT_PER_SEC`)
    /// or `bot_registrations` (`POST /v1/bots` per client address,
    /// `BOT_REGISTRATIONS_PER_HOUR`).
    pub limit: String,
    /// Requests allowed per window, sustained.
    pub allowance: u32,
    /// The window, in seconds.
    pub window_secs: u64,
    /// The most requests allowed at once (the bucket's size).
    pub burst: u32,
    /// Seconds until the next request is allowed (as `Retry-After`).
    pub reset_secs: u64,
}

/// A rate limit's policy, as a 429 reports it ([`RateLimitInfo`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RatePolicy {
    /// The limit's name.
    pub name: &'static str,
    /// Requests per window, sustained.
    pub allowance: u32,
    /// The window, in seconds.
    pub window_secs: u64,
    /// The bucket's size.
    pub burst: u32,
}

/// Every way a request can fail.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ApiError {
    /// A refusal with a code of the table and a detail: a malformed request (bad JSON,
    /// unknown field, wrong type, bad parameter), a conflict with the game's state, a seat the
    /// game does not have, a game that cannot be created. The status is the code's.
    #[error("{detail}")]
    Refused {
        /// The code.
        code: Code,
        /// Details.
        detail: String,
    },
    /// No bearer token was sent where one is required.
    #[error(
        "this endpoint needs a seat token: send `Authorization: Bearer <token>` (claim a seat with POST /v1/games/{{id}}/seats)"
    )]
    MissingToken,
    /// The Authorization header is not `Bearer <token>`.
    #[error("the Authorization header must be `Bearer <token>`")]
    MalformedAuthorization,
    /// The path exists but not with this method.
    #[error("this path does not take this method; it takes {allow}")]
    MethodNotAllowed {
        /// The methods it takes, comma-separated.
        allow: String,
    },
    /// The token does not belong to any seat of this game.
    #[error("the token is not valid for any seat of this game")]
    InvalidToken,
    /// The game does not exist (or has expired).
    #[error("no game with id `{0}` (games expire after a period without moves)")]
    GameNotFound(String),
    /// No endpoint has this path (or this method).
    #[error("there is no endpoint `{0}` for this method; see /openapi.json or /swagger-ui/")]
    RouteNotFound(String),
    /// The game changed since the version the client named.
    #[error(
        "the game is at version {current}, not the version given in If-Match; fetch the game and retry"
    )]
    VersionConflict {
        /// The current version.
        current: u64,
    },
    /// The engine refused the action.
    #[error("{0}")]
    Illegal(ActionError),
    /// The ruleset or scenario is impossible.
    #[error("{}", .0.message)]
    InvalidRuleset(RulesetError),
    /// The body is larger than the configured limit.
    #[error("the request body is larger than the limit of {limit} bytes")]
    PayloadTooLarge {
        /// The limit.
        limit: usize,
    },
    /// The body is not JSON.
    #[error("send the body as JSON (Content-Type: application/json)")]
    UnsupportedMediaType,
    /// Too many requests from this client.
    #[error(
        "too many requests ({}: {} per {} s): slow down and retry after {retry_after} s",
        policy.name, policy.allowance, policy.window_secs
    )]
    RateLimited {
        /// Seconds to wait.
        retry_after: u64,
        /// The limit reached.
        policy: RatePolicy,
    },
    /// The store cannot be reached.
    #[error("the game store is unavailable; retry shortly")]
    Unavailable,
    /// The store holds as many games as it may (the in-memory store's `MEMORY_MAX_GAMES`).
    #[error(
        "the server holds as many games as it may; retry after {retry_after} s, when some have expired"
    )]
    StoreFull {
        /// Seconds to wait.
        retry_after: u64,
    },
    /// The request body did not arrive in time (`BODY_READ_TIMEOUT_MS`).
    #[error("the request body did not arrive within {ms} ms; send it at once")]
    RequestTimeout {
        /// The limit, in milliseconds.
        ms: u64,
    },
    /// An error answer of the HTTP layer (actix or a library in the app) that came without a
    /// body; the status is kept.
    #[error("the request was refused by the HTTP layer: {0}")]
    Http(StatusCode),
    /// Something that should not happen.
    #[error("internal error")]
    Internal,
}

impl ApiError {
    /// The stable code.
    pub fn code(&self) -> Code {
        match self {
            ApiError::Refused { code, .. } => *code,
            ApiError::MissingToken => Code::MissingToken,
            ApiError::MalformedAuthorization => Code::MalformedAuthorization,
            ApiError::MethodNotAllowed { .. } => Code::MethodNotAllowed,
            ApiError::InvalidToken => Code::InvalidToken,
            ApiError::GameNotFound(_) => Code::GameNotFound,
            ApiError::RouteNotFound(_) => Code::NotFound,
            ApiError::VersionConflict { .. } => Code::VersionConflict,
            // A code the table lacks is a bug (a unit test maps every engine code).
            ApiError::Illegal(e) => Code::named(e.code()).unwrap_or(Code::Internal),
            ApiError::InvalidRuleset(e) => Code::named(e.code).unwrap_or(Code::Internal),
            ApiError::PayloadTooLarge { .. } => Code::PayloadTooLarge,
            ApiError::UnsupportedMediaType => Code::UnsupportedMediaType,
            ApiError::RateLimited { .. } => Code::RateLimited,
            ApiError::Unavailable => Code::StoreUnavailable,
            ApiError::StoreFull { .. } => Code::StoreFull,
            ApiError::RequestTimeout { .. } => Code::RequestTimeout,
            ApiError::Http(status) => match status.as_u16() {
                404 => Code::NotFound,
                405 => Code::MethodNotAllowed,
                408 => Code::RequestTimeout,
                413 => Code::PayloadTooLarge,
                500..=599 => Code::Internal,
                _ => Code::BadRequest,
            },
            ApiError::Internal => Code::Internal,
        }
    }

    fn title(&self) -> &'static str {
        match self {
            ApiError::Http(status) => status.canonical_reason().unwrap_or("HTTP error"),
            other => other.code().title(),
        }
    }

    /// The problem document.
    pub fn problem(&self) -> Problem {
        Problem {
            kind: problem_type(self.code()),
            title: self.title().into(),
            status: self.status_code().as_u16(),
            detail: self.to_string(),
            code: self.code().as_str().into(),
            current_version: match self {
                ApiError::VersionConflict { current } => Some(*current),
                _ => None,
            },
            retry_after: match self {
                ApiError::RateLimited { retry_after, .. } | ApiError::StoreFull { retry_after } => {
                    Some(*retry_after)
                }
                _ => None,
            },
            rate_limit: match self {
                ApiError::RateLimited {
                    retry_after,
                    policy,
                } => Some(RateLimitInfo {
                    limit: policy.name.to_owned(),
                    allowance: policy.allowance,
                    window_secs: policy.window_secs,
                    burst: policy.burst,
                    reset_secs: *retry_after,
                }),
                _ => None,
            },
        }
    }

    /// A refusal with a code (a 400 for the malformed request's codes).
    pub fn bad_request(code: Code, detail: impl Into<String>) -> ApiError {
        ApiError::refused(code, detail)
    }

    /// A refusal with a code of the table, answered with the code's status.
    pub fn refused(code: Code, detail: impl Into<String>) -> ApiError {
        ApiError::Refused {
            code,
            detail: detail.into(),
        }
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        match self {
            ApiError::Http(status) => *status,
            other => StatusCode::from_u16(other.code().status())
                .unwrap_or(StatusCode::INTERNAL_SERVER_ERROR),
        }
    }

    fn error_response(&self) -> HttpResponse {
        let mut res = HttpResponse::build(self.status_code());
        res.insert_header((
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/problem+json"),
        ));
        match self {
            ApiError::RateLimited {
                retry_after,
                policy,
            } => {
                // The fields of the IETF httpapi RateLimit headers draft, beside Retry-After.
                res.insert_header((header::RETRY_AFTER, retry_after.to_string()));
                res.insert_header(("RateLimit-Limit", policy.allowance.to_string()));
                res.insert_header(("RateLimit-Remaining", "0"));
                res.insert_header(("RateLimit-Reset", retry_after.to_string()));
                res.insert_header((
                    super::ratelimit::RATELIMIT_POLICY,
                    super::ratelimit::policy_header(policy),
                ));
                res.insert_header((
                    super::ratelimit::RATELIMIT,
                    super::ratelimit::state_header(policy, 0, *retry_after),
                ));
            }
            ApiError::StoreFull { retry_after } => {
                res.insert_header((header::RETRY_AFTER, retry_after.to_string()));
            }
            ApiError::RequestTimeout { .. } => {
                // The rest of the body may still be on its way: the connection cannot be reused.
                res.force_close();
            }
            ApiError::Unavailable => {
                res.insert_header((header::RETRY_AFTER, "1"));
            }
            ApiError::MissingToken | ApiError::MalformedAuthorization => {
                res.insert_header((header::WWW_AUTHENTICATE, "Bearer"));
            }
            ApiError::Refused {
                code: Code::MissingBotKey,
                ..
            } => {
                res.insert_header((header::WWW_AUTHENTICATE, "Bot"));
            }
            ApiError::MethodNotAllowed { allow } => {
                res.insert_header((header::ALLOW, allow.as_str()));
            }
            _ => {}
        }
        res.body(serde_json::to_string(&self.problem()).unwrap_or_default())
    }
}

impl From<ActionError> for ApiError {
    fn from(e: ActionError) -> Self {
        ApiError::Illegal(e)
    }
}

impl From<RulesetError> for ApiError {
    fn from(e: RulesetError) -> Self {
        ApiError::InvalidRuleset(e)
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::Conflict { current } => ApiError::VersionConflict { current },
            StoreError::NotFound => ApiError::GameNotFound(String::new()),
            StoreError::Full => ApiError::StoreFull {
                retry_after: STORE_FULL_RETRY_AFTER,
            },
            StoreError::InvalidKey(reason) => {
                ApiError::bad_request(Code::InvalidIdempotencyKey, reason)
            }
            StoreError::Unavailable(reason) => {
                tracing::warn!(%reason, "store unavailable");
                ApiError::Unavailable
            }
            other => {
                tracing::error!(error = %other, "store error");
                ApiError::Internal
            }
        }
    }
}

/// The `Retry-After` of `store_full`: games expire over hours, but finished ones and abandoned
/// claims free room sooner.
const STORE_FULL_RETRY_AFTER: u64 = 60;

/// The `type` URI of a problem with this code.
pub fn problem_type(code: Code) -> String {
    format!("https://hasenpfeffer.dev/problems/{code}")
}

/// Maps a JSON body error (serde's message) to a 400 with a precise code.
pub fn json_error(err: &serde_json::Error) -> ApiError {
    let msg = err.to_string();
    let code = if msg.contains("unknown field") {
        Code::UnknownField
    } else if msg.contains("duplicate field") {
        Code::DuplicateField
    } else if msg.contains("unknown variant") {
        Code::InvalidValue
    } else if err.is_syntax() || err.is_eof() {
        Code::MalformedJson
    } else if msg.contains("not a card code") {
        Code::InvalidCard
    } else {
        Code::InvalidBody
    };
    ApiError::bad_request(code, format!("invalid request body: {msg}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Card;
    use actix_web::body::MessageBody;

    fn wire(e: ApiError) -> (u16, serde_json::Value, Option<String>) {
        let res = e.error_response();
        let status = res.status().as_u16();
        let ctype = res
            .headers()
            .get(header::CONTENT_TYPE)
            .map(|v| v.to_str().unwrap().to_owned());
        let body = res.into_body().try_into_bytes().unwrap();
        assert_eq!(ctype.as_deref(), Some("application/problem+json"));
        let retry = None;
        (status, serde_json::from_slice(&body).unwrap(), retry)
    }

    /// Every code the engine can give maps to a row of the table, with the status the
    /// engine's errors answer with: its action errors' codes (`ActionError::CODES`) and its
    /// ruleset errors' (each `invalid("..")` and `code: ".."` in the engine's source).
    #[test]
    fn every_engine_code_maps_into_the_table() {
        fn rust_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
            for e in std::fs::read_dir(dir).unwrap() {
                let p = e.unwrap().path();
                if p.is_dir() {
                    rust_files(&p, out);
                } else if p.extension().is_some_and(|x| x == "rs") {
                    out.push(p);
                }
            }
        }
        fn literal_after(text: &str) -> Option<&str> {
            let rest = text.trim_start().strip_prefix('"')?;
            let end = rest.find('"')?;
            let lit = &rest[..end];
            (!lit.is_empty()
                && lit
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_'))
            .then_some(lit)
        }
        for code in ActionError::CODES {
            let mapped = Code::named(code).unwrap_or_else(|| panic!("{code} is not mapped"));
            assert_eq!(mapped.status(), 422, "{code}");
            assert_eq!(mapped.title(), "Illegal action", "{code}");
        }
        let mut files = Vec::new();
        rust_files(
            std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src/engine")),
            &mut files,
        );
        let mut found = std::collections::BTreeSet::new();
        for f in &files {
            let text = std::fs::read_to_string(f).unwrap();
            let text = text.split("#[cfg(test)]").next().unwrap_or("");
            for marker in ["code: ", "invalid("] {
                for (at, _) in text.match_indices(marker) {
                    if let Some(lit) = literal_after(&text[at + marker.len()..]) {
                        found.insert(lit.to_owned());
                    }
                }
            }
        }
        assert!(
            found.len() >= 8,
            "the scan found the ruleset codes: {found:?}"
        );
        for code in &found {
            let mapped = Code::named(code).unwrap_or_else(|| panic!("{code} is not mapped"));
            assert_eq!(mapped.status(), 422, "{code}");
        }
    }

    /// Each code answers with its row's status and title, and no name is given twice.
    #[test]
    fn the_table_is_what_is_answered() {
        let mut seen = std::collections::HashSet::new();
        for code in Code::ALL {
            assert!(seen.insert(code.as_str()), "{code} twice");
            let e = ApiError::refused(*code, "x");
            assert_eq!(e.status_code().as_u16(), code.status(), "{code}");
            let p = e.problem();
            assert_eq!(p.title, code.title());
            assert_eq!(p.code, code.as_str());
        }
    }

    #[test]
    fn problem_documents_have_a_stable_shape() {
        let cases: Vec<(ApiError, u16, &str)> = vec![
            (
                ApiError::bad_request(Code::MalformedJson, "x"),
                400,
                "malformed_json",
            ),
            (ApiError::MissingToken, 401, "missing_token"),
            (ApiError::InvalidToken, 403, "invalid_token"),
            (ApiError::GameNotFound("abc".into()), 404, "game_not_found"),
            (
                ApiError::VersionConflict { current: 7 },
                409,
                "version_conflict",
            ),
            (
                ApiError::Illegal(ActionError::CardNotInHand { card: Card::JOKER }),
                422,
                "card_not_in_hand",
            ),
            (
                ApiError::PayloadTooLarge { limit: 10 },
                413,
                "payload_too_large",
            ),
            (
                ApiError::UnsupportedMediaType,
                415,
                "unsupported_media_type",
            ),
            (
                ApiError::RateLimited {
                    retry_after: 2,
                    policy: RatePolicy {
                        name: "requests",
                        allowance: 50,
                        window_secs: 1,
                        burst: 100,
                    },
                },
                429,
                "rate_limited",
            ),
            (ApiError::Unavailable, 503, "store_unavailable"),
            (ApiError::StoreFull { retry_after: 60 }, 503, "store_full"),
            (ApiError::RequestTimeout { ms: 10 }, 408, "request_timeout"),
            (ApiError::Http(StatusCode::NOT_FOUND), 404, "not_found"),
            (ApiError::Http(StatusCode::URI_TOO_LONG), 414, "bad_request"),
        ];
        for (err, status, code) in cases {
            let (s, body, _) = wire(err);
            assert_eq!(s, status);
            assert_eq!(body["status"], status);
            assert_eq!(body["code"], code);
            assert_eq!(
                body["type"],
                format!("https://hasenpfeffer.dev/problems/{code}")
            );
            assert!(body["title"].as_str().is_some_and(|t| !t.is_empty()));
            assert!(body["detail"].as_str().is_some_and(|t| !t.is_empty()));
        }
        let (_, body, _) = wire(ApiError::VersionConflict { current: 7 });
        assert_eq!(body["current_version"], 7);
        let (_, body, _) = wire(ApiError::Illegal(ActionError::CardNotInHand {
            card: Card::JOKER,
        }));
        assert_eq!(body["detail"], "JK is not in your hand");
    }
}
