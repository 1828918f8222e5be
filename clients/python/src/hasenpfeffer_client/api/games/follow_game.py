from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    id: str,
    *,
    last_event_id_query: int | Unset = UNSET,
    last_event_id_header: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id_header, Unset):
        headers["Last-Event-ID"] = last_event_id_header



    

    params: dict[str, Any] = {}

    params["last_event_id"] = last_event_id_query


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games/{id}/events".format(id=quote(str(id), safe=""),),
        "params": params,
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | str | None:
    if response.status_code == 200:
        response_200 = response.text
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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | str]:
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
    last_event_id_query: int | Unset = UNSET,
    last_event_id_header: str | Unset = UNSET,

) -> Response[Problem | str]:
    """ Follow the game (Server-Sent Events).

     A `text/event-stream`: your view (or the spectator view without a token) at once, then after
    every change, as `event: view` (or `event: game_over` for the last one) with `id:` the
    version and `data:` the view as JSON. Comments (`: keep-alive`) every 15 s while idle. Send
    `Last-Event-ID` (or `last_event_id`) to resume: you get the current view only if it is newer.
    The stream ends after the game is over.

    **A stream, not a request that ends:** open it with `curl -N` or a browser's `EventSource`
    (`new EventSource("/v1/games/<id>/events")`). Swagger UI's "Try it out" waits for the whole
    answer and so shows nothing until the game is over; use `GET /v1/games/{id}` there instead.

    Args:
        id (str):
        last_event_id_query (int | Unset):
        last_event_id_header (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
     """


    kwargs = _get_kwargs(
        id=id,
last_event_id_query=last_event_id_query,
last_event_id_header=last_event_id_header,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    last_event_id_query: int | Unset = UNSET,
    last_event_id_header: str | Unset = UNSET,

) -> Problem | str | None:
    """ Follow the game (Server-Sent Events).

     A `text/event-stream`: your view (or the spectator view without a token) at once, then after
    every change, as `event: view` (or `event: game_over` for the last one) with `id:` the
    version and `data:` the view as JSON. Comments (`: keep-alive`) every 15 s while idle. Send
    `Last-Event-ID` (or `last_event_id`) to resume: you get the current view only if it is newer.
    The stream ends after the game is over.

    **A stream, not a request that ends:** open it with `curl -N` or a browser's `EventSource`
    (`new EventSource("/v1/games/<id>/events")`). Swagger UI's "Try it out" waits for the whole
    answer and so shows nothing until the game is over; use `GET /v1/games/{id}` there instead.

    Args:
        id (str):
        last_event_id_query (int | Unset):
        last_event_id_header (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
     """


    return sync_detailed(
        id=id,
client=client,
last_event_id_query=last_event_id_query,
last_event_id_header=last_event_id_header,

    ).parsed

async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    last_event_id_query: int | Unset = UNSET,
    last_event_id_header: str | Unset = UNSET,

) -> Response[Problem | str]:
    """ Follow the game (Server-Sent Events).

     A `text/event-stream`: your view (or the spectator view without a token) at once, then after
    every change, as `event: view` (or `event: game_over` for the last one) with `id:` the
    version and `data:` the view as JSON. Comments (`: keep-alive`) every 15 s while idle. Send
    `Last-Event-ID` (or `last_event_id`) to resume: you get the current view only if it is newer.
    The stream ends after the game is over.

    **A stream, not a request that ends:** open it with `curl -N` or a browser's `EventSource`
    (`new EventSource("/v1/games/<id>/events")`). Swagger UI's "Try it out" waits for the whole
    answer and so shows nothing until the game is over; use `GET /v1/games/{id}` there instead.

    Args:
        id (str):
        last_event_id_query (int | Unset):
        last_event_id_header (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
     """


    kwargs = _get_kwargs(
        id=id,
last_event_id_query=last_event_id_query,
last_event_id_header=last_event_id_header,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    last_event_id_query: int | Unset = UNSET,
    last_event_id_header: str | Unset = UNSET,

) -> Problem | str | None:
    """ Follow the game (Server-Sent Events).

     A `text/event-stream`: your view (or the spectator view without a token) at once, then after
    every change, as `event: view` (or `event: game_over` for the last one) with `id:` the
    version and `data:` the view as JSON. Comments (`: keep-alive`) every 15 s while idle. Send
    `Last-Event-ID` (or `last_event_id`) to resume: you get the current view only if it is newer.
    The stream ends after the game is over.

    **A stream, not a request that ends:** open it with `curl -N` or a browser's `EventSource`
    (`new EventSource("/v1/games/<id>/events")`). Swagger UI's "Try it out" waits for the whole
    answer and so shows nothing until the game is over; use `GET /v1/games/{id}` there instead.

    Args:
        id (str):
        last_event_id_query (int | Unset):
        last_event_id_header (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
     """


    return (await asyncio_detailed(
        id=id,
client=client,
last_event_id_query=last_event_id_query,
last_event_id_header=last_event_id_header,

    )).parsed
