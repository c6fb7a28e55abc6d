"""Obtaining an API token with a username and password."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import exceptions, serializers
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.request import Request
from rest_framework.response import Response

from accounts.ratelimit import LoginRateLimited, authenticate_limited
from tournaments.api.base import responses
from tournaments.api.errors import api_exception_handler
from tournaments.api.parsers import StrictJSONParser
from tournaments.api.serializers import ErrorSerializer, TokenInputSerializer, TokenOutputSerializer


class LoginAttemptsExhausted(exceptions.Throttled):
    default_code = "too-many-login-attempts"


class RateLimitedTokenSerializer(AuthTokenSerializer):
    """DRF's token login, counted against the same failed-login limit as the web form."""

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        username, password = attrs.get("username", ""), attrs.get("password", "")
        request: Request = self.context["request"]
        try:
            user = authenticate_limited(request._request, username=username, password=password)
        except LoginRateLimited as exc:
            raise LoginAttemptsExhausted(detail=exc.message) from None
        if user is None or not user.is_active:
            raise serializers.ValidationError(
                "Unable to log in with provided credentials.", code="authorization"
            )
        attrs["user"] = user
        return attrs


class TokenApi(ObtainAuthToken):
    """`Authorization: Token <token>` then works on every endpoint."""

    serializer_class = RateLimitedTokenSerializer
    parser_classes = (StrictJSONParser,)  # JSON only, as every API write (tournaments.api.base)

    def get_exception_handler(self) -> Callable[[Exception, dict[str, Any]], Response | None]:
        return api_exception_handler

    @extend_schema(
        operation_id="auth_token",
        summary="Obtain an API token",
        request=TokenInputSerializer,
        responses={
            **responses({200: TokenOutputSerializer}, not_found=False),
            429: OpenApiResponse(
                ErrorSerializer,
                description="Too many failed logins from this address or for this name "
                "(`too-many-login-attempts`); even the right password waits (docs/configuration.md).",
            ),
            415: OpenApiResponse(ErrorSerializer, description="The body is not JSON."),
        },
        auth=[],
        tags=["auth"],
    )
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().post(request, *args, **kwargs)
