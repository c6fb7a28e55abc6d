"""An event of each game system in the middle of its event day, and one that has finished,
built through the real services: what the page walk (tests/browser/test_every_page.py)
visits as every role.

Mid-play (`mid_play`): alice the TO, hank the Head Judge, judy a Floor Judge; bob, carol and
six more players with legal rosters, public once the deadline passed (it has: round 1 is
paired). Round 1 is played and closed. Round 2 is published with its round clock running:
bob v carol at table 1 with their chess clock running (and, where the system has one, the
pre-game draft under way), a result waiting for its confirmation, a dispute at a table whose
chess clock waits for a judge, one confirmed.
A Warning and a proposed Disqualification are logged, a conduct report filed, an illegal
roster found, the hobby awards open for votes.

Finished (`finished`): four players, the single Swiss round played and confirmed, then a top
cut of two (its final played: a champion), the winners of the hobby awards published.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from django.utils import timezone

from awards.groups import award_groups
from awards.models import Award, AwardKind
from awards.services import award_vote, awards_close_voting, awards_offer, awards_publish
from judging.models import RosterFinding
from judging.services import (
    clock_start,
    conduct_report_file,
    draft_act,
    draft_start,
    illegal_roster_finding,
    penalty_issue,
)
from judging.services.chess_clock import chess_clock_call_judge, chess_clock_start, chess_clock_switch
from judging.services.draft import draft_state
from printing.models import PrintJob
from rules_engine.pregame import PregameKind
from rules_engine.registry import get_system
from rules_engine.systems.starcraft_tmg.draft import action_to_dict, legal_actions
from tests.builders.documents import raynor
from tests.builders.results_systems import SCALES
from tests.builders.systems import CASES
from tournaments.invitation_mails import invitation_token, staff_invitation_token
from tournaments.models import Event, Game, Player, RosterPublication, Round, StaffRoleKind
from tournaments.services.events import event_create, staff_add, tables_set
from tournaments.services.players import player_register
from tournaments.services.reporting import ResultInput, result_report
from tournaments.services.rosters import roster_submit
from tournaments.services.rounds import round_pair, round_publish
from tournaments.services.staff_invitations import staff_invite

# Carol's long name: the tables and the chess clock must hold a real one at 390 px.
NAMES = ["Bob", "Carolina Montgomery-Featherstonehaugh", "Dan", "Erin", "Frank", "Grace", "Heidi", "Ivan"]


@dataclass(frozen=True)
class EventDay:
    """What the walk needs to name the pages: the event and the ids in its URLs."""

    event: Event
    bob: Player
    game: Game  # bob v carol, round 2, table 1: the chess clock (and draft) game
    round_number: int
    finding: RosterFinding | None
    award: Award | None
    # Links a person follows: a seat's invitation, a staff invitation; a print job's page.
    invitation: str = ""
    staff_invitation: str = ""
    print_job: int | None = None

    @property
    def slug(self) -> str:
        return self.event.slug


def roster_for(system: str, name: str) -> Any:
    """A legal roster of the system for the player `name` (StarCraft: the 9.1.7 example)."""
    if system == "starcraft-tmg":
        return raynor(name)
    return next(case for case in CASES if case.slug == system).legal(name)


def illegal_roster_for(system: str, name: str) -> Any:
    """A roster of the system with mistakes (StarCraft: six Marines too many Core slots)."""
    if system == "starcraft-tmg":
        document = raynor(name)
        return {**document, "units": [*document["units"], {"name": "Marine", "models": 6}]}
    return next(case for case in CASES if case.slug == system).mistakes(name)


def win(system: str, one: Player, two: Player) -> ResultInput:
    """A win for player one as the system records it."""
    if system == "starcraft-tmg":
        return ResultInput(vp_one=9, vp_two=4, details={"battle_rounds": 5})
    if system == "dropzone-commander":
        return ResultInput(vp_one=6, vp_two=3, kp_one=900, kp_two=450)
    if system == "morsdei":
        return ResultInput(outcome="complete-victory", vp_one=4, vp_two=5, loser=two)
    return ResultInput(winner=one)


def loss(system: str, one: Player, two: Player) -> ResultInput:
    """The other side of a dispute: player two won."""
    if system == "starcraft-tmg":
        return ResultInput(vp_one=3, vp_two=12, details={"battle_rounds": 5})
    if system == "dropzone-commander":
        return ResultInput(vp_one=2, vp_two=6, kp_one=450, kp_two=900)
    if system == "morsdei":
        return ResultInput(vp_one=2, vp_two=9)
    return ResultInput(winner=two)


def _report(game: Game, system: str, by: Any, *, both: bool = True, disputed: bool = False) -> None:
    one, two = game.player_one, game.player_two
    assert two is not None
    result_report(game=game, player=one, result=win(system, one, two), by=by)
    if both:
        other = loss(system, one, two) if disputed else win(system, one, two)
        result_report(game=game, player=two, result=other, by=by)


def _event(
    users: dict[str, Any], system: str, *, name: str, rounds: int, size: int, cut_size: int | None = None
) -> tuple[Event, list[Player]]:
    alice = users["alice"]
    case = next((c for c in CASES if c.slug == system), None)
    event = event_create(
        creator=alice,
        name=name,
        game_system=system,
        kind="community",
        scale=SCALES[system] if system != "starcraft-tmg" else "standard",
        points_limit=case.points_limit if case else None,
        planned_rounds=rounds,
        cut_size=cut_size,
        starts_on=timezone.localdate(),
        ends_on=timezone.localdate(),
        venue="The Dice Hall, Main Street",
        conduct_contact="Hank (Head Judge), judges' table",
        roster_publication=RosterPublication.AFTER_DEADLINE,
        roster_deadline=timezone.now() - dt.timedelta(days=1),
        time_zone="Europe/Warsaw",
    )
    staff_add(event=event, actor=alice, user=users["hank"], role=StaffRoleKind.HEAD_JUDGE)
    staff_add(event=event, actor=alice, user=users["judy"], role=StaffRoleKind.FLOOR_JUDGE)
    tables_set(event=event, actor=alice, tables=[(n, f"Map {n}") for n in range(1, size // 2 + 1)])
    accounts = {NAMES[0]: users["bob"], NAMES[1]: users["carol"]}
    players = []
    for player_name in NAMES[:size]:
        player = player_register(
            event=event,
            name=player_name,
            user=accounts.get(player_name),
            email=f"{player_name.split()[0].lower()}@example.org",
            by=alice,
        )
        roster_submit(player=player, slot=1, content=roster_for(system, player_name), by=alice, as_staff=True)
        players.append(player)
    return event, players


def _round(event: Event, by: Any, number: int) -> Round:
    round_ = round_publish(
        round_=round_pair(event=event, by=by, seed=number, confirm=True), by=by, confirm=True
    )
    return round_


def _games(round_: Round) -> list[Game]:
    return list(
        round_.games.filter(player_two__isnull=False)
        .select_related("player_one", "player_two")
        .order_by("table__number")
    )


def _seat_bob_and_carol_at_table_one(round_: Round, bob: Player, carol: Player) -> Game:
    """Whatever the pairing did, bob v carol at table 1 (a TO's swap, as the round page does)."""
    from tournaments.services.rounds import round_swap_players

    alice = round_.event.staff.get(role=StaffRoleKind.TO).user
    first = _games(round_)[0]
    for wanted, seat in ((bob, "player_one"), (carol, "player_two")):
        first.refresh_from_db()
        current = getattr(first, seat)
        if current != wanted:
            round_swap_players(round_=round_, first=current, second=wanted, by=alice)
    first.refresh_from_db()
    return first


def mid_play(users: dict[str, Any], system: str) -> EventDay:
    alice, hank, judy = users["alice"], users["hank"], users["judy"]
    event, players = _event(users, system, name=f"{get_system(system).name} Winter Open", rounds=3, size=8)
    bob, carol = players[0], players[1]
    round_1 = _round(event, alice, 1)
    for game in _games(round_1):
        _report(game, system, alice)
    # Round 2 is paired before it is published: bob v carol seated at table 1 first.
    round_2 = round_pair(event=event, by=alice, seed=2, confirm=True)
    game = _seat_bob_and_carol_at_table_one(round_2, bob, carol)
    round_2 = round_publish(round_=round_2, by=alice, confirm=True)
    now = timezone.now()
    clock_start(round_=round_2, by=alice, at=now - dt.timedelta(minutes=20))
    if get_system(system).pregame.kind == PregameKind.DRAFT:
        draft = draft_start(game=game, by=alice)
        choice = legal_actions(draft_state(draft))[0]
        chooser = game.player_one if getattr(choice, "player", "A") == "A" else game.player_two
        assert chooser is not None
        draft_act(draft=draft, player=chooser, action=action_to_dict(choice), by=alice)
    chess_clock_start(game=game, player=bob, by=users["bob"], at=now - dt.timedelta(minutes=15))
    chess_clock_switch(
        game=game,
        player=bob,
        from_seat="A",
        action_id="w1",
        by=users["bob"],
        at=now - dt.timedelta(minutes=9),
    )
    awaiting, disputed, agreed = _games(round_2)[1:4]
    _report(awaiting, system, alice, both=False)
    # Table 3 plays on a chess clock too, paused: a player called a judge (the judges' queue
    # and the round's chess clocks show it waiting).
    chess_clock_start(game=disputed, player=disputed.player_one, by=alice, at=now - dt.timedelta(minutes=12))
    chess_clock_call_judge(
        game=disputed, player=disputed.player_one, action_id="w2", by=alice, at=now - dt.timedelta(minutes=4)
    )
    _report(disputed, system, alice, disputed=True)
    _report(agreed, system, alice)
    penalty_issue(
        event=event, player=players[2], level="warning", category="slow-play", by=judy, notes="Slow."
    )
    penalty_issue(
        event=event,
        player=players[3],
        level="disqualification",
        category="conduct",
        by=hank,
        notes="Threats.",
    )
    conduct_report_file(
        event=event, by=users["bob"], category="intimidation", description="Shouting.", people_involved="Ivan"
    )
    # Found only now, in play: the roster had mistakes (a judge enters it as it really was).
    roster = roster_submit(
        player=players[4], slot=1, content=illegal_roster_for(system, players[4].name), by=judy, as_staff=True
    )
    finding = illegal_roster_finding(roster=roster, by=judy, games_decision="stand", decision_note="Minor.")
    awards_offer(
        event=event,
        by=alice,
        best_painted=True,
        best_in_faction=bool(award_groups(event)),  # only where the system has faction groups
        best_sportsman=True,
        owner=judy,
    )
    award = Award.objects.filter(event=event, kind=AwardKind.BEST_PAINTED).first()
    assert award is not None
    award_vote(award=award, voter=carol, choice=players[5], by=users["carol"])
    # An imported seat with no account yet (its invitation link), a judge invited by e-mail,
    # and standings queued for printing.
    seat = player_register(event=event, name="Una", email="una@example.org", by=alice)
    staff = staff_invite(event=event, email="newjudge@example.org", role=StaffRoleKind.FLOOR_JUDGE, by=alice)
    job = PrintJob.objects.create(event=event, kind="standings", fingerprint="walk", requested_by=alice)
    return EventDay(
        Event.objects.get(pk=event.pk),
        bob,
        game,
        2,
        finding,
        award,
        invitation=invitation_token(seat),
        staff_invitation=staff_invitation_token(staff),
        print_job=job.pk,
    )


def finished(users: dict[str, Any], system: str) -> EventDay:
    alice = users["alice"]
    event, players = _event(
        users, system, name=f"{get_system(system).name} Autumn Cup", rounds=1, size=4, cut_size=2
    )
    awards_offer(event=event, by=alice, best_painted=True, best_in_faction=False, best_sportsman=True)
    round_1 = _round(event, alice, 1)
    games = _games(round_1)
    for game in games:
        _report(game, system, alice)
    [final] = _games(_round(event, alice, 2))  # the top cut's final
    _report(final, system, alice)
    award = Award.objects.get(event=event, kind=AwardKind.BEST_PAINTED)
    award_vote(award=award, voter=players[1], choice=players[2], by=alice)
    awards_close_voting(event=event, by=alice)
    awards_publish(event=event, by=alice)
    event.refresh_from_db()
    assert event.status == "finished", event.status
    return EventDay(event, players[0], games[0], 1, None, award)
