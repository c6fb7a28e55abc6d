"""Results entered on the web: a player's report from their side of the table
(views/player.py), a staff result and a review reason (judging/views/results.py), and the
optional nomination that travels with the last result."""

from __future__ import annotations

import uuid
from typing import Any

from django import forms

from rules_engine.game_system import GameSystem
from standings.result_rules import ResultRules
from tournaments.forms.common import Form
from tournaments.game_templates import game_template_names
from tournaments.models import CutTies, Game, Outcome, Player
from tournaments.report_extras import nomination_hook
from tournaments.services.reporting import ResultInput


class ReasonForm(Form):
    reason = forms.CharField(max_length=500, required=False)


def _extra_fields(form: forms.Form, system: GameSystem) -> list[str]:
    """The system's extra result numbers (GameSystem.result_extras) as optional fields."""
    names = []
    for extra in system.result_extras:
        form.fields[extra.key] = forms.IntegerField(
            required=False, min_value=0, label=extra.label, help_text=extra.help
        )
        names.append(extra.key)
    return names


def _extras(form: forms.Form, names: list[str]) -> dict[str, int]:
    data = form.cleaned_data
    return {name: data[name] for name in names if data.get(name) is not None}


class _ResultForm(Form):
    """What the result forms share: fields laid out by the game system, service errors on them."""

    system: GameSystem
    # The fields that depend on the game system, in entry order (VP, KP, winner, extras).
    field_order_for_system: list[str]
    # A service's field name -> this form's field that shows its error (add_service_error).
    error_fields: dict[str, str]

    def system_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.field_order_for_system]

    def field_templates(self) -> list[str]:
        """The template that draws `system_fields` (games/<package>/result_fields.html)."""
        return game_template_names(self.system, "result_fields")

    def error_summary(self) -> list[tuple[str, str]]:
        """Every field error as (the input's id, the sentence), in the order the form shows them.

        A failed report showed one error two screens down; the summary at the top of
        the form lists them all, each linked to its input (a radio group to its first choice).
        """
        summary: list[tuple[str, str]] = []
        for field in self:
            if field.is_hidden or not field.errors:
                continue
            anchor = field.auto_id
            if isinstance(field.field.widget, forms.RadioSelect):
                anchor = f"{anchor}_0"
            summary.extend((str(anchor), str(error)) for error in field.errors)
        return summary


def add_nomination_field(form: forms.Form, game: Game, player: Player | None) -> None:
    """The optional nomination an app above this one asks for with the report (OP Guide:
    Hobby Awards, Best Sportsman "submitted with their last result"; tournaments.report_extras)."""
    hook = nomination_hook()
    offered = hook.offered(game, player) if hook is not None and player is not None else None
    if offered is None:
        return
    form.fields["nominate"] = forms.ChoiceField(
        choices=[("", "No nomination"), *offered.choices],
        required=False,
        label=offered.label,
        help_text=offered.help_text,
        initial=offered.current,
    )


def nominee_of(form: forms.Form, game: Game) -> Player | None:
    """The player the form nominates (a row of the game's event), or None."""
    value = form.cleaned_data.get("nominate") if "nominate" in form.fields else ""
    if not value:
        return None
    return Player.objects.filter(event_id=game.round.event_id, pk=int(value)).first()


