"""Size of the front-end bundle, minified and gzipped (goal: <= 60 KB minified, no
runtime framework), and of the stylesheet that travels beside it (the widget's _css; the
bundle carries none). Builds them first if they are missing.

    python benchmarks/widget_bundle.py
"""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUNDLE = ROOT / "solitaire_widget" / "static" / "widget.js"
STYLE = ROOT / "solitaire_widget" / "static" / "widget.css"
GOAL = 60 * 1024


def sizes() -> dict[str, int]:
    """Bytes of the bundle and the stylesheet, plain and gzipped (the README quotes these;
    tests/test_doc_figures.py checks it does so truly)."""
    data, css = BUNDLE.read_bytes(), STYLE.read_bytes()
    return {
        "bundle": len(data),
        "bundle_gz": len(gzip.compress(data, compresslevel=9)),
        "style": len(css),
        "style_gz": len(gzip.compress(css, compresslevel=9)),
    }


def main() -> int:
    if not BUNDLE.exists() or not STYLE.exists():
        subprocess.run(["npm", "run", "build"], cwd=ROOT, check=True)
    size = sizes()
    pkg = json.loads((ROOT / "package.json").read_text())
    runtime = sorted(pkg.get("dependencies", {}))
    print(f"bundle: {BUNDLE.relative_to(ROOT)}")
    print(f"  minified: {size['bundle']:,} bytes ({size['bundle'] / 1024:.1f} KB)")
    print(f"  gzipped:  {size['bundle_gz']:,} bytes ({size['bundle_gz'] / 1024:.1f} KB)")
    print(f"  runtime dependencies: {runtime or 'none'}")
    ok = size["bundle"] <= GOAL and not runtime
    verdict = "met" if ok else "MISSED"
    print(f"  goal <= {GOAL // 1024} KB minified, no runtime framework: {verdict}")
    print(f"stylesheet: {STYLE.relative_to(ROOT)} (the widget's _css, loaded beside the bundle)")
    print(
        f"  {size['style']:,} bytes ({size['style'] / 1024:.1f} KB), "
        f"gzipped {size['style_gz'] / 1024:.1f} KB"
    )
    total = size["bundle"] + size["style"]
    print(f"what the page loads: {total:,} bytes ({total / 1024:.1f} KB)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
