//! Seat names: what a player may call their seat. Every other seat's view shows the name, so it
//! must read as what it is: ordinary letters of any script, digits, punctuation, symbols and
//! emoji are welcome; characters that change how the text around them is shown, or that show
//! nothing, are not.
//!
//! Refused (code `invalid_name`):
//! - control characters (general category Cc);
//! - format characters (general category Cf, from the `unicode-properties` crate's tables): the bidi
//!   embeddings, overrides and isolates (U+202A..U+202E, U+2066..U+2069), the marks (U+200E,
//!   U+200F, U+061C), the zero-width space, non-joiner and joiner (U+200B..U+200D), the word
//!   joiner and invisible operators (U+2060..U+2064), the byte-order mark (U+FEFF), the soft
//!   hyphen, tags, and the rest;
//! - the line and paragraph separators (U+2028, U+2029: categories Zl and Zp);
//! - the invisible Hangul fillers (U+115F, U+1160, U+3164, U+FFA0), letters that show nothing.
//!
//! Two Cf characters are allowed where emoji need them: the zero-width joiner between two emoji
//! (`👩‍💻`: a pictograph, or a pictograph and a variation selector, on its left, a pictograph on its
//! right), and the tag characters after a black flag (U+1F3F4, the subdivision flags: `🏴󠁧󠁢󠁳󠁣󠁴󠁿`).

use unicode_properties::{GeneralCategory, UnicodeEmoji, UnicodeGeneralCategory};

use crate::bots::Strategy;
use crate::error::{Code, Error};

/// The longest name, in characters.
pub const MAX_CHARS: usize = 64;

/// Letters that show nothing (Hangul fillers).
const INVISIBLE_LETTERS: [char; 4] = ['\u{115F}', '\u{1160}', '\u{3164}', '\u{FFA0}'];

const ZWJ: char = '\u{200D}';
const BLACK_FLAG: char = '\u{1F3F4}';
const VARIATION_SELECTOR_16: char = '\u{FE0F}';

/// Whether `c` is a format character (general category Cf), by the Unicode tables of the
/// `unicode-properties` crate.
fn is_format(c: char) -> bool {
    c.general_category() == GeneralCategory::Format
}

fn is_tag(c: char) -> bool {
    unicode_properties::emoji::is_tag_character(c)
}

/// An emoji character or component (skin tones included), by the Unicode emoji data.
fn is_pictograph(c: char) -> bool {
    c.is_emoji_char_or_emoji_component() && !c.is_ascii()
}

/// The first character of `name` a seat name may not hold, if any.
fn refused_char(name: &str) -> Option<char> {
    let chars: Vec<char> = name.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        let prev = i.checked_sub(1).map(|j| chars[j]);
        let next = chars.get(i + 1).copied();
        let allowed = match c {
            ZWJ => {
                prev.is_some_and(|p| is_pictograph(p) || p == VARIATION_SELECTOR_16)
                    && next.is_some_and(is_pictograph)
            }
            c if is_tag(c) => chars[..i]
                .iter()
                .rev()
                .find(|&&p| !is_tag(p))
                .is_some_and(|&p| p == BLACK_FLAG),
            '\u{2028}' | '\u{2029}' => false,
            c if INVISIBLE_LETTERS.contains(&c) => false,
            c => !c.is_control() && !is_format(c),
        };
        if !allowed {
            return Some(c);
        }
    }
    None
}

/// The prefix of the house accounts' names, reserved.
pub const HOUSE_PREFIX: &str = "house-";

/// The account name of the house players of `strategy`: `house-<strategy>`.
pub fn house_name(strategy: Strategy) -> String {
    format!("{HOUSE_PREFIX}{}", strategy.name())
}

/// The house strategy whose account `name` is (any case), if it is one.
pub fn house_strategy(name: &str) -> Option<Strategy> {
    let folded = fold(name);
    Strategy::ALL.into_iter().find(|s| folded == house_name(*s))
}

/// The key an account is stored (and ranked) under: its name in lower case.
pub fn fold(name: &str) -> String {
    name.to_lowercase()
}

/// A name's confusable skeleton (Unicode TR39's, from the `unicode-security` crate), of the name
/// folded to lower case and in NFKC (so compatibility forms, fullwidth `－` among them, read as
/// what they stand for): two names with one skeleton read alike (`a1ice` and `alice`, a
/// Cyrillic `а` and a Latin `a`, fullwidth `ａ` and `a`).
pub fn skeleton(name: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    let folded: String = fold(name).nfkc().collect();
    // `decancer` first: it reads small capitals (`ʜᴏᴜsᴇ`) and other letter-like symbols as the
    // letters they look like, which UTS #39's skeletons leave as they are.
    let cured = decancer::cure(&folded, decancer::Options::default())
        .map(|c| c.to_string())
        .unwrap_or_else(|_| folded.clone());
    unicode_security::confusable_detection::skeleton(&cured).collect()
}

/// What a name looks like, as the store indexes accounts by it: a hash of its [`skeleton`]
/// (fixed length, whatever the skeleton's).
pub fn look(name: &str) -> String {
    super::tokens::hash_token(&skeleton(name))
}

