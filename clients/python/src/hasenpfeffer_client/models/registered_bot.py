from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="RegisteredBot")



@_attrs_define
class RegisteredBot:
    """ A new bot account and its API key (shown only here).

        Example:
            {'api_key': 'hpb_4b1d5e0c2f9a7e3d8c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d', 'created_unix_ms':
                1764115200000, 'name': 'rabbit-stew', 'profile': '/v1/bots/rabbit-stew'}

        Attributes:
            api_key (str): The bot's secret key (`hpb_` and 64 hex digits): send `Authorization: Bot <api_key>`
                to claim seats as this bot. Shown only in this answer: the server keeps only its hash.
            created_unix_ms (int): When the account was made (ms since the Unix epoch).
            name (str): The name, as registered.
            profile (str): The bot's profile (`GET /v1/bots/{name}`).
     """

    api_key: str
    created_unix_ms: int
    name: str
    profile: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        api_key = self.api_key

        created_unix_ms = self.created_unix_ms

        name = self.name

        profile = self.profile


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "api_key": api_key,
            "created_unix_ms": created_unix_ms,
            "name": name,
            "profile": profile,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        api_key = d.pop("api_key")

        created_unix_ms = d.pop("created_unix_ms")

        name = d.pop("name")

        profile = d.pop("profile")

        registered_bot = cls(
            api_key=api_key,
            created_unix_ms=created_unix_ms,
            name=name,
            profile=profile,
        )


        registered_bot.additional_properties = d
        return registered_bot

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
