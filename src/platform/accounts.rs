//! Bot accounts: registering one, the key's bot, a bot's profile, the games attached to it; the
//! house players' built-in accounts (`house-random`, `house-heuristic`, `house-expert`, `house-expert_v1`), which
//! are not stored: their names are reserved, and every house seat plays for its strategy's.
//!
//! An account is stored under its name folded to lower case (names are unique regardless of
//! case), with its record ([`AccountRecord`]: the name as registered and when) and the hash of
//! its key (as seat tokens are hashed: [`hash_token`]); the key itself is never stored, logged
//! or shown again.

use serde::{Deserialize, Serialize};

use super::env::Platform;
use crate::error::{Code, Error};
use crate::games::now_ms;
use crate::games::{
    HOUSE_PREFIX, check_seat_name, fold, hash_token, house_name, house_strategy, look,
    looks_like_house,
};
use rand::RngExt;

use super::ratings::{PROVISIONAL_GAMES, Pool, conservative};
use super::wire::{BotProfile, PoolRating, RecentGame, RegisteredBot};
use crate::store::StoreError;

/// A new bot API key: `hpb_` and 64 hex digits (256 bits), stored as [`hash_token`] of it.
pub fn new_bot_key() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill(&mut bytes);
    format!("hpb_{}", hex::encode(bytes))
}

/// A stored account (MessagePack, positional: new fields go at the end, with a default).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct AccountRecord {
    /// The name as registered.
    pub name: String,
    /// When it was registered (ms since the Unix epoch).
    pub created_unix_ms: u64,
}

impl AccountRecord {
    fn encode(&self) -> Result<Vec<u8>, Error> {
        rmp_serde::to_vec(self).map_err(|_| Error::Internal)
    }

    fn decode(data: &[u8]) -> Result<Self, Error> {
        rmp_serde::from_slice(data).map_err(|e| {
            tracing::error!(error = %e, "unreadable bot account");
            Error::Internal
        })
    }
}

/// A bot name as registration takes it: a valid seat name, not empty, not a house account's
/// (any name starting with `house-` in any case, or confusable with that).
pub fn check_bot_name(name: String) -> Result<String, Error> {
    let name = check_seat_name(Some(name))?.unwrap_or_default();
    if name.is_empty() {
        return Err(Error::bad_request(
            Code::InvalidName,
            "a bot name has 1 to 64 characters",
        ));
    }
    if looks_like_house(&name) {
        return Err(Error::refused(
            Code::NameReserved,
            format!("names starting with `{HOUSE_PREFIX}` are the house players' accounts"),
        ));
    }
    Ok(name)
}

impl Platform {
    /// Registers bot `name` and answers its key (shown only now). `limit` is asked once the
    /// name is a valid one (so a malformed or reserved name costs no allowance), before the
    /// store is.
    pub async fn register_bot(
        &self,
        name: String,
        limit: impl FnOnce() -> Result<(), Error>,
    ) -> Result<RegisteredBot, Error> {
        let name = check_bot_name(name)?;
        limit()?;
        let key = new_bot_key();
        let record = AccountRecord {
            name: name.clone(),
            created_unix_ms: now_ms(),
        };
        let look = look(&name);
        match self
            .store()
            .create_account(&fold(&name), &hash_token(&key), &look, &record.encode()?)
            .await
        {
            Ok(()) => {}
            Err(StoreError::AlreadyExists) => {
                // The name or its look is taken. (A collision of two fresh 256-bit keys is not a
                // thing that happens.)
                return Err(self.name_clash(&name).await?.unwrap_or_else(|| {
                    Error::refused(
                        Code::NameTaken,
                        format!(
                            "a bot named {name:?} exists already (names are unique regardless of case)"
                        ),
                    )
                }));
            }
            Err(e) => return Err(e.into()),
        }
        self.games.metrics().bots_registered.inc();
        tracing::info!(bot = %name, "bot registered");
        Ok(RegisteredBot {
            profile: profile_path(&name),
            name,
            api_key: key,
            created_unix_ms: record.created_unix_ms,
        })
    }

