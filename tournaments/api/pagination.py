"""Every list endpoint is paginated the same way: `?limit=N&offset=M` (DRF limit/offset).

A list answers `{"count", "next", "previous", "results"}`, the items in `results` shaped
as before. `limit` defaults to DEFAULT_LIMIT and may not exceed MAX_LIMIT; `offset`
defaults to 0. A limit or offset that is not a whole number in range is a 400 naming the
parameter (the schema says the same), never silently replaced by the default.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from django.db.models import QuerySet
from drf_spectacular.utils import OpenApiParameter
from rest_framework import serializers
from rest_framework.exceptions import ValidationError
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

DEFAULT_LIMIT = 100
MAX_LIMIT = 500
# The largest offset accepted: far beyond any event, and within every database's integers.
MAX_OFFSET = 2**31 - 1


def _whole(request: Request, name: str, default: int, low: int, high: int) -> int:
    raw = request.query_params.get(name)
    if raw is None:
        return default
    if not raw.isascii() or not raw.isdigit() or not low <= int(raw) <= high:
        raise ValidationError({name: [f"Must be a whole number from {low} to {high}."]})
    return int(raw)


class ListPagination(LimitOffsetPagination):
    default_limit = DEFAULT_LIMIT
    max_limit = MAX_LIMIT

    def get_limit(self, request: Request) -> int:
        return _whole(request, self.limit_query_param, DEFAULT_LIMIT, 1, MAX_LIMIT)

    def get_offset(self, request: Request) -> int:
        return _whole(request, self.offset_query_param, 0, 0, MAX_OFFSET)


PAGE_PARAMETERS = [
    OpenApiParameter(
        "limit",
        {"type": "integer", "minimum": 1, "maximum": MAX_LIMIT, "default": DEFAULT_LIMIT},
        description=f"How many items to return (1 to {MAX_LIMIT}; default {DEFAULT_LIMIT}).",
    ),
    OpenApiParameter(
        "offset",
        {"type": "integer", "minimum": 0, "maximum": MAX_OFFSET, "default": 0},
        description="How many items to skip from the start of the list.",
    ),
]


@cache
def page_of(item: type[serializers.Serializer[Any]]) -> type[serializers.Serializer[Any]]:
    """The serializer of one page of `item`s, documented as its own schema component."""
    name = item.__name__.removesuffix("Serializer")
    fields: dict[str, Any] = {
        "count": serializers.IntegerField(min_value=0, help_text="How many items the whole list holds."),
        "next": serializers.URLField(allow_null=True, help_text="The next page, or null on the last."),
        "previous": serializers.URLField(
            allow_null=True, help_text="The previous page, or null on the first."
        ),
        "results": item(many=True),
    }
    return type(f"Paginated{name}ListSerializer", (serializers.Serializer,), fields)


def paginated(
    request: Request,
    view: APIView,
    rows: QuerySet[Any] | Sequence[Any],
    serializer: type[serializers.Serializer[Any]],
    present: Callable[[Any], Any] | None = None,
    context: dict[str, Any] | None = None,
) -> Response:
    """One page of `rows` (sliced before `present` turns each into the serializer's input)."""
    paginator = ListPagination()
    page = paginator.paginate_queryset(rows, request, view=view) or []  # type: ignore[arg-type]  # lists work too
    items = [present(row) for row in page] if present is not None else list(page)
    data = serializer(items, many=True, context=context or {}).data
    return paginator.get_paginated_response(data)
