"""The event-day defects a TO and players met in a browser, one regression each."""

from __future__ import annotations

import datetime as dt
import re
from html.parser import HTMLParser

import pytest
from django.utils import timezone

from tests.builders.rows import add_player, add_staff, make_event

pytestmark = pytest.mark.django_db


class _Inputs(HTMLParser):
    """What a browser would send back from a page's inputs, as a browser fills them in."""

    def __init__(self) -> None:
        super().__init__()
        self.fields: dict[str, str] = {}
        self.types: dict[str, str] = {}
        self._textarea: str | None = None
        self._select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "input" and a.get("name"):
            kind = a.get("type", "text")
            self.types[a["name"]] = kind
            if kind == "checkbox":
                if "checked" in a:
                    self.fields[a["name"]] = "on"
            else:
                self.fields[a["name"]] = a.get("value", "")
        elif tag == "textarea":
            self._textarea = a.get("name")
            self.fields[a.get("name", "")] = ""
        elif tag == "select":
            self._select = a.get("name")
        elif tag == "option" and self._select and "selected" in a:
            self.fields[self._select] = a.get("value", "")

    def handle_data(self, data: str) -> None:
        if self._textarea:
            self.fields[self._textarea] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "textarea":
            self._textarea = None
        elif tag == "select":
            self._select = None


# What an <input type=date> / datetime-local accepts as its value (HTML: valid date string,
# valid normalised local date and time string); anything else the browser drops to "".
_BROWSER_VALUE = {
    "date": re.compile(r"^\d{4}-\d{2}-\d{2}$"),
    "datetime-local": re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$"),
}


def browser_form(html: str) -> tuple[dict[str, str], dict[str, str]]:
    parser = _Inputs()
    parser.feed(html)
    data = {k: v for k, v in parser.fields.items() if k != "csrfmiddlewaretoken"}
    for name, kind in parser.types.items():
        pattern = _BROWSER_VALUE.get(kind)
        if pattern is not None and data.get(name) and not pattern.match(data[name]):
            data[name] = ""
    return data, parser.types


# --- 1. Saving Settings keeps the dates ----------------------------------------------------


def test_settings_round_trip_through_a_browser_keeps_dates_and_deadlines(client, alice):
    deadline = dt.datetime(2026, 12, 1, 18, 30, tzinfo=dt.UTC)
    event = make_event(
        to=alice,
        starts_on=dt.date(2026, 12, 12),
        ends_on=dt.date(2026, 12, 13),
        rules_cutoff=dt.date(2026, 11, 28),
        roster_deadline=deadline,
        roster_publication="on-date",
        rosters_published_at=deadline + dt.timedelta(days=1),
    )
    client.force_login(alice)
    html = client.get("/e/spring-skirmish/manage/settings/").content.decode()
    data, types = browser_form(html)
    assert types["starts_on"] == "date"
    assert types["roster_deadline"] == "datetime-local"
    assert data["starts_on"] == "2026-12-12"
    assert data["rules_cutoff"] == "2026-11-28"
    assert data["roster_deadline"] == "2026-12-01T18:30"
    response = client.post("/e/spring-skirmish/manage/settings/", data)
    assert response.status_code == 302, response.context["form"].errors
    event.refresh_from_db()
    assert (event.starts_on, event.ends_on, event.rules_cutoff) == (
        dt.date(2026, 12, 12),
        dt.date(2026, 12, 13),
        dt.date(2026, 11, 28),
    )
    assert event.roster_deadline == deadline
    assert event.rosters_published_at == deadline + dt.timedelta(days=1)


def test_new_event_form_after_an_error_keeps_iso_dates(client, alice):
    client.force_login(alice)
    response = client.post(
        "/events/new/", {"name": "", "starts_on": "2026-12-12", "game_system": "starcraft-tmg"}
    )
    data, _ = browser_form(response.content.decode())
    assert data["starts_on"] == "2026-12-12"


# --- 11. The game's name, not its slug --------------------------------------------------------


def test_event_home_names_the_game(client):
    make_event()
    page = client.get("/e/spring-skirmish/").content.decode()
    assert "StarCraft: Tabletop Miniature Game" in page
    assert "starcraft-tmg" not in re.sub(r'(href|src|action|hx-[a-z]+)="[^"]*"', "", page)


# --- 6. The standings heading says what the standings are ---------------------------------


