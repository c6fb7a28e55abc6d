"""The OpenAPI schema says what the server enforces, so a client built from it is refused nothing.

drf-spectacular documents a serializer's types, lengths and ranges; three things the
server refuses it leaves out, and this module adds them (issue 17):

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
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiParameter
from rest_framework import serializers

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