    /// The registered bot whose name `name` is (any case: `name_taken`) or reads as (the same
    /// confusable skeleton: `name_confusable`), as the refusal to answer; None if none.
    async fn name_clash(&self, name: &str) -> Result<Option<Error>, Error> {
        if let Some(data) = self.store().load_account(&fold(name)).await? {
            let taken = AccountRecord::decode(&data)?.name;
            return Ok(Some(Error::refused(
                Code::NameTaken,
                format!(
                    "a bot named {taken:?} exists already (names are unique regardless of case)"
                ),
            )));
        }
        if let Some(data) = self.store().account_by_look(&look(name)).await? {
            let taken = AccountRecord::decode(&data)?.name;
            return Ok(Some(Error::refused(
                Code::NameConfusable,
                format!(
                    "{name:?} reads as the registered bot {taken:?} (the same Unicode confusable \
                     skeleton, UTS #39): pick a name that looks different"
                ),
            )));
        }
        Ok(None)
    }

    /// Checks the name a guest (a seat claimed without a bot key) asks for: a valid seat name
    /// that is not a house player's (`house-` and its look-alikes: `name_reserved`) nor a
    /// registered bot's (`name_taken`) nor one that reads as a bot's (`name_confusable`).
    pub async fn check_guest_name(&self, name: &str) -> Result<(), Error> {
        check_seat_name(Some(name.to_owned()))?;
        if name.is_empty() {
            return Ok(());
        }
        if looks_like_house(name) {
            return Err(Error::refused(
                Code::NameReserved,
                format!(
                    "a seat claimed without a bot key is a guest's, and names starting with \
                     `{HOUSE_PREFIX}` (or reading so) are the house players': pick another name"
                ),
            ));
        }
        match self.name_clash(name).await? {
            Some(Error::Refused { code, detail }) => Err(Error::refused(
                code,
                format!(
                    "{detail}; a seat claimed without its bot key is a guest's and may not take \
                     a bot's name (claim it with `Authorization: Bot <api_key>` to play as the bot)"
                ),
            )),
            Some(other) => Err(other),
            None => Ok(()),
        }
    }

    /// Claims a seat of game `id`: as bot `bot` (the key's), or as a guest, whose name is
    /// checked first ([`check_guest_name`](Self::check_guest_name)).
    pub async fn claim_seat(
        &self,
        id: &crate::games::GameId,
        req: crate::games::wire::ClaimSeatRequest,
        bot: Option<String>,
    ) -> Result<crate::games::wire::ClaimedSeat, Error> {
        if bot.is_none()
            && let Some(name) = &req.name
        {
            self.check_guest_name(name).await?;
        }
        self.games.claim_seat(id, req, bot).await
    }

    /// The name of the bot whose key this is (`invalid_bot_key` if none).
    pub async fn bot_of_key(&self, key: &str) -> Result<String, Error> {
        match self.store().account_by_key(&hash_token(key)).await? {
            Some(data) => Ok(AccountRecord::decode(&data)?.name),
            None => Err(Error::refused(
                Code::InvalidBotKey,
                "the bot key is not one the server gave (send `Authorization: Bot <api_key>`)",
            )),
        }
    }

    /// Attaches game `id` to the accounts `names` (bots', or house accounts; one store round
    /// trip; attaching it again changes nothing).
    pub(super) async fn try_attach(&self, names: &[String], id: &str) -> Result<(), Error> {
        let folded: Vec<String> = names.iter().map(|n| fold(n)).collect();
        let keys: Vec<&str> = folded.iter().map(String::as_str).collect();
        self.store().attach_game(&keys, id, now_ms()).await?;
        Ok(())
    }

    /// The name as registered of bot `name` (any case), or of a house account; None if no
    /// bot has it.
    pub(super) async fn registered_name(&self, name: &str) -> Result<Option<String>, Error> {
        if let Some(s) = house_strategy(name) {
            return Ok(Some(house_name(s)));
        }
        if name.is_empty() || name.chars().count() > crate::games::MAX_CHARS {
            return Ok(None);
        }
        match self.store().load_account(&fold(name)).await? {
            Some(data) => Ok(Some(AccountRecord::decode(&data)?.name)),
            None => Ok(None),
        }
    }

