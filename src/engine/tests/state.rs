//! The stored state: the wire shapes, the serde round trip, and corrupt or tampered states.

use serde_json::{Value, json};

use super::support::*;
use crate::engine::shuffle::SplitMix64;
use crate::engine::{Action, Bid, Game, Pepper, Phase, Preset, Ruleset, STATE_FORMAT, Trump};

#[test]
fn splitmix64_reference_values() {
    // Checked independently against a Python transcription of Vigna's splitmix64.c.
    let mut g = SplitMix64::new(1234567);
    let want = [
        6457827717110365317u64,
        3203168211198807973,
        9817491932198370423,
        4593380528125082431,
        16408922859458223821,
    ];
    for w in want {
        assert_eq!(g.next_u64(), w);
    }
    let mut g = SplitMix64::new(0);
    assert_eq!(g.next_u64(), 0xE220_A839_7B1D_CDAF);
    // `below` rejects nothing in practice for small n: it is `next_u64() % n`.
    let mut a = SplitMix64::new(5);
    let mut b = SplitMix64::new(5);
    for n in 1..50 {
        assert_eq!(a.below(n), b.next_u64() % n);
    }
}

#[test]
fn action_wire_shapes() {
    let cases = [
        (Action::Pass, json!({"type": "pass"})),
        (Bid::plain(3).into(), json!({"type": "bid", "tricks": 3})),
        (
            Bid {
                tricks: 6,
                pepper: Some(Pepper::Big),
                ..Bid::plain(0)
            }
            .into(),
            json!({"type": "bid", "tricks": 6, "pepper": "big"}),
        ),
        (
            Bid {
                tricks: 6,
                pepper: Some(Pepper::Little),
                ..Bid::plain(0)
            }
            .into(),
            json!({"type": "bid", "tricks": 6, "pepper": "little"}),
        ),
        (
            action_of("x:H:AS"),
            json!({"type": "exchange", "trump": "H", "discard": ["AS"]}),
        ),
        (
            action_of("x:NT"),
            json!({"type": "exchange", "trump": "NT", "discard": []}),
        ),
        (
            Action::play(card("JK")),
            json!({"type": "play", "card": "JK"}),
        ),
        (
            Action::Alone { alone: true },
            json!({"type": "alone", "alone": true}),
        ),
        (
            action_of("pc:9S,TS"),
            json!({"type": "pass_cards", "cards": ["9S", "TS"]}),
        ),
    ];
    for (action, wire) in cases {
        assert_eq!(serde_json::to_value(&action).unwrap(), wire);
        assert_eq!(serde_json::from_value::<Action>(wire).unwrap(), action);
    }
    // The discard may be left out of an exchange with no widow.
    let a: Action = serde_json::from_str(r#"{"type":"exchange","trump":"S"}"#).unwrap();
    assert_eq!(
        a,
        Action::Exchange {
            trump: Trump::Suit(crate::engine::Suit::Spades),
            discard: Default::default()
        }
    );
    for bad in [
        r#"{"type":"play","card":"1H"}"#,
        r#"{"type":"play","card":"JK","extra":1}"#,
        r#"{"type":"fold"}"#,
        r#"{"type":"exchange","trump":"X"}"#,
        r#"{"type":"pass_cards","cards":["9S","9S","9S","9S","9S"]}"#,
        r#"{"type":"bid","tricks":300}"#,
        r#"{"type":"bid","tricks":3,"pepper":"medium"}"#,
    ] {
        assert!(serde_json::from_str::<Action>(bad).is_err(), "{bad}");
    }
}

fn action_of(token: &str) -> Action {
    let g = Game::new(Preset::Hasenpfeffer.rules(), 0, None).unwrap();
    action(&g, token)
}

/// A few games of every ruleset, stopped at many points, for the state tests.
fn sample_states() -> Vec<Game> {
    let mut out = Vec::new();
    let mut rulesets: Vec<Ruleset> = Preset::ALL.iter().map(|p| p.rules()).collect();
    rulesets.push(double6());
    for rules in rulesets {
        for seed in 0..3u64 {
            let mut g = Game::new(rules, seed, None).unwrap();
            let mut rng = SplitMix64::new(seed);
            let mut step = 0;
            while !g.is_over() && step < 400 {
                if step % 7 == 0 {
                    out.push(g.clone());
                }
                let seat = g.turn().unwrap();
                let legal = g.legal_actions(seat);
                let i = if g.phase() == Phase::Auction && legal.len() > 1 && rng.below(4) != 0 {
                    0
                } else {
                    rng.below(legal.len() as u64) as usize
                };
                g.apply(seat, &legal[i]).unwrap();
                step += 1;
            }
            out.push(g);
        }
    }
    out
}

#[test]
fn serde_round_trip() {
    for g in sample_states() {
        let json = serde_json::to_string(&g).unwrap();
        let back: Game = serde_json::from_str(&json).unwrap();
        assert_eq!(back, g);
        assert_eq!(serde_json::to_string(&back).unwrap(), json);
        g.check_integrity().unwrap();
    }
}

fn expect_rejected(v: &Value, what: &str) {
    let s = v.to_string();
    match serde_json::from_str::<Game>(&s) {
        Ok(_) => panic!("a tampered state was accepted: {what}"),
        Err(e) => assert!(!e.to_string().is_empty()),
    }
}

fn at<'a>(v: &'a mut Value, path: &[&str]) -> &'a mut Value {
    let mut cur = v;
    for p in path {
        cur = match p.parse::<usize>() {
            Ok(i) => &mut cur[i],
            Err(_) => &mut cur[*p],
        };
    }
    cur
}

