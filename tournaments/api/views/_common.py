"""Small helpers the view modules share."""

from __future__ import annotations

from typing import Any

from rest_framework.request import Request

from tournaments.api.serializers.common import Serializer


def validated(
    serializer_class: type[Serializer], request: Request, *, partial: bool = False
) -> dict[str, Any]:
    """The request body checked against `serializer_class` (a 400 in the error shape if not)."""
    serializer = serializer_class(data=request.data, partial=partial)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)
