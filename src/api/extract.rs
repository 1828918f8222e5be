//! What a request names, parsed once at the edge into types (actix extractors): the game's id
//! (the `{id}` path segment), the seat token, the `If-Match` version and the `Idempotency-Key`.
//! A value of one of these types is valid; the service takes them and checks nothing again.

use std::future::{Ready, ready};

use actix_web::dev::Payload;
use actix_web::http::header::{self, Header as _};
use actix_web::{FromRequest, HttpRequest, web};

use super::auth::bearer;
use super::error::{ApiError, Code};
pub use crate::games::{GameId, IDEMPOTENCY_KEY_MAX, IdempotencyKey};

/// The `{id}` path parameter as the OpenAPI document shows it: its pattern is what
/// [`GameId::parse`] takes.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Path)]
#[allow(dead_code)]
pub struct GamePath {
    /// The game's id (the `game_id` of `POST /v1/games`).
    #[param(pattern = "^[A-Za-z0-9_-]{1,64}$")]
    id: String,
}

impl FromRequest for GameId {
    type Error = ApiError;
    type Future = Ready<Result<GameId, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        // As `web::Path<String>` decodes the segment.
        let id = web::Path::<String>::extract(req)
            .into_inner()
            .map_err(|_| ApiError::GameNotFound(String::new()))
            .and_then(|id| GameId::parse(&id));
        ready(id)
    }
}

/// The seat token of `Authorization: Bearer <token>`, where one is required: `missing_token`
/// without the header, `malformed_authorization` or `invalid_token` for a bad one.
#[derive(Debug, Clone)]
pub struct SeatToken(pub String);

impl std::ops::Deref for SeatToken {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl FromRequest for SeatToken {
    type Error = ApiError;
    type Future = Ready<Result<SeatToken, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(bearer(req).and_then(|t| t.map(SeatToken).ok_or(ApiError::MissingToken)))
    }
}

/// The seat token where it is optional (a spectator sends none); a malformed header is still
/// refused.
#[derive(Debug, Clone)]
pub struct MaybeSeatToken(pub Option<String>);

impl MaybeSeatToken {
    /// The token, if one was sent.
    pub fn as_deref(&self) -> Option<&str> {
        self.0.as_deref()
    }
}

impl FromRequest for MaybeSeatToken {
    type Error = ApiError;
    type Future = Ready<Result<MaybeSeatToken, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(bearer(req).map(MaybeSeatToken))
    }
}

/// A version number as headers carry it: 1 to 18 digits (so it fits the documented int64).
pub fn version_digits(text: &str) -> Option<u64> {
    if (1..=18).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_digit()) {
        text.parse().ok()
    } else {
        None
    }
}

/// The `Last-Event-ID` header of a stream's reconnection: the `id` of the last event the
/// client received (a game's version, an inbox entry's id), 1 to 18 digits;
/// `invalid_last_event_id` otherwise. Read in the handler's body, after its other checks (a
/// caller without a valid key hears that first).
pub fn last_event_id(req: &HttpRequest) -> Result<Option<u64>, ApiError> {
    let Some(v) = req.headers().get("last-event-id") else {
        return Ok(None);
    };
    v.to_str()
        .ok()
        .and_then(|s| version_digits(s.trim()))
        .map(Some)
        .ok_or_else(|| {
            ApiError::bad_request(
                Code::InvalidLastEventId,
                "Last-Event-ID must be the id of an event you received (1 to 18 digits)",
            )
        })
}

/// The version an `If-Match` header names: `"12"` or `W/"12"` (one entity tag, read by actix's
/// [`header::IfMatch`]), or `12`; `*` or no header is any version (None). Exactly what the
/// documented pattern `^(\*|(W/)?"[0-9]{1,18}"|[0-9]{1,18})$` allows; `invalid_if_match`
/// otherwise.
#[derive(Debug, Clone, Copy)]
pub struct IfMatchVersion(pub Option<u64>);

impl IfMatchVersion {
    fn parse(req: &HttpRequest) -> Result<IfMatchVersion, ApiError> {
        let Some(raw) = req.headers().get(header::IF_MATCH) else {
            return Ok(IfMatchVersion(None));
        };
        let version = match header::IfMatch::parse(req) {
            Ok(header::IfMatch::Any) => return Ok(IfMatchVersion(None)),
            Ok(header::IfMatch::Items(tags)) if tags.len() == 1 => version_digits(tags[0].tag()),
            // An unquoted version (which is not an entity tag).
            _ => raw.to_str().ok().and_then(|t| version_digits(t.trim())),
        };
        version.map(|v| IfMatchVersion(Some(v))).ok_or_else(|| {
            ApiError::bad_request(
                Code::InvalidIfMatch,
                "If-Match must be the game's version, as given in the ETag header (for example \"12\")",
            )
        })
    }
}

impl FromRequest for IfMatchVersion {
    type Error = ApiError;
    type Future = Ready<Result<IfMatchVersion, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(IfMatchVersion::parse(req))
    }
}

/// The request's `Idempotency-Key`, if it sent one.
#[derive(Debug, Clone)]
pub struct MaybeIdempotencyKey(pub Option<IdempotencyKey>);

impl FromRequest for MaybeIdempotencyKey {
    type Error = ApiError;
    type Future = Ready<Result<MaybeIdempotencyKey, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(
            req.headers()
                .get("idempotency-key")
                .map(|v| IdempotencyKey::parse(v.as_bytes()))
                .transpose()
                .map(MaybeIdempotencyKey),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    fn if_match(value: &str) -> Result<Option<u64>, ApiError> {
        let req = TestRequest::default()
            .insert_header((header::IF_MATCH, value))
            .to_http_request();
        IfMatchVersion::parse(&req).map(|v| v.0)
    }

    #[test]
    fn if_match_takes_exactly_the_documented_forms() {
        assert_eq!(if_match("\"12\""), Ok(Some(12)));
        assert_eq!(if_match("W/\"12\""), Ok(Some(12)));
        assert_eq!(if_match("12"), Ok(Some(12)));
        assert_eq!(if_match("*"), Ok(None));
        for bad in [
            "",
            "\"\"",
            "\"1\", \"2\"",
            "w/\"12\"",
            "\"abc\"",
            "\"12",
            "W/12",
            "1234567890123456789",
            "\"-1\"",
        ] {
            let err = if_match(bad).expect_err(bad);
            assert_eq!(err.code(), Code::InvalidIfMatch, "{bad}");
        }
    }
}