/// Whether `name` reads as a house account's: it starts with `house-` in any case, or with
/// anything confusable with it (a Cyrillic `о`, a mathematical `ℎ`, another dash, small
/// capitals), or with `house` and any other punctuation or space after it (`house_expert`,
/// `house.expert`, `house expert`): by skeletons, not a list of look-alikes.
pub fn looks_like_house(name: &str) -> bool {
    let folded = fold(name);
    if folded.starts_with(HOUSE_PREFIX) {
        return true;
    }
    let prefix = skeleton(HOUSE_PREFIX);
    let skel = skeleton(&folded);
    if skel.starts_with(&prefix) {
        return true;
    }
    let word = skeleton(HOUSE_PREFIX.trim_end_matches('-'));
    skel.strip_prefix(&word)
        .and_then(|rest| rest.chars().next())
        .is_some_and(|c| !c.is_alphanumeric())
}

/// Checks a seat name (none is fine): at most [`MAX_CHARS`] characters, none of those the
/// module docs refuse.
pub fn check_seat_name(name: Option<String>) -> Result<Option<String>, Error> {
    let Some(name) = name else {
        return Ok(None);
    };
    if name.chars().count() > MAX_CHARS {
        return Err(Error::bad_request(
            Code::InvalidName,
            format!("a seat name is at most {MAX_CHARS} characters"),
        ));
    }
    if let Some(c) = refused_char(&name) {
        return Err(Error::bad_request(
            Code::InvalidName,
            format!(
                "a seat name may not hold control, format, bidirectional or invisible characters \
                 (it holds U+{:04X})",
                u32::from(c)
            ),
        ));
    }
    Ok(Some(name))
}

#[cfg(test)]
mod tests {
    use super::{check_seat_name, looks_like_house, skeleton};

    #[test]
    fn look_alikes_share_a_skeleton() {
        for (a, b) in [
            ("alice", "a1ice"),
            ("alice", "ALICE"),
            ("alice", "\u{0430}lice"), // Cyrillic а
            ("alice", "\u{FF41}\u{FF4C}\u{FF49}\u{FF43}\u{FF45}"), // fullwidth
            ("rabbit", "rabb\u{0456}t"), // Cyrillic і
            ("bob-bot", "bob\u{2010}bot"), // a Unicode hyphen
            ("modem", "rnodern"),
        ] {
            assert_eq!(skeleton(a), skeleton(b), "{a:?} {b:?}");
        }
        assert_ne!(skeleton("alice"), skeleton("alicia"));
        assert_ne!(skeleton("bob"), skeleton("bobby"));
    }

    #[test]
    fn house_and_its_look_alikes_are_the_house_players() {
        for name in [
            "house-expert",
            "HOUSE-x",
            "house_expert",
            "house.expert",
            "house expert",
            "h\u{043E}use-expert",
            "\u{210E}ouse-random",
            "house\u{2010}heuristic",
            "house\u{FF0D}expert",
            "\u{FF48}\u{FF4F}\u{FF55}\u{FF53}\u{FF45}-x",
            // Small capitals: ʜᴏᴜsᴇ-expert.
            "\u{029C}\u{1D0F}\u{1D1C}s\u{1D07}-expert",
        ] {
            assert!(looks_like_house(name), "{name:?}");
        }
        for name in ["housebot", "h-ouse", "my house-bot", "household", "alice"] {
            assert!(!looks_like_house(name), "{name:?}");
        }
    }

    fn ok(name: &str) -> bool {
        check_seat_name(Some(name.into())).is_ok()
    }

    #[test]
    fn letters_of_every_script_and_emoji_are_welcome() {
        for name in [
            "Ada",
            "Zoë",
            "Łukasz",
            "Ἀριστοτέλης",
            "Владимир",
            "محمد",
            "שָׁלוֹם",
            "हिन्दी",
            "சுப்ரமணியன்",
            "김민준",
            "山田太郎",
            "ภาษาไทย",
            "🐇 rabbit",
            "👩‍💻",
            "👨‍👩‍👧‍👦",
            "❤️‍🔥",
            "👋🏽",
            "🏳️‍🌈",
            "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
            "a-b_c.d (e) #1",
        ] {
            assert!(ok(name), "{name:?}");
        }
        assert!(check_seat_name(None).is_ok());
        assert!(ok(&"x".repeat(64)));
    }

    #[test]
    fn invisible_and_bidi_characters_are_refused() {
        for name in [
            "evil\u{202E}gnp.exe",
            "a\u{202A}b",
            "a\u{2066}b\u{2069}",
            "a\u{200E}",
            "\u{200F}a",
            "\u{061C}a",
            "zero\u{200B}width",
            "a\u{200C}b",
            "a\u{200D}b",
            "\u{200D}👩",
            "a\u{2060}b",
            "\u{FEFF}bom",
            "soft\u{00AD}hyphen",
            "line\u{2028}sep",
            "para\u{2029}sep",
            "\u{3164}",
            "a\u{115F}",
            "tag\u{E0041}",
            "\u{E0001}x",
            "bell\u{7}",
            "new\nline",
            "del\u{7F}",
            "c1\u{85}",
        ] {
            let err = check_seat_name(Some(name.into())).unwrap_err();
            assert_eq!(err.code().as_str(), "invalid_name", "{name:?}");
        }
        assert!(!ok(&"x".repeat(65)));
    }
}
