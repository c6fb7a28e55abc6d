"""Who won a Dropzone Commander game (DZC:952), for a single-elimination cut.

"The player with the most Victory Points wins. Ties are resolved by who has the most Kill
Points": equal VP goes to more KP, and equal VP and KP is a tie (decision DZ-D11, a
draw), which the bracket settles by seed unless the TO names a winner.
"""

from __future__ import annotations

from rules_engine.deciding import PlayedResult, by_scores


def more_vp_then_kill_points(game: PlayedResult) -> str | None:
    return by_scores(game, game.vp, game.kp)
