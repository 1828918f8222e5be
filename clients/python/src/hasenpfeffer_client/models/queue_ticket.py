from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.house_fill import HouseFill
from ..models.preset import Preset
from ..models.ticket_status import TicketStatus
from typing import cast






T = TypeVar("T", bound="QueueTicket")



@_attrs_define
class QueueTicket:
    """ Where a bot waits: one queue (a ticket), with its place.

        Example:
            {'bot': 'rabbit-stew', 'fill_with_house_at_unix_ms': 1764115230000, 'house_strategy': 'heuristic',
                'joined_unix_ms': 1764115200000, 'lease_expires_unix_ms': 1764115260000, 'leave':
                '/v1/queue/q4-euchre-3f9a0c1e2b7d4a5f6e8c9b0a', 'position': 2, 'preset': 'euchre', 'seats': 4, 'status':
                'waiting', 'ticket': 'q4-euchre-3f9a0c1e2b7d4a5f6e8c9b0a', 'turn_time_limit_ms': 60000, 'waiting': 3}

        Attributes:
            bot (str): The bot.
            fill_with_house_at_unix_ms (int | None): When the bot asked for house players to fill the table (null: never).
            house_strategy (HouseFill): The house players who fill a table: one strategy for every seat, or `mixed`.
            joined_unix_ms (int): When the bot joined this queue (ms since the Unix epoch); joining again keeps it.
            lease_expires_unix_ms (int): When the bot's place lapses unless renewed (ms since the Unix epoch): posting
                again,
                or reading the bot's inbox, renews it.
            leave (str): Leave this queue (`DELETE`).
            position (int): The bot's place in the queue, 1 for the longest waiting (as joined; 0 once matched).
            preset (Preset): A named ruleset of the Hasenpfeffer family.
            seats (int): The table's seats.
            status (TicketStatus): A ticket's status.
            ticket (str): The queue's key: the same for every bot asking for the same resolved ruleset.
                `DELETE /v1/queue/{ticket}` leaves it.
            turn_time_limit_ms (int): The time limit per decision in the table's game (ms), if this bot's entry forms it.
            waiting (int): How many bots wait in the queue (as joined).
     """

    bot: str
    fill_with_house_at_unix_ms: int | None
    house_strategy: HouseFill
    joined_unix_ms: int
    lease_expires_unix_ms: int
    leave: str
    position: int
    preset: Preset
    seats: int
    status: TicketStatus
    ticket: str
    turn_time_limit_ms: int
    waiting: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        bot = self.bot

        fill_with_house_at_unix_ms: int | None
        fill_with_house_at_unix_ms = self.fill_with_house_at_unix_ms

        house_strategy = self.house_strategy.value

        joined_unix_ms = self.joined_unix_ms

        lease_expires_unix_ms = self.lease_expires_unix_ms

        leave = self.leave

        position = self.position

        preset = self.preset.value

        seats = self.seats

        status = self.status.value

        ticket = self.ticket

        turn_time_limit_ms = self.turn_time_limit_ms

        waiting = self.waiting


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "bot": bot,
            "fill_with_house_at_unix_ms": fill_with_house_at_unix_ms,
            "house_strategy": house_strategy,
            "joined_unix_ms": joined_unix_ms,
            "lease_expires_unix_ms": lease_expires_unix_ms,
            "leave": leave,
            "position": position,
            "preset": preset,
            "seats": seats,
            "status": status,
            "ticket": ticket,
            "turn_time_limit_ms": turn_time_limit_ms,
            "waiting": waiting,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        bot = d.pop("bot")

        def _parse_fill_with_house_at_unix_ms(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        fill_with_house_at_unix_ms = _parse_fill_with_house_at_unix_ms(d.pop("fill_with_house_at_unix_ms"))


        house_strategy = HouseFill(d.pop("house_strategy"))




        joined_unix_ms = d.pop("joined_unix_ms")

        lease_expires_unix_ms = d.pop("lease_expires_unix_ms")

        leave = d.pop("leave")

        position = d.pop("position")

        preset = Preset(d.pop("preset"))




        seats = d.pop("seats")

        status = TicketStatus(d.pop("status"))




        ticket = d.pop("ticket")

        turn_time_limit_ms = d.pop("turn_time_limit_ms")

        waiting = d.pop("waiting")

        queue_ticket = cls(
            bot=bot,
            fill_with_house_at_unix_ms=fill_with_house_at_unix_ms,
            house_strategy=house_strategy,
            joined_unix_ms=joined_unix_ms,
            lease_expires_unix_ms=lease_expires_unix_ms,
            leave=leave,
            position=position,
            preset=preset,
            seats=seats,
            status=status,
            ticket=ticket,
            turn_time_limit_ms=turn_time_limit_ms,
            waiting=waiting,
        )


        queue_ticket.additional_properties = d
        return queue_ticket

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
