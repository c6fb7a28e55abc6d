"""The TO's scoring bands and bye score: set on the settings page and through the
API, prefilled with the system's defaults, checked as docs/interchange.md says, stored in
`Event.extra["scoring"]`, audited, and used by the standings."""

from __future__ import annotations

from typing import Any

import pytest

from tests.builders.results_systems import a_win, one_game
from tournaments.bridges.standings import event_standings
from tournaments.errors import ServiceError
from tournaments.models import AuditEntry, Event
from tournaments.services.reporting import result_set
from tournaments.services.scoring import event_scoring_set, scoring_of

pytestmark = pytest.mark.django_db

TWO_BANDS: dict[str, Any] = {
    "bands": [
        {"name": "Win", "min_difference": 1, "max_difference": None, "winner": [3, 2], "loser": [0, 0]},
        {"name": "Draw", "min_difference": 0, "max_difference": 0, "winner": [1, 1], "loser": [1, 1]},
    ],
    "bye": [3, 1],
}


def test_the_tos_bands_score_the_event_and_are_audited(users):
    t = one_game(users, "starcraft-tmg")
    result_set(game=t.game, result=a_win("starcraft-tmg", t), by=users["judy"], reason="slip")
    before = {row.name: (row.mp, row.tp) for row in event_standings(t.event).rows}
    assert before["Bob"] == (3, 4)  # the OP Guide's Decisive Victory
    event_scoring_set(event=t.event, scoring=TWO_BANDS, by=users["alice"])
    event = Event.objects.get(pk=t.event.pk)
    assert event.extra["scoring"] == TWO_BANDS
    assert {row.name: (row.mp, row.tp) for row in event_standings(event).rows}["Bob"] == (3, 2)
    entry = AuditEntry.objects.get(event=event, action="scoring-set")
    assert (entry.actor, entry.data) == (users["alice"], {"before": None, "after": TWO_BANDS})
    # Back to the system's defaults.
    event_scoring_set(event=event, scoring={}, by=users["alice"])
    event = Event.objects.get(pk=t.event.pk)
    assert "scoring" not in event.extra
    assert scoring_of(event).override is None
    assert AuditEntry.objects.filter(event=event, action="scoring-set").count() == 2


@pytest.mark.parametrize(
    ("scoring", "words"),
    [
        (
            {"bands": [{**TWO_BANDS["bands"][0], "min_difference": 2}, TWO_BANDS["bands"][1]]},
            "gap or overlap",
        ),
        ({"bands": [{**TWO_BANDS["bands"][0], "max_difference": 9}, TWO_BANDS["bands"][1]]}, "open-ended"),
        ({"bands": [TWO_BANDS["bands"][0], {**TWO_BANDS["bands"][1], "loser": [0, 1]}]}, "both sides alike"),
        ({"bands": [{**TWO_BANDS["bands"][0], "min_difference": 0}]}, "both sides alike"),
        ({"bye": [3]}, "bye must be [MP, TP]"),
        ({"bands": []}, "non-empty list"),
        ({"bands": [{**TWO_BANDS["bands"][0], "name": " "}, TWO_BANDS["bands"][1]]}, "name must be"),
    ],
)
def test_bands_that_break_the_contract_are_refused_and_nothing_changes(users, scoring, words):
    t = one_game(users, "dropzone-commander")
    with pytest.raises(ServiceError) as caught:
        event_scoring_set(event=t.event, scoring=scoring, by=users["alice"])
    assert (caught.value.code, caught.value.field) == ("invalid-scoring", "scoring")
    assert words in caught.value.message
    assert "scoring" not in Event.objects.get(pk=t.event.pk).extra
    assert not AuditEntry.objects.filter(event=t.event, action="scoring-set").exists()


def test_api_reads_the_defaults_and_the_to_sets_the_bye_alone(api, users):
    t = one_game(users, "warpspawn-starcraft")
    url = f"/api/events/{t.event.slug}/scoring/"
    body = api("anonymous").get(url).json()
    assert body["custom"] is False
    assert body["bye"] == [3, 0]  # Warpspawn's default (WS-D07)
    assert body["defaults"] == {"bands": body["bands"], "bye": body["bye"]}
    assert api("bob").put(url, {"bye": [3, 1]}, format="json").status_code == 404  # the TO only
    answer = api("alice").put(url, {"bye": [3, 1]}, format="json")
    assert answer.status_code == 200, answer.json()
    assert answer.json()["custom"] is True
    assert answer.json()["bye"] == [3, 1]
    assert answer.json()["defaults"]["bye"] == [3, 0]
    assert Event.objects.get(pk=t.event.pk).extra["scoring"] == {"bye": [3, 1]}
    bad = api("alice").put(url, {"bands": [TWO_BANDS["bands"][0]]}, format="json")
    assert (bad.status_code, bad.json()["code"]) == (400, "invalid-scoring")
    reset = api("alice").put(url, {}, format="json").json()
    assert reset["custom"] is False


def settings_post(client, event: Event, rows: list[list[Any]], bye: tuple[int, int], **extra: str):
    data = {"scoring-bye_mp": str(bye[0]), "scoring-bye_tp": str(bye[1]), **extra}
    for i, row in enumerate(rows):
        for key, value in zip(("name", "min", "max", "wmp", "wtp", "lmp", "ltp"), row, strict=True):
            data[f"scoring-band{i}_{key}"] = "" if value is None else str(value)
    return client.post(f"/e/{event.slug}/manage/scoring/", data)


def test_settings_page_is_prefilled_with_the_systems_bands_and_sets_them(client, users):
    t = one_game(users, "morsdei")
    client.force_login(users["alice"])
    page = client.get(f"/e/{t.event.slug}/manage/settings/").content.decode()
    assert 'id="scoring"' in page
    for band in scoring_of(t.event).default.bands:
        assert f'value="{band.name}"' in page
    response = settings_post(
        client, t.event, [["Win", 1, None, 3, 2, 0, 0], ["Draw", 0, 0, 1, 1, 1, 1]], (3, 1)
    )
    assert response.status_code == 302
    assert Event.objects.get(pk=t.event.pk).extra["scoring"] == TWO_BANDS
    refused = settings_post(
        client, t.event, [["Win", 2, None, 3, 2, 0, 0], ["Draw", 0, 0, 1, 1, 1, 1]], (3, 1)
    )
    assert refused.status_code == 200
    assert "gap or overlap at VP difference 1" in refused.content.decode()
    assert Event.objects.get(pk=t.event.pk).extra["scoring"] == TWO_BANDS
    back = settings_post(client, t.event, [], (3, 1), **{"scoring-defaults": "on"})
    assert back.status_code == 302
    assert "scoring" not in Event.objects.get(pk=t.event.pk).extra


def test_only_the_to_sets_the_scoring_on_the_web(client, users):
    t = one_game(users, "starcraft-tmg")
    client.force_login(users["judy"])
    assert settings_post(client, t.event, [], (3, 1)).status_code == 404
