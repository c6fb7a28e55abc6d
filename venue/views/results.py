"""The result slip's QR code (docs/venue.md, "QR codes"): one address per game that takes
whoever scans it to where they enter that game's result."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse

from tournaments.access import EventAccess, access_event, game_or_404
from tournaments.models import Game, RoundStatus
from tournaments.views.common import nav_context


@login_required
def game_result(request: HttpRequest, slug: str, game_id: int) -> HttpResponse:
    """Either player goes to their table view's result form, the staff to the judges' entry
    for this game; anyone else, and a game of a closed round, get a page saying why not.
    The login comes first (login_required sends the scanner back here afterwards)."""
    access = access_event(request.user, slug)
    game = game_or_404(access, game_id)
    in_game = access.player is not None and access.player.pk in (game.player_one_id, game.player_two_id)
    if not (in_game or access.is_staff):
        return _refusal(request, access, game, "not-yours", status=404)
    if game.player_two_id is None:
        return _refusal(request, access, game, "bye")
    if game.round.status == RoundStatus.CLOSED and not access.is_staff:
        return _refusal(request, access, game, "closed")
    if access.is_staff and not in_game:
        return redirect("judge-game", slug, game.pk)
    if game.round.status != RoundStatus.PUBLISHED:
        return _refusal(request, access, game, "not-published")
    return redirect(reverse("me", args=[slug]) + "#report-form")


def _refusal(
    request: HttpRequest, access: EventAccess, game: Game, why: str, *, status: int = 200
) -> HttpResponse:
    context = nav_context(access, "me") | {"game": game, "why": why}
    return render(request, "venue/slip_refused.html", context, status=status)
