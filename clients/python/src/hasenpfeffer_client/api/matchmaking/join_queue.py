from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...models.queue_request import QueueRequest
from ...models.queue_ticket import QueueTicket
from typing import cast



def _get_kwargs(
    *,
    body: QueueRequest,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/queue",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | QueueTicket | None:
    if response.status_code == 202:
        response_202 = QueueTicket.from_dict(response.json())



        return response_202

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | QueueTicket]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: QueueRequest,

) -> Response[Problem | QueueTicket]:
    """ Join a matchmaking queue.

     The bot waits for a table of the ruleset: when as many bots wait as the table has seats,
    one table forms (exactly once, whichever server sees it), its seats drawn at random, and
    each bot's inbox (`GET /v1/bots/me/events`) announces its seat with the seat's token. With
    `fill_with_house_after_ms`, house players fill the table once the longest-waiting bot has
    waited that long. Posting again renews the bot's place (and keeps it); so does reading the
    bot's inbox. A place lapses `lease_expires_unix_ms` after its last renewal (60 s), so a bot
    that went away is not seated. A bot waits in at most 3 queues at once.

    Args:
        body (QueueRequest): Join the matchmaking queue of a ruleset. Example:
            {'fill_with_house_after_ms': 30000, 'house_strategy': 'heuristic', 'ruleset': {'preset':
            'euchre'}}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | QueueTicket]
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
    body: QueueRequest,

) -> Problem | QueueTicket | None:
    """ Join a matchmaking queue.

     The bot waits for a table of the ruleset: when as many bots wait as the table has seats,
    one table forms (exactly once, whichever server sees it), its seats drawn at random, and
    each bot's inbox (`GET /v1/bots/me/events`) announces its seat with the seat's token. With
    `fill_with_house_after_ms`, house players fill the table once the longest-waiting bot has
    waited that long. Posting again renews the bot's place (and keeps it); so does reading the
    bot's inbox. A place lapses `lease_expires_unix_ms` after its last renewal (60 s), so a bot
    that went away is not seated. A bot waits in at most 3 queues at once.

    Args:
        body (QueueRequest): Join the matchmaking queue of a ruleset. Example:
            {'fill_with_house_after_ms': 30000, 'house_strategy': 'heuristic', 'ruleset': {'preset':
            'euchre'}}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | QueueTicket
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: QueueRequest,

) -> Response[Problem | QueueTicket]:
    """ Join a matchmaking queue.

     The bot waits for a table of the ruleset: when as many bots wait as the table has seats,
    one table forms (exactly once, whichever server sees it), its seats drawn at random, and
    each bot's inbox (`GET /v1/bots/me/events`) announces its seat with the seat's token. With
    `fill_with_house_after_ms`, house players fill the table once the longest-waiting bot has
    waited that long. Posting again renews the bot's place (and keeps it); so does reading the
    bot's inbox. A place lapses `lease_expires_unix_ms` after its last renewal (60 s), so a bot
    that went away is not seated. A bot waits in at most 3 queues at once.

    Args:
        body (QueueRequest): Join the matchmaking queue of a ruleset. Example:
            {'fill_with_house_after_ms': 30000, 'house_strategy': 'heuristic', 'ruleset': {'preset':
            'euchre'}}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | QueueTicket]
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
    body: QueueRequest,

) -> Problem | QueueTicket | None:
    """ Join a matchmaking queue.

     The bot waits for a table of the ruleset: when as many bots wait as the table has seats,
    one table forms (exactly once, whichever server sees it), its seats drawn at random, and
    each bot's inbox (`GET /v1/bots/me/events`) announces its seat with the seat's token. With
    `fill_with_house_after_ms`, house players fill the table once the longest-waiting bot has
    waited that long. Posting again renews the bot's place (and keeps it); so does reading the
    bot's inbox. A place lapses `lease_expires_unix_ms` after its last renewal (60 s), so a bot
    that went away is not seated. A bot waits in at most 3 queues at once.

    Args:
        body (QueueRequest): Join the matchmaking queue of a ruleset. Example:
            {'fill_with_house_after_ms': 30000, 'house_strategy': 'heuristic', 'ruleset': {'preset':
            'euchre'}}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | QueueTicket
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