def test_standings_heading_during_a_round_in_progress(client):
    from tests.builders.rows import add_round, play_round

    event = make_event(players=8, planned_rounds=3)
    play_round(event, 1)
    players = list(event.players.order_by("id"))
    pairs = [(players[i], players[i + 1]) for i in range(0, 8, 2)]
    add_round(event, 2, pairs, "published", results=[(7, 3)])
    page = client.get("/e/spring-skirmish/standings/").content.decode()
    assert "Standings after round 1; round 2 in progress: 1 of 4 results in" in page
    assert "after round 2" not in page


def test_standings_heading_last_round_in_progress_is_not_final(client):
    from tests.builders.rows import add_round, play_round

    event = make_event(players=4, planned_rounds=2)
    play_round(event, 1)
    players = list(event.players.order_by("id"))
    add_round(event, 2, [(players[0], players[1]), (players[2], players[3])], "published", results=[(7, 3)])
    page = client.get("/e/spring-skirmish/standings/").content.decode()
    assert "round 2 in progress: 1 of 2 results in" in page
    assert "Final" not in page


# --- 8, 9. The round clock: the Head Judge controls it; a closed round's clock stops ----------


def test_head_judge_starts_pauses_and_calls_the_clock(client, alice, hank, judy):
    from judging.models import RoundClock
    from tests.builders.rows import add_round

    event = make_event(to=alice, players=4)
    add_staff(event, hank, "head-judge")
    add_staff(event, judy, "floor-judge")
    players = list(event.players.order_by("id"))
    add_round(event, 1, [(players[0], players[1]), (players[2], players[3])], "published", running=True)
    client.force_login(hank)
    assert client.get("/e/spring-skirmish/rounds/1/clock/").status_code == 200
    assert client.post("/e/spring-skirmish/rounds/1/clock/start/").status_code == 302
    clock = RoundClock.objects.get(round__event=event, round__number=1)
    assert clock.started_at is not None
    client.force_login(judy)  # a Floor Judge does not run the clock
    assert client.post("/e/spring-skirmish/rounds/1/clock/pause/").status_code == 404


def test_projector_stops_a_closed_rounds_clock(client, alice):
    import json

    from judging.services import clock_start
    from tests.builders.rows import add_round
    from tournaments.models import RoundStatus

    event = make_event(to=alice, players=4)
    players = list(event.players.order_by("id"))
    round_ = add_round(
        event, 1, [(players[0], players[1]), (players[2], players[3])], "published", running=True
    )
    clock_start(round_=round_, by=alice, at=timezone.now() - dt.timedelta(minutes=30))
    running = client.get("/e/spring-skirmish/clock/")
    assert running.context["clock"]["state"] == "running"
    round_.status, round_.closed_at = RoundStatus.CLOSED, timezone.now()
    round_.save()
    page = client.get("/e/spring-skirmish/clock/")
    snap = page.context["clock"]
    assert snap["state"] == "round-closed"
    assert snap["ends_at"] is None
    assert snap["next_call"] is None
    assert "Round closed" in page.content.decode()
    api = client.get("/api/events/spring-skirmish/clock/").json()
    assert api["state"] == "round-closed"
    assert json.loads(page.context["clock_json"])["state"] == "round-closed"


# --- 10. The join link of a running event says at once that registration is closed --------


@pytest.mark.parametrize(
    ("fields", "why"),
    [
        ({"status": "running"}, "already under way"),
        ({"status": "finished"}, "is finished"),
        ({"registration_open": False}, "closed by the TO"),
    ],
)
def test_join_link_of_a_closed_event_says_why_without_the_form(client, bob, fields, why):
    make_event(**fields)
    client.force_login(bob)
    response = client.get("/e/spring-skirmish/join/let-me-in/")
    page = response.content.decode()
    assert "Registration for this event is closed" in page
    assert why in page
    assert '<form method="post" class="stack narrow"' not in page
    assert 'name="name"' not in page


def test_join_link_of_an_open_event_shows_the_form(client, bob):
    make_event()
    client.force_login(bob)
    page = client.get("/e/spring-skirmish/join/let-me-in/").content.decode()
    assert 'name="name"' in page


# --- 12. Audit entries say what changed ------------------------------------------------------


