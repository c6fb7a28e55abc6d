"""The demo events `make run` loads: real events built through the same services a TO uses.

- A StarCraft event: 16 players with legal rosters (the rulebook's Part 12.12 example
  armies, which are Skirmish armies), three rounds paired, played and closed, and a fourth
  paired and published.
- A Dropzone Commander event, so a newcomer sees a second game: the TO supplied
  the sample pack, 8 players with legal Clash armies, two rounds played with Victory and
  Kill Points, the third paired and published.
- A StarCraft team game (docs/teams.md): four teams of two, each team's armies within one
  budget, a round played and the second paired and published.
- A StarCraft team tournament (docs/team-matches.md): four teams of five, each member with
  a roster of their own, round one paired and published, the captains' pairing protocol
  under way in one match.

Idempotent: loading again rebuilds the demo events and nothing else.
The demo accounts (password = username) exist only for local exploration.
"""

from __future__ import annotations

import datetime as dt
import json
import random
from pathlib import Path

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from rules_engine.registry import get_system
from tournaments.models import Event, EventKind, ListFormat, MatchPairing, Outcome, RosterPublication
from tournaments.services.events import event_create, staff_add, tables_set
from tournaments.services.packs import event_pack_supply
from tournaments.services.players import player_register
from tournaments.services.reporting import ResultInput, result_set
from tournaments.services.rosters import roster_submit
from tournaments.services.rounds import round_pair, round_publish
from tournaments.services.squads import Member, squad_register
from tournaments.services.team_matches import protocol_choose
from tournaments.services.teams import team_register

DEMO_SLUG = "demo-winter-clash"
DEMO_PLAYERS = [
    "Alice Moreau", "Bruno Keller", "Chloé Dubois", "Dmitri Volkov", "Elena Ruiz", "Finn O'Brien",
    "Grace Li", "Hamid Rahimi", "Ingrid Nilsson", "Jonas Weber", "Kofi Mensah", "Lucía Romero",
    "Marta Nowak", "Nils Berg", "Olga Petrova", "Pavel Novák",
]  # fmt: skip
# Same-race pairs, so dual lists are legal (OP Guide: Dual List Format).
ARMIES = [
    ("terran-starter", "terran-founders"),
    ("zerg-starter", "zerg-founders"),
    ("protoss-starter", "protoss-founders"),
]
LAYOUTS = ["Map 1", "Map 2", "Map 3", "Map 4", "Map 5", "Map 6", "Map 1", "Map 2"]
DEMO_USERS = {"demo-to": "Tournament Organiser", "demo-judge": "Head Judge", "demo-player": DEMO_PLAYERS[0]}
PLAYED_ROUNDS = 3
SEED = 2026


def _examples(game_system: str) -> Path:
    """The system's own example armies (`GameSystem.examples`), which the demo plays."""
    folder = get_system(game_system).examples
    if folder is None:
        raise LookupError(f"{game_system} ships no example armies for the demo")
    return folder


def _example(name: str) -> dict[str, object]:
    path = _examples("starcraft-tmg") / f"{name}.json"
    document: dict[str, object] = json.loads(Path(path).read_text(encoding="utf-8"))
    document.pop("expected", None)
    return document


def _user(username: str) -> AbstractBaseUser:
    users = get_user_model()
    user = users.objects.filter(username=username).first()
    if user is None:
        user = users.objects.create_user(username=username, password=username)
    return user


def _demo_day() -> dict[str, object]:
    """What both demo events share: a four-round community event today at the Dice Hall,
    rosters locked a week ago."""
    today = timezone.localdate()
    return {
        "kind": EventKind.COMMUNITY,
        "planned_rounds": 4,
        "starts_on": today,
        "ends_on": today,
        "venue": "The Dice Hall, Main Street",
        "roster_publication": RosterPublication.AFTER_DEADLINE,
        "roster_deadline": timezone.now() - dt.timedelta(days=7),
        "conduct_contact": "Head Judge at the judges' table",
    }