#[test]
fn tampered_states_are_rejected() {
    let mut g = Game::new(Preset::Hasenpfeffer.rules(), 42, None).unwrap();
    // Into the play of the first hand.
    run(&mut g, "p p p p");
    let seat = g.turn().unwrap();
    let a = g.legal_actions(seat)[0].clone();
    g.apply(seat, &a).unwrap();
    for _ in 0..5 {
        let seat = g.turn().unwrap();
        let a = g.legal_actions(seat)[0].clone();
        g.apply(seat, &a).unwrap();
    }
    assert_eq!(g.phase(), Phase::Play);
    let good = serde_json::to_value(&g).unwrap();
    serde_json::from_value::<Game>(good.clone()).unwrap();
    let hand0 = good["hand"]["hands"][0].clone();
    let hand1 = good["hand"]["hands"][1].clone();

    let mut cases: Vec<(&str, Value)> = Vec::new();
    let mut edit = |what: &'static str, f: &dyn Fn(&mut Value)| {
        let mut v = good.clone();
        f(&mut v);
        cases.push((what, v));
    };
    edit("future format", &|v| v["format"] = json!(STATE_FORMAT + 1));
    edit("format zero", &|v| v["format"] = json!(0));
    edit("a card duplicated", &|v| {
        *at(v, &["hand", "hands", "0", "0"]) = hand1[0].clone()
    });
    edit("a card missing", &|v| {
        at(v, &["hand", "hands", "0"]).as_array_mut().unwrap().pop();
    });
    edit("a card invented", &|v| {
        at(v, &["hand", "hands", "0"])
            .as_array_mut()
            .unwrap()
            .push(json!("9C"));
    });
    edit("hands swapped (deal no longer matches)", &|v| {
        *at(v, &["hand", "hands", "0"]) = hand1.clone();
        *at(v, &["hand", "hands", "1"]) = hand0.clone();
    });
    edit("dealer out of range", &|v| v["hand"]["dealer"] = json!(7));
    edit("turn out of range", &|v| v["turn"] = json!(4));
    edit("turn to the wrong seat", &|v| {
        let t = v["turn"].as_u64().unwrap();
        v["turn"] = json!((t + 1) % 4);
    });
    edit("contract seat out of range", &|v| {
        v["hand"]["contract"]["seat"] = json!(9)
    });
    edit("a play by a seat out of range", &|v| {
        v["hand"]["tricks"][0]["plays"][0]["seat"] = json!(12)
    });
    edit("a trick with a wrong winner", &|v| {
        let w = v["hand"]["tricks"][0]["winner"].as_u64().unwrap();
        v["hand"]["tricks"][0]["winner"] = json!((w + 1) % 4);
    });
    edit("too many plays in the trick", &|v| {
        let plays = v["hand"]["tricks"][0]["plays"].clone();
        v["hand"]["trick"]["plays"] = plays;
    });
    edit("every seat sitting out", &|v| {
        v["hand"]["sitting_out"] = json!(255)
    });
    edit("a seat sitting out", &|v| {
        v["hand"]["sitting_out"] = json!(2)
    });
    edit("scores past the target while playing", &|v| {
        v["scores"] = json!([10, 0])
    });
    edit("hand number at the limit", &|v| {
        v["hand"]["number"] = json!(u32::MAX)
    });
    edit("game over without an outcome", &|v| {
        v["phase"] = json!("game_over");
        v["turn"] = Value::Null;
    });
    edit("an outcome while playing", &|v| {
        v["outcome"] = json!({"winner": 0})
    });
    edit("a different trump", &|v| v["hand"]["trump"] = json!("NT"));
    edit("a different contract", &|v| {
        v["hand"]["contract"]["bid"]["tricks"] = json!(6)
    });
    edit("an auction entry removed", &|v| {
        v["hand"]["auction"].as_array_mut().unwrap().pop();
    });
    edit("widow not taken", &|v| {
        v["hand"]["widow_taken"] = json!(false)
    });
    edit("a seat of 6 in a 4-player game", &|v| {
        v["hand"]["auction"][0]["seat"] = json!(6)
    });
    edit("a ruleset that is not valid", &|v| {
        v["rules"]["no_trump"] = json!(true)
    });
    edit("an unknown ruleset field", &|v| {
        v["rules"]["colour"] = json!("red")
    });
    edit("six players in a 25-card game", &|v| {
        v["rules"]["players"] = json!(6)
    });
    edit("a void recorded that never happened", &|v| {
        v["hand"]["voids"] = json!([15, 15, 15, 15, 15, 15])
    });
    edit("a joker reveal that never happened", &|v| {
        v["hand"]["joker_revealed_by"] = json!(0)
    });
    edit("phase wrong", &|v| v["phase"] = json!("auction"));
    edit("alone without the rule", &|v| v["hand"]["alone"] = json!(0));
    edit("a hand too big", &|v| {
        let mut h = v["hand"]["hands"][0].as_array().unwrap().clone();
        while h.len() < 17 {
            h.push(json!("9C"));
        }
        v["hand"]["hands"][0] = Value::Array(h);
    });
    edit("a card code that is not a card", &|v| {
        *at(v, &["hand", "hands", "0", "0"]) = json!("XX")
    });
    edit("last hand from the future", &|v| {
        v["last_hand"] = json!({"number": 5, "result": "played", "contract": null,
            "tricks_won": [0, 0], "score_delta": [0, 0], "scores": [0, 0]})
    });
    for (what, v) in cases {
        expect_rejected(&v, what);
    }
    // Scores have no lower bound, so an absurd one is accepted, and saturates instead of
    // overflowing.
    let mut v = good.clone();
    v["scores"] = json!([i32::MIN, 0]);
    let mut t: Game = serde_json::from_value(v).unwrap();
    play_out(&mut t, &mut SplitMix64::new(1));

    // Truncated JSON, at every length: an error, never a panic.
    let s = good.to_string();
    for i in 0..s.len() {
        if s.is_char_boundary(i) {
            assert!(serde_json::from_str::<Game>(&s[..i]).is_err());
        }
    }
    assert!(serde_json::from_str::<Game>("").is_err());
    assert!(serde_json::from_str::<Game>("null").is_err());
    assert!(serde_json::from_str::<Game>("{}").is_err());
    assert!(serde_json::from_str::<Game>("[]").is_err());
}

