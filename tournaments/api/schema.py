"""The OpenAPI schema says what the server enforces, so a client built from it is refused nothing.

drf-spectacular documents a serializer's types, lengths and ranges; three things the
server refuses it leaves out, and this module adds them:

- a NUL character in text: DRF's CharField refuses it in every named field, and
  PostgreSQL cannot store it (tournaments.unstorable). Every request string without an
  enum, format or pattern of its own gets a pattern that excludes NUL;
- blank text: a CharField that is not `allow_blank` trims whitespace and refuses what is
  left empty, so its pattern also asks for one character that is not whitespace
  (`minLength: 1` alone would let "  " through);
- unknown fields: the JSON parser refuses NUL anywhere in a body, the names of fields the
  serializer ignores included, so a request body is documented as closed
  (`additionalProperties: false`); a free-form value (a roster/1 document, a draft action)
  stays open.

Request bodies get their own components (`COMPONENT_SPLIT_REQUEST`, named `...Request`), so
these apply to what a client sends and never to what the server answers.

It also says, once for every operation, what the views say nowhere themselves
(`document_answers`): the answers the machinery around them gives (a bad token, a CSRF
refusal, a body too large, an outage), the conditional reads (ETag, If-None-Match, 304) and
the Idempotency-Key header an operation honours (marked with `CONDITIONAL` and `IDEMPOTENT`),
the token scheme (`Authorization: Token <token>`), and anonymous access listed first; so a
client generated from the schema can parse every answer it gets.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiParameter
from rest_framework import serializers

from tournaments.services.reporting import IDEMPOTENCY_KEY_LENGTH

NO_NUL = r"^[^\u0000]*$"
# At least one character that is neither whitespace nor NUL, and no NUL anywhere.
NOT_BLANK = r"^[^\u0000]*[^\s\u0000][^\u0000]*$"


def text_pattern(field: serializers.CharField) -> str:
    """The pattern a request string must match to pass `field`'s own checks (blank, NUL)."""
    if not field.allow_blank and field.trim_whitespace:
        return NOT_BLANK
    return NO_NUL


def _add_pattern(field: Any, schema: Any) -> None:
    if (
        isinstance(field, serializers.CharField)
        and isinstance(schema, dict)
        and schema.get("type") == "string"
        and not {"enum", "format", "pattern", "oneOf"} & set(schema)
    ):
        schema["pattern"] = text_pattern(field)


TOKEN_SCHEME = "tokenAuth"
TOKEN_PREFIX = "Token"


class KnoxTokenScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    """The API token as an HTTP authorization scheme named `Token` (RFC 9110 §11): a generator
    reads the word to put before the token from the scheme itself, where drf-spectacular's own
    knox scheme (an API key whose prefix is only in a description) leaves clients sending
    `Bearer`, which is refused (401)."""

    target_class = "knox.auth.TokenAuthentication"
    name = TOKEN_SCHEME
    priority = 1

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {
            "type": "http",
            "scheme": TOKEN_PREFIX,
            "description": (
                f"`Authorization: {TOKEN_PREFIX} <token>`, the token from POST /api/auth/token/ "
                "(not `Bearer`). An unknown, expired or revoked token is 401 on every operation."
            ),
        }


class MusterAutoSchema(AutoSchema):
    """drf-spectacular's schema, with each request string's NUL and blank rules as a pattern.

    Added once a request serializer's fields are mapped (drf-spectacular's own validators
    are in by then), so a blank-allowed field stays one plain string schema.
    """

    def _map_basic_serializer(self, serializer: Any, direction: str) -> Any:
        component = super()._map_basic_serializer(serializer, direction)  # type: ignore[no-untyped-call]
        if direction != "request":
            return component
        properties = component.get("properties", {})
        for name, field in serializer.fields.items():
            schema = properties.get(field.field_name or name)
            _add_pattern(field, schema)
            if isinstance(field, serializers.ListField) and isinstance(schema, dict):
                _add_pattern(field.child, schema.get("items"))
        return component

    def get_auth(self) -> list[dict[str, Any]]:
        """Anonymous access (`{}`) first where an operation allows it: a client reading the
        first requirement only must not take a public read for one that needs a token."""
        auths: list[dict[str, Any]] = super().get_auth()
        return sorted(auths, key=bool)


def close_request_bodies(result: dict[str, Any], **_: Any) -> dict[str, Any]:
    """A postprocessing hook: every request component with named fields takes no others."""
    for name, component in result.get("components", {}).get("schemas", {}).items():
        if (
            name.endswith("Request")
            and component.get("type") == "object"
            and "properties" in component
            and "additionalProperties" not in component
        ):
            component["additionalProperties"] = False
    return result


