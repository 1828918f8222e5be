from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.open_kind import OpenKind






T = TypeVar("T", bound="OpenSeat")



@_attrs_define
class OpenSeat:
    """ Open for a client to claim with `POST /v1/games/{id}/seats`.

        Attributes:
            kind (OpenKind): Always `open`.
     """

    kind: OpenKind





    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "kind": kind,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = OpenKind(d.pop("kind"))




        open_seat = cls(
            kind=kind,
        )

        return open_seat

