//! A starter bot: joins a game, follows its event stream, and plays until the game is over; or,
//! with `BOT_NAME`, a bot account that queues for a table and plays what its inbox offers, game
//! after game.
//!
//! ```sh
//! cargo run --release                      # the server, in another terminal
//! cargo run --release --example bot        # a new game: this bot and three house players
//! GAME_ID=<id> cargo run --release --example bot   # or take an open seat of an existing game
//! PRESET=bacon cargo run --release --example bot   # a new game of another preset
//! BOT_NAME=my-bot cargo run --release --example bot   # account mode: queue and play, forever
//! BOT_NAME=my-bot ARENA=<id> cargo run --release --example bot   # play an arena to its end
//! ```
//!
//! `BASE_URL` (default `http://localhost:8080`) names the server; `PRESET` (default the
//! server's, hasenpfeffer) the game a new game plays (`GET /v1/rulesets` lists them). The bot
//! posts the view's `legal_actions` as they are, so it plays every preset. Copy this file and
//! change `choose` to make the bot your own.
//!
//! Account mode, when `BOT_NAME` is set: the bot's key is `BOT_KEY`, or the one saved in
//! `${XDG_CACHE_HOME:-$HOME/.cache}/hasenpfeffer/bots/<BOT_NAME>.key`, or else the bot registers
//! (`POST /v1/bots`) and saves its key there (mode 0600; the key is never printed). It first
//! plays the seats its inbox holds of games not over yet (a restarted bot resumes), then joins
//! the queue (`POST /v1/queue`: `PRESET`; `FILL_AFTER_MS`, default 5000, before house players
//! fill the table; `HOUSE`, default `heuristic`, or a list such as `random,heuristic,expert`
//! taken in turn, one per join), long-polls its inbox until a seat comes, plays that game to
//! the end and queues again; `GAMES` (default 0: forever) games, then it stops. It waits out a
//! rate limit (429) and retries after a second when the server is unreachable or failing (5xx).
//!
//! With `ARENA` (an arena's id, `GET /v1/arenas`), the account joins that arena instead of
//! queueing (`POST /v1/arenas/{id}/join`), plays every seat the arena gives it, and stops when
//! its inbox says the arena is over (`arena_finished`, with its place).
//!
//! Challenges from other bots (`challenge` in its inbox) it answers by one rule, `consider`:
//! it accepts a game of its `PRESET` (any preset when unset) with a turn clock of a second or
//! more, and a duplicate match of at most 20 deals; it declines anything else, saying why
//! (`preset`, `too_fast`, `later`). The accepted game's seat then comes as any other.

use std::collections::HashSet;
use std::time::Duration;

use reqwest::header::{ACCEPT, AUTHORIZATION};
use reqwest::{RequestBuilder, StatusCode};
use serde_json::{Value, json};

type Error = Box<dyn std::error::Error>;

