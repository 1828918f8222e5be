from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.bot_kind import BotKind
from ..models.strategy import Strategy






T = TypeVar("T", bound="BotSeat")



@_attrs_define
class BotSeat:
    """ A house player.

        Attributes:
            kind (BotKind): Always `bot`.
            strategy (Strategy): A house player's strategy.
     """

    kind: BotKind
    strategy: Strategy





    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        strategy = self.strategy.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "kind": kind,
            "strategy": strategy,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = BotKind(d.pop("kind"))




        strategy = Strategy(d.pop("strategy"))




        bot_seat = cls(
            kind=kind,
            strategy=strategy,
        )

        return bot_seat

