//! Operations: liveness, readiness, metrics.

use crate::api::routes::problems::StoreUnavailable;
use actix_web::{HttpResponse, get, web};

use crate::api::error::ApiError;
use crate::api::wire::Health;
use crate::games::GameService;

/// Liveness.
///
/// The process is up; it does not touch the store.
#[utoipa::path(
    tag = "operations",
    operation_id = "healthz",
    responses((status = 200, description = "Alive.", body = Health))
)]
#[get("/healthz")]
pub async fn healthz(svc: web::Data<GameService>) -> HttpResponse {
    HttpResponse::Ok().json(Health {
        status: "ok".into(),
        store: svc.store().backend().into(),
    })
}

/// Readiness.
///
/// The store answers (one round trip to Redis).
#[utoipa::path(
    tag = "operations",
    operation_id = "readyz",
    responses(
        (status = 200, description = "Ready.", body = Health),
        StoreUnavailable,
    )
)]
#[get("/readyz")]
pub async fn readyz(svc: web::Data<GameService>) -> Result<HttpResponse, ApiError> {
    svc.ready().await?;
    Ok(HttpResponse::Ok().json(Health {
        status: "ok".into(),
        store: svc.store().backend().into(),
    }))
}

/// Prometheus metrics.
///
/// Requests by route and status with latency histograms, games created and finished, actions
/// applied and rejected, in the Prometheus text format.
#[utoipa::path(
    tag = "operations",
    operation_id = "metrics",
    responses((status = 200, description = "Metrics in the Prometheus text format.", body = String, content_type = "text/plain",
        example = json!("hasenpfeffer_games_created_total 3\n")))
)]
#[get("/metrics")]
pub async fn metrics(svc: web::Data<GameService>) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/plain; version=0.0.4")
        .body(svc.metrics().render())
}