class NominationForm(Form):
    """The nomination beside a one-tap confirmation (the confirmation is the last result
    the confirming player submits)."""

    prefix = "confirm"

    def __init__(self, *args: Any, game: Game, player: Player | None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        add_nomination_field(self, game, player)


class PlayerResultForm(_ResultForm):
    """A result from one side of the table, in that player's own terms (my VP, their VP).

    The choices and fields follow the game system (docs/interchange.md, "Other game systems"):
    VP, VP and Kill Points (Dropzone), a complete victory (MORSDEI), or who won or a draw
    without VP (Warpspawn), and the extra numbers the system declares.
    """

    how = forms.ChoiceField(choices=(), widget=forms.RadioSelect, label="")
    # A fresh key each time the form is shown: a resubmission of the same page (a retry,
    # a double tap) is stored once (reporting.result_report).
    idempotency_key = forms.CharField(required=False, max_length=80, widget=forms.HiddenInput)

    def __init__(self, *args: Any, game: Game, player: Player | None = None, **kwargs: Any) -> None:
        kwargs["initial"] = {"idempotency_key": uuid.uuid4().hex, **kwargs.get("initial", {})}
        super().__init__(*args, **kwargs)
        self.game = game
        self.system = system = game.round.event.system
        add_nomination_field(self, game, player)
        shape = system.results
        # What a player may enter in this system (standings.result_rules): the form offers
        # those a player at the table reports, each in the player's own words.
        rules = ResultRules.of(system)
        choices = []
        order = []
        if shape.vp:
            choices.append(("played", "We played it out (or time was called)"))
            self.fields["my_vp"] = forms.IntegerField(required=False, min_value=0, label="My VP")
            self.fields["their_vp"] = forms.IntegerField(required=False, min_value=0, label="Opponent's VP")
            order += ["my_vp", "their_vp"]
            self.fields["how"].initial = "played"
        else:
            choices += [("i-won", "I won"), ("they-won", "My opponent won")]
        if rules.allows(Outcome.DRAW):
            choices.append(("draw", "We drew"))
        if shape.kp:
            self.fields["my_kp"] = forms.IntegerField(required=False, min_value=0, label="My Kill Points")
            self.fields["their_kp"] = forms.IntegerField(
                required=False, min_value=0, label="Opponent's Kill Points"
            )
            order += ["my_kp", "their_kp"]
        if rules.allows(Outcome.COMPLETE_VICTORY):
            choices += [
                ("i-won-completely", "I won a complete victory (no enemy fighter left)"),
                ("they-won-completely", "My opponent won a complete victory"),
            ]
        choices += [("i-conceded", "I conceded"), ("they-conceded", "My opponent conceded")]
        how = self.fields["how"]
        assert isinstance(how, forms.ChoiceField)
        how.choices = choices
        self.extra_names = _extra_fields(self, system)
        self.field_order_for_system = order + self.extra_names
        self.error_fields = {"vp": "my_vp", "kp": "my_kp", "winner": "how", "loser": "how", "outcome": "how"}
        if game.round.is_cut:
            self._cut_fields(game)

    def _cut_fields(self, game: Game) -> None:
        """A top-cut game sends one player on: say so, and where the event settles a tie by a
        deciding game, ask who won it (docs/pairing.md, "The top cut")."""
        better = game.player_one.name  # cut games list the better seed first
        if game.round.event.cut_ties == CutTies.DECIDING_GAME:
            self.fields["deciding_winner"] = forms.ChoiceField(
                required=False,
                choices=[("", "Not tied"), ("me", "I won the deciding game"), ("them", "My opponent won it")],
                widget=forms.RadioSelect,
                label="A tie? Who won the deciding game",
                help_text="A top-cut game must have a winner: if the result is a tie, play a deciding "
                "game and say who won it.",
            )
            self.field_order_for_system.append("deciding_winner")
            self.error_fields["winner"] = "deciding_winner"
        else:
            self.fields["how"].help_text = (
                f"A top-cut game must have a winner: a tie the game's rules do not break goes to the "
                f"better seed, {better}."
            )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        how = data.get("how")
        # With no choice made, the empty points are flagged too (a game played out
        # needs them), so one failed send shows every missing field rather than one at a time.
        if how in ("played", "i-won-completely", "they-won-completely") or (
            how is None and "how" in self.errors
        ):
            for name, label in (("my_vp", "your"), ("their_vp", "your opponent's")):
                if name in self.fields and data.get(name) is None and name not in self.errors:
                    self.add_error(name, f"Enter {label} Victory Points.")
        if how == "played" and self.system.results.kp:
            for name, label in (("my_kp", "your"), ("their_kp", "your opponent's")):
                if data.get(name) is None:
                    self.add_error(name, f"Enter {label} Kill Points.")
        return data

    def result_for(self, game: Game, me: Player) -> ResultInput:
        """Turn "my VP / their VP" (and who won) into the game's player order."""
        data = self.cleaned_data
        mine_first = game.player_one_id == me.pk
        opponent = game.player_two if mine_first else game.player_one

        def ordered(mine: str, theirs: str) -> tuple[int | None, int | None]:
            pair = (data.get(mine), data.get(theirs))
            return pair if mine_first else (pair[1], pair[0])

        how = data["how"]
        details = _extras(self, self.extra_names)
        decided = {"me": me, "them": opponent}.get(data.get("deciding_winner") or "")
        if how == "played":
            vp, kp = ordered("my_vp", "their_vp"), ordered("my_kp", "their_kp")
            return ResultInput(Outcome.PLAYED, vp[0], vp[1], None, details, kp[0], kp[1], decided)
        if how in ("i-won", "they-won"):
            return ResultInput(Outcome.PLAYED, details=details, winner=me if how == "i-won" else opponent)
        if how == "draw":
            return ResultInput(Outcome.DRAW, details=details, winner=decided)
        if how in ("i-won-completely", "they-won-completely"):
            vp = ordered("my_vp", "their_vp")
            loser = opponent if how == "i-won-completely" else me
            return ResultInput(Outcome.COMPLETE_VICTORY, vp[0], vp[1], loser, details)
        loser = me if how == "i-conceded" else opponent
        return ResultInput(Outcome.CONCESSION, None, None, loser, details)


def staff_outcomes(system: GameSystem) -> list[tuple[str, str]]:
    """Every outcome a judge may enter in this system (standings.result_rules: all but a bye,
    less what the system lacks), in the order the choices show them."""
    allowed = set(ResultRules.of(system).outcomes(staff=True))
    return [(o.value, o.label) for o in Outcome if o in allowed]


class StaffResultForm(_ResultForm):
    """A judge's or the TO's entry: any outcome, in the game's player order, with a reason."""

    outcome = forms.ChoiceField(choices=(), initial=Outcome.PLAYED)
    loser = forms.ChoiceField(
        required=False,
        choices=[("", "—"), ("one", "First player"), ("two", "Second player")],
        help_text="Who conceded, did not show, took the Game Loss or lost a complete victory.",
    )
    reason = forms.CharField(max_length=500, help_text="Kept in the audit log.")
    # The version of the game this entry corrects (see reporting.result_set).
    version = forms.IntegerField(min_value=0, widget=forms.HiddenInput)

    def __init__(self, *args: Any, game: Game, **kwargs: Any) -> None:
        self.game = game
        kwargs.setdefault("prefix", f"g{game.pk}")
        kwargs["initial"] = {**kwargs.get("initial", {}), "version": game.version}
        super().__init__(*args, **kwargs)
        self.system = system = game.round.event.system
        shape = system.results
        outcome = self.fields["outcome"]
        assert isinstance(outcome, forms.ChoiceField)
        outcome.choices = staff_outcomes(system)
        two = game.player_two.name if game.player_two is not None else "bye"
        sides = [("", "—"), ("one", game.player_one.name), ("two", two)]
        order = []
        if shape.vp:
            self.fields["vp_one"] = forms.IntegerField(
                required=False, min_value=0, label=f"{game.player_one.name} VP"
            )
            self.fields["vp_two"] = forms.IntegerField(required=False, min_value=0, label=f"{two} VP")
            order += ["vp_one", "vp_two"]
        if shape.kp:
            self.fields["kp_one"] = forms.IntegerField(
                required=False, min_value=0, label=f"{game.player_one.name} Kill Points"
            )
            self.fields["kp_two"] = forms.IntegerField(
                required=False, min_value=0, label=f"{two} Kill Points"
            )
            order += ["kp_one", "kp_two"]
        if not shape.vp:
            help_text = "Who won a played game (empty for a draw)."
            if game.round.is_cut:
                help_text += " A drawn top-cut game: who won the deciding game, where the event plays one."
            self.fields["winner"] = forms.ChoiceField(required=False, choices=sides, help_text=help_text)
            order.append("winner")
        elif game.round.is_cut:
            # A top-cut game must send one player on (docs/pairing.md, "The top cut").
            self.fields["winner"] = forms.ChoiceField(
                required=False,
                choices=sides,
                label="Winner of the deciding game",
                help_text="A top-cut game whose result is a tie: who won the deciding game (where the "
                "event plays one; otherwise the better seed, the first player, goes on).",
            )
            order.append("winner")
        loser = self.fields["loser"]
        assert isinstance(loser, forms.ChoiceField)
        loser.choices = sides
        self.extra_names = _extra_fields(self, system)
        self.field_order_for_system = order + self.extra_names
        self.error_fields = {"vp": "vp_one", "kp": "kp_one"}

    @staticmethod
    def initial_for(game: Game) -> dict[str, Any]:
        """Prefill with the agreed result, if there is one."""
        if not game.outcome:
            return {}

        def side(player_id: int | None) -> str:
            if player_id is None:
                return ""
            return "one" if player_id == game.player_one_id else "two"

        return {
            "outcome": game.outcome,
            "vp_one": game.vp_one,
            "vp_two": game.vp_two,
            "kp_one": game.kp_one,
            "kp_two": game.kp_two,
            "loser": side(game.loser_id),
            "winner": side(game.winner_id),
            **(game.details or {}),
        }

    def result(self) -> ResultInput:
        data = self.cleaned_data
        sides = {"one": self.game.player_one, "two": self.game.player_two}
        return ResultInput(
            data["outcome"],
            data.get("vp_one"),
            data.get("vp_two"),
            sides.get(data.get("loser") or ""),
            _extras(self, self.extra_names),
            data.get("kp_one"),
            data.get("kp_two"),
            sides.get(data.get("winner") or ""),
        )

    def restale(self, current: Game) -> None:
        """After a stale entry: keep what the judge typed, but carry the current version, so
        submitting again is a deliberate ruling over the result now shown."""
        data = dict(self.data.items())
        data[self.add_prefix("version")] = str(current.version)
        self.data = data
