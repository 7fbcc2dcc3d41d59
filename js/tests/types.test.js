// The sources carry `// @ts-check` and JSDoc types; this keeps them honest by running
// the TypeScript checker (strict) over js/*.js whenever it is installed (npm ci does).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const tsc = path.join(root, "node_modules", "typescript", "bin", "tsc");

test("js/*.js type-check under strict", { skip: !existsSync(tsc) && "typescript not installed" }, () => {
  const r = spawnSync(process.execPath, [tsc, "-p", path.join(root, "jsconfig.json")], { encoding: "utf8" });
  assert.equal(r.status, 0, r.stdout + r.stderr);
});
