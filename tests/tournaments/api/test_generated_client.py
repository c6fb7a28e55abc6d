"""A client generated from the OpenAPI schema runs a short event against the live server.

The schema is the whole contract: openapi-python-client turns it into typed calls and
models, and a generated call parses only the statuses and bodies the schema documents
(anything else raises `UnexpectedStatus`, as `raise_on_unexpected_status` asks). So every
answer below, refusals included, is asserted as the parsed model, never as raw JSON: a
status or body the schema leaves out fails here.

The client is generated into a temporary folder from the schema the server serves, with
no network and no formatter run afterwards (post_hooks: []); generation takes about two
seconds.
"""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.test import Client as DjangoClient

from tests.builders.documents import raynor
from tournaments.services.rosters import ROSTER_MAX_BYTES

pytestmark = pytest.mark.django_db(transaction=True)

PACKAGE = "muster_api_client"
GENERATOR = Path(sys.executable).with_name("openapi-python-client")


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """The client package generated from /api/schema/ (read through Django's test client)."""
    folder = tmp_path_factory.mktemp("generated")
    schema = DjangoClient().get("/api/schema/?format=json")
    assert schema.status_code == 200
    (folder / "schema.json").write_bytes(schema.content)
    (folder / "config.yaml").write_text("post_hooks: []\n")
    subprocess.run(
        [
            str(GENERATOR),
            "generate",
            "--path",
            str(folder / "schema.json"),
            "--meta",
            "none",
            "--output-path",
            str(folder / PACKAGE),
            "--config",
            str(folder / "config.yaml"),
            "--fail-on-warning",
        ],
        check=True,
        capture_output=True,
        timeout=120,
    )
    sys.path.insert(0, str(folder))
    try:
        yield importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(folder))
        for name in [n for n in sys.modules if n == PACKAGE or n.startswith(f"{PACKAGE}.")]:
            del sys.modules[name]


class Api:
    """The generated package's modules by name: `api.call("rounds", "rounds_pair")`."""

    def __init__(self, package: Any, base_url: str) -> None:
        self.package = package
        self.base_url = base_url
        self.models = importlib.import_module(f"{PACKAGE}.models")
        schema = json.loads(DjangoClient().get("/api/schema/?format=json").content)
        # The word before the token comes from the schema's own scheme, not from a guess.
        self.prefix = schema["components"]["securitySchemes"]["tokenAuth"]["scheme"]

    def call(self, tag: str, operation: str) -> Any:
        return importlib.import_module(f"{PACKAGE}.api.{tag}.{operation}").sync_detailed

    def anonymous(self) -> Any:
        return self.package.Client(base_url=self.base_url, raise_on_unexpected_status=True)

    def as_token(self, token: str) -> Any:
        return self.package.AuthenticatedClient(
            base_url=self.base_url, token=token, prefix=self.prefix, raise_on_unexpected_status=True
        )

    def login(self, username: str) -> Any:
        m = self.models
        answer = self.call("auth", "auth_token")(
            client=self.anonymous(),
            body=m.TokenInputRequest(username=username, password=f"{username}-pass-123"),
        )
        assert answer.status_code == 200, answer.content
        assert isinstance(answer.parsed, m.TokenOutput)
        return self.as_token(answer.parsed.token)


def error_of(api: Api, answer: Any, status: int, code: str) -> Any:
    """A refusal, parsed as the schema's Error with its stable code."""
    assert answer.status_code == status, answer.content
    assert isinstance(answer.parsed, api.models.Error), answer.content
    assert answer.parsed.code == code, answer.parsed.message
    return answer.parsed


