// Unit tests of server discovery (node --test), against the bundled build of src/serverPath.ts.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";

const here = path.dirname(new URL(import.meta.url).pathname);
const root = path.resolve(here, "..", "..");
const out = path.join(os.tmpdir(), `sastls-serverPath-${process.pid}.cjs`);
execFileSync(path.join(root, "node_modules", ".bin", "esbuild"), [
  path.join(root, "src", "serverPath.ts"), "--bundle", "--platform=node", "--format=cjs", `--outfile=${out}`,
]);
const { findServer } = await import(out);

function exe(dir, name) {
  fs.mkdirSync(dir, { recursive: true });
  const p = path.join(dir, name);
  fs.writeFileSync(p, "#!/bin/sh\n");
  fs.chmodSync(p, 0o755);
  return p;
}

test("configured path wins, and a missing one is not replaced silently", () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "sastls-"));
  const p = exe(tmp, "my-sastls");
  assert.equal(findServer({ serverPath: p, pythonPath: "" }, [], "").command, p);
  assert.equal(findServer({ serverPath: path.join(tmp, "nope"), pythonPath: "" }, [], ""), undefined);
});

test("python path runs the module", () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "sastls-"));
  const py = exe(tmp, "python3");
  const found = findServer({ serverPath: "", pythonPath: py }, [], "");
  assert.deepEqual(found.args, ["-m", "sastls.server.cli", "serve"]);
});

test("workspace .venv before PATH", () => {
  const ws = fs.mkdtempSync(path.join(os.tmpdir(), "sastls-ws-"));
  const venvBin = exe(path.join(ws, ".venv", "bin"), "sastls");
  const other = fs.mkdtempSync(path.join(os.tmpdir(), "sastls-path-"));
  exe(other, "sastls");
  assert.equal(findServer({ serverPath: "", pythonPath: "" }, [ws], other).command, venvBin);
  assert.equal(findServer({ serverPath: "", pythonPath: "" }, ["/nonexistent"], other).origin, "PATH");
  assert.equal(findServer({ serverPath: "", pythonPath: "" }, [], ""), undefined);
});
