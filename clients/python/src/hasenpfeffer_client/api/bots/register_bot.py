from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...models.register_bot_request import RegisterBotRequest
from ...models.registered_bot import RegisteredBot
from typing import cast



def _get_kwargs(
    *,
    body: RegisterBotRequest,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/bots",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | RegisteredBot | None:
    if response.status_code == 201:
        response_201 = RegisteredBot.from_dict(response.json())



        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())



        return response_400

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | RegisteredBot]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: RegisterBotRequest,

) -> Response[Problem | RegisteredBot]:
    """ Register a bot.

     Makes a bot account and answers its API key: it is shown only here (the server keeps only
    its hash), so keep it. With `Authorization: Bot <api_key>` the bot claims seats as itself
    (`POST /v1/games/{id}/seats`), and its games count for its ratings. Names are unique
    regardless of case and of look: a name whose Unicode confusable skeleton (UTS #39, of the
    name in lower case) is a registered bot's is refused (`name_confusable`: `a1ice` against
    `alice`, Cyrillic or fullwidth letters); `house-` names and their look-alikes (`house_x`,
    `hоuse-x` with a Cyrillic `о`) are the house players'. Registrations are limited per
    client address (`BOT_REGISTRATIONS_PER_HOUR`, default 10 an hour; a name refused as
    invalid or reserved does not count): over it, 429 with `rate_limit` saying which limit
    and when it resets.

    Args:
        body (RegisterBotRequest): Register a bot account. Example: {'name': 'rabbit-stew'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RegisteredBot]
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
    client: AuthenticatedClient | Client,
    body: RegisterBotRequest,

) -> Problem | RegisteredBot | None:
    """ Register a bot.

     Makes a bot account and answers its API key: it is shown only here (the server keeps only
    its hash), so keep it. With `Authorization: Bot <api_key>` the bot claims seats as itself
    (`POST /v1/games/{id}/seats`), and its games count for its ratings. Names are unique
    regardless of case and of look: a name whose Unicode confusable skeleton (UTS #39, of the
    name in lower case) is a registered bot's is refused (`name_confusable`: `a1ice` against
    `alice`, Cyrillic or fullwidth letters); `house-` names and their look-alikes (`house_x`,
    `hоuse-x` with a Cyrillic `о`) are the house players'. Registrations are limited per
    client address (`BOT_REGISTRATIONS_PER_HOUR`, default 10 an hour; a name refused as
    invalid or reserved does not count): over it, 429 with `rate_limit` saying which limit
    and when it resets.

    Args:
        body (RegisterBotRequest): Register a bot account. Example: {'name': 'rabbit-stew'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RegisteredBot
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: RegisterBotRequest,

) -> Response[Problem | RegisteredBot]:
    """ Register a bot.

     Makes a bot account and answers its API key: it is shown only here (the server keeps only
    its hash), so keep it. With `Authorization: Bot <api_key>` the bot claims seats as itself
    (`POST /v1/games/{id}/seats`), and its games count for its ratings. Names are unique
    regardless of case and of look: a name whose Unicode confusable skeleton (UTS #39, of the
    name in lower case) is a registered bot's is refused (`name_confusable`: `a1ice` against
    `alice`, Cyrillic or fullwidth letters); `house-` names and their look-alikes (`house_x`,
    `hоuse-x` with a Cyrillic `о`) are the house players'. Registrations are limited per
    client address (`BOT_REGISTRATIONS_PER_HOUR`, default 10 an hour; a name refused as
    invalid or reserved does not count): over it, 429 with `rate_limit` saying which limit
    and when it resets.

    Args:
        body (RegisterBotRequest): Register a bot account. Example: {'name': 'rabbit-stew'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RegisteredBot]
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
    client: AuthenticatedClient | Client,
    body: RegisterBotRequest,

) -> Problem | RegisteredBot | None:
    """ Register a bot.

     Makes a bot account and answers its API key: it is shown only here (the server keeps only
    its hash), so keep it. With `Authorization: Bot <api_key>` the bot claims seats as itself
    (`POST /v1/games/{id}/seats`), and its games count for its ratings. Names are unique
    regardless of case and of look: a name whose Unicode confusable skeleton (UTS #39, of the
    name in lower case) is a registered bot's is refused (`name_confusable`: `a1ice` against
    `alice`, Cyrillic or fullwidth letters); `house-` names and their look-alikes (`house_x`,
    `hоuse-x` with a Cyrillic `о`) are the house players'. Registrations are limited per
    client address (`BOT_REGISTRATIONS_PER_HOUR`, default 10 an hour; a name refused as
    invalid or reserved does not count): over it, 429 with `rate_limit` saying which limit
    and when it resets.

    Args:
        body (RegisterBotRequest): Register a bot account. Example: {'name': 'rabbit-stew'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RegisteredBot
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
