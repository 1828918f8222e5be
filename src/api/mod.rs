//! The HTTP API: handlers, the seat-token check, problem documents, the OpenAPI document and
//! Swagger UI, over the game service; and the web page (`page`).

pub mod auth;
pub mod body;
pub mod clock;
pub mod compress;
pub mod error;
pub mod events;
pub mod extract;
pub mod page;
pub mod ratelimit;
pub mod routes;
pub mod shape;
pub mod streams;
pub mod wire;

use std::time::Instant;

use actix_web::body::{BodySize, BoxBody, EitherBody, MessageBody};
use actix_web::dev::{ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::http::{Method, header};
use actix_web::middleware::Next;
use actix_web::{App, HttpResponse, ResponseError as _, web};
use utoipa::openapi::security::{ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};
use utoipa_actix_web::AppExt;
use utoipa_swagger_ui::SwaggerUi;

use crate::metrics::Metrics;
use crate::platform::Platform;
use error::ApiError;
use utoipa::PartialSchema as _;

/// The top of the OpenAPI document; paths and schemas are collected from the handlers.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "Hasenpfeffer",
        description = "A game server for the Hasenpfeffer family of card games, for bots and people: Hasenpfeffer (and its open-auction variant), Pepper, Double Hasenpfeffer, Euchre, Buck Euchre, Bacon and Five Hundred (`GET /v1/rulesets` lists the presets and their options).\n\n1. `POST /v1/games` with `{}` creates a game.\n2. `POST /v1/games/{id}/seats` claims a seat and returns its bearer token.\n3. `GET /v1/games/{id}` with `Authorization: Bearer <token>` shows your hand and `legal_actions`.\n4. Post any of the `legal_actions` back to `POST /v1/games/{id}/actions`.\n\nErrors are RFC 9457 problem documents with a stable `code`. When the server limits the rate, every limited answer says the limit and what is left of it (`RateLimit-Policy`, `RateLimit`). Answers of 1 KiB or more are compressed when the request accepts it (`Accept-Encoding`: gzip, br, zstd).\n\nClients: `clients/python` and `clients/typescript` in the repository are generated from this document, with a small `Bot` layer.",
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
        (name = "bots", description = "Bot accounts, their inboxes, their profiles, the leaderboards and duplicate matches."),
        (name = "challenges", description = "Challenge another bot to a game or a duplicate match; accept, decline, cancel; say what the bot accepts."),
        (name = "matchmaking", description = "Queue for a ruleset as a bot: a table forms when enough bots wait."),
        (name = "arenas", description = "Tournaments bots join: continuous (seated again as soon as a game ends) or duplicate (every table plays the same deals); standings, rounds, tables to watch."),
        (name = "operations", description = "Health, readiness and metrics."),
    )
)]
pub struct ApiDoc;

struct SecurityAddon;

impl Modify for SecurityAddon {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer_seat_token",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .description(Some(
                        "The token returned when you claim a seat (`hp_` and 64 hex digits).",
                    ))
                    .build(),
            ),
        );
        components.add_security_scheme(
            "bot_key",
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
                "Authorization",
                "`Bot <api_key>`: a bot's key from `POST /v1/bots` (`hpb_` and 64 hex digits).",
            ))),
        );
    }
}

/// A real `GameView` as the schema's example (Swagger UI shows it for every view answer), and
/// `security: []` on the operations that take no token (so that no operation leaves its
/// security undefined; the ones where a token is optional list `{}` and `bearer_seat_token`).
/// (Applied once the handlers' paths and schemas are collected.)
struct ExamplesAddon;

