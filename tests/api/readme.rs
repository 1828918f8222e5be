//! The README's list of error codes is complete: every code of the server's one code table
//! (`make_error_codes!` in `src/error.rs`, itself checked against the engine's source by a unit
//! test there) is in
//! it, and it names no code the table lacks.

use std::collections::BTreeSet;
use std::path::Path;

/// Backticked words of the README's error list that are not codes.
const NOT_CODES: &[&str] = &[
    "code",
    "current_version",
    "rate_limit",
    "requests",
    "bot_registrations",
    "streams_per_client",
    "streams_per_bot",
    "window_secs",
    "reset_secs",
];

fn is_code(s: &str) -> bool {
    s.starts_with(|c: char| c.is_ascii_lowercase())
        && s.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

/// The server's codes, from its code table.
fn source_codes() -> BTreeSet<String> {
    hasenpfeffer::api::error::codes()
        .into_iter()
        .map(str::to_owned)
        .collect()
}

/// The codes the README lists: the backticked words of its error list, from "Errors are" to "A
/// rejected request never changes the game."
fn readme_codes() -> BTreeSet<String> {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("read README.md");
    let start = readme
        .find("Errors are `application/problem+json`")
        .expect("the README's error list starts with \"Errors are `application/problem+json`\"");
    let end = start
        + readme[start..]
            .find("A rejected request never changes the game.")
            .expect(
                "the README's error list ends with \"A rejected request never changes the game.\"",
            );
    readme[start..end]
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|w| is_code(w) && !NOT_CODES.contains(w))
        .map(str::to_owned)
        .collect()
}

#[test]
fn the_readme_lists_every_error_code() {
    let source = source_codes();
    let readme = readme_codes();
    let missing: Vec<_> = source.difference(&readme).collect();
    assert!(
        missing.is_empty(),
        "codes the server answers that README.md's error list lacks: {missing:?}"
    );
    let unknown: Vec<_> = readme.difference(&source).collect();
    assert!(
        unknown.is_empty(),
        "codes in README.md's error list that the server never answers: {unknown:?}"
    );
}
