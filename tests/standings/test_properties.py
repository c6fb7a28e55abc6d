"""Properties of the standings engine over random events (hypothesis)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.registry import get_system
from standings import compute_standings, standings_for_event
from standings.game_scores import score_game
from standings.records import EventFile, EventGame, EventPlayer, EventRound

SCORING = {scale: get_system("starcraft-tmg").scoring_for(scale) for scale in ("standard", "skirmish")}
# "played" repeated so that most games are ordinary ones, as at a real event.
OUTCOMES = ["played"] * 6 + ["concession", "no-show", "game-loss", "double-no-show"]


@st.composite
def events(draw: st.DrawFn) -> EventFile:
    count = draw(st.integers(2, 10))
    ids = [f"p{i}" for i in range(count)]
    spare = draw(st.one_of(st.none(), st.sampled_from(ids)))
    players = []
    for pid in ids:
        status = draw(st.sampled_from(["active"] * 4 + ["dropped", "disqualified"]))
        players.append(
            EventPlayer(
                id=pid,
                name=draw(st.sampled_from(["Ann", "Bob", "Cy", "Dee"])),  # repeated names on purpose
                spare=pid == spare,
                dropped_after_round=1 if status == "dropped" else None,
                disqualified_after_round=1 if status == "disqualified" else None,
            )
        )
    rounds = []
    for number in range(1, draw(st.integers(0, 5)) + 1):
        order = draw(st.permutations(ids))
        sitting = order[: draw(st.integers(0, len(order)))]  # not everyone plays every round
        games: list[EventGame] = []
        for i in range(0, len(sitting) - 1, 2):
            a, b = sitting[i], sitting[i + 1]
            outcome = draw(st.sampled_from(OUTCOMES))
            if outcome == "played":
                vp = (draw(st.integers(0, 20)), draw(st.integers(0, 20)))
                games.append(EventGame(players=(a, b), vp=vp, table=len(games) + 1))
            elif outcome == "double-no-show":
                games.append(EventGame(players=(a, b), outcome=outcome))
            else:
                games.append(EventGame(players=(a, b), outcome=outcome, loser=draw(st.sampled_from([a, b]))))
        if len(sitting) % 2:
            games.append(EventGame(players=(sitting[-1],), outcome="bye"))
        rounds.append(EventRound(number=number, games=tuple(games)))
    return EventFile(
        name="Random",
        game_system="starcraft-tmg",
        scale=draw(st.sampled_from(["standard", "skirmish"])),
        kind="community",
        tables=(),
        players=tuple(players),
        rounds=tuple(rounds),
    )


def reference(event: EventFile) -> dict[str, tuple[int | None, int, int, Fraction, Fraction]]:
    """The OP Guide read literally: Fractions everywhere, rank = 1 + how many placed players are ahead."""
    scoring = SCORING[event.scale]
    spare = {p.id for p in event.players if p.spare}
    mp = {p.id: 0 for p in event.players}
    tp = dict(mp)
    pools: dict[str, list[str]] = {p.id: [] for p in event.players}
    for round_ in event.rounds:
        for game in round_.games:
            for result in score_game(game, scoring):
                mp[result.player] += result.mp
                tp[result.player] += result.tp
                if result.counts and result.opponent not in spare:
                    pools[result.player].append(result.opponent)  # type: ignore[arg-type]

    def mean(values: list[int]) -> Fraction:
        return Fraction(sum(values), len(values)) if values else Fraction(0)

    metrics = {
        p: (mp[p], tp[p], mean([mp[o] for o in pools[p]]), mean([tp[o] for o in pools[p]])) for p in mp
    }
    placed = [p.id for p in event.players if not p.spare and p.disqualified_after_round is None]
    out = {}
    for p, m in metrics.items():
        rank = 1 + sum(1 for q in placed if metrics[q] > m) if p in placed else None
        out[p] = (rank, *m)
    return out


@settings(max_examples=300)
@given(events())
def test_matches_a_literal_reading_of_the_guide(event):
    result = standings_for_event(event)
    assert {row.player: (row.rank, row.mp, row.tp, row.sos, row.otp) for row in result.rows} == reference(
        event
    )
    # Placed rows first, in non-decreasing rank order; the rest after with no rank.
    placed_ranks = [row.rank for row in result.rows if row.placed]
    assert placed_ranks == sorted(placed_ranks)  # type: ignore[type-var]
    assert all(row.rank is None for row in result.rows[len(placed_ranks) :])


@given(events(), st.randoms(use_true_random=False))
def test_order_of_games_rounds_and_players_does_not_matter(event, rnd):
    shuffled_rounds = [replace(r, games=tuple(rnd.sample(r.games, len(r.games)))) for r in event.rounds]
    rnd.shuffle(shuffled_rounds)
    shuffled_players = list(event.players)
    rnd.shuffle(shuffled_players)
    shuffled = replace(event, rounds=tuple(shuffled_rounds), players=tuple(shuffled_players))
    assert standings_for_event(shuffled) == standings_for_event(event)


@given(events(), st.data())
def test_a_bye_never_enters_any_pool(event, data):
    """Adding a bye (in a new round) to player X.

    Interpretation of "adding a bye never changes anyone else's SoS/oTP": the bye itself
    never enters a pool. X's own SoS/oTP and every pool size stay the same and X gains
    3 MP 4 TP. Those 3 MP / 4 TP do reach X's past opponents through X's final tally, as
    the guide requires: their SoS sum rises by 3 per counted game against X (oTP by 4);
    nobody else changes.
    """
    x = data.draw(st.sampled_from([p.id for p in event.players]))
    before = standings_for_event(event)
    extra_round = EventRound(number=event.next_round_number, games=(EventGame(players=(x,), outcome="bye"),))
    after = standings_for_event(replace(event, rounds=(*event.rounds, extra_round)))
    assert (after[x].mp, after[x].tp) == (before[x].mp + 3, before[x].tp + 4)
    assert (after[x].sos, after[x].otp) == (before[x].sos, before[x].otp)
    for row in before.rows:
        new = after[row.player]
        assert new.pool == row.pool
        if row.player == x:
            continue
        met_x = sum(1 for g in row.games if g.counted and g.opponent == x)
        assert new.sos * new.pool == row.sos * row.pool + 3 * met_x
        assert new.otp * new.pool == row.otp * row.pool + 4 * met_x


@given(events(), st.data())
def test_a_conceded_game_always_counts(event, data):
    games = [
        (r, i)
        for r, round_ in enumerate(event.rounds)
        for i, g in enumerate(round_.games)
        if len(g.players) == 2
    ]
    if not games:
        return
    r, i = data.draw(st.sampled_from(games))
    game = event.rounds[r].games[i]
    conceded = EventGame(
        players=game.players, outcome="concession", loser=data.draw(st.sampled_from(game.players))
    )
    round_ = event.rounds[r]
    new_round = replace(round_, games=(*round_.games[:i], conceded, *round_.games[i + 1 :]))
    changed = replace(event, rounds=(*event.rounds[:r], new_round, *event.rounds[r + 1 :]))
    result = standings_for_event(changed)
    spare = {p.id for p in event.players if p.spare}
    for row in result.rows:
        # Pool size = games that were played, conceded or lost to a penalty, against a non-spare.
        expected = sum(
            1
            for round_ in changed.rounds
            for g in round_.games
            if row.player in g.players
            and g.outcome in ("played", "concession", "game-loss")
            and not ({*g.players} - {row.player}) & spare
        )
        assert row.pool == expected
    for pid in game.players:
        other = next(p for p in game.players if p != pid)
        line = next(g for g in result[pid].games if g.round == event.rounds[r].number)
        assert line.counted == (other not in spare)


def test_compute_accepts_any_iterable_of_rounds():
    players = [EventPlayer("a", "A"), EventPlayer("b", "B")]
    rounds = (EventRound(n, (EventGame(players=("a", "b"), vp=(n, 0)),)) for n in (2, 1))
    result = compute_standings(players, rounds, SCORING["standard"])
    assert [g.round for g in result["a"].games] == [1, 2]