impl Modify for ExamplesAddon {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::{RefOr, Schema};
        if let Some(components) = openapi.components.as_mut()
            && let Some(RefOr::T(Schema::AllOf(view))) = components.schemas.get_mut("GameView")
        {
            view.example = serde_json::to_value(crate::games::wire::example_view()).ok();
        }
        if let Some(components) = openapi.components.as_mut()
            && let Some(RefOr::T(Schema::AllOf(item))) = components.schemas.get_mut("InboxItem")
        {
            item.example = serde_json::to_value(crate::platform::InboxItem::example()).ok();
        }
        shape::inbox_as_a_union(openapi);
        problem_examples_from_the_table(openapi);
        routes::actions::add_request_examples(openapi);
        let rate_limited = rate_limited_response(false);
        let push_limited = rate_limited_response(true);
        for (path, item) in openapi.paths.paths.iter_mut() {
            // The rate limiter covers every route but the probes and metrics.
            let limited = !matches!(path.as_str(), "/healthz" | "/readyz" | "/metrics");
            // The push endpoints: event streams and long polls are capped too.
            let push = matches!(
                path.as_str(),
                "/v1/games/{id}" | "/v1/games/{id}/events" | "/v1/bots/me/events"
            );
            for op in operations_mut(item) {
                op.security.get_or_insert_with(Vec::new);
                if limited {
                    for response in op.responses.responses.values_mut() {
                        if let RefOr::T(response) = response {
                            rate_limit_headers(response);
                        }
                    }
                    let answer = if push { &push_limited } else { &rate_limited };
                    op.responses
                        .responses
                        .entry("429".into())
                        .or_insert_with(|| answer.clone().into());
                }
            }
        }
    }
}

/// The headers of the request limit on an answer it applies to: `RateLimit-Policy` (the limit)
/// and `RateLimit` (what is left of it), when the server limits the rate.
fn rate_limit_headers(response: &mut utoipa::openapi::Response) {
    use utoipa::PartialSchema as _;
    use utoipa::openapi::HeaderBuilder;
    let header = |description: &str| {
        HeaderBuilder::new()
            .schema(Some(String::schema()))
            .description(Some(description))
            .build()
            .into()
    };
    response.headers.insert(
        "RateLimit-Policy".into(),
        header("The request limit, when the server limits the rate (`RATE_LIMIT_PER_SEC`): its name, allowance `q`, window `w` in seconds and `burst`, e.g. `\"requests\";q=50;w=1;burst=100` (IETF httpapi ratelimit headers draft)."),
    );
    response.headers.insert(
        "RateLimit".into(),
        header("What is left of the request limit, when the server limits the rate: the requests left `r` and the seconds `t` until the allowance is whole again, e.g. `\"requests\";r=99;t=1` (with `r=0`, the next request is allowed after `w`/`q` seconds of `RateLimit-Policy`)."),
    );
}

/// The operations of a path (those the app's handlers take).
fn operations_mut(
    item: &mut utoipa::openapi::PathItem,
) -> impl Iterator<Item = &mut utoipa::openapi::path::Operation> {
    [
        &mut item.get,
        &mut item.post,
        &mut item.put,
        &mut item.delete,
        &mut item.patch,
    ]
    .into_iter()
    .flatten()
}

/// Every problem example of the document (an example with a `code`) gets the `type`, `title` and
/// `status` of its code's row in the table ([`error::Code`]): the annotations name the code and
/// the detail, the table says the rest.
fn problem_examples_from_the_table(openapi: &mut utoipa::openapi::OpenApi) {
    use utoipa::openapi::{RefOr, Schema};
    for item in openapi.paths.paths.values_mut() {
        for op in operations_mut(item) {
            for response in op.responses.responses.values_mut() {
                let RefOr::T(response) = response else {
                    continue;
                };
                for content in response.content.values_mut() {
                    if let RefOr::T(content) = content {
                        fill_problem_example(&mut content.example);
                        // Named examples too (an operation with several codes for a status).
                        for named in content.examples.values_mut() {
                            if let RefOr::T(named) = named {
                                fill_problem_example(&mut named.value);
                            }
                        }
                    }
                }
            }
        }
    }
    if let Some(components) = openapi.components.as_mut()
        && let Some(RefOr::T(Schema::Object(problem))) = components.schemas.get_mut("Problem")
    {
        fill_problem_example(&mut problem.example);
    }
}

/// Gives a problem example the `type`, `title` and `status` of its `code`'s row.
fn fill_problem_example(example: &mut Option<serde_json::Value>) {
    let Some(serde_json::Value::Object(example)) = example.as_mut() else {
        return;
    };
    let Some(code) = example
        .get("code")
        .and_then(|c| c.as_str())
        .and_then(error::Code::named)
    else {
        return;
    };
    example.insert("type".into(), error::problem_type(code).into());
    example.insert("title".into(), code.title().into());
    example.insert("status".into(), code.status().into());
}

