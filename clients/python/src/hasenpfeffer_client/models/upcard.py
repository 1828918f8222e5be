from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.card import Card
from ..models.upcard_fate import UpcardFate
from typing import cast






T = TypeVar("T", bound="Upcard")



@_attrs_define
class Upcard:
    """ The upcard of the hand in progress and what became of it. Public.

        Attributes:
            card (Card): A card code: rank (2 to 9, T, J Q K A, and L M N for the 11, 12 and 13 of Five Hundred's six-player
                pack) then suit (C D H S), e.g. `TD` for the ten of diamonds; `JK` is the joker. The two copies of a card in a
                double deck share a code.
            discard (Card | None):
            fate (UpcardFate): What became of the upcard: `face_up` (round 1 is being called), `turned_down` (everybody
                passed it), `taken` (the dealer, in Bacon the seat left of the caller, holds it until it is played), `left`
                (ordered up, left on the stub). In Bacon `turned_down` is the fourth upcard that everybody passed.
            taken_by (int | None): Bacon: the seat that took it (the caller's left), once taken; null otherwise and in
                other games (in Euchre the dealer takes it).
     """

    card: Card
    discard: Card | None
    fate: UpcardFate
    taken_by: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        card = self.card.value

        discard: None | str
        if isinstance(self.discard, Card):
            discard = self.discard.value
        else:
            discard = self.discard

        fate = self.fate.value

        taken_by: int | None
        taken_by = self.taken_by


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "card": card,
            "discard": discard,
            "fate": fate,
            "taken_by": taken_by,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        card = Card(d.pop("card"))




        def _parse_discard(data: object) -> Card | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                discard_type_0 = Card(data)



                return discard_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Card | None, data)

        discard = _parse_discard(d.pop("discard"))


        fate = UpcardFate(d.pop("fate"))




        def _parse_taken_by(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        taken_by = _parse_taken_by(d.pop("taken_by"))


        upcard = cls(
            card=card,
            discard=discard,
            fate=fate,
            taken_by=taken_by,
        )


        upcard.additional_properties = d
        return upcard

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
