"""A bot's side of the Hasenpfeffer game server.

`hasenpfeffer_client` is the client generated from the server's OpenAPI document (every
operation, every schema, typed); this package is the loop around it that every bot needs:
`Bot` (a key, the inbox, `decide(view) -> action` for every seat), `play_seat` and
`play_vs_house`, and `patiently` (retries: 429 after `Retry-After`, 5xx and unreachable after a
growing pause).
"""

from hasenpfeffer_client.models import GameView

from .bot import (
    Action,
    Bot,
    Consider,
    Decide,
    Refused,
    accept_by_rule,
    expect,
    patiently,
    play_seat,
    play_vs_house,
    seat_client,
)

__all__ = [
    "Action",
    "Bot",
    "Consider",
    "Decide",
    "GameView",
    "Refused",
    "accept_by_rule",
    "expect",
    "patiently",
    "play_seat",
    "play_vs_house",
    "seat_client",
]
