//! The one error type of the service and the one table of its codes: every way a request can
//! fail, each with a stable `code` (a row of [`make_error_codes!`]: its name, the HTTP status it
//! answers with and its title). The game core and the platform answer these; `api` turns them
//! into a status and an RFC 9457 problem document (`api::error`), and nothing here knows HTTP
//! beyond the status numbers of the table.

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
    /// Answering a challenge made to another bot, or canceling another bot's.
    NotYourChallenge = "not_your_challenge", 403, "Forbidden";
    /// `Authorization: Bot <key>` with a key that is no bot's.
    InvalidBotKey = "invalid_bot_key", 403, "Invalid bot key";
    GameNotFound = "game_not_found", 404, "Game not found";
    /// No bot account has this name.
    BotNotFound = "bot_not_found", 404, "Bot not found";
    /// A bot with no rated game in the pool asked for (`GET /v1/bots/{name}/ratings/{pool}`).
    RatingNotFound = "rating_not_found", 404, "Rating not found";
    /// No rated pool has this name (`GET /v1/leaderboards` lists them).
    PoolNotFound = "pool_not_found", 404, "Pool not found";
    /// No challenge has this id (or it expired).
    ChallengeNotFound = "challenge_not_found", 404, "Challenge not found";
    /// No duplicate match has this id (or it expired).
    MatchNotFound = "match_not_found", 404, "Match not found";
    /// No arena has this id (or it expired: an arena is kept a day after its last change).
    ArenaNotFound = "arena_not_found", 404, "Arena not found";
    /// Leaving a queue the bot does not wait in.
    TicketNotFound = "ticket_not_found", 404, "Ticket not found";
    NotFound = "not_found", 404, "Not found";
    MethodNotAllowed = "method_not_allowed", 405, "Method not allowed";
    /// An `Accept-Encoding` that refuses every encoding the server has, identity included.
    EncodingNotAcceptable = "encoding_not_acceptable", 406, "Not acceptable";
    RequestTimeout = "request_timeout", 408, "Request timeout";
    VersionConflict = "version_conflict", 409, "Version conflict";
    SeatTaken = "seat_taken", 409, "Conflict";
    NoFreeSeat = "no_free_seat", 409, "Conflict";
    NothingHidden = "nothing_hidden", 409, "Conflict";
    GameNotStarted = "game_not_started", 409, "Conflict";
    IdempotencyKeyReused = "idempotency_key_reused", 409, "Conflict";
    /// A bot name that is registered already (names are unique regardless of case).
    NameTaken = "name_taken", 409, "Conflict";
    /// A bot name, or a guest's seat name, that reads as a registered bot's (the same Unicode
    /// confusable skeleton, UTS #39: `a1ice` and `alice`).
    NameConfusable = "name_confusable", 409, "Conflict";
    /// A bot claiming a second seat of one game.
    AlreadySeated = "already_seated", 409, "Conflict";
    /// A challenge the opponent's preferences refuse (the detail says which).
    ChallengeDeclined = "challenge_declined", 409, "Conflict";
    /// Answering or canceling a challenge that is no longer pending.
    ChallengeClosed = "challenge_closed", 409, "Conflict";
    /// `POST /v1/matches` naming another bot: it plays only a challenge it accepted.
    ChallengeRequired = "challenge_required", 409, "Conflict";
    /// The log of a game that is one play of a duplicate deal still being played in another
    /// seating: nothing of the deal is shown until every seating of it is over.
    DealInPlay = "deal_in_play", 409, "Conflict";
    /// A bot joining a queue while it waits in as many as it may.
    TooManyQueues = "too_many_queues", 409, "Conflict";
    /// A bot asking for a duplicate match while as many as it may run at once are running
    /// (`MATCHES_RUNNING_PER_BOT`).
    TooManyMatches = "too_many_matches", 409, "Conflict";
    /// A duplicate match asked for while as many as the server may run at once are running
    /// (`MATCHES_RUNNING`).
    MatchesFull = "matches_full", 409, "Conflict";
    /// Joining an arena that is over, or one whose last round has begun; leaving one the bot
    /// is not in.
    ArenaClosed = "arena_closed", 409, "Conflict";
    /// Joining an arena that has as many bots as it takes (`max_players`).
    ArenaFull = "arena_full", 409, "Conflict";
    /// A bot creating an arena while as many of its arenas as it may have are upcoming or
    /// running (`ARENAS_PER_BOT`).
    TooManyArenas = "too_many_arenas", 409, "Conflict";
    /// An arena created while as many as the server holds are upcoming or running
    /// (`ARENAS_ACTIVE`).
    ArenasFull = "arenas_full", 409, "Conflict";
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
    /// Two options of a ruleset that name one rule differently (`auction` and `auction_pass`).
    OptionsDisagree = "options_disagree", 422, "Invalid game settings";
    InvalidScenario = "invalid_scenario", 422, "Invalid game settings";
    WrongSeatCount = "wrong_seat_count", 422, "Invalid game settings";
    InvalidTurnTimeLimit = "invalid_turn_time_limit", 422, "Invalid game settings";
    /// A duplicate match that cannot be played: the same player twice, a caller that plays in
    /// neither seat, three teams, too many deals.
    InvalidMatch = "invalid_match", 422, "Invalid match";
    /// A challenge that cannot be played: to a house account or oneself, a rated duplicate
    /// match, a rated game of rules other than its preset's own.
    InvalidChallenge = "invalid_challenge", 422, "Invalid challenge";
    /// An arena that cannot be played: an option of the other kind, a rated arena that is
    /// not continuous or not of its preset's own rules, a bound out of range.
    InvalidArena = "invalid_arena", 422, "Invalid arena";
    /// A `fill_with_house_after_ms` out of bounds.
    InvalidFillWait = "invalid_fill_wait", 422, "Invalid game settings";
    /// A bot name of the house players' (`house-` and anything).
    NameReserved = "name_reserved", 422, "Name not available";
    RateLimited = "rate_limited", 429, "Too many requests";
    /// More event streams and long polls open at once than a client address or a bot may hold
    /// (`STREAMS_PER_CLIENT`, `STREAMS_PER_BOT`).
    TooManyStreams = "too_many_streams", 429, "Too many open streams";
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
pub enum Error {
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
    /// A client address or a bot holds as many event streams and long polls open as it may.
    #[error(
        "too many event streams and long polls open at once ({}: {} at once): close one, or wait \
         for one to end, and retry after {retry_after} s",
        policy.name, policy.allowance
    )]
    TooManyStreams {
        /// Seconds to wait.
        retry_after: u64,
        /// The limit reached (`window_secs` 0: a count of open streams, not a rate).
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
    Http(u16),
    /// Something that should not happen.
    #[error("internal error")]
    Internal,
}

