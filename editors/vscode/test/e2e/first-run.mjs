// A first run in VS Code as a new user has it (code-server + headless Chromium), the extension packaged:
// 1. the workspace's settings (camelCase, as the Settings UI writes them) reach the server without an
//    "invalid settings" message; `sastls.findingGlobs` first matches nothing, so no findings;
// 2. `sastls.findingGlobs` is changed in .vscode/settings.json: the findings appear without a restart;
// 3. the diagnostics carry offline verdicts without any click on Investigate;
// 4. the sastls Findings view lists them by verdict and file with counts, and a click opens the code;
// 5. the report of a finding opens in a tab titled "sastls: <rule> at <path>:<line>".
// Usage: node first-run.mjs --code-server DIR --vsix FILE --workspace DIR --server PATH --out DIR
import fs from "node:fs";
import path from "node:path";
import { chord, goToLine, log, notifications, openFile, palette, parseArgs, sleep, startWorkbench, waitFor } from "./harness.mjs";

const args = parseArgs(["code-server", "vsix", "workspace", "server", "out"]);
const out = path.resolve(args.out);
const ws = path.resolve(args.workspace);
const FILE = "app/shell.py";
const workspaceSettings = (globs) =>
  fs.writeFileSync(path.join(ws, ".vscode", "settings.json"),
    JSON.stringify({ "sastls.findingGlobs": globs, "sastls.scanners": [], "sastls.falsePositiveDisplay": "hint" }, null, 2));
fs.mkdirSync(path.join(ws, ".vscode"), { recursive: true });
workspaceSettings(["nothing-here-yet/*.sarif"]);

const { page, finish } = await startWorkbench({
  codeServer: args["code-server"],
  vsix: args.vsix,
  workspace: ws,
  out,
  settings: { "sastls.server.path": path.resolve(args.server), "editor.hover.delay": 100 },
});
const result = {};
let code = 1;
try {
  // Keep every notification shown (toasts vanish after a while).
  await page.evaluate(() => {
    window.__notes = [];
    setInterval(() => {
      for (const n of document.querySelectorAll(".notification-list-item")) {
        const t = n.textContent || "";
        if (!window.__notes.includes(t)) window.__notes.push(t);
      }
    }, 200);
  });
  await sleep(3000);
  await openFile(page, out, FILE);
  log("file open");
  await chord(page, "Control", "Shift", "KeyM");
  await waitFor(page, out, () => !!document.querySelector(".markers-panel"), "the Problems panel");
  // The server is running (the status item shows counts, not the start-up spinner): it has its settings.
  await waitFor(page, out, () => !!document.querySelector('.statusbar-item[id*="sastls.status"] .codicon-shield'),
    "the sastls server running", 90_000);
  await sleep(2000); // a moment for anything wrong (findings, a settings warning) to show
  const rows = () => [...document.querySelectorAll(".markers-panel .monaco-list-row")].map((r) => r.textContent || "");
  result.before = await page.evaluate(rows);
  if (result.before.length) throw new Error(`findings before findingGlobs matched any file: ${result.before}`);
  await page.screenshot({ path: path.join(out, "1-no-findings-yet.png") });

  // 2. the setting changes: the server reloads, the findings appear
  workspaceSettings(["**/*.sarif"]);
  log("findingGlobs changed");
  result.after = await waitFor(page, out, () => {
    const r = [...document.querySelectorAll(".markers-panel .monaco-list-row")].map((x) => x.textContent || "");
    return r.length > 3 ? r : undefined;
  }, "findings after changing sastls.findingGlobs", 90_000);
  log(`problems: ${result.after.length} rows`);

  // 3. offline verdicts without a click (the panel's list is virtualized: filter it to the verdict text)
  const filter = 'input[placeholder^="Filter (e.g. text"]';
  await page.waitForSelector(filter, { visible: true, timeout: 60_000 });
  await page.click(filter);
  await page.keyboard.type("likely true positive");
  result.verdictRow = await waitFor(page, out, () =>
    [...document.querySelectorAll(".markers-panel .monaco-list-row")].map((x) => x.textContent || "")
      .find((t) => /\[likely true positive/.test(t)), "an offline verdict in the Problems panel", 60_000);
  log("verdict:", result.verdictRow.slice(0, 160));
  await page.screenshot({ path: path.join(out, "2-offline-verdicts.png") });

  // 4. the findings view
  await palette(page, out, "Focus on Findings View");
  const tree = () => [...document.querySelectorAll(".part.sidebar .monaco-list-row")].map((r) => r.textContent || "");
  result.tree = await waitFor(page, out, (t) => {
    const r = [...document.querySelectorAll(".part.sidebar .monaco-list-row")].map((x) => x.textContent || "");
    return r.some((x) => /^True positive \(\d+\)/.test(x)) && r.some((x) => x.includes(t)) ? r : undefined;
  }, "the findings view", 60_000, FILE);
  result.viewTitle = await page.evaluate(() =>
    [...document.querySelectorAll(".part.sidebar .pane-header")].map((h) => h.textContent || "").join(" | "));
  log("findings view:", JSON.stringify(result.tree.slice(0, 8)), result.viewTitle);
  await page.screenshot({ path: path.join(out, "3-findings-view.png") });
  // a click on the shell.py B602 finding opens the code at its line
  const clicked = await page.evaluate(() => {
    const row = [...document.querySelectorAll(".part.sidebar .monaco-list-row")]
      .find((r) => /B602/.test(r.textContent || "") && /line 11/.test(r.textContent || ""));
    if (!row) return false;
    row.dispatchEvent(new MouseEvent("mousedown", { bubbles: true }));
    row.click();
    return true;
  });
  if (!clicked) throw new Error(`no B602 line 11 row in the view: ${await page.evaluate(tree)}`);
  result.cursor = await waitFor(page, out, () => {
    const s = [...document.querySelectorAll(".statusbar-item")].map((e) => e.textContent || "").find((t) => /Ln \d+/.test(t));
    return s && /Ln 11\b/.test(s) ? s : undefined;
  }, "the editor at line 11", 20_000);

  // 5. the report, in a tab named after the finding
  await goToLine(page, out, 11);
  await palette(page, out, "sastls: Show report for finding");
  result.reportTab = await waitFor(page, out, () =>
    [...document.querySelectorAll(".tab .label-name, .tab .monaco-icon-label")].map((e) => e.textContent || "")
      .find((t) => t.startsWith("sastls: ") && t.includes(" at app/shell.py:11")), "the report tab", 60_000);
  log("report tab:", result.reportTab);
  await sleep(1500);
  await page.screenshot({ path: path.join(out, "4-report-tab.png") });

  result.notifications = await page.evaluate(() => window.__notes);
  result.notifications.push(...(await notifications(page)));
  const bad = result.notifications.filter((t) => /invalid settings|unknown setting/i.test(t));
  if (bad.length) throw new Error(`settings were not accepted: ${bad}`);
  fs.writeFileSync(path.join(out, "first-run.json"), JSON.stringify(result, null, 2));
  code = 0;
} catch (err) {
  log("FAILED:", err && err.stack ? err.stack : err);
  fs.writeFileSync(path.join(out, "first-run.json"), JSON.stringify(result, null, 2));
}
await finish(code);
