import assert from "node:assert/strict";
import { test } from "node:test";
import { GRADES, gradeText } from "../dealing.js";
import { t } from "../i18n.js";

const deal = (extra) => ({
  winnable_only: true,
  difficulty: null,
  searching: false,
  winnable: true,
  grade: null,
  grading: false,
  ...extra,
});

test("the status line names the grade of a deal dealt winnable-only, in both languages", () => {
  for (const lang of ["en", "el"]) {
    const tr = (k) => t(lang, k);
    for (const g of GRADES)
      assert.equal(gradeText(deal({ grade: g }), tr), t(lang, `deal.grade.${g}`));
    // measured in the background: "…" until it is known
    assert.equal(gradeText(deal({ grading: true }), tr), "…");
    assert.equal(gradeText(deal({}), tr), t(lang, "deal.grade.unknown"));
    // a deal not dealt winnable-only (typed, or the switch off) has no grade shown
    assert.equal(gradeText(deal({ winnable: false, grade: "easy" }), tr), "");
    assert.equal(gradeText(undefined, tr), "");
  }
  assert.equal(t("el", "deal.grade.hard"), "δύσκολο");
});
