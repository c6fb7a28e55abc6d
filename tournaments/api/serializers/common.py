"""What the API's serializers share: the typed base class, fields shown to staff only, the
error body, a reason, and a player named by id and name."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rest_framework import serializers

from tournaments.limits import REASON_LENGTH

if TYPE_CHECKING:
    Serializer = serializers.Serializer[Any]
else:
    Serializer = serializers.Serializer


class StaffOnlyFieldsMixin(Serializer):
    """Output fields named in `staff_fields` are left out unless the context says `staff`.

    Declare those fields with `required=False`, so a source without them is fine too.
    """

    staff_fields: tuple[str, ...] = ()

    def to_representation(self, instance: Any) -> Any:
        data = super().to_representation(instance)
        if not self.context.get("staff", False):
            for name in self.staff_fields:
                data.pop(name, None)
        return data


class ErrorSerializer(Serializer):
    code = serializers.CharField(help_text="Stable machine-readable code, e.g. `deadline-passed`.")
    message = serializers.CharField(help_text="A sentence a person can act on.")
    field = serializers.CharField(required=False, help_text="The input field at fault, when there is one.")
    errors = serializers.JSONField(  # type: ignore[assignment]  # a field, not Serializer.errors
        required=False, help_text="Every input problem, by field (bad input only)."
    )


class ReasonSerializer(Serializer):
    reason = serializers.CharField(required=False, allow_blank=True, default="", max_length=REASON_LENGTH)


class PlayerRefSerializer(Serializer):
    external_id = serializers.CharField()
    name = serializers.CharField()
