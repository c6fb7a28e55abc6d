"""Obtaining an API token with a username and password."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.api.base import responses
from tournaments.api.errors import api_exception_handler
from tournaments.api.serializers import TokenInputSerializer, TokenOutputSerializer


class TokenApi(ObtainAuthToken):
    """`Authorization: Token <token>` then works on every endpoint."""

    def get_exception_handler(self) -> Callable[[Exception, dict[str, Any]], Response | None]:
        return api_exception_handler

    @extend_schema(
        operation_id="auth_token",
        summary="Obtain an API token",
        request=TokenInputSerializer,
        responses=responses({200: TokenOutputSerializer}, not_found=False),
        auth=[],
        tags=["auth"],
    )
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().post(request, *args, **kwargs)
