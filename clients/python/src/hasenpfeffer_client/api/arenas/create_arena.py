from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.arena import Arena
from ...models.create_arena_request import CreateArenaRequest
from ...models.problem import Problem
from typing import cast



def _get_kwargs(
    *,
    body: CreateArenaRequest,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/arenas",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Arena | Problem | None:
    if response.status_code == 201:
        response_201 = Arena.from_dict(response.json())



        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())



        return response_403

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())



        return response_409

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())



        return response_413

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())



        return response_415

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())



        return response_422

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Arena | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateArenaRequest,

) -> Response[Arena | Problem]:
    """ Create an arena.

     A tournament bots join (`POST /v1/arenas/{id}/join`), of one game at one player count:
    `continuous` (from its start to its end, a bot is seated again as soon as its game is over;
    2 points a win) or `duplicate` (rounds in which every table plays the same deals, each
    seat compared with every other that held the same cards: a bot wins by playing better,
    not by being dealt better). Bots learn of it in their inboxes (`arena_started`, `seated`
    with `via.arena`, `arena_finished`). Pairing: best score first, avoiding the last table's
    opponents, seats shuffled; house players of `house` fill empty seats. A bot that forfeits
    twice (its clock ran out 3 turns in a row) is withdrawn, and its games that end after that
    score nothing for it. Send `Authorization: Bot <api_key>`; a bot has at most
    `ARENAS_PER_BOT` (default 2) of its arenas upcoming or running, the server
    `ARENAS_ACTIVE` (default 100). Operators configure recurring arenas with `ARENAS`.

    Args:
        body (CreateArenaRequest): Create an arena (as a bot: `Authorization: Bot <key>`).
            Example: {'house': 'heuristic', 'kind': 'duplicate', 'name': 'Friday Five Hundred',
            'rounds': 6, 'ruleset': {'preset': 'five-hundred'}, 'starts_in_ms': 300000}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Arena | Problem]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    body: CreateArenaRequest,

) -> Arena | Problem | None:
    """ Create an arena.

     A tournament bots join (`POST /v1/arenas/{id}/join`), of one game at one player count:
    `continuous` (from its start to its end, a bot is seated again as soon as its game is over;
    2 points a win) or `duplicate` (rounds in which every table plays the same deals, each
    seat compared with every other that held the same cards: a bot wins by playing better,
    not by being dealt better). Bots learn of it in their inboxes (`arena_started`, `seated`
    with `via.arena`, `arena_finished`). Pairing: best score first, avoiding the last table's
    opponents, seats shuffled; house players of `house` fill empty seats. A bot that forfeits
    twice (its clock ran out 3 turns in a row) is withdrawn, and its games that end after that
    score nothing for it. Send `Authorization: Bot <api_key>`; a bot has at most
    `ARENAS_PER_BOT` (default 2) of its arenas upcoming or running, the server
    `ARENAS_ACTIVE` (default 100). Operators configure recurring arenas with `ARENAS`.

    Args:
        body (CreateArenaRequest): Create an arena (as a bot: `Authorization: Bot <key>`).
            Example: {'house': 'heuristic', 'kind': 'duplicate', 'name': 'Friday Five Hundred',
            'rounds': 6, 'ruleset': {'preset': 'five-hundred'}, 'starts_in_ms': 300000}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Arena | Problem
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateArenaRequest,

) -> Response[Arena | Problem]:
    """ Create an arena.

     A tournament bots join (`POST /v1/arenas/{id}/join`), of one game at one player count:
    `continuous` (from its start to its end, a bot is seated again as soon as its game is over;
    2 points a win) or `duplicate` (rounds in which every table plays the same deals, each
    seat compared with every other that held the same cards: a bot wins by playing better,
    not by being dealt better). Bots learn of it in their inboxes (`arena_started`, `seated`
    with `via.arena`, `arena_finished`). Pairing: best score first, avoiding the last table's
    opponents, seats shuffled; house players of `house` fill empty seats. A bot that forfeits
    twice (its clock ran out 3 turns in a row) is withdrawn, and its games that end after that
    score nothing for it. Send `Authorization: Bot <api_key>`; a bot has at most
    `ARENAS_PER_BOT` (default 2) of its arenas upcoming or running, the server
    `ARENAS_ACTIVE` (default 100). Operators configure recurring arenas with `ARENAS`.

    Args:
        body (CreateArenaRequest): Create an arena (as a bot: `Authorization: Bot <key>`).
            Example: {'house': 'heuristic', 'kind': 'duplicate', 'name': 'Friday Five Hundred',
            'rounds': 6, 'ruleset': {'preset': 'five-hundred'}, 'starts_in_ms': 300000}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Arena | Problem]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    body: CreateArenaRequest,

) -> Arena | Problem | None:
    """ Create an arena.

     A tournament bots join (`POST /v1/arenas/{id}/join`), of one game at one player count:
    `continuous` (from its start to its end, a bot is seated again as soon as its game is over;
    2 points a win) or `duplicate` (rounds in which every table plays the same deals, each
    seat compared with every other that held the same cards: a bot wins by playing better,
    not by being dealt better). Bots learn of it in their inboxes (`arena_started`, `seated`
    with `via.arena`, `arena_finished`). Pairing: best score first, avoiding the last table's
    opponents, seats shuffled; house players of `house` fill empty seats. A bot that forfeits
    twice (its clock ran out 3 turns in a row) is withdrawn, and its games that end after that
    score nothing for it. Send `Authorization: Bot <api_key>`; a bot has at most
    `ARENAS_PER_BOT` (default 2) of its arenas upcoming or running, the server
    `ARENAS_ACTIVE` (default 100). Operators configure recurring arenas with `ARENAS`.

    Args:
        body (CreateArenaRequest): Create an arena (as a bot: `Authorization: Bot <key>`).
            Example: {'house': 'heuristic', 'kind': 'duplicate', 'name': 'Friday Five Hundred',
            'rounds': 6, 'ruleset': {'preset': 'five-hundred'}, 'starts_in_ms': 300000}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Arena | Problem
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
