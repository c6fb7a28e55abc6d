"""The API's JSON parser, refusing JSON that nothing downstream can hold (see tournaments.unstorable).

DRF's CharField already refuses NUL and surrogates in named fields; free-form values (a
roster/1 document, a draft action) are checked here, so the caller gets a 400 naming where
the bad character is instead of a 500 from the database or the JSON renderer.
"""

from __future__ import annotations

from typing import Any

from rest_framework.exceptions import ValidationError
from rest_framework.parsers import JSONParser

from tournaments.unstorable import find_unstorable, unstorable_message


class StrictJSONParser(JSONParser):
    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        data = super().parse(stream, media_type, parser_context)
        hit = find_unstorable(data)
        if hit is not None:
            path, char = hit
            # Keyed by the field path so the error handler reports it as `field`.
            message = unstorable_message(char)
            raise ValidationError({".".join(path): [message]} if path else [message])
        return data
