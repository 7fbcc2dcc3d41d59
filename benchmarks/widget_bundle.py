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


def main() -> int:
    if not BUNDLE.exists() or not STYLE.exists():
        subprocess.run(["npm", "run", "build"], cwd=ROOT, check=True)
    data = BUNDLE.read_bytes()
    gz = len(gzip.compress(data, compresslevel=9))
    pkg = json.loads((ROOT / "package.json").read_text())
    runtime = sorted(pkg.get("dependencies", {}))
    print(f"bundle: {BUNDLE.relative_to(ROOT)}")
    print(f"  minified: {len(data):,} bytes ({len(data) / 1024:.1f} KB)")
    print(f"  gzipped:  {gz:,} bytes ({gz / 1024:.1f} KB)")
    print(f"  runtime dependencies: {runtime or 'none'}")
    ok = len(data) <= GOAL and not runtime
    verdict = "met" if ok else "MISSED"
    print(f"  goal <= {GOAL // 1024} KB minified, no runtime framework: {verdict}")
    css = STYLE.read_bytes()
    css_gz = len(gzip.compress(css, compresslevel=9))
    print(f"stylesheet: {STYLE.relative_to(ROOT)} (the widget's _css, loaded beside the bundle)")
    print(f"  {len(css):,} bytes ({len(css) / 1024:.1f} KB), gzipped {css_gz / 1024:.1f} KB")
    total = len(data) + len(css)
    print(f"what the page loads: {total:,} bytes ({total / 1024:.1f} KB)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
