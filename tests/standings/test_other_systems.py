"""Results and standings of the other game systems (docs/interchange.md, "Other game systems").

Worked by hand on each system's default bands (the systems' DECISIONS.md):
Dropzone Major 5+ 3/4 v 0/1, Minor 1-4 3/3 v 0/2, Draw 0 1/2 each, bye 3/4; MORSDEI
Complete Victory 12+ 3/5 v 0/0, Major 5-11 3/4 v 0/1, Victory 1-4 3/3 v 0/2, Draw 1/2;
Warpspawn Win 3/0 v 0/0, Draw 1/0 each, bye 3/0. No database is touched.
"""

from __future__ import annotations

import json
import re
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from rules_engine.scoring import ScoringTable, scoring_from_json
from rules_engine.systems.dropzone_commander import BANDS as DROPZONE
from rules_engine.systems.morsdei import BANDS as MORSDEI
from rules_engine.systems.warpspawn_starcraft import BANDS as WARPSPAWN
from standings import standings_for_event
from standings.eventfile import event_to_json, parse_event
from standings.game_scores import score_game
from standings.records import EventFileError


def _event(system, rounds, *, scale="standard", players=("a", "b", "c", "d"), **extra):
    return {
        "format": "event/1",
        "name": f"{system} test",
        "game_system": system,
        "scale": scale,
        "kind": "community",
        "players": [{"id": p, "name": p.upper()} for p in players],
        "rounds": [{"number": i, "games": games} for i, games in enumerate(rounds, start=1)],
        **extra,
    }


def _scores(system, game):
    event = parse_event(_event(system, [[game]]))
    table = {"dropzone-commander": DROPZONE, "morsdei": MORSDEI, "warpspawn-starcraft": WARPSPAWN}[system]
    return [(r.mp, r.tp, r.band) for r in score_game(event.rounds[0].games[0], table)]


def test_dropzone_a_vp_tie_goes_to_kill_points_at_the_lowest_winning_band():
    game = {"players": ["a", "b"], "vp": [5, 5], "kp": [300, 450]}
    assert _scores("dropzone-commander", game) == [(0, 2, "Minor Victory"), (3, 3, "Minor Victory")]
    level = {"players": ["a", "b"], "vp": [5, 5], "kp": [300, 300]}
    assert _scores("dropzone-commander", level) == [(1, 2, "Draw"), (1, 2, "Draw")]
    margin = {"players": ["a", "b"], "vp": [9, 2], "kp": [0, 900]}
    assert _scores("dropzone-commander", margin) == [(3, 4, "Major Victory"), (0, 1, "Major Victory")]


def test_morsdei_a_complete_victory_scores_the_top_band_whatever_the_vp():
    game = {"players": ["a", "b"], "outcome": "complete-victory", "loser": "b", "vp": [2, 6]}
    assert _scores("morsdei", game) == [(3, 5, "Complete Victory"), (0, 0, "Complete Victory")]
    assert _scores("morsdei", {"players": ["a", "b"], "vp": [12, 0]})[0] == (3, 5, "Complete Victory")
    assert _scores("morsdei", {"players": ["a", "b"], "vp": [3, 7]}) == [(0, 2, "Victory"), (3, 3, "Victory")]


def test_warpspawn_a_win_or_a_draw():
    assert _scores("warpspawn-starcraft", {"players": ["a", "b"], "winner": "b"}) == [
        (0, 0, "Win"),
        (3, 0, "Win"),
    ]
    assert _scores("warpspawn-starcraft", {"players": ["a", "b"], "outcome": "draw"}) == [
        (1, 0, "Draw"),
        (1, 0, "Draw"),
    ]
    bye = parse_event(_event("warpspawn-starcraft", [[{"players": ["a"], "outcome": "bye"}]]))
    assert [(r.mp, r.tp) for r in score_game(bye.rounds[0].games[0], WARPSPAWN)] == [(3, 0)]


@pytest.mark.parametrize(
    ("system", "game", "message"),
    [
        ("dropzone-commander", {"players": ["a", "b"], "vp": [3, 1]}, "needs kp beside vp"),
        ("warpspawn-starcraft", {"players": ["a", "b"], "vp": [3, 1]}, "needs winner (or outcome draw)"),
        (
            "warpspawn-starcraft",
            {"players": ["a", "b"], "winner": "c"},
            "winner must be one of the game's players",
        ),
        ("warpspawn-starcraft", {"players": ["a", "b"], "outcome": "draw", "winner": "a"}, "takes no winner"),
        (
            "starcraft-tmg",
            {"players": ["a", "b"], "outcome": "draw"},
            "outcome draw is for game systems without VP",
        ),
        ("starcraft-tmg", {"players": ["a", "b"], "vp": [1, 2], "kp": [1, 2]}, "has no Kill Points"),
        (
            "starcraft-tmg",
            {"players": ["a", "b"], "outcome": "complete-victory", "loser": "a", "vp": [1, 2]},
            "not a result of this game system",
        ),
        ("morsdei", {"players": ["a", "b"], "outcome": "complete-victory", "vp": [1, 2]}, "needs loser"),
        ("morsdei", {"players": ["a", "b"], "outcome": "complete-victory", "loser": "a"}, "keeps its vp"),
    ],
)
def test_results_that_do_not_fit_the_system_are_refused(system, game, message):
    with pytest.raises(EventFileError, match=re.escape(message)):
        parse_event(_event(system, [[game]], scale="clash" if system == "dropzone-commander" else "standard"))


