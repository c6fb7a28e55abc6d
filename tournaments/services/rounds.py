"""Rounds: pair with the engine, review, adjust, publish, re-pair or undo.

The bridge between the ORM and the pure pairing engine: the event is read as its results
record (tournaments.bridges), paired, and the games saved with bulk_create.
"""

from __future__ import annotations

import random

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from bracket import CutError
from pairings.engine import PairingError
from tournaments.bridges.cut import cut_view
from tournaments.bridges.pairing import pair_and_save, pair_cut_and_save
from tournaments.errors import ConfirmationRequired, NotReady, ServiceError
from tournaments.models import (
    Event,
    EventStatus,
    Game,
    MatchPairing,
    Outcome,
    Player,
    ResultReport,
    ResultStatus,
    Round,
    RoundStatus,
)
from tournaments.notifications import notify_round_published
from tournaments.season_hooks import final_results_changed
from tournaments.selectors import readiness_summary, round_readiness
from tournaments.services.audit import audit
from tournaments.services.reporting import (
    cut_forfeit_for_drops,
    game_is_done,
    round_close_if_complete,
)
from tournaments.services.team_matches import create_team_matches
from tournaments.services.versions import event_touch


def _locked(round_: Round) -> Round:
    """The round re-read under its row lock: every write to a round and its games takes it
    first, so two tabs editing one draft round apply one after the other, each to what the
    other left (concurrent swaps seated a player twice, or two games on a table)."""
    return Round.objects.select_for_update().select_related("event").get(pk=round_.pk)


def _bump(round_: Round) -> None:
    round_.version += 1
    round_.save(update_fields=["version"])


def _has_results(round_: Round) -> bool:
    if ResultReport.objects.filter(game__round=round_).exists():
        return True
    return round_.games.exclude(outcome__in=["", Outcome.BYE]).exists()


def _refuse_unless_ready(event: Event, *, number: int, step: str, confirm: bool) -> None:
    """The pre-round check: with players not ready, `step` ("pair", "publish")
    goes ahead only when the TO has confirmed it after seeing the list."""
    if confirm:
        return
    problems = round_readiness(event, number=number)
    if problems:
        raise NotReady(
            f"Players are not ready for round {number}: {readiness_summary(problems)}. "
            f"Fix this first, or confirm to {step} anyway.",
            problems=[p.as_dict() for p in problems],
        )


def _is_cut_round(event: Event, number: int) -> bool:
    """Every round after the planned (Swiss) ones of an event with a top cut is the bracket's."""
    return event.cut_size is not None and number > event.planned_rounds


def _create_games(event: Event, round_: Round, seed: int) -> None:
    if _is_cut_round(event, round_.number):
        try:
            pair_cut_and_save(event, round_, seed=seed)
        except CutError as exc:
            raise ServiceError(f"The top cut cannot be paired: {exc}.", code="cut-impossible") from None
        report: dict[str, object] = {}
    elif event.is_team_tournament:
        report = create_team_matches(event, round_, seed=seed)
    else:
        try:
            paired = pair_and_save(event, round_, seed=seed)
        except PairingError as exc:
            raise ServiceError(str(exc), code="pairing-impossible") from None
        report = paired.report.to_dict()
    round_.seed = seed
    round_.pairing_report = report
    round_.version += 1
    round_.save(update_fields=["seed", "pairing_report", "version"])


def _refuse_after_the_final(event: Event) -> None:
    """After the cut's final there is no round to pair: the event can be finished."""
    bracket = cut_view(event).bracket
    if bracket is not None and bracket.rounds_played >= bracket.total_rounds:
        champion = event.players.filter(external_id=bracket.champion).first() if bracket.champion else None
        won = f" {champion.name} won it." if champion is not None else ""
        raise ServiceError(
            f"The top cut is over: its final was round {bracket.final_round}.{won} "
            "There is no round left to pair; finish the event.",
            code="cut-over",
        )


def _open_round_message(round_: Round) -> str:
    """Why the next round cannot be paired yet, naming the tables still without a result: a
    published round closes itself once every table has a confirmed (and reviewed) one."""
    if round_.status == RoundStatus.PAIRED:
        return f"Round {round_.number} is not published yet: publish and play it before pairing the next."
    waiting = [game for game in round_.games.select_related("table") if not game_is_done(game)]
    numbers = sorted(game.table.number for game in waiting if game.table is not None)
    listed = ", ".join(map(str, numbers[:-1])) + f" and {numbers[-1]}" if len(numbers) > 1 else ""
    where = f"table {numbers[0]} has" if len(numbers) == 1 else f"tables {listed} have"
    if len(numbers) != len(waiting):
        where = f"{len(waiting)} games have" if len(waiting) != 1 else "1 game has"
    return (
        f"Round {round_.number} is still being played: {where} no confirmed result yet. "
        "It closes by itself once every result is in; pair the next round then."
    )


