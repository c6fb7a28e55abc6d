"""The round count the OP Guide suggests for a field size ("Event Size and Format").

StarCraft's own organised-play rule: the other game systems' books suggest no round count,
so their packages offer none (`GameSystem.suggested_rounds`).
"""

from __future__ import annotations

# OP Guide: Community Events — (max players, rounds on Skirmish, rounds on Standard).
_COMMUNITY = ((8, 3, 3), (16, 3, 3), (32, 4, 3))
# OP Guide: Competitive Events — (max players, Swiss rounds).
_COMPETITIVE = ((32, 3), (128, 5))
# Above 128 players the guide announces a championship format without giving it; ours
# (docs/pairing.md, "Fields above 128"): one Swiss round more per doubling of the field,
# then a top cut — (max players, Swiss rounds, cut size).
_CHAMPIONSHIP = ((256, 6, 8), (512, 7, 16))
_LARGEST = (8, 16)  # beyond 512: 8 Swiss rounds, then a top 16


def suggested_rounds(*, kind: str, scale: str, players: int) -> int:
    """The guide's round count for a field size.

    Bands the guide leaves open are read generously: 4-8 community players get the top
    of "2-3 rounds"; fields below a band's floor take the first band. Competitive fields
    above 128 take our championship format's Swiss rounds (`suggested_cut` gives its cut).
    """
    if kind == "competitive":
        for limit, rounds in _COMPETITIVE:
            if players <= limit:
                return rounds
        return _championship(players)[0]
    for limit, skirmish, standard in _COMMUNITY:
        if players <= limit:
            return skirmish if scale == "skirmish" else standard
    return _COMMUNITY[-1][1] if scale == "skirmish" else _COMMUNITY[-1][2]


def _championship(players: int) -> tuple[int, int]:
    for limit, rounds, cut in _CHAMPIONSHIP:
        if players <= limit:
            return rounds, cut
    return _LARGEST


def suggested_cut(*, kind: str, scale: str, players: int) -> int | None:
    """The top cut we suggest after the Swiss rounds: for a competitive field above 128,
    which the guide leaves to a championship format; None for every field it covers.

    A top 8 up to 256 players (after 6 Swiss rounds at most four players are unbeaten, so
    the cut holds them all and the best with one loss), a top 16 above (7 or 8 rounds).
    """
    if kind != "competitive" or players <= _COMPETITIVE[-1][0]:
        return None
    return _championship(players)[1]
