"""Schemathesis hooks: real games and real seat tokens for the contract fuzzing.

Loaded through `hooks` in schemathesis.toml (scripts/schemathesis.sh runs from the repository
root); the server's URL comes from HASENPFEFFER_URL, else from the URL schemathesis tests. Without them, a generated game id is never a real game (404) and a generated
token never a real seat (401/403), so the fuzzing would never reach the rules. With them:

- an auth provider gives every case of an operation that takes a seat token a real token (so that
  schemathesis knows the credentials are valid: its `ignored_auth` check then removes them and
  expects a refusal);
- `before_call`, just before a case is sent, points it at a real game ("table") that this hook
  plays with all four seats' tokens: for an action endpoint, the table is first played forward
  (with legal actions) until the seat to act may do what the endpoint does, and the case gets that
  seat's token. The cases of an operation take the presets whose games reach it in turn, each
  with its own table (the general endpoint, the reads and the samples every preset, Five
  Hundred for 4 and for 5; `/bid` and `/exchange` also Euchre's, Bacon's and Five Hundred's
  calls (its misères too), answers and exchanges; `/alone` and the general endpoint Five
  Hundred's call of a partner, the general endpoint its misères too); about 60% of
  the positive cases then post one of that seat's `legal_actions` (of the type posted least so
  far in that preset's games, so that rare calls are reached too; so the action is applied:
  2xx), the others keep their generated body (refused with 422 unless it happens to be legal). Negative cases keep their generated (invalid) parts: a real game and a
  real seat only make sure they are refused for what is wrong with them, not for a missing game.

A bot's inbox (`GET /v1/bots/me/events`) gets the key of a bot this hook registers once, which
holds a seat (so its inbox has a real `seated` entry), and asks for the long poll (JSON).
The matchmaking endpoints (`/v1/queue`) get a real bot key (`Authorization: Bot <key>`, one of
a few bots this hook registers), and a positive `DELETE /v1/queue/{ticket}` mostly a ticket the
bot holds (it queues for it first), so they are reached past the key check.

A fifth of the positive cases keep their generated id (404 paths stay tested). The stateful phase
is left alone: there the OpenAPI links supply ids and tokens.
"""

from __future__ import annotations

import collections
import os
import random
import threading
import time
import uuid

import requests
import schemathesis
from schemathesis.core.parameters import ParameterLocation
from schemathesis.generation.meta import TestPhase
from schemathesis.generation.modes import GenerationMode

# The server: HASENPFEFFER_URL, else the base URL schemathesis tests (set on the first call).
BASE = os.environ.get("HASENPFEFFER_URL", "").rstrip("/")

# A preset, or `preset:players` for a table of another size (Five Hundred for 5 calls a partner).
PRESETS = [
    "hasenpfeffer",
    "hasenpfeffer-open",
    "pepper",
    "double-hasenpfeffer",
    "euchre",
    "buck-euchre",
    "bacon",
    "five-hundred",
    "five-hundred:5",
]
# Bacon's calls and answers (phase `auction`), all sent to /bid.
BACON_CALLS = {"pass", "pick_up", "pick_up_alone", "allow", "veto", "veto_alone"}
# Five Hundred's calls of the auction (phase `auction`), all sent to /bid.
FIVE_HUNDRED_CALLS = {"pass", "bid", "misere", "open_misere"}
# What each action endpoint takes, by the presets whose games reach it: the cases of an
# endpoint take these in turn (each its own table), so that every action type the endpoint
# takes is applied. The general endpoint takes any action of every preset in turn.
ENDPOINTS = {
    "POST /v1/games/{id}/bid": [
        ("hasenpfeffer", {"bid", "pass"}),
        ("euchre", {"pass", "order_up"}),
        ("euchre", {"name_trump"}),  # round 2: the table is steered through round 1's passes
        ("bacon", BACON_CALLS),
        ("bacon", BACON_CALLS),  # twice: six calls and answers to reach
        # The rarest answer, steered to: a pick-up alone, then its partner's veto_alone.
        ("bacon", {"veto_alone"}),
        # Five Hundred's strain bids and misères.
        ("five-hundred", FIVE_HUNDRED_CALLS),
    ],
    "POST /v1/games/{id}/exchange": [
        ("hasenpfeffer", {"exchange"}),
        ("euchre", {"take_upcard", "leave_upcard"}),
        ("bacon", {"take_upcard"}),
        ("five-hundred", {"exchange"}),
    ],
    "POST /v1/games/{id}/play": [
        ("hasenpfeffer", {"play"}),
        ("euchre", {"play"}),
        ("bacon", {"play"}),
        ("five-hundred", {"play"}),
    ],
    # Five Hundred for 5: the declarer plays alone (`alone` true) or calls a card.
    "POST /v1/games/{id}/alone": [("hasenpfeffer-open", {"alone"}), ("five-hundred:5", {"alone", "call"})],
    "POST /v1/games/{id}/pass-cards": [("double-hasenpfeffer", {"pass_cards"})],
    # Any action of every preset; and Five Hundred's misères and calls (the table steered to
    # where they are legal).
    "POST /v1/games/{id}/actions": [(p, None) for p in PRESETS]
    + [("five-hundred", {"misere", "open_misere"}), ("five-hundred:5", {"call", "alone"})],
}
SAMPLES = "GET /v1/games/{id}/samples"
# Operations that take a seat token (required or optional).
WITH_TOKEN = set(ENDPOINTS) | {SAMPLES, "GET /v1/games/{id}", "GET /v1/games/{id}/events"}
WITH_ID = WITH_TOKEN | {"POST /v1/games/{id}/seats", "GET /v1/games/{id}/log"}