def test_settings_change_is_audited_as_old_and_new_and_shown(client, alice):
    from tournaments.models import AuditEntry

    event = make_event(to=alice, starts_on=dt.date(2026, 12, 12))
    client.force_login(alice)
    data, _ = browser_form(client.get("/e/spring-skirmish/manage/settings/").content.decode())
    data |= {"venue": "New Hall", "starts_on": "2026-12-19"}
    assert client.post("/e/spring-skirmish/manage/settings/", data).status_code == 302
    entry = AuditEntry.objects.filter(event=event, action="event-updated").latest("id")
    from tournaments.event_format import default_roster_deadline

    # The deadline was left empty: the default a week before the start, as the help says
    # (none once that has passed).
    default = default_roster_deadline(
        dt.date(2026, 12, 19), timezone.get_current_timezone(), now=timezone.now()
    )
    assert entry.data == {
        "venue": {"old": "The Dice Hall", "new": "New Hall"},
        "starts_on": {"old": "2026-12-12", "new": "2026-12-19"},
        **({"roster_deadline": {"old": "", "new": str(default)}} if default is not None else {}),
    }
    page = client.get("/e/spring-skirmish/manage/audit/").content.decode()
    assert "venue: The Dice Hall → New Hall" in page
    assert "starts on: 2026-12-12 → 2026-12-19" in page


# --- 7. "Pair again" on a published round needs an explicit confirmation --------------------


def _published_round_one(alice):
    from tests.builders.rows import add_round

    event = make_event(to=alice, players=4)
    players = list(event.players.order_by("id"))
    add_round(event, 1, [(players[0], players[1]), (players[2], players[3])], "published", running=True)
    return event


def test_pair_again_on_a_published_round_asks_for_confirmation_on_the_web(client, alice):
    from tournaments.models import Round

    event = _published_round_one(alice)
    before = set(Round.objects.get(event=event).games.values_list("pk", flat=True))
    client.force_login(alice)
    page = client.get("/e/spring-skirmish/manage/rounds/1/").content.decode()
    assert 'name="confirm"' in page  # the confirmation is on the form, not a surprise
    response = client.post("/e/spring-skirmish/manage/rounds/1/repair/", {"seed": "11"}, follow=True)
    assert "published" in response.content.decode()
    assert "confirm" in response.content.decode().lower()
    round_ = Round.objects.get(event=event)
    assert round_.status == "published"
    assert set(round_.games.values_list("pk", flat=True)) == before  # nothing replaced
    client.post("/e/spring-skirmish/manage/rounds/1/repair/", {"seed": "11", "confirm": "on"})
    round_.refresh_from_db()
    assert (round_.status, round_.seed) == ("paired", 11)


def test_pair_again_on_a_published_round_through_the_api_needs_confirm(alice):
    from rest_framework.test import APIClient

    from tournaments.models import Round

    event = _published_round_one(alice)
    api = APIClient()
    api.force_authenticate(alice)
    url = "/api/events/spring-skirmish/rounds/1/repair/"
    refused = api.post(url, {"seed": 3}, format="json")
    assert refused.status_code == 409
    assert refused.json()["code"] == "confirmation-required"
    assert Round.objects.get(event=event).status == "published"
    done = api.post(url, {"seed": 3, "confirm": True}, format="json")
    assert done.status_code == 200
    assert done.json()["status"] == "paired"


def test_pair_again_on_a_draft_round_needs_no_confirmation(alice):
    from tests.builders.rows import add_round
    from tournaments.models import Round
    from tournaments.services.rounds import round_repair

    event = make_event(to=alice, players=4)
    players = list(event.players.order_by("id"))
    add_round(event, 1, [(players[0], players[1]), (players[2], players[3])], "paired")
    round_repair(round_=Round.objects.get(event=event), by=alice, seed=4)
    assert Round.objects.get(event=event).seed == 4


# --- 2. The roster deadline: a sane default, a warning, and pages that say it has passed -----


def test_default_deadline_is_a_week_before_or_else_the_eve_never_in_the_past():
    from tournaments.event_format import default_roster_deadline

    now = dt.datetime(2026, 12, 1, 12, 0, tzinfo=dt.UTC)
    far = default_roster_deadline(dt.date(2026, 12, 20), dt.UTC, now=now)
    assert far == dt.datetime(2026, 12, 13, 0, 0, tzinfo=dt.UTC)  # OP Guide: one week before
    soon = default_roster_deadline(dt.date(2026, 12, 5), dt.UTC, now=now)
    assert soon == dt.datetime(2026, 12, 5, 0, 0, tzinfo=dt.UTC)  # midnight before the first day
    assert soon > now
    assert default_roster_deadline(dt.date(2026, 12, 1), dt.UTC, now=now) is None  # it has begun


