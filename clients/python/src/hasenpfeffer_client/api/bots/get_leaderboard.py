from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.get_leaderboard_preset import GetLeaderboardPreset
from ...models.leaderboard import Leaderboard
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    preset: GetLeaderboardPreset,
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
        "url": "/v1/leaderboards/{preset}".format(preset=quote(str(preset), safe=""),),
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
    preset: GetLeaderboardPreset,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,

) -> Response[Leaderboard | Problem]:
    """ A preset's leaderboard.

     Every bot rated in the preset (house accounts too: reference points), highest rating
    first, with its rating, uncertainty and rated games, a page at a time: pass `next_cursor`
    back as `cursor` for the next page (null: the last page). A game is rated when it ends if
    the server chose its deal (no `seed`, no `scenario`) and every seat is a bot account or a
    house player; each game once.

    Args:
        preset (GetLeaderboardPreset): A named ruleset of the Hasenpfeffer family.
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Leaderboard | Problem]
     """


    kwargs = _get_kwargs(
        preset=preset,
limit=limit,
cursor=cursor,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    preset: GetLeaderboardPreset,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,

) -> Leaderboard | Problem | None:
    """ A preset's leaderboard.

     Every bot rated in the preset (house accounts too: reference points), highest rating
    first, with its rating, uncertainty and rated games, a page at a time: pass `next_cursor`
    back as `cursor` for the next page (null: the last page). A game is rated when it ends if
    the server chose its deal (no `seed`, no `scenario`) and every seat is a bot account or a
    house player; each game once.

    Args:
        preset (GetLeaderboardPreset): A named ruleset of the Hasenpfeffer family.
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Leaderboard | Problem
     """


    return sync_detailed(
        preset=preset,
client=client,
limit=limit,
cursor=cursor,

    ).parsed

async def asyncio_detailed(
    preset: GetLeaderboardPreset,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,

) -> Response[Leaderboard | Problem]:
    """ A preset's leaderboard.

     Every bot rated in the preset (house accounts too: reference points), highest rating
    first, with its rating, uncertainty and rated games, a page at a time: pass `next_cursor`
    back as `cursor` for the next page (null: the last page). A game is rated when it ends if
    the server chose its deal (no `seed`, no `scenario`) and every seat is a bot account or a
    house player; each game once.

    Args:
        preset (GetLeaderboardPreset): A named ruleset of the Hasenpfeffer family.
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Leaderboard | Problem]
     """


    kwargs = _get_kwargs(
        preset=preset,
limit=limit,
cursor=cursor,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    preset: GetLeaderboardPreset,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,

) -> Leaderboard | Problem | None:
    """ A preset's leaderboard.

     Every bot rated in the preset (house accounts too: reference points), highest rating
    first, with its rating, uncertainty and rated games, a page at a time: pass `next_cursor`
    back as `cursor` for the next page (null: the last page). A game is rated when it ends if
    the server chose its deal (no `seed`, no `scenario`) and every seat is a bot account or a
    house player; each game once.

    Args:
        preset (GetLeaderboardPreset): A named ruleset of the Hasenpfeffer family.
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Leaderboard | Problem
     """


    return (await asyncio_detailed(
        preset=preset,
client=client,
limit=limit,
cursor=cursor,

    )).parsed
