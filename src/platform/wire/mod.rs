//! The platform's request and response types, with their OpenAPI schemas (as the engine's and
//! the game core's types carry theirs): accounts and leaderboards, a bot's archived games, the queue, matches, challenges, arenas.

mod accounts;
mod archive;
mod arenas;
mod challenges;
mod matches;
mod queue;

pub use accounts::{
    BotProfile, Leaderboard, LeaderboardEntry, PoolInfo, PoolRating, RatingChange, RatingHistory,
    RatingPoint, RecentGame, RegisterBotRequest, RegisteredBot,
};
pub use archive::{ArchivedSeat, ArchivedSummary, BotGame, BotGameRecord, BotGames};
pub use arenas::{
    Arena, ArenaKind, ArenaPage, ArenaPlayerStatus, ArenaStanding, ArenaStatus, ArenaSummary,
    ArenaTable, CreateArenaRequest,
};
pub use challenges::{
    Challenge, ChallengePreferences, ChallengeStatus, CreateChallengeRequest,
    DeclineChallengeRequest, DeclineReason, RatedChoice,
};
pub use matches::{CreateMatchRequest, Match, MatchDeal, MatchPlay, MatchResult, MatchStatus};
pub use queue::{HouseFill, LeftQueues, QueueRequest, QueueTicket, QueueTickets, TicketStatus};

/// An optional field that, when given, is not null (left out: `None`, by `default`).
fn present<'de, D, T>(d: D) -> Result<Option<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: serde::Deserialize<'de>,
{
    T::deserialize(d).map(Some)
}