def test_a_round_trip_keeps_kp_winner_and_scoring():
    data = _event(
        "dropzone-commander",
        [[{"players": ["a", "b"], "vp": [5, 5], "kp": [300, 450]}]],
        scale="clash",
        scoring={"bye": [2, 2]},
    )
    assert event_to_json(parse_event(data)) == {**data, "tables": []}
    ws = _event("warpspawn-starcraft", [[{"players": ["a", "b"], "winner": "b"}]])
    assert event_to_json(parse_event(ws)) == {**ws, "tables": []}


def test_the_tos_bands_and_bye_replace_the_systems():
    override = scoring_from_json(
        {
            "bands": [
                {
                    "name": "Win",
                    "min_difference": 3,
                    "max_difference": None,
                    "winner": [3, 4],
                    "loser": [0, 1],
                },
                {
                    "name": "Close",
                    "min_difference": 0,
                    "max_difference": 2,
                    "winner": [1, 2],
                    "loser": [1, 2],
                },
            ]
        }
    )
    table = override.apply(WARPSPAWN)
    assert [b.name for b in table.bands] == ["Win", "Close"]
    assert table.bye == WARPSPAWN.bye
    bye_only = scoring_from_json({"bye": [2, 2]}).apply(DROPZONE)
    assert (bye_only.bands, (bye_only.bye.mp, bye_only.bye.tp)) == (DROPZONE.bands, (2, 2))


@pytest.mark.parametrize(
    ("scoring", "message"),
    [
        ({}, "bands, bye or both"),
        ({"bye": [3]}, r"scoring.bye must be \[MP, TP\]"),
        (
            {
                "bands": [
                    {
                        "name": "A",
                        "min_difference": 1,
                        "max_difference": None,
                        "winner": [3, 3],
                        "loser": [0, 0],
                    }
                ]
            },
            "gap or overlap at VP difference 0",
        ),
        (
            {
                "bands": [
                    {
                        "name": "A",
                        "min_difference": 0,
                        "max_difference": None,
                        "winner": [3, 3],
                        "loser": [0, 0],
                    }
                ]
            },
            "must score both sides alike",
        ),
        (
            {
                "bands": [
                    {"name": "A", "min_difference": 0, "max_difference": 2, "winner": [1, 1], "loser": [1, 1]}
                ]
            },
            "open-ended band",
        ),
    ],
)
def test_bad_scoring_is_refused_naming_where(scoring, message):
    with pytest.raises(EventFileError, match=message):
        parse_event(_event("starcraft-tmg", [], scoring=scoring))


def _standings_json(tmp_path, data):
    path = tmp_path / "event.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    out = StringIO()
    call_command("standings", str(path), "--json", stdout=out)
    return json.loads(out.getvalue())["standings"]


def test_warpspawn_standings_command(tmp_path):
    # R1: a beats b (3/0), c draws d (1/0 each). R2: a beats c, b beats d.
    # MP: a 6, b 3, c 1, d 1. SoS: a (b 3, c 1) 2.0; b (a 6, d 1) 3.5; c (d 1, a 6) 3.5; d (c 1, b 3) 2.0.
    data = _event(
        "warpspawn-starcraft",
        [
            [{"players": ["a", "b"], "winner": "a"}, {"players": ["c", "d"], "outcome": "draw"}],
            [{"players": ["a", "c"], "winner": "a"}, {"players": ["b", "d"], "winner": "b"}],
        ],
    )
    rows = [(r["rank"], r["player"], r["mp"], r["tp"], r["sos"]) for r in _standings_json(tmp_path, data)]
    assert rows == [(1, "a", 6, 0, 2.0), (2, "b", 3, 0, 3.5), (3, "c", 1, 0, 3.5), (4, "d", 1, 0, 2.0)]


def test_morsdei_standings_command(tmp_path):
    # a complete-victory over b despite VP 1-4 (a 3/5, b 0/0); c beats d 9-2 (3/4 v 0/1).
    data = _event(
        "morsdei",
        [
            [
                {"players": ["a", "b"], "outcome": "complete-victory", "loser": "b", "vp": [1, 4]},
                {"players": ["c", "d"], "vp": [9, 2]},
            ]
        ],
    )
    rows = [(r["player"], r["mp"], r["tp"]) for r in _standings_json(tmp_path, data)]
    assert rows == [("a", 3, 5), ("c", 3, 4), ("d", 0, 1), ("b", 0, 0)]