def test_event_created_within_a_week_gets_a_deadline_in_the_future(alice):
    from tournaments.services.events import event_create

    starts = timezone.localdate() + dt.timedelta(days=3)
    event = event_create(creator=alice, name="Soon Clash", starts_on=starts)
    assert event.roster_deadline is not None
    assert event.roster_deadline > timezone.now()
    assert event.roster_deadline.date() == starts


def test_the_to_is_warned_when_the_deadline_is_near_or_past(client, alice):
    event = make_event(to=alice, roster_deadline=timezone.now() + dt.timedelta(hours=5))
    client.force_login(alice)
    page = client.get("/e/spring-skirmish/manage/").content.decode()
    assert "The roster deadline is in 5 hours" in page
    event.roster_deadline = timezone.now() - dt.timedelta(days=1)
    event.save()
    for url in ("/e/spring-skirmish/manage/", "/e/spring-skirmish/manage/settings/"):
        assert "The roster deadline has passed" in client.get(url).content.decode(), url


def test_after_the_deadline_the_player_page_and_live_check_say_submission_is_closed(client, alice, bob):
    from tests.builders.documents import terran_text

    event = make_event(to=alice, roster_deadline=timezone.now() - dt.timedelta(hours=1))
    add_player(event, bob, "Bob")
    client.force_login(bob)
    page = client.get("/e/spring-skirmish/me/").content.decode()
    assert "Resubmit as often as you like" not in page
    assert "The roster deadline has passed" in page
    check = client.post("/e/spring-skirmish/rosters/check/", {"slot": "1", "r1-content": terran_text()})
    body = check.content.decode()
    assert "Submission is closed" in body
    # Before the deadline the page invites resubmission and the check says nothing of closing.
    event.roster_deadline = timezone.now() + dt.timedelta(days=3)
    event.save()
    assert "Resubmit as often as you like" in client.get("/e/spring-skirmish/me/").content.decode()
    check = client.post("/e/spring-skirmish/rosters/check/", {"slot": "1", "r1-content": terran_text()})
    assert "Submission is closed" not in check.content.decode()


# --- 4. CSV import: a file or a paste, a header row matched by name ------------------------


def test_csv_file_with_a_spreadsheet_header_imports_by_column_name(client, alice):
    from django.core.files.uploadedfile import SimpleUploadedFile

    event = make_event(to=alice)
    client.force_login(alice)
    text = (
        "\ufeffFirst Name, last_name ,E-mail Address,Faction\n"
        "Ada,Lovelace,ada@example.org,Terran\n"
        "Grace,Hopper,,Zerg\n"
    )
    upload = SimpleUploadedFile("players.csv", text.encode("utf-8"), content_type="text/csv")
    response = client.post("/e/spring-skirmish/manage/players/import/", {"file": upload}, follow=True)
    page = response.content.decode()
    assert "Imported 2 players" in page, page
    assert "Faction" in page  # the ignored column is named, with why
    players = {p.name: p.email for p in event.players.all()}
    assert players == {"Ada Lovelace": "ada@example.org", "Grace Hopper": ""}


def test_csv_header_synonyms_and_semicolons(alice):
    from tournaments.services.players import players_import_csv

    event = make_event(to=alice)
    created = players_import_csv(
        event=event, text="Player;Mail;Login\nBo Peep;bo@example.org;alice\n", by=alice
    )
    assert [(p.name, p.email, p.user, p.invited_user) for p in created] == [
        ("Bo Peep", "bo@example.org", None, alice)
    ]


def test_csv_errors_name_every_bad_row_and_import_nothing(client, alice):
    event = make_event(to=alice)
    client.force_login(alice)
    text = (
        "Surname,Given name,Email\n"
        "Lovelace,Ada,not-an-address\n,,x@example.org\nHopper,Grace,\n,Alan,ghost@\n"
    )
    response = client.post("/e/spring-skirmish/manage/players/import/", {"csv": text})
    page = response.content.decode()
    # Numbered as in the spreadsheet: the header is row 1.
    assert "Row 2: &#x27;not-an-address&#x27; is not an e-mail address." in page
    assert "Row 3: the name is empty." in page
    assert "Row 5: &#x27;ghost@&#x27; is not an e-mail address." in page
    assert "Nothing was imported" in page
    assert event.players.count() == 0


