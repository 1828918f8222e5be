//! The HTTP API: handlers, the seat-token check, problem documents, the OpenAPI document and
//! Swagger UI, over the game service.

pub mod auth;
pub mod clock;
pub mod error;
pub mod events;
pub mod ratelimit;
pub mod routes;
mod schema;
pub mod service;
pub mod wire;

use std::time::Instant;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::{App, HttpResponse, web};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};
use utoipa_actix_web::AppExt;
use utoipa_swagger_ui::SwaggerUi;

use crate::metrics::Metrics;
use error::ApiError;
use service::GameService;
use utoipa::PartialSchema as _;

/// The top of the OpenAPI document; paths and schemas are collected from the handlers.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "Hasenpfeffer",
        description = "A game server for the Hasenpfeffer family of card games (Hasenpfeffer, Pepper, Double Hasenpfeffer), for bots and people.\n\n1. `POST /v1/games` with `{}` creates a game.\n2. `POST /v1/games/{id}/seats` claims a seat and returns its bearer token.\n3. `GET /v1/games/{id}` with `Authorization: Bearer <token>` shows your hand and `legal_actions`.\n4. Post any of the `legal_actions` back to `POST /v1/games/{id}/actions`.\n\nErrors are RFC 9457 problem documents with a stable `code`.",
        license(name = "MIT", identifier = "MIT"),
        contact(name = "Hasenpfeffer maintainers", url = "https://github.com/hasenpfeffer/hasenpfeffer"),
        version = "1.0.0"
    ),
    servers((url = "/", description = "This server")),
    modifiers(&SecurityAddon),
    tags(
        (name = "games", description = "Create games, claim seats, see the game."),
        (name = "actions", description = "Bid, exchange, play: every action answers with your new view."),
        (name = "rules", description = "The rulesets."),
        (name = "operations", description = "Health, readiness and metrics."),
    )
)]
pub struct ApiDoc;

struct SecurityAddon;

impl Modify for SecurityAddon {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "seat_token",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .description(Some(
                        "The token returned when you claim a seat (`hp_` and 64 hex digits).",
                    ))
                    .build(),
            ),
        );
    }
}

/// A real `GameView` as the schema's example (Swagger UI shows it for every view answer), and
/// `security: []` on the operations that take no token (so that no operation leaves its
/// security undefined; the ones where a token is optional list `{}` and `seat_token`).
/// (Applied once the handlers' paths and schemas are collected.)
struct ExamplesAddon;

impl Modify for ExamplesAddon {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::{RefOr, Schema};
        if let Some(components) = openapi.components.as_mut()
            && let Some(RefOr::T(Schema::AllOf(view))) = components.schemas.get_mut("GameView")
        {
            view.example = serde_json::to_value(wire::example_view()).ok();
        }
        let rate_limited = rate_limited_response();
        for (path, item) in openapi.paths.paths.iter_mut() {
            // The rate limiter covers every route but the probes and metrics.
            let limited = !matches!(path.as_str(), "/healthz" | "/readyz" | "/metrics");
            for op in [
                &mut item.get,
                &mut item.post,
                &mut item.put,
                &mut item.delete,
                &mut item.patch,
            ]
            .into_iter()
            .flatten()
            {
                op.security.get_or_insert_with(Vec::new);
                if limited {
                    op.responses
                        .responses
                        .entry("429".into())
                        .or_insert_with(|| rate_limited.clone().into());
                }
            }
        }
    }
}

/// The 429 every rate-limited operation can answer (with `RATE_LIMIT_PER_SEC` set).
fn rate_limited_response() -> utoipa::openapi::Response {
    use utoipa::openapi::{ContentBuilder, HeaderBuilder, Ref, ResponseBuilder};
    let example = ApiError::RateLimited { retry_after: 1 }.problem();
    ResponseBuilder::new()
        .description("Too many requests from this client (when the server limits the rate): wait `Retry-After` seconds.")
        .header(
            "Retry-After",
            HeaderBuilder::new()
                .schema(Some(u64::schema()))
                .description(Some("Seconds to wait before retrying."))
                .build(),
        )
        .content(
            "application/problem+json",
            ContentBuilder::new()
                .schema(Some(Ref::from_schema_name("Problem")))
                .example(serde_json::to_value(example).ok())
                .build(),
        )
        .build()
}

