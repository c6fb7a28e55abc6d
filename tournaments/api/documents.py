"""The documents the API hands out whole, typed in the schema: event/1, roster/1, a roster's
verdict and a round's pairing report.

These serializers describe; they never shape a body. Each document is written by the code
that owns its format (standings.eventfile.event_to_json, the game system's roster writer,
rules_engine.verdict.RosterVerdict.to_dict, pairings.engine.report.PairingReport.to_dict)
and passes through the API as it is, keys a system or a later version adds included: so
every object here stays open (no `additionalProperties: false`), and only the keys every
document has are required. The formats in words: docs/event-files.md, docs/rosters.md,
docs/pairing.md.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

Serializer = serializers.Serializer[dict[str, Any]]
Text = serializers.CharField
Int = serializers.IntegerField


def shape(
    component: str, doc: str = "", /, **fields: serializers.Field[Any, Any, Any, Any]
) -> type[Serializer]:
    """A flat record's serializer, named for its schema component (`doc` its description):
    one line where a class would repeat the same few field lines."""
    attributes = {"__module__": __name__, "__doc__": doc, **fields}
    made: type[Serializer] = type(f"{component}Serializer", (serializers.Serializer,), attributes)
    return made


def _pair(help_text: str) -> serializers.ListField:
    """Two whole numbers in the game's player order (VP, KP)."""
    return serializers.ListField(
        child=serializers.IntegerField(), min_length=2, max_length=2, required=False, help_text=help_text
    )


# --- event/1 (docs/event-files.md) -------------------------------------------------------


class EventFileTableSerializer(Serializer):
    number = serializers.IntegerField(min_value=1)
    layout = serializers.CharField(allow_blank=True)


class EventFilePlayerSerializer(Serializer):
    id = serializers.CharField(help_text="The player's id in this file; games name players by it.")
    name = serializers.CharField()
    spare = serializers.BooleanField(required=False, help_text="Plays only to avoid a bye.")
    dropped_after_round = serializers.IntegerField(required=False, min_value=0)
    disqualified_after_round = serializers.IntegerField(required=False, min_value=0)


class EventFileGameSerializer(Serializer):
    table = serializers.IntegerField(required=False, min_value=1, help_text="Absent for a bye.")
    players = serializers.ListField(
        child=serializers.CharField(), min_length=1, max_length=2, help_text="Player ids; one for a bye."
    )
    outcome = serializers.CharField(required=False, help_text="Absent for a played game.")
    vp = _pair("Victory Points in `players` order.")
    kp = _pair("Kill Points in `players` order (systems that record them).")
    loser = serializers.CharField(required=False)
    winner = serializers.CharField(required=False)


class EventFileRoundSerializer(Serializer):
    number = serializers.IntegerField(min_value=1)
    games = EventFileGameSerializer(many=True)


EventFileSerializer = shape(
    "EventFile",
    "An event/1 document: the event, its tables, players and rounds (docs/event-files.md).",
    format=serializers.ChoiceField(choices=["event/1"]),
    name=Text(),
    game_system=Text(),
    scale=Text(),
    kind=Text(),
    tables=EventFileTableSerializer(many=True),
    players=EventFilePlayerSerializer(many=True),
    rounds=EventFileRoundSerializer(many=True),
    scoring=serializers.DictField(required=False, help_text="The TO's scoring bands and bye score."),
)


# --- roster/1 and verdicts (docs/rosters.md) ---------------------------------------------


class RosterDocumentSerializer(Serializer):
    """A roster/1 document: the envelope every game system shares, then the system's own lists."""

    format = serializers.ChoiceField(choices=["roster/1"])
    game_system = serializers.CharField()
    player = serializers.CharField()
    scale = serializers.CharField(required=False)
    faction = serializers.CharField(required=False)


# A rule broken (with the rulebook section), and a warning that breaks none (rules_engine.verdict).
ViolationSerializer = shape(
    "Violation", code=Text(), message=Text(), where=Text(required=False), section=Text(required=False)
)
RosterAdviceSerializer = shape("RosterAdvice", code=Text(), message=Text(), where=Text(required=False))


class RosterReportSerializer(Serializer):
    """One roster judged: the keys every system's report has; the system's detail beside them."""

    player = serializers.CharField(allow_blank=True)
    faction = serializers.CharField(allow_blank=True)
    scale = serializers.CharField(allow_blank=True)
    rules_version = serializers.CharField(allow_blank=True)
    legal = serializers.BooleanField()
    totals = serializers.DictField(child=serializers.IntegerField(), required=False)
    limits = serializers.DictField(child=serializers.IntegerField(), required=False)
    violations = ViolationSerializer(many=True)
    warnings = RosterAdviceSerializer(many=True, required=False)


class RosterVerdictSerializer(Serializer):
    """A stored roster's verdict: its own report, and what is wrong between a player's rosters."""

    legal = serializers.BooleanField()
    roster = RosterReportSerializer(required=False)
    dual_list = ViolationSerializer(many=True, required=False)


# --- the pairing report (docs/pairing.md) ------------------------------------------------


# The report's notes, each a small flat record (pairings.engine.report).
PairingObjectiveSerializer = shape(
    "PairingObjective",
    bye_byes=Int(),
    rematches=Int(),
    bye_mp=Int(),
    mp_spread=Int(),
    table_repeats=Int(),
)
PairingByeSerializer = shape("PairingBye", player=Text(), mp=Int(), byes_before=Int(), reason=Text())
PairingSpareSerializer = shape("PairingSpare", player=Text(), plays=serializers.BooleanField(), reason=Text())
PairingRematchSerializer = shape("PairingRematch", players=serializers.ListField(child=Text()), reason=Text())
PairingTableRepeatSerializer = shape("PairingTableRepeat", player=Text(), table=Int(), reason=Text())
PairingFloatSerializer = shape(
    "PairingFloat", player=Text(), mp=Int(), direction=Text(), opponent=Text(), opponent_mp=Int()
)
PairingAbsentSerializer = shape("PairingAbsent", player=Text(), reason=Text())


class PairingReportSerializer(Serializer):
    """Why the engine paired as it did; an empty object for a round paired before reports."""

    round = serializers.IntegerField(required=False)
    seed = serializers.IntegerField(required=False)
    method = serializers.CharField(required=False)
    objective = PairingObjectiveSerializer(required=False)
    bye = PairingByeSerializer(required=False, allow_null=True)
    spares = PairingSpareSerializer(many=True, required=False)
    rematches = PairingRematchSerializer(many=True, required=False)
    table_repeats = PairingTableRepeatSerializer(many=True, required=False)
    floats = PairingFloatSerializer(many=True, required=False)
    notes = serializers.ListField(child=serializers.CharField(), required=False)
    not_paired = PairingAbsentSerializer(many=True, required=False)
    candidate_graph = serializers.CharField(required=False)


# --- fields that pass a document through as it is, typed in the schema -------------------


@extend_schema_field(RosterDocumentSerializer)
class RosterDocumentField(serializers.DictField):
    pass


@extend_schema_field(RosterVerdictSerializer)
class RosterVerdictField(serializers.DictField):
    pass


@extend_schema_field(RosterReportSerializer)
class RosterReportField(serializers.DictField):
    pass


@extend_schema_field(PairingReportSerializer)
class PairingReportField(serializers.DictField):
    pass