    /// Bot `name`'s profile (a house account's too).
    pub async fn bot_profile(&self, name: &str) -> Result<BotProfile, Error> {
        let not_found = || Error::refused(Code::BotNotFound, format!("no bot named {name:?}"));
        if name.is_empty() || name.chars().count() > crate::games::MAX_CHARS {
            // No bot can have it (and the store takes no such key).
            return Err(not_found());
        }
        let key = fold(name);
        let strategy = house_strategy(name);
        let (name, created) = match strategy {
            Some(s) => (house_name(s), None),
            None => {
                let record = self
                    .store()
                    .load_account(&key)
                    .await?
                    .map(|d| AccountRecord::decode(&d))
                    .transpose()?
                    .ok_or_else(not_found)?;
                (record.name, Some(record.created_unix_ms))
            }
        };
        let games = self.store().account_games(&key).await?;
        let pools = Pool::all();
        let names: Vec<String> = pools.iter().map(|p| p.name()).collect();
        let pairs: Vec<(&str, &str)> = names.iter().map(|p| (p.as_str(), key.as_str())).collect();
        let stored = self.store().load_ratings(&pairs).await?;
        let ratings = pools
            .iter()
            .zip(stored)
            .filter_map(|(pool, r)| {
                let r = super::ratings::RatingRecord::decode(&r?.data).ok()?;
                Some(PoolRating {
                    pool: pool.name(),
                    preset: pool.preset,
                    players: pool.players,
                    rating: r.rating,
                    uncertainty: r.uncertainty,
                    conservative: conservative(r.rating, r.uncertainty),
                    provisional: r.games < PROVISIONAL_GAMES,
                    games: r.games,
                    history: format!("{}/ratings/{}", profile_path(&name), pool.name()),
                })
            })
            .collect();
        let ids: Vec<&str> = games.recent.iter().map(|(id, _)| id.as_str()).collect();
        let results = self.archived_results(&key, &ids).await?;
        Ok(BotProfile {
            house: strategy.is_some(),
            strategy,
            games: format!("{}/games", profile_path(&name)),
            name,
            created_unix_ms: created,
            games_played: games.count,
            ratings,
            recent_games: games
                .recent
                .into_iter()
                .zip(results)
                .map(|((id, at), result)| RecentGame {
                    game: format!("/v1/games/{id}"),
                    log: format!("/v1/games/{id}/log"),
                    game_id: id,
                    joined_unix_ms: at,
                    finished_unix_ms: result.as_ref().map(|r| r.summary.finished_unix_ms),
                    outcome: result.as_ref().map(|r| r.outcome),
                    place: result.as_ref().map(|r| r.place),
                    scores: result.map(|r| r.summary.scores),
                })
                .collect(),
        })
    }
}

/// The path of bot `name`'s profile, its name percent-encoded where a path segment needs it.
pub fn profile_path(name: &str) -> String {
    let mut out = String::from("/v1/bots/");
    for b in name.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::Strategy;

    #[test]
    fn house_names_are_reserved_in_any_case() {
        for name in ["house-random", "House-Expert", "HOUSE-x", "house-"] {
            let err = check_bot_name(name.into()).unwrap_err();
            assert_eq!(err.code(), Code::NameReserved, "{name}");
        }
        assert_eq!(house_strategy("HOUSE-EXPERT"), Some(Strategy::Expert));
        assert_eq!(house_strategy("house-nobody"), None);
        // Look-alikes: a Cyrillic o, a mathematical h, a Unicode hyphen, fullwidth letters.
        for name in [
            "h\u{043E}use-expert",
            "\u{210E}ouse-random",
            "house\u{2010}heuristic",
            "\u{FF48}\u{FF4F}\u{FF55}\u{FF53}\u{FF45}-x",
        ] {
            let err = check_bot_name(name.into()).unwrap_err();
            assert_eq!(err.code(), Code::NameReserved, "{name}");
        }
        assert!(check_bot_name("housebot".into()).is_ok());
        assert!(check_bot_name("h-ouse".into()).is_ok());
        assert!(check_bot_name("my house-bot".into()).is_ok());
        assert_eq!(
            check_bot_name(String::new()).unwrap_err().code(),
            Code::InvalidName
        );
        assert_eq!(
            check_bot_name("a\u{202E}b".into()).unwrap_err().code(),
            Code::InvalidName
        );
    }

    #[test]
    fn profile_paths_encode_the_name() {
        assert_eq!(profile_path("rabbit-stew"), "/v1/bots/rabbit-stew");
        assert_eq!(profile_path("a b/c"), "/v1/bots/a%20b%2Fc");
        assert_eq!(profile_path("Zoë"), "/v1/bots/Zo%C3%AB");
    }
}
