//! The README's list of error codes is complete: every code the server can answer is in it, and
//! it names no code the server does not have.
//!
//! The server's codes are read from the source (`source_codes`): string literals in the places
//! a code is given (see `CODE_CONTEXTS`). If the codes get one home (a table or an enum), point
//! `source_codes` at it instead.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Codes that appear where codes are given but are never answered to a client.
const NEVER_ANSWERED: &[&str] = &[
    "not_due", // the turn-clock sweeper's own signal: its deadline has not passed (service.rs)
];

/// Backticked words of the README's error list that are not codes.
const NOT_CODES: &[&str] = &["code", "current_version"];

/// What precedes a code literal: a `code: "..."` field, or the first argument of a constructor
/// that takes the code first (`ApiError::bad_request`, the ruleset's `invalid`).
const CODE_CONTEXTS: &[&str] = &["code:", "bad_request(", "invalid("];

fn is_code(s: &str) -> bool {
    s.starts_with(|c: char| c.is_ascii_lowercase())
        && s.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

/// The string literal at the start of `s` (after whitespace), if it looks like a code.
fn literal_at(s: &str) -> Option<&str> {
    let rest = s.trim_start().strip_prefix('"')?;
    let lit = &rest[..rest.find('"')?];
    is_code(lit).then_some(lit)
}

/// Every literal in `s` that looks like a code.
fn literals(s: &str) -> impl Iterator<Item = &str> {
    s.split('"').skip(1).step_by(2).filter(|l| is_code(l))
}

/// The text from `start` to the brace that closes the first `{` after it.
fn block(s: &str, start: usize) -> &str {
    let Some(open) = s[start..].find('{').map(|i| start + i) else {
        return "";
    };
    let mut depth = 0;
    for (i, c) in s[open..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return &s[open..open + i];
                }
            }
            _ => {}
        }
    }
    &s[open..]
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read src/") {
        let path = entry.expect("dir entry").path();
        if path.is_dir() {
            if path.file_name().is_some_and(|n| n != "tests") {
                rust_files(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Every code the server's source gives: after a `CODE_CONTEXTS` prefix, the arms of every
/// `fn code(...)` (`ApiError::code`, `ActionError::code`), and the value of every `let code =
/// ...;` (the JSON body errors). Unit tests (`#[cfg(test)]` onwards, `tests/` dirs) are skipped.
fn source_codes() -> BTreeSet<String> {
    let mut files = Vec::new();
    rust_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    let mut codes = BTreeSet::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("read a source file");
        let text = text.split("#[cfg(test)]").next().unwrap_or_default();
        for context in CODE_CONTEXTS {
            for (i, _) in text.match_indices(context) {
                codes.extend(literal_at(&text[i + context.len()..]).map(str::to_owned));
            }
        }
        for (i, _) in text.match_indices("fn code(") {
            let body = block(text, i);
            for (j, _) in body.match_indices("=>") {
                codes.extend(literal_at(&body[j + 2..]).map(str::to_owned));
            }
        }
        for (i, _) in text.match_indices("let code =") {
            let statement = &text[i..i + text[i..].find(';').unwrap_or(0)];
            codes.extend(literals(statement).map(str::to_owned));
        }
    }
    for code in NEVER_ANSWERED {
        codes.remove(*code);
    }
    codes
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
fn the_source_scan_finds_codes_of_every_kind() {
    // One code from each place codes come from, so that a scan that finds nothing cannot pass.
    let codes = source_codes();
    for code in [
        "game_not_found",         // ApiError::code
        "must_follow_suit",       // ActionError::code
        "wrong_seat_count",       // `code:` in the service
        "joker_with_no_trump",    // the ruleset's `invalid(...)`
        "invalid_if_match",       // `ApiError::bad_request(...)`
        "unknown_field",          // `let code = ...` of the JSON body errors
        "idempotency_key_reused", // `ApiError::Conflict { code: ... }`
    ] {
        assert!(
            codes.contains(code),
            "the source scan missed {code}: {codes:?}"
        );
    }
    assert!(!codes.contains("not_due"), "{codes:?}");
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