def _remove(slug: str) -> None:
    for old in Event.objects.filter(slug=slug):
        # Games protect their players and tables, so the rounds go first.
        old.rounds.all().delete()
        old.delete()


def _claim_slug(event: Event, slug: str) -> None:
    if event.slug != slug:
        event.slug = slug
        event.save(update_fields=["slug"])


@transaction.atomic
def load_demo() -> Event:
    """The demo events; the StarCraft one is returned (the one the README names first)."""
    event = _load_starcraft_demo()
    load_second_game_demo()
    load_doubles_demo()
    load_team_tournament_demo()
    return event


def _load_starcraft_demo() -> Event:
    _remove(DEMO_SLUG)
    to, judge, player_user = (_user(name) for name in DEMO_USERS)
    event = event_create(
        creator=to,
        name="Demo Winter Clash",
        game_system="starcraft-tmg",
        rules_cutoff=dt.date(2026, 11, 15),
        scale="skirmish",
        list_format=ListFormat.DUAL,
        **_demo_day(),
    )
    _claim_slug(event, DEMO_SLUG)
    tables_set(event=event, actor=to, tables=[(n, LAYOUTS[n - 1]) for n in range(1, 9)])
    staff_add(event=event, actor=to, user=judge, role="head-judge")
    rng = random.Random(SEED)
    for index, name in enumerate(DEMO_PLAYERS):
        player = player_register(event=event, name=name, user=player_user if index == 0 else None, by=to)
        first, second = ARMIES[index % len(ARMIES)]
        for slot, army in ((1, first), (2, second))[: 1 + index % 2]:
            document = {**_example(army), "player": name}
            roster_submit(player=player, slot=slot, content=document, by=to, as_staff=True)
    # Every extra the system's results record, filled mid-range (a full game, nothing flagged).
    details = {extra.key: (extra.low + extra.high) // 2 for extra in event.system.result_extras}
    # Nobody checks in at a demo: its rounds go ahead past the pre-round check (confirm).
    for _ in range(PLAYED_ROUNDS):
        round_ = round_pair(event=event, by=to, seed=rng.randrange(1, 2**31), confirm=True)
        round_publish(round_=round_, by=to, confirm=True)
        for game in round_.games.filter(player_two__isnull=False).select_related("player_one", "player_two"):
            result = ResultInput(
                Outcome.PLAYED,
                vp_one=rng.randint(0, 14),
                vp_two=rng.randint(0, 14),
                details=details,
            )
            result_set(game=game, result=result, by=judge, reason="Demo result entered by the Head Judge")
    round_ = round_pair(event=event, by=to, seed=rng.randrange(1, 2**31), confirm=True)
    round_publish(round_=round_, by=to, confirm=True)
    event.refresh_from_db()
    return event


SECOND_SLUG = "demo-dropzone-clash"
SECOND_PLAYERS = DEMO_PLAYERS[:8]
SECOND_ARMIES = ("ucm-armour", "ucm-airborne")
SECOND_PLAYED_ROUNDS = 2


def _second_army(name: str) -> dict[str, object]:
    document: dict[str, object] = json.loads(
        (_examples("dropzone-commander") / f"{name}.json").read_text(encoding="utf-8")
    )
    return document


@transaction.atomic
def load_second_game_demo() -> Event:
    """The Dropzone Commander demo: a Clash at 1,500 points judged against the sample pack
    the TO supplied, results with Victory and Kill Points (a VP tie goes to KP, DZC:952)."""
    _remove(SECOND_SLUG)
    to, judge, player_user = (_user(name) for name in DEMO_USERS)
    event = event_create(
        creator=to,
        name="Demo Dropzone Clash",
        game_system="dropzone-commander",
        scale="clash",
        points_limit=1500,
        list_format=ListFormat.SINGLE,
        **_demo_day(),
    )
    _claim_slug(event, SECOND_SLUG)
    event_pack_supply(
        event=event,
        actor=to,
        content=get_system("dropzone-commander").pack_for(None).path.read_bytes(),
        filename="ucm-sample.json",
    )
    tables_set(event=event, actor=to, tables=[(n, f"Zone {n}") for n in range(1, 5)])
    staff_add(event=event, actor=to, user=judge, role="head-judge")
    for index, name in enumerate(SECOND_PLAYERS):
        player = player_register(event=event, name=name, user=player_user if index == 0 else None, by=to)
        document = {**_second_army(SECOND_ARMIES[index % 2]), "player": name}
        roster_submit(player=player, slot=1, content=document, by=to, as_staff=True)
    rng = random.Random(SEED + 1)
    for _ in range(SECOND_PLAYED_ROUNDS):
        round_ = round_pair(event=event, by=to, seed=rng.randrange(1, 2**31))
        round_publish(round_=round_, by=to)
        for game in round_.games.filter(player_two__isnull=False).select_related("player_one", "player_two"):
            result = ResultInput(
                Outcome.PLAYED,
                vp_one=rng.randint(0, 10),
                vp_two=rng.randint(0, 10),
                kp_one=rng.randrange(0, 700, 5),
                kp_two=rng.randrange(0, 700, 5),
            )
            result_set(game=game, result=result, by=judge, reason="Demo result entered by the Head Judge")
    round_ = round_pair(event=event, by=to, seed=rng.randrange(1, 2**31))
    round_publish(round_=round_, by=to)
    event.refresh_from_db()
    return event


DOUBLES_SLUG = "demo-doubles"
DOUBLES_TEAMS = ["Dice Hall Raiders", "Zerg Rush Club", "Templar Order", "Night Shift"]
DOUBLES_PLAYED_ROUNDS = 1
# Each team brings two different races (Part 9.1.8: teammates may, or may not, share one).
DOUBLES_ARMIES = (("terran-starter", "zerg-starter"), ("protoss-starter", "terran-founders"))


@transaction.atomic
def load_doubles_demo() -> Event:
    """A StarCraft team game (docs/teams.md): 2v2 at Skirmish, each team's two armies within
    one budget of 2,000 together; four teams, a round played, the second paired and published."""
    _remove(DOUBLES_SLUG)
    to, judge, player_user = (_user(name) for name in DEMO_USERS)
    event = event_create(
        creator=to,
        name="Demo Doubles",
        game_system="starcraft-tmg",
        rules_cutoff=dt.date(2026, 11, 15),
        scale="skirmish",
        team_size=2,
        team_budget=2000,
        **_demo_day(),
    )
    _claim_slug(event, DOUBLES_SLUG)
    tables_set(event=event, actor=to, tables=[(n, LAYOUTS[n - 1]) for n in range(1, 3)])
    staff_add(event=event, actor=to, user=judge, role="head-judge")
    for index, team_name in enumerate(DOUBLES_TEAMS):
        names = DEMO_PLAYERS[2 * index : 2 * index + 2]
        team = team_register(event=event, name=team_name, teammates=names, by=to)
        if index == 0:
            team.user_id = player_user.pk  # the demo player captains the first team
            team.save(update_fields=["user"])
        for slot, (army, name) in enumerate(zip(DOUBLES_ARMIES[index % 2], names, strict=True), start=1):
            roster_submit(
                player=team, slot=slot, content={**_example(army), "player": name}, by=to, as_staff=True
            )
    details = {extra.key: (extra.low + extra.high) // 2 for extra in event.system.result_extras}
    rng = random.Random(SEED + 2)
    for _ in range(DOUBLES_PLAYED_ROUNDS):
        round_ = round_pair(event=event, by=to, seed=rng.randrange(1, 2**31), confirm=True)
        round_publish(round_=round_, by=to, confirm=True)
        for game in round_.games.filter(player_two__isnull=False):
            result = ResultInput(
                Outcome.PLAYED, vp_one=rng.randint(0, 14), vp_two=rng.randint(0, 14), details=details
            )
            result_set(game=game, result=result, by=judge, reason="Demo result entered by the Head Judge")
    round_ = round_pair(event=event, by=to, seed=rng.randrange(1, 2**31), confirm=True)
    round_publish(round_=round_, by=to, confirm=True)
    event.refresh_from_db()
    return event


TEAMS_SLUG = "demo-teams"
TEAMS_SIZE = 5
TEAMS = ["Dice Hall Raiders", "Night Shift", "Templar Order", "Zerg Rush Club"]
TEAM_MEMBERS = [
    "Quentin Marchand", "Rosa Lindqvist", "Samir Haddad", "Tessa Brandt", "Umar Sheikh",
    "Vera Kuznetsova", "Wim de Groot", "Xiadani Flores", "Yusuf Demir", "Zofia Wójcik",
]  # fmt: skip
TEAM_ARMIES = ("terran-starter", "zerg-starter", "protoss-starter", "terran-founders", "zerg-founders")


@transaction.atomic
def load_team_tournament_demo() -> Event:
    """A StarCraft team tournament (docs/team-matches.md): teams of five at Skirmish, matches
    won on games won, players paired by the captains' protocol. Four teams registered (the
    demo player captains the first), round one paired and published; in the first match
    both captains have put forward their defenders and one has offered attackers."""
    _remove(TEAMS_SLUG)
    to, judge, player_user = (_user(name) for name in DEMO_USERS)
    event = event_create(
        creator=to,
        name="Demo Team Tournament",
        game_system="starcraft-tmg",
        rules_cutoff=dt.date(2026, 11, 15),
        scale="skirmish",
        list_format=ListFormat.SINGLE,
        squad_size=TEAMS_SIZE,
        match_pairing=MatchPairing.PROTOCOL,
        protocol_step_minutes=10,
        **_demo_day(),
    )
    _claim_slug(event, TEAMS_SLUG)
    tables_set(event=event, actor=to, tables=[(n, LAYOUTS[(n - 1) % len(LAYOUTS)]) for n in range(1, 11)])
    staff_add(event=event, actor=to, user=judge, role="head-judge")
    names = DEMO_PLAYERS + TEAM_MEMBERS
    for index, team_name in enumerate(TEAMS):
        members = names[TEAMS_SIZE * index : TEAMS_SIZE * (index + 1)]
        squad = squad_register(event=event, team_name=team_name, members=[Member(n) for n in members], by=to)
        if index == 0 and squad.captain is not None:
            squad.captain.user_id = player_user.pk  # the demo player captains the first team
            squad.captain.save(update_fields=["user"])
        for member, army in zip(squad.members.order_by("squad_position"), TEAM_ARMIES, strict=True):
            document = {**_example(army), "player": member.name}
            roster_submit(player=member, slot=1, content=document, by=to, as_staff=True)
    rng = random.Random(SEED + 3)
    round_ = round_pair(event=event, by=to, seed=rng.randrange(1, 2**31), confirm=True)
    round_publish(round_=round_, by=to, confirm=True)
    match = round_.team_matches.filter(team_b__isnull=False).order_by("first_table").first()
    if match is not None and match.team_b is not None:
        # The protocol under way: both defenders revealed, team A's attackers offered.
        a = list(match.team_a.members.order_by("squad_position"))
        b = list(match.team_b.members.order_by("squad_position"))
        protocol_choose(match=match, squad=match.team_a, choice=[a[0].external_id], by=to, as_staff=True)
        protocol_choose(match=match, squad=match.team_b, choice=[b[1].external_id], by=to, as_staff=True)
        protocol_choose(
            match=match, squad=match.team_a, choice=[a[1].external_id, a[2].external_id], by=to, as_staff=True
        )
    event.refresh_from_db()
    return event
