"""Rows to the plain dicts the awards API renders. Who voted for whom is never among them."""

from __future__ import annotations

from typing import Any

from awards import selectors
from awards.selectors import Tally
from tournaments.access import EventAccess
from tournaments.api.presenters import player_ref


def awards_dict(access: EventAccess) -> dict[str, Any]:
    programme = selectors.programme_of(access.event)
    published = programme is not None and programme.published_at is not None
    mine = selectors.my_ballots(access.player) if access.player is not None else {}
    owner = programme.owner if programme is not None else None
    return {
        "voting_open": programme is None or programme.voting_open,
        "voting_closed_at": programme.voting_closed_at if programme is not None else None,
        "published_at": programme.published_at if programme is not None else None,
        # Like the staff list, who runs them is for the event's people (tournaments.api: staff).
        "owner": owner.get_username() if owner is not None and access.roles else None,
        "awards": [
            {
                "id": a.pk,
                "kind": a.kind,
                "group": a.group,
                "label": a.label,
                "winner": player_ref(a.winner) if published else None,
                "your_vote": player_ref(mine.get(a.pk)),
            }
            for a in selectors.awards_of(access.event)
        ],
    }


def tally_dict(tally: Tally) -> dict[str, Any]:
    return {
        "id": tally.award.pk,
        "kind": tally.award.kind,
        "group": tally.award.group,
        "label": tally.award.label,
        "votes_cast": tally.votes_cast,
        "counts": [{"player": player_ref(p), "votes": n} for p, n in tally.counts],
        "tied": tally.tied,
        "leaders": [player_ref(p) for p in tally.leaders],
        "winner": player_ref(tally.winner),
    }


def tallies_dict(access: EventAccess) -> dict[str, Any]:
    programme = selectors.programme_of(access.event)
    closed = programme is not None and not programme.voting_open
    return {
        "voting_open": not closed,
        "published_at": programme.published_at if programme is not None else None,
        "awards": [tally_dict(t) for t in selectors.tallies(access.event, counted=closed)],
    }
