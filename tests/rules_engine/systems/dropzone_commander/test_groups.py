"""Groups and Transports: the rulebook's own examples (DZC:268-298) and the rules D14-D19."""

from __future__ import annotations

from tests.rules_engine.systems.dropzone_commander.conftest import army, judge, pairs

FILLER = [{"id": "mbt", "name": "Main Battle Tank", "models": 9}]  # Standard points for the category rule


def groups(report):
    return {g.root: set(g.squads) for g in report.groups}


def _judge(units, **kw):
    return judge(army(FILLER + units, points=3000, **kw))


def test_group_1_a_single_squad_no_transport():
    report = _judge([{"id": "angel", "name": "Archangel", "models": 1}])
    assert pairs(report) == []
    assert groups(report)["angel"] == {"angel"}


def test_group_2_a_squad_filling_one_transport():
    report = _judge(
        [{"id": "s", "name": "Sabre", "models": 3, "aboard": "c"}, {"id": "c", "name": "Condor", "models": 1}]
    )
    assert pairs(report) == []
    assert groups(report)["c"] == {"s", "c"}


def test_group_3_a_squad_filling_identical_transports():
    report = _judge(
        [{"id": "s", "name": "Sabre", "models": 6, "aboard": "c"}, {"id": "c", "name": "Condor", "models": 2}]
    )
    assert pairs(report) == []
    assert len(report.groups) == 2


def test_group_4_an_auxiliary_transport_need_not_be_full():
    full = _judge(
        [
            {"id": "f", "name": "Ferret", "models": 4},
            {"id": "l", "name": "Legionnaires", "models": 2, "aboard": "f"},
            {"id": "h", "name": "Hazard Suits", "models": 2, "aboard": "f"},
        ]
    )
    assert pairs(full) == []
    assert groups(full)["f"] == {"f", "l", "h"}
    half = _judge(
        [
            {"id": "f", "name": "Ferret", "models": 4},
            {"id": "l", "name": "Legionnaires", "models": 2, "aboard": "f"},
        ]
    )
    assert pairs(half) == []
    empty = _judge([{"id": "f", "name": "Ferret", "models": 4}])
    assert pairs(empty) == []  # "do not have to be full" (DZC:298, DZ Q8)


def test_group_5_up_to_four_squads_fill_one_larger_transport():
    report = _judge(
        [
            {"id": "alb", "name": "Albatross", "models": 1},
            {"id": "bear1", "name": "Bear APC", "models": 1, "aboard": "alb"},
            {"id": "bear2", "name": "Bear APC", "models": 1, "aboard": "alb"},
            {"id": "leg1", "name": "Legionnaires", "models": 3, "aboard": "bear1"},
            {"id": "leg2", "name": "Legionnaires", "models": 3, "aboard": "bear2"},
            {"id": "sab", "name": "Sabre", "models": 3, "aboard": "alb"},
            {"id": "gla", "name": "Gladius", "models": 2, "aboard": "alb"},
        ]
    )
    assert pairs(report) == []
    assert groups(report)["alb"] == {"alb", "bear1", "bear2", "leg1", "leg2", "sab", "gla"}


def test_the_nested_example_a_condor_carries_bears_carrying_legionnaires():
    report = _judge(
        [
            {"id": "condor", "name": "Condor", "models": 1},
            {"id": "b1", "name": "Bear APC", "models": 1, "aboard": "condor"},
            {"id": "b2", "name": "Bear APC", "models": 1, "aboard": "condor"},
            {"id": "l1", "name": "Legionnaires", "models": 3, "aboard": "b1"},
            {"id": "l2", "name": "Legionnaires", "models": 3, "aboard": "b2"},
        ]
    )
    assert pairs(report) == []
    assert len(report.groups) == 2


def test_q12_transports_in_transports_serving_one_squad_may_be_many():
    report = _judge(
        [
            {"id": "condors", "name": "Condor", "models": 1},
            {"id": "bears", "name": "Bear APC", "models": 2, "aboard": "condors"},
            {"id": "l", "name": "Legionnaires", "models": 3, "aboard": "bears"},
        ]
    )
    # 3 Legionnaires in 2 Bears (capacity 6) leaves room: strictly, not full (DZ-D05).
    assert pairs(report) == [("transport-not-full", "units[2]")]


def test_d14_the_shapes_must_match():
    report = _judge(
        [
            {"id": "c", "name": "Condor", "models": 1},
            {"id": "l", "name": "Legionnaires", "models": 3, "aboard": "c"},
        ]
    )
    assert pairs(report) == [("transport-incompatible", "units[2].aboard")]
    tank_taxi = _judge([{"id": "s", "name": "Sabre", "models": 1, "aboard": "mbt"}])
    assert pairs(tank_taxi) == [("transport-incompatible", "units[1].aboard")]


def test_d15_a_transport_needs_cargo():
    report = _judge([{"id": "c", "name": "Condor", "models": 1}])
    assert pairs(report) == [("transport-without-cargo", "units[1]")]


def test_d16_enough_transports():
    report = _judge(
        [{"id": "s", "name": "Sabre", "models": 4, "aboard": "c"}, {"id": "c", "name": "Condor", "models": 1}]
    )
    assert pairs(report) == [("transports-insufficient", "units[2]")]


def test_d17_transports_are_taken_full():
    report = _judge(
        [{"id": "s", "name": "Sabre", "models": 4, "aboard": "c"}, {"id": "c", "name": "Condor", "models": 2}]
    )
    assert pairs(report) == [("transport-not-full", "units[2]")]


def test_d18_a_shared_transport_is_one_unit():
    report = _judge(
        [
            {"id": "c", "name": "Condor", "models": 2},
            {"id": "s1", "name": "Sabre", "models": 3, "aboard": "c"},
            {"id": "s2", "name": "Sabre", "models": 3, "aboard": "c"},
        ]
    )
    assert pairs(report) == [("shared-transport-not-single", "units[1]")]


def test_d19_at_most_four_squads_share_one_transport():
    report = _judge(
        [
            {"id": "alb", "name": "Albatross", "models": 1},
            *({"id": f"s{i}", "name": "Sabre", "models": 1, "aboard": "alb"} for i in range(6)),
            {"id": "g", "name": "Gladius", "models": 2, "aboard": "alb"},
        ]
    )
    # 6 Sabres (12) and 2 Gladius (6) fill the 18 exactly: only the sharing rule is broken.
    assert pairs(report) == [("shared-transport-too-many-squads", "units[1]")]
