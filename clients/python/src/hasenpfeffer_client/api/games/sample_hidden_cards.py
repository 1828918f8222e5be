from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...models.sample_set import SampleSet
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    id: str,
    *,
    count: int | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["count"] = count


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games/{id}/samples".format(id=quote(str(id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | SampleSet | None:
    if response.status_code == 200:
        response_200 = SampleSet.from_dict(response.json())



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

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())



        return response_404

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())



        return response_409

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | SampleSet]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    count: int | Unset = UNSET,

) -> Response[Problem | SampleSet]:
    """ Sample the hidden cards.

     Random assignments of every card your seat cannot see (the other hands and the face-down
    piles), each consistent with everything you know: your hand, the cards played, the suits
    players have shown void in, a revealed joker, the widow you took, your discards and passed
    cards. Drawn uniformly by the same sampler the `expert` house player uses. Play your options
    out over them to decide.

    Args:
        id (str):
        count (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SampleSet]
     """


    kwargs = _get_kwargs(
        id=id,
count=count,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    count: int | Unset = UNSET,

) -> Problem | SampleSet | None:
    """ Sample the hidden cards.

     Random assignments of every card your seat cannot see (the other hands and the face-down
    piles), each consistent with everything you know: your hand, the cards played, the suits
    players have shown void in, a revealed joker, the widow you took, your discards and passed
    cards. Drawn uniformly by the same sampler the `expert` house player uses. Play your options
    out over them to decide.

    Args:
        id (str):
        count (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SampleSet
     """


    return sync_detailed(
        id=id,
client=client,
count=count,

    ).parsed

async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    count: int | Unset = UNSET,

) -> Response[Problem | SampleSet]:
    """ Sample the hidden cards.

     Random assignments of every card your seat cannot see (the other hands and the face-down
    piles), each consistent with everything you know: your hand, the cards played, the suits
    players have shown void in, a revealed joker, the widow you took, your discards and passed
    cards. Drawn uniformly by the same sampler the `expert` house player uses. Play your options
    out over them to decide.

    Args:
        id (str):
        count (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SampleSet]
     """


    kwargs = _get_kwargs(
        id=id,
count=count,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    count: int | Unset = UNSET,

) -> Problem | SampleSet | None:
    """ Sample the hidden cards.

     Random assignments of every card your seat cannot see (the other hands and the face-down
    piles), each consistent with everything you know: your hand, the cards played, the suits
    players have shown void in, a revealed joker, the widow you took, your discards and passed
    cards. Drawn uniformly by the same sampler the `expert` house player uses. Play your options
    out over them to decide.

    Args:
        id (str):
        count (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SampleSet
     """


    return (await asyncio_detailed(
        id=id,
client=client,
count=count,

    )).parsed
