"""What the difficulty grade is made of, measured: for the graded deals of every
published variant (solitaire_widget/winnable.json: the won seeds up to its
``graded_to``, their line and search from docs/winnability, the hint policy run by
scripts/winnable_seeds.py), how often the hint policy wins alone, how the search
(nodes) and the line's length (moves) spread among the deals it does not win, and how
many deals each grade then gets (solitaire_widget.deals.grade). ``--fresh N`` also
measures N random deals of each rule set with no published list on the spot
(``Game.difficulty``: a search of ``DEAL_NODES`` nodes and the hint policy).

    python benchmarks/difficulty.py
    python benchmarks/difficulty.py --fresh 40
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from solitaire_widget import Game
from solitaire_widget.deals import GRADES, HARD_MOVES, HARD_NODES, Difficulty, published_list
from solitaire_widget.games import rule_sets


def quantiles(values: list[int], qs: tuple[float, ...] = (0.25, 0.5, 0.75, 0.9)) -> str:
    if not values:
        return "-"
    s = sorted(values)
    return " ".join(f"q{int(q * 100)}={s[min(len(s) - 1, int(q * len(s)))]:,}" for q in qs)


def report(label: str, found: list[Difficulty]) -> None:
    n = len(found)
    wins = sum(d.policy_wins for d in found)
    rest = [d for d in found if not d.policy_wins]
    grades = Counter(d.grade for d in found)
    share = " ".join(f"{g} {grades[g]} ({grades[g] / n:.0%})" for g in GRADES) if n else "-"
    print(f"{label}: {n} won deals; hints alone win {wins} ({wins / n if n else 0:.0%})")
    print(f"    not won by the hints: nodes {quantiles([d.nodes for d in rest])}")
    print(f"    not won by the hints: moves {quantiles([d.moves for d in rest if d.moves])}")
    print(f"    grades: {share}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fresh", type=int, default=0, help="random deals per other rule set")
    args = parser.parse_args()
    print(
        f"grade: easy = the hints win alone; hard = nodes > {HARD_NODES:,} or moves > {HARD_MOVES}"
    )
    everything: list[Difficulty] = []
    for v in rule_sets():
        listed = published_list(v.game, dict(v.options))
        if listed is not None:
            found = [d for s in listed.graded() if (d := listed.difficulty(s)) is not None]
            everything += found
            report(f"{v.label} (seeds 1–{listed.graded_to}, published)", found)
        elif args.fresh:
            rng = random.Random(20)
            t0 = time.perf_counter()
            found = []
            for _ in range(args.fresh):
                d = Game(v.game, seed=rng.getrandbits(32), **v.options).difficulty()
                if d is not None:
                    found.append(d)
            spent = time.perf_counter() - t0
            report(f"{v.label} ({args.fresh} random deals on the spot, {spent:.0f} s)", found)
    report("All published variants", everything)


if __name__ == "__main__":
    main()
