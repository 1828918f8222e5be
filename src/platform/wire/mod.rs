//! The platform's request and response types, with their OpenAPI schemas (as the engine's and
//! the game core's types carry theirs): accounts and leaderboards, the queue, matches.

mod accounts;
mod challenges;
mod matches;
mod queue;

pub use accounts::{
    BotProfile, Leaderboard, LeaderboardEntry, PoolInfo, PoolRating, RatingChange, RatingHistory,
    RatingPoint, RecentGame, RegisterBotRequest, RegisteredBot,
};
pub use challenges::{
    Challenge, ChallengePreferences, ChallengeStatus, CreateChallengeRequest,
    DeclineChallengeRequest, DeclineReason, RatedChoice,
};
pub use matches::{CreateMatchRequest, Match, MatchDeal, MatchPlay, MatchResult, MatchStatus};
pub use queue::{HouseFill, LeftQueues, QueueRequest, QueueTicket, QueueTickets, TicketStatus};
