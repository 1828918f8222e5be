from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="RateLimitInfo")



@_attrs_define
class RateLimitInfo:
    """ A rate limit a request went over: a bucket per client address that holds `burst`
    requests and refills `allowance` every `window_secs` (so `allowance` per window is the
    sustained rate). The same facts as the `RateLimit-Policy` header.

        Example:
            {'allowance': 10, 'burst': 10, 'limit': 'bot_registrations', 'reset_secs': 360, 'window_secs': 3600}

        Attributes:
            allowance (int): Requests allowed per window, sustained (for open streams: how many may be open at once).
            burst (int): The most requests allowed at once (the bucket's size).
            limit (str): The limit's name: `requests` (every request of a client address, `RATE_LIMIT_PER_SEC`),
                `bot_registrations` (`POST /v1/bots` per client address,
                `BOT_REGISTRATIONS_PER_HOUR`), or, with `too_many_streams`, `streams_per_client` or
                `streams_per_bot` (event streams and long polls open at once, `STREAMS_PER_CLIENT`,
                `STREAMS_PER_BOT`).
            reset_secs (int): Seconds until the next request is allowed (as `Retry-After`).
            window_secs (int): The window, in seconds (0 for open streams: a count, not a rate).
     """

    allowance: int
    burst: int
    limit: str
    reset_secs: int
    window_secs: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        allowance = self.allowance

        burst = self.burst

        limit = self.limit

        reset_secs = self.reset_secs

        window_secs = self.window_secs


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "allowance": allowance,
            "burst": burst,
            "limit": limit,
            "reset_secs": reset_secs,
            "window_secs": window_secs,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        allowance = d.pop("allowance")

        burst = d.pop("burst")

        limit = d.pop("limit")

        reset_secs = d.pop("reset_secs")

        window_secs = d.pop("window_secs")

        rate_limit_info = cls(
            allowance=allowance,
            burst=burst,
            limit=limit,
            reset_secs=reset_secs,
            window_secs=window_secs,
        )


        rate_limit_info.additional_properties = d
        return rate_limit_info

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
