"""A table's chess clock on the players' phones (OP Guide: Chess Clocks), and what the judges
do with it: acknowledge a start on an absent player's time, rule on a call, and read every
switch, pause and ruling as slow-play evidence.

The players' part is a fragment polled every 3 seconds (the table view `/me/` loads it;
`/games/<id>/chess-clock/` is the same fragment on a page of its own, for a phone lent to the
table). An unchanged poll is a 204, so htmx keeps what is shown; `static/js/chess_clock.js`
counts the running pool down in between from `zero_at`. Each form carries a fresh action id,
so a doubled tap or a resent form is recorded once.
"""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from judging import selectors
from judging.models import ChessClock, Infraction, Penalty
from judging.services.chess_clock import (
    RULING_MAX,
    chess_clock_acknowledge,
    chess_clock_call_judge,
    chess_clock_lend,
    chess_clock_rule,
    chess_clock_start,
    chess_clock_switch,
    seat_of,
)
from judging.views.common import actor, is_htmx, page
from tournaments.access import STAFF, EventAccess, access_event, game_or_404, round_or_404
from tournaments.conditional import never_cache_by_time
from tournaments.errors import ServiceError
from tournaments.models import Game

POLL_SECONDS = 3


def _table(request: HttpRequest, slug: str, game_id: int, *roles: str) -> tuple[EventAccess, Game]:
    """The game's two players and the staff; everyone else gets a 404 (a bye has no clock)."""
    access = access_event(request.user, slug, *roles)
    game = game_or_404(access, game_id)  # players never see a round still being reviewed
    if game.player_two is None or (not access.is_staff and seat_of(game, access.player) is None):
        raise Http404("No such table.")
    return access, game


def poll_version(reading: dict[str, Any]) -> str:
    """What the fragment shows beyond the ticking digits: the log's length and who has run out
    (that changes by time alone)."""
    flags = "".join("1" if s["run_out"] else "0" for s in reading["seats"])
    return f"{reading['version']}-{flags}"


def _context(access: EventAccess, game: Game, error: str = "") -> dict[str, Any]:
    seat = seat_of(game, access.player)
    reading = selectors.chess_clock_reading(game, selectors.chess_clock_for_game(game), seat=seat)
    seats = {s["seat"]: s for s in reading["seats"]}
    running = seats.get(reading["running"]) if reading["running"] else None
    waiting_for = seats["B" if reading["running"] == "A" else "A"] if reading["running"] else None
    me = seats.get(seat) if seat else None
    return page(
        access,
        "chess-clock",
        game=game,
        clock=reading,
        me_seat=me,
        running_seat=running,
        other_seat=waiting_for,
        opponent_seat=seats.get("B" if seat == "A" else "A") if seat else None,
        lending=seat is not None and reading["lender"] == seat,
        run_out_me=bool(me and me["run_out"]),
        anyone_run_out=any(s["run_out"] for s in reading["seats"]),
        action_id=uuid.uuid4().hex,
        version=poll_version(reading),
        time_called_at=(
            datetime.fromisoformat(reading["time_called_at"]) if reading["time_called_at"] else None
        ),
        poll_seconds=POLL_SECONDS,
        error=error,
        playing=seat is not None,
    )


def _fragment(request: HttpRequest, access: EventAccess, game: Game, error: str = "") -> HttpResponse:
    return never_cache_by_time(render(request, "judging/_chess_clock.html", _context(access, game, error)))


@login_required
def page_view(request: HttpRequest, slug: str, game_id: int) -> HttpResponse:
    access, game = _table(request, slug, game_id)
    return never_cache_by_time(render(request, "judging/chess_clock.html", _context(access, game)))


@login_required
def state(request: HttpRequest, slug: str, game_id: int) -> HttpResponse:
    """The polled fragment: 204 when nothing but the digits moved since the poll's version."""
    access, game = _table(request, slug, game_id)
    context = _context(access, game)
    if request.GET.get("v") == context["version"]:
        return never_cache_by_time(HttpResponse(status=204))
    return never_cache_by_time(render(request, "judging/_chess_clock.html", context))


PLAYER_ACTIONS = ("start", "start-absent", "switch", "call-judge", "lend-on", "lend-off")
DONE = {
    "start": "Chess clock started for both players.",
    "start-absent": "The judges are told; the clock starts on your opponent's time when a judge agrees.",
    "switch": "",
    "call-judge": "Judge called: the clock is paused until the ruling.",
    "lend-on": "Your opponent may use your remaining minutes. Withdraw it at any moment.",
    "lend-off": "Your minutes are your own again.",
}


