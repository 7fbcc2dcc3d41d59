"""The README runs as printed, pasted into a plain ``python`` REPL: every ```python block
is fed to ``code.InteractiveConsole`` line by line, exactly as a paste types it (a
compound statement ends only at a blank line), each block in a fresh console, in the
order printed; no line may raise, and the console must not be left waiting for more
input after the block's last line. A comment that shows a value is checked against that
value.

A comment "shows a value" when it starts with what a repr starts with: a bracket, a quote,
a name and "(" (``[Move.parse('draw'), ...]``, ``'Illegal: ...'``,
``SolveResult('won', ...)``), or is a number, True, False or None before any other word
(``5: the move that lost it``). That leading part must match ``repr(value)`` exactly, each
``...`` standing for any text. Other comments are prose and are not checked.
"""

from __future__ import annotations

import ast
import code
import io
import re
import sys
import textwrap
import tokenize
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
OPEN, CLOSE = "([{", ")]}"


def python_blocks() -> list[tuple[int, str]]:
    text = README.read_text(encoding="utf-8")
    blocks = []
    # also the blocks indented under a list item
    for m in re.finditer(r"^( *)```python\n(.*?)^\1```", text, re.S | re.M):
        body = textwrap.dedent(m.group(2))
        blocks.append((text[: m.start()].count("\n") + 2, body))
    return blocks


def shown_value(comment: str) -> str | None:
    """The leading part of a comment that shows a value, or None for prose."""
    c = comment.lstrip("#").strip()
    literal = re.match(r"(True|False|None|-?\d+(?:\.\d+)?)(?![\w.(])", c)
    if literal:
        return literal.group(1)
    m = re.match(r"[A-Za-z_][\w.]*\(", c)
    if not (c[:1] in OPEN + "'\"" or m):
        return None
    depth, quote, i = 0, None, 0
    while i < len(c):
        ch = c[i]
        if quote:
            if ch == "\\":
                i += 1
            elif ch == quote:
                quote = None
                if depth == 0:
                    return c[: i + 1]
        elif ch in "'\"":
            quote = ch
        elif ch in OPEN:
            depth += 1
        elif ch in CLOSE:
            depth -= 1
            if depth == 0:
                return c[: i + 1]
        i += 1
    return c


def comments_by_line(src: str) -> dict[int, str]:
    """Each line's comment, with the comment-only lines under it at the same column
    (a comment continued on the next lines) joined to it."""
    out: dict[int, str] = {}
    head, col0, last = 0, -1, -1
    for tok in tokenize.generate_tokens(io.StringIO(src).readline):
        if tok.type != tokenize.COMMENT:
            continue
        row, col = tok.start
        if not tok.line[:col].strip() and row == last + 1 and col == col0:
            out[head] += " " + tok.string.lstrip("#").strip()
        else:
            out[row], head, col0 = tok.string, row, col
        last = row
    return out


class Paste(code.InteractiveConsole):
    """A plain REPL that a block is pasted into. It keeps what the REPL would print as
    an error (``errors``), and, with ``run=False``, compiles each statement as the REPL
    does without running it. ``statements`` lists each statement the REPL ran, as
    (first line, last line, the values it echoed)."""

    def __init__(self, where: str, run: bool = True) -> None:
        super().__init__(locals={"__name__": "__main__"}, filename=where)
        self.run = run
        self.errors: list[str] = []
        self.statements: list[tuple[int, int, list[Any]]] = []
        self.echoed: list[Any] = []

    def write(self, data: str) -> None:  # tracebacks and syntax errors come here
        self.errors.append(data)

    def runcode(self, code_obj: Any) -> None:
        if self.run:
            super().runcode(code_obj)

    def paste(self, src: str) -> bool:
        """Types ``src`` line by line, as a paste does; True when the REPL is left
        waiting for more input (a "..." prompt) after the last line."""
        more, first = False, 1
        for n, line in enumerate(src.splitlines(), 1):
            if not more:
                first, self.echoed = n, []
            more = self.push(line)
            if not more and line.strip() and not line.lstrip().startswith("#"):
                self.statements.append((first, n, self.echoed))
        return more


def _imports(src: str) -> list[str]:
    """The modules a block imports, as it names them."""
    out = []
    for node in ast.walk(ast.parse(src)):
        if isinstance(node, ast.Import):
            out += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out.append(node.module)
    return out


BLOCKS = python_blocks()
IDS = [f"line{n}" for n, _ in BLOCKS]


def test_the_readme_has_python_blocks():
    assert len(BLOCKS) >= 5


