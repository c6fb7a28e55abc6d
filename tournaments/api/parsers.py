"""The API's JSON parser, refusing JSON that nothing downstream can hold (see tournaments.unstorable).

DRF's CharField already refuses NUL and surrogates in named fields; free-form values (a
roster/1 document, a draft action) are checked here, so the caller gets a 400 naming where
the bad character is instead of a 500 from the database or the JSON renderer.
"""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from rest_framework.exceptions import ParseError, ValidationError
from rest_framework.parsers import JSONParser

from rules_engine import strict_json
from tournaments.unstorable import find_unstorable, unstorable_message


class StrictJSONParser(JSONParser):
    """Standard JSON only (no NaN or Infinity, no number too large for a float) nested at
    most `strict_json.MAX_DEPTH` deep (rules_engine.strict_json): a 400, never a 500."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        context = parser_context or {}
        encoding = context.get("encoding", settings.DEFAULT_CHARSET)
        try:
            text = stream.read().decode(encoding)
        except UnicodeDecodeError:
            raise ParseError(f"JSON parse error - the body is not {encoding} text") from None
        try:
            data = strict_json.loads(text)
        except json.JSONDecodeError as exc:
            raise ParseError(f"JSON parse error - {exc}") from None
        hit = find_unstorable(data)
        if hit is not None:
            path, char = hit
            # Keyed by the field path so the error handler reports it as `field`.
            message = unstorable_message(char)
            raise ValidationError({".".join(path): [message]} if path else [message])
        return data
