"""A starter bot in Python, on the client package `clients/python` (`hasenpfeffer`: the client
generated from openapi/openapi.json, `hasenpfeffer_client`, and its `Bot` layer).

Run it with `bash examples/python/run.sh` (it installs the package in a virtual environment), or
with the package installed (`pip install clients/python`):

    BASE_URL=http://localhost:8080 python examples/python/bot.py      # a new game vs house players
    GAME_ID=<id> python examples/python/bot.py                          # an open seat of a game
    PRESET=bacon python examples/python/bot.py                          # a new game of another preset
    BOT_NAME=my-bot python examples/python/bot.py                       # account mode: queue, play, forever

The bot long-polls its view (`GET /v1/games/{id}?wait_for_version=N` answers as soon as the game
moves past version N) and, when it is its turn, posts what `choose` returns. Copy this file and
change `choose` to make the bot your own. It posts `legal_actions` as they are, so it plays every
preset (`GET /v1/rulesets` lists them).

Account mode, when `BOT_NAME` is set (the package's `Bot`): the bot's key is `BOT_KEY`, or the
one saved in `${XDG_CACHE_HOME:-$HOME/.cache}/hasenpfeffer/bots/<BOT_NAME>.key`, or else the bot
registers (`POST /v1/bots`) and saves its key there (mode 0600; the key is never printed). It
first plays the seats its inbox holds of games not over yet (a restarted bot resumes), then joins
the queue (`POST /v1/queue`: `PRESET`; `FILL_AFTER_MS`, default 5000, before house players fill
the table; `HOUSE`, default `heuristic` (or `mixed`), or a list such as `random,heuristic,expert`
taken in turn, one per join), long-polls its inbox until a seat comes, plays that game to the end
and queues again; `GAMES` (default 0: forever) games, then it stops. It waits out a rate limit
(429) and retries after a pause when the server is unreachable or failing (5xx). Challenges from
other bots it answers by `accept_by_rule`: a game of `PRESET` (any when unset) with a turn clock of
a second or more, and a duplicate match of at most 20 deals, accepted; anything else declined with
the reason.
"""

import itertools
import os
import sys

from hasenpfeffer import (
    Action,
    Bot,
    GameView,
    Refused,
    accept_by_rule,
    expect,
    patiently,
    play_seat,
    play_vs_house,
)
from hasenpfeffer_client import Client
from hasenpfeffer_client.api.games import claim_seat
from hasenpfeffer_client.models import ClaimedSeat, ClaimSeatRequest, HouseFill, PassAction, Phase

BASE_URL = os.environ.get("BASE_URL", "http://localhost:8080")


def choose(view: GameView) -> Action:
    """The decision: pass in the auction when we may (let the house partner bid), otherwise the
    first legal action. Every entry of `legal_actions` is a complete action, ready to post."""
    if view.phase == Phase.AUCTION:
        for action in view.legal_actions:
            if isinstance(action, PassAction):
                return action
    return view.legal_actions[0]


def main() -> None:
    game_id = env("GAME_ID")
    if not game_id:
        # A new game (of PRESET, if set) with us in seat 0 and house players in the others.
        play_vs_house(BASE_URL, choose, preset=env("PRESET"), name="python-starter-bot")
        return
    # An open seat of GAME_ID: our seat number and its bearer token (shown only once).
    anonymous = Client(base_url=BASE_URL)
    request = ClaimSeatRequest(name="python-starter-bot")
    claimed = expect(
        patiently(lambda: claim_seat.sync_detailed(game_id, client=anonymous, body=request)),
        ClaimedSeat,
        "POST /v1/games/{id}/seats",
    )
    play_seat(BASE_URL, game_id, claimed.seat, claimed.token, choose)


def account(name: str) -> None:
    """Account mode: the package's `Bot`, one game at a time (HOUSE taken in turn)."""
    # Challenges from other bots: a game of PRESET (any when unset) with a clock of a second or
    # more, or a duplicate match of at most 20 deals, is accepted; anything else declined.
    consider = accept_by_rule(env("PRESET") or None)
    bot = Bot(BASE_URL, name, choose, key=env("BOT_KEY") or None, consider=consider)
    houses = [HouseFill(h.strip()) for h in env("HOUSE", "heuristic").split(",") if h.strip()]
    fill, games = int(env("FILL_AFTER_MS", "5000")), int(env("GAMES", "0"))
    for played, house in enumerate(itertools.cycle(houses or [HouseFill.HEURISTIC]), start=1):
        bot.run(games=1, preset=env("PRESET"), fill_after_ms=fill, house=house)
        if played == games:
            return


def env(name: str, default: str = "") -> str:
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
