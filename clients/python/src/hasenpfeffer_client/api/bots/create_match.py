from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.create_match_request import CreateMatchRequest
from ...models.match import Match
from ...models.problem import Problem
from typing import cast



def _get_kwargs(
    *,
    body: CreateMatchRequest,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/matches",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Match | Problem | None:
    if response.status_code == 202:
        response_202 = Match.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Match | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateMatchRequest,

) -> Response[Match | Problem]:
    """ Start a duplicate match.

     Two players (the caller's bot and a house account, or two house accounts: `house-random`,
    `house-heuristic`, `house-expert`, `house-expert_v1`; another bot plays only a challenge it accepts:
    `POST /v1/challenges` with `deals`)
    play `deals` deals of a game, each deal in every seating: twice with the partnerships
    swapped, or with every player alone twice per seat (A alone against B in every other seat,
    then the reverse), or with three teams of two twice per team (A as that team against B in
    the two others, then the reverse), so that both hold the same cards in the same seats and
    the luck of the deal cancels. Each play is a game of one hand (`max_hands` 1) from a seed the server
    draws
    and keeps; a bot is seated in its games through its inbox (`GET /v1/bots/me/events`,
    `seated` events with `via.match`), house players play theirs on the server. The answer is
    the match: its `result` is the mean over the finished deals of A's points per seat minus
    B's, with its 95% confidence interval, and every play links to its game's log. Send
    `Authorization: Bot <api_key>`: a bot asks for matches it plays in, or between two house
    accounts. The games are not rated (their deals are seeded): the match is their result.
    A bot asks for at most `MATCHES_PER_HOUR` matches an hour (default 20; a refused request
    does not count): over it, 429 with `rate_limit` naming `matches` and when it resets. A bot
    runs at most `MATCHES_RUNNING_PER_BOT` matches at once (default 2; running: asked for and
    not finished), and the server `MATCHES_RUNNING` (default 16): over either, 409
    (`too_many_matches`, `matches_full`); ask again when one has finished (`match_finished` in
    the inbox). House players think for matches at a lower priority than for tables where a bot
    waits.

    Args:
        body (CreateMatchRequest): Start a duplicate match. Example: {'a': 'house-expert', 'b':
            'house-heuristic', 'deals': 20, 'ruleset': {'preset': 'euchre'}}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Match | Problem]
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
    body: CreateMatchRequest,

) -> Match | Problem | None:
    """ Start a duplicate match.

     Two players (the caller's bot and a house account, or two house accounts: `house-random`,
    `house-heuristic`, `house-expert`, `house-expert_v1`; another bot plays only a challenge it accepts:
    `POST /v1/challenges` with `deals`)
    play `deals` deals of a game, each deal in every seating: twice with the partnerships
    swapped, or with every player alone twice per seat (A alone against B in every other seat,
    then the reverse), or with three teams of two twice per team (A as that team against B in
    the two others, then the reverse), so that both hold the same cards in the same seats and
    the luck of the deal cancels. Each play is a game of one hand (`max_hands` 1) from a seed the server
    draws
    and keeps; a bot is seated in its games through its inbox (`GET /v1/bots/me/events`,
    `seated` events with `via.match`), house players play theirs on the server. The answer is
    the match: its `result` is the mean over the finished deals of A's points per seat minus
    B's, with its 95% confidence interval, and every play links to its game's log. Send
    `Authorization: Bot <api_key>`: a bot asks for matches it plays in, or between two house
    accounts. The games are not rated (their deals are seeded): the match is their result.
    A bot asks for at most `MATCHES_PER_HOUR` matches an hour (default 20; a refused request
    does not count): over it, 429 with `rate_limit` naming `matches` and when it resets. A bot
    runs at most `MATCHES_RUNNING_PER_BOT` matches at once (default 2; running: asked for and
    not finished), and the server `MATCHES_RUNNING` (default 16): over either, 409
    (`too_many_matches`, `matches_full`); ask again when one has finished (`match_finished` in
    the inbox). House players think for matches at a lower priority than for tables where a bot
    waits.

    Args:
        body (CreateMatchRequest): Start a duplicate match. Example: {'a': 'house-expert', 'b':
            'house-heuristic', 'deals': 20, 'ruleset': {'preset': 'euchre'}}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Match | Problem
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateMatchRequest,

) -> Response[Match | Problem]:
    """ Start a duplicate match.

     Two players (the caller's bot and a house account, or two house accounts: `house-random`,
    `house-heuristic`, `house-expert`, `house-expert_v1`; another bot plays only a challenge it accepts:
    `POST /v1/challenges` with `deals`)
    play `deals` deals of a game, each deal in every seating: twice with the partnerships
    swapped, or with every player alone twice per seat (A alone against B in every other seat,
    then the reverse), or with three teams of two twice per team (A as that team against B in
    the two others, then the reverse), so that both hold the same cards in the same seats and
    the luck of the deal cancels. Each play is a game of one hand (`max_hands` 1) from a seed the server
    draws
    and keeps; a bot is seated in its games through its inbox (`GET /v1/bots/me/events`,
    `seated` events with `via.match`), house players play theirs on the server. The answer is
    the match: its `result` is the mean over the finished deals of A's points per seat minus
    B's, with its 95% confidence interval, and every play links to its game's log. Send
    `Authorization: Bot <api_key>`: a bot asks for matches it plays in, or between two house
    accounts. The games are not rated (their deals are seeded): the match is their result.
    A bot asks for at most `MATCHES_PER_HOUR` matches an hour (default 20; a refused request
    does not count): over it, 429 with `rate_limit` naming `matches` and when it resets. A bot
    runs at most `MATCHES_RUNNING_PER_BOT` matches at once (default 2; running: asked for and
    not finished), and the server `MATCHES_RUNNING` (default 16): over either, 409
    (`too_many_matches`, `matches_full`); ask again when one has finished (`match_finished` in
    the inbox). House players think for matches at a lower priority than for tables where a bot
    waits.

    Args:
        body (CreateMatchRequest): Start a duplicate match. Example: {'a': 'house-expert', 'b':
            'house-heuristic', 'deals': 20, 'ruleset': {'preset': 'euchre'}}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Match | Problem]
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
    body: CreateMatchRequest,

) -> Match | Problem | None:
    """ Start a duplicate match.

     Two players (the caller's bot and a house account, or two house accounts: `house-random`,
    `house-heuristic`, `house-expert`, `house-expert_v1`; another bot plays only a challenge it accepts:
    `POST /v1/challenges` with `deals`)
    play `deals` deals of a game, each deal in every seating: twice with the partnerships
    swapped, or with every player alone twice per seat (A alone against B in every other seat,
    then the reverse), or with three teams of two twice per team (A as that team against B in
    the two others, then the reverse), so that both hold the same cards in the same seats and
    the luck of the deal cancels. Each play is a game of one hand (`max_hands` 1) from a seed the server
    draws
    and keeps; a bot is seated in its games through its inbox (`GET /v1/bots/me/events`,
    `seated` events with `via.match`), house players play theirs on the server. The answer is
    the match: its `result` is the mean over the finished deals of A's points per seat minus
    B's, with its 95% confidence interval, and every play links to its game's log. Send
    `Authorization: Bot <api_key>`: a bot asks for matches it plays in, or between two house
    accounts. The games are not rated (their deals are seeded): the match is their result.
    A bot asks for at most `MATCHES_PER_HOUR` matches an hour (default 20; a refused request
    does not count): over it, 429 with `rate_limit` naming `matches` and when it resets. A bot
    runs at most `MATCHES_RUNNING_PER_BOT` matches at once (default 2; running: asked for and
    not finished), and the server `MATCHES_RUNNING` (default 16): over either, 409
    (`too_many_matches`, `matches_full`); ask again when one has finished (`match_finished` in
    the inbox). House players think for matches at a lower priority than for tables where a bot
    waits.

    Args:
        body (CreateMatchRequest): Start a duplicate match. Example: {'a': 'house-expert', 'b':
            'house-heuristic', 'deals': 20, 'ruleset': {'preset': 'euchre'}}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Match | Problem
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
