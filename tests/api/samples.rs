//! `GET /v1/games/{id}/samples`: hidden-card samples for the calling seat.

use serde_json::{Value, json};

use crate::helpers::{Store, assert_problem, both_stores, spawn_app, view_of};

both_stores!(samples_are_consistent_with_the_seat);

async fn samples_are_consistent_with_the_seat(store: Store) {
    let app = spawn_app(store).await;
    let bot = json!({"kind": "bot", "strategy": "random"});
    let id = app
        .create_game(&json!({"seed": 9, "seats": [{"kind": "open"}, bot, bot, bot]}))
        .await;
    let tokens = app.claim_all(&id, 1).await;
    let view = app.view(&id, Some(&tokens[0])).await;
    let res = app
        .client
        .get(app.url(&format!("/v1/games/{id}/samples?count=7")))
        .bearer_auth(&tokens[0])
        .send()
        .await
        .expect("sent");
    assert_eq!(res.status(), 200);
    let body: Value = res.json().await.expect("json");
    assert_eq!(body["seat"], 0);
    assert_eq!(body["version"], view["version"]);
    let samples = body["samples"].as_array().expect("samples");
    assert_eq!(samples.len(), 7);
    let own = view["hand"].as_array().expect("hand");
    for s in samples {
        let hands = s["hands"].as_array().expect("hands");
        assert_eq!(&hands[0], &view["hand"], "my own hand is given as it is");
        for (seat, h) in hands.iter().enumerate() {
            assert_eq!(
                h.as_array().map(Vec::len),
                view["hand_sizes"][seat].as_u64().map(|n| n as usize)
            );
            if seat != 0 {
                assert!(h.as_array().unwrap().iter().all(|c| !own.contains(c)));
            }
        }
    }
    // A spectator has no seat to sample for; bad counts are refused.
    let res = app.get(&format!("/v1/games/{id}/samples")).await;
    assert_problem(res, 401, "missing_token").await;
    let res = app
        .client
        .get(app.url(&format!("/v1/games/{id}/samples?count=0")))
        .bearer_auth(&tokens[0])
        .send()
        .await
        .expect("sent");
    assert_problem(res, 400, "invalid_query").await;
}

both_stores!(two_player_pepper_samples_deal_the_dead_hand);

/// Pepper for two: a sample deals the dead hand (the face-down "widow" of 8) from the cards the
/// seat cannot see, never from its own hand.
async fn two_player_pepper_samples_deal_the_dead_hand(store: Store) {
    let app = spawn_app(store).await;
    let bot = json!({"kind": "bot", "strategy": "heuristic"});
    let id = app
        .create_game(&json!({
            "ruleset": {"preset": "pepper", "players": 2},
            "seed": 12,
            "seats": [{"kind": "open"}, bot],
        }))
        .await;
    let tokens = app.claim_all(&id, 1).await;
    let view = app.view(&id, Some(&tokens[0])).await;
    assert_eq!(view["widow_size"], 8);
    assert_eq!(view["widow"], json!([]));
    let res = app
        .client
        .get(app.url(&format!("/v1/games/{id}/samples?count=5")))
        .bearer_auth(&tokens[0])
        .send()
        .await
        .expect("sent");
    assert_eq!(res.status(), 200);
    let body: Value = res.json().await.expect("json");
    let own = view["hand"].as_array().expect("hand");
    for s in body["samples"].as_array().expect("samples") {
        let dead = s["widow"].as_array().expect("the dead hand");
        assert_eq!(dead.len(), 8);
        assert!(dead.iter().all(|c| !own.contains(c)));
        let other = s["hands"][1].as_array().expect("seat 1");
        assert!(dead.iter().all(|c| !other.contains(c)));
    }
}

both_stores!(euchre_samples_keep_the_taken_upcard_with_the_dealer);

/// Euchre: once the dealer took the upcard, every other seat's samples put it in the dealer's
/// hand, give the dealer one face-down discard (never the upcard) and the rest of the stub
/// face down; the dealer's own samples give its real discard.
async fn euchre_samples_keep_the_taken_upcard_with_the_dealer(store: Store) {
    let app = spawn_app(store).await;
    let id = app
        .create_game(&json!({"ruleset": {"preset": "euchre"}, "seed": 31}))
        .await;
    let tokens = app.claim_all(&id, 4).await;
    let view = app.view(&id, None).await;
    let dealer = view["dealer"].as_u64().expect("dealer") as usize;
    let upcard = view["upcard"]["card"].clone();
    assert_eq!(view["upcard"]["fate"], "face_up");
    let first = (dealer + 1) % 4;
    let post = |seat: usize, action: Value| {
        let app = &app;
        let id = &id;
        let token = tokens[seat].clone();
        async move {
            let res = app
                .client
                .post(app.url(&format!("/v1/games/{id}/actions")))
                .bearer_auth(token)
                .json(&action)
                .send()
                .await
                .expect("sent");
            assert_eq!(res.status(), 200, "{action}");
            res.json::<Value>().await.expect("json")
        }
    };
    post(first, json!({"type": "order_up"})).await;
    let dealer_view = app.view(&id, Some(&tokens[dealer])).await;
    let discard = dealer_view["hand"]
        .as_array()
        .expect("hand")
        .iter()
        .find(|c| **c != upcard)
        .expect("a card to discard")
        .clone();
    let after = post(dealer, json!({"type": "take_upcard", "discard": discard})).await;
    assert_eq!(after["upcard"]["fate"], "taken");
    for seat in 0..4 {
        let res = app
            .client
            .get(app.url(&format!("/v1/games/{id}/samples?count=6")))
            .bearer_auth(&tokens[seat])
            .send()
            .await
            .expect("sent");
        assert_eq!(res.status(), 200);
        let body: Value = res.json().await.expect("json");
        for s in body["samples"].as_array().expect("samples") {
            let dealer_hand = s["hands"][dealer].as_array().expect("dealer's hand");
            assert!(dealer_hand.contains(&upcard), "{s}");
            let stub = s["widow"].as_array().expect("stub");
            assert_eq!(Some(stub.len() as u64), after["widow_size"].as_u64());
            assert!(!stub.contains(&upcard));
            let discards = s["discards"].as_array().expect("discards");
            assert_eq!(discards.len(), 1);
            assert_ne!(discards[0], upcard);
            if seat == dealer {
                assert_eq!(discards[0], discard);
            } else {
                assert!(!s["hands"][seat].as_array().unwrap().contains(&discards[0]));
            }
        }
    }
}

