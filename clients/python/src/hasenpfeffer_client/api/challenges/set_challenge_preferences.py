from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.challenge_preferences import ChallengePreferences
from ...models.problem import Problem
from typing import cast



def _get_kwargs(
    *,
    body: ChallengePreferences,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/v1/bots/me/challenge-preferences",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ChallengePreferences | Problem | None:
    if response.status_code == 200:
        response_200 = ChallengePreferences.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())



        return response_403

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ChallengePreferences | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: ChallengePreferences,

) -> Response[ChallengePreferences | Problem]:
    """ Say what challenges the bot accepts.

     Replaces the calling bot's challenge preferences: whether it takes challenges, which
    presets, rated or casual or both, the shortest and longest turn clock, duplicate matches or
    not, from whom (`from`: only these bots; `block`: not these). A challenge outside them is
    declined at once with the reason.

    Args:
        body (ChallengePreferences): What challenges a bot accepts: a challenge outside them is
            declined at once, with the
            reason (as Lichess's challenge preferences and its `ChallengeGranter`). Every field has a
            default; a bot that never set them accepts any challenge to answer it itself. Example:
            {'accept': True, 'block': ['spammer'], 'duplicate': True, 'max_turn_time_limit_ms':
            120000, 'min_turn_time_limit_ms': 2000, 'presets': ['euchre', 'hasenpfeffer'], 'rated':
            'any'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChallengePreferences | Problem]
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
    body: ChallengePreferences,

) -> ChallengePreferences | Problem | None:
    """ Say what challenges the bot accepts.

     Replaces the calling bot's challenge preferences: whether it takes challenges, which
    presets, rated or casual or both, the shortest and longest turn clock, duplicate matches or
    not, from whom (`from`: only these bots; `block`: not these). A challenge outside them is
    declined at once with the reason.

    Args:
        body (ChallengePreferences): What challenges a bot accepts: a challenge outside them is
            declined at once, with the
            reason (as Lichess's challenge preferences and its `ChallengeGranter`). Every field has a
            default; a bot that never set them accepts any challenge to answer it itself. Example:
            {'accept': True, 'block': ['spammer'], 'duplicate': True, 'max_turn_time_limit_ms':
            120000, 'min_turn_time_limit_ms': 2000, 'presets': ['euchre', 'hasenpfeffer'], 'rated':
            'any'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChallengePreferences | Problem
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: ChallengePreferences,

) -> Response[ChallengePreferences | Problem]:
    """ Say what challenges the bot accepts.

     Replaces the calling bot's challenge preferences: whether it takes challenges, which
    presets, rated or casual or both, the shortest and longest turn clock, duplicate matches or
    not, from whom (`from`: only these bots; `block`: not these). A challenge outside them is
    declined at once with the reason.

    Args:
        body (ChallengePreferences): What challenges a bot accepts: a challenge outside them is
            declined at once, with the
            reason (as Lichess's challenge preferences and its `ChallengeGranter`). Every field has a
            default; a bot that never set them accepts any challenge to answer it itself. Example:
            {'accept': True, 'block': ['spammer'], 'duplicate': True, 'max_turn_time_limit_ms':
            120000, 'min_turn_time_limit_ms': 2000, 'presets': ['euchre', 'hasenpfeffer'], 'rated':
            'any'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChallengePreferences | Problem]
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
    body: ChallengePreferences,

) -> ChallengePreferences | Problem | None:
    """ Say what challenges the bot accepts.

     Replaces the calling bot's challenge preferences: whether it takes challenges, which
    presets, rated or casual or both, the shortest and longest turn clock, duplicate matches or
    not, from whom (`from`: only these bots; `block`: not these). A challenge outside them is
    declined at once with the reason.

    Args:
        body (ChallengePreferences): What challenges a bot accepts: a challenge outside them is
            declined at once, with the
            reason (as Lichess's challenge preferences and its `ChallengeGranter`). Every field has a
            default; a bot that never set them accepts any challenge to answer it itself. Example:
            {'accept': True, 'block': ['spammer'], 'duplicate': True, 'max_turn_time_limit_ms':
            120000, 'min_turn_time_limit_ms': 2000, 'presets': ['euchre', 'hasenpfeffer'], 'rated':
            'any'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChallengePreferences | Problem
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
