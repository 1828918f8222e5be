//! Prints the OpenAPI document: `cargo run --bin openapi > openapi/openapi.json`.

fn main() {
    print!("{}", hasenpfeffer::api::openapi_json());
}
