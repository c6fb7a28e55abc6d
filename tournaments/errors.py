"""The one error type services raise: a stable code, a sentence for a person, and where."""

from __future__ import annotations

from typing import Any


class ServiceError(Exception):
    # The HTTP status the API answers with: 400, a rule refused it, unless a subclass says otherwise.
    status = 400

    def __init__(self, message: str, *, code: str = "invalid", field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.field = field

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.field:
            out["field"] = self.field
        return out


class StaleVersion(ServiceError):
    """An edit made from a version that has since changed: refused, never applied (409).

    `current` is the object as it now stands, for the caller to show before trying again.
    """

    status = 409

    def __init__(self, message: str, *, current: object, field: str | None = "version") -> None:
        super().__init__(message, code="stale-version", field=field)
        self.current = current


class TooLarge(ServiceError):
    """Input over a size limit: refused before anything is read or changed (413)."""

    status = 413

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message, code="too-large", field=field)


class ConfirmationRequired(ServiceError):
    """A destructive step that players would notice, refused until the caller confirms it
    explicitly (409): nothing is changed by the unconfirmed request."""

    status = 409

    def __init__(self, message: str, *, field: str | None = "confirm") -> None:
        super().__init__(message, code="confirmation-required", field=field)


class NotReady(ServiceError):
    """Pairing or publishing a round while players are not ready (no roster, an illegal
    roster, not checked in, a result missing from the round before): refused until the TO
    confirms it (409 `not-ready`), with every problem listed so they can fix them first or
    go ahead knowingly (pre-round checks). Nothing is changed by the refusal."""

    status = 409

    def __init__(self, message: str, *, problems: list[dict[str, str]]) -> None:
        super().__init__(message, code="not-ready", field="confirm")
        self.problems = problems

    def as_dict(self) -> dict[str, Any]:
        return super().as_dict() | {"problems": self.problems}