/// The 429 every rate-limited operation can answer (with `RATE_LIMIT_PER_SEC` set); with
/// `push`, the push endpoints', which also answer `too_many_streams` over the caps of open
/// event streams and long polls.
fn rate_limited_response(push: bool) -> utoipa::openapi::Response {
    use utoipa::openapi::example::ExampleBuilder;
    use utoipa::openapi::{ContentBuilder, HeaderBuilder, Ref, ResponseBuilder};
    let example = ApiError::RateLimited {
        retry_after: 1,
        policy: error::RatePolicy {
            name: "requests",
            allowance: 50,
            window_secs: 1,
            burst: 100,
        },
    }
    .problem();
    let streams = ApiError::TooManyStreams {
        retry_after: 1,
        policy: error::RatePolicy {
            name: "streams_per_client",
            allowance: crate::api::streams::DEFAULT_PER_CLIENT,
            window_secs: 0,
            burst: crate::api::streams::DEFAULT_PER_CLIENT,
        },
    }
    .problem();
    let content = ContentBuilder::new().schema(Some(Ref::from_schema_name("Problem")));
    let content = if push {
        let named = |p: error::Problem| {
            ExampleBuilder::new()
                .value(serde_json::to_value(p).ok())
                .build()
        };
        content.examples_from_iter([
            ("rate_limited", named(example)),
            ("too_many_streams", named(streams)),
        ])
    } else {
        content.example(serde_json::to_value(example).ok())
    };
    let description = if push {
        "Too many requests from this client (when the server limits the rate), or too many event streams and long polls open at once (`too_many_streams`: `STREAMS_PER_CLIENT`, default 32 per client address, and for a bot's inbox `STREAMS_PER_BOT`, default 8 per bot, counted by each replica): close one, or wait `Retry-After` seconds. `rate_limit` in the problem document names the limit (`requests`, `streams_per_client`, `streams_per_bot`), its allowance and when it resets, as the `RateLimit-*` headers do."
    } else {
        "Too many requests from this client (when the server limits the rate): wait `Retry-After` seconds. `rate_limit` in the problem document names the limit (`requests`, or `bot_registrations` for `POST /v1/bots`), its allowance and when it resets, as the `RateLimit-*` headers do."
    };
    let header = |description: &str, schema| {
        HeaderBuilder::new()
            .schema(Some(schema))
            .description(Some(description))
            .build()
    };
    ResponseBuilder::new()
        .description(description)
        .header("Retry-After", header("Seconds to wait before retrying.", u64::schema()))
        .header("RateLimit-Limit", header("Requests allowed per window of the limit reached.", u64::schema()))
        .header("RateLimit-Remaining", header("Requests left in the window: 0.", u64::schema()))
        .header("RateLimit-Reset", header("Seconds until the next request is allowed.", u64::schema()))
        .header("RateLimit-Policy", header("The limit reached: its name, allowance `q`, window `w` in seconds and `burst`, e.g. `\"requests\";q=50;w=1;burst=100`.", String::schema()))
        .header("RateLimit", header("What is left of the limit reached: `r=0` and the seconds `t` until the next request is allowed, e.g. `\"requests\";r=0;t=1`.", String::schema()))
        .content("application/problem+json", content.build())
        .build()
}

/// Records each request's route, method and status, and its latency. Every label comes from a
/// fixed set: the method from [`method_label`], the route from [`route_label`] (answers that no
/// route took, 404s and 429s included, fold into `unmatched`), the status from the server's own
/// answers.
async fn observe(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody + 'static>, actix_web::Error> {
    let start = Instant::now();
    let method = method_label(req.method());
    let metrics = req.app_data::<web::Data<Metrics>>().cloned();
    let res = next.call(req).await?;
    if let Some(m) = metrics {
        let route = route_label(res.request());
        let route = route.as_deref().unwrap_or(UNMATCHED);
        let status = res.status();
        m.http_requests
            .with_label_values(&[route, method, status.as_str()])
            .inc();
        m.http_duration
            .with_label_values(&[route, method])
            .observe(start.elapsed().as_secs_f64());
    }
    Ok(res)
}

