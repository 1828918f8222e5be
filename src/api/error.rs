//! The service's errors on the wire: RFC 9457 problem documents with a stable `code`, and the
//! status of the code's row in the one table ([`crate::error`]).

use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpResponse, ResponseError};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Every way a request can fail: the service's one error type, as the edge names it.
pub use crate::error::Error as ApiError;
pub use crate::error::{Code, RatePolicy, codes};

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
    /// The limit's name: `requests` (every request of a client address, `RATE_LIMIT_PER_SEC`),
    /// `bot_registrations` (`POST /v1/bots` per client address,
    /// `BOT_REGISTRATIONS_PER_HOUR`), or, with `too_many_streams`, `streams_per_client` or
    /// `streams_per_bot` (event streams and long polls open at once, `STREAMS_PER_CLIENT`,
    /// `STREAMS_PER_BOT`).
    pub limit: String,
    /// Requests allowed per window, sustained (for open streams: how many may be open at once).
    pub allowance: u32,
    /// The window, in seconds (0 for open streams: a count, not a rate).
    pub window_secs: u64,
    /// The most requests allowed at once (the bucket's size).
    pub burst: u32,
    /// Seconds until the next request is allowed (as `Retry-After`).
    pub reset_secs: u64,
}

impl ApiError {
    fn title(&self) -> &'static str {
        match self {
            ApiError::Http(status) => StatusCode::from_u16(*status)
                .ok()
                .and_then(|s| s.canonical_reason())
                .unwrap_or("HTTP error"),
            other => other.code().title(),
        }
    }

    /// The problem document.
    pub fn problem(&self) -> Problem {
        Problem {
            kind: problem_type(self.code()),
            title: self.title().into(),
            status: self.status(),
            detail: self.to_string(),
            code: self.code().as_str().into(),
            current_version: match self {
                ApiError::VersionConflict { current } => Some(*current),
                _ => None,
            },
            retry_after: match self {
                ApiError::RateLimited { retry_after, .. }
                | ApiError::TooManyStreams { retry_after, .. }
                | ApiError::StoreFull { retry_after } => Some(*retry_after),
                _ => None,
            },
            rate_limit: match self {
                ApiError::RateLimited {
                    retry_after,
                    policy,
                }
                | ApiError::TooManyStreams {
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
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        StatusCode::from_u16(self.status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
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
            }
            | ApiError::TooManyStreams {
                retry_after,
                policy,
            } => {
                // The fields of the IETF httpapi RateLimit headers draft, beside Retry-After.
                res.insert_header((header::RETRY_AFTER, retry_after.to_string()));
                res.insert_header(("RateLimit-Limit", policy.allowance.to_string()));
                res.insert_header(("RateLimit-Remaining", "0"));
                res.insert_header(("RateLimit-Reset", retry_after.to_string()));
                res.insert_header((RATELIMIT_POLICY, policy_header(policy)));
                res.insert_header((RATELIMIT, state_header(policy, 0, *retry_after)));
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

/// The `RateLimit-Policy` header's name.
pub const RATELIMIT_POLICY: &str = "ratelimit-policy";
/// The `RateLimit` header's name.
pub const RATELIMIT: &str = "ratelimit";

/// `RateLimit-Policy: "<name>";q=<allowance>;w=<window>;burst=<burst>`: the limit.
pub fn policy_header(policy: &RatePolicy) -> HeaderValue {
    let value = format!(
        "\"{}\";q={};w={};burst={}",
        policy.name, policy.allowance, policy.window_secs, policy.burst
    );
    HeaderValue::from_str(&value).unwrap_or_else(|_| HeaderValue::from_static("\"requests\""))
}

/// `RateLimit: "<name>";r=<remaining>;t=<seconds>`: the requests left now, and the seconds until
/// the bucket is whole again (with `r=0`, until the next request is allowed).
pub fn state_header(policy: &RatePolicy, remaining: u32, secs: u64) -> HeaderValue {
    let value = format!("\"{}\";r={remaining};t={secs}", policy.name);
    HeaderValue::from_str(&value).unwrap_or_else(|_| HeaderValue::from_static("\"requests\""))
}

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
    use crate::engine::{ActionError, Card};
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
            (ApiError::Http(404), 404, "not_found"),
            (ApiError::Http(414), 414, "bad_request"),
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