both_stores!(bacon_samples_keep_the_upcard_with_its_taker);

/// Bacon: after the first upcard was passed and the second picked up, allowed and taken by the
/// seat left of the caller, every seat's samples deal only the cards it cannot see: the passed
/// upcard and the face-up discard are in no sample (no hand, not the stub, no face-down
/// discard), the taker holds the upcard in every sample unless it discarded it, and the
/// sample's hands, stub, the upcards passed and the discard make the whole deck.
async fn bacon_samples_keep_the_upcard_with_its_taker(store: Store) {
    let app = spawn_app(store).await;
    for discard_the_upcard in [false, true] {
        let id = app
            .create_game(&json!({"ruleset": {"preset": "bacon"}, "seed": 41}))
            .await;
        let tokens = app.claim_all(&id, 4).await;
        let dealer = app.view(&id, None).await["dealer"]
            .as_u64()
            .expect("dealer") as usize;
        let act = |seat: usize, action: Value| {
            let (app, id, token) = (&app, &id, tokens[seat].clone());
            async move {
                let res = app.act(id, &token, "bid", &action).await;
                assert_eq!(res.status(), 200, "{action}");
            }
        };
        for i in 1..=4 {
            act((dealer + i) % 4, json!({"type": "pass"})).await;
        }
        let caller = (dealer + 1) % 4;
        act(caller, json!({"type": "pick_up"})).await;
        act((caller + 2) % 4, json!({"type": "allow"})).await;
        let taker = (caller + 1) % 4;
        let before = app.view(&id, Some(&tokens[taker])).await;
        let upcard = before["upcard"]["card"].clone();
        let passed = before["passed_upcards"].clone();
        assert_eq!(passed.as_array().map(Vec::len), Some(1));
        let discard = if discard_the_upcard {
            upcard.clone()
        } else {
            before["hand"][0].clone()
        };
        let res = app
            .act(
                &id,
                &tokens[taker],
                "exchange",
                &json!({"type": "take_upcard", "discard": discard}),
            )
            .await;
        let (after, _) = view_of(res).await;
        assert_eq!(after["upcard"]["discard"], discard);
        let face_up: Vec<&Value> = passed
            .as_array()
            .expect("passed")
            .iter()
            .chain([&discard])
            .collect();
        for seat in 0..4 {
            let mine = app.view(&id, Some(&tokens[seat])).await;
            let res = app
                .client
                .get(app.url(&format!("/v1/games/{id}/samples?count=6")))
                .bearer_auth(&tokens[seat])
                .send()
                .await
                .expect("sent");
            assert_eq!(res.status(), 200);
            let body: Value = res.json().await.expect("json");
            for s in body["samples"].as_array().expect("samples") {
                let hands = s["hands"].as_array().expect("hands");
                assert_eq!(hands[seat], mine["hand"], "my own hand as it is");
                let stub = s["widow"].as_array().expect("stub");
                assert_eq!(Some(stub.len() as u64), mine["widow_size"].as_u64());
                assert_eq!(s["discards"], json!([]), "no face-down discard in Bacon");
                let mut all: Vec<&Value> = stub.iter().collect();
                for (h, size) in hands
                    .iter()
                    .zip(mine["hand_sizes"].as_array().expect("sizes"))
                {
                    let h = h.as_array().expect("a hand");
                    assert_eq!(Some(h.len() as u64), size.as_u64());
                    all.extend(h);
                }
                for c in &face_up {
                    assert!(!all.contains(c), "{c} lies face up, yet is in {s}");
                }
                let holds_upcard = hands[taker].as_array().expect("hand").contains(&upcard);
                assert_eq!(
                    holds_upcard, !discard_the_upcard,
                    "the taker holds the upcard unless it discarded it: {s}"
                );
                if discard_the_upcard {
                    assert!(!all.contains(&&upcard));
                }
                // Hands, stub, the passed upcards and the discard: the whole deck, once each.
                all.extend(face_up.iter().copied());
                let mut codes: Vec<&str> = all.iter().map(|c| c.as_str().expect("card")).collect();
                codes.sort_unstable();
                let n = codes.len();
                codes.dedup();
                assert_eq!((n, codes.len()), (52, 52), "{s}");
            }
        }
    }
}
