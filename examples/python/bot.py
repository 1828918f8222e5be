"""A starter bot in Python, on the client generated from openapi/openapi.json.

Run it with `bash examples/python/run.sh` (it generates the client, `hasenpfeffer_client`, and
installs it in a virtual environment), or with that client installed:

    BASE_URL=http://localhost:8080 python examples/python/bot.py      # a new game vs house players
    GAME_ID=<id> python examples/python/bot.py                          # an open seat of a game
    PRESET=bacon python examples/python/bot.py                          # a new game of another preset
    BOT_NAME=my-bot python examples/python/bot.py                       # account mode: queue, play, forever

The bot long-polls its view (`GET /v1/games/{id}?wait_for_version=N` answers as soon as the game
moves past version N) and, when it is its turn, posts one of `legal_actions`. Copy this file and
change `choose` to make the bot your own. It posts `legal_actions` as they are, so it plays every
preset (`GET /v1/rulesets` lists them).

Account mode, when `BOT_NAME` is set: the bot's key is `BOT_KEY`, or the one saved in
`${XDG_CACHE_HOME:-$HOME/.cache}/hasenpfeffer/bots/<BOT_NAME>.key`, or else the bot registers
(`POST /v1/bots`) and saves its key there (mode 0600; the key is never printed). It first plays
the seats its inbox holds of games not over yet (a restarted bot resumes), then joins the queue
(`POST /v1/queue`: `PRESET`; `FILL_AFTER_MS`, default 5000, before house players fill the table;
`HOUSE`, default `heuristic` (or `mixed`), or a list such as `random,heuristic,expert` taken in turn, one per
join), long-polls its inbox until a seat comes, plays that game to the end and queues again;
`GAMES` (default 0: forever) games, then it stops. It waits out a rate limit (429) and retries
after a second when the server is unreachable or failing (5xx).
"""

import json
import os
import sys
import time
from pathlib import Path

import httpx

from hasenpfeffer_client import AuthenticatedClient, Client
from hasenpfeffer_client.api.actions import post_action
from hasenpfeffer_client.api.bots import bot_events, register_bot
from hasenpfeffer_client.api.games import claim_seat, create_game, get_game
from hasenpfeffer_client.api.matchmaking import join_queue
from hasenpfeffer_client.models import (
    ClaimSeatRequest,
    CreateGameRequest,
    GameStatus,
    GameView,
    PassAction,
    Phase,
    Problem,
    QueueRequest,
    RegisterBotRequest,
    RegisteredBot,
    RulesetSpec,
    HouseFill,
)

BASE_URL = os.environ.get("BASE_URL", "http://localhost:8080")


class Refused(Exception):
    """The server refused a call (or did not answer it as the contract says)."""


def ok(answer):
    """The answer of a call, or `Refused` with the problem document the server sent."""
    if answer is None or isinstance(answer, Problem):
        raise Refused(f"the server refused: {answer}")
    return answer


def choose(view: GameView):
    """The decision: pass in the auction when we may (let the house partner bid), otherwise the
    first legal action. Every entry of `legal_actions` is a complete action, ready to post."""
    if view.phase == Phase.AUCTION:
        for action in view.legal_actions:
            if isinstance(action, PassAction):
                return action
    return view.legal_actions[0]


def main():
    anonymous = Client(base_url=BASE_URL, raise_on_unexpected_status=True)

    # 1. The game: GAME_ID, or a new one (of PRESET, if set) with us in seat 0 and three house
    #    players.
    game_id = os.environ.get("GAME_ID")
    if not game_id:
        house = {"kind": "bot", "strategy": "heuristic"}
        body = {"seats": [{"kind": "open"}, house, house, house]}
        if os.environ.get("PRESET"):
            body["ruleset"] = {"preset": os.environ["PRESET"]}
        request = CreateGameRequest.from_dict(body)
        game_id = ok(create_game.sync(client=anonymous, body=request)).game_id

    # 2. Claim a seat: our seat number and its bearer token (shown only once).
    claimed = ok(claim_seat.sync(game_id, client=anonymous, body=ClaimSeatRequest(name="python-starter-bot")))
    play(game_id, claimed.seat, claimed.token)


def play(game_id, seat, token):
    """Plays our seat of a game to its end."""
    me = AuthenticatedClient(base_url=BASE_URL, token=token, timeout=60.0)
    print(f"game {game_id}: playing seat {seat}", flush=True)

    # 3. Read our view; then wait for each change with a long poll.
    view = ok(get_game.sync(game_id, client=me))
    while view.phase != Phase.GAME_OVER:
        if view.turn == seat:
            # 4. Our turn: post one of the legal actions. If-Match applies it only if the game
            # is still at the version we saw; on a refusal (409, 422) we just look again.
            answer = post_action.sync(game_id, client=me, body=choose(view), if_match=f'"{view.version}"')
            if isinstance(answer, GameView):
                view = answer
                continue
        view = ok(get_game.sync(game_id, client=me, wait_for_version=view.version))

    winner = "a draw" if view.draw else f"team {view.winner} wins"
    print(f"game over: scores {view.scores} (team 0 is seats 0 and 2), {winner}", flush=True)


