"""The event/1 interchange format (docs/interchange.md), read into frozen dataclasses.

Pure Python: the standings and pair commands run on a file without a database, and the
Django import/export bridge converts between these dataclasses and the models. Unknown
keys are kept in `extra` at every level, so importing our own richer export loses nothing.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rules_engine import strict_json
from rules_engine.game_system import ScoreRange
from rules_engine.registry import UnknownGameSystem, get_system
from rules_engine.scoring import ScoringOverride, scoring_from_json
from standings.records import (
    BYE,
    CUT,
    OUTCOMES,
    PLAYED,
    SWISS,
    EventCut,
    EventFile,
    EventGame,
    EventPlayer,
    EventRound,
    EventTable,
)
from standings.records import (
    EventFileError as EventFileError,
)
from standings.result_rules import Problem, Result, ResultRules, problems, score_ranges

FORMAT = "event/1"


# --- reading -------------------------------------------------------------------------


def _expect(condition: bool, message: str) -> None:
    if not condition:
        raise EventFileError(message)


def _int(value: Any, where: str, *, minimum: int = 0) -> int:
    _expect(
        isinstance(value, int) and not isinstance(value, bool) and value >= minimum,
        f"{where} must be a whole number of at least {minimum}, got {value!r}",
    )
    return int(value)


def _optional_int(raw: Mapping[str, Any], key: str, where: str) -> int | None:
    value = raw.get(key)
    return None if value is None else _int(value, f"{where}.{key}")


def _str(value: Any, where: str) -> str:
    _expect(isinstance(value, str) and value.strip() != "", f"{where} must be a non-empty string")
    return str(value)


def _object(value: Any, where: str) -> Mapping[str, Any]:
    _expect(isinstance(value, dict), f"{where} must be a JSON object")
    return value  # type: ignore[no-any-return]


def _list(value: Any, where: str) -> list[Any]:
    _expect(isinstance(value, list), f"{where} must be a JSON array")
    return value  # type: ignore[no-any-return]


def _extra(raw: Mapping[str, Any], known: set[str]) -> dict[str, Any]:
    return {key: value for key, value in raw.items() if key not in known}


def _read_player(raw: Any, where: str) -> EventPlayer:
    obj = _object(raw, where)
    spare = obj.get("spare", False)
    _expect(isinstance(spare, bool), f"{where}.spare must be true or false")
    return EventPlayer(
        id=_str(obj.get("id"), f"{where}.id"),
        name=_str(obj.get("name"), f"{where}.name"),
        spare=spare,
        dropped_after_round=_optional_int(obj, "dropped_after_round", where),
        disqualified_after_round=_optional_int(obj, "disqualified_after_round", where),
        extra=_extra(obj, {"id", "name", "spare", "dropped_after_round", "disqualified_after_round"}),
    )


def _read_table(raw: Any, where: str) -> EventTable:
    obj = _object(raw, where)
    layout = obj.get("layout", "")
    _expect(isinstance(layout, str), f"{where}.layout must be a string")
    return EventTable(
        number=_int(obj.get("number"), f"{where}.number", minimum=1),
        layout=layout,
        extra=_extra(obj, {"number", "layout"}),
    )


def _pair_of_ints(obj: Mapping[str, Any], key: str, where: str) -> tuple[int, int] | None:
    if obj.get(key) is None:
        return None
    raw = _list(obj[key], f"{where}.{key}")
    _expect(len(raw) == 2, f"{where}.{key} must hold two numbers, in players order")
    return (_int(raw[0], f"{where}.{key}[0]"), _int(raw[1], f"{where}.{key}[1]"))


def _refuse(where: str, found: Sequence[Problem]) -> None:
    """Every problem of one game at once, each at its place in the file."""
    if found:
        raise EventFileError("; ".join(f"{where}{problem.in_file}" for problem in found))


def _read_game(
    raw: Any, where: str, known_players: set[str], rules: ResultRules, *, cut_round: bool = False
) -> EventGame:
    obj = _object(raw, where)
    players = tuple(
        _str(p, f"{where}.players[{i}]") for i, p in enumerate(_list(obj.get("players"), f"{where}.players"))
    )
    for player_id in players:
        _expect(player_id in known_players, f"{where}.players names unknown player {player_id!r}")
    outcome = obj.get("outcome", PLAYED)
    _expect(outcome in OUTCOMES, f"{where}.outcome must be one of {', '.join(OUTCOMES)}, got {outcome!r}")
    if outcome == BYE:
        _expect(len(players) == 1, f"{where}: a bye has exactly one player")
    else:
        _expect(len(players) == 2, f"{where}: a game has exactly two players")
        _expect(players[0] != players[1], f"{where}: a player cannot play themselves")
    vp = _pair_of_ints(obj, "vp", where)
    kp = _pair_of_ints(obj, "kp", where)
    loser = obj.get("loser")
    winner = None
    known = {"players", "outcome", "vp", "loser", "table", "kp"}
    # A system without VP names the winner of a played game; in a cut round any game may
    # name one (the TO's own tie-break, which stands whatever the score or a draw). In a
    # Swiss round of a VP system `winner` is no key of the format, kept like any other.
    # The extra result numbers a system declares stay among the game's other keys:
    # the standings never read them, and the import checks them by the same rule
    # (`standings.result_rules.extra_problem`) where it stores them.
    if not rules.shape.vp or cut_round:
        known.add("winner")
        winner = obj.get("winner")
    if outcome == BYE:
        # A bye records no result (its points, if a file gives any, stay in the system's range).
        _expect(kp is None or rules.shape.kp, f"{where}.kp: this game system has no Kill Points")
        _expect(loser is None, f"{where}: outcome bye takes no loser")
        _expect(winner is None, f"{where}: outcome bye takes no winner")
        _refuse(where, score_ranges(rules, Result((players[0], players[0]), BYE, vp=vp, kp=kp)))
    else:
        result = Result(
            (players[0], players[1]),
            outcome,
            vp=vp,
            kp=kp,
            loser=loser,
            winner=winner,
            cut=cut_round,
        )
        _refuse(where, problems(rules, result))
    table = obj.get("table")
    return EventGame(
        players=players,
        outcome=outcome,
        vp=vp,
        loser=loser,
        table=None if table is None else _int(table, f"{where}.table", minimum=1),
        extra=_extra(obj, known),
        kp=kp,
        winner=winner,
    )


_GAME_KEYS = frozenset({"players", "outcome", "vp", "loser", "table", "kp"})


def _score_pair(value: Any) -> bool:
    """Whether `value` is what `_pair_of_ints` accepts: two whole numbers of at least 0."""
    return (
        type(value) is list
        and len(value) == 2
        and type(value[0]) is int
        and type(value[1]) is int
        and value[0] >= 0
        and value[1] >= 0
    )


def _in(span: ScoreRange | None, pair: list[int]) -> bool:
    return span is None or (pair[0] in span and pair[1] in span)


def _common_game(obj: Any, known_players: set[str], rules: ResultRules) -> EventGame | None:
    """A played game or a bye of a VP-scored system, read without composing any message.

    Nearly every game of a file is one of these, and `_read_game` spends most of its time
    building the place names and messages its checks would print on a failure (a third of
    `pair`'s whole run at 4,096 players). This accepts only what `_read_game`
    accepts and builds the same game from it (tests/interchange/test_eventfile_common_game.py
    checks both on generated games); anything else (None) goes to `_read_game`, which says
    what is wrong.
    """
    shape = rules.shape
    if type(obj) is not dict or not shape.vp or not obj.keys() <= _GAME_KEYS:
        return None
    players = obj.get("players")
    if type(players) is not list:
        return None
    outcome = obj.get("outcome", PLAYED)
    if outcome == PLAYED:
        if len(players) != 2 or players[0] == players[1] or obj.get("vp") is None:
            return None
        if shape.kp and obj.get("kp") is None:
            return None
    elif outcome != BYE or len(players) != 1:
        return None
    for player_id in players:
        # Known ids were read by `_str`: a member is a non-empty string.
        if type(player_id) is not str or player_id not in known_players:
            return None
    vp, kp, table = obj.get("vp"), obj.get("kp"), obj.get("table")
    if obj.get("loser") is not None or (kp is not None and not shape.kp):
        return None
    if (vp is not None and not _score_pair(vp)) or (kp is not None and not _score_pair(kp)):
        return None
    if (vp is not None and not _in(rules.vp_range, vp)) or (kp is not None and not _in(rules.kp_range, kp)):
        return None
    if table is not None and (type(table) is not int or table < 1):
        return None
    return EventGame(
        players=tuple(players),
        outcome=outcome,
        vp=None if vp is None else (vp[0], vp[1]),
        table=table,
        kp=None if kp is None else (kp[0], kp[1]),
    )


def _read_stage(obj: Mapping[str, Any], where: str) -> str:
    stage = obj.get("stage", SWISS)
    swiss = "a round without stage is a Swiss round"
    _expect(stage in (SWISS, CUT), f'{where}.stage must be "cut" ({swiss}), got {stage!r}')
    return str(stage)


def _read_seeds(obj: Mapping[str, Any], where: str, known_players: set[str]) -> tuple[str, ...] | None:
    if obj.get("seeds") is None:
        return None
    seeds = tuple(_str(p, f"{where}.seeds[{i}]") for i, p in enumerate(_list(obj["seeds"], f"{where}.seeds")))
    seen: set[str] = set()
    for player_id in seeds:
        _expect(player_id in known_players, f"{where}.seeds names unknown player {player_id!r}")
        _expect(player_id not in seen, f"{where}.seeds lists {player_id!r} twice")
        seen.add(player_id)
    _expect(len(seeds) >= 2, f"{where}.seeds must list at least two players")
    return seeds


def _read_round(raw: Any, where: str, known_players: set[str], rules: ResultRules) -> EventRound:
    obj = _object(raw, where)
    number = _int(obj.get("number"), f"{where}.number", minimum=1)
    stage = _read_stage(obj, where)
    cut_round = stage == CUT
    games = tuple(
        (None if cut_round else _common_game(g, known_players, rules))
        or _read_game(g, f"{where}.games[{i}]", known_players, rules, cut_round=cut_round)
        for i, g in enumerate(_list(obj.get("games", []), f"{where}.games"))
    )
    seen: set[str] = set()
    tables: set[int] = set()
    for game in games:
        for player_id in game.players:
            if player_id in seen:
                raise EventFileError(f"round {number}: player {player_id!r} appears in two games")
            seen.add(player_id)
        if game.table is not None:
            if game.table in tables:
                raise EventFileError(f"round {number}: table {game.table} is used twice")
            tables.add(game.table)
    return EventRound(
        number=number,
        games=games,
        extra=_extra(obj, {"number", "games", "stage", "seeds"}),
        stage=stage,
        seeds=_read_seeds(obj, where, known_players),
    )


def read_cut(raw: Any) -> EventCut:
    """event/1 `cut`: `size` (2 or more) players enter once round `after_round` is complete."""
    obj = _object(raw, "cut")
    return EventCut(
        size=_int(obj.get("size"), "cut.size", minimum=2),
        after_round=_int(obj.get("after_round"), "cut.after_round", minimum=1),
    )


def _check_stages(cut: EventCut | None, rounds: Sequence[EventRound]) -> None:
    """Swiss rounds up to `cut.after_round`, then the cut's rounds one after another; `seeds`
    only on the first cut round."""
    if cut is None:
        for round_ in rounds:
            _expect(not round_.is_cut, f"round {round_.number} is a cut round but the event has no cut")
            _expect(round_.seeds is None, f"round {round_.number}: seeds belong to a cut round")
        return
    last = cut.after_round
    numbers = {r.number for r in rounds}
    for round_ in rounds:
        n = round_.number
        if round_.is_cut:
            _expect(
                n > last,
                f"round {n}: a cut round must come after round {last} (cut.after_round)",
            )
            _expect(last in numbers, f"cut.after_round {last} is not a Swiss round of the file")
            _expect(n - 1 in numbers, f"round {n}: cut rounds follow one another; round {n - 1} is missing")
            if round_.seeds is not None:
                _expect(n == last + 1, f"round {n}: seeds belong to the first cut round ({last + 1})")
                _expect(
                    len(round_.seeds) <= cut.size,
                    f"round {n}: the seeds list {len(round_.seeds)} players, more than cut.size ({cut.size})",
                )
        else:
            _expect(
                n <= last,
                f'round {n}: rounds after round {last} (cut.after_round) are cut rounds, "stage": "cut"',
            )
            _expect(round_.seeds is None, f"round {n}: seeds belong to the first cut round ({last + 1})")


_EVENT_KEYS = {"format", "name", "game_system", "scale", "kind", "tables", "players", "rounds"} | {
    "scoring",
    "cut",
}


def parse_event(data: Any) -> EventFile:
    """Read a decoded event/1 document, raising EventFileError naming the first problem."""
    obj = _object(data, "the event")
    _expect(obj.get("format") == FORMAT, f"format must be {FORMAT!r}, got {obj.get('format')!r}")
    _expect("players" in obj, "missing required field: players")
    players = tuple(_read_player(p, f"players[{i}]") for i, p in enumerate(_list(obj["players"], "players")))
    # One pass with a set: `list.count` per id made loading quadratic (0.37 s at 4,096 players).
    ids: set[str] = set()
    duplicates: set[str] = set()
    for player in players:
        (duplicates if player.id in ids else ids).add(player.id)
    _expect(not duplicates, f"players: duplicate id {', '.join(sorted(duplicates))}")
    tables = tuple(
        _read_table(t, f"tables[{i}]") for i, t in enumerate(_list(obj.get("tables", []), "tables"))
    )
    numbers = [t.number for t in tables]
    _expect(len(numbers) == len(set(numbers)), "tables: a table number is listed twice")
    game_system = str(obj.get("game_system", "starcraft-tmg"))
    rules = _result_rules(game_system)
    rounds = tuple(
        _read_round(r, f"rounds[{i}]", ids, rules)
        for i, r in enumerate(_list(obj.get("rounds", []), "rounds"))
    )
    round_numbers = [r.number for r in rounds]
    _expect(len(round_numbers) == len(set(round_numbers)), "rounds: a round number is listed twice")
    name = obj.get("name", "")
    _expect(isinstance(name, str), "name must be a string")
    cut = read_cut(obj["cut"]) if obj.get("cut") is not None else None
    ordered = tuple(sorted(rounds, key=lambda r: r.number))
    _check_stages(cut, ordered)
    return EventFile(
        name=name,
        game_system=game_system,
        scale=str(obj.get("scale", "standard")),
        kind=str(obj.get("kind", "competitive")),
        tables=tables,
        players=players,
        rounds=ordered,
        extra=_extra(obj, _EVENT_KEYS),
        scoring=_scoring(obj),
        cut=cut,
    )


def _result_rules(game_system: str) -> ResultRules:
    """What the system's results may hold (standings.result_rules, the rule the web and the
    API keep); an unknown system reads as VP-scored without bounds (and fails at scoring)."""
    try:
        return ResultRules.of(get_system(game_system))
    except UnknownGameSystem:
        return ResultRules(game_system)


def _scoring(obj: Mapping[str, Any]) -> ScoringOverride | None:
    if "scoring" not in obj:
        return None
    try:
        return scoring_from_json(obj["scoring"])
    except ValueError as exc:
        raise EventFileError(str(exc)) from None


def load_event(path: str | Path) -> EventFile:
    """Read an event/1 file from disk; every failure becomes an EventFileError."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise EventFileError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise EventFileError(f"{path} is not UTF-8 text") from None
    try:
        data = strict_json.loads(text)
    except json.JSONDecodeError as exc:
        raise EventFileError(
            f"{path} is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
        ) from None
    return parse_event(data)