@login_required
@require_POST
def act(request: HttpRequest, slug: str, game_id: int) -> HttpResponse:
    """One player action from a phone of the table."""
    access, game = _table(request, slug, game_id)
    player = access.player
    if seat_of(game, player) is None:
        raise Http404("No such table.")
    assert player is not None
    action = request.POST.get("action", "")
    action_id = request.POST.get("action_id", "")[:64]
    by = actor(request)
    error = ""
    try:
        if action == "start":
            chess_clock_start(game=game, player=player, by=by)
        elif action == "start-absent":
            chess_clock_start(game=game, player=player, by=by, on_opponents_time=True)
        elif action == "switch":
            side = request.POST.get("from", "")
            if side not in ("A", "B"):
                raise ServiceError("That tap could not be read; try again.", code="invalid")
            chess_clock_switch(
                game=game, player=player, from_seat="A" if side == "A" else "B", action_id=action_id, by=by
            )
        elif action == "call-judge":
            chess_clock_call_judge(game=game, player=player, action_id=action_id, by=by)
        elif action in ("lend-on", "lend-off"):
            chess_clock_lend(game=game, player=player, on=action == "lend-on", by=by)
        else:
            raise ServiceError("That is not something the clock does.", code="invalid")
    except ServiceError as exc:
        error = exc.message
    if is_htmx(request):
        return _fragment(request, access, game, error)
    if error:
        messages.error(request, error)
    elif DONE.get(action):
        messages.success(request, DONE[action])
    if request.POST.get("next") == "me":
        return redirect("me", slug)
    return redirect("judging:chess-clock", slug, game.pk)


# --- the judges ----------------------------------------------------------------------------


@login_required
def overview(request: HttpRequest, slug: str) -> HttpResponse:
    """Every chess clock of a round, those waiting for a judge first (a start on an absent
    player's time to acknowledge, a call to rule on)."""
    access = access_event(request.user, slug, *STAFF)
    raw = request.GET.get("round", "")
    round_ = round_or_404(access, int(raw)) if raw.isdigit() else selectors.clock_round(access.event)
    rows: list[dict[str, Any]] = []
    if round_ is not None:
        now = timezone.now()
        called = selectors.round_time_called(round_, now)  # one round clock for every table
        for row in selectors.chess_clocks_of_round(round_):
            reading = selectors.chess_clock_reading(row.game, row, seat=None, now=now, time_called=called)
            rows.append({"row": row, "clock": reading})
    rows.sort(key=lambda r: r["clock"]["waiting"] is None)
    context = page(
        access, "chess-clocks", round=round_, rows=rows, rounds=list(access.event.rounds.order_by("number"))
    )
    return never_cache_by_time(render(request, "judging/chess_clocks.html", context))


def _evidence_context(
    access: EventAccess, game: Game, row: ChessClock | None, error: str = ""
) -> dict[str, Any]:
    reading = selectors.chess_clock_reading(game, row, seat=None)
    players = [p for p in (game.player_one, game.player_two) if p is not None]
    slow_play = Penalty.objects.filter(player__in=players, category=Infraction.SLOW_PLAY).order_by(
        "issued_at", "id"
    )
    return page(
        access,
        "chess-clocks",
        game=game,
        clock=reading,
        evidence=selectors.chess_clock_evidence(game, row) if row is not None else None,
        playing=seat_of(game, access.player) is not None,
        ruling_max=RULING_MAX,
        slow_play=list(slow_play.select_related("player")),
        error=error,
    )


@login_required
def evidence(request: HttpRequest, slug: str, game_id: int) -> HttpResponse:
    """Every start, switch, pause and ruling of the table's clock with the time each player used:
    the judges' slow-play evidence (OP Guide: Chess Clocks, General Etiquette)."""
    access, game = _table(request, slug, game_id, *STAFF)
    row = selectors.chess_clock_for_game(game)
    return never_cache_by_time(
        render(request, "judging/chess_clock_evidence.html", _evidence_context(access, game, row))
    )


@login_required
@require_POST
def judge_action(request: HttpRequest, slug: str, game_id: int, action: str) -> HttpResponse:
    access, game = _table(request, slug, game_id, *STAFF)
    if action not in ("acknowledge", "ruling"):
        raise Http404("No such chess clock action.")
    ruling = request.POST.get("ruling", "")
    try:
        if action == "acknowledge":
            chess_clock_acknowledge(game=game, by=actor(request))
            done = "The clock runs on the absent player's time."
        else:
            chess_clock_rule(game=game, ruling=ruling, by=actor(request))
            done = "Ruling recorded: the clock runs again."
    except ServiceError as exc:
        if action == "ruling":
            # A form error beside the field, with what the judge typed kept.
            context = _evidence_context(access, game, selectors.chess_clock_for_game(game), exc.message)
            context["ruling_text"] = ruling
            return never_cache_by_time(render(request, "judging/chess_clock_evidence.html", context))
        messages.error(request, exc.message)
    else:
        messages.success(request, done)
    if request.POST.get("next") == "overview":
        return redirect("judging:chess-clocks", slug)
    return redirect("judging:chess-clock-evidence", slug, game.pk)
