"""The compiled core is driven by the games' own record: each game's ``Rules`` names the
core's part that searches it (``core_part``) and gives its traits as data
(``core_traits()``); each part is one registered file in ``core/cpp/games/``, and the
core's shared files name no game. A game with no part plays and solves on the Python
search and says so. The stub is nanobind's stubgen's, and the version is written once.
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

from solitaire_widget import Game, core_search, search, solver
from solitaire_widget.games import GAMES, Table
from solitaire_widget.games.saratoga import Saratoga
from solitaire_widget.moves import Move
from solitaire_widget.solver import Solver

ROOT = Path(__file__).resolve().parents[1]
CORE = ROOT / "core"
# the core's files that every game shares: all but the games' own parts
SHARED = sorted(p for p in (CORE / "cpp").iterdir() if p.suffix in (".cpp", ".hpp") and p.is_file())


def game_words() -> set[str]:
    """Every way a source could name a registered game or its part."""
    words = set()
    for cls in GAMES.values():
        for w in (cls.name, cls.title, cls.title_el, cls.core_part or ""):
            w = w.lower()
            if w:
                words |= {w, w.replace("-", "_"), w.replace("-", " "), w.replace(" ", "_")}
    words |= {w.split("-")[0] for w in list(words) if "-" in w}  # "eagle" of "eagle-wing"
    return words


@pytest.mark.parametrize(
    "path",
    [*SHARED, CORE / "CMakeLists.txt", Path(core_search.__file__), Path(search.__file__)],
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_the_shared_files_name_no_game(path):
    # not in code, not in comments: a game is its own module and its own part's file
    source = path.read_text(encoding="utf-8").lower()
    for word in sorted(game_words()):
        assert not re.search(r"(?<![a-z])" + re.escape(word), source), (path.name, word)


def test_the_solver_names_no_game():
    source = Path(solver.__file__).read_text(encoding="utf-8").lower()
    for word in sorted(game_words()):
        assert not re.search(r"(?<![a-z])" + re.escape(word), source), word


def test_every_part_is_one_file_that_registers_itself_once():
    files = sorted((CORE / "cpp" / "games").glob("*.cpp"))
    assert files
    for f in files:
        text = f.read_text(encoding="utf-8")
        assert len(re.findall(r"\bRegistrar\s+\w+\s*\{", text)) == 1, f.name
    # CMake finds them by a glob, with no list of files to edit
    cmake = (CORE / "CMakeLists.txt").read_text(encoding="utf-8")
    assert "GLOB" in cmake and "CONFIGURE_DEPENDS" in cmake and "cpp/games/*.cpp" in cmake
    assert not re.search(r"cpp/games/\w+\.cpp", cmake)


def test_the_traits_are_the_rules_own():
    # what the core is told of each game, all of it data the rules decide
    keys = {
        "columns",
        "reserve",
        "refills",
        "reserve_top_always",
        "hidden_cards",
        "draw",
        "max_redeals",
        "pending",
        "bared_up",
        "foundations_in_play",
        "column_build",
        "empty_column",
        "group_moves",
    }
    for cls in GAMES.values():
        for v in (*cls.variants, *cls.rule_sets):
            rules = cls(**v.options)
            traits = rules.core_traits()
            assert set(traits) == keys, cls.name
            assert traits["columns"] == rules.n_tableau
            assert traits["draw"] == rules.draw_count
            assert traits["max_redeals"] == rules.max_redeals
            assert traits["pending"] == rules.search_pending_rule()
            assert traits["bared_up"] is rules.search_bared_up
            assert traits["foundations_in_play"] is rules.foundations_in_play
            assert traits["column_build"] == rules.column_build
            assert traits["empty_column"] == rules.empty_column
            assert traits["group_moves"] == rules.group_moves


# ---- with the core loaded ------------------------------------------------------------------
core = pytest.importorskip("solitaire_core")


def test_the_core_has_a_part_for_every_game_that_names_one():
    assert core.parts == tuple(sorted(core.parts))
    named = {cls.core_part for cls in GAMES.values()} - {None}
    assert named <= set(core.parts), named - set(core.parts)
    # and every part it has searches some game (none is left over)
    assert set(core.parts) <= named
    files = {f.stem.replace("_", "-") for f in (CORE / "cpp" / "games").glob("*.cpp")}
    assert set(core.parts) == files
    assert core_search.parts() == core.parts
    for name, cls in GAMES.items():
        assert core_search.available(cls) == (cls.core_part is not None), name
        assert core_search.available(name) == core_search.available(cls)


class Unsearched(Saratoga):
    """Saratoga's rules and search hooks, with no part in the core: the Python search's
    alone (not registered: no ``name`` of its own, and not in the games package)."""

    core_part = None


class Misnamed(Saratoga):
    core_part = "no-such-part"


def table_of(rules, seed: int) -> Table:
    t = Game("saratoga", seed=seed, draw=rules.draw_count, redeals=rules.max_redeals).table
    return Table(rules, [list(p) for p in t.piles], t.redeals_used, t.base, list(t.hidden))


@pytest.mark.parametrize("cls", [Unsearched, Misnamed])
def test_a_game_with_no_part_solves_on_the_python_search_and_says_so(cls):
    rules = cls(draw=1, redeals=None)
    assert not core_search.available(rules)
    t = table_of(rules, 7)
    r = Solver(t).run(seconds=30)
    assert r.engine == "python" and r.result == "won", r
    # the line is a win under these rules
    play = t.copy()
    for action in r.solution:
        move = Move.parse(action)
        assert play.reason(move) is None, action
        play.apply(move)
    assert play.is_won()
    # the same verdict as the game's own core part gives
    assert Solver(table_of(Saratoga(draw=1, redeals=None), 7)).run(seconds=30).result == "won"


def test_engine_core_for_a_game_with_no_part_is_a_clear_error():
    with pytest.raises(RuntimeError, match=r"engine='core'.*no part in the compiled core"):
        Solver(table_of(Unsearched(), 3), engine="core")
    with pytest.raises(RuntimeError, match=r"no part 'no-such-part'.*it has .*saratoga"):
        Solver(table_of(Misnamed(), 3), engine="core")
    with pytest.raises(RuntimeError, match="no part"):
        core_search.CoreSearch(table_of(Unsearched(), 3))
    # the Python search is asked for by name as before
    assert Solver(table_of(Unsearched(), 3), engine="python").engine == "python"


def test_the_version_is_written_once():
    spec = importlib.util.spec_from_file_location("hatch_build", ROOT / "hatch_build.py")
    assert spec and spec.loader
    hatch_build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hatch_build)
    version = hatch_build.core_version(ROOT)
    text = (CORE / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(rf'^version = "{re.escape(version)}"$', text, re.MULTILINE)
    assert core.__version__ == version
    assert hatch_build.core_requirement(ROOT, "pinned") == f"solitaire-core=={version}"
    assert hatch_build.core_requirement(ROOT).startswith("solitaire-core @ file:")
    # and nowhere else: not in the package, the CMake file, the scripts or the hook
    for path in (
        CORE / "src" / "solitaire_core" / "__init__.py",
        CORE / "CMakeLists.txt",
        CORE / "scripts" / "sanitize.sh",
        ROOT / "hatch_build.py",
    ):
        assert version not in path.read_text(encoding="utf-8"), path.name


def test_the_stub_is_what_stubgen_writes(tmp_path):
    pytest.importorskip("nanobind.stubgen")
    out = tmp_path / "_core.pyi"
    r = subprocess.run(
        ["bash", str(CORE / "scripts" / "stubgen.sh"), sys.executable, str(out)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 0, r.stdout + r.stderr
    committed = (CORE / "src" / "solitaire_core" / "_core.pyi").read_text(encoding="utf-8")
    assert out.read_text(encoding="utf-8") == committed, (
        "core/src/solitaire_core/_core.pyi is stale: run bash core/scripts/stubgen.sh"
    )
