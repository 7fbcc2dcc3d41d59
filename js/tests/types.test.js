// The sources carry `// @ts-check` and JSDoc types; this keeps them honest by running
// the TypeScript checker (strict) over js/*.js whenever it is installed (npm ci does).

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const tsc = path.join(root, "node_modules", "typescript", "bin", "tsc");

test("js/*.js type-check under strict", {
  skip: !existsSync(tsc) && "typescript not installed",
}, () => {
  const r = spawnSync(process.execPath, [tsc, "-p", path.join(root, "jsconfig.json")], {
    encoding: "utf8",
  });
  assert.equal(r.status, 0, r.stdout + r.stderr);
});

// The modules get the table as Readonly<Table>: what the page keeps of its own changes
// only through the table's methods. A module that wrote it would not type-check.
test("a module that writes the table's state does not type-check", {
  skip: !existsSync(tsc) && "typescript not installed",
}, () => {
  const dir = mkdtempSync(path.join(tmpdir(), "sw-probe-"));
  try {
    const widget = path.join(root, "js", "widget.js");
    writeFileSync(
      path.join(dir, "probe.js"),
      `// @ts-check
/** @typedef {Readonly<import(${JSON.stringify(widget)}).Table>} Table */
/** @param {Table} t */
export function probe(t) {
  t.state.sel = null; // PROBE-1
  t.state.focus.index = 2; // PROBE-2
  t.lastVersion = 3; // PROBE-3
  t.notice = t.warn; // PROBE-4
  t.set({ sel: null }); // PROBE-5
  t.setSelection(null);
  t.send.draw();
}
`,
    );
    writeFileSync(
      path.join(dir, "jsconfig.json"),
      readFileSync(path.join(root, "jsconfig.json"), "utf8").replace('"js/*.js"', '"probe.js"'),
    );
    const r = spawnSync(process.execPath, [tsc, "-p", path.join(dir, "jsconfig.json")], {
      encoding: "utf8",
    });
    const lines = r.stdout.split("\n").filter((l) => l.includes("probe.js("));
    const probe = readFileSync(path.join(dir, "probe.js"), "utf8").split("\n");
    const refused = new Set(
      lines.map(
        (l) => (probe[Number(/probe\.js\((\d+),/.exec(l)[1]) - 1].match(/PROBE-\d/) || ["?"])[0],
      ),
    );
    assert.deepEqual(
      [...refused].sort(),
      ["PROBE-1", "PROBE-2", "PROBE-3", "PROBE-4", "PROBE-5"],
      r.stdout,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