/// Records each request's route, status and latency.
async fn observe(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody + 'static>, actix_web::Error> {
    let start = Instant::now();
    let route = route_label(req.path());
    let method = req.method().as_str().to_owned();
    let metrics = req.app_data::<web::Data<Metrics>>().cloned();
    let res = next.call(req).await?;
    if let Some(m) = metrics {
        let status = res.status().as_u16().to_string();
        m.http_requests
            .with_label_values(&[route, &method, &status])
            .inc();
        m.http_duration
            .with_label_values(&[route, &method])
            .observe(start.elapsed().as_secs_f64());
    }
    Ok(res)
}

/// Registers every endpoint on a utoipa-actix-web app and returns it with the OpenAPI document.
fn routes<T>(app: utoipa_actix_web::UtoipaApp<T>) -> (App<T>, utoipa::openapi::OpenApi)
where
    T: ServiceFactory<ServiceRequest, Config = (), Error = actix_web::Error, InitError = ()>,
{
    // actix tries resources in this order, running a regex for each templated one until one
    // matches: the routes a game is played through come first (no two templates overlap).
    let app = app
        .openapi(ApiDoc::openapi())
        .service(routes::post_action)
        .service(routes::post_play)
        .service(routes::get_game)
        .service(routes::post_bid)
        .service(routes::post_exchange)
        .service(routes::post_alone)
        .service(routes::post_pass_cards)
        .service(routes::create_game)
        .service(routes::claim_seat)
        .service(routes::follow_game)
        .service(routes::get_log)
        .service(routes::get_samples)
        .service(routes::list_rulesets)
        .service(routes::healthz)
        .service(routes::readyz)
        .service(routes::metrics);
    let (app, mut doc) = app.split_for_parts();
    ExamplesAddon.modify(&mut doc);
    (app, doc)
}

/// The OpenAPI document as the server serves it.
pub fn openapi() -> utoipa::openapi::OpenApi {
    routes(App::new().into_utoipa_app()).1
}

/// The OpenAPI document as pretty JSON (what `openapi/openapi.json` holds).
pub fn openapi_json() -> String {
    openapi().to_pretty_json().unwrap_or_default() + "\n"
}

/// One path of the OpenAPI document: its template, split at `/`, and its methods.
struct PathEntry {
    template: String,
    segments: Vec<String>,
    methods: String,
}

/// The OpenAPI document's paths, read once.
static PATHS: std::sync::LazyLock<Vec<PathEntry>> = std::sync::LazyLock::new(|| {
    let doc = serde_json::to_value(openapi()).unwrap_or_default();
    let mut table = Vec::new();
    if let Some(paths) = doc.get("paths").and_then(|p| p.as_object()) {
        for (template, item) in paths {
            let methods: Vec<String> = item
                .as_object()
                .map(|m| m.keys().map(|k| k.to_ascii_uppercase()).collect())
                .unwrap_or_default();
            table.push(PathEntry {
                template: template.clone(),
                segments: template.split('/').map(str::to_owned).collect(),
                methods: methods.join(", "),
            });
        }
    }
    table
});

/// The OpenAPI path a concrete path matches, by comparing segments (`{..}` matches any
/// non-empty segment): cheaper than asking the router again for every request's metrics label.
fn path_entry(path: &str) -> Option<&'static PathEntry> {
    const MAX: usize = 8; // more segments than any template has
    let mut segments = [""; MAX];
    let mut n = 0;
    for s in path.split('/') {
        if n == MAX {
            return None;
        }
        segments[n] = s;
        n += 1;
    }
    let segments = &segments[..n];
    PATHS.iter().find(|entry| {
        entry.segments.len() == n
            && entry
                .segments
                .iter()
                .zip(segments)
                .all(|(t, s)| t == s || (t.starts_with('{') && !s.is_empty()))
    })
}