def account(name):
    """Account mode: play the inbox's unfinished seats, then queue, wait for a seat, play it, and
    again, `GAMES` times (0: forever)."""
    key = bot_key(name)
    # The bot's key as `Authorization: Bot <key>`; JSON answers (the inbox's long poll).
    bot = AuthenticatedClient(
        base_url=BASE_URL, token=key, prefix="Bot", headers={"Accept": "application/json"}, timeout=60.0
    )
    fill, games = int(env("FILL_AFTER_MS", "5000")), int(env("GAMES", "0"))
    houses = [HouseFill(h.strip()) for h in env("HOUSE", "heuristic").split(",") if h.strip()] or [HouseFill.HEURISTIC]
    ruleset = RulesetSpec.from_dict({"preset": env("PRESET")} if env("PRESET") else {})

    played, joins = 0, 0
    # 1. What the inbox holds already: seats of games a previous run may not have finished.
    seats, last = inbox(bot, 0, 0)
    while True:
        for seated in seats:
            if play_seated(seated):
                played += 1
                if played == games:
                    return
        # 2. Queue for a table, with house players after FILL_AFTER_MS (HOUSE taken in turn).
        request = QueueRequest(
            ruleset=ruleset, fill_with_house_after_ms=fill, house_strategy=houses[joins % len(houses)]
        )
        joins += 1
        answer = patiently(lambda: join_queue.sync_detailed(client=bot, body=request))
        if answer.status_code != 202:
            sys.exit(f"POST /v1/queue: {answer.status_code} {answer.parsed}")
        # 3. Wait for the seat: reading the inbox renews our place in the queue.
        seats = []
        while not seats:
            seats, last = inbox(bot, last, 25)


def bot_key(name):
    """The bot's key: BOT_KEY, or the one saved in the cache directory, or a new registration's
    (saved there at once)."""
    if env("BOT_KEY"):
        return env("BOT_KEY")
    cache = env("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    path = Path(cache) / "hasenpfeffer" / "bots" / f"{name}.key"
    if path.exists():
        print(f"bot {name}: its key from {path}", flush=True)
        return path.read_text().strip()
    anonymous = Client(base_url=BASE_URL, timeout=60.0)
    answer = patiently(lambda: register_bot.sync_detailed(client=anonymous, body=RegisterBotRequest(name=name)))
    if answer.status_code == 409:
        sys.exit(f"a bot named {name} exists already, and its key is not in {path}: set BOT_KEY, or choose another BOT_NAME")
    if not isinstance(answer.parsed, RegisteredBot):
        sys.exit(f"POST /v1/bots: {answer.status_code} {answer.parsed}")
    # Saved before anything else: the server shows a key only once.
    path.parent.mkdir(parents=True, exist_ok=True)
    with os.fdopen(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "w") as file:
        file.write(answer.parsed.api_key + "\n")
    print(f"bot {name}: registered, its key saved in {path}", flush=True)
    return answer.parsed.api_key


def inbox(bot, last, wait):
    """The `seated` entries after `last`, less those of games the inbox says are over, and the
    last entry's id; the first page waits up to `wait` seconds for an entry."""
    seats, over = [], set()
    while True:
        answer = patiently(lambda: bot_events.sync_detailed(client=bot, after=last, wait=wait))
        if answer.status_code != 200:
            sys.exit(f"GET /v1/bots/me/events: {answer.status_code} {answer.parsed}")
        # The client types the answer as text (it is an event stream unless asked for JSON).
        page = json.loads(answer.parsed)
        if not page:
            break
        for entry in page:
            last = max(last, entry["id"])
            if entry["type"] == "seated":
                seats.append(entry)
            elif entry["type"] == "game_over":
                over.add(entry["game_id"])
        wait = 0  # the rest at once
    return [s for s in seats if s["game_id"] not in over], last


def play_seated(seated):
    """Plays a `seated` entry's game to the end, unless it is over already (or gone): whether it
    did. A failure midway (the server restarting) is retried after a second."""
    game_id, seat, token = seated["game_id"], seated["seat"], seated["token"]
    me = AuthenticatedClient(base_url=BASE_URL, token=token, timeout=60.0)
    while True:
        answer = patiently(lambda: get_game.sync_detailed(game_id, client=me))
        if not isinstance(answer.parsed, GameView):
            print(f"game {game_id}: {answer.status_code}, skipped", flush=True)
            return False
        if answer.parsed.status == GameStatus.FINISHED:
            print(f"game {game_id}: over already, skipped", flush=True)
            return False
        try:
            play(game_id, seat, token)
            return True
        except (Refused, httpx.TransportError) as err:
            print(f"game {game_id}: {err}; again in a second", file=sys.stderr, flush=True)
        time.sleep(1)


def patiently(call):
    """The answer of `call` (a generated `sync_detailed`), asked again after a second while the
    server is unreachable or failing (5xx), after the wait it names when it limits the rate (429)."""
    while True:
        try:
            answer = call()
        except httpx.TransportError as err:
            why, wait = err, 1
        else:
            if answer.status_code < 500 and answer.status_code != 429:
                return answer
            headers = answer.headers
            why, wait = answer.status_code, 1
            if answer.status_code == 429:
                wait = max(1, int(headers.get("retry-after") or headers.get("ratelimit-reset") or 1))
        print(f"{why}: again in {wait} s", file=sys.stderr, flush=True)
        time.sleep(wait)


def env(name, default=None):
    """An environment variable that is set and not empty, or `default`."""
    return os.environ.get(name) or default


if __name__ == "__main__":
    try:
        if env("BOT_NAME"):
            account(env("BOT_NAME"))
        else:
            main()
    except Refused as err:
        sys.exit(str(err))
