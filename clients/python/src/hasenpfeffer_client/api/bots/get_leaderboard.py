from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.get_leaderboard_pool import GetLeaderboardPool
from ...models.leaderboard import Leaderboard
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    pool: GetLeaderboardPool,
    *,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["cursor"] = cursor


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/leaderboards/{pool}".format(pool=quote(str(pool), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Leaderboard | Problem | None:
    if response.status_code == 200:
        response_200 = Leaderboard.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Leaderboard | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    pool: GetLeaderboardPool,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,

) -> Response[Leaderboard | Problem]:
    """ A pool's leaderboard.

     Every bot rated in the pool (a preset at a player count; house accounts too: reference
    points), by its conservative estimate (its rating less three uncertainties, so one lucky
    game does not put a bot on top), with its rating, uncertainty, rated games and whether the
    rating is still provisional (fewer than 10 games), a page at a time: pass `next_cursor`
    back as `cursor` for the next page (null: the last page). Rated games are the server's own
    tables (matchmaking, accepted rated challenges) with a turn clock, a deal the server drew,
    the preset's own rules at the pool's player count, and no bot in two seats; each once.

    Args:
        pool (GetLeaderboardPool):
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Leaderboard | Problem]
     """


    kwargs = _get_kwargs(
        pool=pool,
limit=limit,
cursor=cursor,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    pool: GetLeaderboardPool,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,

) -> Leaderboard | Problem | None:
    """ A pool's leaderboard.

     Every bot rated in the pool (a preset at a player count; house accounts too: reference
    points), by its conservative estimate (its rating less three uncertainties, so one lucky
    game does not put a bot on top), with its rating, uncertainty, rated games and whether the
    rating is still provisional (fewer than 10 games), a page at a time: pass `next_cursor`
    back as `cursor` for the next page (null: the last page). Rated games are the server's own
    tables (matchmaking, accepted rated challenges) with a turn clock, a deal the server drew,
    the preset's own rules at the pool's player count, and no bot in two seats; each once.

    Args:
        pool (GetLeaderboardPool):
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Leaderboard | Problem
     """


    return sync_detailed(
        pool=pool,
client=client,
limit=limit,
cursor=cursor,

    ).parsed

async def asyncio_detailed(
    pool: GetLeaderboardPool,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,

) -> Response[Leaderboard | Problem]:
    """ A pool's leaderboard.

     Every bot rated in the pool (a preset at a player count; house accounts too: reference
    points), by its conservative estimate (its rating less three uncertainties, so one lucky
    game does not put a bot on top), with its rating, uncertainty, rated games and whether the
    rating is still provisional (fewer than 10 games), a page at a time: pass `next_cursor`
    back as `cursor` for the next page (null: the last page). Rated games are the server's own
    tables (matchmaking, accepted rated challenges) with a turn clock, a deal the server drew,
    the preset's own rules at the pool's player count, and no bot in two seats; each once.

    Args:
        pool (GetLeaderboardPool):
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Leaderboard | Problem]
     """


    kwargs = _get_kwargs(
        pool=pool,
limit=limit,
cursor=cursor,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    pool: GetLeaderboardPool,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,

) -> Leaderboard | Problem | None:
    """ A pool's leaderboard.

     Every bot rated in the pool (a preset at a player count; house accounts too: reference
    points), by its conservative estimate (its rating less three uncertainties, so one lucky
    game does not put a bot on top), with its rating, uncertainty, rated games and whether the
    rating is still provisional (fewer than 10 games), a page at a time: pass `next_cursor`
    back as `cursor` for the next page (null: the last page). Rated games are the server's own
    tables (matchmaking, accepted rated challenges) with a turn clock, a deal the server drew,
    the preset's own rules at the pool's player count, and no bot in two seats; each once.

    Args:
        pool (GetLeaderboardPool):
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Leaderboard | Problem
     """


    return (await asyncio_detailed(
        pool=pool,
client=client,
limit=limit,
cursor=cursor,

    )).parsed
