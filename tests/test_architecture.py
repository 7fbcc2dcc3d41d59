"""docs/ARCHITECTURE.md tells the code as it is, where a test can hold it so: its list of
layers is the one import-linter checks (pyproject.toml's [tool.importlinter]), every file
pyproject.toml cites is in the repository, and the languages the page names as listed in
four places are listed alike in all four.

The layer comparison is also tried on a copy with a layer added, dropped or changed on
one side only, which it must report (a comparison that saw nothing would pass anything).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from solitaire_widget import intent_records, texts
from solitaire_widget.games import records

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "ARCHITECTURE.md"
PYPROJECT = ROOT / "pyproject.toml"


def contract_layers(pyproject: str) -> list[str]:
    """The layers of pyproject.toml's layers contract, top to bottom."""
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    contracts = tomllib.loads(pyproject)["tool"]["importlinter"]["contracts"]
    (layers,) = [c["layers"] for c in contracts if c["type"] == "layers"]
    return [" ".join(layer.split()) for layer in layers]


def page_layers(page: str) -> list[str]:
    """The layers the page lists under "## Layers", top to bottom: each a bullet that
    starts with the layer in backquotes and a colon (the rest of the bullet says its
    job). The bullets of the part "Outside the package" are not layers."""
    section = page.split("\n## Layers\n", 1)[1].split("\n## ", 1)[0]
    section = section.split("\nOutside the package", 1)[0]
    return [" ".join(m.split()) for m in re.findall(r"^- `([^`]+)`:", section, re.M)]


def differences(page: list[str], contract: list[str]) -> list[str]:
    """What differs between the page's layers and the contract's, said plainly."""
    if page == contract:
        return []
    out = [f"the page lists {x!r}, which the contract does not" for x in page if x not in contract]
    out += [f"the contract has {x!r}, which the page leaves out" for x in contract if x not in page]
    if not out:
        out.append(f"the same layers in another order: {page} against {contract}")
    return out


def test_the_page_lists_the_layers_the_contract_checks():
    contract = contract_layers(PYPROJECT.read_text(encoding="utf-8"))
    page = page_layers(PAGE.read_text(encoding="utf-8"))
    assert len(contract) >= 20
    assert differences(page, contract) == []


def test_a_layer_on_one_side_only_or_out_of_order_is_seen():
    text = PAGE.read_text(encoding="utf-8")
    contract = contract_layers(PYPROJECT.read_text(encoding="utf-8"))
    # a module that joined a layer of the contract, not the page's
    grown = [*contract[:-1], contract[-1] + " | rng"]
    assert differences(page_layers(text), grown) == [
        f"the page lists {contract[-1]!r}, which the contract does not",
        f"the contract has {contract[-1] + ' | rng'!r}, which the page leaves out",
    ]
    # a layer the page has and the contract dropped
    assert differences(page_layers(text), contract[1:]) == [
        f"the page lists {contract[0]!r}, which the contract does not"
    ]
    # a layer dropped from the page
    fewer = text.replace("\n- `proofs`:", "\n- proofs:")
    assert differences(page_layers(fewer), contract) == [
        "the contract has 'proofs', which the page leaves out"
    ]
    # two layers swapped on the page
    first, second = contract[0], contract[1]
    swapped = (
        text.replace(f"- `{first}`:", "- `FIRST`:")
        .replace(f"- `{second}`:", f"- `{first}`:")
        .replace("- `FIRST`:", f"- `{second}`:")
    )
    assert differences(page_layers(swapped), contract) == [
        f"the same layers in another order: {page_layers(swapped)} against {contract}"
    ]


def test_every_file_pyproject_cites_is_in_the_repository():
    # it cited a DESIGN.md the repository never had
    text = PYPROJECT.read_text(encoding="utf-8")
    cited = {m for m in re.findall(r"[\w./-]+\.md\b", text) if "*" not in m}
    assert "docs/ARCHITECTURE.md" in cited
    assert [m for m in sorted(cited) if not (ROOT / m).is_file()] == []


def test_the_languages_are_listed_alike_everywhere_the_page_names():
    i18n = (ROOT / "js" / "i18n.js").read_text(encoding="utf-8")
    m = re.search(r"export const LANGS = /\*\* @type \{const\} \*/ \(\[([^\]]*)\]\)", i18n)
    assert m, "js/i18n.js's LANGS is not where the page says"
    page = tuple(re.findall(r'"(\w+)"', m.group(1)))
    assert texts.LANGS == records.LANGS == intent_records.LANGS == page
