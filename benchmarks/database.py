"""The throwaway database an in-process benchmark writes its event into."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection


@contextmanager
def throwaway_database() -> Iterator[None]:
    """Django's test database for the configured engine (in-memory SQLite by default),
    created empty and migrated, then destroyed, whatever the benchmark did in between."""
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        yield
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
