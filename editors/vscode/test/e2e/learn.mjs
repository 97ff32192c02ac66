// A human verdict teaches, in a real VS Code workbench (code-server + headless Chromium) with the packaged
// extension: on tests/fixtures/projects/learn, mark the first finding false positive from the light bulb
// (the quick-fix menu's "sastls: Mark as false positive"), answer the extension's question for the reason
// with "validated by check_name", accept the server's offer in the notification
// (window/showMessageRequest), and see the other finding judged false positive with the model recorded
// in .sastls/models/learned.toml.
// Usage: node learn.mjs --code-server DIR --vsix FILE --workspace DIR --server PATH --open REL --out DIR
// Exits 0 when all of that happened. Screenshots go to --out.
import fs from "node:fs";
import path from "node:path";
import {
  chord,
  goToLine,
  log,
  openFile,
  parseArgs,
  quickFixes,
  sleep,
  startWorkbench,
  waitFor as waitIn,
} from "./harness.mjs";

const args = parseArgs(["code-server", "vsix", "workspace", "server", "open", "out"]);
const out = path.resolve(args.out);
const waitFor = (page, fn, what, timeout, ...fnArgs) => waitIn(page, out, fn, what, timeout, ...fnArgs);
const { page, finish } = await startWorkbench({
  codeServer: args["code-server"],
  vsix: args.vsix,
  workspace: args.workspace,
  out,
  settings: { "sastls.server.path": path.resolve(args.server), "editor.lightbulb.enabled": "on" },
});
let exitCode = 1;
try {
  await sleep(3000);
  const lines = fs.readFileSync(path.join(args.workspace, args.open), "utf8").split("\n");
  const lineOf = (s) => lines.findIndex((l) => l.includes(s)) + 1;
  const first = lineOf("return open(");
  const second = lineOf("os.remove(");
  await openFile(page, out, args.open);
  log("file open");

  // The hover of the finding on a line (Go to Line, then Ctrl+K Ctrl+I for the hover).
  async function hoverAt(line) {
    await goToLine(page, out, line);
    await chord(page, "Control", "KeyK");
    await chord(page, "Control", "KeyI");
    try {
      return await waitFor(page, () => {
        const t = [...document.querySelectorAll(".monaco-hover")].filter((h) => h.getBoundingClientRect().height > 0)
          .map((h) => h.textContent || "").join("\n");
        return t.trim() ? t : undefined;
      }, "a hover", 5_000);
    } catch {
      return "";
    }
  }
  async function hoverUntil(line, re, what, timeout = 90_000) {
    const start = Date.now();
    for (;;) {
      const text = await hoverAt(line);
      if (re.test(text)) return text.slice(0, 400);
      if (Date.now() - start > timeout) {
        await page.screenshot({ path: path.join(out, `timeout-${what.replace(/\W+/g, "-")}.png`) });
        throw new Error(`timed out waiting for ${what}: ${text.slice(0, 300)}`);
      }
      await sleep(1000);
    }
  }

  // Both findings are judged offline first: the project's own check is unknown to the analyst.
  const before = await hoverUntil(second, /true positive/i, "offline verdict of the second finding");
  log("second finding before:", before);
  await page.screenshot({ path: path.join(out, "1-before.png") });

  // The light bulb on the first finding: "sastls: Mark as false positive".
  await goToLine(page, out, first);
  const actions = await quickFixes(page, out, "Mark as false positive", "the quick-fix menu with Mark as false positive");
  log("quick fixes:", JSON.stringify(actions));
  const picked = await page.evaluate(() => {
    const row = [...document.querySelectorAll(".action-widget .monaco-list-row")]
      .find((r) => /Mark as false positive/.test(r.textContent || ""));
    if (!row) return false;
    row.scrollIntoView();
    return true;
  });
  if (!picked) throw new Error("no Mark as false positive row");
  for (const row of await page.$$(".action-widget .monaco-list-row")) {
    if (/Mark as false positive/.test(await row.evaluate((r) => r.textContent || ""))) {
      await row.click();
      break;
    }
  }
  // The extension asks for the reason (the server's code action carries none).
  const question = await waitFor(page, () => {
    const w = document.querySelector(".quick-input-widget");
    if (!w || w.style.display === "none") return undefined;
    const copy = w.cloneNode(true); // its text without the widget's <style> rules
    copy.querySelectorAll("style").forEach((e) => e.remove());
    const t = copy.textContent || "";
    return /learn/.test(t) ? t : undefined;
  }, "the reason's input box", 30_000);
  log("asked:", question.slice(0, 200));
  await page.screenshot({ path: path.join(out, "2-reason.png") });
  await page.keyboard.type("validated by check_name");
  await page.keyboard.press("Enter");
  log("judged with a reason");

  // The offer: a notification with buttons; click "Record check_name() as a validator".
  const offer = await waitFor(page, () => {
    const toast = [...document.querySelectorAll(".notification-toast, .notifications-toasts .monaco-list-row")]
      .find((t) => /check_name\(\) as a validator/.test(t.textContent || ""));
    return toast ? (toast.querySelector(".notification-list-item-message") || toast).textContent : undefined;
  }, "the offer in a notification", 60_000);
  log("offer:", offer);
  await page.screenshot({ path: path.join(out, "3-offer.png") });
  await waitFor(page, () => {
    const button = [...document.querySelectorAll(".notification-toast .monaco-button, .notifications-toasts .monaco-button")]
      .find((b) => /^Record check_name\(\)/.test((b.textContent || "").trim()));
    if (!button) return false;
    button.click();
    return true;
  }, "the Record button", 30_000);
  const learned = path.join(args.workspace, ".sastls", "models", "learned.toml");
  for (let i = 0; i < 240 && !fs.existsSync(learned); i++) await sleep(250);
  if (!fs.existsSync(learned)) throw new Error("learned.toml was not written after the click");
  const model = fs.readFileSync(learned, "utf8");
  if (!model.includes('names = ["check_name"]')) throw new Error(`unexpected learned.toml:\n${model}`);
  log("learned.toml written");

  // The other finding is now judged false positive with the recorded model.
  const after = await hoverUntil(second, /false positive/i, "the second finding judged with the model");
  log("second finding after:", after);
  await page.screenshot({ path: path.join(out, "4-after.png") });
  fs.writeFileSync(path.join(out, "result.json"),
    JSON.stringify({ before, actions, question, offer, model, after }, null, 2));
  exitCode = 0;
} catch (err) {
  log("FAILED:", err && err.stack ? err.stack : err);
}
await finish(exitCode);
