from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.game_view import GameView
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    id: str,
    *,
    wait_for_version: int | Unset = UNSET,
    wait_ms: int | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["wait_for_version"] = wait_for_version

    params["wait_ms"] = wait_ms


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games/{id}".format(id=quote(str(id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> GameView | Problem | None:
    if response.status_code == 200:
        response_200 = GameView.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[GameView | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    wait_for_version: int | Unset = UNSET,
    wait_ms: int | Unset = UNSET,

) -> Response[GameView | Problem]:
    """ Get the game.

     With `Authorization: Bearer <token>` this is your seat's view: your hand and your
    `legal_actions`. Without it, the spectator view: public information only. The `ETag` is the
    version. With `wait_for_version=N` it is a long poll: it answers as soon as the version
    passes N, or after `wait_ms` with the current view.

    Args:
        id (str):
        wait_for_version (int | Unset):
        wait_ms (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameView | Problem]
     """


    kwargs = _get_kwargs(
        id=id,
wait_for_version=wait_for_version,
wait_ms=wait_ms,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    wait_for_version: int | Unset = UNSET,
    wait_ms: int | Unset = UNSET,

) -> GameView | Problem | None:
    """ Get the game.

     With `Authorization: Bearer <token>` this is your seat's view: your hand and your
    `legal_actions`. Without it, the spectator view: public information only. The `ETag` is the
    version. With `wait_for_version=N` it is a long poll: it answers as soon as the version
    passes N, or after `wait_ms` with the current view.

    Args:
        id (str):
        wait_for_version (int | Unset):
        wait_ms (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameView | Problem
     """


    return sync_detailed(
        id=id,
client=client,
wait_for_version=wait_for_version,
wait_ms=wait_ms,

    ).parsed

async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    wait_for_version: int | Unset = UNSET,
    wait_ms: int | Unset = UNSET,

) -> Response[GameView | Problem]:
    """ Get the game.

     With `Authorization: Bearer <token>` this is your seat's view: your hand and your
    `legal_actions`. Without it, the spectator view: public information only. The `ETag` is the
    version. With `wait_for_version=N` it is a long poll: it answers as soon as the version
    passes N, or after `wait_ms` with the current view.

    Args:
        id (str):
        wait_for_version (int | Unset):
        wait_ms (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameView | Problem]
     """


    kwargs = _get_kwargs(
        id=id,
wait_for_version=wait_for_version,
wait_ms=wait_ms,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    wait_for_version: int | Unset = UNSET,
    wait_ms: int | Unset = UNSET,

) -> GameView | Problem | None:
    """ Get the game.

     With `Authorization: Bearer <token>` this is your seat's view: your hand and your
    `legal_actions`. Without it, the spectator view: public information only. The `ETag` is the
    version. With `wait_for_version=N` it is a long poll: it answers as soon as the version
    passes N, or after `wait_ms` with the current view.

    Args:
        id (str):
        wait_for_version (int | Unset):
        wait_ms (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameView | Problem
     """


    return (await asyncio_detailed(
        id=id,
client=client,
wait_for_version=wait_for_version,
wait_ms=wait_ms,

    )).parsed
