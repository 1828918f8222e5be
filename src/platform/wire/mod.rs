//! The platform's request and response types, with their OpenAPI schemas (as the engine's and
//! the game core's types carry theirs): accounts and leaderboards, a bot's archived games, the queue, matches.

mod accounts;
mod archive;
mod challenges;
mod matches;
mod queue;

pub use accounts::{
    BotProfile, Leaderboard, LeaderboardEntry, PoolInfo, PoolRating, RatingChange, RatingHistory,
    RatingPoint, RecentGame, RegisterBotRequest, RegisteredBot,
};
pub use archive::{ArchivedSeat, ArchivedSummary, BotGame, BotGameRecord, BotGames};
pub use challenges::{
    Challenge, ChallengePreferences, ChallengeStatus, CreateChallengeRequest,
    DeclineChallengeRequest, DeclineReason, RatedChoice,
};
pub use matches::{CreateMatchRequest, Match, MatchDeal, MatchPlay, MatchResult, MatchStatus};
pub use queue::{HouseFill, LeftQueues, QueueRequest, QueueTicket, QueueTickets, TicketStatus};
