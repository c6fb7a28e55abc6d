"""API tokens: obtaining one with a username and password, listing and revoking one's own."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from knox.models import AuthToken
from rest_framework import exceptions, serializers
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from accounts.api_tokens import may_log_in, token_issue, token_revoke, token_revoke_all, tokens_of
from accounts.ratelimit import LoginRateLimited, authenticate_limited
from tournaments.api.base import ApiView, responses
from tournaments.api.permissions import signed_in
from tournaments.api.serializers.auth import TokenInputSerializer, TokenListSerializer, TokenOutputSerializer
from tournaments.api.serializers.common import ErrorSerializer
from tournaments.api.views._common import validated


class LoginAttemptsExhausted(exceptions.Throttled):
    default_code = "too-many-login-attempts"


class EmailUnverified(exceptions.PermissionDenied):
    default_code = "email-unverified"
    default_detail = "Confirm your e-mail address first: follow the link mailed to it when you signed up."


class TokenApi(ApiView):
    """`Authorization: Token <token>` then works on every endpoint, until the token expires,
    is revoked, or the account's password changes (accounts.api_tokens)."""

    authentication_classes = ()
    permission_classes = (AllowAny,)

    @extend_schema(
        operation_id="auth_token",
        summary="Obtain an API token",
        request=TokenInputSerializer,
        responses={
            **responses({200: TokenOutputSerializer}, not_found=False),
            403: OpenApiResponse(
                ErrorSerializer,
                description="The account's e-mail address is not confirmed yet (`email-unverified`): "
                "follow the link mailed at sign-up, as the web login asks.",
            ),
            429: OpenApiResponse(
                ErrorSerializer,
                description="Too many failed logins for this name, or from this address "
                "(`too-many-login-attempts`; docs/configuration.md).",
            ),
            415: OpenApiResponse(ErrorSerializer, description="The body is not JSON."),
        },
        auth=[],
        tags=["auth"],
    )
    def post(self, request: Request) -> Response:
        data = validated(TokenInputSerializer, request)
        try:
            user = authenticate_limited(
                request._request, username=data["username"], password=data["password"]
            )
        except LoginRateLimited as exc:
            raise LoginAttemptsExhausted(detail=exc.message) from None
        if user is None or not user.is_active:
            raise serializers.ValidationError(
                {"non_field_errors": ["Unable to log in with provided credentials."]}, code="authorization"
            )
        if not may_log_in(user):
            raise EmailUnverified()
        instance, token = token_issue(user=user)
        return Response(TokenOutputSerializer({"token": token, **_token_dict(instance, None)}).data)


def _token_dict(instance: AuthToken, current: AuthToken | None) -> dict[str, Any]:
    return {
        "key": instance.token_key,
        "created": instance.created,
        "expiry": instance.expiry,
        "current": current is not None and current.digest == instance.digest,
    }


class TokensApi(ApiView):
    permission_classes = (IsAuthenticated,)

    @extend_schema(
        operation_id="auth_tokens",
        summary="Your live API tokens, newest first (each by its key: the token's first characters)",
        responses=responses({200: TokenListSerializer}, invalid=False, login=True, not_found=False),
        tags=["auth"],
    )
    def get(self, request: Request) -> Response:
        current = request.auth if isinstance(request.auth, AuthToken) else None
        rows = [_token_dict(t, current) for t in tokens_of(signed_in(request))]
        return Response(TokenListSerializer({"tokens": rows}).data)

    @extend_schema(
        operation_id="auth_tokens_revoke_all",
        summary="Revoke every API token of yours (the web session stays)",
        request=None,
        responses=responses({204: None}, invalid=False, login=True, not_found=False),
        tags=["auth"],
    )
    def delete(self, request: Request) -> Response:
        token_revoke_all(user=signed_in(request))
        return Response(status=204)


class TokenKeyApi(ApiView):
    permission_classes = (IsAuthenticated,)

    @extend_schema(
        operation_id="auth_token_revoke",
        summary="Revoke one of your API tokens by its key",
        request=None,
        parameters=[OpenApiParameter("key", str, OpenApiParameter.PATH, description="The token's key.")],
        responses=responses({204: None}, invalid=False, login=True),
        tags=["auth"],
    )
    def delete(self, request: Request, key: str) -> Response:
        if not token_revoke(user=signed_in(request), token_key=key):
            raise exceptions.NotFound("You have no token with that key.")
        return Response(status=204)
