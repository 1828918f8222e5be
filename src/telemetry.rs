//! Logging: JSON lines (or pretty text) with the request id from tracing-actix-web.

use tracing_subscriber::EnvFilter;

use crate::config::LogFormat;

/// Installs the global subscriber once; later calls do nothing (tests start many servers).
pub fn init(format: LogFormat) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt().with_env_filter(filter);
    let _ = match format {
        LogFormat::Json => builder
            .json()
            .flatten_event(true)
            .with_current_span(true)
            .with_span_list(false)
            .try_init(),
        LogFormat::Pretty => builder.try_init(),
    };
}
