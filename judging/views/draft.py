"""The pre-game draft on the players' phones, for a game system whose pre-game sequence is
a draft: a page, a state fragment polled every 2 seconds, one POST per choice; the judges'
entries (a roster told to them privately, a Roll-Off rolled at the table); and the judges'
overview with the random completion once the system's overrun time has passed.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from judging import selectors
from judging.domain import clock as clock_domain
from judging.models import GameDraft
from judging.presenters import draft_dict, judge_entries
from judging.services import (
    draft_act,
    draft_complete_at_random,
    draft_enter_roll_off,
    draft_enter_roster,
    draft_start,
)
from judging.services.draft import draft_rules, draft_state, overrun_deadline, seat_of
from judging.views.common import actor, is_htmx, page
from rules_engine import strict_json
from rules_engine.pregame import DraftRules
from tournaments.access import STAFF, EventAccess, access_event, game_or_404, round_or_404
from tournaments.errors import ServiceError
from tournaments.models import Game, Player
from tournaments.views.common import confirmation_page


def _draft_rules(access: EventAccess) -> DraftRules:
    """The event's game system's draft; a system without one has no draft pages."""
    rules = draft_rules(access.event)
    if rules is None:
        raise Http404("This game system has no pre-game draft.")
    return rules


def _allowed(request: HttpRequest, slug: str, game_id: int) -> tuple[EventAccess, Game]:
    """The game's two players and the staff; everyone else gets a 404."""
    access = access_event(request.user, slug)
    _draft_rules(access)
    game = game_or_404(access, game_id)  # players never see a round still being reviewed
    if not access.is_staff and seat_of(game, access.player) is None:
        raise Http404("No such game.")
    return access, game


def _judge_panel(access: EventAccess, game: Game, state: Any = None) -> dict[str, Any] | None:
    if not access.is_staff:
        return None
    rules = _draft_rules(access)
    deadline = overrun_deadline(rules)
    facts = selectors.clock_facts(game.round)
    now = timezone.now()
    overrun = clock_domain.draft_overrun(facts, now, deadline)
    left = None
    if facts.started_at is not None and not overrun:
        left = int((deadline - clock_domain.elapsed(facts, now)).total_seconds())
    # A judge playing in this game (a community TO) sees it as a player and enters nothing.
    playing = seat_of(game, access.player) is not None
    entries = judge_entries(rules, state) if state is not None and not playing else None
    return {
        "started": facts.started_at is not None,
        "overrun": overrun,
        "seconds_left": left,
        "entries": entries,
        "overrun_minutes": rules.overrun_minutes,
    }


def _context(access: EventAccess, game: Game, draft: GameDraft | None, error: str = "") -> dict[str, Any]:
    seat = seat_of(game, access.player)
    rules = _draft_rules(access)
    state = draft_state(draft) if draft is not None else None
    return page(
        access,
        "draft",
        game=game,
        draft=draft_dict(rules, state, seat) if state is not None else None,
        overrun_minutes=rules.overrun_minutes,
        stored=draft,
        version=version_of(draft),
        error=error,
        judge=_judge_panel(access, game, state),
    )


def version_of(draft: GameDraft | None) -> str:
    """Changes with every stored action: a poll that already shows it gets 204, and no swap."""
    return f"{len(draft.actions)}-{draft.step}" if draft is not None else "none"


def _load(request: HttpRequest, game: Game) -> tuple[GameDraft | None, str]:
    draft = selectors.draft_for_game(game)
    if draft is not None:
        return draft, ""
    try:
        return draft_start(game=game, by=actor(request)), ""
    except ServiceError as exc:
        return None, exc.message


@login_required
def draft_page(request: HttpRequest, slug: str, game_id: int) -> HttpResponse:
    access, game = _allowed(request, slug, game_id)
    draft, error = _load(request, game)
    return render(request, "judging/draft.html", _context(access, game, draft, error))


@login_required
def state(request: HttpRequest, slug: str, game_id: int) -> HttpResponse:
    """The polled fragment. Unchanged since the poll's version: 204, so htmx keeps the page as is
    (a tap in progress is not swapped away). Judges always get it, for the 15-minute countdown."""
    access, game = _allowed(request, slug, game_id)
    draft, error = _load(request, game)
    if not error and not access.is_staff and request.GET.get("v") == version_of(draft):
        return HttpResponse(status=204)
    return render(request, "judging/_draft_state.html", _context(access, game, draft, error))


def _answer(request: HttpRequest, access: EventAccess, game: Game, error: str, done: str) -> HttpResponse:
    if is_htmx(request):
        draft = selectors.draft_for_game(game)
        return render(request, "judging/_draft_state.html", _context(access, game, draft, error))
    if error:
        messages.error(request, error)
    elif done:
        messages.success(request, done)
    return redirect("judging:draft", access.event.slug, game.pk)


