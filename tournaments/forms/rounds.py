"""The round tools (views/rounds.py): seed, scenario, pair, publish, swap players or tables."""

from __future__ import annotations

from typing import Any

from django import forms

from tournaments.forms.common import Form
from tournaments.models import Game, Player


class SeedForm(Form):
    seed = forms.IntegerField(required=False, min_value=0, help_text="Leave empty for a random seed.")
    confirm = forms.BooleanField(
        required=False,
        label="Yes, replace the published pairings",
        help_text="Players lose their tables and opponents; drafts under way are lost.",
    )


class ScenarioForm(Form):
    """The round's scenario, from its game system's list (`GameSystem.pregame.scenarios`)."""

    scenario = forms.ChoiceField(choices=())

    def __init__(self, *args: Any, scenarios: tuple[str, ...], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["scenario"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [("", "—"), *((name, name) for name in scenarios)]


class PairForm(Form):
    """Pair the next round; `confirm` goes past the pre-round check once the TO has seen who is not ready."""

    seed = forms.IntegerField(required=False, min_value=0, help_text="Leave empty for a random seed.")
    confirm = forms.BooleanField(
        required=False,
        label="Pair anyway",
        help_text="The players listed above are not ready; pair the round all the same.",
    )


class PublishForm(Form):
    """Publish a round; `confirm` goes past the pre-round check once the TO has seen who is not ready."""

    confirm = forms.BooleanField(
        required=False,
        label="Publish anyway",
        help_text="The players listed above are not ready; publish the round all the same.",
    )


class SwapPlayersForm(Form):
    first = forms.ModelChoiceField(queryset=Player.objects.none())
    second = forms.ModelChoiceField(queryset=Player.objects.none())

    def __init__(self, *args: Any, players: list[Player], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        ids = [p.pk for p in players]
        for name in ("first", "second"):
            field = self.fields[name]
            assert isinstance(field, forms.ModelChoiceField)
            field.queryset = Player.objects.filter(pk__in=ids).order_by("name")


class SwapTablesForm(Form):
    first = forms.ModelChoiceField(queryset=Game.objects.none())
    second = forms.ModelChoiceField(queryset=Game.objects.none())

    def __init__(self, *args: Any, games: list[Game], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = [(g.pk, _game_label(g)) for g in games if g.player_two_id is not None]
        ids = [pk for pk, _ in choices]
        for name in ("first", "second"):
            field = self.fields[name]
            assert isinstance(field, forms.ModelChoiceField)
            field.queryset = Game.objects.filter(pk__in=ids)
            field.choices = [("", "---------"), *choices]


def _game_label(game: Game) -> str:
    table = f"Table {game.table.number}" if game.table is not None else "No table"
    two = game.player_two.name if game.player_two is not None else "bye"
    return f"{table}: {game.player_one.name} v {two}"
