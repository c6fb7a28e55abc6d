"""A team tournament's own pages (docs/team-matches.md): a member's "My team" page, where
the captain makes the pairing protocol's choices, and the public team standings.

The team page polls itself like the other live pages (docs/polling.md): a conditional GET
every few seconds while the captains are choosing, answered 304 while nothing changed, so
both captains' phones show a reveal within a few seconds of the second choice. Reading it
also enforces the step's time limit (`protocol_timeouts`): a captain out of time is given
the announced default without a worker (docs/team-matches.md, "Decisions where the books
are silent", 6). What a captain sees of the protocol is their own view of it
(`team_selectors.captain_panel`), which never holds the other captain's hidden choice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from standings import four_dp_text
from team_match import protocol
from team_match.protocol import Step
from tournaments.access import PLAYER, EventAccess, access_event, captain_squad_or_404, team_match_or_404
from tournaments.bridges.team_record import event_team_standings
from tournaments.caching import cached_or_latest
from tournaments.conditional import conditional, is_htmx
from tournaments.errors import ServiceError
from tournaments.models import EventStatus, MatchPairing, Player, RoundStatus, Squad, TeamMatch
from tournaments.public_rows import TEAM_TIEBREAK, rank_labels
from tournaments.services.team_matches import (
    match_state,
    protocol_choose,
    protocol_deadline,
    protocol_timeouts,
    side_of,
)
from tournaments.team_selectors import (
    CaptainPanel,
    MatchGame,
    captain_panel,
    event_squads,
    match_row,
    member_names,
    squad_match,
)
from tournaments.views.common import actor
from tournaments.views.public import POLL_SECONDS, live_page

# While the captains choose, both phones ask this often: a reveal reaches the other phone
# within a few seconds (a 304 costs the access queries alone).
PROTOCOL_POLL_SECONDS = 3


def _my_squad(access: EventAccess) -> Squad:
    """The caller's team: only its members have a team page."""
    player = access.player
    if player is None or player.squad_id is None or not access.event.is_team_tournament:
        raise Http404("You play for no team in this event.")
    squad = Squad.objects.filter(pk=player.squad_id, event=access.event).select_related("captain").first()
    if squad is None:
        raise Http404("You play for no team in this event.")
    return squad


def _protocol_running(match: TeamMatch) -> bool:
    return (
        match.pairing == MatchPairing.PROTOCOL
        and not match.is_bye
        and match.round.status == RoundStatus.PUBLISHED
        and not match_state(match).complete
    )


def _time_up(match: TeamMatch) -> bool:
    """A step whose time is up (or whose clock never started): the timeouts have work."""
    deadline = protocol_deadline(match)
    return deadline is None or deadline <= timezone.now()


def _enforce_time(access: EventAccess, match: TeamMatch) -> TeamMatch:
    """Give a captain out of time the default before showing the match (docs/team-matches.md,
    decision 6); reads the match and the event's version again when that changed them."""
    if not (_protocol_running(match) and _time_up(match)):
        return match
    protocol_timeouts(match=match)
    access.event.refresh_from_db(fields=["version"])
    return TeamMatch.objects.select_related("round__event", "team_a", "team_b").get(pk=match.pk)


@dataclass(frozen=True)
class Candidate:
    """One player a captain may tick as an attacker."""

    id: str
    name: str


def _step_context(panel: CaptainPanel, names: dict[str, str]) -> str:
    """What the step is about, names resolved: whom the attackers face, which two attackers
    the pick is between. Only what both captains have seen revealed."""
    view = panel.view

    def name(player: str) -> str:
        return names.get(player, player)

    if panel.step == Step.ATTACKERS and view.defenders is not None:
        return f"Their defender is {name(view.defenders[1])}."
    if panel.step == Step.PICK and view.offers is not None and view.defenders is not None:
        offered = " or ".join(name(p) for p in view.offers[1])
        return f"They offered {offered} against your defender {name(view.defenders[0])}."
    if panel.step == Step.LAST_DEFENDER and view.their_unpaired:
        return "Left on their side: " + ", ".join(name(p) for p in view.their_unpaired) + "."
    return ""


def _candidates(panel: CaptainPanel, names: dict[str, str], order: list[str]) -> list[Candidate]:
    """The players in any offered pair of attackers, in the team's order."""
    offered = {p for option in panel.options for p in option.players}
    return [Candidate(p, names.get(p, p)) for p in order if p in offered]


def _plays(line: MatchGame, player: Player) -> bool:
    return player.pk in (line.game.player_one_id, line.game.player_two_id)


def _time_left(panel: CaptainPanel) -> str:
    """ "2:05": the step's time left as the page is rendered (site.js counts it down)."""
    if panel.deadline is None:
        return ""
    seconds = max(0, int((panel.deadline - timezone.now()).total_seconds()))
    return f"{seconds // 60}:{seconds % 60:02d}"


