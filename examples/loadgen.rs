//! Load generator for `scripts/loadbench.sh` (c): whole games played through the API, four
//! clients per game, many games at once. Each client holds one seat: it long-polls its view
//! (`?wait_for_version=`) until it is its turn, then posts its first non-pass legal action.
//! Prints one JSON line: games finished, seconds, games and actions per second.
//!
//! ```sh
//! cargo run --release --example loadgen -- --port 8080 --concurrent 16 --secs 5
//! ```
//!
//! Games started before `--secs` ran out are played to the end and counted; the figures divide
//! by the whole time taken.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

type Error = Box<dyn std::error::Error + Send + Sync>;

struct Args {
    port: u16,
    concurrent: usize,
    secs: f64,
}

fn args() -> Result<Args, Error> {
    let mut a = Args {
        port: 8080,
        concurrent: 16,
        secs: 5.0,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it.next().ok_or(format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--port" => a.port = value.parse()?,
            "--concurrent" => a.concurrent = value.parse()?,
            "--secs" => a.secs = value.parse()?,
            _ => return Err(format!("unknown flag {flag}").into()),
        }
    }
    Ok(a)
}

/// Sends `req`; the JSON answer, or an error naming the status and body.
async fn send(req: reqwest::RequestBuilder) -> Result<Value, Error> {
    let res = req.send().await?;
    let status = res.status();
    let body = res.text().await?;
    if !status.is_success() {
        return Err(format!("{status}: {body}").into());
    }
    Ok(serde_json::from_str(&body)?)
}

/// Plays one seat to the end of the game; returns the number of actions it posted.
async fn seat(http: reqwest::Client, url: String, seat: u64, token: String) -> Result<u64, Error> {
    let mut view = send(http.get(&url).bearer_auth(&token)).await?;
    let mut posted = 0;
    while view["phase"] != "game_over" {
        if view["turn"].as_u64() == Some(seat) {
            let legal = view["legal_actions"].as_array().ok_or("no legal_actions")?;
            let action = legal
                .iter()
                .find(|a| a["type"] != "pass")
                .or_else(|| legal.first())
                .ok_or("no legal action on my turn")?;
            view = send(
                http.post(format!("{url}/actions"))
                    .bearer_auth(&token)
                    .json(action),
            )
            .await?;
            posted += 1;
        } else {
            let version = view["version"].as_u64().ok_or("no version")?;
            view = send(
                http.get(format!("{url}?wait_for_version={version}&wait_ms=30000"))
                    .bearer_auth(&token),
            )
            .await?;
        }
    }
    Ok(posted)
}

/// Creates a game of four open seats, claims them, and plays it with four clients.
async fn game(http: &reqwest::Client, base: &str) -> Result<u64, Error> {
    let open = json!({"kind": "open"});
    let created = send(
        http.post(format!("{base}/v1/games"))
            .json(&json!({"seats": [open, open, open, open]})),
    )
    .await?;
    let id = created["game_id"].as_str().ok_or("no game_id")?;
    let url = format!("{base}/v1/games/{id}");
    // Claim every seat first: nobody can act before the game has started.
    let mut tokens = Vec::new();
    for s in 0..4u64 {
        let claimed = send(
            http.post(format!("{url}/seats"))
                .json(&json!({"seat": s, "name": format!("load{s}")})),
        )
        .await?;
        tokens.push(claimed["token"].as_str().ok_or("no token")?.to_owned());
    }
    let seats: Vec<_> = (0..)
        .zip(tokens)
        .map(|(s, token)| tokio::spawn(seat(http.clone(), url.clone(), s, token)))
        .collect();
    let mut actions = 0;
    for s in seats {
        actions += s.await??;
    }
    Ok(actions)
}

#[tokio::main]
async fn main() -> Result<(), Error> {
    let a = args()?;
    let base = format!("http://127.0.0.1:{}", a.port);
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(60))
        .pool_max_idle_per_host(4 * a.concurrent)
        .build()?;
    let games = Arc::new(AtomicU64::new(0));
    let actions = Arc::new(AtomicU64::new(0));
    let start = Instant::now();
    let stop = start + Duration::from_secs_f64(a.secs);
    let loops: Vec<_> = (0..a.concurrent)
        .map(|_| {
            let (http, base) = (http.clone(), base.clone());
            let (games, actions) = (games.clone(), actions.clone());
            tokio::spawn(async move {
                while Instant::now() < stop {
                    let n = game(&http, &base).await?;
                    games.fetch_add(1, Ordering::Relaxed);
                    actions.fetch_add(n, Ordering::Relaxed);
                }
                Ok::<(), Error>(())
            })
        })
        .collect();
    for l in loops {
        l.await??;
    }
    let secs = start.elapsed().as_secs_f64();
    let (g, n) = (
        games.load(Ordering::Relaxed),
        actions.load(Ordering::Relaxed),
    );
    println!(
        "{}",
        json!({
            "games": g,
            "secs": (secs * 100.0).round() / 100.0,
            "games_per_sec": ((g as f64 / secs) * 100.0).round() / 100.0,
            "actions_per_sec": ((n as f64 / secs) * 10.0).round() / 10.0,
        })
    );
    Ok(())
}