rng = random.Random(int(os.environ.get("ST_SEED", "20261121")))
rng_lock = threading.Lock()
OUR_TOKENS: set[str] = set()  # every token of every table, as an Authorization value
POSTED: collections.Counter = collections.Counter()  # (preset, action type) posted as bodies


def chance(p: float) -> bool:
    with rng_lock:
        return rng.random() < p


def pick(items: list):
    with rng_lock:
        return rng.choice(items)


def least_posted(actions: list[dict], preset: str) -> dict:
    """One of `actions` whose type the hook has posted least so far in games of `preset`: the
    rarer calls (going alone, its veto, a bid over a pass) are reached too, not only the common
    ones."""
    with rng_lock:
        low = min(POSTED[preset, a["type"]] for a in actions)
        choice = rng.choice([a for a in actions if POSTED[preset, a["type"]] == low])
        POSTED[preset, choice["type"]] += 1
        return choice


class HookFailure(RuntimeError):
    """The server did not answer a hook's own request as the contract says it must."""


class Table:
    """A game whose every seat this hook holds."""

    def __init__(self, http: requests.Session, preset: str):
        self.http = http
        self.preset = preset
        name, _, players = preset.partition(":")
        ruleset = {"preset": name, **({"players": int(players)} if players else {})}
        created = self.call("POST", "/v1/games", json={"ruleset": ruleset}, want=201)
        self.id = created["game_id"]
        self.tokens: list[str] = []
        while True:
            res = http.post(f"{BASE}/v1/games/{self.id}/seats", json={}, timeout=10)
            if res.status_code == 409:  # no free seat: all are ours
                break
            if res.status_code != 201:
                raise HookFailure(f"claiming a seat of {self.id}: {res.status_code} {res.text}")
            self.tokens.append(res.json()["token"])
        with rng_lock:
            OUR_TOKENS.update(f"Bearer {t}" for t in self.tokens)
        self.over = False

    def call(self, method: str, path: str, want: int = 200, token: str | None = None, **kw):
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        res = self.http.request(method, f"{BASE}{path}", headers=headers, timeout=10, **kw)
        if res.status_code != want:
            raise HookFailure(f"{method} {path}: {res.status_code} {res.text}")
        return res.json()

    def view(self, seat: int = 0) -> dict:
        return self.call("GET", f"/v1/games/{self.id}", token=self.tokens[seat])

    def ready(self, types: set[str] | None, max_steps: int = 400):
        """Plays the game forward until the seat to act may take an action of `types` (any, for
        None). Answers (seat, its view, those actions), or None if the game ended first."""
        view = self.view()
        for _ in range(max_steps):
            if view["phase"] == "game_over" or view.get("turn") is None:
                self.over = view["phase"] == "game_over"
                return None
            seat = view["turn"]
            view = self.view(seat)
            legal = view["legal_actions"]
            wanted = [a for a in legal if types is None or a["type"] in types]
            if wanted:
                return seat, view, wanted
            view = self.call(
                "POST", f"/v1/games/{self.id}/actions", token=self.tokens[seat], json=self.steer(view, legal, types)
            )
        return None

    @staticmethod
    def steer(view: dict, legal: list[dict], types: set[str] | None) -> dict:
        """A legal action that moves towards `types`: someone must go alone for `pass_cards`, and
        pick up alone in Bacon for its partner's `veto_alone`;
        everybody passes Euchre's round 1 for its round 2 (`name_trump`); Five Hundred's call
        needs a strain contract: the first seat bids the lowest, the others pass (random calls
        would outbid each other up to open misère, a misère without a call)."""
        if types and types & {"alone", "pass_cards"}:
            for action in legal:
                if action == {"type": "alone", "alone": True}:
                    return action
        if types and "veto_alone" in types:
            for action in legal:
                if action["type"] == "pick_up_alone":
                    return action
        if types and "name_trump" in types and {"type": "pass"} in legal:
            return {"type": "pass"}
        if types and "call" in types and view.get("phase") == "auction":
            bids = [a for a in legal if a["type"] == "bid"]
            if any(c.get("bid") for c in view.get("auction", [])) or not bids:
                return {"type": "pass"}
            return bids[0]
        return pick(legal)


