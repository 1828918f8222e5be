//! HTTP handlers, one file per resource: each reads the request, calls the service and
//! answers, with its OpenAPI annotations, its query types and the errors it documents. Bodies
//! are read in [`crate::api::body`]; the helpers every resource shares live here.

use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, web};
use serde::de::DeserializeOwned;

use super::error::{ApiError, Code};
use crate::games::ViewJson;
use crate::platform::Platform;

pub mod actions;
pub mod arenas;
pub mod bots;
pub mod challenges;
pub mod events;
pub mod games;
pub mod health;
pub mod inbox;
pub mod lobby;
pub mod matches;
pub mod problems;
pub mod queue;
pub mod rulesets;
pub mod seats;

pub use super::body::BodyLimit;

pub(crate) fn etag(version: u64) -> (header::HeaderName, HeaderValue) {
    (
        header::ETAG,
        HeaderValue::from_str(&format!("\"{version}\""))
            .unwrap_or(HeaderValue::from_static("\"0\"")),
    )
}

pub(crate) fn view_response(view: ViewJson) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header(etag(view.version))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .content_type("application/json")
        .body(view.json)
}

pub(crate) fn query<T: DeserializeOwned>(req: &HttpRequest) -> Result<T, ApiError> {
    web::Query::<T>::from_query(req.query_string())
        .map(web::Query::into_inner)
        .map_err(|e| {
            ApiError::bad_request(Code::InvalidQuery, format!("invalid query string: {e}"))
        })
}

/// A query's count `name` (`given`, else `default`), refused (`invalid_query`) outside 1 to
/// `max`.
pub(crate) fn bounded(
    name: &str,
    given: Option<usize>,
    default: usize,
    max: usize,
) -> Result<usize, ApiError> {
    let n = given.unwrap_or(default);
    if !(1..=max).contains(&n) {
        return Err(ApiError::bad_request(
            Code::InvalidQuery,
            format!("invalid query string: `{name}` must be between 1 and {max}"),
        ));
    }
    Ok(n)
}

/// A query's `preset` filter, refused (`invalid_query`) unless the server offers it.
pub(crate) fn offered(preset: Option<crate::engine::Preset>) -> Result<(), ApiError> {
    if preset.is_some_and(|p| !crate::engine::Preset::ALL.contains(&p)) {
        return Err(ApiError::bad_request(
            Code::InvalidQuery,
            "invalid query string: `preset` must be one of GET /v1/rulesets's presets",
        ));
    }
    Ok(())
}

/// The bot a request comes from, by its `Authorization: Bot <api_key>`: required
/// (`missing_bot_key` without one, `invalid_bot_key` for a key that is no bot's). The inbox,
/// matchmaking and matches take it; a seat claim takes the key optionally.
pub(crate) async fn the_bot(svc: &Platform, req: &HttpRequest) -> Result<String, ApiError> {
    match crate::api::auth::bot_key(req)? {
        Some(key) => svc.bot_of_key(&key).await,
        None => Err(ApiError::refused(
            Code::MissingBotKey,
            "this endpoint is for bot accounts: send `Authorization: Bot <api_key>` (POST /v1/bots \
             registers one)",
        )),
    }
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
