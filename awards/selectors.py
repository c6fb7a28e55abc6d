"""Reads of the awards app, with bounded query counts.

Secrecy (OP Guide: Hobby Awards; docs/awards.md): no reader here returns who voted for
whom. `tallies` gives counts per candidate, and only when asked for them (`counted`; the
views ask once voting is closed); `my_ballots` gives a voter their own choices.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from awards.groups import groups_of
from awards.models import Award, AwardKind, AwardProgramme, AwardVote
from tournaments.models import Event, Player
from tournaments.prepared_queries import Prepared
from tournaments.selectors import rosters_public

FACTION_BALLOT_CLOSED = (
    "Opens once the event's rosters are published: until then the candidates would show "
    "who brought which faction."
)


def programme_of(event: Event) -> AwardProgramme | None:
    return AwardProgramme.objects.filter(event=event).select_related("owner").first()


def awards_published(event: Event) -> bool:
    return AwardProgramme.objects.filter(event=event, published_at__isnull=False).exists()


# Read on every view of the event page: compiled once (tournaments.prepared_queries).
_AWARDS_WITH_PROGRAMME: Prepared[Award] = Prepared(
    lambda event_id: Award.objects.filter(event_id=event_id).select_related(
        "winner", "event__award_programme__owner"
    ),
    int,
)


def awards_with_programme(event: Event) -> tuple[list[Award], AwardProgramme | None]:
    """The awards and their programme in one query (the event page's panel)."""
    awards = _AWARDS_WITH_PROGRAMME(event.pk)
    if not awards:
        return [], None
    try:
        programme: AwardProgramme | None = awards[0].event.award_programme
    except AwardProgramme.DoesNotExist:
        programme = None
    return awards, programme


def awards_of(event: Event) -> list[Award]:
    return list(Award.objects.filter(event=event).select_related("winner", "tie_chosen"))


@dataclass(frozen=True)
class Tally:
    """One award's count: how many ballots, and (when counted) each candidate's votes."""

    award: Award
    votes_cast: int
    counts: tuple[tuple[Player, int], ...] = ()

    @property
    def leaders(self) -> tuple[Player, ...]:
        if not self.counts:
            return ()
        top = self.counts[0][1]
        return tuple(player for player, n in self.counts if n == top)

    @property
    def tied(self) -> bool:
        return len(self.leaders) > 1

    @property
    def winner(self) -> Player | None:
        """The player with the most ballots, or the TO's choice among a tie; None while a tie
        is unsettled or nobody voted."""
        leaders = self.leaders
        if len(leaders) == 1:
            return leaders[0]
        chosen = self.award.tie_chosen_id
        return next((p for p in leaders if p.pk == chosen), None)


def tallies(event: Event, *, counted: bool) -> list[Tally]:
    """Every award's ballots cast and, with `counted`, the votes per candidate (most first,
    then by name). Three queries whatever the number of ballots."""
    awards = awards_of(event)
    ballots = list(AwardVote.objects.filter(award__event=event).values_list("award_id", "choice_id"))
    cast = Counter(award_id for award_id, _ in ballots)
    if not counted:
        return [Tally(a, cast[a.pk]) for a in awards]
    players = {p.pk: p for p in Player.objects.filter(event=event)}
    per_award: dict[int, Counter[int]] = {a.pk: Counter() for a in awards}
    for award_id, choice_id in ballots:
        per_award[award_id][choice_id] += 1
    out = []
    for award in awards:
        counts = sorted(
            ((players[pk], n) for pk, n in per_award[award.pk].items()),
            key=lambda pair: (-pair[1], pair[0].name, pair[0].pk),
        )
        out.append(Tally(award, cast[award.pk], tuple(counts)))
    return out


def my_ballots(player: Player) -> dict[int, Player]:
    """The voter's own choices, by award id: the only ballots anyone is shown."""
    rows = AwardVote.objects.filter(voter=player).select_related("choice")
    return {row.award_id: row.choice for row in rows}


@dataclass(frozen=True)
class Ballot:
    """One award as a voter meets it: whom they may vote for, and their current choice."""

    award: Award
    candidates: tuple[Player, ...]
    choice: Player | None
    refusal: str  # why this voter has no ballot for it (empty: they have one)


def ballots_for(event: Event, voter: Player) -> list[Ballot]:
    """The voter's ballot for each award: any other player of the event, or, for Best in
    Faction, the players of the voter's own group (none if the voter's roster is not of it).

    Best in Faction's candidates say which faction each player brought, so its ballot opens
    only once the event's roster policy makes rosters public (OP Guide: Submission and
    Publication); until then it is refused alike to every voter, naming nobody."""
    awards = awards_of(event)
    players = [p for p in Player.objects.filter(event=event) if p.disqualified_after_round is None]
    factions_open = rosters_public(event)
    by_faction = any(a.kind == AwardKind.BEST_IN_FACTION for a in awards) and factions_open
    groups = groups_of(event, players) if by_faction else {}
    mine = my_ballots(voter)
    out = []
    for award in awards:
        others = [p for p in players if p.pk != voter.pk]
        refusal = ""
        if voter.disqualified_after_round is not None:
            out.append(Ballot(award, (), None, "A disqualified player casts no ballot."))
            continue
        if award.kind == AwardKind.BEST_IN_FACTION:
            if not factions_open:
                refusal = FACTION_BALLOT_CLOSED
                others = []
            elif award.group not in groups.get(voter.pk, set()):
                refusal = "Voted by the players whose roster is of this group."
                others = []
            else:
                others = [p for p in others if award.group in groups.get(p.pk, set())]
        out.append(Ballot(award, tuple(others), mine.get(award.pk), refusal))
    return out