/// The route label of requests no route takes (unknown paths, and answers given before routing
/// for paths that match no route).
pub const UNMATCHED: &str = "unmatched";

/// The method as the metrics and request spans label it: one of the methods HTTP defines, else
/// `other` (a client may send any token as a method; labelling it as sent would grow the
/// metrics without bound).
pub fn method_label(method: &actix_web::http::Method) -> &'static str {
    match method.as_str() {
        "GET" => "GET",
        "HEAD" => "HEAD",
        "POST" => "POST",
        "PUT" => "PUT",
        "DELETE" => "DELETE",
        "PATCH" => "PATCH",
        "OPTIONS" => "OPTIONS",
        "CONNECT" => "CONNECT",
        "TRACE" => "TRACE",
        _ => "other",
    }
}

/// The route template of a request, as actix matched it (`/v1/games/{id}/actions`): one of the
/// app's own resource patterns, so a fixed set. None when no resource's pattern matches the path.
/// After routing this is a lookup; before it (an answer from a middleware) a match of the path.
pub fn route_label(req: &actix_web::HttpRequest) -> Option<String> {
    req.match_pattern()
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
        .service(routes::actions::post_action)
        .service(routes::actions::post_play)
        .service(routes::games::get_game)
        .service(routes::actions::post_bid)
        .service(routes::actions::post_exchange)
        .service(routes::actions::post_alone)
        .service(routes::actions::post_pass_cards)
        .service(routes::games::create_game)
        .service(routes::lobby::list_games)
        .service(routes::seats::claim_seat)
        .service(routes::events::follow_game)
        .service(routes::games::get_log)
        .service(routes::games::get_samples)
        .service(routes::rulesets::list_rulesets)
        .service(routes::bots::register_bot)
        .service(routes::inbox::bot_events)
        .service(routes::bots::get_bot)
        .service(routes::bots::list_pools)
        .service(routes::bots::get_bot_games)
        .service(routes::bots::get_leaderboard)
        .service(routes::bots::get_rating_history)
        .service(routes::challenges::create_challenge)
        .service(routes::challenges::get_challenge)
        .service(routes::challenges::accept_challenge)
        .service(routes::challenges::decline_challenge)
        .service(routes::challenges::cancel_challenge)
        .service(routes::challenges::get_challenge_preferences)
        .service(routes::challenges::set_challenge_preferences)
        .service(routes::matches::create_match)
        .service(routes::matches::get_match)
        .service(routes::arenas::create_arena)
        .service(routes::arenas::list_arenas)
        .service(routes::arenas::get_arena)
        .service(routes::arenas::join_arena)
        .service(routes::arenas::leave_arena)
        .service(routes::queue::join_queue)
        .service(routes::queue::list_queue)
        .service(routes::queue::leave_queues)
        .service(routes::queue::leave_queue)
        .service(routes::health::healthz)
        .service(routes::health::readyz)
        .service(routes::health::metrics);
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

/// The routes that take GET (and so HEAD) besides the OpenAPI document's paths, by pattern.
const OTHER_GET_ROUTES: [&str; 5] = [
    "/",
    "/web/{file}",
    "/swagger-ui",
    "/swagger-ui/{_:.*}",
    "/openapi.json",
];

/// The methods of each OpenAPI path, by template (`/v1/games/{id}` takes `GET, HEAD`), read once.
static METHODS: std::sync::LazyLock<std::collections::HashMap<String, String>> =
    std::sync::LazyLock::new(|| {
        let mut table = std::collections::HashMap::new();
        for (template, item) in openapi().paths.paths {
            let mut methods = Vec::new();
            for (method, op) in [
                ("GET", &item.get),
                ("HEAD", &item.get),
                ("POST", &item.post),
                ("PUT", &item.put),
                ("PATCH", &item.patch),
                ("DELETE", &item.delete),
                ("OPTIONS", &item.options),
            ] {
                if op.is_some() {
                    methods.push(method);
                }
            }
            table.insert(template, methods.join(", "));
        }
        for pattern in OTHER_GET_ROUTES {
            table.insert(pattern.to_owned(), "GET, HEAD".to_owned());
        }
        table
    });

/// The methods a route takes, by its pattern (for 405 answers); None for a pattern the app has
/// no methods for.
pub fn allowed_methods(pattern: &str) -> Option<String> {
    METHODS.get(pattern).cloned()
}

/// The root span of each request (for `tracing-actix-web`): the request id, method, route and
/// status. The route is recorded when the request ends, from what actix matched (no second
/// routing).
///
/// Errors are logged here, by whose they are: a 5xx at ERROR (the operator's business), a 4xx
/// at DEBUG (the client's mistake, answered with a problem document). tracing-actix-web's own
/// error event (its `emit_event_on_error` feature, off) would log every 4xx at WARN.
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
            http.method = method_label(request.method()),
            http.route = tracing::field::Empty,
            http.status_code = tracing::field::Empty,
        )
    }

    fn on_request_end<B: MessageBody>(
        span: tracing::Span,
        outcome: &Result<ServiceResponse<B>, actix_web::Error>,
    ) {
        let (status, error) = match outcome {
            Ok(response) => {
                if let Some(route) = route_label(response.request()) {
                    span.record("http.route", route.as_str());
                }
                (response.status(), response.response().error())
            }
            Err(error) => (error.as_response_error().status_code(), Some(error)),
        };
        span.record("http.status_code", status.as_u16());
        if let Some(error) = error {
            let error = error.as_response_error();
            if status.is_server_error() {
                tracing::error!(parent: &span, status = status.as_u16(), error = %error, "request failed");
            } else {
                tracing::debug!(parent: &span, status = status.as_u16(), error = %error, "request refused");
            }
        }
    }
}