def test_csv_header_without_a_name_column_is_refused_clearly(alice):
    from tournaments.errors import ServiceError
    from tournaments.services.players import players_import_csv

    event = make_event(to=alice)
    with pytest.raises(ServiceError, match="no name column"):
        players_import_csv(event=event, text="Email,Faction\nada@example.org,Terran\n", by=alice)


def test_csv_positional_rows_without_a_header_still_work(alice):
    from tournaments.services.players import players_import_csv

    event = make_event(to=alice)
    created = players_import_csv(event=event, text="Ada Lovelace,ada@example.org\nBo,,alice\n", by=alice)
    assert [(p.name, p.email, p.invited_user) for p in created] == [
        ("Ada Lovelace", "ada@example.org", None),
        ("Bo", "", alice),
    ]
    assert all(p.user is None for p in created)


def test_csv_form_needs_a_paste_or_a_file(client, alice):
    make_event(to=alice)
    client.force_login(alice)
    page = client.post("/e/spring-skirmish/manage/players/import/", {"csv": ""}).content.decode()
    assert "Paste the CSV or choose a file." in page
    form_page = client.get("/e/spring-skirmish/manage/players/").content.decode()
    assert 'enctype="multipart/form-data"' in form_page
    assert 'type="file"' in form_page


# --- 13. A skip link first on every page; the event navigation grouped by role ----------------

_FOCUSABLE = re.compile(
    r'<(?:a\s[^>]*\bhref=|button\b|input\b(?![^>]*type="hidden")|select\b|textarea\b|summary\b)'
)


def _first_focusable(html: str) -> str:
    body = html[html.index("<body") :]
    body = body[body.index(">") + 1 :]
    match = _FOCUSABLE.search(body)
    assert match is not None
    return body[match.start() : body.index(">", match.start()) + 1]


@pytest.fixture
def staffed(alice, bob, hank, judy):
    event = make_event(to=alice, players=2)
    add_player(event, bob, "Bob")
    add_staff(event, hank, "head-judge")
    add_staff(event, judy, "floor-judge")
    return event


@pytest.mark.parametrize(
    ("who", "url"),
    [
        (None, "/"),
        (None, "/accounts/login/"),
        (None, "/e/spring-skirmish/"),
        (None, "/e/spring-skirmish/standings/"),
        ("bob", "/e/spring-skirmish/me/"),
        ("judy", "/e/spring-skirmish/judge/"),
        ("alice", "/e/spring-skirmish/manage/"),
        ("alice", "/e/spring-skirmish/manage/settings/"),
        ("alice", "/my-events/"),
    ],
)
def test_skip_to_content_is_the_first_focusable_element(client, staffed, request, who, url):
    if who:
        client.force_login(request.getfixturevalue(who))
    html = client.get(url).content.decode()
    first = _first_focusable(html)
    assert 'href="#content"' in first, first
    assert "Skip to content" in html[html.index(first) : html.index(first) + 200]
    assert 'id="content"' in html


def _nav(html: str) -> str:
    start = html.index('<nav class="subnav"')
    return html[start : html.index("</nav>", start)]


def test_a_player_sees_only_their_own_menu(client, staffed, bob):
    client.force_login(bob)
    nav = _nav(client.get("/e/spring-skirmish/").content.decode())
    for theirs in ("/e/spring-skirmish/me/", "/e/spring-skirmish/pairings/", "/e/spring-skirmish/standings/"):
        assert f'href="{theirs}"' in nav
    for staff_only in ("/judge/", "/manage/", "/judge/penalties/", "/judge/drafts/", "/manage/rosters/"):
        assert f'href="/e/spring-skirmish{staff_only}"' not in nav, staff_only
    assert "Judging" not in nav
    assert "Organiser" not in nav


def test_the_to_navigation_is_grouped_into_menus(client, staffed, alice):
    client.force_login(alice)
    nav = _nav(client.get("/e/spring-skirmish/").content.decode())
    outside = re.sub(r"<details.*?</details>", "", nav, flags=re.DOTALL)
    assert len(re.findall(r"<a\s", outside)) <= 7  # was 14 links in one row
    menus = re.findall(r"<details[^>]*>\s*<summary[^>]*>([^<]+)</summary>", nav)
    assert [m.strip() for m in menus] == ["Judging", "Organiser"]
    for link in ("/judge/", "/judge/penalties/", "/manage/", "/manage/settings/", "/manage/audit/"):
        assert f'href="/e/spring-skirmish{link}"' in nav, link


