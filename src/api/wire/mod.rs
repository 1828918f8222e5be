//! Request and response bodies, and their OpenAPI schemas.
//!
//! The server reads and writes the engine's own serde shapes (`engine::Action`, `engine::View`,
//! `engine::RulesetSpec`, ...), and the engine's types carry their own schemas (its `openapi`
//! feature), and so do the game core's and the platform's (`games::wire`, `platform::wire`). The
//! types here are the edge's own: the rulesets' catalogue and health.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::engine::Preset;

pub use crate::engine::schema::{
    ActionDoc, AllowAction, AloneAction, BidAction, CallAction, ExchangeAction, LeaveUpcardAction,
    MisereAction, NameTrumpAction, OpenMisereAction, OrderUpAction, PassAction, PassCardsAction,
    PickUpAction, PickUpAloneAction, PlayAction, TakeUpcardAction, VetoAction, VetoAloneAction,
};

/// One preset with every option resolved.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PresetInfo {
    /// The preset's name.
    pub name: Preset,
    /// What it is.
    pub description: String,
    /// The numbers of players it may be played with (the ruleset's `players`; 6 only with the
    /// `pinochle48` deck).
    pub players: Vec<u8>,
    /// The decks it may be played with (the ruleset's `deck`).
    pub decks: Vec<crate::engine::DeckKind>,
    /// The options a ruleset of this preset may set (the catalogue's `options` say what each
    /// means); any other is refused with `option_not_in_game`.
    pub options: Vec<String>,
    /// Its options.
    #[serde(with = "crate::engine::shown_ruleset")]
    #[schema(value_type = crate::engine::ShownRuleset)]
    pub rules: crate::engine::Ruleset,
}

/// One option of a ruleset.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OptionInfo {
    /// The option's field name in a ruleset.
    pub name: String,
    /// The values it takes.
    pub values: String,
    /// What it means.
    pub description: String,
}

/// Every preset and every option.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RulesetCatalog {
    /// The presets.
    pub presets: Vec<PresetInfo>,
    /// The options a ruleset may override.
    pub options: Vec<OptionInfo>,
}

/// Health and readiness.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[schema(example = json!({"status": "ok", "store": "redis"}))]
pub struct Health {
    /// `ok`, or `unavailable`.
    pub status: String,
    /// The store backend: `memory`, `redis` or `redis-cluster`.
    pub store: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Game;

    fn same_through<T: serde::de::DeserializeOwned + Serialize>(value: serde_json::Value) {
        let doc: T =
            serde_json::from_value(value.clone()).unwrap_or_else(|e| panic!("{e}: {value}"));
        assert_eq!(serde_json::to_value(doc).unwrap(), value);
    }

    /// The actions' schema structs (written apart from the engine's `Action`, see
    /// `engine::schema`) read every legal action of every preset (Euchre's too, offered or not
    /// yet) and write it back unchanged; between them the games offer every action type.
    #[test]
    fn action_docs_match_the_engine_wire_shapes() {
        let mut kinds = std::collections::BTreeSet::new();
        // Euchre twice: taking turns through the legal actions (the upcard is ordered up, and
        // the dealer offered its exchange), and always the first (everybody passes: round 2).
        // Buck Euchre on several seeds, so that some hand has a declarer and drop-outs; Bacon
        // too, so that some pick-up is alone and answered every way.
        let games = Preset::ALL
            .iter()
            .map(|p| (*p, 0, 3))
            .chain([(Preset::Euchre, 0, 3), (Preset::Euchre, 1, 3)])
            .chain((4..10).map(|seed| (Preset::BuckEuchre, 0, seed)))
            .chain((4..40).map(|seed| (Preset::Bacon, 2, seed)));
        for (preset, first_only, seed) in games {
            let mut game = Game::new(preset.rules(), seed, None).unwrap();
            let mut steps = 0;
            while let Some(seat) = game.turn() {
                let legal = game.legal_actions(seat);
                for a in &legal {
                    kinds.insert(a.kind());
                    same_through::<ActionDoc>(serde_json::to_value(a).unwrap());
                }
                let pick = match first_only {
                    1 => 0,
                    // Bacon: a pattern that shifts with the seed, so that some pick-up alone
                    // meets each answer.
                    2 => (steps * 5 + seed as usize) % legal.len(),
                    _ => steps % legal.len(),
                };
                game.apply(seat, &legal[pick]).unwrap();
                steps += 1;
                if steps > 400 {
                    break;
                }
            }
        }
        for kind in [
            "pass",
            "bid",
            "exchange",
            "play",
            "alone",
            "order_up",
            "name_trump",
            "take_upcard",
            "leave_upcard",
            "stay",
            "drop",
            "pick_up",
            "pick_up_alone",
            "allow",
            "veto",
            "veto_alone",
        ] {
            assert!(kinds.contains(kind), "no game offered a `{kind}` action");
        }
    }
}
