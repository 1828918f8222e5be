from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.inbox_arena_finished import InboxArenaFinished
from ...models.inbox_arena_started import InboxArenaStarted
from ...models.inbox_challenge import InboxChallenge
from ...models.inbox_challenge_accepted import InboxChallengeAccepted
from ...models.inbox_challenge_canceled import InboxChallengeCanceled
from ...models.inbox_challenge_declined import InboxChallengeDeclined
from ...models.inbox_game_over import InboxGameOver
from ...models.inbox_match_finished import InboxMatchFinished
from ...models.inbox_seated import InboxSeated
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    after: int | Unset = UNSET,
    wait: int | Unset = UNSET,
    last_event_id: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id, Unset):
        headers["Last-Event-ID"] = last_event_id



    

    params: dict[str, Any] = {}

    params["after"] = after

    params["wait"] = wait


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/bots/me/events",
        "params": params,
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | list[InboxArenaFinished | InboxArenaStarted | InboxChallenge | InboxChallengeAccepted | InboxChallengeCanceled | InboxChallengeDeclined | InboxGameOver | InboxMatchFinished | InboxSeated] | None:
    if response.status_code == 200:
        response_200 = []
        _response_200 = response.json()
        for response_200_item_data in (_response_200):
            def _parse_response_200_item(data: object) -> InboxArenaFinished | InboxArenaStarted | InboxChallenge | InboxChallengeAccepted | InboxChallengeCanceled | InboxChallengeDeclined | InboxGameOver | InboxMatchFinished | InboxSeated:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_inbox_item_type_0 = InboxSeated.from_dict(data)



                    return componentsschemas_inbox_item_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_inbox_item_type_1 = InboxGameOver.from_dict(data)



                    return componentsschemas_inbox_item_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_inbox_item_type_2 = InboxMatchFinished.from_dict(data)



                    return componentsschemas_inbox_item_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_inbox_item_type_3 = InboxChallenge.from_dict(data)



                    return componentsschemas_inbox_item_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_inbox_item_type_4 = InboxChallengeAccepted.from_dict(data)



                    return componentsschemas_inbox_item_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_inbox_item_type_5 = InboxChallengeDeclined.from_dict(data)



                    return componentsschemas_inbox_item_type_5
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_inbox_item_type_6 = InboxChallengeCanceled.from_dict(data)



                    return componentsschemas_inbox_item_type_6
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_inbox_item_type_7 = InboxArenaStarted.from_dict(data)



                    return componentsschemas_inbox_item_type_7
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_inbox_item_type_8 = InboxArenaFinished.from_dict(data)



                return componentsschemas_inbox_item_type_8

            response_200_item = _parse_response_200_item(response_200_item_data)

            response_200.append(response_200_item)

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | list[InboxArenaFinished | InboxArenaStarted | InboxChallenge | InboxChallengeAccepted | InboxChallengeCanceled | InboxChallengeDeclined | InboxGameOver | InboxMatchFinished | InboxSeated]]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    wait: int | Unset = UNSET,
    last_event_id: str | Unset = UNSET,

) -> Response[Problem | list[InboxArenaFinished | InboxArenaStarted | InboxChallenge | InboxChallengeAccepted | InboxChallengeCanceled | InboxChallengeDeclined | InboxGameOver | InboxMatchFinished | InboxSeated]]:
    """ Your bot's inbox.

     Everything the server tells your bot, with `Authorization: Bot <api_key>` (only your own
    bot's: there is no way to name another): `seated` when it has a seat (with the seat's
    `token`: play it with `Authorization: Bearer <token>`), `game_over` when a game it sat in
    ends, `match_finished` when a match it played is finished. Each entry has an `id`, greater
    than every earlier one's.

    As Server-Sent Events (the default, or `Accept: text/event-stream`): every entry after
    `Last-Event-ID` (or `after`) at once, then each new one as it comes, with `id:` the entry's
    id and `event:` its type; comments (`: keep-alive`) every 15 s while idle. The stream ends
    when the server shuts down: reconnect with `Last-Event-ID` and you miss nothing. A stream
    stays open: read it with `curl -N` or an SSE client, not with Swagger UI's "Try it out"
    (which waits for an end that does not come); there, ask for `application/json` instead.

    As a long poll (`Accept: application/json`): a JSON array of the entries after `after` at
    once (at most 100: ask again after the last), or, if there are none, the first to come
    within `wait` seconds, or `[]` after them.

    An inbox keeps its last 1,000 entries, for 7 days after the last one.

    Args:
        after (int | Unset):
        wait (int | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | list[InboxArenaFinished | InboxArenaStarted | InboxChallenge | InboxChallengeAccepted | InboxChallengeCanceled | InboxChallengeDeclined | InboxGameOver | InboxMatchFinished | InboxSeated]]
     """


    kwargs = _get_kwargs(
        after=after,
wait=wait,
last_event_id=last_event_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    wait: int | Unset = UNSET,
    last_event_id: str | Unset = UNSET,

) -> Problem | list[InboxArenaFinished | InboxArenaStarted | InboxChallenge | InboxChallengeAccepted | InboxChallengeCanceled | InboxChallengeDeclined | InboxGameOver | InboxMatchFinished | InboxSeated] | None:
    """ Your bot's inbox.

     Everything the server tells your bot, with `Authorization: Bot <api_key>` (only your own
    bot's: there is no way to name another): `seated` when it has a seat (with the seat's
    `token`: play it with `Authorization: Bearer <token>`), `game_over` when a game it sat in
    ends, `match_finished` when a match it played is finished. Each entry has an `id`, greater
    than every earlier one's.

    As Server-Sent Events (the default, or `Accept: text/event-stream`): every entry after
    `Last-Event-ID` (or `after`) at once, then each new one as it comes, with `id:` the entry's
    id and `event:` its type; comments (`: keep-alive`) every 15 s while idle. The stream ends
    when the server shuts down: reconnect with `Last-Event-ID` and you miss nothing. A stream
    stays open: read it with `curl -N` or an SSE client, not with Swagger UI's "Try it out"
    (which waits for an end that does not come); there, ask for `application/json` instead.

    As a long poll (`Accept: application/json`): a JSON array of the entries after `after` at
    once (at most 100: ask again after the last), or, if there are none, the first to come
    within `wait` seconds, or `[]` after them.

    An inbox keeps its last 1,000 entries, for 7 days after the last one.

    Args:
        after (int | Unset):
        wait (int | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | list[InboxArenaFinished | InboxArenaStarted | InboxChallenge | InboxChallengeAccepted | InboxChallengeCanceled | InboxChallengeDeclined | InboxGameOver | InboxMatchFinished | InboxSeated]
     """


    return sync_detailed(
        client=client,
after=after,
wait=wait,
last_event_id=last_event_id,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    wait: int | Unset = UNSET,
    last_event_id: str | Unset = UNSET,

) -> Response[Problem | list[InboxArenaFinished | InboxArenaStarted | InboxChallenge | InboxChallengeAccepted | InboxChallengeCanceled | InboxChallengeDeclined | InboxGameOver | InboxMatchFinished | InboxSeated]]:
    """ Your bot's inbox.

     Everything the server tells your bot, with `Authorization: Bot <api_key>` (only your own
    bot's: there is no way to name another): `seated` when it has a seat (with the seat's
    `token`: play it with `Authorization: Bearer <token>`), `game_over` when a game it sat in
    ends, `match_finished` when a match it played is finished. Each entry has an `id`, greater
    than every earlier one's.

    As Server-Sent Events (the default, or `Accept: text/event-stream`): every entry after
    `Last-Event-ID` (or `after`) at once, then each new one as it comes, with `id:` the entry's
    id and `event:` its type; comments (`: keep-alive`) every 15 s while idle. The stream ends
    when the server shuts down: reconnect with `Last-Event-ID` and you miss nothing. A stream
    stays open: read it with `curl -N` or an SSE client, not with Swagger UI's "Try it out"
    (which waits for an end that does not come); there, ask for `application/json` instead.

    As a long poll (`Accept: application/json`): a JSON array of the entries after `after` at
    once (at most 100: ask again after the last), or, if there are none, the first to come
    within `wait` seconds, or `[]` after them.

    An inbox keeps its last 1,000 entries, for 7 days after the last one.

    Args:
        after (int | Unset):
        wait (int | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | list[InboxArenaFinished | InboxArenaStarted | InboxChallenge | InboxChallengeAccepted | InboxChallengeCanceled | InboxChallengeDeclined | InboxGameOver | InboxMatchFinished | InboxSeated]]
     """


    kwargs = _get_kwargs(
        after=after,
wait=wait,
last_event_id=last_event_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    wait: int | Unset = UNSET,
    last_event_id: str | Unset = UNSET,

) -> Problem | list[InboxArenaFinished | InboxArenaStarted | InboxChallenge | InboxChallengeAccepted | InboxChallengeCanceled | InboxChallengeDeclined | InboxGameOver | InboxMatchFinished | InboxSeated] | None:
    """ Your bot's inbox.

     Everything the server tells your bot, with `Authorization: Bot <api_key>` (only your own
    bot's: there is no way to name another): `seated` when it has a seat (with the seat's
    `token`: play it with `Authorization: Bearer <token>`), `game_over` when a game it sat in
    ends, `match_finished` when a match it played is finished. Each entry has an `id`, greater
    than every earlier one's.

    As Server-Sent Events (the default, or `Accept: text/event-stream`): every entry after
    `Last-Event-ID` (or `after`) at once, then each new one as it comes, with `id:` the entry's
    id and `event:` its type; comments (`: keep-alive`) every 15 s while idle. The stream ends
    when the server shuts down: reconnect with `Last-Event-ID` and you miss nothing. A stream
    stays open: read it with `curl -N` or an SSE client, not with Swagger UI's "Try it out"
    (which waits for an end that does not come); there, ask for `application/json` instead.

    As a long poll (`Accept: application/json`): a JSON array of the entries after `after` at
    once (at most 100: ask again after the last), or, if there are none, the first to come
    within `wait` seconds, or `[]` after them.

    An inbox keeps its last 1,000 entries, for 7 days after the last one.

    Args:
        after (int | Unset):
        wait (int | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | list[InboxArenaFinished | InboxArenaStarted | InboxChallenge | InboxChallengeAccepted | InboxChallengeCanceled | InboxChallengeDeclined | InboxGameOver | InboxMatchFinished | InboxSeated]
     """


    return (await asyncio_detailed(
        client=client,
after=after,
wait=wait,
last_event_id=last_event_id,

    )).parsed