def test_a_floor_judge_has_the_judging_menu_but_not_the_organisers(client, staffed, judy):
    client.force_login(judy)
    nav = _nav(client.get("/e/spring-skirmish/").content.decode())
    assert "Judging" in nav
    assert "Organiser" not in nav
    assert 'href="/e/spring-skirmish/judge/conduct/"' not in nav  # the Head Judge's inbox


# --- 5. Public pairings: a search box and my own row marked -------------------------------


def test_pairings_page_has_a_search_box_and_marks_my_row(client, bob):
    from tests.builders.rows import add_round

    event = make_event(players=["Ann", "Cy", "Di"])
    me = add_player(event, bob, "Bob")
    ann = event.players.get(name="Ann")
    add_round(event, 1, [(ann, me), ("p2", "p3")], "published")
    anonymous = client.get("/e/spring-skirmish/pairings/").content.decode()
    assert 'type="search"' in anonymous
    assert "data-filter-rows" in anonymous
    assert 'data-me=""' in anonymous
    client.force_login(bob)
    page = client.get("/e/spring-skirmish/pairings/").content.decode()
    assert f'data-me="{me.external_id}"' in page
    assert f'data-players="{ann.external_id} {me.external_id}"' in page  # the row the script marks
    assert "You play Ann at table 1" in page  # said in words too, without script


# --- 14. Roster messages in the words players see: "Roster 2", "Roster 2, line 4" ---------


def test_dual_list_and_text_errors_name_the_roster_as_players_see_it(client, alice, bob):
    import json

    from tests.builders.documents import example_document, terran_document
    from tournaments.models import ListFormat

    event = make_event(to=alice, list_format=ListFormat.DUAL)
    add_player(event, bob, "Bob")
    client.force_login(bob)
    first = json.dumps(terran_document("Bob"))
    assert client.post("/e/spring-skirmish/me/rosters/1/", {"r1-content": first}).status_code == 302
    zerg = json.dumps(example_document("zerg-starter.json", "Bob"))
    check = client.post(
        "/e/spring-skirmish/rosters/check/", {"slot": "2", "r2-content": zerg}
    ).content.decode()
    assert "rosters[" not in check
    assert "Roster 2 is Zerg" in check
    assert "Roster 1 is Terran" in check
    client.post("/e/spring-skirmish/me/rosters/2/", {"r2-content": zerg})
    page = client.get("/e/spring-skirmish/me/").content.decode()
    assert "rosters[" not in page
    assert "Roster 2 is Zerg" in page
    typed = "Player: Bob\nFaction: Terran Armed Forces\nScale: skirmish\nBogus line here\n"
    check = client.post(
        "/e/spring-skirmish/rosters/check/", {"slot": "2", "r2-content": typed}
    ).content.decode()
    assert "Roster 2, line 4: " in check
    assert "roster, line 4" not in check
    refused = client.post("/e/spring-skirmish/me/rosters/2/", {"r2-content": typed}).content.decode()
    assert "Roster 2, line 4: " in refused


def test_players_words_leave_other_messages_alone():
    from tournaments.wording import in_players_words

    assert in_players_words("rosters[2] is one too many; rosters[0] stays.") == (
        "Roster 3 is one too many; Roster 1 stays."
    )
    assert in_players_words("roster: the text is empty", 1) == "Roster 1: the text is empty"
    assert in_players_words("Your roster, line 4 is fine") == "Your roster, line 4 is fine"
    assert in_players_words("roster, line 4: x") == "Roster, line 4: x"


def test_the_projector_links_the_clock_controls_for_the_head_judge_only(client, alice, hank, bob):
    from tests.builders.rows import add_round

    event = make_event(to=alice, players=2)
    add_staff(event, hank, "head-judge")
    add_player(event, bob, "Bob")
    add_round(event, 1, [("p1", "p2")], "published", running=True)
    client.force_login(hank)
    projector = client.get("/e/spring-skirmish/clock/").content.decode()
    assert 'href="/e/spring-skirmish/rounds/1/clock/"' in projector
    client.force_login(bob)
    assert "/rounds/1/clock/" not in client.get("/e/spring-skirmish/clock/").content.decode()
