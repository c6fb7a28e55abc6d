"""The top cut's bracket in words, as the bracket page and the bracket sheet show it: the
bracket replayed from the results (tournaments.selectors.event_bracket), each cut game's
table and each side's result, drawn by the pure presenter (bracket.display)."""

from __future__ import annotations

from bracket.display import BracketView, GameFacts, bracket_view
from bracket.layout import layout
from tournaments.models import Event, Game, Outcome, RoundStage
from tournaments.selectors import event_bracket

# A side's result in a cut game, when it is not a score (a system without Victory Points,
# or a game that did not end on points).
_OUTCOME_WORDS: dict[str, tuple[str, str]] = {
    Outcome.CONCESSION: ("", "conceded"),
    Outcome.NO_SHOW: ("", "did not show"),
    Outcome.GAME_LOSS: ("", "Game Loss"),
    Outcome.COMPLETE_VICTORY: ("complete victory", ""),
}


def _scores(game: Game) -> dict[str, str]:
    """Each side's result in words, by event/1 id: the Victory Points, or what happened."""
    one, two = game.player_one, game.player_two
    assert two is not None
    ids = (one.external_id, two.external_id)
    if game.outcome == Outcome.DOUBLE_NO_SHOW:
        return dict.fromkeys(ids, "did not show")
    words = _OUTCOME_WORDS.get(game.outcome)
    if words is not None and game.loser_id is not None:
        winner_words, loser_words = words
        loser = one if game.loser_id == one.pk else two
        points = {p.external_id: str(v) for p, v in ((one, game.vp_one), (two, game.vp_two)) if v is not None}
        return {
            p.external_id: " · ".join(
                w for w in (points.get(p.external_id, ""), loser_words if p == loser else winner_words) if w
            )
            for p in (one, two)
        }
    if game.vp_one is not None and game.vp_two is not None:
        return {ids[0]: str(game.vp_one), ids[1]: str(game.vp_two)}
    if game.outcome == Outcome.DRAW:
        return dict.fromkeys(ids, "draw")
    if game.winner_id is not None:
        return {p.external_id: "won" if p.pk == game.winner_id else "" for p in (one, two)}
    return {}


def _deciding_game(game: Game) -> str:
    """A tied game whose winner was named: they won the deciding game."""
    tied = game.outcome == Outcome.DRAW or (game.vp_one is not None and game.vp_one == game.vp_two)
    if not tied or game.winner_id is None:
        return ""
    winner = game.player_one if game.winner_id == game.player_one_id else game.player_two
    return f"Tied: {winner.name if winner is not None else 'the winner'} won the deciding game"


def cut_games(event: Event) -> dict[tuple[int, frozenset[str]], GameFacts]:
    """The cut's games as the bracket shows them: table and each side's result, by round and
    players. Games without a result show their table only."""
    games = (
        Game.objects.filter(round__event=event, round__stage=RoundStage.CUT, player_two__isnull=False)
        .select_related("round", "table", "player_one", "player_two")
        .order_by("round__number", "id")
    )
    facts: dict[tuple[int, frozenset[str]], GameFacts] = {}
    for game in games:
        assert game.player_two is not None
        key = (game.round.number, frozenset({game.player_one.external_id, game.player_two.external_id}))
        scored = bool(game.outcome) and game.result_status == "confirmed"
        facts[key] = GameFacts(
            table=game.table.number if game.table is not None else None,
            scores=_scores(game) if scored else {},
            note=_deciding_game(game) if scored else "",
        )
    return facts


def bracket_of(event: Event) -> BracketView | None:
    """The event's bracket in words, or None before the cut begins."""
    bracket = event_bracket(event)
    if bracket is None:
        return None
    names = dict(event.players.values_list("external_id", "name"))
    return bracket_view(layout(bracket), names, cut_games(event))
