"""The loop every bot writes, once: a key, the inbox, a `decide(view) -> action` per turn.

    from hasenpfeffer import Bot, GameView, Action

    def decide(view: GameView) -> Action:
        return view.legal_actions[0]        # every entry is a complete action, ready to post

    Bot("http://localhost:8080", "my-bot", decide).run(games=1, preset="euchre")

`Bot` registers the bot (`POST /v1/bots`) or loads its key (the `key` given, or the one it saved
before in `key_dir`, mode 0600), plays the seats its inbox holds of games not over yet, then joins
the matchmaking queue, long-polls its inbox (`GET /v1/bots/me/events`, JSON) until a seat comes,
and plays it: for every view where it is the seat to act, `decide(view)` gives the action, posted
with `If-Match` (a refusal because the game moved on is not an error: the bot looks again).
Every call is retried: after `Retry-After` on a 429 (and it waits out `RateLimit` when a
response says nothing is left), after a growing pause while the server is unreachable or failing
(5xx). `play_seat` plays one seat given its token; `play_vs_house` creates a game against house
players and plays it (no account).
"""

from __future__ import annotations

import os
import re
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeAlias, TypeVar

import httpx

from hasenpfeffer_client import AuthenticatedClient, Client
from hasenpfeffer_client.api.actions import post_action
from hasenpfeffer_client.api.bots import bot_events, register_bot
from hasenpfeffer_client.api.challenges import accept_challenge, decline_challenge
from hasenpfeffer_client.api.games import claim_seat, create_game, get_game
from hasenpfeffer_client.api.matchmaking import join_queue
from hasenpfeffer_client.api.rules import list_rulesets
from hasenpfeffer_client.models import (
    AllowAction,
    AloneAction,
    BidAction,
    CallAction,
    Challenge,
    ClaimedSeat,
    ClaimSeatRequest,
    CreatedGame,
    CreateGameRequest,
    DeclineChallengeRequest,
    DeclineReason,
    DropAction,
    ExchangeAction,
    GameStatus,
    GameView,
    HouseFill,
    InboxChallenge,
    InboxGameOver,
    InboxMatchFinished,
    InboxSeated,
    LeaveUpcardAction,
    MisereAction,
    NameTrumpAction,
    OpenMisereAction,
    OrderUpAction,
    PassAction,
    PassCardsAction,
    Phase,
    PickUpAction,
    PickUpAloneAction,
    PlayAction,
    Problem,
    QueueRequest,
    QueueTicket,
    RegisteredBot,
    RegisterBotRequest,
    RulesetCatalog,
    RulesetSpec,
    StayAction,
    TakeUpcardAction,
    VetoAction,
    VetoAloneAction,
)
from hasenpfeffer_client.types import Response

#: Any action a view can list in `legal_actions` (the body of `POST /v1/games/{id}/actions`).
Action: TypeAlias = (
    AllowAction
    | AloneAction
    | BidAction
    | CallAction
    | DropAction
    | ExchangeAction
    | LeaveUpcardAction
    | MisereAction
    | NameTrumpAction
    | OpenMisereAction
    | OrderUpAction
    | PassAction
    | PassCardsAction
    | PickUpAction
    | PickUpAloneAction
    | PlayAction
    | StayAction
    | TakeUpcardAction
    | VetoAction
    | VetoAloneAction
)

#: A bot's decision: the view of its seat when it is to act, and the action to take.
Decide: TypeAlias = Callable[[GameView], Action]

#: How a bot answers a challenge: None to accept it, or the reason to decline it.
Consider: TypeAlias = Callable[[Challenge], "DeclineReason | None"]


def accept_by_rule(preset: str | None = None, min_clock_ms: int = 1000, max_deals: int = 20) -> Consider:
    """The starter bots' rule for challenges: accept a game of `preset` (any preset when None)
    with a turn clock of `min_clock_ms` or more, and a duplicate match of at most `max_deals`
    deals; decline anything else, saying why."""

    def consider(challenge: Challenge) -> DeclineReason | None:
        if preset and str(challenge.preset) != preset:
            return DeclineReason.PRESET
        if challenge.turn_time_limit_ms < min_clock_ms:
            return DeclineReason.TOO_FAST
        if isinstance(challenge.deals, int) and challenge.deals > max_deals:
            return DeclineReason.LATER
        return None

    return consider

