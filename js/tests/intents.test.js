// The senders of intents.js: the messages they make, the version a move carries, and
// that a field given as undefined is left out (Playwright's bridge would turn it into
// None, and Python refuses a `null` step or action). Which kinds and fields there are is
// held equal to Python's records by tests/test_protocol.py.

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { test } from "node:test";
import { senders } from "../intents.js";

const record = () => {
  const out = [];
  let version = 3;
  const push = (m) => out.push(m);
  const send = senders(push, () => version);
  return { out, send, setVersion: (v) => (version = v) };
};

test("each sender makes its kind's message, a move with the version shown when it is sent", () => {
  const { out, send, setVersion } = record();
  send.move("t0>t3*2");
  setVersion(4);
  send.foundation("w");
  send.draw();
  send.new(null);
  send.new("12");
  send.select("kansas", { draw: 3 });
  send.setting("exact_hint", true);
  send.deck("large_index", false);
  send.lang("el");
  assert.deepEqual(out, [
    { kind: "move", action: "t0>t3*2", version: 3 },
    { kind: "foundation", pile: "w", version: 4 },
    { kind: "draw" },
    { kind: "new", seed: null },
    { kind: "new", seed: "12" },
    { kind: "select", game: "kansas", options: { draw: 3 } },
    { kind: "setting", name: "exact_hint", value: true },
    { kind: "deck", name: "large_index", value: false },
    { kind: "lang", lang: "el" },
  ]);
});

test("a field left undefined is not sent; null and false are", () => {
  const { out, send } = record();
  send.review(null);
  send.review(undefined, -1);
  send.review(4);
  send.fatal(false);
  send.fatal(true, "t6>t5", 12);
  assert.deepEqual(out, [
    { kind: "review", at: null },
    { kind: "review", step: -1 },
    { kind: "review", at: 4 },
    { kind: "fatal", confirm: false },
    { kind: "fatal", confirm: true, action: "t6>t5", version: 12 },
  ]);
  for (const m of out)
    assert.ok(
      Object.values(m).every((v) => v !== undefined),
      JSON.stringify(m),
    );
});

test("every sender sends its own kind", () => {
  const { out, send } = record();
  for (const [name, fn] of Object.entries(send)) {
    fn("x", "y", 1);
    assert.equal(out.at(-1).kind, name);
  }
});

test("no module but intents.js makes a message: the others call the senders", () => {
  const dir = new URL("../", import.meta.url);
  for (const f of readdirSync(dir).filter((n) => n.endsWith(".js") && n !== "intents.js")) {
    const src = readFileSync(new URL(f, dir), "utf8");
    // a message is an object with a kind, handed to a send (the model's or the table's)
    assert.doesNotMatch(src, /\bkind:\s*["'`]/, `${f} builds a message by hand`);
    assert.doesNotMatch(src, /\.send\(\s*["'`{]/, `${f} sends without a sender`);
  }
});
