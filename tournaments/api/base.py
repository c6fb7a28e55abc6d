"""The base of every API view: token or session login, and the one error shape."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from drf_spectacular.utils import OpenApiResponse
from knox.auth import TokenAuthentication
from rest_framework.authentication import BaseAuthentication, SessionAuthentication
from rest_framework.parsers import BaseParser
from rest_framework.permissions import BasePermission, IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.errors import api_exception_handler
from tournaments.api.parsers import StrictJSONParser
from tournaments.api.serializers.common import ErrorSerializer


class ApiView(APIView):
    # Token first, so a request without credentials gets 401 with `WWW-Authenticate: Token`.
    # The tokens are expiring knox tokens (accounts.api_tokens).
    authentication_classes: Sequence[type[BaseAuthentication]] = (TokenAuthentication, SessionAuthentication)
    # Reads are open (each operation loads the event through access_event, which 404s
    # callers without the role); every write needs a login.
    permission_classes: Sequence[type[BasePermission]] = (IsAuthenticatedOrReadOnly,)
    # JSON only, as the schema documents: a form cannot carry the nested bodies (tables,
    # VP pairs, roster/1 documents) the schema describes, so it is a 415 rather than a
    # parser's guess. JSON that cannot be stored or echoed back (NUL, lone surrogates) is a
    # 400, not a 500.
    parser_classes: Sequence[type[BaseParser]] = (StrictJSONParser,)

    def get_exception_handler(self) -> Callable[[Exception, dict[str, Any]], Response | None]:
        return api_exception_handler


def responses(
    ok: dict[int, Any], *, invalid: bool = True, login: bool = False, not_found: bool = True
) -> dict[int, Any]:
    """The documented responses of an operation: its success bodies plus the shared error shape."""
    out: dict[int, Any] = dict(ok)
    if invalid:
        out[400] = OpenApiResponse(ErrorSerializer, description="Bad input or a rule refused it.")
    if login:
        out[401] = OpenApiResponse(ErrorSerializer, description="Log in first.")
        # Every write needs a login, and a write's body must be one of the documented types.
        out[415] = OpenApiResponse(
            ErrorSerializer, description="The body's Content-Type is missing or not one documented here."
        )
    if not_found:
        out[404] = OpenApiResponse(
            ErrorSerializer, description="No such event or object, or the caller lacks the role it needs."
        )
    return out