local = threading.local()


def tables() -> dict:
    if not hasattr(local, "tables"):
        local.http = requests.Session()
        local.tables = {}
        local.turns = {}
    return local.tables


def table_for(label: str, types_needed: bool = True):
    """This thread's table for an operation, played forward to where the operation applies.
    The operation's presets take turns, case by case, each with its own table (reads, samples
    and the spare tokens cycle through every preset). Answers (table, seat, view, actions)."""
    all_tables = tables()
    choices = ENDPOINTS.get(label, [(p, None) for p in PRESETS])
    turn = local.turns.get(label, 0)
    local.turns[label] = turn + 1
    preset, types = choices[turn % len(choices)]
    key = (label, preset)
    for _ in range(5):
        table = all_tables.get(key)
        if table is None or table.over:
            table = all_tables[key] = Table(local.http, preset)
        found = table.ready(types if types_needed else None)
        if found is not None:
            return (table, *found)
        table.over = True
    raise HookFailure(f"no {preset} table reached a state where {label} applies")


def label_of(case) -> str:
    global BASE
    if not BASE:
        BASE = case.operation.schema.get_base_url().rstrip("/")
    return case.operation.label


def stateful(case) -> bool:
    return case.meta is not None and case.meta.phase.name == TestPhase.STATEFUL


def positive(case) -> bool:
    return case.meta is None or case.meta.generation.mode == GenerationMode.POSITIVE


def negative_at(case, location: ParameterLocation) -> bool:
    return case.meta is not None and case.meta.is_negative_at(location)


INBOX = "GET /v1/bots/me/events"
BOT_KEY: list[str] = []  # this process's bot: registered once, its key
bot_lock = threading.Lock()


def inbox_bot_key() -> str:
    """The key of a bot registered for this run (once per process), which holds a seat of a
    fresh game, so that its inbox has a real `seated` entry for the responses to be checked
    against the schema."""
    with bot_lock:
        if not BOT_KEY:
            name = f"schemathesis-{uuid.uuid4().hex[:12]}"
            res = requests.post(f"{BASE}/v1/bots", json={"name": name}, timeout=10)
            if res.status_code != 201:
                raise HookFailure(f"POST /v1/bots: {res.status_code} {res.text}")
            key = res.json()["api_key"]
            game = requests.post(f"{BASE}/v1/games", json={}, timeout=10).json()["game_id"]
            claim = requests.post(
                f"{BASE}/v1/games/{game}/seats",
                headers={"Authorization": f"Bot {key}"},
                timeout=10,
            )
            if claim.status_code != 201:
                raise HookFailure(f"claim as a bot: {claim.status_code} {claim.text}")
            BOT_KEY.append(key)
        return BOT_KEY[0]


