// The C scenario of code-server.mjs (--scenario c --tp N --fp N --move FROM:TO), default settings: gcc's
// findings on the open C file are judged by themselves (the offline analyst), the hover shows each verdict,
// and moving line FROM below line TO (Alt+Down) then Ctrl+S makes gcc run again: the use after free goes.
import fs from "node:fs";
import path from "node:path";

import { chord, goToLine, hoverAt, sleep } from "./harness.mjs";

const UAF = "use after 'free'";

/** The Problems panel's rows when one of them mentions (or, with `absent`, none mentions) `text`
 * (a page function: the panel re-renders its list when diagnostics change). */
const problemsWhen = (text, absent) => {
  const rows = [...document.querySelectorAll(".markers-panel .monaco-list-row")].map((r) => r.textContent || "");
  return rows.some((t) => t.includes(text)) !== absent ? rows.join("\n") || "(no problems)" : undefined;
};

export async function run({ page, args, out, log, waitFor }) {
  const file = path.join(path.resolve(args.workspace), args.open);
  const [from, to] = args.move.split(":").map(Number);
  const problems = await waitFor(page, problemsWhen, "the judged use after free in the Problems panel", 90_000,
    `${UAF} of 'old' [likely`, false);
  log("problems:", JSON.stringify(problems));
  const hoverTp = await hoverAt(page, out, Number(args.tp), /True positive/);
  const hoverFp = await hoverAt(page, out, Number(args.fp), /False positive/);
  await page.screenshot({ path: path.join(out, "c-1-hover.png") });

  // the fix a developer would make: `free` moved below the use, then saved
  const before = fs.readFileSync(file, "utf8");
  await page.keyboard.press("Escape");
  await goToLine(page, out, from);
  for (let i = from; i < to; i++) await chord(page, "Alt", "ArrowDown");
  const beforeSave = await waitFor(page, problemsWhen, "the moved use after free before the save", 30_000, UAF, false);
  await chord(page, "Control", "KeyS");
  const start = Date.now();
  while (fs.readFileSync(file, "utf8") === before) {
    if (Date.now() - start > 30_000) throw new Error("the file was not saved");
    await sleep(250);
  }
  log("saved");
  const afterSave = await waitFor(page, problemsWhen, "the use after free to go after the save", 90_000, UAF, true);
  const hoverFpAfter = await hoverAt(page, out, Number(args.fp), /False positive/);
  await page.screenshot({ path: path.join(out, "c-2-saved.png") });
  return {
    problems,
    hover_tp: hoverTp,
    hover_fp: hoverFp,
    before_save: beforeSave,
    rescanned: true,
    after_save: afterSave,
    hover_fp_after: hoverFpAfter,
  };
}
