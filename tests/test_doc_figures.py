"""What the README, the notebooks and tests/data/TRACES.md tell a user is what the code and
the data give. Where a figure in the prose can be derived, it is derived here and
compared: the number of Aisleriot traces, the front end's size, the move of the
teaching deal that the hint loses and what it costs, the deal notebook 04 resumes a
search on. (The README's code blocks are run as pasted by tests/test_readme.py; the
notebooks run under nbval, and the checks they carry themselves run with them.)

Nothing here names a game: each deal is read from the notebook that plays it.
"""

from __future__ import annotations

import ast
import gzip
import importlib.util
import json
import re
from pathlib import Path

import pytest

from solitaire_widget import Game
from solitaire_widget.cards import card_name, parse_code
from solitaire_widget.moves import Move

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
DATA = ROOT / "tests" / "data"
NOTEBOOKS = ROOT / "notebooks"

WORDS = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
]
ORDINALS = [
    "zeroth",
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
    "thirteenth",
    "fourteenth",
    "fifteenth",
    "sixteenth",
    "seventeenth",
    "eighteenth",
    "nineteenth",
    "twentieth",
    "twenty-first",
    "twenty-second",
    "twenty-third",
    "twenty-fourth",
]


def _flat(text: str) -> str:
    """Prose with its line breaks and runs of spaces as single spaces."""
    return re.sub(r"\s+", " ", text)


def _cells(name: str) -> list[dict]:
    path = next(NOTEBOOKS.glob(f"{name}*.ipynb"))
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _source(cell: dict) -> str:
    src = cell["source"]
    return src if isinstance(src, str) else "".join(src)


# ---- the traces ---------------------------------------------------------------------------


