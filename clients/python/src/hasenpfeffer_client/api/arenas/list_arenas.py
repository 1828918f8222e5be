from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.arena_page import ArenaPage
from ...models.list_arenas_preset import ListArenasPreset
from ...models.list_arenas_status import ListArenasStatus
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    status: ListArenasStatus | Unset = UNSET,
    preset: ListArenasPreset | Unset = UNSET,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    json_preset: str | Unset = UNSET
    if not isinstance(preset, Unset):
        json_preset = preset.value

    params["preset"] = json_preset

    params["limit"] = limit

    params["cursor"] = cursor


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/arenas",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ArenaPage | Problem | None:
    if response.status_code == 200:
        response_200 = ArenaPage.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())



        return response_400

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ArenaPage | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    status: ListArenasStatus | Unset = UNSET,
    preset: ListArenasPreset | Unset = UNSET,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,

) -> Response[ArenaPage | Problem]:
    """ List arenas.

     The arenas that are `upcoming`, `running` or `finished`, newest first, a page at a time as
    the lobby's: pass `next_cursor` back as `cursor` (null: the last page).

    Args:
        status (ListArenasStatus | Unset): How far an arena is.
        preset (ListArenasPreset | Unset): A named ruleset of the Hasenpfeffer family.
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ArenaPage | Problem]
     """


    kwargs = _get_kwargs(
        status=status,
preset=preset,
limit=limit,
cursor=cursor,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    status: ListArenasStatus | Unset = UNSET,
    preset: ListArenasPreset | Unset = UNSET,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,

) -> ArenaPage | Problem | None:
    """ List arenas.

     The arenas that are `upcoming`, `running` or `finished`, newest first, a page at a time as
    the lobby's: pass `next_cursor` back as `cursor` (null: the last page).

    Args:
        status (ListArenasStatus | Unset): How far an arena is.
        preset (ListArenasPreset | Unset): A named ruleset of the Hasenpfeffer family.
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ArenaPage | Problem
     """


    return sync_detailed(
        client=client,
status=status,
preset=preset,
limit=limit,
cursor=cursor,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    status: ListArenasStatus | Unset = UNSET,
    preset: ListArenasPreset | Unset = UNSET,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,

) -> Response[ArenaPage | Problem]:
    """ List arenas.

     The arenas that are `upcoming`, `running` or `finished`, newest first, a page at a time as
    the lobby's: pass `next_cursor` back as `cursor` (null: the last page).

    Args:
        status (ListArenasStatus | Unset): How far an arena is.
        preset (ListArenasPreset | Unset): A named ruleset of the Hasenpfeffer family.
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ArenaPage | Problem]
     """


    kwargs = _get_kwargs(
        status=status,
preset=preset,
limit=limit,
cursor=cursor,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    status: ListArenasStatus | Unset = UNSET,
    preset: ListArenasPreset | Unset = UNSET,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,

) -> ArenaPage | Problem | None:
    """ List arenas.

     The arenas that are `upcoming`, `running` or `finished`, newest first, a page at a time as
    the lobby's: pass `next_cursor` back as `cursor` (null: the last page).

    Args:
        status (ListArenasStatus | Unset): How far an arena is.
        preset (ListArenasPreset | Unset): A named ruleset of the Hasenpfeffer family.
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ArenaPage | Problem
     """


    return (await asyncio_detailed(
        client=client,
status=status,
preset=preset,
limit=limit,
cursor=cursor,

    )).parsed
