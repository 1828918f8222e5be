//! Compressed answers, and nothing paid for them by requests that accept none: one middleware
//! that reads `Accept-Encoding` first. Without the header (what bots usually send) a request
//! goes straight to the app and its answer back as it is: one header lookup. With it, the
//! encoding is negotiated as actix's `Compress` does (br, gzip, deflate, zstd, by the client's
//! `q` values; 406 when the client accepts none of them nor identity), and an answer of
//! [`COMPRESS_MIN_BYTES`] or more is compressed by actix-http's encoder (the one `Compress`
//! uses); smaller answers, bodiless ones, streams (an event stream must reach its reader event
//! by event, not when a compressor's buffer fills) and answers with a `Content-Encoding` of
//! their own are sent as they are.

use std::future::{Future, Ready, ready};
use std::pin::Pin;

use actix_http::encoding::Encoder;
use actix_web::body::{BodySize, BoxBody, EitherBody, MessageBody};
use actix_web::dev::{Service, ServiceRequest, ServiceResponse, Transform, forward_ready};
use actix_web::http::header::{self, AcceptEncoding, ContentEncoding, Encoding, HeaderValue};
use actix_web::{Error, HttpMessage, ResponseError as _};
use futures_util::future::{Either, FutureExt, Map};

/// Answers smaller than this are sent as they are, whatever the client accepts: compressing them
/// saves a few bytes at the cost of a compressor's setup on both sides.
pub const COMPRESS_MIN_BYTES: u64 = 1024;

/// The encodings offered, as actix's `Compress` offers them.
static SUPPORTED: &[Encoding] = &[
    Encoding::identity(),
    Encoding::brotli(),
    Encoding::gzip(),
    Encoding::deflate(),
    Encoding::zstd(),
];

/// The middleware (see the module).
#[derive(Debug, Clone, Copy, Default)]
pub struct CompressBig;

impl<S, B> Transform<S, ServiceRequest> for CompressBig
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = Error> + 'static,
    B: MessageBody + 'static,
{
    type Response = ServiceResponse<EitherBody<B, BoxBody>>;
    type Error = Error;
    type Transform = CompressBigService<S>;
    type InitError = ();
    type Future = Ready<Result<Self::Transform, Self::InitError>>;

    fn new_transform(&self, service: S) -> Self::Future {
        ready(Ok(CompressBigService { service }))
    }
}

/// [`CompressBig`] around a service.
pub struct CompressBigService<S> {
    service: S,
}

type Answer<B> = Result<ServiceResponse<EitherBody<B, BoxBody>>, Error>;

/// An answer as it is.
fn as_it_is<B>(res: Result<ServiceResponse<B>, Error>) -> Answer<B> {
    res.map(ServiceResponse::map_into_left_body)
}

/// The encoding to answer `req` in, when it is not identity (`Err`: the client accepts none
/// the server has, 406).
fn negotiate(req: &ServiceRequest) -> Result<Option<ContentEncoding>, ()> {
    if !req.headers().contains_key(header::ACCEPT_ENCODING) {
        return Ok(None);
    }
    let Some(accept) = req.get_header::<AcceptEncoding>() else {
        return Ok(None); // unreadable: as without the header (as `Compress` does)
    };
    match accept.negotiate(SUPPORTED.iter()) {
        None => Err(()),
        Some(Encoding::Known(ContentEncoding::Identity)) | Some(Encoding::Unknown(_)) => Ok(None),
        Some(Encoding::Known(enc)) => Ok(Some(enc)),
    }
}

/// Whether an answer of `size` is worth compressing.
fn big(size: BodySize) -> bool {
    matches!(size, BodySize::Sized(n) if n >= COMPRESS_MIN_BYTES)
}

impl<S, B> Service<ServiceRequest> for CompressBigService<S>
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = Error> + 'static,
    B: MessageBody + 'static,
{
    type Response = ServiceResponse<EitherBody<B, BoxBody>>;
    type Error = Error;
    #[allow(clippy::type_complexity)]
    type Future = Either<
        Map<S::Future, fn(Result<ServiceResponse<B>, Error>) -> Answer<B>>,
        Pin<Box<dyn Future<Output = Answer<B>>>>,
    >;

    forward_ready!(service);

    fn call(&self, req: ServiceRequest) -> Self::Future {
        let enc = match negotiate(&req) {
            Ok(None) => {
                return Either::Left(self.service.call(req).map(as_it_is as fn(_) -> Answer<B>));
            }
            Ok(Some(enc)) => enc,
            Err(()) => {
                let mut res = crate::api::error::ApiError::refused(
                    crate::api::error::Code::EncodingNotAcceptable,
                    "Accept-Encoding refuses every encoding the server answers in: br, gzip, deflate, zstd or identity (send no Accept-Encoding for identity)",
                )
                .error_response();
                res.headers_mut()
                    .insert(header::VARY, HeaderValue::from_static("accept-encoding"));
                let res = req.into_response(res.map_into_boxed_body());
                return Either::Right(Box::pin(ready(Ok(res.map_into_right_body()))));
            }
        };
        let fut = self.service.call(req);
        Either::Right(Box::pin(async move {
            let res = fut.await?;
            if !big(res.response().body().size())
                || res.headers().contains_key(header::CONTENT_ENCODING)
            {
                return Ok(res.map_into_left_body());
            }
            Ok(res.map_body(|head, body| {
                EitherBody::right(BoxBody::new(Encoder::response(enc, head, body)))
            }))
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    #[test]
    fn the_encoding_follows_accept_encoding() {
        let of = |accept: Option<&str>| {
            let mut req = TestRequest::default();
            if let Some(a) = accept {
                req = req.insert_header((header::ACCEPT_ENCODING, a));
            }
            negotiate(&req.to_srv_request())
        };
        assert_eq!(of(None), Ok(None));
        assert_eq!(of(Some("gzip")), Ok(Some(ContentEncoding::Gzip)));
        assert_eq!(of(Some("zstd")), Ok(Some(ContentEncoding::Zstd)));
        assert_eq!(
            of(Some("br;q=0.5, gzip;q=0.9")),
            Ok(Some(ContentEncoding::Gzip))
        );
        assert_eq!(of(Some("identity")), Ok(None));
        assert_eq!(of(Some("gzip;q=0, identity;q=0, *;q=0")), Err(()));
    }

    #[test]
    fn only_sized_bodies_of_a_kilobyte_are_worth_it() {
        assert!(!big(BodySize::Sized(COMPRESS_MIN_BYTES - 1)));
        assert!(big(BodySize::Sized(COMPRESS_MIN_BYTES)));
        assert!(!big(BodySize::Stream));
        assert!(!big(BodySize::None));
    }
}
