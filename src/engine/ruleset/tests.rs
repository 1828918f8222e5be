use super::*;

#[test]
fn presets_are_valid() {
    for p in Preset::ALL {
        RulesetSpec::from(p).build().unwrap();
    }
    let six = RulesetSpec {
        preset: Preset::DoubleHasenpfeffer,
        players: Some(6),
        ..Default::default()
    }
    .build()
    .unwrap();
    assert_eq!(six.cards_per_player(), 8);
    assert_eq!(six.widow_size(), 0);
    let h = Preset::Hasenpfeffer.rules();
    assert_eq!((h.cards_per_player(), h.widow_size()), (6, 1));
    assert_eq!(Preset::DoubleHasenpfeffer.rules().cards_per_player(), 12);
}

/// Six players, with nothing else given, are dealt from the 48-card pinochle deck, whatever the
/// preset's own deck (and the joker's all-pass rule, with no joker, becomes the dealer's forced
/// bid): every count the catalogue offers is playable as given.
#[test]
fn six_players_take_the_pinochle_deck() {
    for preset in [
        Preset::Hasenpfeffer,
        Preset::HasenpfefferOpen,
        Preset::Pepper,
    ] {
        let r = RulesetSpec {
            preset,
            players: Some(6),
            ..Default::default()
        }
        .build()
        .unwrap_or_else(|e| panic!("{preset:?}: {e:?}"));
        assert_eq!(r.deck, DeckKind::Pinochle48, "{preset:?}");
        assert_eq!(r.players, 6);
        assert_ne!(r.all_pass, AllPass::JokerHolderBids3, "{preset:?}");
    }
}

#[test]
fn impossible_combinations_are_rejected() {
    let cases = [
        (
            RulesetSpec {
                no_trump: Some(true),
                ..Default::default()
            },
            "joker_with_no_trump",
        ),
        (
            // Six players with the 25-card deck given (left out, the preset takes pinochle48).
            RulesetSpec {
                players: Some(6),
                deck: Some(DeckKind::Standard25),
                ..Default::default()
            },
            "six_players_need_pinochle48",
        ),
        (
            RulesetSpec {
                players: Some(5),
                ..Default::default()
            },
            "invalid_players",
        ),
        (
            RulesetSpec {
                preset: Preset::Pepper,
                all_pass: Some(AllPass::JokerHolderBids3),
                ..Default::default()
            },
            "all_pass_needs_joker",
        ),
        (
            RulesetSpec {
                min_bid: Some(7),
                ..Default::default()
            },
            "min_bid_out_of_range",
        ),
        (
            RulesetSpec {
                alone: Some(AloneRule::ExchangeTwo),
                ..Default::default()
            },
            "alone_exchange_two_needs_no_widow",
        ),
        (
            RulesetSpec {
                target_score: Some(0),
                ..Default::default()
            },
            "target_score_out_of_range",
        ),
    ];
    for (spec, code) in cases {
        assert_eq!(spec.build().unwrap_err().code, code, "{spec:?}");
    }
}

#[test]
fn target_score_is_bounded_per_preset() {
    // From 1 to ten times the preset's default; the defaults themselves are inside.
    let spec = |preset, target| RulesetSpec {
        preset,
        target_score: Some(target),
        ..Default::default()
    };
    for (preset, max) in [
        (Preset::Hasenpfeffer, 100),
        (Preset::HasenpfefferOpen, 100),
        (Preset::Pepper, 300),
        (Preset::DoubleHasenpfeffer, 320),
    ] {
        assert_eq!(preset.target_score_range(), 1..=max);
        assert!(
            preset
                .target_score_range()
                .contains(&preset.rules().target_score)
        );
        for ok in [1, max] {
            assert_eq!(spec(preset, ok).build().unwrap().target_score, ok);
        }
        for bad in [0, -1, max + 1, 1000, i32::MAX, i32::MIN] {
            let err = spec(preset, bad).build().unwrap_err();
            assert_eq!(err.code, "target_score_out_of_range", "{preset:?} {bad}");
            assert!(
                err.message.contains(&format!("between 1 and {max}")),
                "{}",
                err.message
            );
        }
    }
}

#[test]
fn auction_kinds_and_presets() {
    for k in AuctionKind::BIDDING {
        assert_eq!(serde_json::to_value(k).unwrap(), k.name());
        // Every auction form goes with every bidding preset (and 6 players).
        for p in Preset::ALL
            .into_iter()
            .filter(|p| !p.rules().upcard() && *p != Preset::FiveHundred)
        {
            RulesetSpec {
                preset: p,
                auction: Some(k),
                ..Default::default()
            }
            .build()
            .unwrap();
        }
        RulesetSpec {
            preset: Preset::DoubleHasenpfeffer,
            players: Some(6),
            auction: Some(k),
            ..Default::default()
        }
        .build()
        .unwrap();
    }
    assert_eq!(
        Preset::Pepper.rules().auction,
        AuctionKind::ConsecutivePasses
    );
    assert_eq!(Preset::HasenpfefferOpen.rules().auction, AuctionKind::Open);
}

#[test]
fn spec_json_rejects_unknown_fields() {
    let spec: RulesetSpec =
        serde_json::from_str(r#"{"preset":"pepper","target_score":20}"#).unwrap();
    assert_eq!(spec.build().unwrap().target_score, 20);
    assert!(serde_json::from_str::<RulesetSpec>(r#"{"preset":"pepper","colour":1}"#).is_err());
}