def _team_context(access: EventAccess, squad: Squad, match: TeamMatch | None) -> dict[str, Any]:
    me = access.player
    assert me is not None
    members = list(squad.members.order_by("squad_position", "id"))
    context: dict[str, Any] = {
        "squad": squad,
        "members": members,
        "me": me,
        "is_captain": squad.captain_id == me.pk,
        "match": None,
        "poll_url": reverse("my-team", args=[access.event.slug]),
        "poll_seconds": POLL_SECONDS,
        "size": access.event.squad_size,
    }
    if match is None:
        return context
    row = match_row(match)
    opponent = match.team_b if match.team_a_id == squad.pk else match.team_a
    context |= {
        "match": match,
        "row": row,
        "opponent": opponent,
        "opponent_members": list(opponent.members.order_by("squad_position", "id")) if opponent else [],
        "my_game": next((g for g in row.games if _plays(g, me)), None),
        "unpaired_tables": row.tables[len(row.games) :],
    }
    if match.pairing == MatchPairing.PROTOCOL and not match.is_bye:
        panel = captain_panel(match, squad)
        names = member_names(match)
        order = [m.external_id for m in members]
        running = _protocol_running(match)
        context |= {
            "panel": panel,
            "running": running,
            "step_context": _step_context(panel, names),
            "candidates": _candidates(panel, names, order) if panel.step == Step.ATTACKERS else [],
            "deadline_iso": panel.deadline.isoformat() if panel.deadline else "",
            "time_left": _time_left(panel),
        }
        if running:
            context["poll_seconds"] = PROTOCOL_POLL_SECONDS
    return context


@login_required
def my_team(request: HttpRequest, slug: str) -> HttpResponseBase:
    """A member's team page: the team, this round's match and its protocol (the captain's
    controls for the captain). Per caller, so its ETag carries the user and their roles."""
    access = access_event(request.user, slug, PLAYER)
    squad = _my_squad(access)
    # The timeouts are enforced before the validator is computed: a default given now
    # moves the event's version, so a phone asking with the old ETag gets the new page.
    match = squad_match(squad)
    if match is not None:
        match = _enforce_time(access, match)
    check = conditional(
        request,
        access,
        "my-team",
        match.pk if match else "-",
        match.version if match else "-",
        match.step_started_at if match else "-",
    )
    if (not_modified := check.fresh()) is not None:
        return not_modified
    context = _team_context(access, squad, match) | {
        "event": access.event,
        "access": access,
        "section": "my-team",
    }
    if is_htmx(request):
        return check.finish(render(request, "tournaments/_my_team_live.html", context))
    return check.finish(render(request, "tournaments/my_team.html", context))


def _chose_message(panel: CaptainPanel) -> str:
    if panel.step == Step.COMPLETE:
        return "Every game of the match is paired."
    if panel.my_choice is not None:
        return f"You chose {panel.my_choice}: shown to the other captain once they have chosen too."
    return "Both captains have chosen: the step is revealed below."


@login_required
@require_POST
def my_team_choose(request: HttpRequest, slug: str) -> HttpResponse:
    """The captain's choice for the protocol's current step (final once made). A step whose
    time ran out is given its defaults first, so a late choice is refused as already made."""
    access = access_event(request.user, slug, PLAYER)
    raw = request.POST.get("match", "")
    if not raw.isdigit():
        raise Http404("No such team match.")
    match = team_match_or_404(access, int(raw))
    squad = captain_squad_or_404(access, match)
    choice = [p for p in request.POST.getlist("player") if p]
    if not choice:
        messages.error(request, "Choose a player first.")
        return redirect("my-team", slug)
    if _protocol_running(match) and _time_up(match):
        waiting = side_of(match, squad) in protocol.waiting_for(match_state(match))
        if protocol_timeouts(match=match) and waiting:
            messages.error(request, "Time ran out on this step: you were given the announced default.")
            return redirect("my-team", slug)
    try:
        match = protocol_choose(match=match, squad=squad, choice=choice, by=actor(request))
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _chose_message(captain_panel(match, squad)))
    return redirect("my-team", slug)


# ---------------------------------------------------------------- the public team standings


_STATUS = {"dropped": "dropped", "disqualified": "disqualified"}


def _team_standings_fragment(access: EventAccess) -> str:
    event = access.event
    table = event_team_standings(event)
    members = {squad.external_id: players for squad, players in event_squads(event)}
    labels = rank_labels([row.rank for row in table.rows])
    rows = [
        {
            "label": label,
            "row": row,
            "members": ", ".join(p.name for p in members.get(row.team, [])),
            "sos": four_dp_text(row.sos),
            "otp": four_dp_text(row.otp),
            "played": len(row.matches),
            "status": _STATUS.get(row.status, ""),
        }
        for label, row in zip(labels, table.rows, strict=True)
    ]
    open_round = event.rounds.filter(status=RoundStatus.PUBLISHED).order_by("-number").first()
    final = event.status == EventStatus.FINISHED
    if final:
        state = f"Final standings after round {table.rounds_played}"
    elif open_round is not None:
        state = f"Round {open_round.number} in progress: a match counts once all its games have a result"
    elif table.rounds_played:
        state = f"Standings after round {table.rounds_played}"
    else:
        state = "No match decided yet"
    context = {
        "event": event,
        "rows": rows,
        "final": final,
        "state": state,
        "tiebreak": TEAM_TIEBREAK[table.tiebreak],
        "poll_url": reverse("team-standings", args=[event.slug]),
        "poll_seconds": POLL_SECONDS,
    }
    return render_to_string("tournaments/_team_standings_live.html", context)


def team_standings(request: HttpRequest, slug: str) -> HttpResponseBase:
    """The teams ranked on their matches (docs/team-matches.md, "Team standings"): public,
    live and cached per event version like the player standings."""
    access = access_event(request.user, slug)
    if not access.event.is_team_tournament:
        raise Http404("This event is not a team tournament.")

    def fragment() -> tuple[str, int]:
        return cached_or_latest(
            access.event,
            "team-standings-html",
            (),
            lambda: _team_standings_fragment(access),
            may_lag=is_htmx(request),
        )

    return live_page(request, access, "team-standings", "tournaments/team_standings.html", fragment)
