use hasenpfeffer::Application;

/// mimalloc: a request allocates and frees many small buffers on two worker threads; glibc's
/// allocator cost about an eighth of the server's CPU under load (BENCHMARKS.md).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;
use hasenpfeffer::config::Config;

#[actix_web::main]
async fn main() -> std::process::ExitCode {
    let config = match Config::from_env() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("hasenpfeffer: {e}");
            return std::process::ExitCode::from(2);
        }
    };
    hasenpfeffer::telemetry::init(config.log_format);
    let app = match Application::build(config).await {
        Ok(app) => app,
        Err(e) => {
            tracing::error!(error = %e, "cannot start");
            return std::process::ExitCode::FAILURE;
        }
    };
    tracing::info!(
        port = app.port(),
        store = app.backend(),
        "hasenpfeffer listening; Swagger UI at /swagger-ui/"
    );
    match app.run_until_stopped().await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!(error = %e, "server error");
            std::process::ExitCode::FAILURE
        }
    }
}
