from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.allow_action import AllowAction
from ...models.bid_action import BidAction
from ...models.game_view import GameView
from ...models.misere_action import MisereAction
from ...models.name_trump_action import NameTrumpAction
from ...models.open_misere_action import OpenMisereAction
from ...models.order_up_action import OrderUpAction
from ...models.pass_action import PassAction
from ...models.pick_up_action import PickUpAction
from ...models.pick_up_alone_action import PickUpAloneAction
from ...models.problem import Problem
from ...models.veto_action import VetoAction
from ...models.veto_alone_action import VetoAloneAction
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    id: str,
    *,
    body: AllowAction | BidAction | MisereAction | NameTrumpAction | OpenMisereAction | OrderUpAction | PassAction | PickUpAction | PickUpAloneAction | VetoAction | VetoAloneAction,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_match, Unset):
        headers["If-Match"] = if_match

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/{id}/bid".format(id=quote(str(id), safe=""),),
    }

    
    if isinstance(body, PassAction):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, BidAction):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, OrderUpAction):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, NameTrumpAction):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, PickUpAction):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, PickUpAloneAction):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, AllowAction):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, VetoAction):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, VetoAloneAction):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, MisereAction):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()


    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
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
    client: AuthenticatedClient,
    body: AllowAction | BidAction | MisereAction | NameTrumpAction | OpenMisereAction | OrderUpAction | PassAction | PickUpAction | PickUpAloneAction | VetoAction | VetoAloneAction,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> Response[GameView | Problem]:
    """ Bid or pass (or, in upcard games, order up, name trump, pick up or answer a pick-up; in Five
    Hundred, misère).

     `{"type":"bid","tricks":4}` (with `"pepper":"little"` or `"big"` for all tricks under pepper bids),
    or `{"type":"pass"}`. In upcard games (`euchre`), the calls: `{"type":"order_up"}` in round 1 (the
    upcard's suit becomes trump) and `{"type":"name_trump","trump":"H"}` in round 2 (another suit), or a
    pass. In `bacon`: `{"type":"pick_up"}` or `{"type":"pick_up_alone"}` (or a pass), and the caller's
    partner's answer `{"type":"allow"}`, `{"type":"veto"}` or, after `pick_up_alone`,
    `{"type":"veto_alone"}`. In `five-hundred`: `{"type":"bid","tricks":7,"trump":"NT"}` (6 to 10 tricks
    in S, C, D, H or NT), `{"type":"misere"}` or `{"type":"open_misere"}`.

    Args:
        id (str):
        if_match (str | Unset):
        idempotency_key (str | Unset):
        body (AllowAction | BidAction | MisereAction | NameTrumpAction | OpenMisereAction |
            OrderUpAction | PassAction | PickUpAction | PickUpAloneAction | VetoAction |
            VetoAloneAction): The body of `POST /v1/games/{id}/bid`: a call of the auction, a bid or a
            pass, or in an
            upcard game (`euchre`) an order up or a trump named (for the OpenAPI document). Example:
            {'tricks': 4, 'type': 'bid'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameView | Problem]
     """


    kwargs = _get_kwargs(
        id=id,
body=body,
if_match=if_match,
idempotency_key=idempotency_key,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    body: AllowAction | BidAction | MisereAction | NameTrumpAction | OpenMisereAction | OrderUpAction | PassAction | PickUpAction | PickUpAloneAction | VetoAction | VetoAloneAction,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> GameView | Problem | None:
    """ Bid or pass (or, in upcard games, order up, name trump, pick up or answer a pick-up; in Five
    Hundred, misère).

     `{"type":"bid","tricks":4}` (with `"pepper":"little"` or `"big"` for all tricks under pepper bids),
    or `{"type":"pass"}`. In upcard games (`euchre`), the calls: `{"type":"order_up"}` in round 1 (the
    upcard's suit becomes trump) and `{"type":"name_trump","trump":"H"}` in round 2 (another suit), or a
    pass. In `bacon`: `{"type":"pick_up"}` or `{"type":"pick_up_alone"}` (or a pass), and the caller's
    partner's answer `{"type":"allow"}`, `{"type":"veto"}` or, after `pick_up_alone`,
    `{"type":"veto_alone"}`. In `five-hundred`: `{"type":"bid","tricks":7,"trump":"NT"}` (6 to 10 tricks
    in S, C, D, H or NT), `{"type":"misere"}` or `{"type":"open_misere"}`.

    Args:
        id (str):
        if_match (str | Unset):
        idempotency_key (str | Unset):
        body (AllowAction | BidAction | MisereAction | NameTrumpAction | OpenMisereAction |
            OrderUpAction | PassAction | PickUpAction | PickUpAloneAction | VetoAction |
            VetoAloneAction): The body of `POST /v1/games/{id}/bid`: a call of the auction, a bid or a
            pass, or in an
            upcard game (`euchre`) an order up or a trump named (for the OpenAPI document). Example:
            {'tricks': 4, 'type': 'bid'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameView | Problem
     """


    return sync_detailed(
        id=id,
client=client,
body=body,
if_match=if_match,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: AllowAction | BidAction | MisereAction | NameTrumpAction | OpenMisereAction | OrderUpAction | PassAction | PickUpAction | PickUpAloneAction | VetoAction | VetoAloneAction,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> Response[GameView | Problem]:
    """ Bid or pass (or, in upcard games, order up, name trump, pick up or answer a pick-up; in Five
    Hundred, misère).

     `{"type":"bid","tricks":4}` (with `"pepper":"little"` or `"big"` for all tricks under pepper bids),
    or `{"type":"pass"}`. In upcard games (`euchre`), the calls: `{"type":"order_up"}` in round 1 (the
    upcard's suit becomes trump) and `{"type":"name_trump","trump":"H"}` in round 2 (another suit), or a
    pass. In `bacon`: `{"type":"pick_up"}` or `{"type":"pick_up_alone"}` (or a pass), and the caller's
    partner's answer `{"type":"allow"}`, `{"type":"veto"}` or, after `pick_up_alone`,
    `{"type":"veto_alone"}`. In `five-hundred`: `{"type":"bid","tricks":7,"trump":"NT"}` (6 to 10 tricks
    in S, C, D, H or NT), `{"type":"misere"}` or `{"type":"open_misere"}`.

    Args:
        id (str):
        if_match (str | Unset):
        idempotency_key (str | Unset):
        body (AllowAction | BidAction | MisereAction | NameTrumpAction | OpenMisereAction |
            OrderUpAction | PassAction | PickUpAction | PickUpAloneAction | VetoAction |
            VetoAloneAction): The body of `POST /v1/games/{id}/bid`: a call of the auction, a bid or a
            pass, or in an
            upcard game (`euchre`) an order up or a trump named (for the OpenAPI document). Example:
            {'tricks': 4, 'type': 'bid'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameView | Problem]
     """


    kwargs = _get_kwargs(
        id=id,
body=body,
if_match=if_match,
idempotency_key=idempotency_key,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    body: AllowAction | BidAction | MisereAction | NameTrumpAction | OpenMisereAction | OrderUpAction | PassAction | PickUpAction | PickUpAloneAction | VetoAction | VetoAloneAction,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> GameView | Problem | None:
    """ Bid or pass (or, in upcard games, order up, name trump, pick up or answer a pick-up; in Five
    Hundred, misère).

     `{"type":"bid","tricks":4}` (with `"pepper":"little"` or `"big"` for all tricks under pepper bids),
    or `{"type":"pass"}`. In upcard games (`euchre`), the calls: `{"type":"order_up"}` in round 1 (the
    upcard's suit becomes trump) and `{"type":"name_trump","trump":"H"}` in round 2 (another suit), or a
    pass. In `bacon`: `{"type":"pick_up"}` or `{"type":"pick_up_alone"}` (or a pass), and the caller's
    partner's answer `{"type":"allow"}`, `{"type":"veto"}` or, after `pick_up_alone`,
    `{"type":"veto_alone"}`. In `five-hundred`: `{"type":"bid","tricks":7,"trump":"NT"}` (6 to 10 tricks
    in S, C, D, H or NT), `{"type":"misere"}` or `{"type":"open_misere"}`.

    Args:
        id (str):
        if_match (str | Unset):
        idempotency_key (str | Unset):
        body (AllowAction | BidAction | MisereAction | NameTrumpAction | OpenMisereAction |
            OrderUpAction | PassAction | PickUpAction | PickUpAloneAction | VetoAction |
            VetoAloneAction): The body of `POST /v1/games/{id}/bid`: a call of the auction, a bid or a
            pass, or in an
            upcard game (`euchre`) an order up or a trump named (for the OpenAPI document). Example:
            {'tricks': 4, 'type': 'bid'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameView | Problem
     """


    return (await asyncio_detailed(
        id=id,
client=client,
body=body,
if_match=if_match,
idempotency_key=idempotency_key,

    )).parsed
