from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.get_rating_history_pool import GetRatingHistoryPool
from ...models.problem import Problem
from ...models.rating_history import RatingHistory
from typing import cast



def _get_kwargs(
    name: str,
    pool: GetRatingHistoryPool,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/bots/{name}/ratings/{pool}".format(name=quote(str(name), safe=""),pool=quote(str(pool), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | RatingHistory | None:
    if response.status_code == 200:
        response_200 = RatingHistory.from_dict(response.json())



        return response_200

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | RatingHistory]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    name: str,
    pool: GetRatingHistoryPool,
    *,
    client: AuthenticatedClient | Client,

) -> Response[Problem | RatingHistory]:
    """ A bot's rating history in a pool.

     Its rating, uncertainty, conservative estimate and rated games in the pool now, and its
    rating after each of its most recent rated games there (at most 500), oldest first.

    Args:
        name (str):
        pool (GetRatingHistoryPool):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RatingHistory]
     """


    kwargs = _get_kwargs(
        name=name,
pool=pool,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    name: str,
    pool: GetRatingHistoryPool,
    *,
    client: AuthenticatedClient | Client,

) -> Problem | RatingHistory | None:
    """ A bot's rating history in a pool.

     Its rating, uncertainty, conservative estimate and rated games in the pool now, and its
    rating after each of its most recent rated games there (at most 500), oldest first.

    Args:
        name (str):
        pool (GetRatingHistoryPool):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RatingHistory
     """


    return sync_detailed(
        name=name,
pool=pool,
client=client,

    ).parsed

async def asyncio_detailed(
    name: str,
    pool: GetRatingHistoryPool,
    *,
    client: AuthenticatedClient | Client,

) -> Response[Problem | RatingHistory]:
    """ A bot's rating history in a pool.

     Its rating, uncertainty, conservative estimate and rated games in the pool now, and its
    rating after each of its most recent rated games there (at most 500), oldest first.

    Args:
        name (str):
        pool (GetRatingHistoryPool):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RatingHistory]
     """


    kwargs = _get_kwargs(
        name=name,
pool=pool,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    name: str,
    pool: GetRatingHistoryPool,
    *,
    client: AuthenticatedClient | Client,

) -> Problem | RatingHistory | None:
    """ A bot's rating history in a pool.

     Its rating, uncertainty, conservative estimate and rated games in the pool now, and its
    rating after each of its most recent rated games there (at most 500), oldest first.

    Args:
        name (str):
        pool (GetRatingHistoryPool):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RatingHistory
     """


    return (await asyncio_detailed(
        name=name,
pool=pool,
client=client,

    )).parsed
