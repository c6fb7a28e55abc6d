"""Running a championship's top cut with the event's own tools (docs/pairing.md, "The top
cut"; docs/standings.md, "With a top cut"): the bracket pairs the rounds after the Swiss
ones, each cut game sends one player on, the standings place the cut first, and the
corrections, drops and undo keep the bracket what the results say."""

from __future__ import annotations

from typing import Any

import pytest

from standings.records import EventGame
from tests.builders.rows import give_rosters, make_event, play_round, player_of
from tournaments import selectors
from tournaments.errors import ServiceError
from tournaments.models import (
    AuditEntry,
    CutTies,
    Event,
    EventStatus,
    Game,
    Outcome,
    ResultStatus,
    Round,
    RoundStage,
    RoundStatus,
)
from tournaments.services.players import player_drop
from tournaments.services.reporting import ResultInput, result_set
from tournaments.services.rounds import round_pair, round_publish, round_undo

pytestmark = pytest.mark.django_db

# Six players, two Swiss rounds (1v2, 3v4, 5v6, 7-3 to the first each time): p1, p3, p5 win
# both, p2, p4, p6 lose both; ties within each group by SoS and oTP.


def cut_event(users: dict[str, Any], *, size: int = 4, ties: str = CutTies.BETTER_SEED) -> Event:
    event = make_event(to=users["alice"], players=6, planned_rounds=2, cut_size=size, cut_ties=ties)
    give_rosters(event)
    play_round(event, 1)
    play_round(event, 2)
    event.status = EventStatus.RUNNING
    event.save(update_fields=["status"])
    return event


def pair_and_publish(event: Event, users: dict[str, Any], seed: int = 7) -> Round:
    round_ = round_pair(event=event, by=users["alice"], seed=seed, confirm=True)
    return round_publish(round_=round_, by=users["alice"], confirm=True)


def play(game: Game, users: dict[str, Any], vp: tuple[int, int], winner: str | None = None) -> Game:
    chosen = player_of(game.round.event, winner) if winner is not None else None
    result = ResultInput(Outcome.PLAYED, vp[0], vp[1], details={"battle_rounds": 4}, winner=chosen)
    return result_set(game=game, result=result, by=users["judy"], reason="slip")


def games_of(round_: Round) -> list[Game]:
    return list(round_.games.select_related("player_one", "player_two", "round__event").order_by("id"))


def seeds_of(round_: Round) -> list[str]:
    seeds = round_.seeds
    assert isinstance(seeds, list)
    return seeds


def ids(game: Game) -> tuple[str, ...]:
    return (game.player_one.external_id,) + ((game.player_two.external_id,) if game.player_two else ())


def test_the_first_cut_round_is_the_brackets_and_keeps_its_seeds(users):
    event = cut_event(users)
    before = [row.player for row in selectors.event_standings(event).rows]
    round_ = round_pair(event=event, by=users["alice"], seed=7, confirm=True)
    assert round_.number == 3
    assert round_.stage == RoundStage.CUT
    # p1, p3 and p5 share the first Swiss place and p2, p4 and p6 the next: the seed's draw
    # orders each group, and the first three and one of the next enter.
    assert set(seeds_of(round_)[:3]) == {"p1", "p3", "p5"}
    assert seeds_of(round_)[3] in {"p2", "p4", "p6"}
    again = round_pair  # the same seed draws the same seeds
    round_undo(round_=round_, by=users["alice"])
    assert again(event=event, by=users["alice"], seed=7, confirm=True).seeds == seeds_of(round_)
    round_ = Round.objects.get(event=event, number=3)
    s1, s2, s3, s4 = seeds_of(round_)
    assert sorted(ids(g) for g in games_of(round_)) == sorted([(s1, s4), (s2, s3)])
    assert round_.pairing_report == {}
    # Paired, the cut's players already stand first, by seed, each a rank of their own.
    rows = selectors.event_standings(event).rows
    assert [(r.player, r.rank) for r in rows[:4]] == [(s, n) for n, s in enumerate(seeds_of(round_), start=1)]
    assert {r.player for r in rows[4:]} == set(before) - set(seeds_of(round_))
    assert selectors.event_bracket(event) is not None


