"""Every registered game holds everything the others have, and nothing outside the games'
modules names a game.

A game is its module (``solitaire_widget/games/<game>.py``): these tests read what it
declares and fail when a game lacks something: titles and rules in both languages, the
words for every reason its rules give, a layout with a slot for each of its piles,
option choices that reach each of its variants, a variant list, Aisleriot traces (in
test_traces.py), published figures where it says so.
"""

from __future__ import annotations

import ast
import csv
import gzip
import json
import random
from pathlib import Path

import pytest

from solitaire_widget import Game
from solitaire_widget.games import (
    DEFAULT_GAME,
    GAMES,
    LANGS,
    SHIPPED,
    Variant,
    catalog,
    make_rules,
    rule_sets,
    variant_title,
    variants,
)
from solitaire_widget.moves import FIRST_TABLEAU, Move

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "solitaire_widget"
DATA = Path(__file__).parent / "data"
FIGURES = ROOT / "docs" / "winnability"

NAMES = list(SHIPPED)


def test_the_registry_finds_every_game_module() -> None:
    modules = {
        p.stem
        for p in (PACKAGE / "games").glob("*.py")
        if p.stem
        not in (
            "__init__",
            "base",
            "building",
            "empty_columns",
            "group_moves",
            "records",
            "search_protocol",
            "search_scope",
        )
        and not p.stem.endswith("_search")
    }
    # the package's own games (a game registered at run time has a module of its own)
    assert {GAMES[name].__module__.rsplit(".", 1)[1] for name in SHIPPED} == modules
    assert set(SHIPPED) <= set(GAMES)
    assert DEFAULT_GAME in GAMES and Game().name == DEFAULT_GAME


@pytest.mark.parametrize("name", NAMES)
def test_titles_and_rules_in_every_language(name: str) -> None:
    cls = GAMES[name]
    for lang in LANGS:
        assert cls.title_in(lang).strip()
        text = cls.rules_text[lang]
        assert text.startswith(f"## {cls.title_in(lang)}\n"), (name, lang)
        assert len(text) > 300


@pytest.mark.parametrize("name", NAMES)
def test_the_games_own_words_come_in_every_language(name: str) -> None:
    cls = GAMES[name]
    keys = [cls.text_keys(lang) for lang in LANGS]
    assert all(k == keys[0] for k in keys), name


def _traces(name: str) -> list[dict]:
    out = []
    for path in sorted(DATA.glob("*.jsonl.gz")):
        with gzip.open(path, "rt") as fh:
            for line in fh:
                t = json.loads(line)
                if t["game"] == name:
                    if t["options"].get("redeals") == -1:
                        t["options"]["redeals"] = None
                    out.append(t)
    return out


@pytest.mark.parametrize("name", NAMES)
def test_every_reason_the_rules_give_has_words_in_every_language(name: str) -> None:
    # legal moves and refused picks and drops met in the game's own traces, worded in
    # every language without a missing key or a stray brace
    rng = random.Random(7)
    worded = 0
    for trace in _traces(name)[::5]:
        g = Game(name, seed=trace["seed"], **trace["options"])
        piles = [*range(1, FIRST_TABLEAU + g.rules.n_tableau)]
        for step in trace["steps"][:80]:
            tries = list(g.legal_moves)
            tries += [
                Move(rng.choice(piles), rng.choice(piles), rng.randint(1, 3)) for _ in range(6)
            ]
            for move in tries:
                for lang in LANGS:
                    words = g.explain(move, lang=lang)
                    assert "{" not in words and "}" not in words, (move, words)
                    worded += 1
            if step["action"] is not None:
                g.play(step["action"])
    assert worded > 1000


@pytest.mark.parametrize("v", rule_sets(), ids=str)
def test_the_layout_has_a_slot_for_every_pile(v) -> None:
    rules = make_rules(v.game, **v.options)
    layout = rules.layout()
    piles = [s.pile for s in layout.slots]
    want = {"s", "w", *(f"f{i}" for i in range(4)), *(f"t{i}" for i in range(rules.n_tableau))}
    if rules.has_reserve:
        want.add("r")
    assert sorted(piles) == sorted(want), v
    assert all(0 <= s.x < layout.cols for s in layout.slots)
    for s in layout.slots:
        kind = {"s": "stock", "w": "waste", "r": "reserve", "f": "foundation", "t": "tableau"}
        assert s.kind == kind[s.pile[0]]


@pytest.mark.parametrize("name", NAMES)
def test_variants_start_with_the_game_as_it_opens(name: str) -> None:
    first = variants(name)[0]
    assert make_rules(name, **first.options).options == Game(name, seed=1).options


