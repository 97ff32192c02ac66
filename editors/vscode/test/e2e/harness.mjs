// Shared by the end-to-end scenarios: start code-server with the packaged extension, drive it with
// headless Chromium (puppeteer-core), wait for things in the page, take screenshots, clean up.
import { spawn, execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import puppeteer from "puppeteer-core";

export function parseArgs(required) {
  const args = Object.fromEntries(
    process.argv.slice(2).reduce((acc, v, i, a) => (v.startsWith("--") ? [...acc, [v.slice(2), a[i + 1]]] : acc), []),
  );
  for (const k of required) {
    if (!args[k]) {
      console.error(`missing --${k}`);
      process.exit(2);
    }
  }
  return args;
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const log = (...m) => console.error(`[e2e ${new Date().toISOString().slice(11, 19)}]`, ...m);

/** Start code-server on `workspace` with the .vsix installed and `settings` as the user settings. */
export async function startWorkbench({ codeServer, vsix, workspace, settings, out, timeoutMs = 240_000 }) {
  fs.mkdirSync(out, { recursive: true });
  const entry = path.join(codeServer, "node_modules", "code-server", "out", "node", "entry.js");
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "sastls-cs-"));
  const userData = path.join(tmp, "user");
  const extensions = path.join(tmp, "extensions");
  fs.mkdirSync(path.join(userData, "User"), { recursive: true });
  fs.writeFileSync(
    path.join(userData, "User", "settings.json"),
    JSON.stringify({
      "workbench.startupEditor": "none",
      "security.workspace.trust.enabled": false,
      "telemetry.telemetryLevel": "off",
      "update.mode": "none",
      "extensions.autoCheckUpdates": false,
      "workbench.tips.enabled": false,
      ...settings,
    }),
  );
  const config = path.join(tmp, "config.yaml");
  fs.writeFileSync(config, "auth: none\ncert: false\n");
  log("installing", vsix);
  execFileSync(process.execPath, [entry, "--user-data-dir", userData, "--extensions-dir", extensions, "--config", config,
    "--install-extension", path.resolve(vsix)], { stdio: ["ignore", "inherit", "inherit"] });
  const port = await new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const p = s.address().port;
      s.close(() => resolve(p));
    });
  });
  const cs = spawn(process.execPath, [entry, "--auth", "none", "--bind-addr", `127.0.0.1:${port}`, "--user-data-dir",
    userData, "--extensions-dir", extensions, "--config", config, "--disable-telemetry", "--disable-update-check",
    "--disable-workspace-trust", path.resolve(workspace)], { stdio: ["ignore", "pipe", "pipe"] });
  let csLog = "";
  cs.stdout.on("data", (d) => (csLog += d));
  cs.stderr.on("data", (d) => (csLog += d));
  let browser;
  const finish = async (code) => {
    clearTimeout(deadline);
    try {
      if (browser) await browser.close();
    } catch {}
    cs.kill("SIGTERM");
    fs.writeFileSync(path.join(out, "code-server.log"), csLog);
    fs.rmSync(tmp, { recursive: true, force: true });
    process.exit(code);
  };
  const deadline = setTimeout(() => {
    log("timed out");
    void finish(1);
  }, timeoutMs);
  for (let i = 0; i < 120; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok).catch(() => false);
    if (ok) break;
    await sleep(250);
  }
  browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
      "--no-first-run", "--disable-sync", "--disable-quic", `--user-data-dir=${path.join(tmp, "chromium")}`],
    defaultViewport: { width: 1400, height: 900 },
  });
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(path.resolve(workspace))}`);
  await waitFor(page, out, () => !!document.querySelector(".monaco-workbench .part.editor"), "workbench");
  log("workbench up");
  return { page, finish };
}

export async function waitFor(page, out, fn, what, timeout = 60_000, ...fnArgs) {
  const start = Date.now();
  for (;;) {
    const v = await page.evaluate(fn, ...fnArgs).catch(() => undefined);
    if (v) return v;
    if (Date.now() - start > timeout) {
      await page.screenshot({ path: path.join(out, `timeout-${what.replace(/\W+/g, "-")}.png`) });
      throw new Error(`timed out waiting for ${what}`);
    }
    await sleep(250);
  }
}

/** Like waitFor, but `fn` runs here (in Node) and may read the page itself. */
export async function until(page, out, fn, what, timeout = 60_000) {
  const start = Date.now();
  for (;;) {
    const v = await fn().catch(() => undefined);
    if (v) return v;
    if (Date.now() - start > timeout) {
      await page.screenshot({ path: path.join(out, `timeout-${what.replace(/\W+/g, "-")}.png`) });
      throw new Error(`timed out waiting for ${what}`);
    }
    await sleep(250);
  }
}

export async function chord(page, ...keys) {
  for (const k of keys.slice(0, -1)) await page.keyboard.down(k);
  await page.keyboard.press(keys[keys.length - 1]);
  for (const k of keys.slice(0, -1).reverse()) await page.keyboard.up(k);
}

/**
 * Open the quick-fix menu (Ctrl+.) at the cursor and wait until a row matches `pattern` (a RegExp
 * source); returns the rows' texts. Code actions are computed asynchronously: on a loaded machine the
 * first request may end before the server answers and the menu shows "No code actions available" or
 * nothing. Like a user, close it and ask again (every 15 s) until `timeout`.
 */
export async function quickFixes(page, out, pattern, what, timeout = 90_000) {
  const start = Date.now();
  for (;;) {
    await chord(page, "Control", "Period");
    const left = timeout - (Date.now() - start);
    try {
      return await waitFor(page, out, (src) => {
        const rows = [...document.querySelectorAll(".action-widget .monaco-list-row")].map((r) => r.textContent || "");
        return rows.some((t) => new RegExp(src).test(t)) ? rows : undefined;
      }, what, Math.max(1_000, Math.min(15_000, left)), pattern);
    } catch (err) {
      if (Date.now() - start >= timeout) throw err;
      await page.keyboard.press("Escape");
      await sleep(500);
    }
  }
}

/** Is the quick input (palette, Quick Open, Go to Line, an input box) shown? (a page function) */
export const quickInputShown = () => {
  const w = document.querySelector(".quick-input-widget");
  return !!w && w.style.display !== "none" && !!w.querySelector("input");
};

/** Wait until the focused row of the quick input contains `text` (case-insensitive), so Enter picks it. */
export async function waitForFocusedRow(page, out, text, what) {
  await waitFor(page, out, (t) => {
    const row = document.querySelector(".quick-input-list .monaco-list-row.focused") ||
      document.querySelector(".quick-input-list .monaco-list-row");
    return !!row && (row.textContent || "").toLowerCase().includes(t.toLowerCase());
  }, what, 30_000, text);
}

/** Run a command by its palette title. */
export async function palette(page, out, title) {
  await page.keyboard.press("F1");
  await waitFor(page, out, quickInputShown, "command palette");
  await page.keyboard.type(title);
  await waitForFocusedRow(page, out, title, `palette entry ${title}`);
  await page.keyboard.press("Enter");
}

/** Open a workspace file through Quick Open and wait for its editor to render its text. */
export async function openFile(page, out, rel) {
  await chord(page, "Control", "KeyP");
  await waitFor(page, out, quickInputShown, "quick open");
  await page.keyboard.type(rel);
  const name = path.basename(rel);
  await waitForFocusedRow(page, out, name, "quick open result");
  await page.keyboard.press("Enter");
  await waitFor(page, out, (n) => [...document.querySelectorAll(".tab .label-name")].some((e) => e.textContent === n),
    "editor tab", 30_000, name);
  await waitForEditor(page, out);
}

/** Wait until the active editor shows lines of text (the tab appears before its editor renders). */
export async function waitForEditor(page, out, timeout = 60_000) {
  await waitFor(page, out, () => {
    const lines = document.querySelector(".editor-group-container.active .editor-instance .view-lines") ||
      document.querySelector(".editor-instance .view-lines");
    if (!lines) return false;
    const r = lines.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && !!lines.querySelector(".view-line");
  }, "the editor's text", timeout);
}

/** Give the active editor the keyboard focus (waits for it to render first: never clicks on nothing). */
export async function focusEditor(page, out) {
  await waitForEditor(page, out);
  const sel = ".editor-group-container.active .editor-instance .view-lines";
  const handle = (await page.$(sel)) || (await page.waitForSelector(".editor-instance .view-lines",
    { visible: true, timeout: 60_000 }));
  await handle.click();
}

/** Move the cursor of the active editor to `line` (Go to Line), and wait until the status bar says so. */
export async function goToLine(page, out, line) {
  await page.keyboard.press("Escape");
  await focusEditor(page, out);
  await chord(page, "Control", "KeyG");
  await waitFor(page, out, quickInputShown, "go to line");
  await page.keyboard.type(String(line));
  await page.keyboard.press("Enter");
  await waitFor(page, out, (l) => [...document.querySelectorAll(".statusbar-item")]
    .some((e) => new RegExp(`Ln ${l}\\b`).test(e.textContent || "")), `the cursor at line ${line}`, 30_000, line);
  await page.keyboard.press("Home");
}

/** Every notification toast and notification-center text seen so far. */
export async function notifications(page) {
  return page.evaluate(() => [...document.querySelectorAll(".notifications-toasts .notification-list-item, " +
    ".notifications-center .notification-list-item")].map((n) => n.textContent || ""));
}

/** The visible quick input's text (title, prompt, rows), without the widget's <style> rules. (a page function) */
export const quickInputText = () => {
  const w = document.querySelector(".quick-input-widget");
  if (!w || w.style.display === "none") return "";
  const copy = w.cloneNode(true);
  copy.querySelectorAll("style").forEach((e) => e.remove());
  return copy.textContent || "";
};

/** Right-click the side bar row whose text matches `re` and pick `item` from its context menu. */
export async function contextMenu(page, out, re, item) {
  const row = await page.waitForFunction((src) => [...document.querySelectorAll(".part.sidebar .monaco-list-row")]
    .find((r) => new RegExp(src).test(r.textContent || "")), { timeout: 30_000 }, re.source);
  await row.asElement().click({ button: "right" });
  const find = (t) => [...document.querySelectorAll(".monaco-menu .action-label")]
    .find((a) => (a.textContent || "").trim() === t);
  await page.waitForFunction(find, { timeout: 30_000 }, item);
  // A menu ignores the mouse for a moment after it opens: click until it closes (it closes on the pick).
  for (let i = 0; i < 20; i++) {
    const entry = await page.evaluateHandle(find, item);
    if (!entry.asElement()) return;
    await entry.asElement().click().catch(() => undefined);
    await sleep(500);
  }
  throw new Error(`the context menu's ${item} did not react`);
}

/** The hover at `line` (Go to Line, then Ctrl+K Ctrl+I: the keyboard's "show hover") once its text matches
 * `re`; asked again until `timeout` (a verdict may still be on its way). */
export async function hoverAt(page, out, line, re, timeout = 60_000) {
  const start = Date.now();
  for (;;) {
    await goToLine(page, out, line);
    await chord(page, "Control", "KeyK");
    await chord(page, "Control", "KeyI");
    await sleep(1500);
    const text = await page.evaluate(() =>
      [...document.querySelectorAll(".monaco-hover")].map((h) => h.textContent || "").join("\n"));
    if (re.test(text)) return text;
    if (Date.now() - start > timeout) {
      await page.screenshot({ path: path.join(out, `timeout-hover-${line}.png`) });
      throw new Error(`timed out waiting for a hover matching ${re} at line ${line}: ${text.slice(0, 300)}`);
    }
    await page.keyboard.press("Escape");
  }
}