def text_parameter(name: str, *, required: bool = False, description: str = "") -> OpenApiParameter:
    """A query parameter holding non-blank text, documented with the rules its serializer applies."""
    return OpenApiParameter(
        name,
        {"type": "string", "minLength": 1, "pattern": NOT_BLANK},
        required=required,
        description=description,
    )


# --- what every operation may answer ------------------------------------------------------

# Marks read by `document_answers`, given to `extend_schema(extensions=...)`.
CONDITIONAL = {"x-muster-conditional": True}
IDEMPOTENT = {"x-muster-idempotent": True}

ERROR = {"$ref": "#/components/schemas/Error"}
RETRY_AFTER = {"schema": {"type": "integer"}, "description": "Seconds to wait before trying again."}
ETAG = {"schema": {"type": "string"}, "description": "This answer's version: send it back as If-None-Match."}

IF_NONE_MATCH = {
    "name": "If-None-Match",
    "in": "header",
    "required": False,
    "schema": {"type": "string"},
    "description": "The ETag of the copy you hold: unchanged, the answer is 304 with no body.",
}
IDEMPOTENCY_KEY = {
    "name": "Idempotency-Key",
    "in": "header",
    "required": False,
    # What reporting.check_idempotency_key accepts: printable ASCII without spaces.
    "schema": {"type": "string", "maxLength": IDEMPOTENCY_KEY_LENGTH, "pattern": "^[!-~]*$"},
    "description": (
        "A key of your choosing (a UUID) for this submission. Sending it again, after a lost "
        "answer or a double tap, stores nothing more and answers 200 with the stored result "
        "(400 `bad-idempotency-key`, `idempotency-key-reused`)."
    ),
}

UNSAFE = {"post", "put", "patch", "delete"}

# What each of those statuses means; its body is always an `Error`.
ANSWERS: dict[int, str] = {
    401: (
        "Log in first (`not-authenticated`), or the token is unknown, expired or revoked "
        "(`authentication-failed`)."
    ),
    403: "A write made with the session cookie but without its CSRF token (`permission-denied`).",
    413: (
        "The body is over the server's limit, or over this operation's own limit "
        "(`too-large`). Nothing was changed."
    ),
    415: "The body's Content-Type is missing or not `application/json` (`unsupported-media-type`).",
    503: (
        "The database or a queue it needs cannot be reached (`unavailable`): try again after "
        "the Retry-After header's seconds."
    ),
}


def _error(description: str, headers: dict[str, Any] | None = None) -> dict[str, Any]:
    answer: dict[str, Any] = {
        "description": description,
        "content": {"application/json": {"schema": ERROR}},
    }
    if headers:
        answer["headers"] = headers
    return answer


def _statuses(method: str, operation: dict[str, Any]) -> list[int]:
    """The statuses the machinery around a view can answer for this operation."""
    schemes = {name for requirement in operation.get("security", []) for name in requirement}
    out = [503]
    if TOKEN_SCHEME in schemes:
        out.append(401)  # knox refuses a bad token before the view runs, reads included
    if method in UNSAFE and "cookieAuth" in schemes:
        out.append(403)  # DRF's session authentication checks CSRF on writes
    if "requestBody" in operation:
        out += [413, 415]  # DATA_UPLOAD_MAX_MEMORY_SIZE; the JSON-only parser
    return out


def _conditional(operation: dict[str, Any]) -> None:
    operation.setdefault("parameters", []).append(IF_NONE_MATCH)
    operation["responses"]["200"].setdefault("headers", {})["ETag"] = ETAG
    operation["responses"]["304"] = {
        "description": "Not modified since the ETag sent as If-None-Match: keep your copy.",
        "headers": {"ETag": ETAG},
    }


def document_answers(result: dict[str, Any], **_: Any) -> dict[str, Any]:
    """A postprocessing hook: every operation's full set of answers, each error one `Error`.

    Done here once rather than in each view, so a new operation cannot leave one out.
    """
    for operations in result.get("paths", {}).values():
        for method, operation in operations.items():
            if method not in UNSAFE | {"get"}:
                continue
            answers = operation["responses"]
            for status in _statuses(method, operation):
                headers = {"Retry-After": RETRY_AFTER} if status == 503 else None
                answers.setdefault(str(status), _error(ANSWERS[status], headers))
            for status, answer in answers.items():
                if status[0] in "45" and "content" not in answer:
                    answer["content"] = {"application/json": {"schema": ERROR}}
                if status in ("429", "503"):
                    answer.setdefault("headers", {}).setdefault("Retry-After", RETRY_AFTER)
            if operation.pop("x-muster-conditional", False):
                _conditional(operation)
            if operation.pop("x-muster-idempotent", False):
                operation.setdefault("parameters", []).append(IDEMPOTENCY_KEY)
            operation["responses"] = dict(sorted(answers.items()))
    return result
