//! The one error type on the wire: RFC 9457 problem documents with a stable `code`.

use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpResponse, ResponseError};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::engine::{ActionError, RulesetError};
use crate::store::StoreError;

/// An RFC 9457 problem document (`application/problem+json`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(example = json!({
    "type": "https://hasenpfeffer.dev/problems/must_follow_suit",
    "title": "Illegal action",
    "status": 422,
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
    pub code: String,
    /// The current version of the game (for `version_conflict`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub current_version: Option<u64>,
    /// Seconds to wait before retrying (for `rate_limited`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retry_after: Option<u64>,
}

/// Every way a request can fail.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ApiError {
    /// The request is malformed (bad JSON, unknown field, wrong type, bad parameter).
    #[error("{detail}")]
    BadRequest {
        /// The code.
        code: &'static str,
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
    /// A conflict with the game's state that is not a version mismatch.
    #[error("{detail}")]
    Conflict {
        /// The code.
        code: &'static str,
        /// Details.
        detail: String,
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
    #[error("too many requests: slow down and retry after {retry_after} s")]
    RateLimited {
        /// Seconds to wait.
        retry_after: u64,
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
    pub fn code(&self) -> &'static str {
        match self {
            ApiError::BadRequest { code, .. } | ApiError::Conflict { code, .. } => code,
            ApiError::MissingToken => "missing_token",
            ApiError::MalformedAuthorization => "malformed_authorization",
            ApiError::MethodNotAllowed { .. } => "method_not_allowed",
            ApiError::InvalidToken => "invalid_token",
            ApiError::GameNotFound(_) => "game_not_found",
            ApiError::RouteNotFound(_) => "not_found",
            ApiError::VersionConflict { .. } => "version_conflict",
            ApiError::Illegal(e) => e.code(),
            ApiError::InvalidRuleset(e) => e.code,
            ApiError::PayloadTooLarge { .. } => "payload_too_large",
            ApiError::UnsupportedMediaType => "unsupported_media_type",
            ApiError::RateLimited { .. } => "rate_limited",
            ApiError::Unavailable => "store_unavailable",
            ApiError::StoreFull { .. } => "store_full",
            ApiError::RequestTimeout { .. } => "request_timeout",
            ApiError::Http(status) => match status.as_u16() {
                404 => "not_found",
                405 => "method_not_allowed",
                408 => "request_timeout",
                413 => "payload_too_large",
                500..=599 => "internal",
                _ => "bad_request",
            },
            ApiError::Internal => "internal",
        }
    }

    fn title(&self) -> &'static str {
        match self {
            ApiError::BadRequest { .. } => "Malformed request",
            ApiError::MissingToken => "Missing seat token",
            ApiError::MalformedAuthorization => "Malformed Authorization header",
            ApiError::MethodNotAllowed { .. } => "Method not allowed",
            ApiError::InvalidToken => "Invalid seat token",
            ApiError::GameNotFound(_) => "Game not found",
            ApiError::RouteNotFound(_) => "Not found",
            ApiError::VersionConflict { .. } => "Version conflict",
            ApiError::Conflict { .. } => "Conflict",
            ApiError::Illegal(_) => "Illegal action",
            ApiError::InvalidRuleset(_) => "Invalid game settings",
            ApiError::PayloadTooLarge { .. } => "Payload too large",
            ApiError::UnsupportedMediaType => "Unsupported media type",
            ApiError::RateLimited { .. } => "Too many requests",
            ApiError::Unavailable | ApiError::StoreFull { .. } => "Service unavailable",
            ApiError::RequestTimeout { .. } => "Request timeout",
            ApiError::Http(status) => status.canonical_reason().unwrap_or("HTTP error"),
            ApiError::Internal => "Internal error",
        }
    }

    /// The problem document.
    pub fn problem(&self) -> Problem {
        Problem {
            kind: format!("https://hasenpfeffer.dev/problems/{}", self.code()),
            title: self.title().into(),
            status: self.status_code().as_u16(),
            detail: self.to_string(),
            code: self.code().into(),
            current_version: match self {
                ApiError::VersionConflict { current } => Some(*current),
                _ => None,
            },
            retry_after: match self {
                ApiError::RateLimited { retry_after } | ApiError::StoreFull { retry_after } => {
                    Some(*retry_after)
                }
                _ => None,
            },
        }
    }

    /// A 400 with a code.
    pub fn bad_request(code: &'static str, detail: impl Into<String>) -> ApiError {
        ApiError::BadRequest {
            code,
            detail: detail.into(),
        }
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        match self {
            ApiError::BadRequest { .. } => StatusCode::BAD_REQUEST,
            ApiError::MissingToken | ApiError::MalformedAuthorization => StatusCode::UNAUTHORIZED,
            ApiError::MethodNotAllowed { .. } => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::InvalidToken => StatusCode::FORBIDDEN,
            ApiError::GameNotFound(_) | ApiError::RouteNotFound(_) => StatusCode::NOT_FOUND,
            ApiError::VersionConflict { .. } | ApiError::Conflict { .. } => StatusCode::CONFLICT,
            ApiError::Illegal(_) | ApiError::InvalidRuleset(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::PayloadTooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::UnsupportedMediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::RateLimited { .. } => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Unavailable | ApiError::StoreFull { .. } => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::RequestTimeout { .. } => StatusCode::REQUEST_TIMEOUT,
            ApiError::Http(status) => *status,
            ApiError::Internal => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        let mut res = HttpResponse::build(self.status_code());
        res.insert_header((
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/problem+json"),
        ));
        match self {
            ApiError::RateLimited { retry_after } | ApiError::StoreFull { retry_after } => {
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
                ApiError::bad_request("invalid_idempotency_key", reason)
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

/// Maps a JSON body error (serde's message) to a 400 with a precise code.
pub fn json_error(err: &serde_json::Error) -> ApiError {
    let msg = err.to_string();
    let code = if msg.contains("unknown field") {
        "unknown_field"
    } else if msg.contains("duplicate field") {
        "duplicate_field"
    } else if msg.contains("unknown variant") {
        "invalid_value"
    } else if err.is_syntax() || err.is_eof() {
        "malformed_json"
    } else if msg.contains("not a card code") {
        "invalid_card"
    } else {
        "invalid_body"
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

    #[test]
    fn problem_documents_have_a_stable_shape() {
        let cases: Vec<(ApiError, u16, &str)> = vec![
            (
                ApiError::bad_request("malformed_json", "x"),
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
                ApiError::RateLimited { retry_after: 2 },
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