def test_a_generated_client_runs_a_short_event(
    generated: Any, live_server: Any, users: dict[str, Any]
) -> None:
    api = Api(generated, live_server.url)
    m = api.models
    to = api.login("alice")
    players = {name: api.login(name) for name in ("bob", "carol", "hank", "mallory")}

    # The TO creates the event and its tables.
    created = api.call("events", "events_create")(client=to, body=m.EventWriteRequest(name="Generated Cup"))
    assert isinstance(created.parsed, m.EventDetail), created.content
    slug, join_code = created.parsed.slug, created.parsed.join_code
    tables = api.call("events", "event_tables_set")(
        slug,
        client=to,
        body=m.TablesInputRequest(tables=[m.TableRequest(number=n, layout=f"Map {n}") for n in (1, 2)]),
    )
    assert [t.number for t in tables.parsed] == [1, 2]
    # A rule refusal has its own code, not the generic `invalid`.
    twice = api.call("events", "event_tables_set")(
        slug,
        client=to,
        body=m.TablesInputRequest(
            tables=[m.TableRequest(number=1, layout="A"), m.TableRequest(number=1, layout="B")]
        ),
    )
    error_of(api, twice, 400, "table-listed-twice")

    # Printing before any round: the printing API's refusal is the same Error model.
    printed = api.call("printing", "print_job_request")(
        slug, client=to, body=m.PrintRequestInputRequest(kind=m.PrintKind.PAIRINGS)
    )
    error_of(api, printed, 400, "no-round")

    # Four players join with the code and submit their rosters (roster/1 objects).
    ids = {}
    for name, client in players.items():
        joined = api.call("players", "players_register")(
            slug, client=client, body=m.PlayerRegisterRequest(join_code=join_code)
        )
        assert isinstance(joined.parsed, m.Player), joined.content
        ids[name] = joined.parsed.external_id
        content = m.RosterSubmitRequestContentType0.from_dict(raynor(name.title()))
        submitted = api.call("rosters", "rosters_submit")(
            slug, client=client, body=m.RosterSubmitRequest(content=content)
        )
        assert isinstance(submitted.parsed, m.Roster), submitted.content
        assert submitted.parsed.legal
        assert submitted.parsed.document.format_ == m.RosterDocumentFormatEnum.ROSTER1
        assert submitted.parsed.report.legal

    # A roster over the limit: 413 `too-large`, parsed.
    huge = m.RosterSubmitRequestContentType0.from_dict(raynor("Bob", notes="x" * ROSTER_MAX_BYTES))
    oversized = api.call("rosters", "rosters_submit")(
        slug, client=players["bob"], body=m.RosterSubmitRequest(content=huge)
    )
    error_of(api, oversized, 413, "too-large")

    # Pair (nobody checked in at this competitive event: go ahead knowingly) and publish.
    paired = api.call("rounds", "rounds_pair")(slug, client=to, body=m.PairRequest(seed=7, confirm=True))
    assert isinstance(paired.parsed, m.RoundDetail), paired.content
    assert paired.parsed.pairing_report.round_ == 1
    published = api.call("rounds", "round_publish")(slug, 1, client=to, body=m.PublishRequest(confirm=True))
    assert isinstance(published.parsed, m.RoundDetail), published.content

    # A conditional read: the ETag sent back is answered 304 with no body.
    read = api.call("rounds", "round_read")(slug, 1, client=players["bob"])
    assert isinstance(read.parsed, m.RoundDetail)
    etag = read.headers["ETag"]
    again = api.call("rounds", "round_read")(slug, 1, client=players["bob"], if_none_match=etag)
    assert again.status_code == 304

    games = {}
    for game in read.parsed.games:
        pair = {game.player_one.external_id, game.player_two.external_id}
        games[frozenset(pair)] = game
    by_player = {
        name: g
        for g in games.values()
        for name in ids
        if ids[name] in {g.player_one.external_id, g.player_two.external_id}
    }

    def seats(game: Any) -> tuple[str, str]:
        names = {v: k for k, v in ids.items()}
        return names[game.player_one.external_id], names[game.player_two.external_id]

    # One game reported and confirmed.
    first = by_player["bob"]
    one, two = seats(first)
    reported = api.call("results", "game_report")(
        slug, first.id, client=players[one], body=m.ResultReportRequest(vp=[12, 3]), idempotency_key="gen-1"
    )
    assert isinstance(reported.parsed, m.Game), reported.content
    confirmed = api.call("results", "game_confirm")(slug, first.id, client=players[two])
    assert isinstance(confirmed.parsed, m.Game), confirmed.content
    assert confirmed.parsed.result_status == m.ResultStatusEnum.CONFIRMED

    # The other game disputed in one call, with a note and the score claimed.
    second = next(g for g in games.values() if g.id != first.id)
    three, four = seats(second)
    api.call("results", "game_report")(
        slug, second.id, client=players[three], body=m.ResultReportRequest(vp=[10, 4])
    )
    disputed = api.call("results", "game_dispute")(
        slug,
        second.id,
        client=players[four],
        body=m.DisputeRequest(note="We ended on 6 to 8.", claim=m.ClaimRequest(vp=[6, 8])),
    )
    assert isinstance(disputed.parsed, m.Game), disputed.content
    assert disputed.parsed.result_status == m.ResultStatusEnum.DISPUTED
    queue = api.call("results", "judge_queue")(slug, client=to)
    assert isinstance(queue.parsed, m.PaginatedJudgeQueueItemList), queue.content
    [item] = queue.parsed.results
    assert (item.why, item.note, item.disputed_by) == (
        m.WhyEnum.DISPUTED,
        "We ended on 6 to 8.",
        ids[four],
    )
    assert {tuple(r.vp) for r in item.game.reports} == {(10, 4), (6, 8)}

    # A bad token is 401 on every operation, a public read and the printing API included.
    stranger = api.as_token("0" * 64)
    error_of(api, api.call("standings", "standings")(slug, client=stranger), 401, "authentication-failed")
    printed = api.call("printing", "print_job_request")(
        slug, client=stranger, body=m.PrintRequestInputRequest(kind=m.PrintKind.STANDINGS)
    )
    error_of(api, printed, 401, "authentication-failed")

    # Standings and the event/1 export, typed.
    standings = api.call("standings", "standings")(slug, client=api.anonymous())
    assert isinstance(standings.parsed, m.Standings), standings.content
    assert standings.parsed.standings[0].player == ids[one]
    export = api.call("standings", "event_export")(slug, client=api.anonymous())
    assert isinstance(export.parsed, m.EventFile), export.content
    assert export.parsed.format_ == m.EventFileFormatEnum.EVENT1
    assert {p.id for p in export.parsed.players} == set(ids.values())