/// The route template of a concrete path, as the metrics and request spans label it:
/// an OpenAPI path (`/v1/games/{id}/actions`), else `unmatched`.
pub fn route_label(path: &str) -> &'static str {
    match path_entry(path) {
        Some(entry) => entry.template.as_str(),
        None if path == "/openapi.json" => "/openapi.json",
        None if path == "/swagger-ui" || path.starts_with("/swagger-ui/") => "/swagger-ui",
        None => "unmatched",
    }
}

/// The methods the OpenAPI document lists for the route a concrete path matches (for 405
/// answers), or None if no route matches.
pub fn allowed_methods(path: &str) -> Option<String> {
    path_entry(path).map(|e| e.methods.clone())
}

/// The root span of each request (for `tracing-actix-web`): the request id, method, route and
/// status, built without asking the router again.
pub struct RequestSpan;

impl tracing_actix_web::RootSpanBuilder for RequestSpan {
    fn on_request_start(request: &ServiceRequest) -> tracing::Span {
        use actix_web::HttpMessage as _;
        let request_id = request
            .extensions()
            .get::<tracing_actix_web::RequestId>()
            .copied();
        tracing::info_span!(
            "request",
            request_id = request_id.map(tracing::field::display),
            http.method = %request.method(),
            http.route = route_label(request.path()),
            http.status_code = tracing::field::Empty,
        )
    }

    fn on_request_end<B: MessageBody>(
        span: tracing::Span,
        outcome: &Result<ServiceResponse<B>, actix_web::Error>,
    ) {
        let status = match outcome {
            Ok(response) => response.status(),
            Err(error) => error.as_response_error().status_code(),
        };
        span.record("http.status_code", status.as_u16());
    }
}

/// Configures the whole application: every route, Swagger UI, the OpenAPI document, metrics and
/// request tracing.
pub fn app(
    service: GameService,
    body_limit: usize,
    rate_limit: Option<ratelimit::RateLimit>,
) -> App<
    impl ServiceFactory<
        ServiceRequest,
        Config = (),
        Response = ServiceResponse<impl MessageBody>,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    let metrics = service.metrics().clone();
    let mut base = App::new()
        .app_data(web::Data::new(service))
        .app_data(web::Data::new(metrics))
        .app_data(routes::BodyLimit(body_limit));
    if let Some(rl) = rate_limit {
        base = base.app_data(web::Data::new(rl));
    }
    let base = base.into_utoipa_app();
    let (app, doc) = routes(base);
    app.service(SwaggerUi::new("/swagger-ui/{_:.*}").url("/openapi.json", doc))
        .route(
            "/swagger-ui",
            web::get().to(|| async {
                HttpResponse::PermanentRedirect()
                    .insert_header(("Location", "/swagger-ui/"))
                    .finish()
            }),
        )
        .default_service(web::to(routes::not_found))
        .wrap(actix_web::middleware::from_fn(ratelimit::limit))
        .wrap(actix_web::middleware::from_fn(observe))
        .wrap(tracing_actix_web::TracingLogger::<RequestSpan>::new())
}

#[cfg(test)]
mod tests {
    #[test]
    fn allowed_methods_follow_the_openapi_paths() {
        assert_eq!(
            super::allowed_methods("/v1/games/abc").as_deref(),
            Some("GET")
        );
        assert_eq!(super::allowed_methods("/v1/games").as_deref(), Some("POST"));
        assert_eq!(super::allowed_methods("/v1/nope"), None);
    }

    #[test]
    fn route_labels_name_the_template_not_the_path() {
        use super::route_label;
        assert_eq!(route_label("/v1/games"), "/v1/games");
        assert_eq!(route_label("/v1/games/abc/play"), "/v1/games/{id}/play");
        assert_eq!(
            route_label("/v1/games/abc/actions"),
            "/v1/games/{id}/actions"
        );
        assert_eq!(route_label("/v1/games/abc"), "/v1/games/{id}");
        assert_eq!(route_label("/v1/games//play"), "unmatched");
        assert_eq!(route_label("/v1/games/abc/play/x"), "unmatched");
        assert_eq!(route_label("/swagger-ui/index.html"), "/swagger-ui");
        assert_eq!(route_label("/openapi.json"), "/openapi.json");
        assert_eq!(route_label("/readyz"), "/readyz");
        assert_eq!(route_label("/nope"), "unmatched");
    }
}
