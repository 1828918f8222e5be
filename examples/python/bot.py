"""A starter bot in Python, on the client generated from openapi/openapi.json.

Run it with `bash examples/python/run.sh` (it generates the client, `hasenpfeffer_client`, and
installs it in a virtual environment), or with that client installed:

    BASE_URL=http://localhost:8080 python examples/python/bot.py      # a new game vs house players
    GAME_ID=<id> python examples/python/bot.py                          # an open seat of a game
    PRESET=bacon python examples/python/bot.py                          # a new game of another preset

The bot long-polls its view (`GET /v1/games/{id}?wait_for_version=N` answers as soon as the game
moves past version N) and, when it is its turn, posts one of `legal_actions`. Copy this file and
change `choose` to make the bot your own. It posts `legal_actions` as they are, so it plays every
preset (`GET /v1/rulesets` lists them).
"""

import os
import sys

from hasenpfeffer_client import AuthenticatedClient, Client
from hasenpfeffer_client.api.actions import post_action
from hasenpfeffer_client.api.games import claim_seat, create_game, get_game
from hasenpfeffer_client.models import (
    ClaimSeatRequest,
    CreateGameRequest,
    GameView,
    PassAction,
    Phase,
    Problem,
)

BASE_URL = os.environ.get("BASE_URL", "http://localhost:8080")


def ok(answer):
    """The answer of a call, or exit with the problem document the server sent."""
    if answer is None or isinstance(answer, Problem):
        sys.exit(f"the server refused: {answer}")
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
    me = AuthenticatedClient(base_url=BASE_URL, token=claimed.token, timeout=60.0)
    print(f"game {game_id}: playing seat {claimed.seat}", flush=True)

    # 3. Read our view; then wait for each change with a long poll.
    view = ok(get_game.sync(game_id, client=me))
    while view.phase != Phase.GAME_OVER:
        if view.turn == claimed.seat:
            # 4. Our turn: post one of the legal actions. If-Match applies it only if the game
            # is still at the version we saw; on a refusal (409, 422) we just look again.
            answer = post_action.sync(game_id, client=me, body=choose(view), if_match=f'"{view.version}"')
            if isinstance(answer, GameView):
                view = answer
                continue
        view = ok(get_game.sync(game_id, client=me, wait_for_version=view.version))

    winner = "a draw" if view.draw else f"team {view.winner} wins"
    print(f"game over: scores {view.scores} (team 0 is seats 0 and 2), {winner}", flush=True)


if __name__ == "__main__":
    main()