/// Every leaf of a stored state, changed to a few other values: deserialising is an error or
/// gives a state that plays on to the end without a panic and with every invariant.
#[test]
fn mutated_states_never_panic() {
    let states = sample_states();
    let mut rng = SplitMix64::new(99);
    let mut accepted = 0usize;
    let mut rejected = 0usize;
    for (k, g) in states.iter().enumerate() {
        if k % 4 != 0 {
            continue;
        }
        let v = serde_json::to_value(g).unwrap();
        let mut paths = Vec::new();
        leaves(&v, &mut Vec::new(), &mut paths);
        // Every top-level leaf and a sample of the rest.
        let sample: Vec<_> = paths
            .into_iter()
            .filter(|p| p.len() <= 2 || rng.below(4) == 0)
            .collect();
        for path in sample {
            let refs: Vec<&str> = path.iter().map(|s| s.as_str()).collect();
            for replacement in replacements(&mut rng) {
                let mut m = v.clone();
                *at(&mut m, &refs) = replacement;
                if m == v {
                    continue;
                }
                match serde_json::from_value::<Game>(m) {
                    Err(_) => rejected += 1,
                    Ok(mut t) => {
                        accepted += 1;
                        t.check_integrity().unwrap();
                        play_out(&mut t, &mut rng);
                    }
                }
            }
        }
    }
    eprintln!("mutations: {rejected} rejected, {accepted} accepted");
    assert!(rejected > 1000, "{rejected} rejected");
    // Some leaves are free (the seed of a game in its first hand, say), but few.
    assert!(accepted * 10 < rejected, "{accepted} accepted");
}

fn leaves(v: &Value, path: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                path.push(k.clone());
                leaves(x, path, out);
                path.pop();
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                path.push(i.to_string());
                leaves(x, path, out);
                path.pop();
            }
        }
        _ => out.push(path.clone()),
    }
}

fn replacements(rng: &mut SplitMix64) -> Vec<Value> {
    let cards = ["9C", "JK", "AS", "TD", "JH"];
    vec![
        json!(rng.below(8)),
        json!(255),
        json!(-1),
        json!(cards[rng.below(cards.len() as u64) as usize]),
        json!(true),
        Value::Null,
    ]
}

/// Plays random legal actions to the end (or 200 actions); panics if anything is off.
fn play_out(g: &mut Game, rng: &mut SplitMix64) {
    for _ in 0..200 {
        let Some(seat) = g.turn() else { return };
        let legal = g.legal_actions(seat);
        assert!(!legal.is_empty(), "no legal action for seat {seat}");
        let a = &legal[rng.below(legal.len() as u64) as usize];
        g.apply(seat, a).unwrap();
        g.check_integrity().unwrap();
    }
}
