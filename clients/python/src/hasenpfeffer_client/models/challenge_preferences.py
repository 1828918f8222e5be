from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.preset import Preset
from ..models.rated_choice import RatedChoice
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="ChallengePreferences")



@_attrs_define
class ChallengePreferences:
    """ What challenges a bot accepts: a challenge outside them is declined at once, with the
    reason (as Lichess's challenge preferences and its `ChallengeGranter`). Every field has a
    default; a bot that never set them accepts any challenge to answer it itself.

        Example:
            {'accept': True, 'block': ['spammer'], 'duplicate': True, 'max_turn_time_limit_ms': 120000,
                'min_turn_time_limit_ms': 2000, 'presets': ['euchre', 'hasenpfeffer'], 'rated': 'any'}

        Attributes:
            accept (bool | Unset): Whether it takes challenges at all (default true).
            block (list[str] | Unset): These bots may not (at most 200 names).
            duplicate (bool | Unset): Whether it takes duplicate matches (default true).
            from_ (list[str] | Unset): Only these bots may challenge it (absent: any bot).
            max_turn_time_limit_ms (int | Unset): The longest turn clock it takes (ms; absent: any).
            min_turn_time_limit_ms (int | Unset): The shortest turn clock it takes (ms; absent: any).
            presets (list[Preset] | Unset): The presets it plays (absent: every preset).
            rated (RatedChoice | Unset): Whether a bot takes rated challenges, casual ones, or both.
     """

    accept: bool | Unset = UNSET
    block: list[str] | Unset = UNSET
    duplicate: bool | Unset = UNSET
    from_: list[str] | Unset = UNSET
    max_turn_time_limit_ms: int | Unset = UNSET
    min_turn_time_limit_ms: int | Unset = UNSET
    presets: list[Preset] | Unset = UNSET
    rated: RatedChoice | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        accept = self.accept

        block: list[str] | Unset = UNSET
        if not isinstance(self.block, Unset):
            block = self.block



        duplicate = self.duplicate

        from_: list[str] | Unset = UNSET
        if not isinstance(self.from_, Unset):
            from_ = self.from_



        max_turn_time_limit_ms = self.max_turn_time_limit_ms

        min_turn_time_limit_ms = self.min_turn_time_limit_ms

        presets: list[str] | Unset = UNSET
        if not isinstance(self.presets, Unset):
            presets = []
            for presets_item_data in self.presets:
                presets_item = presets_item_data.value
                presets.append(presets_item)



        rated: str | Unset = UNSET
        if not isinstance(self.rated, Unset):
            rated = self.rated.value



        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if accept is not UNSET:
            field_dict["accept"] = accept
        if block is not UNSET:
            field_dict["block"] = block
        if duplicate is not UNSET:
            field_dict["duplicate"] = duplicate
        if from_ is not UNSET:
            field_dict["from"] = from_
        if max_turn_time_limit_ms is not UNSET:
            field_dict["max_turn_time_limit_ms"] = max_turn_time_limit_ms
        if min_turn_time_limit_ms is not UNSET:
            field_dict["min_turn_time_limit_ms"] = min_turn_time_limit_ms
        if presets is not UNSET:
            field_dict["presets"] = presets
        if rated is not UNSET:
            field_dict["rated"] = rated

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        accept = d.pop("accept", UNSET)

        block = cast(list[str], d.pop("block", UNSET))


        duplicate = d.pop("duplicate", UNSET)

        from_ = cast(list[str], d.pop("from", UNSET))


        max_turn_time_limit_ms = d.pop("max_turn_time_limit_ms", UNSET)

        min_turn_time_limit_ms = d.pop("min_turn_time_limit_ms", UNSET)

        _presets = d.pop("presets", UNSET)
        presets: list[Preset] | Unset = UNSET
        if _presets is not UNSET:
            presets = []
            for presets_item_data in _presets:
                presets_item = Preset(presets_item_data)



                presets.append(presets_item)


        _rated = d.pop("rated", UNSET)
        rated: RatedChoice | Unset
        if isinstance(_rated,  Unset):
            rated = UNSET
        else:
            rated = RatedChoice(_rated)




        challenge_preferences = cls(
            accept=accept,
            block=block,
            duplicate=duplicate,
            from_=from_,
            max_turn_time_limit_ms=max_turn_time_limit_ms,
            min_turn_time_limit_ms=min_turn_time_limit_ms,
            presets=presets,
            rated=rated,
        )

        return challenge_preferences

