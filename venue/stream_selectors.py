"""The venue's reads for its QR codes and stream (docs/venue.md): who sits at a table this
round (a table card's page), and the featured table as the stream overlay shows it. The
hall screen's reads are venue.selectors."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.html import strip_tags

from tournaments.models import Event, Game, Player, ResultStatus, Round, RoundStatus, Table
from tournaments.selectors import public_factions


def playing_round(event: Event) -> Round | None:
    """The round being played: the latest published one (a closed round is over, a paired
    one not yet announced)."""
    round_ = event.rounds.filter(status=RoundStatus.PUBLISHED).order_by("-number").first()
    if round_ is not None:
        round_.event = event
    return round_


def _game_rows(round_: Round) -> QuerySet[Game]:
    games = round_.games.select_related("table", "player_one__squad", "player_two__squad", "team_match")
    if round_.event.team_size is not None:  # a team game's entrants name their players
        games = games.prefetch_related("player_one__teammates", "player_two__teammates")
    return games


@dataclass(frozen=True)
class TableNow:
    """A table's card page: the round being played and the game at the table, if any."""

    table: Table
    round: Round | None
    game: Game | None

    @property
    def is_bye(self) -> bool:
        return self.game is not None and self.game.player_two_id is None


def table_now(event: Event, table: Table) -> TableNow:
    round_ = playing_round(event)
    game = _game_rows(round_).filter(table=table).first() if round_ is not None else None
    return TableNow(table, round_, game)


# --- the featured table and its overlay -----------------------------------------------------


def overlay_round(event: Event) -> Round | None:
    """The round the overlay shows: the latest one players have seen (published, or closed
    with its final result until the next is published), as the venue's clock does."""
    round_ = event.rounds.exclude(status=RoundStatus.PAIRED).order_by("-number").first()
    if round_ is not None:
        round_.event = event  # already loaded: its system and settings read without a query
    return round_


def streamed_game(round_: Round | None) -> Game | None:
    """The game at the round's featured table, if every player at it agreed to be streamed.

    Consent is read again here, not only when the TO featured the table: a swap may have
    brought other players to it since, and the overlay never shows someone who said no."""
    if round_ is None or round_.featured_table_id is None:
        return None
    game = _game_rows(round_).filter(table_id=round_.featured_table_id).first()
    if game is None or game.player_two is None:
        return None
    if not (game.player_one.stream_consent and game.player_two.stream_consent):
        return None
    return game


def result_text(game: Game) -> str:
    """The game's result as the public pairings write it (tournaments/_game_result.html:
    the score once confirmed, else where the result stands), in plain text."""
    html = render_to_string("tournaments/_game_result.html", {"game": game})
    return " ".join(strip_tags(html).split())


def _side(player: Player, factions: dict[str, str]) -> dict[str, Any]:
    squad = player.squad
    return {
        "name": player.name,
        "faction": factions.get(player.external_id, ""),
        "team": squad.name if squad is not None else "",
        "teammates": [m.name for m in player.teammates.all()] if player.event.team_size else [],
    }


def overlay_data(event: Event) -> dict[str, Any]:
    """What the overlay draws, as JSON (`/e/<slug>/overlay.json`). Factions only once the
    event's rosters are public (tournaments.selectors.public_factions): a stream must not
    reveal an army the players themselves may not see yet."""
    round_ = overlay_round(event)
    game = streamed_game(round_)
    if round_ is None or game is None or game.player_two is None:
        return {"featured": False, "event": event.name}
    one, two = game.player_one, game.player_two
    one.event = two.event = event
    factions = public_factions(event, players=[one, two])
    status = ResultStatus(game.result_status)
    return {
        "featured": True,
        "event": event.name,
        "round": round_.number,
        "round_closed": round_.status == RoundStatus.CLOSED,
        "table": game.table.number if game.table is not None else None,
        "players": [_side(one, factions), _side(two, factions)],
        "result_status": status.value,
        "result": result_text(game),
        "clock_url": reverse("judging:api-round-clock", args=[event.slug, round_.number]),
    }
