//! The credentials a request carries: a seat token (`Authorization: Bearer <token>`) and a bot
//! key (`Authorization: Bot <key>`), read from the header. What they are, how they are made and
//! stored, is the game core's (`games::tokens`) and the platform's (`platform::accounts`).

use actix_web::HttpRequest;
use actix_web::http::header;

use super::error::ApiError;

/// The bot key of a request sent as `Authorization: Bot <key>`: None without an Authorization
/// header or with another scheme (a seat token's `Bearer` is left to the seat-token check), an
/// error for an empty or overlong key.
pub fn bot_key(req: &HttpRequest) -> Result<Option<String>, ApiError> {
    let Some(value) = req.headers().get(header::AUTHORIZATION) else {
        return Ok(None);
    };
    let Ok(text) = value.to_str() else {
        return Ok(None);
    };
    let mut parts = text.splitn(2, ' ');
    match (parts.next(), parts.next()) {
        (Some(scheme), rest) if scheme.eq_ignore_ascii_case("bot") => {
            let key = rest.unwrap_or("").trim();
            if key.is_empty() || key.len() > 256 {
                Err(ApiError::refused(
                    super::error::Code::InvalidBotKey,
                    "the bot key is not one the server gave (send `Authorization: Bot <api_key>`)",
                ))
            } else {
                Ok(Some(key.to_owned()))
            }
        }
        _ => Ok(None),
    }
}

/// The bearer token of a request: None without an Authorization header, an error for a
/// malformed one.
pub fn bearer(req: &HttpRequest) -> Result<Option<String>, ApiError> {
    let Some(value) = req.headers().get(header::AUTHORIZATION) else {
        return Ok(None);
    };
    let text = value.to_str().map_err(|_| ApiError::InvalidToken)?;
    let mut parts = text.splitn(2, ' ');
    match (parts.next(), parts.next()) {
        (Some(scheme), Some(token)) if scheme.eq_ignore_ascii_case("bearer") => {
            let token = token.trim();
            if token.is_empty() || token.len() > 256 {
                Err(ApiError::InvalidToken)
            } else {
                Ok(Some(token.to_owned()))
            }
        }
        _ => Err(ApiError::MalformedAuthorization),
    }
}
