// A human verdict teaches, in a real VS Code workbench (code-server + headless Chromium) with the packaged
// extension: on tests/fixtures/projects/learn, mark the first finding false positive with the reason
// "validated by check_name" (command palette, then the reason's input box), accept the server's offer in
// the notification (window/showMessageRequest), and see the other finding judged false positive with the
// model recorded in .sastls/models/learned.toml.
// Usage: node learn.mjs --code-server DIR --vsix FILE --workspace DIR --server PATH --open REL --out DIR
// Exits 0 when all of that happened. Screenshots go to --out.
import { spawn, execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import puppeteer from "puppeteer-core";

const args = Object.fromEntries(
  process.argv.slice(2).reduce((acc, v, i, a) => (v.startsWith("--") ? [...acc, [v.slice(2), a[i + 1]]] : acc), []),
);
for (const k of ["code-server", "vsix", "workspace", "server", "open", "out"]) {
  if (!args[k]) {
    console.error(`missing --${k}`);
    process.exit(2);
  }
}
const out = path.resolve(args.out);
fs.mkdirSync(out, { recursive: true });
const log = (...m) => console.error(`[e2e ${new Date().toISOString().slice(11, 19)}]`, ...m);
const entry = path.join(args["code-server"], "node_modules", "code-server", "out", "node", "entry.js");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "sastls-cs-"));
const userData = path.join(tmp, "user");
const extensions = path.join(tmp, "extensions");
fs.mkdirSync(path.join(userData, "User"), { recursive: true });
fs.writeFileSync(
  path.join(userData, "User", "settings.json"),
  JSON.stringify({
    "sastls.server.path": path.resolve(args.server),
    "workbench.startupEditor": "none",
    "security.workspace.trust.enabled": false,
    "telemetry.telemetryLevel": "off",
    "update.mode": "none",
    "extensions.autoCheckUpdates": false,
    "workbench.tips.enabled": false,
    "editor.lightbulb.enabled": "on",
  }),
);
const config = path.join(tmp, "config.yaml");
fs.writeFileSync(config, "auth: none\ncert: false\n");

log("installing", args.vsix);
execFileSync(process.execPath, [entry, "--user-data-dir", userData, "--extensions-dir", extensions, "--config", config,
  "--install-extension", path.resolve(args.vsix)], { stdio: ["ignore", "inherit", "inherit"] });

const port = await new Promise((resolve) => {
  const s = net.createServer().listen(0, "127.0.0.1", () => {
    const p = s.address().port;
    s.close(() => resolve(p));
  });
});
const cs = spawn(process.execPath, [entry, "--auth", "none", "--bind-addr", `127.0.0.1:${port}`, "--user-data-dir", userData,
  "--extensions-dir", extensions, "--config", config, "--disable-telemetry", "--disable-update-check",
  "--disable-workspace-trust", path.resolve(args.workspace)], { stdio: ["ignore", "pipe", "pipe"] });
let csLog = "";
cs.stdout.on("data", (d) => (csLog += d));
cs.stderr.on("data", (d) => (csLog += d));

let browser;
let exitCode = 1;
const deadline = setTimeout(() => {
  log("timed out");
  finish(1);
}, 240_000);

async function finish(code) {
  clearTimeout(deadline);
  try {
    if (browser) await browser.close();
  } catch {}
  cs.kill("SIGTERM");
  fs.writeFileSync(path.join(out, "code-server.log"), csLog);
  fs.rmSync(tmp, { recursive: true, force: true });
  process.exit(code);
}

