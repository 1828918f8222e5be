//! Seating bots at the games the platform forms (matchmaking's tables, a match's games): each
//! bot's account checked and named as registered, then the game created through the core with
//! the bots' seats claimed for them ([`GameService::create_seated`](crate::games::GameService::create_seated)),
//! its `seated` event saying how they came (`via`), so each bot is told its seat and token in
//! its inbox.

use super::env::Platform;
use super::inbox::Via;
use super::ratings::rated_table;
use crate::error::{Code, Error};
use crate::games::wire::CreatedGame;
use crate::games::{SeatFor, SeatedGame, Series, fold, house_strategy};

impl Platform {
    /// Creates `game` with every seat filled: house players, and bot accounts whose seats are
    /// claimed for them (`SeatFor::Account`: a bot's name as given, in any case); each bot is
    /// told its seat and token in its inbox (`seated`, with `via`) by the `seated` event the
    /// create records: a game that exists always reaches its bots' inboxes. What the game says
    /// of itself (`via`, and a match's `Series`) is set here from `via`.
    ///
    /// Refused before anything is written: a bot account that does not exist (`bot_not_found`),
    /// a bot seated twice (`already_seated`), and whatever `POST /v1/games` refuses (a ruleset
    /// that cannot be played, a seat count that is not the ruleset's, a bad time limit).
    pub(super) async fn create_seated(
        &self,
        mut game: SeatedGame,
        via: Via,
    ) -> Result<CreatedGame, Error> {
        // The accounts first: each must exist, once; as registered (the seat shows that name).
        let mut bots: Vec<String> = Vec::new();
        for s in &mut game.seats {
            let SeatFor::Account(name) = s else { continue };
            let not_found = || Error::refused(Code::BotNotFound, format!("no bot named {name:?}"));
            if house_strategy(name).is_some() {
                // A house player sits as `SeatFor::House`.
                return Err(not_found());
            }
            // A duplicate match seats its player in every seat of its side (the arena's
            // rule: one program plays the partnership); elsewhere a bot takes one seat a game.
            if let Some(known) = bots.iter().find(|b| fold(b) == fold(name)) {
                if matches!(via, Via::Match { .. }) {
                    *name = known.clone();
                    continue;
                }
                return Err(Error::refused(
                    Code::AlreadySeated,
                    format!("{name:?} is given two seats; a bot takes one seat a game"),
                ));
            }
            let registered = self.registered_name(name).await?.ok_or_else(not_found)?;
            bots.push(registered.clone());
            *name = registered;
        }
        let rules = game.ruleset.clone().build()?;
        let formed = match &via {
            Via::Queue { .. } => true,
            Via::Challenge { rated, .. } | Via::Arena { rated, .. } => *rated,
            Via::Claim | Via::Match { .. } => false,
        };
        game.rated = rated_table(
            formed,
            &rules,
            &game.seats,
            game.seed,
            game.turn_time_limit_ms,
        );
        game.series = match &via {
            Via::Match {
                match_id,
                deal,
                play,
            } => Some(Series {
                id: match_id.clone(),
                deal: *deal,
                play: *play,
                // The deal's other plays, as the match named them.
                siblings: game.series.take().map(|s| s.siblings).unwrap_or_default(),
            }),
            // A duplicate arena's deal, as the arena named its plays.
            Via::Arena { .. } => game.series.take(),
            Via::Claim | Via::Queue { .. } | Via::Challenge { .. } => None,
        };
        game.via = Some(serde_json::to_value(&via).map_err(|_| Error::Internal)?);
        self.games.create_seated(game).await
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::bots::Strategy;
    use crate::engine::RulesetSpec;
    use crate::error::Code;
    use crate::games::wire::GameStatus;
    use crate::games::{ActRequest, GameId, GameService};
    use crate::metrics::Metrics;
    use crate::platform::InboxEvent;
    use crate::store::{GameStore, MemoryStore, StoreConfig};

    fn service() -> (Platform, Arc<MemoryStore>) {
        let memory = Arc::new(MemoryStore::new(StoreConfig::default()));
        let store: Arc<dyn GameStore> = memory.clone();
        (
            Platform::new(GameService::new(store, Metrics::new(), 100)),
            memory,
        )
    }

    async fn inbox_events(svc: &Platform, bot: &str) -> Vec<InboxEvent> {
        svc.inbox(bot, 0, 100)
            .await
            .unwrap()
            .entries
            .iter()
            .map(|e| serde_json::from_slice(&e.data).unwrap())
            .collect()
    }

    fn table(seats: Vec<SeatFor>) -> SeatedGame {
        SeatedGame {
            seed: Some(7),
            ..SeatedGame::new(RulesetSpec::default(), seats)
        }
    }

    fn queue() -> Via {
        Via::Queue {
            ticket: "t1".into(),
        }
    }

    /// Bots are seated as themselves, told their seat and token in their inbox (and nobody
    /// else's), the token plays the seat; when the game ends each bot is told once how it went.
    #[tokio::test]
    async fn bots_are_seated_told_and_told_the_end() {
        let (svc, _) = service();
        for name in ["alpha", "Beta"] {
            svc.register_bot(name.into(), || Ok(())).await.unwrap();
        }
        let created = svc
            .create_seated(
                table(vec![
                    SeatFor::Account("ALPHA".into()),
                    SeatFor::House(Strategy::Random),
                    SeatFor::Account("beta".into()),
                    SeatFor::House(Strategy::Random),
                ]),
                queue(),
            )
            .await
            .unwrap();
        // The seats are told by the create's event, through the outbox.
        assert!(inbox_events(&svc, "alpha").await.is_empty());
        assert_eq!(svc.outbox_round().await, 1);
        assert_eq!(created.status, GameStatus::Playing);
        assert_eq!(created.seats[0].name.as_deref(), Some("alpha"));
        assert_eq!(created.seats[0].account.as_deref(), Some("alpha"));
        assert_eq!(created.seats[2].account.as_deref(), Some("Beta"));
        assert!(created.seats.iter().all(|s| s.claimed));
        let id = GameId::parse(&created.game_id).unwrap();
        let mut tokens = Vec::new();
        for (bot, seat) in [("alpha", 0), ("beta", 2)] {
            let events = inbox_events(&svc, bot).await;
            let [
                InboxEvent::Seated {
                    game_id,
                    seat: s,
                    token,
                    preset,
                    ruleset,
                    via,
                },
            ] = events.as_slice()
            else {
                panic!("{bot}: {events:?}");
            };
            assert_eq!((game_id.as_str(), *s), (created.game_id.as_str(), seat));
            assert_eq!(*preset, ruleset.preset);
            assert_eq!(
                *via,
                Via::Queue {
                    ticket: "t1".into()
                }
            );
            let view = svc
                .games()
                .view(&id, Some(token))
                .await
                .unwrap()
                .decode()
                .unwrap();
            assert_eq!(view.seat, Some(seat));
            tokens.push(token.clone());
            assert_eq!(svc.bot_profile(bot).await.unwrap().games_played, 1);
        }
        // Play both bots' seats to the end.
        let mut over = false;
        for _ in 0..5_000 {
            for token in &tokens {
                let view = svc.games().view(&id, Some(token)).await.unwrap();
                over = view.over;
                if let Some(action) = view.decode().unwrap().legal_actions.first() {
                    svc.games()
                        .act(ActRequest {
                            id: &id,
                            token,
                            action: action.clone(),
                            if_match: None,
                            idempotency_key: None,
                        })
                        .await
                        .unwrap();
                }
            }
            if over {
                break;
            }
        }
        assert!(over, "the game ended");
        // Told once each, with the final scores, by the outbox; an event applied twice (a
        // worker whose lease ran out) tells nobody again.
        svc.outbox_round().await;
        let record = svc.games().load(&created.game_id).await.unwrap();
        svc.rate_finished(&created.game_id, &record.1)
            .await
            .unwrap();
        let mut outcomes = Vec::new();
        for (bot, seat) in [("alpha", 0), ("beta", 2)] {
            let events = inbox_events(&svc, bot).await;
            assert_eq!(events.len(), 2, "{bot}: {events:?}");
            let InboxEvent::GameOver {
                game_id,
                seat: s,
                outcome,
                scores,
                ..
            } = &events[1]
            else {
                panic!("{events:?}");
            };
            assert_eq!((game_id.as_str(), *s), (created.game_id.as_str(), seat));
            assert_eq!(scores.len(), 2);
            outcomes.push(*outcome);
        }
        // Partners (seats 0 and 2) share their side's outcome.
        assert_eq!(outcomes[0], outcomes[1]);
    }

    /// Unknown accounts, a bot in two seats, a house name as a bot, a wrong seat count: refused,
    /// and nothing is written or announced.
    #[tokio::test]
    async fn bad_tables_write_nothing() {
        let (svc, memory) = service();
        svc.register_bot("alpha".into(), || Ok(())).await.unwrap();
        let bot = |n: &str| SeatFor::Account(n.into());
        let house = SeatFor::House(Strategy::Random);
        for (seats, code) in [
            (
                vec![bot("alpha"), house.clone(), bot("nobody"), house.clone()],
                Code::BotNotFound,
            ),
            (
                vec![bot("alpha"), house.clone(), bot("ALPHA"), house.clone()],
                Code::AlreadySeated,
            ),
            (
                vec![
                    bot("house-random"),
                    house.clone(),
                    house.clone(),
                    house.clone(),
                ],
                Code::BotNotFound,
            ),
            (
                vec![bot(""), house.clone(), house.clone(), house.clone()],
                Code::BotNotFound,
            ),
            (vec![bot("alpha"), house.clone()], Code::WrongSeatCount),
        ] {
            let err = svc.create_seated(table(seats), queue()).await.unwrap_err();
            assert_eq!(err.code(), code);
        }
        assert!(memory.is_empty());
        assert!(inbox_events(&svc, "alpha").await.is_empty());
    }
}