@transaction.atomic
def round_pair(
    *, event: Event, by: AbstractBaseUser, seed: int | None = None, confirm: bool = False
) -> Round:
    """Pair the next round. The previous round must be closed; the plan must allow another.

    With players not ready (`selectors.round_readiness`) it is refused (`not-ready`) unless
    `confirm`: the TO sees who has no roster, an illegal one or has not checked in first.
    """
    event = Event.objects.select_for_update().get(pk=event.pk)
    last = event.rounds.order_by("-number").first()
    if last is not None and last.status != RoundStatus.CLOSED:
        raise ServiceError(_open_round_message(last), code="open-round")
    number = (last.number if last else 0) + 1
    if _is_cut_round(event, number):
        _refuse_after_the_final(event)
    elif number > event.planned_rounds:
        raise ServiceError(
            f"All {event.planned_rounds} planned rounds have been played.", code="no-more-rounds"
        )
    _refuse_unless_ready(event, number=number, step="pair", confirm=confirm)
    seed = random.SystemRandom().randrange(1, 2**31) if seed is None else seed
    round_ = Round.objects.create(event=event, number=number, status=RoundStatus.PAIRED)
    _create_games(event, round_, seed)
    if event.status != EventStatus.RUNNING:
        event.status = EventStatus.RUNNING
        event.save(update_fields=["status"])
    audit(event=event, actor=by, action="round-paired", subject=f"Round {number}", data={"seed": seed})
    event_touch(event)
    return round_


@transaction.atomic
def round_repair(
    *, round_: Round, by: AbstractBaseUser, seed: int | None = None, confirm: bool = False
) -> Round:
    """Throw away a round's pairings (no results yet) and pair it again.

    A published round is refused unless `confirm`: players have already seen their tables
    and opponents and may be drafting, and all of that is lost.
    """
    round_ = _locked(round_)
    if round_.status == RoundStatus.CLOSED or _has_results(round_):
        raise ServiceError(
            "Results have been entered for this round; it cannot be re-paired.", code="has-results"
        )
    if round_.status == RoundStatus.PUBLISHED and not confirm:
        raise ConfirmationRequired(
            f"Round {round_.number} is published: players have seen their tables and opponents "
            "and may be running their pre-game drafts. Pairing again replaces every game and "
            "loses those drafts; confirm to go ahead."
        )
    round_.games.all().delete()
    round_.team_matches.all().delete()
    seed = random.SystemRandom().randrange(1, 2**31) if seed is None else seed
    round_.status = RoundStatus.PAIRED
    round_.published_at = None
    round_.save(update_fields=["status", "published_at"])
    _create_games(round_.event, round_, seed)
    audit(
        event=round_.event,
        actor=by,
        action="round-repaired",
        subject=f"Round {round_.number}",
        data={"seed": seed},
    )
    event_touch(round_.event_id)
    return round_


def _discarded(game: Game) -> str:
    """A result an undo throws away, as the audit log keeps it: players by event/1 id."""
    two = game.player_two.external_id if game.player_two is not None else "bye"
    parts = [f"{game.player_one.external_id} v {two}: {game.outcome}"]
    if game.vp_one is not None and game.vp_two is not None:
        parts.append(f"VP {game.vp_one}-{game.vp_two}")
    if game.kp_one is not None and game.kp_two is not None:
        parts.append(f"KP {game.kp_one}-{game.kp_two}")
    if game.loser is not None:
        parts.append(f"loser {game.loser.external_id}")
    if game.winner is not None:
        parts.append(f"winner {game.winner.external_id}")
    return ", ".join(parts)


@transaction.atomic
def round_undo(*, round_: Round, by: AbstractBaseUser, discard_results: bool = False) -> None:
    """Delete a round that has no results yet, as if it had never been paired.

    The last round of a top cut may go with its results (`discard_results`): a correction to
    the round before that changes who went on waits for it (reporting's
    `cut-later-round-paired`), and the bracket is replayed from what is left. The results
    are kept in the audit entry; a finished event runs again.
    """
    round_ = _locked(round_)
    event, number = round_.event, round_.number
    if round_.status == RoundStatus.CLOSED or _has_results(round_):
        last = not event.rounds.filter(number__gt=number).exists()
        if not (discard_results and round_.is_cut and last):
            hint = ""
            if round_.is_cut and last:
                hint = " The last round of a top cut can be undone with its results: confirm discarding them."
            raise ServiceError(
                f"Results have been entered for this round; it cannot be undone.{hint}", code="has-results"
            )
    discarded = [
        _discarded(g)
        for g in round_.games.exclude(outcome="").select_related(
            "player_one", "player_two", "loser", "winner"
        )
    ]
    round_.delete()
    if discarded and event.status == EventStatus.FINISHED:
        event.status = EventStatus.RUNNING
        event.save(update_fields=["status"])
        final_results_changed(event)
    audit(
        event=event,
        actor=by,
        action="round-undone",
        subject=f"Round {number}",
        data={"results_discarded": discarded} if discarded else {},
    )
    event_touch(event)


