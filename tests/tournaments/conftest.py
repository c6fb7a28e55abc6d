"""The API tests' role-named clients and event, for the checks that span API, web and CLI."""

from tests.tournaments.api.conftest import api, round_one, world  # noqa: F401
