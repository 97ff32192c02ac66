// Unit tests of the findings view's filter and grouping (node --test), against a bundle of src/findingsView.ts.
import { test } from "node:test";
import assert from "node:assert/strict";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";

const here = path.dirname(new URL(import.meta.url).pathname);
const root = path.resolve(here, "..", "..");
const out = path.join(os.tmpdir(), `sastls-findingsView-${process.pid}.cjs`);
execFileSync(path.join(root, "node_modules", ".bin", "esbuild"), [
  path.join(root, "src", "findingsView.ts"), "--bundle", "--platform=node", "--format=cjs", `--outfile=${out}`,
  `--alias:vscode=${path.join(here, "vscode-stub.cjs")}`,
]);
const { matches, group } = await import(out);

const item = (over) => ({
  uri: "file:///w/app/shell.py", path: "app/shell.py", line: 11, fingerprint: "f", key: "k", rule_id: "B602",
  rules: ["bandit B602", "semgrep python-command-injection-shell"], tools: ["bandit", "semgrep"], level: "error",
  message: "subprocess call with shell=True", verdict: "TRUE_POSITIVE", confidence: 0.85, reason: "request.args reaches it",
  human: false, running: false, range: { start: { line: 10, character: 0 }, end: { line: 10, character: 5 } }, ...over,
});

test("the filter needs every word somewhere in the finding, case-insensitive", () => {
  assert.ok(matches(item({}), "b602 shell"));
  assert.ok(matches(item({}), "semgrep app/"));
  assert.ok(matches(item({}), "true positive"));
  assert.ok(!matches(item({}), "sql"));
  assert.ok(matches(item({}), "  "));
});

test("the tree groups by verdict in a fixed order and leaves out empty verdicts", () => {
  const nodes = group([
    item({ verdict: "FALSE_POSITIVE", key: "a" }),
    item({ verdict: "TRUE_POSITIVE", key: "b" }),
    item({ verdict: "UNDECIDED", key: "c" }),
    item({ verdict: "TRUE_POSITIVE", key: "d", path: "app/db.py" }),
  ]);
  assert.deepEqual(nodes.map((n) => [n.verdict, n.items.length]), [["TRUE_POSITIVE", 2], ["UNDECIDED", 1], ["FALSE_POSITIVE", 1]]);
});
