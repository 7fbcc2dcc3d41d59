"""Writes solitaire_widget/winnable.json, the packaged list of deals proved
winnable, from the published verdicts (docs/winnability/*.csv; see
solitaire_widget/deals.py for what it holds and tests/test_deals.py for the check that
it matches them).

    python scripts/winnable_seeds.py                 # every variant with figures
    python scripts/winnable_seeds.py --graded-to 600 # how many seeds to grade

Every seed a CSV calls won goes into the bitmap; the won seeds up to ``--graded-to``
are graded: their line's length and search from the CSV, and a run of the hint policy
(``Game.hint_policy_wins``, the only part measured here; a few minutes on one core).
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solitaire_widget import Game  # noqa: E402
from solitaire_widget.deals import DATA, FORMAT, encode_bits  # noqa: E402
from solitaire_widget.games import variants  # noqa: E402

FOLDER = ROOT / "docs" / "winnability"


def read_won(path: Path) -> tuple[dict[int, tuple[int, int]], int]:
    """The won seeds of one CSV: seed -> (moves, nodes); and its last seed."""
    won: dict[int, tuple[int, int]] = {}
    last = 0
    with path.open(newline="") as f:
        for row in csv.DictReader(f):
            seed = int(row["seed"])
            last = max(last, seed)
            if row["result"] == "won":
                won[seed] = (int(row["moves"]), int(row["nodes"]))
    return won, last


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--graded-to", type=int, default=600)
    parser.add_argument("--only", help="one variant's file name (keeps the others)")
    args = parser.parse_args()
    old = json.loads(DATA.read_text()) if DATA.exists() else {"variants": {}}
    out = {
        "format": FORMAT,
        "source": "docs/winnability/*.csv (scripts/winnable_seeds.py)",
        "variants": dict(old["variants"]) if args.only else {},
    }
    for v in variants():
        if not v.figures or (args.only and v.slug != args.only):
            continue
        path = FOLDER / f"{v.slug}.csv"
        if not path.is_file():
            continue
        won, last = read_won(path)
        t0 = time.perf_counter()
        graded = []
        for seed in sorted(s for s in won if s <= args.graded_to):
            moves, nodes = won[seed]
            wins = Game(v.game, seed=seed, **v.options).hint_policy_wins()
            graded.append([seed, moves, nodes, int(wins)])
        out["variants"][v.slug] = {
            "options": {k: v.options[k] for k in sorted(v.options)},
            "last": last,
            "won": encode_bits(set(won), last),
            "graded_to": args.graded_to,
            "graded": graded,
        }
        print(
            f"{v.slug}: {len(won)} won of {last}, {len(graded)} graded "
            f"({time.perf_counter() - t0:.0f} s)",
            flush=True,
        )
    DATA.parent.mkdir(exist_ok=True)
    DATA.write_text(json.dumps(out, separators=(",", ":")) + "\n")
    print(f"wrote {DATA.relative_to(ROOT)} ({DATA.stat().st_size / 1024:.0f} KB)")


if __name__ == "__main__":
    main()
