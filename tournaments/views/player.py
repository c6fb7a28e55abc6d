"""A player's own page: rosters, the game in play, reporting and confirming results, dropping."""

from __future__ import annotations

import re
import uuid
from collections.abc import Mapping
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ObjectDoesNotExist
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from accounts import webpush
from tournaments.access import PLAYER, STAFF, EventAccess, access_event, player_or_404
from tournaments.bridges.rules import pack_examples
from tournaments.conditional import conditional
from tournaments.errors import ServiceError, TooLarge
from tournaments.forms.common import add_service_error
from tournaments.forms.player import RosterForm
from tournaments.forms.results import NominationForm, PlayerResultForm, nominee_of
from tournaments.forms.setup import TeamForm
from tournaments.models import (
    Event,
    EventStatus,
    Game,
    ListFormat,
    Player,
    ResultReport,
    ResultStatus,
    RoundStatus,
)
from tournaments.selectors import (
    event_bracket,
    game_in_play,
    player_page_games,
    players_reports,
    report_by_key,
    roster_lock,
    rosters_of,
    table_opponent_rosters,
)
from tournaments.services.players import player_drop
from tournaments.services.reporting import result_confirm, result_dispute, result_dispute_note, result_report
from tournaments.services.rosters import roster_preview, roster_submit, roster_withdraw
from tournaments.services.scoring import scoring_of
from tournaments.services.teams import teammates_set
from tournaments.views.common import actor, nav_context
from tournaments.wording import in_players_words, report_in_my_terms


def roster_slots(access: EventAccess) -> list[int]:
    # OP Guide: Dual List Format — up to two rosters; Single List Format — one. A team game
    # (docs/teams.md): one army per teammate.
    if access.event.team_size is not None:
        return list(range(1, access.event.team_size + 1))
    return [1, 2] if access.event.list_format == ListFormat.DUAL else [1]


def _player_access(request: HttpRequest, slug: str) -> tuple[EventAccess, Player]:
    access = access_event(request.user, slug, PLAYER)
    assert access.player is not None
    return access, access.player


def _reports(game: Game, me: Player) -> tuple[ResultReport | None, ResultReport | None]:
    """The latest report from each side of the table."""
    mine = theirs = None
    for report in players_reports(game):
        if report.reporter_id == me.pk:
            mine = report
        else:
            theirs = report
    return mine, theirs


_DRAFT_LABEL = re.compile(r"Roster (\d+)")


def _drafted_slot(game: Game, player: Player) -> int | None:
    """The roster slot `player` plays in this game, once the game's draft has chosen it.

    The draft stores each seat's choice as the label it offered ("Roster 2: ...", from
    judging.services.draft.roster_label); seat A is player one. The draft app sits above this
    one, so it is read through the game's relation rather than imported.
    """
    try:
        draft = game.draft
    except ObjectDoesNotExist:
        return None
    if draft.completed_at is None:
        return None
    seat = "A" if game.player_one_id == player.pk else "B"
    label = str((draft.result or {}).get("rosters", {}).get(seat, ""))
    match = _DRAFT_LABEL.match(label)
    return int(match.group(1)) if match else None


