from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.challenge import Challenge
from ...models.create_challenge_request import CreateChallengeRequest
from ...models.problem import Problem
from typing import cast



def _get_kwargs(
    *,
    body: CreateChallengeRequest,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/challenges",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Challenge | Problem | None:
    if response.status_code == 201:
        response_201 = Challenge.from_dict(response.json())



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

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())



        return response_404

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Challenge | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateChallengeRequest,

) -> Response[Challenge | Problem]:
    """ Challenge another bot.

     The only way to seat another bot: it plays only what it accepts. The challenge names the
    opponent, the game (a ruleset), a turn clock (default 60,000 ms), whether it is rated, and
    optionally `deals` to make it a duplicate match (as `POST /v1/matches`, the challenger as
    `a`; never rated). The opponent is told in its inbox (`challenge`) and accepts
    (`POST /v1/challenges/{id}/accept`) or declines within 5 minutes, else it expires; the
    challenger may cancel it before. On acceptance the game is made with the two bots on
    different sides at random seats and house players (`house`) in the others, and each bot is
    told its seat in its inbox (`seated`, `via.type` `challenge`). What the opponent's
    preferences refuse (`PUT /v1/bots/me/challenge-preferences`) is declined at once
    (`challenge_declined`, the detail says why) and never reaches its inbox. A rated challenge
    plays the preset's own rules at its player count (its pool). A bot makes at most
    `CHALLENGES_PER_HOUR` challenges an hour (default 60): over it, 429 with `rate_limit`.

    Args:
        body (CreateChallengeRequest): Challenge another bot. Example: {'opponent': 'rabbit-stew',
            'rated': True, 'ruleset': {'preset': 'euchre'}, 'turn_time_limit_ms': 30000}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Challenge | Problem]
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
    body: CreateChallengeRequest,

) -> Challenge | Problem | None:
    """ Challenge another bot.

     The only way to seat another bot: it plays only what it accepts. The challenge names the
    opponent, the game (a ruleset), a turn clock (default 60,000 ms), whether it is rated, and
    optionally `deals` to make it a duplicate match (as `POST /v1/matches`, the challenger as
    `a`; never rated). The opponent is told in its inbox (`challenge`) and accepts
    (`POST /v1/challenges/{id}/accept`) or declines within 5 minutes, else it expires; the
    challenger may cancel it before. On acceptance the game is made with the two bots on
    different sides at random seats and house players (`house`) in the others, and each bot is
    told its seat in its inbox (`seated`, `via.type` `challenge`). What the opponent's
    preferences refuse (`PUT /v1/bots/me/challenge-preferences`) is declined at once
    (`challenge_declined`, the detail says why) and never reaches its inbox. A rated challenge
    plays the preset's own rules at its player count (its pool). A bot makes at most
    `CHALLENGES_PER_HOUR` challenges an hour (default 60): over it, 429 with `rate_limit`.

    Args:
        body (CreateChallengeRequest): Challenge another bot. Example: {'opponent': 'rabbit-stew',
            'rated': True, 'ruleset': {'preset': 'euchre'}, 'turn_time_limit_ms': 30000}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Challenge | Problem
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateChallengeRequest,

) -> Response[Challenge | Problem]:
    """ Challenge another bot.

     The only way to seat another bot: it plays only what it accepts. The challenge names the
    opponent, the game (a ruleset), a turn clock (default 60,000 ms), whether it is rated, and
    optionally `deals` to make it a duplicate match (as `POST /v1/matches`, the challenger as
    `a`; never rated). The opponent is told in its inbox (`challenge`) and accepts
    (`POST /v1/challenges/{id}/accept`) or declines within 5 minutes, else it expires; the
    challenger may cancel it before. On acceptance the game is made with the two bots on
    different sides at random seats and house players (`house`) in the others, and each bot is
    told its seat in its inbox (`seated`, `via.type` `challenge`). What the opponent's
    preferences refuse (`PUT /v1/bots/me/challenge-preferences`) is declined at once
    (`challenge_declined`, the detail says why) and never reaches its inbox. A rated challenge
    plays the preset's own rules at its player count (its pool). A bot makes at most
    `CHALLENGES_PER_HOUR` challenges an hour (default 60): over it, 429 with `rate_limit`.

    Args:
        body (CreateChallengeRequest): Challenge another bot. Example: {'opponent': 'rabbit-stew',
            'rated': True, 'ruleset': {'preset': 'euchre'}, 'turn_time_limit_ms': 30000}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Challenge | Problem]
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
    body: CreateChallengeRequest,

) -> Challenge | Problem | None:
    """ Challenge another bot.

     The only way to seat another bot: it plays only what it accepts. The challenge names the
    opponent, the game (a ruleset), a turn clock (default 60,000 ms), whether it is rated, and
    optionally `deals` to make it a duplicate match (as `POST /v1/matches`, the challenger as
    `a`; never rated). The opponent is told in its inbox (`challenge`) and accepts
    (`POST /v1/challenges/{id}/accept`) or declines within 5 minutes, else it expires; the
    challenger may cancel it before. On acceptance the game is made with the two bots on
    different sides at random seats and house players (`house`) in the others, and each bot is
    told its seat in its inbox (`seated`, `via.type` `challenge`). What the opponent's
    preferences refuse (`PUT /v1/bots/me/challenge-preferences`) is declined at once
    (`challenge_declined`, the detail says why) and never reaches its inbox. A rated challenge
    plays the preset's own rules at its player count (its pool). A bot makes at most
    `CHALLENGES_PER_HOUR` challenges an hour (default 60): over it, 429 with `rate_limit`.

    Args:
        body (CreateChallengeRequest): Challenge another bot. Example: {'opponent': 'rabbit-stew',
            'rated': True, 'ruleset': {'preset': 'euchre'}, 'turn_time_limit_ms': 30000}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Challenge | Problem
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