async function waitFor(page, fn, what, timeout = 60_000, ...fnArgs) {
  const start = Date.now();
  for (;;) {
    const v = await page.evaluate(fn, ...fnArgs).catch(() => undefined);
    if (v) return v;
    if (Date.now() - start > timeout) {
      await page.screenshot({ path: path.join(out, `timeout-${what.replace(/\W+/g, "-")}.png`) });
      throw new Error(`timed out waiting for ${what}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

try {
  for (let i = 0; i < 120; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok).catch(() => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
      "--no-first-run", "--disable-sync", "--disable-quic", `--user-data-dir=${path.join(tmp, "chromium")}`],
    defaultViewport: { width: 1400, height: 900 },
  });
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(path.resolve(args.workspace))}`);
  await waitFor(page, () => !!document.querySelector(".monaco-workbench .part.editor"), "workbench");
  log("workbench up");
  await new Promise((r) => setTimeout(r, 3000));

  const chord = async (...keys) => {
    for (const k of keys.slice(0, -1)) await page.keyboard.down(k);
    await page.keyboard.press(keys[keys.length - 1]);
    for (const k of keys.slice(0, -1).reverse()) await page.keyboard.up(k);
  };
  const pause = (ms) => new Promise((r) => setTimeout(r, ms));
  const lines = fs.readFileSync(path.join(args.workspace, args.open), "utf8").split("\n");
  const lineOf = (s) => lines.findIndex((l) => l.includes(s)) + 1;
  const first = lineOf("return open(");
  const second = lineOf("os.remove(");

  // Open the file through Quick Open.
  await chord("Control", "KeyP");
  await waitFor(page, () => !!document.querySelector(".quick-input-widget input"), "quick open");
  await page.keyboard.type(args.open);
  await waitFor(page, (name) => [...document.querySelectorAll(".quick-input-list .monaco-list-row")]
    .some((r) => (r.textContent || "").includes(name)), "quick open result", 30_000, path.basename(args.open));
  await pause(300);
  await page.keyboard.press("Enter");
  await waitFor(page, (name) => [...document.querySelectorAll(".tab .label-name")].some((e) => e.textContent === name),
    "editor tab", 30_000, path.basename(args.open));
  log("file open");

  // The hover of the finding on a line (Ctrl+G to go there, Ctrl+K Ctrl+I for the hover).
  async function hoverAt(line) {
    await page.keyboard.press("Escape");
    // The tab appears before the editor's text is laid out: wait for it (a loaded machine takes seconds).
    await page.waitForSelector(".editor-instance .view-lines", { visible: true, timeout: 60_000 });
    await page.click(".editor-instance .view-lines");
    await chord("Control", "KeyG");
    await waitFor(page, () => !!document.querySelector(".quick-input-widget input"), "go to line");
    await page.keyboard.type(String(line));
    await page.keyboard.press("Enter");
    await pause(300);
    await page.keyboard.press("End");
    await page.keyboard.press("Home");
    await chord("Control", "KeyK");
    await chord("Control", "KeyI");
    await pause(1200);
    return page.evaluate(() => [...document.querySelectorAll(".monaco-hover")].map((h) => h.textContent || "").join("\n"));
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
      await pause(1000);
    }
  }

  // Both findings are judged offline first: the project's own check is unknown to the analyst.
  const before = await hoverUntil(second, /true positive/i, "offline verdict of the second finding");
  log("second finding before:", before);
  await page.screenshot({ path: path.join(out, "1-before.png") });

  // Mark the first finding false positive with a reason, from the command palette.
  await hoverAt(first);
  await page.keyboard.press("Escape");
  await chord("Control", "Shift", "KeyP");
  await waitFor(page, () => !!document.querySelector(".quick-input-widget input"), "command palette");
  await page.keyboard.type("sastls: Mark finding as false positive");
  await waitFor(page, () => [...document.querySelectorAll(".quick-input-list .monaco-list-row")]
    .some((r) => /Mark finding as false positive/.test(r.textContent || "")), "the command", 30_000);
  await page.keyboard.press("Enter");
  await waitFor(page, () => /Reason/.test(document.querySelector(".quick-input-widget")?.textContent || ""),
    "the reason's input box", 30_000);
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
  await page.screenshot({ path: path.join(out, "2-offer.png") });
  const clicked = await page.evaluate(() => {
    const button = [...document.querySelectorAll(".notification-toast .monaco-button, .notifications-toasts .monaco-button")]
      .find((b) => /^Record check_name\(\)/.test((b.textContent || "").trim()));
    if (!button) return false;
    button.click();
    return true;
  });
  if (!clicked) throw new Error("no Record button in the notification");
  const learned = path.join(args.workspace, ".sastls", "models", "learned.toml");
  for (let i = 0; i < 120 && !fs.existsSync(learned); i++) await pause(250);
  if (!fs.existsSync(learned)) throw new Error("learned.toml was not written after the click");
  const model = fs.readFileSync(learned, "utf8");
  if (!model.includes('names = ["check_name"]')) throw new Error(`unexpected learned.toml:\n${model}`);
  log("learned.toml written");

  // The other finding is now judged false positive with the recorded model.
  const after = await hoverUntil(second, /false positive/i, "the second finding judged with the model");
  log("second finding after:", after);
  await page.screenshot({ path: path.join(out, "3-after.png") });
  fs.writeFileSync(path.join(out, "result.json"), JSON.stringify({ before, offer, model, after }, null, 2));
  exitCode = 0;
} catch (err) {
  log("FAILED:", err && err.stack ? err.stack : err);
}
await finish(exitCode);