@login_required
@require_POST
def act(request: HttpRequest, slug: str, game_id: int) -> HttpResponse:
    access, game = _allowed(request, slug, game_id)
    if seat_of(game, access.player) is None:
        raise Http404("No such game.")
    draft = selectors.draft_for_game(game)
    if draft is None:
        return _answer(request, access, game, "The draft has not started yet; reload the page.", "")
    try:
        payload = strict_json.loads(request.POST.get("action", ""))
        if not isinstance(payload, dict):
            raise ValueError
    except ValueError:
        return _answer(request, access, game, "That choice could not be read; try again.", "")
    assert access.player is not None
    try:
        draft_act(draft=draft, player=access.player, action=payload, by=actor(request))
    except ServiceError as exc:
        return _answer(request, access, game, exc.message, "")
    return _answer(request, access, game, "", "")


@login_required
@require_POST
def complete_at_random(request: HttpRequest, slug: str, game_id: int) -> HttpResponse:
    access, game = _allowed(request, slug, game_id)
    if not access.is_staff:
        raise Http404("No such game.")
    # htmx asks with hx-confirm and sends the confirmation itself; without script, a page asks.
    table = game.table.number if game.table else "?"
    overview = request.POST.get("next") == "overview"
    asking = confirmation_page(
        request,
        access,
        section="drafts",
        title=f"Complete the draft of table {table} at random?",
        consequence=(
            f"The remaining steps of table {table}'s draft are completed at random "
            "(OP Guide: if the sequence overruns). The random picks stand."
        ),
        button="Complete at random",
        cancel=(
            f"{_overview_url(slug)}?round={game.round.number}"
            if overview
            else reverse("judging:draft", args=[slug, game.pk])
        ),
    )
    if asking is not None:
        return asking
    draft, error = _load(request, game)
    if draft is not None:
        try:
            draft_complete_at_random(draft=draft, by=actor(request))
        except ServiceError as exc:
            error = exc.message
    if not is_htmx(request) and request.POST.get("next") == "overview":
        if error:
            messages.error(request, error)
        else:
            messages.success(
                request, f"Draft of table {game.table.number if game.table else '?'} completed at random."
            )
        return redirect(f"{_overview_url(slug)}?round={game.round.number}")
    return _answer(request, access, game, error, "" if error else "The draft was completed at random.")


def _seat_player(game: Game, seat: str) -> Player | None:
    return {"A": game.player_one, "B": game.player_two}.get(seat)


def _judge_entry(
    request: HttpRequest, slug: str, game_id: int
) -> tuple[EventAccess, Game, GameDraft | None, str]:
    """The draft a judge enters a choice in; players (and everyone else) get a 404."""
    access, game = _allowed(request, slug, game_id)
    if not access.is_staff:
        raise Http404("No such game.")
    draft, error = _load(request, game)
    return access, game, draft, error


@login_required
@require_POST
def enter_roster(request: HttpRequest, slug: str, game_id: int) -> HttpResponse:
    """OP Guide, Step 1: a player told the judge their roster privately; the judge enters it."""
    access, game, draft, error = _judge_entry(request, slug, game_id)
    player = _seat_player(game, request.POST.get("seat", ""))
    done = ""
    if draft is not None and not error:
        if player is None:
            error = "Say whose roster this is."
        else:
            try:
                draft_enter_roster(
                    draft=draft, player=player, roster=request.POST.get("roster", ""), by=actor(request)
                )
            except ServiceError as exc:
                error = exc.message
            else:
                done = f"{player.name}'s roster is entered; their opponent sees it once both are in."
    return _answer(request, access, game, error, done)


@login_required
@require_POST
def enter_roll_off(request: HttpRequest, slug: str, game_id: int) -> HttpResponse:
    """OP Guide, Step 3: the Roll-Off was rolled with real dice at the table; the judge enters the winner."""
    access, game, draft, error = _judge_entry(request, slug, game_id)
    winner = _seat_player(game, request.POST.get("winner", ""))
    done = ""
    if draft is not None and not error:
        if winner is None:
            error = "Say who won the Roll-Off."
        else:
            try:
                draft_enter_roll_off(draft=draft, winner=winner, by=actor(request))
            except ServiceError as exc:
                error = exc.message
            else:
                done = f"{winner.name} won the Roll-Off and takes priority."
    return _answer(request, access, game, error, done)


def _overview_url(slug: str) -> str:
    return reverse("judging:drafts", args=[slug])


@login_required
def overview(request: HttpRequest, slug: str) -> HttpResponse:
    """Every game of a round with its draft's step: what the judges chase at the 15-minute call."""
    access = access_event(request.user, slug, *STAFF)
    rules = _draft_rules(access)
    raw = request.GET.get("round", "")
    round_ = round_or_404(access, int(raw)) if raw.isdigit() else selectors.clock_round(access.event)
    rows = []
    judge = None
    if round_ is not None:
        games = list(
            round_.games.filter(player_two__isnull=False)
            .select_related("table", "player_one", "player_two", "draft")
            .order_by("table__number", "id")
        )
        for game in games:
            stored: GameDraft | None = getattr(game, "draft", None)
            rows.append({"game": game, "draft": stored})
        judge = _judge_panel(access, games[0]) if games else None
    context = page(
        access, "drafts", round=round_, rows=rows, judge=judge, overrun_minutes=rules.overrun_minutes
    )
    return render(request, "judging/draft_overview.html", context)
