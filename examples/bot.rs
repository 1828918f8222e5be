//! A starter bot: joins a game, follows its event stream, and plays until the game is over.
//!
//! ```sh
//! cargo run --release                      # the server, in another terminal
//! cargo run --release --example bot        # a new game: this bot and three house players
//! GAME_ID=<id> cargo run --release --example bot   # or take an open seat of an existing game
//! PRESET=bacon cargo run --release --example bot   # a new game of another preset
//! ```
//!
//! `BASE_URL` (default `http://localhost:8080`) names the server; `PRESET` (default the
//! server's, hasenpfeffer) the game a new game plays (`GET /v1/rulesets` lists them). The bot
//! posts the view's `legal_actions` as they are, so it plays every preset. Copy this file and
//! change `choose` to make the bot your own.

use serde_json::{Value, json};

type Error = Box<dyn std::error::Error>;

#[tokio::main]
async fn main() -> Result<(), Error> {
    let base = std::env::var("BASE_URL").unwrap_or_else(|_| "http://localhost:8080".into());
    let http = reqwest::Client::new();

    // 1. The game: GAME_ID, or a new one (of PRESET, if set) with us in seat 0 and three house
    //    players.
    let game = match std::env::var("GAME_ID") {
        Ok(id) => id,
        Err(_) => {
            let house = json!({"kind": "bot", "strategy": "heuristic"});
            let mut body = json!({"seats": [{"kind": "open"}, house, house, house]});
            if let Some(preset) = std::env::var("PRESET").ok().filter(|p| !p.is_empty()) {
                body["ruleset"] = json!({ "preset": preset });
            }
            let created = post(&http, &format!("{base}/v1/games"), &body).await?;
            created["game_id"].as_str().ok_or("no game_id")?.to_owned()
        }
    };

    // 2. Claim a seat. The answer holds our seat number and its bearer token (shown only once).
    let claim = json!({"name": "rust-starter-bot"});
    let claimed = post(&http, &format!("{base}/v1/games/{game}/seats"), &claim).await?;
    let seat = claimed["seat"].as_u64().ok_or("no seat")?;
    let token = claimed["token"].as_str().ok_or("no token")?.to_owned();
    println!("game {game}: playing seat {seat}");

    // 3. Follow the game: every event is our view after a change, its `id:` the version.
    let mut last_id: Option<String> = None; // to resume where we were if the stream drops
    let mut acted_at = 0; // the version we last acted on, so that we act once per turn
    loop {
        let mut req = http
            .get(format!("{base}/v1/games/{game}/events"))
            .bearer_auth(&token);
        if let Some(id) = &last_id {
            req = req.header("Last-Event-ID", id);
        }
        let mut res = req.send().await?.error_for_status()?;
        let mut buf = String::new();
        while let Some(chunk) = res.chunk().await? {
            buf.push_str(&String::from_utf8_lossy(&chunk));
            // An event is a few `field: value` lines ended by a blank line.
            while let Some(end) = buf.find("\n\n") {
                let frame: String = buf.drain(..end + 2).collect();
                let (mut event, mut data) = (String::new(), String::new());
                for line in frame.lines() {
                    if let Some(v) = line.strip_prefix("event:") {
                        event = v.trim().to_owned();
                    } else if let Some(v) = line.strip_prefix("id:") {
                        last_id = Some(v.trim().to_owned());
                    } else if let Some(v) = line.strip_prefix("data:") {
                        data.push_str(v.strip_prefix(' ').unwrap_or(v));
                    } // lines starting with ':' are keep-alive comments
                }
                if data.is_empty() {
                    continue;
                }
                let view: Value = serde_json::from_str(&data)?;
                if event == "game_over" || view["phase"] == "game_over" {
                    println!(
                        "game over: scores {} (team 0 is seats 0 and 2), winner {}, draw {}",
                        view["scores"], view["winner"], view["draw"]
                    );
                    return Ok(());
                }
                // 4. Our turn: post one of the legal actions, as it is.
                let version = view["version"].as_u64().unwrap_or(0);
                if view["turn"].as_u64() == Some(seat) && version > acted_at {
                    acted_at = version;
                    let action = choose(&view);
                    let url = format!("{base}/v1/games/{game}/actions");
                    // If-Match: apply it only if the game is still at the version we saw.
                    let res = http
                        .post(url)
                        .bearer_auth(&token)
                        .header("If-Match", format!("\"{version}\""))
                        .json(&action)
                        .send()
                        .await?;
                    if !res.status().is_success() {
                        // A stale view (409) or a refused action (422): the next event tells.
                        eprintln!("{action} refused: {}", res.text().await?);
                    }
                }
            }
        }
        // The stream ended before the game did (a restart, a proxy): reconnect and resume.
        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    }
}

/// The decision: pass in the auction when we may (let the house partner bid), otherwise the
/// first legal action. Every entry of `legal_actions` is a complete action, ready to post.
fn choose(view: &Value) -> Value {
    let legal = view["legal_actions"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let pass = json!({"type": "pass"});
    if view["phase"] == "auction" && legal.contains(&pass) {
        return pass;
    }
    legal.into_iter().next().unwrap_or(pass)
}

/// POST a JSON body; the JSON answer, or the problem document as an error.
async fn post(http: &reqwest::Client, url: &str, body: &Value) -> Result<Value, Error> {
    let res = http.post(url).json(body).send().await?;
    if !res.status().is_success() {
        return Err(format!("POST {url}: {} {}", res.status(), res.text().await?).into());
    }
    Ok(res.json().await?)
}
