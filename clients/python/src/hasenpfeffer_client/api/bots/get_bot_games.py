from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.bot_games import BotGames
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    name: str,
    *,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
    max_: int | Unset = UNSET,
    since: int | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["cursor"] = cursor

    params["max"] = max_

    params["since"] = since


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/bots/{name}/games".format(name=quote(str(name), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> BotGames | Problem | None:
    if response.status_code == 200:
        response_200 = BotGames.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())



        return response_400

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())



        return response_404

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())



        return response_429

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[BotGames | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    name: str,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
    max_: int | Unset = UNSET,
    since: int | Unset = UNSET,

) -> Response[BotGames | Problem]:
    """ A bot's games.

     Every finished game the bot (or house account) played that the archive keeps (the finished
    game's TTL plus `ARCHIVE_DAYS`, default 30 days, from when it ended), newest first: its
    preset, seats (accounts, house players, guests), final scores and each side's place, how it
    went for the bot (`outcome`, `place`), its opponents and its rating change (null for now).
    A game is archived when at least one seat is a registered bot's. A duplicate match's games
    are not listed (their deals are other seatings' too).

    With `Accept: application/json` (the default): a page at a time (`limit`, `cursor`: pass
    `next_cursor` back for the next page; null on the last one). With
    `Accept: application/x-ndjson`: the games streamed one JSON object a line
    (`BotGameRecord`: the page's fields, the ruleset and the whole log, every hand with its
    hidden cards), newest first, at most `max`, those finished at or after `since`, for
    training, as Lichess's game export does.

    Args:
        name (str):
        limit (int | Unset):
        cursor (str | Unset):
        max_ (int | Unset):
        since (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BotGames | Problem]
     """


    kwargs = _get_kwargs(
        name=name,
limit=limit,
cursor=cursor,
max_=max_,
since=since,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    name: str,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
    max_: int | Unset = UNSET,
    since: int | Unset = UNSET,

) -> BotGames | Problem | None:
    """ A bot's games.

     Every finished game the bot (or house account) played that the archive keeps (the finished
    game's TTL plus `ARCHIVE_DAYS`, default 30 days, from when it ended), newest first: its
    preset, seats (accounts, house players, guests), final scores and each side's place, how it
    went for the bot (`outcome`, `place`), its opponents and its rating change (null for now).
    A game is archived when at least one seat is a registered bot's. A duplicate match's games
    are not listed (their deals are other seatings' too).

    With `Accept: application/json` (the default): a page at a time (`limit`, `cursor`: pass
    `next_cursor` back for the next page; null on the last one). With
    `Accept: application/x-ndjson`: the games streamed one JSON object a line
    (`BotGameRecord`: the page's fields, the ruleset and the whole log, every hand with its
    hidden cards), newest first, at most `max`, those finished at or after `since`, for
    training, as Lichess's game export does.

    Args:
        name (str):
        limit (int | Unset):
        cursor (str | Unset):
        max_ (int | Unset):
        since (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BotGames | Problem
     """


    return sync_detailed(
        name=name,
client=client,
limit=limit,
cursor=cursor,
max_=max_,
since=since,

    ).parsed

async def asyncio_detailed(
    name: str,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
    max_: int | Unset = UNSET,
    since: int | Unset = UNSET,

) -> Response[BotGames | Problem]:
    """ A bot's games.

     Every finished game the bot (or house account) played that the archive keeps (the finished
    game's TTL plus `ARCHIVE_DAYS`, default 30 days, from when it ended), newest first: its
    preset, seats (accounts, house players, guests), final scores and each side's place, how it
    went for the bot (`outcome`, `place`), its opponents and its rating change (null for now).
    A game is archived when at least one seat is a registered bot's. A duplicate match's games
    are not listed (their deals are other seatings' too).

    With `Accept: application/json` (the default): a page at a time (`limit`, `cursor`: pass
    `next_cursor` back for the next page; null on the last one). With
    `Accept: application/x-ndjson`: the games streamed one JSON object a line
    (`BotGameRecord`: the page's fields, the ruleset and the whole log, every hand with its
    hidden cards), newest first, at most `max`, those finished at or after `since`, for
    training, as Lichess's game export does.

    Args:
        name (str):
        limit (int | Unset):
        cursor (str | Unset):
        max_ (int | Unset):
        since (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BotGames | Problem]
     """


    kwargs = _get_kwargs(
        name=name,
limit=limit,
cursor=cursor,
max_=max_,
since=since,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    name: str,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
    max_: int | Unset = UNSET,
    since: int | Unset = UNSET,

) -> BotGames | Problem | None:
    """ A bot's games.

     Every finished game the bot (or house account) played that the archive keeps (the finished
    game's TTL plus `ARCHIVE_DAYS`, default 30 days, from when it ended), newest first: its
    preset, seats (accounts, house players, guests), final scores and each side's place, how it
    went for the bot (`outcome`, `place`), its opponents and its rating change (null for now).
    A game is archived when at least one seat is a registered bot's. A duplicate match's games
    are not listed (their deals are other seatings' too).

    With `Accept: application/json` (the default): a page at a time (`limit`, `cursor`: pass
    `next_cursor` back for the next page; null on the last one). With
    `Accept: application/x-ndjson`: the games streamed one JSON object a line
    (`BotGameRecord`: the page's fields, the ruleset and the whole log, every hand with its
    hidden cards), newest first, at most `max`, those finished at or after `since`, for
    training, as Lichess's game export does.

    Args:
        name (str):
        limit (int | Unset):
        cursor (str | Unset):
        max_ (int | Unset):
        since (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BotGames | Problem
     """


    return (await asyncio_detailed(
        name=name,
client=client,
limit=limit,
cursor=cursor,
max_=max_,
since=since,

    )).parsed