def test_the_cut_runs_to_a_champion_then_pairing_is_refused(users):
    event = cut_event(users)
    semis = pair_and_publish(event, users)
    s1, s2, s3, s4 = seeds_of(semis)
    first, second = sorted(games_of(semis), key=lambda g: ids(g)[0] != s1)
    play(first, users, (5, 5))  # a tie the system leaves open: the better seed, s1, goes on
    play(second, users, (2, 9))  # s3 beats s2
    semis.refresh_from_db()
    assert semis.status == RoundStatus.CLOSED
    event.refresh_from_db()
    assert event.status == EventStatus.RUNNING  # the final is still to come
    final = pair_and_publish(event, users)
    assert final.number == 4
    assert final.seeds is None
    (game,) = games_of(final)
    assert ids(game) == (s1, s3)
    play(game, users, (1, 10))
    event.refresh_from_db()
    assert event.status == EventStatus.FINISHED
    champion = selectors.event_champion(event)
    assert champion is not None
    assert champion.external_id == s3
    rows = selectors.event_standings(event).rows
    assert [r.player for r in rows[:4]] == [s3, s1, s2, s4]
    assert [r.rank for r in rows] == [1, 2, 3, 4, 5, 5]  # the other two share the Swiss place they had
    with pytest.raises(ServiceError) as refused:
        round_pair(event=event, by=users["alice"], confirm=True)
    assert refused.value.code == "cut-over"
    assert "final was round 4" in str(refused.value)


def test_a_tie_at_an_event_with_deciding_games_needs_the_winner(users):
    event = cut_event(users, ties=CutTies.DECIDING_GAME)
    semis = pair_and_publish(event, users)
    game = games_of(semis)[0]
    with pytest.raises(ServiceError) as refused:
        play(game, users, (4, 4))
    assert refused.value.code == "cut-needs-winner"
    worse = ids(game)[1]
    play(game, users, (4, 4), winner=worse)
    bracket = selectors.event_bracket(event)
    assert bracket is not None
    assert bracket.decisions[0].winner == worse


def test_a_tie_at_an_event_by_better_seed_names_no_winner(users):
    event = cut_event(users)
    game = games_of(pair_and_publish(event, users))[0]
    with pytest.raises(ServiceError) as refused:
        play(game, users, (4, 4), winner=ids(game)[1])
    assert refused.value.code == "cut-tie-to-better-seed"
    with pytest.raises(ServiceError) as refused:
        play(game, users, (9, 4), winner=ids(game)[1])  # the score says the first won
    assert refused.value.code == "cut-winner-contradicts"


def test_players_cannot_be_swapped_in_a_cut_round(users):
    from tournaments.services.rounds import round_swap_players

    event = cut_event(users)
    round_ = round_pair(event=event, by=users["alice"], seed=7, confirm=True)
    one, two = games_of(round_)
    with pytest.raises(ServiceError) as refused:
        round_swap_players(round_=round_, first=one.player_one, second=two.player_one, by=users["alice"])
    assert refused.value.code == "cut-round"


def test_a_player_who_drops_during_the_cut_forfeits_their_next_game(users):
    event = cut_event(users)
    semis = pair_and_publish(event, users)
    s1, s2, _s3, _s4 = seeds_of(semis)
    for game in games_of(semis):
        play(game, users, (8, 2))  # the better seeds, s1 and s2, go on
    final = round_pair(event=event, by=users["alice"], confirm=True)
    player_drop(player=player_of(event, s1), by=users["alice"])  # before the final is published
    round_publish(round_=final, by=users["alice"], confirm=True)
    (game,) = games_of(final)
    game.refresh_from_db()
    assert game.loser is not None
    assert (game.outcome, game.loser.external_id) == (Outcome.NO_SHOW, s1)
    event.refresh_from_db()
    assert event.status == EventStatus.FINISHED
    champion = selectors.event_champion(event)
    assert champion is not None
    assert champion.external_id == s2


def test_dropping_while_the_cut_game_is_played_forfeits_it(users):
    event = cut_event(users)
    semis = pair_and_publish(event, users)
    game = games_of(semis)[0]
    loser, opponent = ids(game)
    player_drop(player=player_of(event, loser), by=users["alice"])
    game.refresh_from_db()
    assert game.outcome == Outcome.NO_SHOW
    assert game.loser is not None
    assert game.loser.external_id == loser
    bracket = selectors.event_bracket(event)
    assert bracket is not None
    assert bracket.decisions[0].winner == opponent


def test_a_player_who_dropped_before_the_cut_does_not_enter(users):
    event = cut_event(users)
    top = selectors.cut_view_of(event).swiss.placed[0].player
    player_drop(player=player_of(event, top), by=users["alice"])
    round_ = round_pair(event=event, by=users["alice"], seed=7, confirm=True)
    assert top not in seeds_of(round_)
    assert len(seeds_of(round_)) == 4