def _dashboard(
    request: HttpRequest,
    access: EventAccess,
    me: Player,
    *,
    roster_forms: dict[int, RosterForm] | None = None,
    result_form: PlayerResultForm | None = None,
    team_form: TeamForm | None = None,
    note_error: str = "",
    note_value: str | None = None,
    status: int = 200,
) -> HttpResponse:
    rosters = {r.slot: r for r in rosters_of(me)}
    forms = roster_forms or {}
    teammates = {m.position: m.name for m in me.teammates.all()} if access.event.team_size else {}
    slots = [
        {
            "slot": slot,
            "teammate": teammates.get(slot, f"Player {slot}") if access.event.team_size else "",
            "roster": rosters.get(slot),
            # A stored roster's own text is there to correct and resubmit.
            "form": forms.get(slot)
            or RosterForm(
                prefix=f"r{slot}",
                initial={"content": rosters[slot].editable_text()} if slot in rosters else {},
            ),
        }
        for slot in roster_slots(access)
    ]
    games = player_page_games(me)
    current = next((g for g in games if g.round.status == RoundStatus.PUBLISHED), None)
    if current is not None:
        current.round.event = access.event  # the result form reads it: not loaded again
    # A player with a game knows round 1 is paired without asking the database.
    lock = roster_lock(access.event, round_one_paired=True if games else None)
    context = nav_context(access, "me") | {
        "me": me,
        "slots": slots,
        "team_form": team_form or _team_form(access, teammates),
        "games": games,
        "current": current,
        # Withdrawing is refused once rosters lock (services.rosters), as submitting is.
        "can_withdraw": lock is None,
        "submission_open": lock is None,
        "roster_lock": lock,
        # The roster help's examples, from the pack in effect (read only if the help is shown).
        "pack_doc": pack_examples(access.event),
        # "Notify this phone" is offered only where the site can push (docs/push.md).
        "push_key": webpush.public_key(),
        # After the last round there is nothing more to pair: no "pairings appear here".
        "event_over": access.event.status == EventStatus.FINISHED
        or (
            current is None
            and access.event.rounds.filter(status=RoundStatus.CLOSED).count() >= access.event.planned_rounds
            and _out_of_the_cut(access.event, me)
        ),
    }
    if current is not None:
        opponent = current.player_two if current.player_one_id == me.pk else current.player_one
        mine, theirs = _reports(current, me)
        opponent_rosters = table_opponent_rosters(current, me)
        drafted = _drafted_slot(current, opponent) if opponent is not None else None
        if drafted is not None:
            # The roster the draft chose is the one on the table: shown first.
            opponent_rosters.sort(key=lambda r: r.slot != drafted)
        awaiting = current.result_status == ResultStatus.AWAITING
        # The side that must confirm is the side that has not reported (services.reporting):
        # it is asked to confirm or dispute; only the reporter is told to wait.
        can_confirm = (
            awaiting and theirs is not None and (mine is None or mine.created_at < theirs.created_at)
        )
        context |= {
            "opponent": opponent,
            "opponent_rosters": opponent_rosters,
            "drafted_slot": drafted,
            "my_report": report_in_my_terms(mine, current, me),
            # The later of two reports that agree is a confirmation, not a report of one's own.
            "i_confirmed": current.result_status == ResultStatus.CONFIRMED
            and mine is not None
            and theirs is not None
            and theirs.created_at <= mine.created_at,
            "current_result": report_in_my_terms(current, current, me) if current.outcome else None,
            # What a bye scores in this event: its system's table, with the TO's over it.
            "bye_score": scoring_of(access.event).table.bye if opponent is None else None,
            "standings_keys": access.event.system.standings_keys,
            "their_report": report_in_my_terms(theirs, current, me),
            "can_confirm": can_confirm,
            "waiting_for_opponent": awaiting and not can_confirm and mine is not None,
            # While disputed, either player may still put forward the result they claim, so
            # the judges can accept it as it stands instead of retyping it.
            "can_report": opponent is not None
            and current.result_status in (ResultStatus.PENDING, ResultStatus.AWAITING, ResultStatus.DISPUTED),
            "result_form": result_form or PlayerResultForm(game=current, player=me),
            "nomination_form": NominationForm(game=current, player=me),
            "confirm_key": uuid.uuid4().hex,
            "disputed_by_me": current.result_status == ResultStatus.DISPUTED
            and current.disputed_by_id == me.pk,
            "note_error": note_error,
            "note_value": current.dispute_note if note_value is None else note_value,
        }
    return render(request, "tournaments/me.html", context, status=status)


def _out_of_the_cut(event: Event, me: Player) -> bool:
    """After the Swiss rounds, whether this player has nothing more to play: always without a
    top cut; with one, once it is paired and they are not (or no longer) in it."""
    if event.cut_size is None:
        return True
    bracket = event_bracket(event)
    return bracket is not None and me.external_id not in bracket.alive


