from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.problem_code import ProblemCode
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.rate_limit_info import RateLimitInfo





T = TypeVar("T", bound="Problem")



@_attrs_define
class Problem:
    """ An RFC 9457 problem document (`application/problem+json`).

        Example:
            {'code': 'must_follow_suit', 'detail': 'you must follow suit: hearts (H) was led and you hold a card of that
                suit (the left bower and the joker count as trumps)', 'status': 422, 'title': 'Illegal action', 'type':
                'https://hasenpfeffer.dev/problems/must_follow_suit'}

        Attributes:
            code (ProblemCode): A stable snake_case code: branch on this. New codes may be added; treat an unknown one by
                its HTTP status.
            detail (str): What went wrong in this case, for a human.
            status (int): The HTTP status.
            title (str): A short summary of the problem type.
            type_ (str): A URI naming the problem type; its last segment is the `code`.
            current_version (int | Unset): The current version of the game (only with `version_conflict`).
            rate_limit (RateLimitInfo | Unset): A rate limit a request went over: a bucket per client address that holds
                `burst`
                requests and refills `allowance` every `window_secs` (so `allowance` per window is the
                sustained rate). The same facts as the `RateLimit-Policy` header. Example: {'allowance': 10, 'burst': 10,
                'limit': 'bot_registrations', 'reset_secs': 360, 'window_secs': 3600}.
            retry_after (int | Unset): Seconds to wait before retrying (only with `rate_limited` and `store_full`).
     """

    code: ProblemCode
    detail: str
    status: int
    title: str
    type_: str
    current_version: int | Unset = UNSET
    rate_limit: RateLimitInfo | Unset = UNSET
    retry_after: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.rate_limit_info import RateLimitInfo # noqa: PLC0415
        code = self.code.value

        detail = self.detail

        status = self.status

        title = self.title

        type_ = self.type_

        current_version = self.current_version

        rate_limit: dict[str, Any] | Unset = UNSET
        if not isinstance(self.rate_limit, Unset):
            rate_limit = self.rate_limit.to_dict()

        retry_after = self.retry_after


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "code": code,
            "detail": detail,
            "status": status,
            "title": title,
            "type": type_,
        })
        if current_version is not UNSET:
            field_dict["current_version"] = current_version
        if rate_limit is not UNSET:
            field_dict["rate_limit"] = rate_limit
        if retry_after is not UNSET:
            field_dict["retry_after"] = retry_after

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rate_limit_info import RateLimitInfo # noqa: PLC0415
        d = dict(src_dict)
        code = ProblemCode(d.pop("code"))




        detail = d.pop("detail")

        status = d.pop("status")

        title = d.pop("title")

        type_ = d.pop("type")

        current_version = d.pop("current_version", UNSET)

        _rate_limit = d.pop("rate_limit", UNSET)
        rate_limit: RateLimitInfo | Unset
        if isinstance(_rate_limit,  Unset):
            rate_limit = UNSET
        else:
            rate_limit = RateLimitInfo.from_dict(_rate_limit)




        retry_after = d.pop("retry_after", UNSET)

        problem = cls(
            code=code,
            detail=detail,
            status=status,
            title=title,
            type_=type_,
            current_version=current_version,
            rate_limit=rate_limit,
            retry_after=retry_after,
        )


        problem.additional_properties = d
        return problem

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