def test_variant_names_are_unique() -> None:
    slugs = [v.slug for v in rule_sets()]
    labels = [v.label for v in rule_sets()]
    assert len(set(slugs)) == len(slugs) and len(set(labels)) == len(labels)
    for v in variants():
        for lang in LANGS:
            assert variant_title(v, lang).startswith(GAMES[v.game].title_in(lang))


@pytest.mark.parametrize("name", NAMES)
def test_the_toolbar_choices_reach_every_variant(name: str) -> None:
    cls = GAMES[name]
    start = dict(Game(name, seed=1).options)
    reachable = [start]
    for group in cls.option_groups:
        for lang in LANGS:
            assert group.label[lang] and all(c.label[lang] for c in group.choices)
        reachable = [{**r, **c.options} for r in reachable for c in group.choices]
    for opts in reachable:
        make_rules(name, **opts)  # every combination the toolbar offers is a game
    have = [make_rules(name, **o).options for o in reachable]
    for v in variants(name):
        assert make_rules(name, **v.options).options in have, v
    # the rule switches' groups only where a teacher turns them on
    entry = next(e for e in catalog() if e["name"] == name)
    assert len(entry["groups"]) == len([g for g in cls.option_groups if not g.switch])
    entry = next(e for e in catalog(switches=True) if e["name"] == name)
    assert len(entry["groups"]) == len(cls.option_groups)


def test_figures_and_the_solvers_floor_are_the_variants_own() -> None:
    # a new game's module and traces are enough: published figures are an opt-in, and
    # the solver's floor of wins (tests/test_solver.py) is the variant's, 0 unless set
    plain = Variant()
    assert plain.figures is False and plain.solver_wins == 0
    for bad in (-1, 31):
        with pytest.raises(ValueError, match="solver_wins"):
            Variant(solver_wins=bad)
    published = {p.stem for p in FIGURES.glob("*.csv")}
    assert {v.slug for v in variants() if v.figures} == published


@pytest.mark.parametrize("v", [v for v in variants() if v.figures], ids=str)
def test_published_figures_cover_20000_deals(v) -> None:
    path = FIGURES / f"{v.slug}.csv"
    assert path.is_file(), f"no published figures for {v}: {path}"
    with path.open() as fh:
        rows = list(csv.DictReader(fh))
    assert [int(r["seed"]) for r in rows] == list(range(1, len(rows) + 1))
    assert len(rows) >= 20_000


def _code_strings(path: Path) -> list[tuple[int, str]]:
    """The string constants of a module's code: docstrings left out (prose may name a
    game as an example); comments are not in the tree at all."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docs.add(id(body[0].value))
    return [
        (n.lineno, n.value)
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs
    ]


# the package's modules and its subpackages' (the environments), the games' own left
# out, and the benchmarks
MODULES = sorted(
    [
        *(p for p in PACKAGE.rglob("*.py") if p.relative_to(PACKAGE).parts[0] != "games"),
        *(ROOT / "benchmarks").glob("*.py"),
    ]
)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_outside_the_games_names_a_game(path: Path) -> None:
    # every fact about a game is on its Rules: the engine, the searches, the pictures,
    # the sessions, the widget and the benchmarks ask the registry
    words = set()
    for cls in GAMES.values():
        words |= {cls.name, cls.title, cls.title_el}
    for line, value in _code_strings(path):
        for word in words:
            assert word.lower() not in value.lower(), f"{path.name}:{line} names {word!r}"


@pytest.mark.parametrize(
    "name,other", [(n, o) for n in NAMES for o in GAMES[n].face_up_of], ids="-of-".join
)
def test_a_game_dealt_face_up_deals_the_other_games_cards(name: str, other: str) -> None:
    # what makes a win there a win here and a loss here a loss there (Rules.face_up_of):
    # the same cards in the same places for every option and seed, here all face up
    # (a snapshot writes a face-down card in lower case)
    def up(pile: list[str]) -> list[str]:
        return [c.upper() for c in pile]

    for v in variants(other):
        for seed in (1, 2, 17, 1000, 20000):
            here = Game(name, seed=seed, **v.options).snapshot()
            there = Game(other, seed=seed, **v.options).snapshot()
            assert here.keys() == there.keys()
            assert here["s"] == there["s"], (v, seed)
            assert here["t"] == [up(p) for p in there["t"]], (v, seed)
            assert [p for p in there["t"] if p != up(p)], "the other game deals face down"
