"""The demo series `make run` loads (docs/series.md): three finished StarCraft events of the
same eight regulars, a series over them counting each player's best two, their ratings, and
most of their profiles public, so the series, profile and ratings pages have something to show.
Built through the services, as a TO and a judge would, so the hook rates each event as it
finishes."""

from __future__ import annotations

import datetime as dt
import json
import random

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.utils import timezone

from seasons.models import Series
from seasons.services import profile_set_public, ratings_recompute, series_add_event, series_create
from tournaments.models import Event, EventKind, Outcome
from tournaments.services.events import event_create, tables_set
from tournaments.services.players import player_register
from tournaments.services.reporting import ResultInput, result_set
from tournaments.services.rosters import roster_submit
from tournaments.services.rounds import round_pair, round_publish

SERIES_SLUG = "demo-league"
EVENT_SLUGS = ("demo-league-1", "demo-league-2", "demo-league-3")
REGULARS = {
    "ava": "Ava Lindqvist",
    "bo": "Bo Nakamura",
    "cas": "Cas Okafor",
    "dara": "Dara Quinn",
    "eli": "Eli Haddad",
    "fen": "Fen Ortiz",
    "gus": "Gus Varga",
    "hana": "Hana Sato",
}
PRIVATE = {"hana"}  # one regular keeps their profile to themselves
SEED = 729


def _account(username: str, full_name: str) -> AbstractBaseUser:
    users = get_user_model()
    user = users.objects.filter(username=username).first()
    if user is None:
        first, _, last = full_name.partition(" ")
        user = users.objects.create_user(
            username=username, password=username, first_name=first, last_name=last
        )
    return user


def _remove() -> None:
    Series.objects.filter(slug=SERIES_SLUG).delete()
    for old in Event.objects.filter(slug__in=EVENT_SLUGS):
        old.rounds.all().delete()
        old.delete()


def _event(to: AbstractBaseUser, slug: str, number: int, day: dt.date) -> Event:
    event = event_create(
        creator=to,
        name=f"Demo League, Round {number}",
        game_system="starcraft-tmg",
        scale="skirmish",
        kind=EventKind.COMMUNITY,
        planned_rounds=3,
        starts_on=day,
        ends_on=day,
        venue="The Dice Hall, Main Street",
    )
    event.slug = slug
    event.save(update_fields=["slug"])
    return event


def _armies(event: Event) -> list[dict[str, object]]:
    """The game system's own example armies (`GameSystem.examples`), as tournaments/demo.py
    plays them: each regular brings one, so the faction statistics have factions to count."""
    folder = event.system.examples
    if folder is None:
        return []
    armies = []
    for path in sorted(folder.glob("*.json")):
        document = json.loads(path.read_text(encoding="utf-8"))
        document.pop("expected", None)
        armies.append(document)
    return armies


def _play(event: Event, to: AbstractBaseUser, rng: random.Random) -> None:
    tables_set(event=event, actor=to, tables=[(n, f"Map {n}") for n in range(1, 5)])
    armies = _armies(event)
    for index, (username, name) in enumerate(REGULARS.items()):
        seat = player_register(event=event, name=name, by=to)
        seat.user_id = _account(username, name).pk
        seat.save(update_fields=["user"])
        if armies:
            # A regular keeps their army all season, but for one who switches each evening.
            pick = index + (event.pk if username == "gus" else 0)
            document = {**armies[pick % len(armies)], "player": name}
            roster_submit(player=seat, slot=1, content=document, by=to, as_staff=True)
    details = {extra.key: (extra.low + extra.high) // 2 for extra in event.system.result_extras}
    for _ in range(event.planned_rounds):
        round_ = round_pair(event=event, by=to, seed=rng.randrange(1, 2**31), confirm=True)
        round_publish(round_=round_, by=to, confirm=True)
        for game in round_.games.filter(player_two__isnull=False):
            vp = (rng.randint(0, 12), rng.randint(0, 12))
            result = ResultInput(Outcome.PLAYED, vp_one=vp[0], vp_two=vp[1], details=details)
            result_set(game=game, result=result, by=to, reason="Demo result")


def load_demo_series() -> Series:
    """(Re)load the demo series; returns it."""
    _remove()
    to = _account("demo-to", "Demo Organiser")
    rng = random.Random(SEED)
    series = series_create(
        organiser=to,
        name="Demo League",
        game_system="starcraft-tmg",
        formula="placing-table",
        table=[10, 8, 6, 5, 4, 3, 2, 1],
        best_of=2,
        description="Three Skirmish evenings; each player's best two count.",
    )
    series.slug = SERIES_SLUG
    series.save(update_fields=["slug"])
    today = timezone.localdate()
    for number, slug in enumerate(EVENT_SLUGS, start=1):
        day = today - dt.timedelta(days=7 * (len(EVENT_SLUGS) - number + 1))
        event = _event(to, slug, number, day)
        series_add_event(series=series, event=event, by=to)
        _play(event, to, rng)
        # Played on its evening, weeks ago: its rounds closed then (ratings date each event by it).
        evening = timezone.make_aware(dt.datetime.combine(day, dt.time(22)))
        event.rounds.update(closed_at=evening, published_at=evening - dt.timedelta(hours=4))
    for username, name in REGULARS.items():
        profile_set_public(user=_account(username, name), public=username not in PRIVATE)
    ratings_recompute(game_system="starcraft-tmg")
    return series
