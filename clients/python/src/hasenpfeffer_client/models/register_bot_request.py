from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="RegisterBotRequest")



@_attrs_define
class RegisterBotRequest:
    """ Register a bot account.

        Example:
            {'name': 'rabbit-stew'}

        Attributes:
            name (str): The bot's name: 1 to 64 characters, as a seat name may hold (letters of any script,
                digits, punctuation, symbols, emoji; no control, format or invisible characters).
                Unique regardless of case; names starting with `house-` (or a look-alike of it, by
                Unicode's confusables) are the house players'.
     """

    name: str





    def to_dict(self) -> dict[str, Any]:
        name = self.name


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        register_bot_request = cls(
            name=name,
        )

        return register_bot_request

