//! The engine's proofs: rule tables (one test per rule sentence of RULES.md, each with an
//! explicit deal), the stored state (serde, tampering, the pinned shuffle) and property tests
//! over thousands of random games.

mod bacon;
mod buck;
mod euchre;
mod five_hundred;
mod five_hundred_oracle;
mod max_hands;
mod props;
mod rules;
mod small_pepper;
mod state;
mod support;