impl Error {
    /// The stable code.
    pub fn code(&self) -> Code {
        match self {
            Error::Refused { code, .. } => *code,
            Error::MissingToken => Code::MissingToken,
            Error::MalformedAuthorization => Code::MalformedAuthorization,
            Error::MethodNotAllowed { .. } => Code::MethodNotAllowed,
            Error::InvalidToken => Code::InvalidToken,
            Error::GameNotFound(_) => Code::GameNotFound,
            Error::RouteNotFound(_) => Code::NotFound,
            Error::VersionConflict { .. } => Code::VersionConflict,
            // A code the table lacks is a bug (a unit test maps every engine code).
            Error::Illegal(e) => Code::named(e.code()).unwrap_or(Code::Internal),
            Error::InvalidRuleset(e) => Code::named(e.code).unwrap_or(Code::Internal),
            Error::PayloadTooLarge { .. } => Code::PayloadTooLarge,
            Error::UnsupportedMediaType => Code::UnsupportedMediaType,
            Error::RateLimited { .. } => Code::RateLimited,
            Error::TooManyStreams { .. } => Code::TooManyStreams,
            Error::Unavailable => Code::StoreUnavailable,
            Error::StoreFull { .. } => Code::StoreFull,
            Error::RequestTimeout { .. } => Code::RequestTimeout,
            Error::Http(status) => match *status {
                404 => Code::NotFound,
                405 => Code::MethodNotAllowed,
                408 => Code::RequestTimeout,
                413 => Code::PayloadTooLarge,
                500..=599 => Code::Internal,
                _ => Code::BadRequest,
            },
            Error::Internal => Code::Internal,
        }
    }

    /// The HTTP status it answers with: its code's (an error of the HTTP layer keeps its own).
    pub fn status(&self) -> u16 {
        match self {
            Error::Http(status) => *status,
            other => other.code().status(),
        }
    }

    /// A refusal with a code (a 400 for the malformed request's codes).
    pub fn bad_request(code: Code, detail: impl Into<String>) -> Error {
        Error::refused(code, detail)
    }

    /// A refusal with a code of the table, answered with the code's status.
    pub fn refused(code: Code, detail: impl Into<String>) -> Error {
        Error::Refused {
            code,
            detail: detail.into(),
        }
    }
}

impl From<ActionError> for Error {
    fn from(e: ActionError) -> Self {
        Error::Illegal(e)
    }
}

impl From<RulesetError> for Error {
    fn from(e: RulesetError) -> Self {
        Error::InvalidRuleset(e)
    }
}

impl From<StoreError> for Error {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::Conflict { current } => Error::VersionConflict { current },
            StoreError::NotFound => Error::GameNotFound(String::new()),
            StoreError::Full => Error::StoreFull {
                retry_after: STORE_FULL_RETRY_AFTER,
            },
            StoreError::InvalidKey(reason) => {
                Error::bad_request(Code::InvalidIdempotencyKey, reason)
            }
            StoreError::Unavailable(reason) => {
                tracing::warn!(%reason, "store unavailable");
                Error::Unavailable
            }
            other => {
                tracing::error!(error = %other, "store error");
                Error::Internal
            }
        }
    }
}

/// The `Retry-After` of `store_full`: games expire over hours, but finished ones and abandoned
/// claims free room sooner.
const STORE_FULL_RETRY_AFTER: u64 = 60;

#[cfg(test)]
mod tests {
    use super::*;

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
}
