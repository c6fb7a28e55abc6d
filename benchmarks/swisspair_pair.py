"""The yardstick for `manage.py pair`: PyPI's `swisspair` (C++) pairing the same event/1 file.

Run as its own process by benchmarks/bench_startup.py, so both sides pay their whole
start-up. It does what a peer tool must: read the file, score it (3 MP a win, 1 each for
a draw, here any VP margin of 2 or less as in the Stalemate band, 3 for a bye), forbid
rematches, and pair. It does not seat tables or explain anything: a floor, not a rival.
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict


def main(path: str) -> int:
    from swisspair import Player, create_matches

    with open(path, encoding="utf-8") as handle:
        event = json.load(handle)
    points: dict[str, int] = defaultdict(int)
    met: dict[str, set[str]] = defaultdict(set)
    byes: set[str] = set()
    for round_ in event.get("rounds", []):
        for game in round_["games"]:
            players = game["players"]
            if game.get("outcome") == "bye":
                points[players[0]] += 3
                byes.add(players[0])
                continue
            a, b = players
            met[a].add(b)
            met[b].add(a)
            vp = game.get("vp") or (0, 0)
            if abs(vp[0] - vp[1]) <= 2:
                points[a] += 1
                points[b] += 1
            else:
                points[a if vp[0] > vp[1] else b] += 3
    ids = sorted((p["id"] for p in event["players"]), key=lambda p: (-points[p], p))
    field = [
        Player(id=p, points=points[p], rank=r, can_get_bye=p not in byes, cannot_be_paired_against_ids=met[p])
        for r, p in enumerate(ids, start=1)
    ]
    matches = create_matches(field)
    games = [[m.p1.id] if m.p2 is None else [m.p1.id, m.p2.id] for m in matches]
    print(json.dumps({"games": games}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
