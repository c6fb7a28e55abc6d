"""A whole event built through the real services, with something in every corner an export carries.

Round 1 (closed): a draft completed at random by a judge once 15 minutes had passed, a
paused clock, results agreed by both sides, a dispute settled by a judge, a game stopped
after one Battle Round and reviewed by the Head Judge, a Caution and a time limit for slow
play followed by a Game Loss. Between rounds: a conduct report, an illegal roster found and
corrected, a Disqualification proposed and declined, a drop. Round 2 (published, so its
games are pending): a bye, a draft under way, a result waiting for confirmation, one agreed.
Hobby awards: offered, a tie broken by the TO, the winners published.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.utils import timezone

from awards.models import Award, AwardKind
from awards.services import award_break_tie, award_vote, awards_close_voting, awards_offer, awards_publish
from judging.models import GameDraft
from judging.services import (
    clock_pause,
    clock_resume,
    clock_start,
    conduct_report_file,
    disqualification_decline,
    draft_act,
    draft_complete_at_random,
    draft_start,
    illegal_roster_correct,
    illegal_roster_finding,
    penalty_issue,
    time_limit_impose,
)
from judging.services.chess_clock import (
    chess_clock_call_judge,
    chess_clock_rule,
    chess_clock_start,
    chess_clock_switch,
)
from judging.services.draft import draft_state
from rules_engine.systems.starcraft_tmg.draft import action_to_dict, legal_actions
from tests.builders.documents import raynor, without_unit
from tournaments.models import Event, Game, Player, RosterPublication, Round, RoundStatus, StaffRoleKind
from tournaments.services.events import event_create, staff_add, tables_set
from tournaments.services.players import player_check_in, player_drop, player_register
from tournaments.services.reporting import ResultInput, result_report, result_review, result_set
from tournaments.services.rosters import roster_submit
from tournaments.services.rounds import round_pair, round_publish

T0 = dt.datetime(2026, 10, 3, 9, 0, tzinfo=dt.UTC)  # round 1 starts
MINUTE = dt.timedelta(minutes=1)


def played(vp_one: int, vp_two: int, battle_rounds: int | None = 5) -> ResultInput:
    details = {"battle_rounds": battle_rounds} if battle_rounds is not None else {}
    return ResultInput(vp_one=vp_one, vp_two=vp_two, details=details)


def both_report(game: Game, result: ResultInput) -> None:
    assert game.player_two is not None
    for player in (game.player_one, game.player_two):
        result_report(game=game, player=player, result=result, by=_reporter(player))
    game.refresh_from_db()


def _reporter(player: Player) -> Any:
    """The player's own account, else the TO entering it for them (as the web app does)."""
    if player.user is not None:
        return player.user
    return player.event.staff.get(role=StaffRoleKind.TO).user


def _hobby_awards(event: Event, alice: Any, judy: Any) -> None:
    """Best Painted and Best Sportsman run by judy: two ballots tie Best Painted, the TO
    chooses, the winners are published (OP Guide: Hobby Awards)."""
    awards_offer(
        event=event, by=alice, best_painted=True, best_in_faction=False, best_sportsman=True, owner=judy
    )
    first, second, third, fourth, *_ = event.players.filter(disqualified_after_round__isnull=True).order_by(
        "id"
    )
    best_painted = Award.objects.get(event=event, kind=AwardKind.BEST_PAINTED)
    award_vote(award=best_painted, voter=first, choice=second, by=alice)
    award_vote(award=best_painted, voter=third, choice=fourth, by=alice)
    awards_close_voting(event=event, by=alice)
    award_break_tie(award=best_painted, winner=fourth, by=alice, reason="Drawn from a hat")
    awards_publish(event=event, by=alice)


def games_of(round_: Round) -> list[Game]:
    return list(
        round_.games.select_related("player_one__user", "player_two__user", "round").order_by(
            "table__number", "id"
        )
    )