QUEUE = {"POST /v1/queue", "GET /v1/queue", "DELETE /v1/queue", "DELETE /v1/queue/{ticket}"}
MATCH = "POST /v1/matches"
GET_MATCH = "GET /v1/matches/{id}"
BOT_KEYS: list[str] = []  # a few registered bots' keys, for the matchmaking endpoints
BOT_NAMES: list[str] = []  # their names, in the same order
# Challenges: bot 1 challenges bot 2 (POST /v1/challenges' positive cases) and bot 3 (whom
# accept and decline are made as); bot 0 cancels its own challenges to bot 2; bot 4 sets its
# preferences (nobody challenges it, so what schemathesis sets refuses nothing of the others).
CHALLENGE_MAKE = "POST /v1/challenges"
CHALLENGE_ANSWER = {"POST /v1/challenges/{id}/accept", "POST /v1/challenges/{id}/decline"}
CHALLENGE_CANCEL = "POST /v1/challenges/{id}/cancel"
CHALLENGE_GET = "GET /v1/challenges/{id}"
PREFERENCES = {"GET /v1/bots/me/challenge-preferences", "PUT /v1/bots/me/challenge-preferences"}


def challenge(by: int, to: int) -> str | None:
    """A pending challenge from bot `by` to bot `to` (a quick euchre game), or None."""
    bot_key()
    res = requests.post(
        f"{BASE}/v1/challenges",
        json={"opponent": BOT_NAMES[to], "ruleset": {"preset": "euchre"}},
        headers={"Authorization": f"Bot {BOT_KEYS[by]}"},
        timeout=10,
    )
    return res.json()["challenge_id"] if res.status_code == 201 else None


RATING_HISTORY = "GET /v1/bots/{name}/ratings/{pool}"
RATED: list[str] = []  # a bot with a rated game in euchre-4, made on first use


def rated_bot() -> str | None:
    """A bot with a rated game in `euchre-4`: it queues with house players at once and a 100 ms
    clock, and never moves, so it forfeits (a rated loss) within a second or so."""
    with rng_lock:
        if RATED:
            return RATED[0]
        res = requests.post(f"{BASE}/v1/bots", json={"name": f"st-rated-{uuid.uuid4().hex[:10]}"}, timeout=10)
        if res.status_code != 201:
            return None
        name, key = res.json()["name"], res.json()["api_key"]
        requests.post(
            f"{BASE}/v1/queue",
            json={"ruleset": {"preset": "euchre"}, "fill_with_house_after_ms": 0, "turn_time_limit_ms": 100},
            headers={"Authorization": f"Bot {key}"},
            timeout=10,
        )
        for _ in range(300):
            if requests.get(f"{BASE}/v1/bots/{name}/ratings/euchre-4", timeout=10).status_code == 200:
                RATED.append(name)
                return name
            time.sleep(0.1)
        return None


# Arenas: bot 5 creates them (POST /v1/arenas), bot 6 makes the ones the other operations
# name, bot 7 joins and leaves.
ARENA_MAKE = "POST /v1/arenas"
ARENA_LIST = "GET /v1/arenas"
ARENA_GET = "GET /v1/arenas/{id}"
ARENA_JOIN = "POST /v1/arenas/{id}/join"
ARENA_LEAVE = "POST /v1/arenas/{id}/leave"


def arena(joined: bool = False) -> str | None:
    """An upcoming arena (it starts in an hour), made by bot 6; bot 7 in it if `joined`."""
    kind = rng.choice(["continuous", "duplicate"])
    res = requests.post(
        f"{BASE}/v1/arenas",
        json={"name": f"st {uuid.uuid4().hex[:6]}", "kind": kind, "starts_in_ms": 3_600_000},
        headers={"Authorization": f"Bot {key_of(6)}"},
        timeout=10,
    )
    if res.status_code != 201:
        return None
    id = res.json()["arena_id"]
    if joined:
        requests.post(f"{BASE}/v1/arenas/{id}/join", headers={"Authorization": f"Bot {key_of(7)}"}, timeout=10)
    return id


def key_of(n: int) -> str:
    bot_key()
    return BOT_KEYS[n]


def bot_key() -> str:
    """One of eight bots' keys (registered on first use), at random: a bot waits in at most
    three queues, so several share the cases."""
    with rng_lock:
        if not BOT_KEYS:
            for _ in range(8):
                res = requests.post(
                    f"{BASE}/v1/bots", json={"name": f"st-{uuid.uuid4().hex[:12]}"}, timeout=10
                )
                if res.status_code != 201:
                    raise HookFailure(f"cannot register a bot: {res.status_code} {res.text}")
                BOT_KEYS.append(res.json()["api_key"])
                BOT_NAMES.append(res.json()["name"])
        # One bot for every case: a stateful scenario's DELETE /v1/queue/{ticket} must come
        # from the bot that joined (another bot waits in no such queue: a 404 schemathesis
        # reads as "created resource not found"), and one bot alone never fills a table that
        # would take its ticket away between the two calls.
        return BOT_KEYS[0]