@login_required
def me(request: HttpRequest, slug: str) -> HttpResponseBase:
    """A player's own page: per user, so its ETag carries the user and their roles."""
    access, player = _player_access(request, slug)
    check = conditional(request, access, "me")
    if (not_modified := check.fresh()) is not None:
        return not_modified
    return check.finish(_dashboard(request, access, player))


@login_required
@require_POST
def roster_save(request: HttpRequest, slug: str, slot: int) -> HttpResponse:
    access, player = _player_access(request, slug)
    if slot not in roster_slots(access):
        raise Http404("No such roster slot.")
    form = RosterForm(request.POST, request.FILES, prefix=f"r{slot}")
    status = 200
    if form.is_valid():
        try:
            roster = roster_submit(
                player=player, slot=slot, content=form.cleaned_data["content"], by=actor(request)
            )
        except ServiceError as exc:
            add_service_error(form, exc, roster_slot=slot)
            status = 413 if isinstance(exc, TooLarge) else 200
        else:
            what = army_name(player, slot)
            if roster.legal:
                messages.success(request, f"{what} is submitted and legal.")
            else:
                messages.warning(request, f"{what} is submitted but not legal: fix it before the deadline.")
            return redirect("me", slug)
    return _dashboard(request, access, player, roster_forms={slot: form}, status=status)


def army_name(player: Player, slot: int) -> str:
    """ "Roster 2", or in a team game (docs/teams.md) the army of the team's player in that slot."""
    teammate = player.teammates.filter(position=slot).first()
    return f"{teammate.name}'s army" if teammate is not None else f"Roster {slot}"


@login_required
@require_POST
def roster_withdraw_view(request: HttpRequest, slug: str, slot: int) -> HttpResponse:
    """Withdraw roster 2: back to a single list, until the deadline."""
    _, player = _player_access(request, slug)
    try:
        roster_withdraw(player=player, slot=slot, by=actor(request))
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, "Roster 2 is withdrawn: you play roster 1 in every round.")
    return redirect("me", slug)


def _team_form(access: EventAccess, names: Mapping[int, str], data: Any = None) -> TeamForm | None:
    """The captain's form naming the team's players (a team game only); `names` by position,
    as the page already holds them (a submitted form shows what was sent instead)."""
    size = access.event.team_size
    if size is None:
        return None
    initial = {f"teammate_{position}": name for position, name in names.items()}
    return TeamForm(data, size=size, initial=initial, prefix="team")


@login_required
@require_POST
def team_save(request: HttpRequest, slug: str) -> HttpResponse:
    """The captain names (or renames) the team's players, until rosters lock."""
    access, team = _player_access(request, slug)
    form = _team_form(access, {}, request.POST)
    if form is None:
        messages.error(request, "This event is one player a side: it has no teams.")
        return redirect("me", slug)
    if form.is_valid():
        try:
            teammates_set(team=team, names=form.teammates(), by=actor(request))
        except ServiceError as exc:
            add_service_error(form, exc)
        else:
            messages.success(request, "Your team's players are saved.")
            return redirect("me", slug)
    return _dashboard(request, access, team, team_form=form)


@login_required
@require_POST
def roster_live_check(request: HttpRequest, slug: str) -> HttpResponse:
    """htmx: validate the roster being typed, with the verdict a submission would store."""
    access = access_event(request.user, slug, PLAYER, *STAFF)
    asked = request.POST.get("slot", "1")
    slot = int(asked) if asked in {str(n) for n in roster_slots(access)} else 1
    player = access.player
    if access.is_staff and request.POST.get("player"):
        player = player_or_404(access, pk=int(request.POST["player"]))
    # The field is prefixed per slot ("r1-content"); whichever textarea sent it.
    key = next((k for k in request.POST if k.endswith("content")), "")
    content = str(request.POST.get(key, ""))
    # After the deadline a player's submission is refused (services.rosters): the check says
    # so beside the verdict instead of a bare "Legal" that submit would then contradict.
    lock = None if access.is_staff else roster_lock(access.event)
    context: dict[str, Any] = {
        "slot": slot,
        "event": access.event,
        "closed": lock is not None,
        "roster_lock": lock,
        "deadline": access.event.roster_deadline,
    }
    if not content.strip():
        context["empty"] = True
    else:
        try:
            context["report"] = roster_preview(event=access.event, content=content, player=player, slot=slot)
        except ServiceError as exc:
            context["error"] = in_players_words(exc.message, slot)
    return render(request, "tournaments/_roster_check.html", context)


