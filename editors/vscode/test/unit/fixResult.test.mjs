// Unit tests of the pure side of "Fix (verified)" (node --test), against the bundled build of src/fixResult.ts.
import { test } from "node:test";
import assert from "node:assert/strict";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";

const here = path.dirname(new URL(import.meta.url).pathname);
const root = path.resolve(here, "..", "..");
const out = path.join(os.tmpdir(), `sastls-fixResult-${process.pid}.cjs`);
execFileSync(path.join(root, "node_modules", ".bin", "esbuild"), [
  path.join(root, "src", "fixResult.ts"), "--bundle", "--platform=node", "--format=cjs", `--outfile=${out}`,
]);
const { applyEdits, editsFor, headline, offsetIn } = await import(out);

const pos = (line, character) => ({ line, character });
const text = 'import subprocess\n\n\ndef f(x):\n    return subprocess.call("ls " + x, shell=True)\n';
const edit = { range: { start: pos(4, 11), end: pos(4, 49) }, newText: 'subprocess.call(["ls", x])' };

test("a WorkspaceEdit's edits are found in documentChanges or changes", () => {
  const uri = "file:///w/a.py";
  assert.deepEqual(editsFor({ documentChanges: [{ textDocument: { uri, version: 3 }, edits: [edit] }] }, uri), [edit]);
  assert.deepEqual(editsFor({ changes: { [uri]: [edit] } }, uri), [edit]);
  assert.deepEqual(editsFor({ changes: {} }, uri), []);
});

test("edits apply at LSP positions, last first, and an insertion at the end of the file works", () => {
  const after = applyEdits(text, [edit, { range: { start: pos(5, 0), end: pos(5, 0) }, newText: "# end\n" }], offsetIn(text));
  assert.equal(after, 'import subprocess\n\n\ndef f(x):\n    return subprocess.call(["ls", x])\n# end\n');
});

test("UTF-16 characters and CRLF line ends are counted as the protocol does", () => {
  const t = "s = '😀'\r\nx = 1\r\n";
  const after = applyEdits(t, [{ range: { start: pos(0, 5), end: pos(0, 7) }, newText: "ok" }], offsetIn(t));
  assert.equal(after, "s = 'ok'\r\nx = 1\r\n");
  assert.equal(applyEdits(t, [{ range: { start: pos(1, 4), end: pos(1, 5) }, newText: "2" }], offsetIn(t)), "s = '😀'\r\nx = 2\r\n");
});

test("the headline says the level, the migration, or why there is no fix", () => {
  const e = { changes: { u: [edit] } };
  assert.match(headline({ status: "done", verified: true, edit: e, level: "tested", title: "bandit B602", description: "argv" }), /verified, tested/);
  assert.match(headline({ status: "done", verified: true, edit: e, level: "scanner-clean", description: "d" }), /no test ran/);
  assert.match(headline({ status: "done", verified: true, edit: e, level: "tested", description: "kdf", migration: "re-hash" }), /NEEDS A MIGRATION: re-hash/);
  assert.match(headline({ status: "done", verified: false, stop_reason: "stuck: x", edit: null }), /no verified fix: stuck: x/);
  assert.match(headline({ status: "done", verified: true, edit: null, stop_reason: "changed" }), /no verified fix/);
});
