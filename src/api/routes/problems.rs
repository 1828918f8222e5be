//! The problem answers several operations share, each written once for their OpenAPI
//! annotations (`responses(..., GameNotFound, StoreUnavailable)`): the same status, description
//! and example wherever they appear. (The `type`, `title` and `status` of every example come
//! from the code table, `api::error::Code`.)
#![allow(dead_code)] // the types exist for their derived `IntoResponses`

use utoipa::IntoResponses;

use crate::api::error::Problem;

/// 404 `game_not_found`.
#[derive(IntoResponses)]
#[response(
    status = 404,
    description = "No such game.",
    content_type = "application/problem+json",
    example = json!({"detail": "no game with id `k3x9p2m7q4w8z5ab` (games expire after a period without moves)", "code": "game_not_found"})
)]
pub struct GameNotFound(Problem);

/// 403 `invalid_token`.
#[derive(IntoResponses)]
#[response(
    status = 403,
    description = "The token is not valid for this game.",
    content_type = "application/problem+json",
    example = json!({"detail": "the token is not valid for any seat of this game", "code": "invalid_token"})
)]
pub struct InvalidToken(Problem);

/// 413 `payload_too_large`.
#[derive(IntoResponses)]
#[response(
    status = 413,
    description = "The body is too large.",
    content_type = "application/problem+json",
    example = json!({"detail": "the request body is larger than the limit of 65536 bytes", "code": "payload_too_large"})
)]
pub struct PayloadTooLarge(Problem);

/// 415 `unsupported_media_type`.
#[derive(IntoResponses)]
#[response(
    status = 415,
    description = "The body is not JSON: send `Content-Type: application/json`.",
    content_type = "application/problem+json",
    example = json!({"detail": "send the body as JSON (Content-Type: application/json)", "code": "unsupported_media_type"})
)]
pub struct UnsupportedMediaType(Problem);

/// 503 `store_unavailable`.
#[derive(IntoResponses)]
#[response(
    status = 503,
    description = "The store is unavailable.",
    content_type = "application/problem+json",
    example = json!({"detail": "the game store is unavailable; retry shortly", "code": "store_unavailable"})
)]
pub struct StoreUnavailable(Problem);
