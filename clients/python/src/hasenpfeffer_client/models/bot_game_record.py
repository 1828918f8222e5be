from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.preset import Preset
from ..models.seat_outcome import SeatOutcome
from typing import cast

if TYPE_CHECKING:
  from ..models.archived_seat import ArchivedSeat
  from ..models.hand_record import HandRecord
  from ..models.ruleset import Ruleset
  from ..models.timeout_record import TimeoutRecord





T = TypeVar("T", bound="BotGameRecord")



@_attrs_define
class BotGameRecord:
    """ One line of `GET /v1/bots/{name}/games` as `application/x-ndjson`: a bot's game with its
    whole log (every hand, hidden cards included: the game is over).

        Attributes:
            finished_unix_ms (int): When it finished (ms since the Unix epoch).
            game_id (str): The game's id (its live record expires some time after it finished; the archive keeps
                it `ARCHIVE_DAYS` longer).
            places (list[int]): Each side's place, from 1.
            players (int): How many players it had.
            preset (Preset): A named ruleset of the Hasenpfeffer family.
            scores (list[int]): The final scores, by side.
            seats (list[ArchivedSeat]): Every seat, in seat order.
            bot_seats (list[int]): The bot's seats (one, unless it played a partnership alone).
            opponents (list[str]): The accounts (or, for guests, the names) of the seats of the other sides, each once.
            outcome (SeatOutcome): How a game ended for a seat.
            place (int): The bot's side's place, from 1.
            rating_change (float | None): How the game changed the bot's rating (null: not rated, or not known here yet).
            hands (list[HandRecord]): Every hand, oldest first, hidden cards included.
            ruleset (Ruleset): A game's rules, every option resolved: its preset, its table, and every rule its game has,
                under the option names `GET /v1/rulesets` lists. A field the game does not have is left
                out (no `sides` at a table of four, no `all_drop` outside Buck Euchre, no `min_bid` or
                `set_penalty` where trump is made by an upcard).
            timeouts (list[TimeoutRecord]): The moves the server made for seats whose turn clock ran out, oldest first.
     """

    finished_unix_ms: int
    game_id: str
    places: list[int]
    players: int
    preset: Preset
    scores: list[int]
    seats: list[ArchivedSeat]
    bot_seats: list[int]
    opponents: list[str]
    outcome: SeatOutcome
    place: int
    rating_change: float | None
    hands: list[HandRecord]
    ruleset: Ruleset
    timeouts: list[TimeoutRecord]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.archived_seat import ArchivedSeat # noqa: PLC0415
        from ..models.hand_record import HandRecord # noqa: PLC0415
        from ..models.ruleset import Ruleset # noqa: PLC0415
        from ..models.timeout_record import TimeoutRecord # noqa: PLC0415
        finished_unix_ms = self.finished_unix_ms

        game_id = self.game_id

        places = self.places



        players = self.players

        preset = self.preset.value

        scores = self.scores



        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)



        bot_seats = self.bot_seats



        opponents = self.opponents



        outcome = self.outcome.value

        place = self.place

        rating_change: float | None
        rating_change = self.rating_change

        hands = []
        for hands_item_data in self.hands:
            hands_item = hands_item_data.to_dict()
            hands.append(hands_item)



        ruleset = self.ruleset.to_dict()

        timeouts = []
        for timeouts_item_data in self.timeouts:
            timeouts_item = timeouts_item_data.to_dict()
            timeouts.append(timeouts_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "finished_unix_ms": finished_unix_ms,
            "game_id": game_id,
            "places": places,
            "players": players,
            "preset": preset,
            "scores": scores,
            "seats": seats,
            "bot_seats": bot_seats,
            "opponents": opponents,
            "outcome": outcome,
            "place": place,
            "rating_change": rating_change,
            "hands": hands,
            "ruleset": ruleset,
            "timeouts": timeouts,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.archived_seat import ArchivedSeat # noqa: PLC0415
        from ..models.hand_record import HandRecord # noqa: PLC0415
        from ..models.ruleset import Ruleset # noqa: PLC0415
        from ..models.timeout_record import TimeoutRecord # noqa: PLC0415
        d = dict(src_dict)
        finished_unix_ms = d.pop("finished_unix_ms")

        game_id = d.pop("game_id")

        places = cast(list[int], d.pop("places"))


        players = d.pop("players")

        preset = Preset(d.pop("preset"))




        scores = cast(list[int], d.pop("scores"))


        seats = []
        _seats = d.pop("seats")
        for seats_item_data in (_seats):
            seats_item = ArchivedSeat.from_dict(seats_item_data)



            seats.append(seats_item)


        bot_seats = cast(list[int], d.pop("bot_seats"))


        opponents = cast(list[str], d.pop("opponents"))


        outcome = SeatOutcome(d.pop("outcome"))




        place = d.pop("place")

        def _parse_rating_change(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        rating_change = _parse_rating_change(d.pop("rating_change"))


        hands = []
        _hands = d.pop("hands")
        for hands_item_data in (_hands):
            hands_item = HandRecord.from_dict(hands_item_data)



            hands.append(hands_item)


        ruleset = Ruleset.from_dict(d.pop("ruleset"))




        timeouts = []
        _timeouts = d.pop("timeouts")
        for timeouts_item_data in (_timeouts):
            timeouts_item = TimeoutRecord.from_dict(timeouts_item_data)



            timeouts.append(timeouts_item)


        bot_game_record = cls(
            finished_unix_ms=finished_unix_ms,
            game_id=game_id,
            places=places,
            players=players,
            preset=preset,
            scores=scores,
            seats=seats,
            bot_seats=bot_seats,
            opponents=opponents,
            outcome=outcome,
            place=place,
            rating_change=rating_change,
            hands=hands,
            ruleset=ruleset,
            timeouts=timeouts,
        )


        bot_game_record.additional_properties = d
        return bot_game_record

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
