from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.deck import Deck
from ..models.preset import Preset
from typing import cast

if TYPE_CHECKING:
  from ..models.ruleset import Ruleset





T = TypeVar("T", bound="PresetInfo")



@_attrs_define
class PresetInfo:
    """ One preset with every option resolved.

        Attributes:
            decks (list[Deck]): The decks it may be played with (the ruleset's `deck`).
            description (str): What it is.
            name (Preset): A named ruleset of the Hasenpfeffer family.
            options (list[str]): The options a ruleset of this preset may set (the catalogue's `options` say what each
                means); any other is refused with `option_not_in_game`.
            players (list[int]): The numbers of players it may be played with (the ruleset's `players`; 6 only with the
                `pinochle48` deck).
            rules (Ruleset): A game's rules, every option resolved: its preset, its table, and every rule its game has,
                under the option names `GET /v1/rulesets` lists. A field the game does not have is left
                out (no `sides` at a table of four, no `all_drop` outside Buck Euchre, no `min_bid` or
                `set_penalty` where trump is made by an upcard).
     """

    decks: list[Deck]
    description: str
    name: Preset
    options: list[str]
    players: list[int]
    rules: Ruleset
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.ruleset import Ruleset # noqa: PLC0415
        decks = []
        for decks_item_data in self.decks:
            decks_item = decks_item_data.value
            decks.append(decks_item)



        description = self.description

        name = self.name.value

        options = self.options



        players = self.players



        rules = self.rules.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "decks": decks,
            "description": description,
            "name": name,
            "options": options,
            "players": players,
            "rules": rules,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ruleset import Ruleset # noqa: PLC0415
        d = dict(src_dict)
        decks = []
        _decks = d.pop("decks")
        for decks_item_data in (_decks):
            decks_item = Deck(decks_item_data)



            decks.append(decks_item)


        description = d.pop("description")

        name = Preset(d.pop("name"))




        options = cast(list[str], d.pop("options"))


        players = cast(list[int], d.pop("players"))


        rules = Ruleset.from_dict(d.pop("rules"))




        preset_info = cls(
            decks=decks,
            description=description,
            name=name,
            options=options,
            players=players,
            rules=rules,
        )


        preset_info.additional_properties = d
        return preset_info

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