#[tokio::main]
async fn main() -> Result<(), Error> {
    let base = std::env::var("BASE_URL").unwrap_or_else(|_| "http://localhost:8080".into());
    let http = reqwest::Client::new();

    if let Some(name) = env("BOT_NAME") {
        if let Err(err) = account(&http, &base, &name).await {
            eprintln!("{err}");
            std::process::exit(1);
        }
        return Ok(());
    }

    // 1. The game: GAME_ID, or a new one (of PRESET, if set) with us in seat 0 and three house
    //    players.
    let game = match std::env::var("GAME_ID") {
        Ok(id) => id,
        Err(_) => {
            let house = json!({"kind": "bot", "strategy": "heuristic"});
            let mut body = json!({"seats": [{"kind": "open"}, house, house, house]});
            if let Some(preset) = env("PRESET") {
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
    let token = claimed["token"].as_str().ok_or("no token")?;
    play(&http, &base, &game, seat, token).await
}

/// Plays our seat of a game to its end.
async fn play(
    http: &reqwest::Client,
    base: &str,
    game: &str,
    seat: u64,
    token: &str,
) -> Result<(), Error> {
    println!("game {game}: playing seat {seat}");

    // 3. Follow the game: every event is our view after a change, its `id:` the version.
    let mut last_id: Option<String> = None; // to resume where we were if the stream drops
    let mut acted_at = 0; // the version we last acted on, so that we act once per turn
    loop {
        let mut req = http
            .get(format!("{base}/v1/games/{game}/events"))
            .bearer_auth(token);
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
                        .bearer_auth(token)
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
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

/// Account mode: play the inbox's unfinished seats, then queue, wait for a seat, play it, and
/// again, `GAMES` times (0: forever).
async fn account(http: &reqwest::Client, base: &str, name: &str) -> Result<(), Error> {
    let key = format!("Bot {}", bot_key(http, base, name).await?);
    let number = |var: &str, default: u64| -> Result<u64, Error> {
        env(var).map_or(Ok(default), |v| {
            v.parse()
                .map_err(|_| format!("{var} is not a number: {v}").into())
        })
    };
    let (fill, games) = (number("FILL_AFTER_MS", 5000)?, number("GAMES", 0)?);
    let house = env("HOUSE").unwrap_or_else(|| "heuristic".into());
    let mut houses: Vec<&str> = house
        .split(',')
        .map(str::trim)
        .filter(|h| !h.is_empty())
        .collect();
    if houses.is_empty() {
        houses.push("heuristic");
    }
    let ruleset = env("PRESET").map_or(json!({}), |preset| json!({ "preset": preset }));

    if let Some(arena) = env("ARENA") {
        return play_arena(http, base, &key, &arena).await;
    }
    let (mut last, mut played) = (0, 0); // the last inbox entry read; games played to the end
    // 1. What the inbox holds already: seats of games a previous run may not have finished.
    let mut seats = inbox(http, base, &key, &mut last, 0).await?;
    for joins in 0.. {
        for seated in &seats {
            if play_seated(http, base, seated).await? {
                played += 1;
                if played == games {
                    return Ok(());
                }
            }
        }
        // 2. Queue for a table, with house players after FILL_AFTER_MS (HOUSE taken in turn).
        let body = json!({
            "ruleset": ruleset,
            "fill_with_house_after_ms": fill,
            "house_strategy": houses[joins % houses.len()],
        });
        let url = format!("{base}/v1/queue");
        let res = send(|| http.post(&url).header(AUTHORIZATION, &key).json(&body)).await?;
        if !res.status().is_success() {
            return Err(format!("POST {url}: {} {}", res.status(), res.text().await?).into());
        }
        // 3. Wait for the seat: reading the inbox renews our place in the queue.
        seats = loop {
            let seats = inbox(http, base, &key, &mut last, 25).await?;
            if !seats.is_empty() {
                break seats;
            }
        };
    }
    Ok(())
}

/// Arena mode: joins arena `arena` and plays every seat it is given until the arena is over.
async fn play_arena(
    http: &reqwest::Client,
    base: &str,
    key: &str,
    arena: &str,
) -> Result<(), Error> {
    let url = format!("{base}/v1/arenas/{arena}/join");
    let res = send(|| http.post(&url).header(AUTHORIZATION, key)).await?;
    if !res.status().is_success() {
        return Err(format!("POST {url}: {} {}", res.status(), res.text().await?).into());
    }
    println!("arena {arena}: joined");
    let (mut last, mut finished) = (0, None);
    loop {
        let seats = inbox_until(http, base, key, &mut last, 25, &mut finished).await?;
        for seated in seats.iter().filter(|s| s["via"]["arena_id"] == arena) {
            play_seated(http, base, seated).await?;
        }
        if let Some(end) = finished.take().filter(|f| f["arena_id"] == arena) {
            println!(
                "arena {arena}: over, place {} with {}",
                end["rank"], end["score"]
            );
            return Ok(());
        }
    }
}

/// The bot's key: `BOT_KEY`, or the one saved in the cache directory, or a new registration's
/// (saved there at once).
async fn bot_key(http: &reqwest::Client, base: &str, name: &str) -> Result<String, Error> {
    if let Some(key) = env("BOT_KEY") {
        return Ok(key);
    }
    let cache = env("XDG_CACHE_HOME")
        .or_else(|| env("HOME").map(|home| format!("{home}/.cache")))
        .ok_or("set HOME or XDG_CACHE_HOME (where the bot's key is kept), or BOT_KEY")?;
    let path = std::path::Path::new(&cache).join(format!("hasenpfeffer/bots/{name}.key"));
    if let Ok(key) = std::fs::read_to_string(&path) {
        println!("bot {name}: its key from {}", path.display());
        return Ok(key.trim().to_owned());
    }
    let url = format!("{base}/v1/bots");
    let res = send(|| http.post(&url).json(&json!({ "name": name }))).await?;
    if res.status() == StatusCode::CONFLICT {
        return Err(format!(
            "a bot named {name} exists already, and its key is not in {}: set BOT_KEY, or choose \
             another BOT_NAME",
            path.display()
        )
        .into());
    }
    if !res.status().is_success() {
        return Err(format!("POST {url}: {} {}", res.status(), res.text().await?).into());
    }
    let registered: Value = res.json().await?;
    let key = registered["api_key"]
        .as_str()
        .ok_or("no api_key")?
        .to_owned();
    // Saved before anything else: the server shows a key only once.
    std::fs::create_dir_all(path.parent().ok_or("no directory")?)?;
    let mut file = std::fs::OpenOptions::new();
    file.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut file, 0o600);
    std::io::Write::write_all(&mut file.open(&path)?, format!("{key}\n").as_bytes())?;
    println!(
        "bot {name}: registered, its key saved in {}",
        path.display()
    );
    Ok(key)
}

/// The `seated` entries after `last` (which it moves on), less those of games they say are
/// over; the first page waits up to `wait` seconds for an entry.
async fn inbox(
    http: &reqwest::Client,
    base: &str,
    key: &str,
    last: &mut u64,
    wait: u64,
) -> Result<Vec<Value>, Error> {
    inbox_until(http, base, key, last, wait, &mut None).await
}

/// [`inbox`], noting in `finished` an `arena_finished` entry if one comes.
async fn inbox_until(
    http: &reqwest::Client,
    base: &str,
    key: &str,
    last: &mut u64,
    mut wait: u64,
    finished: &mut Option<Value>,
) -> Result<Vec<Value>, Error> {
    let (mut seats, mut over) = (Vec::new(), HashSet::new());
    loop {
        let url = format!("{base}/v1/bots/me/events?after={last}&wait={wait}");
        let res = send(|| {
            // (With a bound on the wait, should the connection die silently.)
            let req = http.get(&url).timeout(Duration::from_secs(60));
            req.header(AUTHORIZATION, key)
                .header(ACCEPT, "application/json")
        })
        .await?;
        if !res.status().is_success() {
            return Err(format!("GET {url}: {} {}", res.status(), res.text().await?).into());
        }
        let page: Vec<Value> = res.json().await?;
        if page.is_empty() {
            break;
        }
        for entry in page {
            *last = entry["id"].as_u64().unwrap_or(*last).max(*last);
            match entry["type"].as_str() {
                Some("seated") => seats.push(entry),
                Some("challenge") => answer(http, base, key, &entry["challenge"]).await?,
                Some("game_over") => {
                    over.insert(entry["game_id"].clone());
                }
                Some("arena_finished") => *finished = Some(entry),
                _ => {}
            }
        }
        wait = 0; // the rest at once
    }
    seats.retain(|seated| !over.contains(&seated["game_id"]));
    Ok(seats)
}

/// The rule by which the bot takes challenges: None to accept, else the reason to decline.
fn consider(challenge: &Value) -> Option<&'static str> {
    if let Some(preset) = env("PRESET")
        && challenge["preset"] != preset.as_str()
    {
        return Some("preset");
    }
    if challenge["turn_time_limit_ms"].as_u64().unwrap_or(0) < 1_000 {
        return Some("too_fast");
    }
    if challenge["deals"].as_u64().unwrap_or(0) > 20 {
        return Some("later");
    }
    None
}

/// Accepts or declines a challenge by [`consider`]; one that closed meanwhile (canceled,
/// expired, answered by an earlier run) is let be.
async fn answer(
    http: &reqwest::Client,
    base: &str,
    key: &str,
    challenge: &Value,
) -> Result<(), Error> {
    let id = challenge["challenge_id"]
        .as_str()
        .ok_or("no challenge_id")?;
    let from = challenge["challenger"].as_str().unwrap_or("?");
    let (url, body) = match consider(challenge) {
        None => (format!("{base}/v1/challenges/{id}/accept"), json!({})),
        Some(reason) => (
            format!("{base}/v1/challenges/{id}/decline"),
            json!({ "reason": reason }),
        ),
    };
    let res = send(|| http.post(&url).header(AUTHORIZATION, key).json(&body)).await?;
    match res.status() {
        s if s.is_success() => println!(
            "challenge {id} from {from}: {}",
            url.rsplit('/').next().unwrap_or("")
        ),
        StatusCode::CONFLICT => println!("challenge {id} from {from}: closed already"),
        s => return Err(format!("POST {url}: {s} {}", res.text().await?).into()),
    }
    Ok(())
}

/// Plays a `seated` entry's game to the end, unless it is over already (or gone): whether it
/// did. A failure midway (the server restarting) is retried after a second.
async fn play_seated(http: &reqwest::Client, base: &str, seated: &Value) -> Result<bool, Error> {
    let game = seated["game_id"].as_str().ok_or("no game_id")?;
    let seat = seated["seat"].as_u64().ok_or("no seat")?;
    let token = seated["token"].as_str().ok_or("no token")?;
    loop {
        let url = format!("{base}/v1/games/{game}");
        let res = send(|| http.get(&url).bearer_auth(token)).await?;
        if !res.status().is_success() {
            println!("game {game}: {}, skipped", res.status());
            return Ok(false);
        }
        if res.json::<Value>().await?["status"] == "finished" {
            println!("game {game}: over already, skipped");
            return Ok(false);
        }
        match play(http, base, game, seat, token).await {
            Ok(()) => return Ok(true),
            Err(err) => eprintln!("game {game}: {err}; again in a second"),
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

/// Sends a request until the server answers it: after a second when it is unreachable or
/// failing (5xx), after the wait it names when it limits the rate (429).
async fn send(req: impl Fn() -> RequestBuilder) -> Result<reqwest::Response, Error> {
    loop {
        let secs = match req().send().await {
            Ok(res) if res.status() == StatusCode::TOO_MANY_REQUESTS => {
                let header = |name: &str| {
                    res.headers()
                        .get(name)
                        .and_then(|v| v.to_str().ok()?.trim().parse::<u64>().ok())
                };
                let secs = header("retry-after").or_else(|| header("ratelimit-reset"));
                let secs = secs.unwrap_or(1).max(1);
                eprintln!("{} {}: again in {secs} s", res.status(), res.url().path());
                secs
            }
            Ok(res) if !res.status().is_server_error() => return Ok(res),
            Ok(res) => {
                eprintln!("{} {}: again in a second", res.status(), res.url().path());
                1
            }
            Err(err) if err.is_builder() => return Err(err.into()),
            Err(err) => {
                eprintln!("{err}: again in a second");
                1
            }
        };
        tokio::time::sleep(Duration::from_secs(secs)).await;
    }
}

/// An environment variable that is set and not empty.
fn env(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.is_empty())
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