def _traces() -> dict[str, list[dict]]:
    out = {}
    for path in sorted(DATA.glob("*.jsonl.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            out[path.name] = [json.loads(line) for line in fh if line.strip()]
    return out


def test_the_trace_counts_in_the_readme_are_the_files():
    total = sum(len(t) for t in _traces().values())
    said = re.findall(r"(\d[\d,]*) (?:play |Aisleriot )?traces", README)
    assert len(said) >= 2, said
    assert {int(n.replace(",", "")) for n in said} == {total}, (said, total)


def test_traces_md_describes_every_file():
    traces = _traces()
    text = (DATA / "TRACES.md").read_text(encoding="utf-8")
    flat = _flat(text)
    games = {t["game"] for ts in traces.values() for t in ts}
    total = sum(len(t) for t in traces.values())
    m = re.search(r"games of (\w+) solitaires", flat)
    assert m and m.group(1) == WORDS[len(games)], (m and m.group(0), sorted(games))
    m = re.search(r"(\d+) traces in (\w+) files", flat)
    assert m and (int(m.group(1)), m.group(2)) == (total, WORDS[len(traces)]), m and m.group(0)
    m = re.search(r"(\d+) traces per file", flat)
    assert m and {len(t) for t in traces.values()} == {int(m.group(1))}, m and m.group(0)
    rows = {
        name: (game, json.loads(options))
        for name, game, options in re.findall(
            r"^\| `([\w.-]+\.jsonl\.gz)` \| ([\w-]+) \| `(\{[^`]*\})` \|", text, re.M
        )
    }
    assert set(rows) == set(traces), "TRACES.md's table of files is not the files"
    for name, ts in traces.items():
        assert {(t["game"], json.dumps(t["options"], sort_keys=True)) for t in ts} == {
            (rows[name][0], json.dumps(rows[name][1], sort_keys=True))
        }, name


# ---- the front end's size -------------------------------------------------------------------


def _bundle_sizes() -> dict[str, int]:
    spec = importlib.util.spec_from_file_location(
        "widget_bundle", ROOT / "benchmarks" / "widget_bundle.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    if not (module.BUNDLE.exists() and module.STYLE.exists()):
        pytest.skip("the bundle is not built (npm run build)")
    return module.sizes()


def test_the_bundle_size_in_the_readme_is_measured():
    size = _bundle_sizes()
    m = re.search(
        r"`python benchmarks/widget_bundle.py`: ([\d.]+) KB minified, ([\d.]+) KB gzipped", README
    )
    assert m, "the README's bundle figures are gone"
    css = re.search(r"the widget's `_css`, is ([\d.]+) KB \(([\d.]+) KB gzipped\)", _flat(README))
    assert css, "the README's stylesheet figures are gone"
    said = {
        "bundle": m.group(1),
        "bundle_gz": m.group(2),
        "style": css.group(1),
        "style_gz": css.group(2),
    }
    for key, text in said.items():
        kb = size[key] / 1024
        # within 3% (and the rounding): a change to the front end that moves the figure
        # more than that must say so in the README
        assert abs(float(text) - kb) <= 0.03 * kb + 0.05, (
            f"README says the {key} is {text} KB; python benchmarks/widget_bundle.py "
            f"measures {kb:.1f} KB"
        )


# ---- notebook 02: the hint that loses the teaching deal -----------------------------------


def _widget_deal(cells: list[dict], before: int) -> tuple[str, int, dict]:
    """The game, seed and options of the last table made before cell ``before``."""
    found = None
    for cell in cells[:before]:
        if cell["cell_type"] != "code":
            continue
        for node in ast.walk(ast.parse(_source(cell))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "SolitaireWidget"
            ):
                kw = {k.arg: ast.literal_eval(k.value) for k in node.keywords}
                found = kw.pop("game"), kw.pop("seed"), kw
    assert found, "no table before the hint loop"
    return found


@pytest.mark.slow
def test_notebook_02_teaches_the_hint_that_loses_its_deal():
    cells = _cells("02-")
    loop = next(
        i
        for i, c in enumerate(cells)
        if c["cell_type"] == "code" and "for " in _source(c) and ".hint()" in _source(c)
    )
    name, seed, options = _widget_deal(cells, loop)
    prose = _flat(" ".join(_source(c) for c in cells if c["cell_type"] == "markdown"))
    code = "\n".join(_source(c) for c in cells if c["cell_type"] == "code")
    g = Game(name, seed=seed, **options)
    n = 0
    while True:
        n += 1
        assert n <= 10, "none of the first ten hints loses the deal: the lesson has no subject"
        move = g.hint()
        assert move is not None
        if g.is_fatal(move, seconds=60):
            break
        g.play(move)
    # the prose names the move and its number, as the loop shows them
    assert f"first {WORDS[n - 1]} hints kept the deal winnable" in prose, prose
    assert f"the {ORDINALS[n]}, `{move}`" in prose
    assert f"winnable until move {n}" in prose
    for call in ("hint(exact=True", "is_fatal(", "losing_move(", ".solve("):
        assert call in code, f"notebook 02's lesson does not show {call}"
    # the exact hint keeps the deal
    exact = g.hint(exact=True, budget=60)
    assert exact != move
    assert g.is_fatal(exact, seconds=60) is False
    # "the King of clubs, the sixteenth card of the stock, as it comes off the stock on the
    # first pass": the solver's line puts a card from the waste into the empty column
    line = g.solve(seconds=None).solution
    probe = g.position(g.moves)
    stock = probe.pile("s")  # face down, the top card last
    for action in line:
        m = Move.parse(action)
        if m.source == "w" and m.target.startswith("t") and not probe.pile(m.target):
            card = probe.pile("w")[-1]
            break
        probe.play(action)
    else:
        pytest.fail("the solver's line puts no card from the waste into an empty column")
    drawn = len(stock) - stock.index(card.lower())
    said = f"{card_name(parse_code(card)[0])}, the {ORDINALS[drawn]} card of the stock"
    assert said in prose, said
    # "Lost with two redeals left, won with three"
    after = g.position(g.moves)
    after.play(move)
    left = after.redeals_left
    assert isinstance(left, int)
    others = {k: v for k, v in options.items() if k != "redeals"}
    verdicts = [
        Game.from_snapshot(after.snapshot(), name, redeals=r, **others).solve(seconds=None).result
        for r in (left, left + 1)
    ]
    assert verdicts == ["lost", "won"], verdicts
    assert f"Lost with {WORDS[left]} redeals left, won with {WORDS[left + 1]}" in prose


# ---- notebook 04: the resumed search ------------------------------------------------------


@pytest.mark.slow
def test_notebook_04_resumes_a_search_that_needs_it():
    cells = _cells("04-")
    at = next(
        i for i, c in enumerate(cells) if "Solver(" in _source(c) and c["cell_type"] == "code"
    )
    tree = ast.parse(_source(cells[at]))
    deal = next(
        n
        for n in ast.walk(tree)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "Game"
    )
    name = ast.literal_eval(deal.args[0])
    seed = next(ast.literal_eval(k.value) for k in deal.keywords if k.arg == "seed")
    budgets = {
        ast.literal_eval(k.value)
        for n in ast.walk(tree)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "run"
        for k in n.keywords
        if k.arg == "nodes"
    }
    assert len(budgets) == 1, budgets
    nodes = budgets.pop()
    from solitaire_widget.solver import Solver

    s = Solver(Game(name, seed=seed))
    runs = [s.run(seconds=None, nodes=nodes)]
    while runs[-1].result == "unknown" and len(runs) < 100:
        runs.append(s.run(seconds=None, nodes=nodes))
    assert len(runs) > 1, f"decided by the first run ({runs[0]}): the loop never runs"
    assert runs[-1].result in ("won", "lost"), runs[-1]
    intro = _flat(_source(cells[at - 1]))
    assert f"deal {seed} " in intro, intro
    assert (f"{nodes:,}" in intro) or (nodes == 1_000_000 and "a million positions" in intro)
    # the figures of the run are the output's: the prose quotes none of its own
    assert not re.search(r"\d{2,},\d{3} positions", intro), intro


# ---- notebook 06: what the comparison shows ------------------------------------------------


def test_notebook_06_checks_what_its_text_says_of_the_run_it_made():
    # the text says the short run cannot tell the agent from the hint policy and the long
    # one (SW_AGENT_FULL=1) shows the agent winning more; a cell checks whichever ran
    cells = _cells("06-")
    code = "\n".join(_source(c) for c in cells if c["cell_type"] == "code")
    assert re.search(r"^assert .*\bp < 0\.05\b.*\bif FULL else\b.*\bp >= 0\.05", code, re.M), (
        "notebook 06 does not check its text against the run it made"
    )
