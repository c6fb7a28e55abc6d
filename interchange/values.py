"""Model field values to and from JSON, for event/1 import and export.

Shared by `interchange.event_import` and `interchange.event_export` (the event/1 core:
event, tables, players, rounds, games) and `interchange.platform_records` (staff, reports,
audit log, the judges' records). Every error names the place in the file, so a TO can fix
the file rather than read a traceback.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

from django.core.exceptions import ValidationError
from django.db import models
from django.db.backends.base.operations import BaseDatabaseOperations
from django.utils import timezone

INTEGER_RANGES = BaseDatabaseOperations.integer_field_ranges

M = TypeVar("M", bound=models.Model)


class EventImportError(ValueError):
    """The event cannot be stored as given; the message names the problem and where."""


def auto_time_fields(model: type[models.Model]) -> tuple[str, ...]:
    """Fields Django stamps itself on save (auto_now / auto_now_add): an import restores them after."""
    return tuple(
        f.name
        for f in model._meta.concrete_fields
        if getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False)
    )


def json_value(value: Any) -> Any:
    """A field's value as JSON: dates and times in ISO 8601 (times with their UTC offset)."""
    if isinstance(value, dt.date | dt.datetime):
        return value.isoformat()
    return value


def _parse(raw: Any, parser: Any, where: str, expected: str) -> Any:
    if not isinstance(raw, str):
        raise EventImportError(f"{where} must be {expected}, got {raw!r}")
    try:
        return parser(raw)
    except ValueError:
        raise EventImportError(f"{where} must be {expected}, got {raw!r}") from None


def field_value(model: type[models.Model], name: str, raw: Any, where: str) -> Any:
    """A JSON value for model field `name`, type-checked and parsed (ISO dates and times)."""
    field = model._meta.get_field(name)
    at = f"{where}.{name}"
    if raw is None:
        if getattr(field, "null", False):
            return None
        raise EventImportError(f"{at} cannot be null")
    if isinstance(field, models.DateTimeField):
        value = _parse(raw, dt.datetime.fromisoformat, at, "a date and time (ISO 8601)")
        return timezone.make_aware(value) if timezone.is_naive(value) else value
    if isinstance(field, models.DateField):
        return _parse(raw, dt.date.fromisoformat, at, "a date (YYYY-MM-DD)")
    if isinstance(field, models.BooleanField):
        if not isinstance(raw, bool):
            raise EventImportError(f"{at} must be true or false, got {raw!r}")
        return raw
    if isinstance(field, models.IntegerField):
        if not isinstance(raw, int) or isinstance(raw, bool):
            raise EventImportError(f"{at} must be a whole number, got {raw!r}")
        return raw
    if isinstance(field, models.CharField | models.TextField):
        if not isinstance(raw, str):
            raise EventImportError(f"{at} must be a string, got {raw!r}")
        return raw
    return raw


def take_fields(
    model: type[models.Model], names: Iterable[str], extra: dict[str, Any], where: str
) -> dict[str, Any]:
    """Pop the model's fields out of an object's extra fields, parsed for the model."""
    return {name: field_value(model, name, extra.pop(name), where) for name in names if name in extra}


def split_times(model: type[models.Model], fields: dict[str, Any]) -> dict[str, Any]:
    """Pop the auto-stamped fields out of `fields`: saving would overwrite them (see `restore_times`)."""
    return {name: fields.pop(name) for name in auto_time_fields(model) if name in fields}


def restore_times(model: type[M], rows: Sequence[M], times: Sequence[dict[str, Any]]) -> None:
    """Put back the file's timestamps that saving replaced with "now", in one UPDATE.

    `bulk_update` writes the attributes as they are, without the auto_now stamping.
    """
    names = sorted({name for stamp in times for name in stamp})
    if not names:
        return
    changed = []
    for row, stamp in zip(rows, times, strict=True):
        if stamp:
            for name, value in stamp.items():
                setattr(row, name, value)
            changed.append(row)
    model._default_manager.bulk_update(changed, names)


def _validation_message(exc: ValidationError) -> str:
    if hasattr(exc, "error_dict"):
        return "; ".join(f"{name}: {' '.join(messages)}" for name, messages in exc.message_dict.items())
    return " ".join(exc.messages)


def clean_row(obj: models.Model, where: str, exclude: Iterable[str] = ()) -> None:
    """Model validation without queries (foreign keys and uniqueness are checked elsewhere)."""
    # SQLite does not bound integer columns, so Django skips the range check there; a file
    # that imports here must import on PostgreSQL too. Checked first, so the message is
    # the same on every database.
    for field in obj._meta.concrete_fields:
        bounds = INTEGER_RANGES.get(field.get_internal_type())
        value = getattr(obj, field.attname)
        if bounds and isinstance(value, int) and not bounds[0] <= value <= bounds[1]:
            low, high = bounds
            raise EventImportError(f"{where}: {field.name} must be between {low} and {high}, got {value}")
    try:
        obj.full_clean(exclude=list(exclude), validate_unique=False, validate_constraints=False)
    except ValidationError as exc:
        raise EventImportError(f"{where}: {_validation_message(exc)}") from None
