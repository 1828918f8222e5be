"""A tiny bot on the package's `Bot`: one game of each preset, through the matchmaking queue
with house players, as a bot account. CI runs it against the server (scripts/clients.sh).

    BASE_URL=http://localhost:8080 BOT_NAME=my-bot PRESETS="euchre bacon" python every_preset.py

Its decision: pass in the auction when it may (the house partner bids), otherwise the first
legal action (every entry of `legal_actions` is a complete action, ready to post).
"""

import os
import sys

from hasenpfeffer import Action, Bot, GameView
from hasenpfeffer_client.models import GameStatus, HouseFill, PassAction, Phase


def decide(view: GameView) -> Action:
    if view.phase == Phase.AUCTION:
        for action in view.legal_actions:
            if isinstance(action, PassAction):
                return action
    return view.legal_actions[0]


def main() -> None:
    base = os.environ.get("BASE_URL", "http://localhost:8080")
    bot = Bot(base, os.environ.get("BOT_NAME", "python-example"), decide)
    presets = os.environ.get("PRESETS", "hasenpfeffer").split()
    for preset in presets:
        [last] = bot.run(games=1, preset=preset, fill_after_ms=0, house=HouseFill.HEURISTIC)
        got = (last.status, last.ruleset.preset.value)
        if got != (GameStatus.FINISHED, preset):
            sys.exit(f"game {last.game_id}: {got}, not a finished {preset} game")
        print(f"(game {last.game_id}: a finished {preset} game, {last.hand_number + 1} hands)", flush=True)
    print(f"python: {len(presets)} games, one of each preset", flush=True)


if __name__ == "__main__":
    main()