def _current_game(access: EventAccess, me: Player) -> Game:
    game = game_in_play(me, access.event)
    if game is None:
        raise Http404("You have no game in play.")
    return game


@login_required
@require_POST
def result_save(request: HttpRequest, slug: str) -> HttpResponse:
    access, player = _player_access(request, slug)
    stored = report_by_key(player, request.POST.get("idempotency_key", ""))
    if stored is not None:  # a resubmission of a report already stored: answer as the first time
        messages.success(request, _after_report_message(stored.game))
        return redirect("me", slug)
    game = _current_game(access, player)
    form = PlayerResultForm(request.POST, game=game, player=player)
    if form.is_valid():
        try:
            game = result_report(
                game=game,
                player=player,
                result=form.result_for(game, player),
                by=actor(request),
                idempotency_key=form.cleaned_data["idempotency_key"] or None,
                nominee=nominee_of(form, game),
            )
        except ServiceError as exc:
            add_service_error(form, exc)
        else:
            messages.success(request, _after_report_message(game))
            return redirect("me", slug)
    return _dashboard(request, access, player, result_form=form)


def _after_report_message(game: Game) -> str:
    if game.result_status == ResultStatus.CONFIRMED:
        return "Result confirmed. Thank you!"
    if game.result_status == ResultStatus.DISPUTED:
        return "Your report differs from your opponent's: a judge will settle it."
    return "Result reported. Your opponent now confirms it."


@login_required
@require_POST
def result_agree(request: HttpRequest, slug: str) -> HttpResponse:
    access, player = _player_access(request, slug)
    key = request.POST.get("idempotency_key", "")
    stored = report_by_key(player, key)
    if stored is not None:
        # A retried confirmation (the first was stored, its answer lost; the round may have
        # closed since): the player is told it succeeded, with the result that stands.
        messages.success(request, _after_report_message(stored.game))
        return redirect("me", slug)
    game = _current_game(access, player)
    nomination = NominationForm(request.POST, game=game, player=player)
    nominee = nominee_of(nomination, game) if nomination.is_valid() else None
    try:
        game = result_confirm(
            game=game, player=player, by=actor(request), idempotency_key=key or None, nominee=nominee
        )
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _after_report_message(game))
    return redirect("me", slug)


@login_required
@require_POST
def result_dispute_view(request: HttpRequest, slug: str) -> HttpResponse:
    """One tap: the opponent's report is wrong; the judges have it at once."""
    access, player = _player_access(request, slug)
    game = _current_game(access, player)
    try:
        result_dispute(game=game, player=player, by=actor(request))
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, "Disputed: the judges have it. Add a note for them below if you like.")
    return redirect("me", slug)


@login_required
@require_POST
def result_dispute_note_view(request: HttpRequest, slug: str) -> HttpResponse:
    """The note for the judges a player adds after disputing in one tap."""
    access, player = _player_access(request, slug)
    game = _current_game(access, player)
    note = str(request.POST.get("note", ""))
    try:
        result_dispute_note(game=game, player=player, by=actor(request), note=note)
    except ServiceError as exc:
        if exc.field != "note":  # nothing of this player's to add a note to: said at the top
            messages.error(request, exc.message)
            return redirect("me", slug)
        return _dashboard(request, access, player, note_error=exc.message, note_value=note)
    messages.success(request, "Your note is with the judges.")
    return redirect("me", slug)


@login_required
def drop(request: HttpRequest, slug: str) -> HttpResponse:
    access, player = _player_access(request, slug)
    if request.method == "POST":
        try:
            player_drop(player=player, by=actor(request), reason="Dropped by the player.")
        except ServiceError as exc:
            messages.error(request, exc.message)
        else:
            messages.success(request, "You have dropped from the event. Your results so far stand.")
        return redirect("me", slug)
    return render(request, "tournaments/drop.html", nav_context(access, "me") | {"me": player})