@schemathesis.auth(refresh_interval=None, retry_on=[])
class SeatToken:
    """A real seat token for every case of an operation that takes one (a spectator's request
    for a third of the cases of the operations where the token is optional). `before_call`
    later switches it to the right seat of the right game."""

    def get(self, case, context):
        label = label_of(case)
        if label == INBOX:
            # A bot's inbox takes a bot key (`Authorization: Bot <key>`), never a seat token.
            return f"Bot {inbox_bot_key()}"
        if label in QUEUE or label == MATCH:
            return f"Bot {bot_key()}"
        if label in (CHALLENGE_MAKE, CHALLENGE_GET):
            return f"Bot {key_of(1)}"
        if label in CHALLENGE_ANSWER:
            return f"Bot {key_of(3)}"
        if label == CHALLENGE_CANCEL:
            return f"Bot {key_of(0)}"
        if label in PREFERENCES:
            return f"Bot {key_of(4)}"
        if label == ARENA_MAKE:
            return f"Bot {key_of(5)}"
        if label in (ARENA_JOIN, ARENA_LEAVE):
            return f"Bot {key_of(7)}"
        if label not in WITH_TOKEN or stateful(case):
            return None
        if label in ("GET /v1/games/{id}", "GET /v1/games/{id}/events") and chance(1 / 3):
            return None
        table, seat, _, _ = table_for("spare", types_needed=False)
        return f"Bearer {table.tokens[seat]}"

    def set(self, case, data, context):
        case.headers = case.headers or {}
        case.headers["Authorization"] = data


def our_token(case) -> bool:
    value = (case.headers or {}).get("Authorization", "")
    with rng_lock:
        return value in OUR_TOKENS


LOBBY = "GET /v1/games"


def real_cursor(case, path: str = "/v1/games") -> None:
    """A lobby cursor is opaque: only a `next_cursor` the server gave is valid (anything else is
    400 `invalid_cursor`, as a made-up token is 403). A positive case gets a real one for its
    own listing (the lobby's, or the arenas' at `path`), or none when that listing has a
    single page."""
    query = case.query or {}
    if "cursor" not in query:
        return
    params = {k: v for k, v in query.items() if k in ("status", "preset")}
    res = requests.get(f"{BASE}{path}", params={**params, "limit": 1}, timeout=10)
    cursor = res.json().get("next_cursor") if res.status_code == 200 else None
    if cursor:
        query["cursor"] = cursor
    else:
        del query["cursor"]