/// HEAD on a route that takes GET answers as GET does, without the body: the same status and
/// headers (`ETag`, `Content-Length`: actix's HTTP/1 encoder writes no body for a HEAD request,
/// whatever the response holds). A streamed body (an event stream) is dropped at once instead,
/// so that a HEAD request never holds the stream open.
async fn head_as_get(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody + 'static>>, actix_web::Error> {
    let head = req.method() == Method::HEAD;
    if head {
        req.head_mut().method = Method::GET;
    }
    let res = next.call(req).await?;
    if head && matches!(res.response().body().size(), BodySize::Stream) {
        return Ok(res.map_body(|_, _| BoxBody::new(())).map_into_right_body());
    }
    Ok(res.map_into_left_body())
}

/// Error answers without a body (from actix itself or a library inside the app: Swagger UI's
/// 404 for a file it does not have, an extractor's error) get a problem document like every
/// other error. The headers they had (`Allow`, `Retry-After`, ...) are kept.
async fn bodiless_errors(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody + 'static>>, actix_web::Error> {
    let res = next.call(req).await?;
    let status = res.status();
    if (status.is_client_error() || status.is_server_error())
        && !res.headers().contains_key(header::CONTENT_TYPE)
        && matches!(
            res.response().body().size(),
            BodySize::None | BodySize::Sized(0)
        )
    {
        let (req, old) = res.into_parts();
        let mut new = error::ApiError::Http(status.as_u16()).error_response();
        for (name, value) in old.headers() {
            if name != header::CONTENT_LENGTH && !new.headers().contains_key(name) {
                new.headers_mut().append(name.clone(), value.clone());
            }
        }
        return Ok(ServiceResponse::new(req, new).map_into_right_body());
    }
    Ok(res.map_into_left_body())
}

pub use self::compress::COMPRESS_MIN_BYTES;

/// Swagger UI's answers (`/swagger-ui`, `/swagger-ui/...`, its 404s too) get the web page's
/// security headers, with the policy Swagger UI needs ([`page::SWAGGER_CONTENT_SECURITY_POLICY`]).
async fn swagger_headers(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody + 'static>, actix_web::Error> {
    let swagger = req.path() == "/swagger-ui" || req.path().starts_with("/swagger-ui/");
    let mut res = next.call(req).await?;
    if swagger {
        page::security_headers(res.headers_mut(), page::SWAGGER_CONTENT_SECURITY_POLICY);
    }
    Ok(res)
}

/// A permanent redirect to `location`.
fn redirect(location: &'static str) -> HttpResponse {
    HttpResponse::PermanentRedirect()
        .insert_header((header::LOCATION, location))
        .finish()
}

