//! HTTP handlers, one file per resource: each reads the request, calls the service and
//! answers, with its OpenAPI annotations, its query types and the errors it documents. Bodies
//! are read in [`crate::api::body`]; the helpers every resource shares live here.

use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, web};
use serde::de::DeserializeOwned;

use super::error::{ApiError, Code};
use super::wire::GameView;

pub mod actions;
pub mod events;
pub mod games;
pub mod health;
pub mod rulesets;
pub mod seats;

pub use super::body::BodyLimit;

/// A version number as headers carry it: 1 to 18 digits (so it fits the documented int64).
pub(crate) fn version_digits(text: &str) -> Option<u64> {
    if (1..=18).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_digit()) {
        text.parse().ok()
    } else {
        None
    }
}

/// The version an `If-Match` header names (`"12"`, `W/"12"` or `12`; `*` is any version): exactly
/// what the documented pattern `^(\*|(W/)?"[0-9]{1,18}"|[0-9]{1,18})$` allows.
pub(crate) fn if_match(req: &HttpRequest) -> Result<Option<u64>, ApiError> {
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

pub(crate) fn etag(version: u64) -> (header::HeaderName, HeaderValue) {
    (
        header::ETAG,
        HeaderValue::from_str(&format!("\"{version}\""))
            .unwrap_or(HeaderValue::from_static("\"0\"")),
    )
}

pub(crate) fn view_response(view: GameView) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header(etag(view.version))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(view)
}

pub(crate) fn query<T: DeserializeOwned>(req: &HttpRequest) -> Result<T, ApiError> {
    web::Query::<T>::from_query(req.query_string())
        .map(web::Query::into_inner)
        .map_err(|e| {
            ApiError::bad_request(Code::InvalidQuery, format!("invalid query string: {e}"))
        })
}

/// Any path that is not an endpoint.
pub async fn not_found(req: HttpRequest) -> Result<HttpResponse, ApiError> {
    if let Some(allow) = req
        .match_pattern()
        .and_then(|pattern| crate::api::allowed_methods(&pattern))
    {
        return Err(ApiError::MethodNotAllowed { allow });
    }
    Err(ApiError::RouteNotFound(
        req.path().chars().take(200).collect(),
    ))
}
