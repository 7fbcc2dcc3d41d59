"""Records Aisleriot traces (tests/data/*.jsonl.gz) by running Aisleriot's own rule code,
and checks that committed traces are what that code does.

    python scripts/record_traces.py --check tests/data/kansas.jsonl.gz [more files]
    python scripts/record_traces.py --game kansas --options '{"redeals": 0}' \\
        --seeds 1-25 --out tests/data/kansas.jsonl.gz

A maintainer's tool: CI does not need it, since the traces are committed data. It needs
GNU Guile 3.0 and Debian's ``aisleriot`` package (``apt-get install aisleriot guile-3.0``),
whose games are compiled Guile files (``/usr/lib/<arch>/aisleriot/guile/3.0/*.go``). The
driver, ``tools/aisleriot/driver.scm``, loads those files unmodified and stands in for
Aisleriot's C front end (the module ``(aisleriot interface)``); random numbers come from
the real GLib. This script talks to it over a pipe, one request per line, and turns
Aisleriot's slots into the traces' piles and actions (tests/data/TRACES.md).

``--check`` replays every trace from its game, options, seed and actions, and compares
the deck and, at every step, the state, score, legal actions and end flags; it prints
each file's count of traces reproduced and the first difference of any that is not, and
exits 1 if any differs. Recording walks each seed at random as TRACES.md describes (the
walk's own random generator, seeded from the game, options and seed, is not part of the
format).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DRIVER = ROOT / "tools" / "aisleriot" / "driver.scm"
INSTALL_HINT = "apt-get install aisleriot guile-3.0 (Debian bookworm: aisleriot 1:3.22.23-1)"
MAX_ACTIONS = 250


class RecorderError(Exception):
    """Something the recorder cannot do: no Guile, no Aisleriot, bad options, a driver
    that fails or refuses an action."""


def aisleriot_dir() -> Path | None:
    """The folder of Aisleriot's compiled games (the one holding aisleriot/api.go)."""
    for pattern in ("lib/*/aisleriot/guile/3.0", "lib/aisleriot/guile/3.0"):
        for prefix in (Path("/usr"), Path("/usr/local")):
            for folder in sorted(prefix.glob(pattern)):
                if (folder / "aisleriot" / "api.go").is_file():
                    return folder
    return None


def missing_tools() -> str | None:
    """Why the recorder cannot run here, or None when it can."""
    if shutil.which("guile") is None:
        return f"GNU Guile is not installed ({INSTALL_HINT})"
    if aisleriot_dir() is None:
        return f"Aisleriot's compiled games are not installed ({INSTALL_HINT})"
    return None


# ---- options ------------------------------------------------------------------------------

# The traces name options by what they do ("draw": cards a click, "redeals": turns of the
# waste, -1 unlimited). Aisleriot names them by the labels of its Options menu, or has
# none. Each entry turns the traces' options into (labels set, game variables set).
Settings = tuple[dict[str, bool], dict[str, int]]


def _fixed(game: str, fixed: dict[str, int]):
    def settings(options: dict[str, Any]) -> Settings:
        if options != fixed:
            raise RecorderError(
                f"Aisleriot's {game} has no options: its rules are {json.dumps(fixed)}, "
                f"not {json.dumps(options)}"
            )
        return {}, {}

    return settings


def _klondike(options: dict[str, Any]) -> Settings:
    # one radio group of four entries (klondike.scm, get-options)
    labels = {
        (3, -1): "Three card deals",
        (1, 2): "Single card deals",
        (1, 0): "No redeals",
        (1, -1): "Unlimited redeals",
    }
    key = (options.get("draw"), options.get("redeals"))
    if set(options) != {"draw", "redeals"} or key not in labels:
        raise RecorderError(
            "Aisleriot's klondike takes one of "
            + ", ".join(json.dumps({"draw": d, "redeals": r}) for d, r in labels)
            + f", not {json.dumps(options)}"
        )
    return {label: label == labels[key] for label in labels.values()}, {}


def _saratoga(options: dict[str, Any]) -> Settings:
    # Aisleriot's option is "Three card deals"; the number of redeals has no option
    # (saratoga.scm sets max-redeal to -1, its help text says two), so it is set directly
    draw, redeals = options.get("draw"), options.get("redeals")
    if set(options) != {"draw", "redeals"} or draw not in (1, 3) or not _is_redeals(redeals):
        redeals = None
    if not isinstance(redeals, int):
        raise RecorderError(
            'Aisleriot\'s saratoga takes {"draw": 1 or 3, "redeals": N >= 0 or -1}, '
            f"not {json.dumps(options)}"
        )
    return {"Three card deals": draw == 3}, {"max-redeal": redeals}


