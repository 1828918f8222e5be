from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.allow_action import AllowAction
  from ..models.alone_action import AloneAction
  from ..models.bid_action import BidAction
  from ..models.call_action import CallAction
  from ..models.drop_action import DropAction
  from ..models.exchange_action import ExchangeAction
  from ..models.leave_upcard_action import LeaveUpcardAction
  from ..models.misere_action import MisereAction
  from ..models.name_trump_action import NameTrumpAction
  from ..models.open_misere_action import OpenMisereAction
  from ..models.order_up_action import OrderUpAction
  from ..models.pass_action import PassAction
  from ..models.pass_cards_action import PassCardsAction
  from ..models.pick_up_action import PickUpAction
  from ..models.pick_up_alone_action import PickUpAloneAction
  from ..models.play_action import PlayAction
  from ..models.stay_action import StayAction
  from ..models.take_upcard_action import TakeUpcardAction
  from ..models.veto_action import VetoAction
  from ..models.veto_alone_action import VetoAloneAction





T = TypeVar("T", bound="TimeoutRecord")



@_attrs_define
class TimeoutRecord:
    """ A move made for a seat whose turn clock ran out.

        Attributes:
            action (AllowAction | AloneAction | BidAction | CallAction | DropAction | ExchangeAction | LeaveUpcardAction |
                MisereAction | NameTrumpAction | None | OpenMisereAction | OrderUpAction | PassAction | PassCardsAction |
                PickUpAction | PickUpAloneAction | PlayAction | StayAction | TakeUpcardAction | VetoAction | VetoAloneAction):
            deadline_unix_ms (int): The deadline that passed (milliseconds since the Unix epoch).
            hand_number (int): The hand it was made in.
            seat (int): The seat it was made for.
            version (int): The game version this move produced.
            action_type (str | Unset): The move's type (`pass`, `exchange`, `pass_cards`, ...).
     """

    action: AllowAction | AloneAction | BidAction | CallAction | DropAction | ExchangeAction | LeaveUpcardAction | MisereAction | NameTrumpAction | None | OpenMisereAction | OrderUpAction | PassAction | PassCardsAction | PickUpAction | PickUpAloneAction | PlayAction | StayAction | TakeUpcardAction | VetoAction | VetoAloneAction
    deadline_unix_ms: int
    hand_number: int
    seat: int
    version: int
    action_type: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.allow_action import AllowAction # noqa: PLC0415
        from ..models.alone_action import AloneAction # noqa: PLC0415
        from ..models.bid_action import BidAction # noqa: PLC0415
        from ..models.call_action import CallAction # noqa: PLC0415
        from ..models.drop_action import DropAction # noqa: PLC0415
        from ..models.exchange_action import ExchangeAction # noqa: PLC0415
        from ..models.leave_upcard_action import LeaveUpcardAction # noqa: PLC0415
        from ..models.misere_action import MisereAction # noqa: PLC0415
        from ..models.name_trump_action import NameTrumpAction # noqa: PLC0415
        from ..models.open_misere_action import OpenMisereAction # noqa: PLC0415
        from ..models.order_up_action import OrderUpAction # noqa: PLC0415
        from ..models.pass_action import PassAction # noqa: PLC0415
        from ..models.pass_cards_action import PassCardsAction # noqa: PLC0415
        from ..models.pick_up_action import PickUpAction # noqa: PLC0415
        from ..models.pick_up_alone_action import PickUpAloneAction # noqa: PLC0415
        from ..models.play_action import PlayAction # noqa: PLC0415
        from ..models.stay_action import StayAction # noqa: PLC0415
        from ..models.take_upcard_action import TakeUpcardAction # noqa: PLC0415
        from ..models.veto_action import VetoAction # noqa: PLC0415
        from ..models.veto_alone_action import VetoAloneAction # noqa: PLC0415
        action: dict[str, Any] | None
        if isinstance(self.action, PassAction):
            action = self.action.to_dict()
        elif isinstance(self.action, BidAction):
            action = self.action.to_dict()
        elif isinstance(self.action, ExchangeAction):
            action = self.action.to_dict()
        elif isinstance(self.action, PlayAction):
            action = self.action.to_dict()
        elif isinstance(self.action, AloneAction):
            action = self.action.to_dict()
        elif isinstance(self.action, PassCardsAction):
            action = self.action.to_dict()
        elif isinstance(self.action, OrderUpAction):
            action = self.action.to_dict()
        elif isinstance(self.action, NameTrumpAction):
            action = self.action.to_dict()
        elif isinstance(self.action, TakeUpcardAction):
            action = self.action.to_dict()
        elif isinstance(self.action, LeaveUpcardAction):
            action = self.action.to_dict()
        elif isinstance(self.action, StayAction):
            action = self.action.to_dict()
        elif isinstance(self.action, DropAction):
            action = self.action.to_dict()
        elif isinstance(self.action, PickUpAction):
            action = self.action.to_dict()
        elif isinstance(self.action, PickUpAloneAction):
            action = self.action.to_dict()
        elif isinstance(self.action, AllowAction):
            action = self.action.to_dict()
        elif isinstance(self.action, VetoAction):
            action = self.action.to_dict()
        elif isinstance(self.action, VetoAloneAction):
            action = self.action.to_dict()
        elif isinstance(self.action, MisereAction):
            action = self.action.to_dict()
        elif isinstance(self.action, OpenMisereAction):
            action = self.action.to_dict()
        elif isinstance(self.action, CallAction):
            action = self.action.to_dict()
        else:
            action = self.action

        deadline_unix_ms = self.deadline_unix_ms

        hand_number = self.hand_number

        seat = self.seat

        version = self.version

        action_type = self.action_type


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "action": action,
            "deadline_unix_ms": deadline_unix_ms,
            "hand_number": hand_number,
            "seat": seat,
            "version": version,
        })
        if action_type is not UNSET:
            field_dict["action_type"] = action_type

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.allow_action import AllowAction # noqa: PLC0415
        from ..models.alone_action import AloneAction # noqa: PLC0415
        from ..models.bid_action import BidAction # noqa: PLC0415
        from ..models.call_action import CallAction # noqa: PLC0415
        from ..models.drop_action import DropAction # noqa: PLC0415
        from ..models.exchange_action import ExchangeAction # noqa: PLC0415
        from ..models.leave_upcard_action import LeaveUpcardAction # noqa: PLC0415
        from ..models.misere_action import MisereAction # noqa: PLC0415
        from ..models.name_trump_action import NameTrumpAction # noqa: PLC0415
        from ..models.open_misere_action import OpenMisereAction # noqa: PLC0415
        from ..models.order_up_action import OrderUpAction # noqa: PLC0415
        from ..models.pass_action import PassAction # noqa: PLC0415
        from ..models.pass_cards_action import PassCardsAction # noqa: PLC0415
        from ..models.pick_up_action import PickUpAction # noqa: PLC0415
        from ..models.pick_up_alone_action import PickUpAloneAction # noqa: PLC0415
        from ..models.play_action import PlayAction # noqa: PLC0415
        from ..models.stay_action import StayAction # noqa: PLC0415
        from ..models.take_upcard_action import TakeUpcardAction # noqa: PLC0415
        from ..models.veto_action import VetoAction # noqa: PLC0415
        from ..models.veto_alone_action import VetoAloneAction # noqa: PLC0415
        d = dict(src_dict)
        def _parse_action(data: object) -> AllowAction | AloneAction | BidAction | CallAction | DropAction | ExchangeAction | LeaveUpcardAction | MisereAction | NameTrumpAction | None | OpenMisereAction | OrderUpAction | PassAction | PassCardsAction | PickUpAction | PickUpAloneAction | PlayAction | StayAction | TakeUpcardAction | VetoAction | VetoAloneAction:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_type_0 = PassAction.from_dict(data)



                return componentsschemas_action_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_type_1 = BidAction.from_dict(data)



                return componentsschemas_action_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_type_2 = ExchangeAction.from_dict(data)



                return componentsschemas_action_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_type_3 = PlayAction.from_dict(data)



                return componentsschemas_action_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_type_4 = AloneAction.from_dict(data)



                return componentsschemas_action_type_4
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_type_5 = PassCardsAction.from_dict(data)



                return componentsschemas_action_type_5
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_type_6 = OrderUpAction.from_dict(data)



                return componentsschemas_action_type_6
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_type_7 = NameTrumpAction.from_dict(data)



                return componentsschemas_action_type_7
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_type_8 = TakeUpcardAction.from_dict(data)



                return componentsschemas_action_type_8
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_type_9 = LeaveUpcardAction.from_dict(data)



                return componentsschemas_action_type_9
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_type_10 = StayAction.from_dict(data)



                return componentsschemas_action_type_10
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_type_11 = DropAction.from_dict(data)



                return componentsschemas_action_type_11
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_type_12 = PickUpAction.from_dict(data)



                return componentsschemas_action_type_12
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_type_13 = PickUpAloneAction.from_dict(data)



                return componentsschemas_action_type_13
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_type_14 = AllowAction.from_dict(data)



                return componentsschemas_action_type_14
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_type_15 = VetoAction.from_dict(data)



                return componentsschemas_action_type_15
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_type_16 = VetoAloneAction.from_dict(data)



                return componentsschemas_action_type_16
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_type_17 = MisereAction.from_dict(data)



                return componentsschemas_action_type_17
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_type_18 = OpenMisereAction.from_dict(data)



                return componentsschemas_action_type_18
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_type_19 = CallAction.from_dict(data)



                return componentsschemas_action_type_19
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AllowAction | AloneAction | BidAction | CallAction | DropAction | ExchangeAction | LeaveUpcardAction | MisereAction | NameTrumpAction | None | OpenMisereAction | OrderUpAction | PassAction | PassCardsAction | PickUpAction | PickUpAloneAction | PlayAction | StayAction | TakeUpcardAction | VetoAction | VetoAloneAction, data)

        action = _parse_action(d.pop("action"))


        deadline_unix_ms = d.pop("deadline_unix_ms")

        hand_number = d.pop("hand_number")

        seat = d.pop("seat")

        version = d.pop("version")

        action_type = d.pop("action_type", UNSET)

        timeout_record = cls(
            action=action,
            deadline_unix_ms=deadline_unix_ms,
            hand_number=hand_number,
            seat=seat,
            version=version,
            action_type=action_type,
        )


        timeout_record.additional_properties = d
        return timeout_record

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
