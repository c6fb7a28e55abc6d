"""The database's own refusals, should a writer ever skip the round's row lock (PostgreSQL)."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from tests.races.builders import race_event, race_round
from tournaments.models import Game, RoundStatus

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def _commit(change) -> None:
    with transaction.atomic():
        change()


def test_two_games_on_one_table_are_refused_at_commit(users) -> None:
    event, players = race_event(users, players=4)
    round_ = race_round(event, players, RoundStatus.PAIRED)
    one, two = Game.objects.filter(round=round_).order_by("id")
    with pytest.raises(IntegrityError, match="game_one_per_table_per_round"):
        _commit(lambda: Game.objects.filter(pk=two.pk).update(table=one.table))


def test_a_swap_passes_through_a_duplicate_and_commits_clean(users) -> None:
    """Deferred constraints: the middle of a swap may hold a duplicate; the commit may not."""
    event, players = race_event(users, players=4)
    round_ = race_round(event, players, RoundStatus.PAIRED)
    one, two = Game.objects.filter(round=round_).order_by("id")

    def swap() -> None:
        Game.objects.filter(pk=one.pk).update(table=two.table, player_one=two.player_one)
        Game.objects.filter(pk=two.pk).update(table=one.table, player_one=one.player_one)

    _commit(swap)
    assert Game.objects.get(pk=one.pk).table_id == two.table_id


@pytest.mark.parametrize(
    ("column", "constraint"),
    [
        ("player_one", "game_player_one_once_per_round"),
        ("player_two", "game_player_two_once_per_round"),
    ],
)
def test_a_player_seated_twice_in_one_column_is_refused(users, column, constraint) -> None:
    event, players = race_event(users, players=4)
    round_ = race_round(event, players, RoundStatus.PAIRED)
    one, two = Game.objects.filter(round=round_).order_by("id")
    with pytest.raises(IntegrityError, match=constraint):
        _commit(lambda: Game.objects.filter(pk=two.pk).update(**{column: getattr(one, column)}))


def test_a_player_seated_in_both_columns_of_two_games_is_refused(users) -> None:
    event, players = race_event(users, players=4)
    round_ = race_round(event, players, RoundStatus.PAIRED)
    one, two = Game.objects.filter(round=round_).order_by("id")
    with pytest.raises(IntegrityError, match="seated twice"):
        _commit(lambda: Game.objects.filter(pk=two.pk).update(player_two=one.player_one))


def test_a_player_cannot_play_themselves(users) -> None:
    event, players = race_event(users, players=4)
    round_ = race_round(event, players, RoundStatus.PAIRED)
    one = Game.objects.filter(round=round_).order_by("id")[0]
    with pytest.raises(IntegrityError, match="game_players_differ"):
        _commit(lambda: Game.objects.filter(pk=one.pk).update(player_two=one.player_one))


def test_any_number_of_byes_have_no_table_and_no_opponent(users) -> None:
    event, players = race_event(users, players=4)
    round_ = race_round(event, players[:0], RoundStatus.PAIRED)
    _commit(lambda: Game.objects.bulk_create([Game(round=round_, player_one=p) for p in players]))
    assert Game.objects.filter(round=round_, table=None, player_two=None).count() == 4