def full_event(users: dict[str, Any], size: int = 8, name: str = "Spring Clash") -> Event:
    alice, hank, judy = users["alice"], users["hank"], users["judy"]
    event = event_create(
        creator=alice,
        name=name,
        starts_on=timezone.localdate() + dt.timedelta(days=30),
        planned_rounds=3,
        venue="The Dice Hall",
        conduct_contact="Hank (Head Judge), judges' table",
        # Shown to each opponent only: its rosters stay private although play has begun.
        roster_publication=RosterPublication.OPPONENT_ONLY,
    )
    staff_add(event=event, actor=alice, user=hank, role=StaffRoleKind.HEAD_JUDGE)
    staff_add(event=event, actor=alice, user=judy, role=StaffRoleKind.FLOOR_JUDGE)
    tables_set(event=event, actor=alice, tables=[(n, f"Map {n}") for n in range(1, size // 2 + 1)])
    accounts = {"Bob": users["bob"], "Carol": users["carol"]}
    names = ["Bob", "Carol", *(f"Player {n:02d}" for n in range(3, size + 1))]
    players = [
        player_register(
            event=event,
            name=player_name,
            user=accounts.get(player_name),
            email=f"{player_name.lower().replace(' ', '')}@example.org",
            by=alice,
        )
        for player_name in names
    ]
    for player in players:
        roster_submit(player=player, slot=1, content=raynor(player.name), by=alice, as_staff=True)
    second = raynor("Bob", missions=["Frontlines", "Artefact Hunt"], deployments=["Acropolis", "Breach"])
    roster_submit(player=players[0], slot=2, content=without_unit(second, "Goliath"), by=alice, as_staff=True)
    player_check_in(player=players[0], by=alice)

    # Round 1: every way a result arrives. Some players are not ready on purpose (no roster,
    # nobody checked in): the TO goes past the pre-round check.
    round_1 = round_publish(
        round_=round_pair(event=event, by=alice, seed=1, confirm=True), by=alice, confirm=True
    )
    clock_start(round_=round_1, by=alice, at=T0)
    clock_pause(round_=round_1, by=alice, at=T0 + 10 * MINUTE)
    clock_resume(round_=round_1, by=alice, at=T0 + 13 * MINUTE)
    first, disputed, short, penalised, *rest = games_of(round_1)
    draft = draft_start(game=first, by=alice)
    draft_complete_at_random(draft=draft, by=judy, now=T0 + 20 * MINUTE, seed=7)
    both_report(first, played(12, 3))
    result_report(game=disputed, player=disputed.player_one, result=played(10, 5), by=alice)
    assert disputed.player_two is not None
    result_report(game=disputed, player=disputed.player_two, result=played(5, 10), by=alice)
    result_set(game=disputed, result=played(10, 5), by=judy, reason="Both slips say 10-5.")
    both_report(short, played(4, 1, battle_rounds=1))
    result_review(game=short, by=hank, stands=True, reason="Both players agreed to stop.")
    slow = penalised.player_one
    penalty_issue(event=event, player=slow, level="caution", category="slow-play", by=judy, notes="Slow.")
    time_limit_impose(
        event=event, player=slow, by=judy, seconds_per_activation=90, notes="After the Caution."
    )
    penalty_issue(
        event=event,
        player=slow,
        level="game-loss",
        category="conduct",
        by=hank,
        notes="Abuse.",
        game=penalised,
    )
    for game in rest:
        both_report(game, played(8, 6))
    round_1.refresh_from_db()
    assert round_1.status == RoundStatus.CLOSED

    # Between rounds.
    conduct_report_file(
        event=event, by=users["bob"], category="intimidation", description="Shouting.", people_involved="X"
    )
    roster = players[2].rosters.get(slot=1)
    roster.document = {
        **roster.document,
        "units": [*roster.document["units"], {"name": "Marine", "models": 6}],
    }
    roster.save(update_fields=["document"])  # as it really was: 9 of 8 Core slots, found only now
    finding = illegal_roster_finding(roster=roster, by=judy, games_decision="stand", decision_note="Minor.")
    assert finding.repair is not None
    illegal_roster_correct(finding=finding, content=finding.repair["document"], by=judy)
    proposal = penalty_issue(
        event=event,
        player=players[3],
        level="disqualification",
        category="conduct",
        by=hank,
        notes="Threats.",
    )
    disqualification_decline(penalty=proposal, by=alice, note="A misunderstanding.")
    player_drop(player=players[-1], by=alice, reason="Had to leave.")

    # Round 2, under way: a bye, a draft started, a result awaiting confirmation, one agreed.
    round_2 = round_publish(
        round_=round_pair(event=event, by=alice, seed=2, confirm=True), by=alice, confirm=True
    )
    clock_start(round_=round_2, by=alice, at=T0 + 180 * MINUTE)
    started, awaiting, agreed, *_ = [g for g in games_of(round_2) if g.player_two is not None]
    under_way = draft_start(game=started, by=alice)
    # One choice made: the first the rules allow, by the player whose turn it is.
    choice = legal_actions(draft_state(under_way))[0]
    chooser = started.player_one if getattr(choice, "player", "A") == "A" else started.player_two
    assert chooser is not None
    draft_act(draft=under_way, player=chooser, action=action_to_dict(choice), by=alice)
    # The drafting table plays on a chess clock: started, one switch, a judge call, the ruling.
    one, two = started.player_one, started.player_two
    assert two is not None
    chess_clock_start(game=started, player=one, by=alice, at=T0 + 200 * MINUTE)
    chess_clock_switch(
        game=started, player=one, from_seat="A", action_id="t1", by=alice, at=T0 + 203 * MINUTE
    )
    chess_clock_call_judge(game=started, player=two, action_id="c1", by=alice, at=T0 + 204 * MINUTE)
    chess_clock_rule(game=started, ruling="Play on.", by=judy, at=T0 + 206 * MINUTE)
    result_report(game=awaiting, player=awaiting.player_one, result=played(9, 4), by=alice)
    both_report(agreed, played(7, 7))
    assert GameDraft.objects.filter(game__round__event=event).count() == 2
    _hobby_awards(event, alice, judy)
    return Event.objects.get(pk=event.pk)  # the services saved the event's status on their own copies
