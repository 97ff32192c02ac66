// The "Fix (verified)" scenario of code-server.mjs (--scenario fix --line N): on a real finding, pick
// Fix from the quick-fix menu, see the notification with the level, open the diff, and check that the
// file on disk is unchanged until Apply, changed after it, and that the finding's problem is gone.
import fs from "node:fs";
import path from "node:path";

import { goToLine, quickFixes, sleep } from "./harness.mjs";

/** Click the notification button labelled ``label`` (returns the notification's text). */
async function clickNotificationButton(page, waitFor, label, what) {
  const text = await waitFor(page, (l) => {
    for (const toast of document.querySelectorAll(".notifications-toasts .notification-list-item")) {
      const buttons = [...toast.querySelectorAll(".monaco-button")];
      if (buttons.some((b) => (b.textContent || "").trim() === l)) return toast.textContent || "?";
    }
    return undefined;
  }, what, 120_000, label);
  await page.evaluate((l) => {
    for (const toast of document.querySelectorAll(".notifications-toasts .notification-list-item")) {
      const b = [...toast.querySelectorAll(".monaco-button")].find((x) => (x.textContent || "").trim() === l);
      if (b) {
        b.click();
        return;
      }
    }
  }, label);
  return text;
}

export async function run({ page, args, out, log, waitFor }) {
  const file = path.join(path.resolve(args.workspace), args.open);
  const before = fs.readFileSync(file, "utf8");
  const line = Number(args.line || "1");
  const rule = args.rule || "B602";

  // the finding's line, then the quick-fix menu
  await goToLine(page, out, line);
  const items = await quickFixes(page, out, "Fix \\(verified\\)", "quick-fix menu with Fix (verified)");
  log("quick fixes:", JSON.stringify(items));
  await page.screenshot({ path: path.join(out, "fix-1-quickfix-menu.png") });
  const rows = await page.$$(".action-widget .monaco-list-row");
  let clicked = false;
  for (const row of rows) {
    if (/Fix \(verified\)/.test(await row.evaluate((r) => r.textContent || ""))) {
      await row.click();
      clicked = true;
      break;
    }
  }
  if (!clicked) throw new Error("no Fix (verified) row to click");
  log("fix requested");

  // the verified fix, offered with its level: nothing written yet
  const offered = await clickNotificationButton(page, waitFor, "Show diff", "the verified fix notification");
  log("offered:", offered);
  if (!/verified, (tested|scanner-clean)/.test(offered)) throw new Error(`no verification level in: ${offered}`);
  if (fs.readFileSync(file, "utf8") !== before) throw new Error("the file changed before Apply");
  const diffTab = await waitFor(page, () => {
    const diff = document.querySelector(".monaco-diff-editor");
    const tab = [...document.querySelectorAll(".tab .label-name")].map((e) => e.textContent || "").find((t) => /sastls fix/.test(t));
    return diff && tab ? tab : undefined;
  }, "the diff editor", 30_000);
  // the modified side renders a moment after the tab shows (longer on a loaded machine)
  const inserted = await waitFor(page, () => {
    const text = [...document.querySelectorAll(".monaco-diff-editor .editor.modified .view-line")]
      .map((e) => (e.textContent || "").replace(/\u00a0/g, " ")).join("\n");
    return text.trim() ? text : undefined;
  }, "the diff's modified side", 30_000);
  log("diff tab:", diffTab);
  await sleep(800);
  await page.screenshot({ path: path.join(out, "fix-2-diff.png") });
  if (fs.readFileSync(file, "utf8") !== before) throw new Error("the file changed while the diff was shown");

  // Apply: the edit is applied and saved; the problem goes away
  const asked = await clickNotificationButton(page, waitFor, "Apply", "the Apply question");
  log("asked:", asked);
  const start = Date.now();
  while (fs.readFileSync(file, "utf8") === before) {
    if (Date.now() - start > 30_000) throw new Error("the file did not change after Apply");
    await sleep(250);
  }
  const after = fs.readFileSync(file, "utf8");
  log("file changed after Apply");
  const gone = await waitFor(page, (r, l) => {
    const texts = [...document.querySelectorAll(".markers-panel .monaco-list-row")].map((x) => x.textContent || "");
    return texts.length && !texts.some((t) => t.includes(r) && t.includes(`Ln ${l},`)) ? texts : undefined;
  }, "the fixed finding to leave the Problems panel", 60_000, rule, line);
  await sleep(500);
  await page.screenshot({ path: path.join(out, "fix-3-applied.png") });
  return { quickfixes: items, offered, diffTab, inserted, asked, before, after, problems: gone };
}
