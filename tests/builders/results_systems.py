"""One published game per game system, and a result of each kind its system records.

For the result-entry tests: the same report -> confirm / dispute -> judge flow
for every system (StarCraft VP with its Battle Rounds; Dropzone VP and Kill Points;
MORSDEI's complete victory; Warpspawn's winner or draw without VP).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tests.builders.rows import add_player, add_round, add_staff, make_event
from tournaments.models import Event, Game, Player, RoundStatus, StaffRoleKind
from tournaments.services.reporting import ResultInput

SYSTEMS = ("starcraft-tmg", "dropzone-commander", "morsdei", "warpspawn-starcraft")
SCALES = {
    "starcraft-tmg": "standard",
    "dropzone-commander": "clash",
    "morsdei": "standard",
    "warpspawn-starcraft": "standard",
}


@dataclass(frozen=True)
class OneGame:
    """An event of `system` with alice as TO, judy as Head Judge, and bob v carol in round 1."""

    event: Event
    game: Game
    bob: Player
    carol: Player

    @property
    def api(self) -> str:
        return f"/api/events/{self.event.slug}/games/{self.game.pk}/"


def one_game(users: dict[str, Any], system: str, *, second_game: bool = True) -> OneGame:
    """`second_game` adds dan v erin, so round 1 stays open when bob v carol is confirmed."""
    event = make_event(
        to=users["alice"],
        slug=f"results-{system}",
        game_system=system,
        scale=SCALES[system],
        status="running",
        planned_rounds=4,
    )
    add_staff(event, users["judy"], StaffRoleKind.HEAD_JUDGE)
    bob = add_player(event, users["bob"], "Bob")
    carol = add_player(event, users["carol"], "Carol")
    pairs: list[tuple[Player | str, Player | str | None]] = [(bob, carol)]
    if second_game:
        pairs.append((add_player(event, None, "Dan"), add_player(event, None, "Erin")))
    round_ = add_round(event, 1, pairs, RoundStatus.PUBLISHED)
    return OneGame(event=event, game=round_.games.get(player_one=bob), bob=bob, carol=carol)


def a_win(system: str, t: OneGame) -> ResultInput:
    """A win for bob (player one) as the system records it."""
    if system == "starcraft-tmg":
        return ResultInput(vp_one=12, vp_two=3, details={"battle_rounds": 5})
    if system == "dropzone-commander":
        # A VP tie won on Kill Points (DZC:952).
        return ResultInput(vp_one=6, vp_two=6, kp_one=900, kp_two=450)
    if system == "morsdei":
        # Carol's last fighter fell in round 3: a complete victory, her VP kept (MOR:527, :564).
        return ResultInput(outcome="complete-victory", vp_one=4, vp_two=5, loser=t.carol)
    return ResultInput(winner=t.bob)


def another_result(system: str, t: OneGame) -> ResultInput:
    """A different result for the same game (carol's side of a dispute): carol wins."""
    if system == "starcraft-tmg":
        return ResultInput(vp_one=3, vp_two=12, details={"battle_rounds": 5})
    if system == "dropzone-commander":
        return ResultInput(vp_one=6, vp_two=6, kp_one=450, kp_two=900)
    if system == "morsdei":
        return ResultInput(vp_one=2, vp_two=9)
    return ResultInput(outcome="draw")


def as_api(result: ResultInput, t: OneGame) -> dict[str, Any]:
    """A ResultInput as the API's request body."""
    body: dict[str, Any] = {"outcome": result.outcome}
    if result.vp_one is not None:
        body["vp"] = [result.vp_one, result.vp_two]
    if result.kp_one is not None:
        body["kp"] = [result.kp_one, result.kp_two]
    if result.loser is not None:
        body["loser"] = result.loser.external_id
    if result.winner is not None:
        body["winner"] = result.winner.external_id
    if result.details:
        body["details"] = dict(result.details)
    return body