def _is_redeals(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= -1


TRACE_OPTIONS = {
    "eagle-wing": _fixed("eagle-wing", {"redeals": 2}),
    "kansas": _fixed("kansas", {"redeals": 0}),
    "canfield": _fixed("canfield", {"draw": 3, "redeals": -1}),
    "klondike": _klondike,
    "saratoga": _saratoga,
}


def settings_for(game: str, options: dict[str, Any]) -> Settings:
    """Aisleriot's option labels and game variables for a trace's options. A game not in
    TRACE_OPTIONS takes its Options-menu labels directly, e.g. {"Three card deals": true}."""
    if not isinstance(options, dict):
        raise RecorderError(f"options must be a JSON object, not {json.dumps(options)}")
    if game in TRACE_OPTIONS:
        return TRACE_OPTIONS[game](options)
    if not all(isinstance(v, bool) for v in options.values()):
        raise RecorderError(
            f"{game}: options are Aisleriot's option labels with true or false, "
            f"not {json.dumps(options)}"
        )
    return dict(options), {}


# ---- the driver ---------------------------------------------------------------------------


def _scheme_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


class Driver:
    """One Guile process running tools/aisleriot/driver.scm with one game loaded."""

    def __init__(self, game: str, timeout: float = 120.0) -> None:
        why = missing_tools()
        if why:
            raise RecorderError(why)
        if not re.fullmatch(r"[a-z][a-z0-9-]*", game):
            raise RecorderError(f"not a game name: {game!r}")
        folder = aisleriot_dir()
        assert folder is not None
        if not (folder / f"{game}.go").is_file():
            raise RecorderError(f"Aisleriot has no game {game!r} (no {folder / game}.go)")
        env = {k: v for k, v in os.environ.items() if k != "G_RANDOM_VERSION"}
        # untranslated option labels, and no compiled copy of the driver in ~/.cache
        env.update(LC_ALL="C", LANGUAGE="C", GUILE_AUTO_COMPILE="0")
        env["GUILE_LOAD_COMPILED_PATH"] = str(folder)
        self.timeout = timeout
        self.proc = subprocess.Popen(
            ["guile", "--no-auto-compile", "-s", str(DRIVER)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        self.game = game
        self.options = self.request(f"(load {_scheme_string(game)})")["options"]

    def request(self, line: str) -> dict[str, Any]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
            answer = self.proc.stdout.readline()
        except BrokenPipeError:
            answer = ""
        if not answer:
            self.close()
            err = self.proc.stderr.read() if self.proc.stderr else ""
            raise RecorderError(f"the Guile driver stopped on {line}: {err.strip()[-2000:]}")
        reply = json.loads(answer)
        if not reply.get("ok"):
            raise RecorderError(f"{self.game}: {line}: {reply.get('error')}")
        return reply

    def set_options(self, options: dict[str, Any]) -> None:
        labels, variables = settings_for(self.game, options)
        pairs = " ".join(
            f"({_scheme_string(k)} . {'#t' if v else '#f'})" for k, v in labels.items()
        )
        overrides = " ".join(f"({k} . {int(v)})" for k, v in variables.items())
        self.request(f"(options ({pairs}) ({overrides}))")

    def new_game(self, seed: int) -> list[str]:
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**32:
            raise RecorderError(f"a seed is an integer from 0 to 2**32 - 1, not {seed!r}")
        return [c.upper() for c in self.request(f"(new {seed})")["deck"]]

    def observe(self) -> dict[str, Any]:
        return self.request("(observe)")

    def move(self, src: int, dst: int, k: int) -> bool:
        return bool(self.request(f"(move {src} {dst} {k})")["moved"])

    def click(self, slot: int) -> bool:
        return bool(self.request(f"(click {slot})")["moved"])

    def close(self) -> None:
        if self.proc.poll() is None:
            try:
                if self.proc.stdin:
                    self.proc.stdin.write("(quit)\n")
                    self.proc.stdin.close()
                self.proc.wait(timeout=10)
            except (BrokenPipeError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()

    def __enter__(self) -> Driver:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
        for stream in (self.proc.stdout, self.proc.stderr):
            if stream:
                stream.close()


# ---- Aisleriot's slots as the traces' piles -----------------------------------------------


@dataclass
class Piles:
    """Which Aisleriot slot each pile id names: s, w and r are the game's one stock, waste
    and reserve slots; f0.. and t0.. its foundation and tableau slots in creation order."""

    ids: dict[int, str] = field(default_factory=dict)
    slots: dict[str, int] = field(default_factory=dict)

    @classmethod
    def of(cls, observed: dict[str, Any]) -> Piles:
        piles = cls()
        counts = {"foundation": 0, "tableau": 0}
        short = {"stock": "s", "waste": "w", "reserve": "r"}
        for slot, kind, _cards in observed["slots"]:
            if kind in short:
                pile = short[kind]
                if pile in piles.slots:
                    raise RecorderError(f"more than one {kind} slot: not in the traces' format")
            elif kind in counts:
                pile = f"{kind[0]}{counts[kind]}"
                counts[kind] += 1
            else:
                raise RecorderError(f"slot {slot} is of type {kind}: not in the traces' format")
            piles.ids[slot] = pile
            piles.slots[pile] = slot
        return piles

    def state(self, observed: dict[str, Any]) -> dict[str, Any]:
        by_pile = {self.ids[slot]: cards for slot, _kind, cards in observed["slots"]}
        state: dict[str, Any] = {}
        for key in ("s", "w", "r"):
            if key in by_pile:
                state[key] = by_pile[key]
        for key in ("f", "t"):
            state[key] = [by_pile[p] for p in sorted(by_pile, key=_pile_order) if p[0] == key]
        return state

    def legal(self, observed: dict[str, Any]) -> list[str]:
        actions = [self.action(src, dst, k) for src, dst, k in observed["drags"]]
        actions += ["draw" for slot in observed["clicks"] if self.ids[slot] == "s"]
        return sorted(actions)

    def action(self, src: int, dst: int, k: int) -> str:
        text = f"{self.ids[src]}>{self.ids[dst]}"
        return text if k == 1 else f"{text}*{k}"

    def perform(self, driver: Driver, action: str) -> None:
        """Does an action as Aisleriot's front end would; it must be accepted."""
        if action == "draw":
            done = driver.click(self.slots["s"])
        else:
            m = re.fullmatch(r"(\w+)>(\w+)(?:\*(\d+))?", action)
            if not m or m[1] not in self.slots or m[2] not in self.slots:
                raise RecorderError(f"not an action of this game: {action!r}")
            done = driver.move(self.slots[m[1]], self.slots[m[2]], int(m[3] or 1))
        if not done:
            raise RecorderError(f"Aisleriot refuses {action!r}")


def _pile_order(pile: str) -> tuple[str, int]:
    return (pile[0], int(pile[1:]) if pile[1:] else 0)


def step_of(piles: Piles, observed: dict[str, Any]) -> dict[str, Any]:
    return {
        "state": piles.state(observed),
        "score": observed["score"],
        "legal": piles.legal(observed),
        "over": observed["over"],
        "won": observed["won"],
    }


# ---- checking -----------------------------------------------------------------------------


def check_trace(trace: dict[str, Any]) -> str | None:
    """None if Aisleriot's code reproduces the trace, else its first difference."""
    with Driver(trace["game"]) as driver:
        driver.set_options(trace["options"])
        deck = driver.new_game(trace["seed"])
        if deck != trace["deck"]:
            return f"deck: recorded {trace['deck']}, Aisleriot deals {deck}"
        piles: Piles | None = None
        for i, step in enumerate(trace["steps"]):
            observed = driver.observe()
            piles = piles or Piles.of(observed)
            mine = step_of(piles, observed)
            for key in ("state", "score", "legal", "over", "won"):
                if step.get(key) != mine[key]:
                    return f"step {i} {key}: recorded {step.get(key)}, Aisleriot {mine[key]}"
            action = step.get("action")
            last = i == len(trace["steps"]) - 1
            if (action is None) != last:
                return (
                    f"step {i}: action {action!r} " + ("after" if last else "before") + " the end"
                )
            if action is not None:
                if action not in mine["legal"]:
                    return f"step {i}: action {action!r} is not legal"
                piles.perform(driver, action)
    return None


def read_traces(path: Path) -> list[dict[str, Any]]:
    try:
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            return [json.loads(line) for line in fh if line.strip()]
    except (OSError, EOFError, json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise RecorderError(f"{path}: not a gzip-compressed JSON Lines file ({exc})") from exc


def check_file(path: Path, out=sys.stdout) -> bool:
    start = time.perf_counter()
    traces = read_traces(path)
    good = 0
    for n, trace in enumerate(traces, 1):
        where = f"{path.name} trace {n} (seed {trace.get('seed')})"
        try:
            problem = check_trace(trace)
        except (RecorderError, KeyError, TypeError, ValueError) as exc:
            problem = f"{type(exc).__name__}: {exc}"
        if problem:
            print(f"{where}: {problem}", file=out)
        else:
            good += 1
    seconds = time.perf_counter() - start
    print(f"{path}: {good}/{len(traces)} traces reproduced ({seconds:.1f} s)", file=out)
    return good == len(traces) and bool(traces)


# ---- recording ----------------------------------------------------------------------------


def _undo(action: str) -> str | None:
    m = re.fullmatch(r"(\w+)>(\w+)(\*\d+)?", action)
    return f"{m[2]}>{m[1]}{m[3] or ''}" if m else None


def _to_foundation(action: str) -> bool:
    m = re.fullmatch(r"(\w+)>(\w+)(\*\d+)?", action)
    return m is not None and m[1][0] != "f" and m[2][0] == "f"


def record_trace(game: str, options: dict[str, Any], seed: int) -> dict[str, Any]:
    """One seeded random walk from the deal of ``seed`` (TRACES.md, "How the games were
    played")."""
    rng = random.Random(f"{game} {json.dumps(options, sort_keys=True)} {seed}")
    steps: list[dict[str, Any]] = []
    with Driver(game) as driver:
        driver.set_options(options)
        deck = driver.new_game(seed)
        piles: Piles | None = None
        seen: dict[str, int] = {}  # (state, previous action) -> its last step index
        forced_since = 0  # the first step of the current run of single choices
        previous: str | None = None
        while True:
            observed = driver.observe()
            piles = piles or Piles.of(observed)
            step = step_of(piles, observed)
            steps.append(step)
            i = len(steps) - 1
            legal = step["legal"]
            key = json.dumps([step["state"], previous])
            cycle = key in seen and seen[key] >= forced_since
            seen[key] = i
            if step["won"] or not legal or i >= MAX_ACTIONS or cycle:
                break
            undo = _undo(previous) if previous else None
            choices = [a for a in legal if a != undo] or legal
            if len(choices) > 1:
                forced_since = i + 1
            home = [a for a in choices if _to_foundation(a)]
            action = rng.choice(home if home and rng.random() < 0.5 else choices)
            step["action"] = action
            piles.perform(driver, action)
            previous = action
        steps[-1]["action"] = None
    ordered = [{**s, "action": s.get("action")} for s in steps]
    return {"game": game, "options": options, "seed": seed, "deck": deck, "steps": ordered}


def parse_seeds(text: str) -> list[int]:
    """'1-25' or '1,5,9-12'."""
    seeds: list[int] = []
    for part in text.split(","):
        m = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+)\s*)?", part)
        if not m:
            raise RecorderError(f"not a list of seeds: {text!r} (e.g. 1-25 or 1,5,9-12)")
        low, high = int(m[1]), int(m[2] or m[1])
        if high < low:
            raise RecorderError(f"empty range of seeds: {part.strip()!r}")
        seeds.extend(range(low, high + 1))
    return seeds


def write_traces(path: Path, traces: Iterator[dict[str, Any]]) -> int:
    # written next to the target and moved over it, so an interrupted run leaves no
    # half-written file; mtime 0 makes the same traces the same bytes
    n = 0
    tmp = path.with_name(path.name + ".part")
    with open(tmp, "wb") as raw, gzip.GzipFile(filename="", fileobj=raw, mode="wb", mtime=0) as gz:
        for trace in traces:
            gz.write((json.dumps(trace, separators=(",", ":")) + "\n").encode())
            n += 1
    tmp.replace(path)
    return n


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", nargs="+", type=Path, metavar="FILE", help="trace files")
    parser.add_argument("--game", help="Aisleriot's game module, e.g. kansas")
    parser.add_argument("--options", default="{}", help="the traces' options, as JSON")
    parser.add_argument("--seeds", default="1-25", help="e.g. 1-25 or 1,5,9-12")
    parser.add_argument("--out", type=Path, help="the .jsonl.gz file to write")
    args = parser.parse_args(argv)
    try:
        if args.check:
            if args.game or args.out:
                parser.error("--check takes only files")
            ok = [check_file(path) for path in args.check]
            return 0 if all(ok) else 1
        if not (args.game and args.out):
            parser.error("give --check FILE..., or --game and --out")
        try:
            options = json.loads(args.options)
        except json.JSONDecodeError as exc:
            raise RecorderError(f"--options is not JSON: {exc}") from exc
        settings_for(args.game, options)  # refuse bad options before starting Guile
        seeds = parse_seeds(args.seeds)
        start = time.perf_counter()
        n = write_traces(args.out, (record_trace(args.game, options, s) for s in seeds))
        print(f"{args.out}: {n} traces recorded ({time.perf_counter() - start:.1f} s)")
        return 0
    except RecorderError as exc:
        print(f"record_traces: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
