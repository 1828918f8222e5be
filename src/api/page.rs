//! The web page: static assets embedded in the binary (from `web/`), served at `/` (the page)
//! and `/web/{file}` (its scripts, styles and icon). The page talks to the public API only.
//!
//! Every answer carries a Content-Security-Policy without inline scripts or styles and forbids
//! framing; an `ETag` (a hash of the file) lets a browser revalidate with `If-None-Match` and get
//! a `304`.

use std::sync::LazyLock;

use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, web};
use sha2::{Digest, Sha256};

use super::error::ApiError;

/// One embedded file: its name under `/web/`, its content type and its bytes.
struct Asset {
    name: &'static str,
    content_type: &'static str,
    body: &'static [u8],
}

/// An [`Asset`] from a file of `web/`, with the content type of its kind.
macro_rules! asset {
    ($name:literal, $content_type:expr) => {
        Asset {
            name: $name,
            content_type: $content_type,
            body: include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/web/", $name)),
        }
    };
}

const JS: &str = "text/javascript; charset=utf-8";

/// Every file of the page; `index.html` is served at `/`.
static ASSETS: [Asset; 17] = [
    asset!("index.html", "text/html; charset=utf-8"),
    asset!("style.css", "text/css; charset=utf-8"),
    asset!("favicon.svg", "image/svg+xml"),
    asset!("app.js", JS),
    asset!("api.js", JS),
    asset!("boards.js", JS),
    asset!("cards.js", JS),
    asset!("dom.js", JS),
    asset!("help.js", JS),
    asset!("rules.js", JS),
    asset!("home.js", JS),
    asset!("table.js", JS),
    asset!("pace.js", JS),
    asset!("sides.js", JS),
    asset!("replay.js", JS),
    asset!("sse.js", JS),
    asset!("arenas.js", JS),
];

/// The strong ETag of each asset (a hash of its bytes), in the order of [`ASSETS`].
static ETAGS: LazyLock<Vec<String>> = LazyLock::new(|| {
    ASSETS
        .iter()
        .map(|a| {
            let digest = Sha256::digest(a.body);
            format!("\"{}\"", hex::encode(&digest[..12]))
        })
        .collect()
});

/// The page's Content-Security-Policy: its own scripts, styles and API only; no inline script
/// or style, no plugins, no framing by others.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
     style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; \
     object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// Swagger UI's Content-Security-Policy (`/swagger-ui/`): the page's, except that styles may be
/// inline (Swagger UI's React components set `style` attributes, and its syntax highlighter
/// writes them) and fonts may be `data:` URIs. Its scripts are its own files (no inline script:
/// utoipa-swagger-ui serves the configuration as `swagger-initializer.js`); it fetches only the
/// OpenAPI document and the API, both here.
pub const SWAGGER_CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
     style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; \
     font-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; \
     frame-ancestors 'none'";

/// Sets the security headers every answer of the page carries (the page's, or Swagger UI's
/// with `csp`), where the answer has none of its own.
pub fn security_headers(headers: &mut header::HeaderMap, csp: &'static str) {
    for (name, value) in [
        (header::CONTENT_SECURITY_POLICY, csp),
        (header::X_FRAME_OPTIONS, "DENY"),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "no-referrer"),
        (
            header::HeaderName::from_static("cross-origin-opener-policy"),
            "same-origin",
        ),
    ] {
        if !headers.contains_key(&name) {
            headers.insert(name, HeaderValue::from_static(value));
        }
    }
}

/// `GET /`: the page.
pub async fn index(req: HttpRequest) -> HttpResponse {
    serve(&req, 0)
}

/// `GET /web/{file}`: one of the page's files; a problem document (404) for any other name.
pub async fn file(req: HttpRequest, name: web::Path<String>) -> Result<HttpResponse, ApiError> {
    match ASSETS.iter().position(|a| a.name == name.as_str()) {
        Some(i) => Ok(serve(&req, i)),
        None => Err(ApiError::RouteNotFound(
            req.path().chars().take(200).collect(),
        )),
    }
}

/// The answer for asset `i`: its bytes, or `304 Not Modified` when the request's
/// `If-None-Match` names its ETag.
fn serve(req: &HttpRequest, i: usize) -> HttpResponse {
    let asset = &ASSETS[i];
    let etag = ETAGS[i].as_str();
    let fresh = req
        .headers()
        .get_all(header::IF_NONE_MATCH)
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|t| t.trim().trim_start_matches("W/"))
        .any(|t| t == etag || t == "*");
    let mut res = if fresh {
        HttpResponse::NotModified()
    } else {
        HttpResponse::Ok()
    };
    res.insert_header((header::ETAG, etag))
        // Revalidate every time (the names carry no hash): a 304 costs one small round trip.
        .insert_header((header::CACHE_CONTROL, "no-cache"));
    let mut res = if fresh {
        res.finish()
    } else {
        res.content_type(asset.content_type).body(asset.body)
    };
    security_headers(res.headers_mut(), CONTENT_SECURITY_POLICY);
    res
}

#[cfg(test)]
mod tests {
    use super::ASSETS;

    #[test]
    fn asset_names_are_unique_and_every_script_is_listed() {
        let mut names: Vec<_> = ASSETS.iter().map(|a| a.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), ASSETS.len());
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/web");
        for entry in std::fs::read_dir(dir).expect("web/") {
            let name = entry.expect("entry").file_name();
            let name = name.to_string_lossy();
            assert!(
                names.contains(&name.as_ref()),
                "web/{name} is not embedded (add it to ASSETS in src/api/page.rs)"
            );
        }
    }
}
