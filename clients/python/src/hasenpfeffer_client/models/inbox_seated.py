from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.inbox_seated_type import InboxSeatedType
from ..models.preset import Preset
from typing import cast

if TYPE_CHECKING:
  from ..models.ruleset import Ruleset
  from ..models.via_type_0 import ViaType0
  from ..models.via_type_1 import ViaType1
  from ..models.via_type_2 import ViaType2
  from ..models.via_type_3 import ViaType3
  from ..models.via_type_4 import ViaType4





T = TypeVar("T", bound="InboxSeated")



@_attrs_define
class InboxSeated:
    """ The bot has a seat: play it with `token` (`Authorization: Bearer <token>`).

        Attributes:
            game_id (str): The game.
            id (int): The entry's id: greater than every earlier entry's. Resume after it (`Last-Event-ID`
                or `after`).
            preset (Preset): A named ruleset of the Hasenpfeffer family.
            ruleset (Ruleset): A game's rules, every option resolved: its preset, its table, and every rule its game has,
                under the option names `GET /v1/rulesets` lists. A field the game does not have is left
                out (no `sides` at a table of four, no `all_drop` outside Buck Euchre, no `min_bid` or
                `set_penalty` where trump is made by an upcard).
            seat (int): The bot's seat.
            token (str): The seat's bearer token (only in this bot's inbox; the server keeps its hash in
                the game).
            type_ (InboxSeatedType):
            via (ViaType0 | ViaType1 | ViaType2 | ViaType3 | ViaType4): How a bot came to its seat.
     """

    game_id: str
    id: int
    preset: Preset
    ruleset: Ruleset
    seat: int
    token: str
    type_: InboxSeatedType
    via: ViaType0 | ViaType1 | ViaType2 | ViaType3 | ViaType4
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.ruleset import Ruleset # noqa: PLC0415
        from ..models.via_type_0 import ViaType0 # noqa: PLC0415
        from ..models.via_type_1 import ViaType1 # noqa: PLC0415
        from ..models.via_type_2 import ViaType2 # noqa: PLC0415
        from ..models.via_type_3 import ViaType3 # noqa: PLC0415
        from ..models.via_type_4 import ViaType4 # noqa: PLC0415
        game_id = self.game_id

        id = self.id

        preset = self.preset.value

        ruleset = self.ruleset.to_dict()

        seat = self.seat

        token = self.token

        type_ = self.type_.value

        via: dict[str, Any]
        if isinstance(self.via, ViaType0):
            via = self.via.to_dict()
        elif isinstance(self.via, ViaType1):
            via = self.via.to_dict()
        elif isinstance(self.via, ViaType2):
            via = self.via.to_dict()
        elif isinstance(self.via, ViaType3):
            via = self.via.to_dict()
        else:
            via = self.via.to_dict()



        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "game_id": game_id,
            "id": id,
            "preset": preset,
            "ruleset": ruleset,
            "seat": seat,
            "token": token,
            "type": type_,
            "via": via,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ruleset import Ruleset # noqa: PLC0415
        from ..models.via_type_0 import ViaType0 # noqa: PLC0415
        from ..models.via_type_1 import ViaType1 # noqa: PLC0415
        from ..models.via_type_2 import ViaType2 # noqa: PLC0415
        from ..models.via_type_3 import ViaType3 # noqa: PLC0415
        from ..models.via_type_4 import ViaType4 # noqa: PLC0415
        d = dict(src_dict)
        game_id = d.pop("game_id")

        id = d.pop("id")

        preset = Preset(d.pop("preset"))




        ruleset = Ruleset.from_dict(d.pop("ruleset"))




        seat = d.pop("seat")

        token = d.pop("token")

        type_ = InboxSeatedType(d.pop("type"))




        def _parse_via(data: object) -> ViaType0 | ViaType1 | ViaType2 | ViaType3 | ViaType4:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_via_type_0 = ViaType0.from_dict(data)



                return componentsschemas_via_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_via_type_1 = ViaType1.from_dict(data)



                return componentsschemas_via_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_via_type_2 = ViaType2.from_dict(data)



                return componentsschemas_via_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_via_type_3 = ViaType3.from_dict(data)



                return componentsschemas_via_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_via_type_4 = ViaType4.from_dict(data)



            return componentsschemas_via_type_4

        via = _parse_via(d.pop("via"))


        inbox_seated = cls(
            game_id=game_id,
            id=id,
            preset=preset,
            ruleset=ruleset,
            seat=seat,
            token=token,
            type_=type_,
            via=via,
        )


        inbox_seated.additional_properties = d
        return inbox_seated

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