def _editable(round_: Round) -> None:
    if round_.status != RoundStatus.PAIRED:
        raise ServiceError("Pairings can only be changed before the round is published.", code="published")


@transaction.atomic
def round_swap_players(*, round_: Round, first: Player, second: Player, by: AbstractBaseUser) -> None:
    """Swap two players between their games (a TO's manual adjustment before publishing)."""
    round_ = _locked(round_)
    _editable(round_)
    if round_.is_cut:
        raise ServiceError(
            "The top cut's games are the bracket's: seeds meet as it says, so players cannot be swapped.",
            code="cut-round",
        )
    if round_.event.is_team_tournament:
        # docs/team-matches.md: a match's players are paired inside it (by its protocol, the
        # TO's pairs or the standings order), never moved into another team's match.
        raise ServiceError(
            "In a team tournament players are paired inside their team's match: enter the "
            "match's pairs instead of swapping players.",
            code="team-match-swap",
        )
    games = list(round_.games.all())

    def seat(player: Player) -> tuple[Game, str]:
        for game in games:
            if game.player_one_id == player.pk:
                return game, "player_one"
            if game.player_two_id == player.pk:
                return game, "player_two"
        raise ServiceError(f"{player.name} is not paired in round {round_.number}.", code="not-paired")

    (game_a, side_a), (game_b, side_b) = seat(first), seat(second)
    if game_a.pk == game_b.pk:
        raise ServiceError("Those two players are already playing each other.", code="same-game")
    setattr(game_a, side_a, second)
    setattr(game_b, side_b, first)
    for game in (game_a, game_b):
        game.save()
    _bump(round_)
    audit(
        event=round_.event,
        actor=by,
        action="pairing-swapped",
        subject=f"Round {round_.number}",
        data={"players": [first.external_id, second.external_id]},
    )
    event_touch(round_.event_id)


@transaction.atomic
def round_swap_tables(*, round_: Round, first: Game, second: Game, by: AbstractBaseUser) -> None:
    """Swap the tables of two games. The games are read again under the round's lock: the
    caller's copies may hold tables another swap has just moved."""
    round_ = _locked(round_)
    _editable(round_)
    fresh = {g.pk: g for g in Game.objects.filter(round=round_, pk__in=[first.pk, second.pk])}
    if len(fresh) != 2:
        raise ServiceError("Choose two different games of this round.", code="same-game")
    first, second = fresh[first.pk], fresh[second.pk]
    if first.player_two_id is None or second.player_two_id is None:
        raise ServiceError("A bye has no table.", code="bye")
    if first.team_match_id != second.team_match_id:
        # Each team match plays on its own block of adjacent tables (docs/team-matches.md).
        raise ServiceError(
            "Each team match plays on its own block of tables: swap tables inside one match only.",
            code="team-match-tables",
        )
    first.table, second.table = second.table, first.table
    first.save(update_fields=["table"])
    second.save(update_fields=["table"])
    _bump(round_)
    audit(event=round_.event, actor=by, action="tables-swapped", subject=f"Round {round_.number}")
    event_touch(round_.event_id)


@transaction.atomic
def round_publish(*, round_: Round, by: AbstractBaseUser, confirm: bool = False) -> Round:
    """Publish pairings: players see their table and opponent; byes are scored at once.

    Checked again (a roster may have been withdrawn since pairing): with players not ready
    it is refused (`not-ready`) unless `confirm`.

    Under the round's lock a second publish finds the round published and is refused; the
    audit entry's once-key (round and version) makes the database refuse a second
    "round-published" for the same pairings should anything slip past.
    """
    round_ = _locked(round_)
    _editable(round_)
    _refuse_unless_ready(round_.event, number=round_.number, step="publish", confirm=confirm)
    once_key = f"round-published:{round_.pk}:v{round_.version}"
    round_.status = RoundStatus.PUBLISHED
    round_.published_at = timezone.now()
    round_.version += 1
    round_.save(update_fields=["status", "published_at", "version"])
    round_.games.filter(player_two__isnull=True).update(
        outcome=Outcome.BYE, result_status=ResultStatus.CONFIRMED, version=F("version") + 1
    )
    # The captains' protocol runs once the teams know whom they meet: its clock starts now.
    round_.team_matches.filter(pairing=MatchPairing.PROTOCOL, team_b__isnull=False).update(
        step_started_at=round_.published_at
    )
    if round_.is_cut:
        for game in round_.games.filter(player_two__isnull=False).select_related("player_one", "player_two"):
            cut_forfeit_for_drops(game)
    audit(
        event=round_.event,
        actor=by,
        action="round-published",
        subject=f"Round {round_.number}",
        once_key=once_key,
    )
    if round_close_if_complete(round_=round_):
        round_.refresh_from_db()
    event_touch(round_.event_id)
    notify_round_published(round_)
    return round_