/// Configures the whole application: every route, Swagger UI, the OpenAPI document, metrics and
/// request tracing.
pub fn app(
    platform: Platform,
    body_limit: routes::BodyLimit,
    rate_limit: Option<ratelimit::RateLimit>,
    registration_limit: Option<ratelimit::RegistrationLimit>,
    streams: streams::StreamLimit,
) -> App<
    impl ServiceFactory<
        ServiceRequest,
        Config = (),
        Response = ServiceResponse<impl MessageBody>,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    let metrics = platform.games().metrics().clone();
    let mut base = App::new()
        .app_data(web::Data::new(platform.games().clone()))
        .app_data(web::Data::new(platform))
        .app_data(web::Data::new(metrics))
        .app_data(body_limit)
        .app_data(web::Data::new(streams));
    if let Some(rl) = rate_limit {
        base = base.app_data(web::Data::new(rl));
    }
    if let Some(rl) = registration_limit {
        base = base.app_data(web::Data::new(rl));
    }
    let base = base.into_utoipa_app();
    let (app, doc) = routes(base);
    app.service(SwaggerUi::new("/swagger-ui/{_:.*}").url("/openapi.json", doc))
        .route(
            "/swagger-ui",
            web::get().to(|| async { redirect("/swagger-ui/") }),
        )
        // The web page (not part of the API, so not in its OpenAPI document).
        .route("/", web::get().to(page::index))
        .route("/web/{file}", web::get().to(page::file))
        .default_service(web::to(routes::not_found))
        .wrap(actix_web::middleware::from_fn(bodiless_errors))
        .wrap(actix_web::middleware::from_fn(swagger_headers))
        .wrap(actix_web::middleware::from_fn(head_as_get))
        .wrap(compress::CompressBig)
        .wrap(actix_web::middleware::from_fn(ratelimit::limit))
        .wrap(actix_web::middleware::from_fn(observe))
        .wrap(tracing_actix_web::TracingLogger::<RequestSpan>::new())
}

#[cfg(test)]
mod tests {
    #[test]
    fn allowed_methods_follow_the_openapi_paths() {
        assert_eq!(
            super::allowed_methods("/v1/games/{id}").as_deref(),
            Some("GET, HEAD")
        );
        assert_eq!(
            super::allowed_methods("/v1/games").as_deref(),
            Some("GET, HEAD, POST")
        );
        assert_eq!(super::allowed_methods("/").as_deref(), Some("GET, HEAD"));
        assert_eq!(super::allowed_methods("/v1/nope"), None);
    }

    /// Every problem example of the document names a code of the table, under the response of
    /// that code's status (so an annotation cannot name a code that is not answered there).
    #[test]
    fn problem_examples_name_codes_of_the_table() {
        let doc = serde_json::to_value(super::openapi()).unwrap();
        let mut seen = 0;
        for (path, item) in doc["paths"].as_object().unwrap() {
            for (method, op) in item.as_object().unwrap() {
                let Some(responses) = op["responses"].as_object() else {
                    continue;
                };
                for (status, response) in responses {
                    let example = &response["content"]["application/problem+json"]["example"];
                    if example.is_null() {
                        continue;
                    }
                    let name = example["code"].as_str().unwrap_or_default();
                    let code = super::error::Code::named(name)
                        .unwrap_or_else(|| panic!("{method} {path} {status}: `{name}`"));
                    assert_eq!(
                        code.status().to_string(),
                        *status,
                        "{method} {path}: {name}"
                    );
                    assert!(example["detail"].as_str().is_some_and(|d| !d.is_empty()));
                    seen += 1;
                }
            }
        }
        assert!(seen > 40, "{seen}");
    }

    #[test]
    fn method_labels_are_a_fixed_set() {
        use actix_web::http::Method;
        assert_eq!(super::method_label(&Method::GET), "GET");
        assert_eq!(super::method_label(&Method::HEAD), "HEAD");
        let made_up = Method::from_bytes(b"FOO123").unwrap();
        assert_eq!(super::method_label(&made_up), "other");
        let lower = Method::from_bytes(b"get").unwrap();
        assert_eq!(super::method_label(&lower), "other");
    }
}