# --- writing -------------------------------------------------------------------------


def game_to_json(game: EventGame) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if game.table is not None:
        out["table"] = game.table
    out["players"] = list(game.players)
    if game.outcome != PLAYED:
        out["outcome"] = game.outcome
    if game.vp is not None:
        out["vp"] = list(game.vp)
    if game.kp is not None:
        out["kp"] = list(game.kp)
    if game.loser is not None:
        out["loser"] = game.loser
    if game.winner is not None:
        out["winner"] = game.winner
    out.update(game.extra)
    return out


def round_stage(round_: EventRound) -> dict[str, Any]:
    """A cut round's `stage` and the first one's `seeds`, as written (nothing for a Swiss round)."""
    out: dict[str, Any] = {}
    if round_.is_cut:
        out["stage"] = CUT
    if round_.seeds is not None:
        out["seeds"] = list(round_.seeds)
    return out


def round_to_json(round_: EventRound) -> dict[str, Any]:
    return {
        "number": round_.number,
        **round_stage(round_),
        "games": [game_to_json(g) for g in round_.games],
        **round_.extra,
    }


def event_to_json(event: EventFile) -> dict[str, Any]:
    players = []
    for p in event.players:
        entry: dict[str, Any] = {"id": p.id, "name": p.name}
        if p.spare:
            entry["spare"] = True
        if p.dropped_after_round is not None:
            entry["dropped_after_round"] = p.dropped_after_round
        if p.disqualified_after_round is not None:
            entry["disqualified_after_round"] = p.disqualified_after_round
        entry.update(p.extra)
        players.append(entry)
    return {
        "format": FORMAT,
        "name": event.name,
        "game_system": event.game_system,
        "scale": event.scale,
        "kind": event.kind,
        "tables": [{"number": t.number, "layout": t.layout, **t.extra} for t in event.tables],
        "players": players,
        "rounds": [round_to_json(r) for r in event.rounds],
        **({"scoring": event.scoring.to_json()} if event.scoring is not None else {}),
        **({"cut": event.cut.to_json()} if event.cut is not None else {}),
        **event.extra,
    }