def _paste_problems(line: int, src: str, run: bool) -> tuple[Paste, list[str]]:
    console = Paste(f"README.md block at line {line}", run=run)
    waiting = console.paste(src)
    problems = ["".join(console.errors)] if console.errors else []
    if waiting:
        problems.append(
            "the REPL is left waiting for more input after the block's last line: a "
            "compound statement needs a blank line after it"
        )
    return console, problems


@pytest.mark.parametrize(("line", "src"), BLOCKS, ids=IDS)
def test_readme_block_pastes_into_a_plain_repl(line, src):
    """Compiled as the REPL compiles a paste, without running it: no statement that the
    REPL cannot take (a statement after a compound one with no blank line between, a
    blank line inside an indented block), and nothing left open at the end."""
    _, problems = _paste_problems(line, src, run=False)
    assert not problems, f"README.md line {line}:\n" + "\n".join(problems)


def test_the_paste_check_catches_what_a_repl_refuses():
    # the shape of the two blocks the REPL refused: a statement straight after a loop
    refused = "for i in range(2):\n    x = i\nprint(x)\n"
    assert _paste_problems(1, refused, run=False)[1]
    assert _paste_problems(1, "for i in range(2):\n    x = i\n", run=False)[1]
    assert not _paste_problems(1, "for i in range(2):\n    x = i\n\nprint(x)\n", run=False)[1]


def test_a_comment_shows_a_value_or_is_prose():
    assert shown_value("# (1, 'playing'): cards on the foundations") == "(1, 'playing')"
    assert shown_value("# SolveResult('lost', ...): blocked") == "SolveResult('lost', ...)"
    assert shown_value("# 5: as the table marks it") == "5"
    assert shown_value("# True: winnable before it") == "True"
    assert shown_value("# -1 undecided") == "-1"
    assert shown_value("# the table, in the cell") is None
    assert shown_value("# 3.5x faster") is None  # a number that runs into a word is prose
    assert shown_value("# Nonetheless") is None
    assert _paste_problems(1, "if True:\n    x = 1\n\n    y = 2\n\n", run=False)[1]


@pytest.fixture(autouse=True)
def registry():
    """A block that registers a game (README's "Change a rule in a cell") registers it in
    this process: it is gone after the block, and the tests after see the shipped games
    only."""
    from solitaire_widget.games import GAMES

    before = dict(GAMES)
    yield
    GAMES.clear()
    GAMES.update(before)


@pytest.mark.slow
@pytest.mark.parametrize(("line", "src"), BLOCKS, ids=IDS)
def test_readme_block_runs_pasted_into_a_plain_repl(line, src, tmp_path, monkeypatch):
    if "SolitaireWidget" in src:
        pytest.importorskip("anywidget")
        if not (ROOT / "solitaire_widget" / "static" / "widget.js").exists():
            pytest.skip("the bundle is not built (npm run build)")
    if "marimo" in src:
        pytest.importorskip("marimo")
    if "pandas" in src or "plot" in src:
        pytest.importorskip("pandas")
        pytest.importorskip("matplotlib")
        monkeypatch.setenv("MPLBACKEND", "Agg")
    for module in _imports(src):
        # an optional extra that is not installed (gymnasium, sb3-contrib...): the block
        # is for those who install it
        pytest.importorskip(module)
    monkeypatch.chdir(tmp_path)
    console = Paste(f"README.md block at line {line}")
    # what the REPL echoes (the value of an expression statement) is kept, not printed
    monkeypatch.setattr(sys, "displayhook", lambda value: console.echoed.append(value))
    with redirect_stdout(io.StringIO()):
        waiting = console.paste(src)
    assert not console.errors, f"README.md line {line}:\n" + "".join(console.errors)
    assert not waiting, f"README.md line {line}: the REPL is left waiting for more input"
    comments = comments_by_line(src)
    checked = 0
    for first, last, echoed in console.statements:
        if first != last or first not in comments:
            continue
        shown = shown_value(comments[first])
        if shown is None:
            continue
        where = f"README.md line {line + first - 1}: {src.splitlines()[first - 1].strip()}"
        assert len(echoed) == 1, f"{where}\n  README shows {shown}\n  the REPL echoed {echoed!r}"
        value = echoed[0]
        target = repr(value)
        if isinstance(value, str) and shown[:1] in "'\"" and shown[-1:] == shown[:1]:
            # a string shown in either kind of quotes: compare the text itself
            shown, target = shown[1:-1], value
        pattern = ".*".join(re.escape(part) for part in shown.split("..."))
        assert re.fullmatch(pattern, target, re.S), (
            f"{where}\n  README says  {shown}\n  it gives     {value!r}"
        )
        checked += 1
    if "# [" in src or "# '" in src:
        assert checked, "the block's value comments were all skipped"
