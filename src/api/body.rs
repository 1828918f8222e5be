//! Request bodies: read under the size and time limits, checked to be JSON objects without
//! repeated keys, and decoded as the contract reads them (an action with a shortcut for the
//! usual case). Every handler that takes a body reads it here.

use std::time::Duration;

use actix_web::http::header;
use actix_web::{HttpRequest, web};
use futures_util::StreamExt;
use serde::Deserialize;
use serde::de::DeserializeOwned;

use super::error::{ApiError, Code, json_error};
use crate::engine::Action;

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
pub(crate) async fn read_json<T: DeserializeOwned>(
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
pub(crate) async fn read_action(
    req: &HttpRequest,
    payload: web::Payload,
) -> Result<Action, ApiError> {
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
/// but those without fields (a pass, an order up, the upcard left), whose unit variants would
/// ignore them: those, like anything serde does not read as it is (a number written as `4.0`,
/// for one), are left (None) to the general way, which also words the errors.
fn quick_action(body: &[u8]) -> Option<Action> {
    if body.trim_ascii_start().first() != Some(&b'{') {
        return None;
    }
    serde_json::from_slice(body)
        .ok()
        .filter(|action: &Action| !action.is_unit())
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
    // No body at all (or JSON's `null`, where the body is optional) means "none"; a body of
    // only whitespace is not JSON (schemathesis: a "\n" body was taken for none).
    if empty_ok && (body.is_empty() || body.trim_ascii() == b"null") {
        return Ok(None);
    }
    if body.iter().all(u8::is_ascii_whitespace) {
        return Err(ApiError::bad_request(
            Code::MalformedJson,
            if empty_ok {
                "the request body holds only whitespace: send a JSON object, or no body at all"
            } else {
                "the request body is empty; send a JSON object"
            },
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
pub(crate) const MAX_INT64: u64 = i64::MAX as u64;

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

// The action types without fields (`Action::UNIT_KINDS`): serde's internally tagged unit
// variants ignore extra fields, so those are refused here.

/// Parses an action object (refusing extra fields on the types without fields).
fn parse_action(body: serde_json::Value) -> Result<Action, ApiError> {
    if let Some(obj) = body.as_object()
        && let Some(kind) = obj.get("type").and_then(|t| t.as_str())
        && Action::UNIT_KINDS.contains(&kind)
        && let Some(extra) = obj.keys().find(|k| k.as_str() != "type")
    {
        return Err(ApiError::bad_request(
            Code::UnknownField,
            format!(
                "invalid request body: unknown field `{extra}`; a `{kind}` is `{{\"type\":\"{kind}\"}}`"
            ),
        ));
    }
    serde_json::from_value(body).map_err(|e| json_error(&e))
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
            r#"{"type":"name_trump","trump":"H"}"#,
            r#"{"type":"take_upcard","discard":"9C"}"#,
        ];
        for body in taken {
            let quick = quick_action(body.as_bytes());
            assert!(quick.is_some(), "{body} should take the shortcut");
            assert_eq!(quick, general(body).ok(), "{body}");
        }
        // Read by the general way only.
        let repaired = [
            r#"{"type":"pass"}"#,
            r#"{"type":"order_up"}"#,
            r#"{"type":"leave_upcard"}"#,
            r#"{"type":"stay"}"#,
            r#"{"type":"drop"}"#,
            r#"{"type":"pick_up"}"#,
            r#"{"type":"veto_alone"}"#,
            r#"{"type":"bid","tricks":4.0}"#,
            r#"{"type":"bid","tricks":4e0}"#,
        ];
        // Refused by the general way.
        let refused = [
            r#"{"type":"pass","tricks":4}"#,
            r#"{"type":"pass","ruleset":5}"#,
            r#"{"type":"pass","type":"pass"}"#,
            r#"{"type":"order_up","trump":"H"}"#,
            r#"{"type":"order_up","type":"order_up"}"#,
            r#"{"type":"leave_upcard","discard":"9C"}"#,
            r#"{"type":"stay","alone":true}"#,
            r#"{"type":"drop","drop":true}"#,
            r#"{"type":"pick_up_alone","alone":true}"#,
            r#"{"type":"allow","veto":false}"#,
            r#"{"type":"take_upcard","discard":["9C"]}"#,
            r#"{"type":"name_trump","trump":"H","extra":1}"#,
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
