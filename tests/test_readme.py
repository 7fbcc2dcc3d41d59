"""The README runs as printed: every ```python block is run, statement by statement as a
notebook would (each block in a fresh namespace, in the order printed), and a comment
that shows a value is checked against that value.

A comment "shows a value" when it starts with what a repr starts with: a bracket, a quote,
or a name and "(" (``[Move.parse('draw'), ...]``, ``'Illegal: ...'``,
``SolveResult('won', ...)``). That leading part must match ``repr(value)`` exactly, each
``...`` standing for any text. Other comments are prose and are not checked.
"""

from __future__ import annotations

import ast
import io
import re
import textwrap
import tokenize
from contextlib import redirect_stdout
from pathlib import Path

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


BLOCKS = python_blocks()


def test_the_readme_has_python_blocks():
    assert len(BLOCKS) >= 5


@pytest.mark.slow
@pytest.mark.parametrize(("line", "src"), BLOCKS, ids=[f"line{n}" for n, _ in BLOCKS])
def test_readme_block_runs_as_printed(line, src, tmp_path, monkeypatch):
    if "SolitaireWidget" in src:
        pytest.importorskip("anywidget")
        if not (ROOT / "solitaire_widget" / "static" / "widget.js").exists():
            pytest.skip("the bundle is not built (npm run build)")
    if "marimo" in src:
        pytest.importorskip("marimo")
    if "sb3_contrib" in src:
        pytest.importorskip("sb3_contrib", reason="the rl-train extra is not installed")
    if "pandas" in src or "plot" in src:
        pytest.importorskip("pandas")
        pytest.importorskip("matplotlib")
        monkeypatch.setenv("MPLBACKEND", "Agg")
    monkeypatch.chdir(tmp_path)
    comments = comments_by_line(src)
    namespace: dict = {"__name__": "__readme__"}
    checked = 0
    for stmt in ast.parse(src).body:
        where = f"README.md line {line + stmt.lineno - 1}"
        code = ast.get_source_segment(src, stmt)
        with redirect_stdout(io.StringIO()):
            if isinstance(stmt, ast.Expr):
                value = eval(compile(ast.Expression(stmt.value), where, "eval"), namespace)
            else:
                exec(compile(ast.Module([stmt], []), where, "exec"), namespace)
                continue
        if stmt.lineno != stmt.end_lineno or stmt.lineno not in comments:
            continue
        shown = shown_value(comments[stmt.lineno])
        if shown is None:
            continue
        target = repr(value)
        if isinstance(value, str) and shown[:1] in "'\"" and shown[-1:] == shown[:1]:
            # a string shown in either kind of quotes: compare the text itself
            shown, target = shown[1:-1], value
        pattern = ".*".join(re.escape(part) for part in shown.split("..."))
        assert re.fullmatch(pattern, target, re.S), (
            f"{where}: {code}\n  README says  {shown}\n  it gives     {value!r}"
        )
        checked += 1
    if "# [" in src or "# '" in src:
        assert checked, "the block's value comments were all skipped"
