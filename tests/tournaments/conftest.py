"""The API tests' role-named clients and event, for the checks that span API, web and CLI."""

from tests.tournaments.api.conftest import api, world  # noqa: F401
