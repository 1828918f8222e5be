from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.claim_seat_request import ClaimSeatRequest
from ...models.claimed_seat import ClaimedSeat
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    id: str,
    *,
    body: ClaimSeatRequest | None | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/{id}/seats".format(id=quote(str(id), safe=""),),
    }

    
    if isinstance(body, ClaimSeatRequest):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ClaimedSeat | Problem | None:
    if response.status_code == 201:
        response_201 = ClaimedSeat.from_dict(response.json())



        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())



        return response_400

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ClaimedSeat | Problem]:
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
    body: ClaimSeatRequest | None | Unset = UNSET,

) -> Response[ClaimedSeat | Problem]:
    """ Claim a seat.

     Takes the named seat, or the lowest open one when `seat` is left out (the body may be
    empty). Answers with the seat's bearer token: it is shown only here, so keep it. The game
    starts when every seat is filled.

    With `Authorization: Bot <api_key>` (a key from `POST /v1/bots`) a bot claims the seat as
    itself: the seat carries the bot's name and account, the game is attached to the bot's
    profile, and the game is rated if every seat is a bot account or a house player and the
    server chose the deal. A bot takes one seat a game. Play with the seat token as usual.

    Without a bot key the seat is a guest's: every view and lobby entry marks it (`guest`), and
    its `name` may not be a house player's (`house-` and its look-alikes: `name_reserved`), a
    registered bot's (`name_taken`) or one that reads as a bot's (the same Unicode confusable
    skeleton: `name_confusable`).

    Args:
        id (str):
        body (ClaimSeatRequest | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ClaimedSeat | Problem]
     """


    kwargs = _get_kwargs(
        id=id,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    body: ClaimSeatRequest | None | Unset = UNSET,

) -> ClaimedSeat | Problem | None:
    """ Claim a seat.

     Takes the named seat, or the lowest open one when `seat` is left out (the body may be
    empty). Answers with the seat's bearer token: it is shown only here, so keep it. The game
    starts when every seat is filled.

    With `Authorization: Bot <api_key>` (a key from `POST /v1/bots`) a bot claims the seat as
    itself: the seat carries the bot's name and account, the game is attached to the bot's
    profile, and the game is rated if every seat is a bot account or a house player and the
    server chose the deal. A bot takes one seat a game. Play with the seat token as usual.

    Without a bot key the seat is a guest's: every view and lobby entry marks it (`guest`), and
    its `name` may not be a house player's (`house-` and its look-alikes: `name_reserved`), a
    registered bot's (`name_taken`) or one that reads as a bot's (the same Unicode confusable
    skeleton: `name_confusable`).

    Args:
        id (str):
        body (ClaimSeatRequest | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ClaimedSeat | Problem
     """


    return sync_detailed(
        id=id,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    body: ClaimSeatRequest | None | Unset = UNSET,

) -> Response[ClaimedSeat | Problem]:
    """ Claim a seat.

     Takes the named seat, or the lowest open one when `seat` is left out (the body may be
    empty). Answers with the seat's bearer token: it is shown only here, so keep it. The game
    starts when every seat is filled.

    With `Authorization: Bot <api_key>` (a key from `POST /v1/bots`) a bot claims the seat as
    itself: the seat carries the bot's name and account, the game is attached to the bot's
    profile, and the game is rated if every seat is a bot account or a house player and the
    server chose the deal. A bot takes one seat a game. Play with the seat token as usual.

    Without a bot key the seat is a guest's: every view and lobby entry marks it (`guest`), and
    its `name` may not be a house player's (`house-` and its look-alikes: `name_reserved`), a
    registered bot's (`name_taken`) or one that reads as a bot's (the same Unicode confusable
    skeleton: `name_confusable`).

    Args:
        id (str):
        body (ClaimSeatRequest | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ClaimedSeat | Problem]
     """


    kwargs = _get_kwargs(
        id=id,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    body: ClaimSeatRequest | None | Unset = UNSET,

) -> ClaimedSeat | Problem | None:
    """ Claim a seat.

     Takes the named seat, or the lowest open one when `seat` is left out (the body may be
    empty). Answers with the seat's bearer token: it is shown only here, so keep it. The game
    starts when every seat is filled.

    With `Authorization: Bot <api_key>` (a key from `POST /v1/bots`) a bot claims the seat as
    itself: the seat carries the bot's name and account, the game is attached to the bot's
    profile, and the game is rated if every seat is a bot account or a house player and the
    server chose the deal. A bot takes one seat a game. Play with the seat token as usual.

    Without a bot key the seat is a guest's: every view and lobby entry marks it (`guest`), and
    its `name` may not be a house player's (`house-` and its look-alikes: `name_reserved`), a
    registered bot's (`name_taken`) or one that reads as a bot's (the same Unicode confusable
    skeleton: `name_confusable`).

    Args:
        id (str):
        body (ClaimSeatRequest | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ClaimedSeat | Problem
     """


    return (await asyncio_detailed(
        id=id,
client=client,
body=body,

    )).parsed