T = TypeVar("T")


class Refused(Exception):
    """The server refused a call for good (a 4xx that waiting does not cure)."""

    def __init__(self, what: str, status: int, problem: object) -> None:
        super().__init__(f"{what}: {status} {problem}")
        self.status = status
        self.problem = problem


def _say(line: str) -> None:
    print(line, flush=True)


class Bot:
    """A bot account and its loop (see the module's documentation)."""

    def __init__(
        self,
        base_url: str,
        name: str,
        decide: Decide,
        *,
        key: str | None = None,
        key_dir: Path | None = None,
        timeout: float = 60.0,
        log: Callable[[str], None] = _say,
        consider: Consider | None = None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.name = name
        self.decide = decide
        self.timeout = timeout
        self.log = log
        cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
        self.key_dir = key_dir or Path(cache) / "hasenpfeffer" / "bots"
        self._key = key
        self._last = 0  # the last inbox entry seen
        #: How the bot answers the challenges its inbox brings (accept_by_rule() by default).
        self.consider = consider or accept_by_rule()

    # ---- the account --------------------------------------------------------------------------

    @property
    def key(self) -> str:
        """The bot's key: the one given, or the one saved in `key_dir`, or a new registration's
        (saved there at once, mode 0600; never printed)."""
        if self._key is None:
            self._key = self._load_or_register()
        return self._key

    def _load_or_register(self) -> str:
        path = self.key_dir / f"{self.name}.key"
        if path.exists():
            self.log(f"bot {self.name}: its key from {path}")
            return path.read_text().strip()
        anonymous = Client(base_url=self.base_url, timeout=httpx.Timeout(self.timeout))
        answer = patiently(
            lambda: register_bot.sync_detailed(
                client=anonymous, body=RegisterBotRequest(name=self.name)
            )
        )
        if answer.status_code == 409:
            raise Refused(
                f"a bot named {self.name} exists, and its key is not in {path}",
                409,
                answer.parsed,
            )
        registered = expect(answer, RegisteredBot, "POST /v1/bots")
        # Saved before anything else: the server shows a key only once.
        path.parent.mkdir(parents=True, exist_ok=True)
        with os.fdopen(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "w") as file:
            file.write(registered.api_key + "\n")
        self.log(f"bot {self.name}: registered, its key saved in {path}")
        return registered.api_key

    def client(self) -> AuthenticatedClient:
        """A client that sends `Authorization: Bot <key>` (and asks for JSON answers)."""
        return AuthenticatedClient(
            base_url=self.base_url,
            token=self.key,
            prefix="Bot",
            headers={"Accept": "application/json"},
            timeout=httpx.Timeout(self.timeout),
        )

    # ---- the loop -----------------------------------------------------------------------------

    def run(
        self,
        games: int = 0,
        *,
        preset: str | None = None,
        fill_after_ms: int = 5000,
        house: HouseFill = HouseFill.HEURISTIC,
    ) -> list[GameView]:
        """Plays the inbox's unfinished seats, then queues (for `preset`, house players after
        `fill_after_ms`) and plays each table the inbox announces, until `games` games are
        played (0: for ever). Returns the last view of each game played."""
        bot = self.client()
        ruleset = RulesetSpec.from_dict({"preset": preset} if preset else {})
        played: list[GameView] = []
        seats = self.inbox(bot, wait=0)
        while True:
            for seated in seats:
                last = self.play_seated(seated)
                if last is not None:
                    played.append(last)
                    if len(played) == games:
                        return played
            request = QueueRequest(
                ruleset=ruleset, fill_with_house_after_ms=fill_after_ms, house_strategy=house
            )
            expect(
                patiently(lambda: join_queue.sync_detailed(client=bot, body=request)),
                QueueTicket,
                "POST /v1/queue",
            )
            # Reading the inbox renews the bot's place in the queue.
            seats = []
            while not seats:
                seats = self.inbox(bot, wait=25)

    def inbox(self, bot: AuthenticatedClient, wait: int) -> list[InboxSeated]:
        """The `seated` entries after the last one seen, less those of games the inbox says are
        over; the first page waits up to `wait` seconds for an entry."""
        seats: list[InboxSeated] = []
        over: set[str] = set()
        while True:
            answer = patiently(
                lambda: bot_events.sync_detailed(client=bot, after=self._last, wait=wait)
            )
            page = answer.parsed
            if not isinstance(page, list):
                raise Refused("GET /v1/bots/me/events", int(answer.status_code), page)
            if not page:
                break
            for entry in page:
                self._last = max(self._last, entry.id)
                if isinstance(entry, InboxSeated):
                    seats.append(entry)
                elif isinstance(entry, InboxGameOver):
                    over.add(entry.game_id)
                elif isinstance(entry, InboxMatchFinished):
                    self.log(f"match {entry.match_id}: finished")
                elif isinstance(entry, InboxChallenge):
                    self.answer(bot, entry.challenge)
            wait = 0  # the rest at once
        return [s for s in seats if s.game_id not in over]

    def answer(self, bot: AuthenticatedClient, challenge: Challenge) -> None:
        """Accepts or declines a challenge by `consider` (its game's seat then comes as any
        other); one that closed meanwhile (canceled, expired, answered before) is let be."""
        reason = self.consider(challenge)
        cid = challenge.challenge_id
        if reason is None:
            answer = patiently(lambda: accept_challenge.sync_detailed(cid, client=bot))
        else:
            body = DeclineChallengeRequest(reason=reason)
            answer = patiently(lambda: decline_challenge.sync_detailed(cid, client=bot, body=body))
        what = "accepted" if reason is None else f"declined ({reason})"
        if answer.status_code == 409:
            what = "closed already"
        elif not isinstance(answer.parsed, Challenge):
            raise Refused(f"answering challenge {cid}", int(answer.status_code), answer.parsed)
        self.log(f"challenge {cid} from {challenge.challenger}: {what}")

    def play_seated(self, seated: InboxSeated) -> GameView | None:
        """Plays an inbox's seat to the end, unless its game is over already (None): its last
        view."""
        me = seat_client(self.base_url, seated.token, self.timeout)
        view = patiently(lambda: get_game.sync_detailed(seated.game_id, client=me)).parsed
        if not isinstance(view, GameView):
            self.log(f"game {seated.game_id}: gone, skipped")
            return None
        if view.status == GameStatus.FINISHED:
            self.log(f"game {seated.game_id}: over already, skipped")
            return None
        return play_seat(
            self.base_url,
            seated.game_id,
            seated.seat,
            seated.token,
            self.decide,
            timeout=self.timeout,
            log=self.log,
        )


def play_seat(
    base_url: str,
    game_id: str,
    seat: int,
    token: str,
    decide: Decide,
    *,
    timeout: float = 60.0,
    log: Callable[[str], None] = _say,
) -> GameView:
    """Plays seat `seat` of a game to its end with its token: reads the view, long-polls each
    change (`wait_for_version`), and posts `decide(view)` when the seat is to act. Returns the
    last view."""
    me = seat_client(base_url, token, timeout)
    log(f"game {game_id}: playing seat {seat}")
    view = expect(patiently(lambda: get_game.sync_detailed(game_id, client=me)), GameView, "GET view")
    while view.phase != Phase.GAME_OVER:
        if view.turn == seat:
            action = decide(view)
            version = view.version
            answer = patiently(
                lambda: post_action.sync_detailed(
                    game_id, client=me, body=action, if_match=f'"{version}"'
                )
            )
            if isinstance(answer.parsed, GameView):
                view = answer.parsed
                continue
            # Refused (the game moved on, or the action was not legal any more): look again.
            if answer.status_code not in (409, 412, 422):
                raise Refused("POST action", answer.status_code, answer.parsed)
        version = view.version
        view = expect(
            patiently(
                lambda: get_game.sync_detailed(game_id, client=me, wait_for_version=version)
            ),
            GameView,
            "GET view",
        )
    winner = "a draw" if view.draw else f"side {view.winner} wins"
    log(f"game over: scores {view.scores}, {winner}")
    return view


def play_vs_house(
    base_url: str,
    decide: Decide,
    *,
    preset: str | None = None,
    strategy: str = "heuristic",
    name: str = "python-bot",
    timeout: float = 60.0,
    log: Callable[[str], None] = _say,
) -> GameView:
    """Creates a game of `preset` (the default preset if None, at its default player count)
    with the bot in seat 0 and house players of `strategy` in the others, claims seat 0 and
    plays it to the end (no account needed)."""
    anonymous = Client(base_url=base_url, timeout=httpx.Timeout(timeout))
    catalog = expect(
        patiently(lambda: list_rulesets.sync_detailed(client=anonymous)),
        RulesetCatalog,
        "GET /v1/rulesets",
    )
    want = preset or "hasenpfeffer"
    info = next((p for p in catalog.presets if p.name.value == want), None)
    if info is None:
        raise Refused(f"no preset {want}", 404, [p.name.value for p in catalog.presets])
    house = {"kind": "bot", "strategy": strategy}
    body = {
        "ruleset": {"preset": want},
        "seats": [{"kind": "open"}] + [house] * (info.rules.players - 1),
    }
    request = CreateGameRequest.from_dict(body)
    created = expect(
        patiently(lambda: create_game.sync_detailed(client=anonymous, body=request)),
        CreatedGame,
        "POST /v1/games",
    )
    claimed = expect(
        patiently(
            lambda: claim_seat.sync_detailed(
                created.game_id, client=anonymous, body=ClaimSeatRequest(name=name)
            )
        ),
        ClaimedSeat,
        "POST /v1/games/{id}/seats",
    )
    return play_seat(
        base_url, created.game_id, claimed.seat, claimed.token, decide, timeout=timeout, log=log
    )


def seat_client(base_url: str, token: str, timeout: float = 60.0) -> AuthenticatedClient:
    """A client that sends a seat's token (`Authorization: Bearer <token>`)."""
    return AuthenticatedClient(base_url=base_url, token=token, timeout=httpx.Timeout(timeout))


_RATELIMIT = re.compile(r";\s*r=(\d+)\s*;\s*t=(\d+)")
_POLICY = re.compile(r";\s*q=(\d+)\s*;\s*w=(\d+)")


def _next_allowed(headers: Any, whole: int) -> float:
    """Seconds until one more request is allowed once none is left: one request's share of
    the window (`w`/`q` of `RateLimit-Policy`), at most the `whole` bucket's refill."""
    policy = _POLICY.search(headers.get("ratelimit-policy", ""))
    if policy and int(policy.group(1)) > 0:
        return min(float(whole), int(policy.group(2)) / int(policy.group(1)))
    return float(whole)


def patiently(call: Callable[[], Response[T]], attempts: int = 0) -> Response[T]:
    """The answer of `call` (a generated `sync_detailed`), asked again while the server is
    unreachable or failing (5xx: after 1, 2, 4, then 8 s), after `Retry-After` when it limits
    the rate (429); `attempts` tries at most (0: no limit). When an answer's `RateLimit` header
    says nothing is left, waits until one more request is allowed (one request's share of
    `RateLimit-Policy`'s window) before returning it, so that the next call is not refused."""
    pause, tries = 1.0, 0
    while True:
        tries += 1
        try:
            answer = call()
        except httpx.TransportError as err:
            why: object = err
            wait = pause
        else:
            if answer.status_code < 500 and answer.status_code != 429:
                left = _RATELIMIT.search(answer.headers.get("ratelimit", ""))
                if left and int(left.group(1)) == 0:
                    time.sleep(_next_allowed(answer.headers, int(left.group(2))))
                return answer
            why, wait = answer.status_code, pause
            if answer.status_code == 429:
                wait = float(max(1, int(answer.headers.get("retry-after") or 1)))
        if attempts and tries >= attempts:
            raise Refused("giving up", 0, why)
        print(f"{why}: again in {wait:g} s", file=sys.stderr, flush=True)
        time.sleep(wait)
        pause = min(pause * 2, 8.0)


def expect(answer: Response[Any], kind: type[T], what: str) -> T:
    """The parsed answer, if it is a `kind`; else `Refused` with the problem document."""
    parsed = answer.parsed
    if isinstance(parsed, kind) and not isinstance(parsed, Problem):
        return parsed
    raise Refused(what, int(answer.status_code), parsed)