def test_the_scoring_key_changes_standings(tmp_path):
    base = _event(
        "starcraft-tmg",
        [[{"players": ["a"], "outcome": "bye"}, {"players": ["b", "c"], "vp": [9, 1]}]],
        players=("a", "b", "c"),
    )
    default = {r["player"]: (r["mp"], r["tp"]) for r in _standings_json(tmp_path, base)}
    assert default["a"] == (3, 4)  # OP Guide bye
    changed = {
        r["player"]: (r["mp"], r["tp"])
        for r in _standings_json(tmp_path, {**base, "scoring": {"bye": [2, 1]}})
    }
    assert changed["a"] == (2, 1)
    assert changed["b"] == default["b"]


def test_pair_runs_on_a_system_without_vp(tmp_path):
    data = _event(
        "warpspawn-starcraft",
        [[{"players": ["a", "b"], "winner": "a"}, {"players": ["c", "d"], "winner": "c"}]],
    )
    path = tmp_path / "event.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    out = StringIO()
    call_command("pair", str(path), "--seed", "1", "--json", stdout=out)
    games = json.loads(out.getvalue())["games"]
    assert sorted(sorted(g["players"]) for g in games) == [["a", "c"], ["b", "d"]]


def test_standings_for_event_applies_the_override_directly():
    event = parse_event(
        _event(
            "starcraft-tmg",
            [[{"players": ["a"], "outcome": "bye"}]],
            players=("a", "b"),
            scoring={"bye": [1, 1]},
        )
    )
    assert standings_for_event(event)["a"].mp == 1


def test_an_unreadable_scoring_key_is_a_one_line_exit_2(tmp_path):
    path = tmp_path / "event.json"
    path.write_text(json.dumps(_event("starcraft-tmg", [], scoring={"bye": "lots"})), encoding="utf-8")
    with pytest.raises(CommandError, match=r"scoring\.bye"):
        call_command("standings", str(path), "--json", stdout=StringIO())


def test_scoring_tables_know_their_lowest_win():
    assert DROPZONE.lowest_win.name == "Minor Victory"
    assert WARPSPAWN.lowest_win.name == "Win"
    ties_only = scoring_from_json(
        {
            "bands": [
                {
                    "name": "Tie",
                    "min_difference": 0,
                    "max_difference": None,
                    "winner": [1, 1],
                    "loser": [1, 1],
                }
            ]
        }
    )
    table = ScoringTable(ties_only.bands or ())
    with pytest.raises(ValueError, match="no winning band"):
        table.won(first_wins=True)


def test_dropzone_standings_rank_by_kill_points_fifth(tmp_path):
    # R1: a v b 6-2 (Minor 3/3 v 0/2), KP 500-200; c v d 3-3 won on KP 400-100 (Minor: c 3/3, d 0/2).
    # R2: a v c 3-3, KP 100-100 (Draw 1/2 each); b v d 2-2, KP 300-300 (Draw 1/2 each).
    # a and c: 4 MP, 5 TP, SoS (1+4)/2 = (1+4)/2, oTP (4+5)/2 both: KP 600 v 500 decides.
    # b and d: 1 MP, 4 TP, SoS 2.5, oTP 4.5 both: KP 500 v 400 decides.
    data = _event(
        "dropzone-commander",
        [
            [
                {"players": ["a", "b"], "vp": [6, 2], "kp": [500, 200]},
                {"players": ["c", "d"], "vp": [3, 3], "kp": [400, 100]},
            ],
            [
                {"players": ["a", "c"], "vp": [3, 3], "kp": [100, 100]},
                {"players": ["b", "d"], "vp": [2, 2], "kp": [300, 300]},
            ],
        ],
        scale="clash",
    )
    rows = _standings_json(tmp_path, data)
    assert [(r["rank"], r["player"], r["mp"], r["tp"], r["kp"]) for r in rows] == [
        (1, "a", 4, 5, 600),
        (2, "c", 4, 5, 500),
        (3, "b", 1, 4, 500),
        (4, "d", 1, 4, 400),
    ]
    assert list(rows[0]) == ["rank", "player", "name", "mp", "tp", "sos", "otp", "kp", "placed"]


def test_dropzone_players_share_a_place_only_when_all_five_keys_are_equal(tmp_path):
    # Two games with identical scores; only KP tells a from c, and b from d.
    tied = _event(
        "dropzone-commander",
        [
            [
                {"players": ["a", "b"], "vp": [6, 1], "kp": [300, 100]},
                {"players": ["c", "d"], "vp": [6, 1], "kp": [200, 100]},
            ]
        ],
        scale="battle",
    )
    rows = _standings_json(tmp_path, tied)
    assert [(r["rank"], r["player"]) for r in rows] == [(1, "a"), (2, "c"), (3, "b"), (3, "d")]


def test_systems_without_kill_points_print_no_kp():
    event = parse_event(_event("morsdei", [[{"players": ["a", "b"], "vp": [3, 1]}]]))
    from standings import standings_json

    assert "kp" not in standings_json(standings_for_event(event))["standings"][0]