def test_a_correction_that_changes_who_went_on_waits_for_the_later_round_to_be_undone(users):
    event = cut_event(users)
    semis = pair_and_publish(event, users)
    games = games_of(semis)
    for game in games:
        play(game, users, (8, 2))
    final = round_pair(event=event, by=users["alice"], confirm=True)
    game = Game.objects.select_related("player_one", "player_two", "round__event").get(pk=games[0].pk)
    # The same winner by another score: allowed.
    play(game, users, (9, 2))
    game.refresh_from_db()
    with pytest.raises(ServiceError) as refused:
        play(game, users, (2, 9))
    assert refused.value.code == "cut-later-round-paired"
    assert f"Undo round {final.number} first" in str(refused.value)
    round_undo(round_=final, by=users["alice"])
    game.refresh_from_db()
    play(game, users, (2, 9))
    final = round_pair(event=event, by=users["alice"], confirm=True)
    (again,) = games_of(final)
    assert ids(game)[1] in ids(again)


def test_a_swiss_correction_waits_until_the_cut_is_undone(users):
    """The cut's seeds are drawn from the Swiss standings when its first round is paired and
    stored with it: a Swiss result changed afterwards would leave them wrong, so the change
    is refused until the cut's rounds are undone (the same result again is not a change)."""
    event = cut_event(users)
    swiss = Game.objects.select_related("player_one", "player_two", "round__event").filter(
        round__number=2, player_two__isnull=False
    )[0]
    semis = pair_and_publish(event, users)
    play(swiss, users, (7, 3))  # as it stands: allowed
    swiss.refresh_from_db()
    with pytest.raises(ServiceError) as refused:
        play(swiss, users, (3, 7))
    assert refused.value.code == "cut-seeded"
    assert f"round {semis.number} on" in str(refused.value)
    swiss.refresh_from_db()
    assert (swiss.vp_one, swiss.vp_two) == (7, 3)
    round_undo(round_=semis, by=users["alice"])
    swiss.refresh_from_db()
    play(swiss, users, (3, 7))
    swiss.refresh_from_db()
    assert (swiss.vp_one, swiss.vp_two) == (3, 7)


def test_swiss_standings_ignore_the_cut_games(users):
    event = cut_event(users)
    swiss_before = selectors.cut_view_of(event).swiss
    semis = pair_and_publish(event, users)
    for game in games_of(semis):
        play(game, users, (0, 10))
    swiss_after = selectors.cut_view_of(event).swiss
    assert [(r.player, r.mp, r.tp) for r in swiss_after.rows] == [
        (r.player, r.mp, r.tp) for r in swiss_before.rows
    ]


def test_the_system_rule_decides_before_the_seed(users):
    from rules_engine.registry import get_system

    rule = get_system("dropzone-commander").decide_game
    assert rule(EventGame(players=("a", "b"), vp=(3, 3), kp=(100, 200))) == "b"


def test_a_cut_of_three_gives_the_first_seed_a_bye(users):
    event = cut_event(users, size=3)
    round_ = pair_and_publish(event, users)
    s1, s2, s3 = seeds_of(round_)
    games = games_of(round_)
    bye = next(g for g in games if g.player_two is None)
    assert (ids(bye), bye.table, bye.result_status) == ((s1,), None, ResultStatus.CONFIRMED)
    (game,) = [g for g in games if g.player_two is not None]
    assert ids(game) == (s2, s3)
    play(game, users, (1, 9))
    final = pair_and_publish(event, users)
    (game,) = games_of(final)
    assert ids(game) == (s1, s3)
    assert game.table is not None
    assert game.table.number == 1


def test_the_last_cut_round_can_be_undone_with_its_results_to_correct_the_one_before(users):
    event = cut_event(users)
    semis = pair_and_publish(event, users)
    games = games_of(semis)
    for game in games:
        play(game, users, (8, 2))
    final = pair_and_publish(event, users)
    play(games_of(final)[0], users, (7, 1))
    event.refresh_from_db()
    assert event.status == EventStatus.FINISHED
    semi = Game.objects.select_related("player_one", "player_two", "round__event").get(pk=games[0].pk)
    with pytest.raises(ServiceError) as refused:
        play(semi, users, (1, 9))
    assert refused.value.code == "cut-later-round-paired"
    with pytest.raises(ServiceError) as refused:
        round_undo(round_=final, by=users["alice"])
    assert refused.value.code == "has-results"
    assert "confirm discarding them" in str(refused.value)
    with pytest.raises(ServiceError):
        round_undo(round_=semis, by=users["alice"], discard_results=True)  # not the last round
    round_undo(round_=final, by=users["alice"], discard_results=True)
    event.refresh_from_db()
    assert event.status == EventStatus.RUNNING
    entry = AuditEntry.objects.filter(event=event, action="round-undone").first()
    assert entry is not None
    (kept,) = entry.data["results_discarded"]
    assert kept.endswith(": played, VP 7-1")
    semi.refresh_from_db()
    play(semi, users, (1, 9))
    again = pair_and_publish(event, users)
    (game,) = games_of(again)
    assert ids(semi)[1] in ids(game)
    assert game.result_status == ResultStatus.PENDING
