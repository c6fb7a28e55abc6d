"""The round count the OP Guide suggests for a field size ("Event Size and Format").

StarCraft's own organised-play rule: the other game systems' books suggest no round count,
so their packages offer none (`GameSystem.suggested_rounds`).
"""

from __future__ import annotations

# OP Guide: Community Events — (max players, rounds on Skirmish, rounds on Standard).
_COMMUNITY = ((8, 3, 3), (16, 3, 3), (32, 4, 3))
# OP Guide: Competitive Events — (max players, Swiss rounds).
_COMPETITIVE = ((32, 3), (128, 5))


def suggested_rounds(*, kind: str, scale: str, players: int) -> int:
    """The guide's round count for a field size.

    Bands the guide leaves open are read generously: 4-8 community players get the top
    of "2-3 rounds"; fields below a band's floor take the first band; fields above 128
    take the largest band (the guide announces a championship format for them later).
    """
    if kind == "competitive":
        for limit, rounds in _COMPETITIVE:
            if players <= limit:
                return rounds
        return _COMPETITIVE[-1][1]
    for limit, skirmish, standard in _COMMUNITY:
        if players <= limit:
            return skirmish if scale == "skirmish" else standard
    return _COMMUNITY[-1][1] if scale == "skirmish" else _COMMUNITY[-1][2]