@schemathesis.hook
def before_call(context, case, kwargs):
    label = label_of(case)
    if label == INBOX:
        # The long poll (a JSON array, checked against the schema); the event stream is
        # text, left to tests/api/inbox.rs as the game's stream is (schemathesis.toml says why).
        case.headers = case.headers or {}
        case.headers["Accept"] = "application/json"
        return
    if label == MATCH and positive(case) and isinstance(case.body, dict):
        # A match the server can play in a moment: at most two deals, and no expert (whose
        # games would think for minutes); most cases between two house accounts, so the match
        # is made (a generated name is no bot: a 404).
        body = case.body
        if isinstance(body.get("deals"), int) and body["deals"] > 2:
            body["deals"] = 2
        if chance(0.7):
            body["a"], body["b"] = rng.sample(["house-random", "house-heuristic"], 2)
        for side in ("a", "b"):
            if str(body.get(side, "")).lower() == "house-expert":
                body[side] = "house-random"
        return
    if label == CHALLENGE_MAKE and positive(case) and isinstance(case.body, dict) and chance(0.7):
        # Another bot that exists (a generated name is no bot: a 404), never the caller.
        case.body["opponent"] = BOT_NAMES[2] if chance(0.8) else "house-random"
        return
    if label in CHALLENGE_ANSWER | {CHALLENGE_CANCEL, CHALLENGE_GET} and positive(case) and chance(0.7):
        # A pending challenge the caller may answer (to bot 3), cancel (bot 0's) or read.
        by, to = (0, 2) if label == CHALLENGE_CANCEL else (1, 3)
        made = challenge(by, to)
        if made:
            case.path_parameters["id"] = made
        return
    if label == RATING_HISTORY and positive(case) and chance(0.7):
        # A bot and a pool it has a rated game in.
        name = rated_bot()
        if name:
            case.path_parameters["name"] = name
            case.path_parameters["pool"] = "euchre-4"
        return
    if label == GET_MATCH and positive(case) and chance(0.7):
        # A match that exists: one deal between two house accounts, made for this case.
        res = requests.post(
            f"{BASE}/v1/matches",
            json={"a": "house-random", "b": "house-heuristic", "deals": 1},
            headers={"Authorization": f"Bot {bot_key()}"},
            timeout=10,
        )
        if res.status_code == 202:
            case.path_parameters["id"] = res.json()["match_id"]
        return
    if label == LOBBY and positive(case) and not negative_at(case, ParameterLocation.QUERY):
        real_cursor(case)
        return
    if label == ARENA_LIST and positive(case) and not negative_at(case, ParameterLocation.QUERY):
        if chance(0.5):
            arena()  # an upcoming one at least, and a second page
            arena()
        real_cursor(case, "/v1/arenas")
        return
    if label == ARENA_MAKE and positive(case) and isinstance(case.body, dict) and chance(0.7):
        # A body the server can make: the options of its kind only, and a rated arena only of
        # its preset's own rules (a continuous one).
        body = case.body
        if body.get("kind") == "duplicate":
            body.pop("duration_ms", None)
            body.pop("rated", None)
        else:
            body.pop("rounds", None)
            body.pop("deals_per_round", None)
        if body.get("rated"):
            body.pop("ruleset", None)
        return
    if label in (ARENA_GET, ARENA_JOIN, ARENA_LEAVE) and positive(case) and chance(0.7):
        made = arena(joined=label == ARENA_LEAVE)
        if made:
            case.path_parameters["id"] = made
        return
    if label == "DELETE /v1/queue/{ticket}" and positive(case) and chance(0.7):
        # A ticket the bot holds: it queues first (a 409 when it waits in three queues
        # already: then one of them).
        auth = (case.headers or {}).get("Authorization", "")
        if auth.startswith("Bot "):
            res = requests.post(
                f"{BASE}/v1/queue",
                json={"ruleset": {"preset": rng.choice(PRESETS).split(":")[0]}},
                headers={"Authorization": auth},
                timeout=10,
            )
            if res.status_code == 202:
                case.path_parameters["ticket"] = res.json()["ticket"]
            else:
                mine = requests.get(f"{BASE}/v1/queue", headers={"Authorization": auth}, timeout=10)
                tickets = mine.json().get("tickets", []) if mine.status_code == 200 else []
                if tickets:
                    case.path_parameters["ticket"] = tickets[0]["ticket"]
        return
    if label not in WITH_ID or stateful(case) or negative_at(case, ParameterLocation.PATH):
        return
    if positive(case) and chance(0.2):
        return  # the generated id: a game that does not exist
    if label == "POST /v1/games/{id}/seats":
        # A fresh game with every seat open (the body may still name a seat it does not have).
        created = requests.post(f"{BASE}/v1/games", json={}, timeout=10)
        case.path_parameters["id"] = created.json()["game_id"]
        return
    has_token = our_token(case)
    if label in ENDPOINTS and has_token:
        table, seat, view, actions = table_for(label)
        case.path_parameters["id"] = table.id
        case.headers["Authorization"] = f"Bearer {table.tokens[seat]}"
        if positive(case) and chance(0.6):
            case.body = least_posted(actions, table.preset)
            if "If-Match" in case.headers:
                case.headers["If-Match"] = f'"{view["version"]}"'
            if "Idempotency-Key" in case.headers:
                case.headers["Idempotency-Key"] = str(uuid.uuid4())
        return
    # Reads (a seat's view, the stream, samples, the log) and the rest: a game in progress.
    table, seat, _, _ = table_for(SAMPLES if label == SAMPLES else "reads", types_needed=False)
    case.path_parameters["id"] = table.id
    if has_token:
        case.headers["Authorization"] = f"Bearer {table.tokens[seat]}"
