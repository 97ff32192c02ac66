// Unit tests of the human verdict's reason (node --test), against a bundle of src/judge.ts.
import { test } from "node:test";
import assert from "node:assert/strict";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";

const here = path.dirname(new URL(import.meta.url).pathname);
const root = path.resolve(here, "..", "..");
const out = path.join(os.tmpdir(), `sastls-judge-${process.pid}.cjs`);
execFileSync(path.join(root, "node_modules", ".bin", "esbuild"), [
  path.join(root, "src", "judge.ts"), "--bundle", "--platform=node", "--format=cjs", `--outfile=${out}`,
  `--alias:vscode=${path.join(here, "vscode-stub.cjs")}`,
]);
const { needsReason, reasonPrompt } = await import(out);

const ref = { uri: "file:///w/app.py", fingerprint: "f" };

test("the light bulb's verdict (no reason) is asked for one; a given reason, even empty, is not", () => {
  assert.deepEqual(needsReason([{ ...ref, verdict: "FALSE_POSITIVE" }]), { ...ref, verdict: "FALSE_POSITIVE" });
  assert.equal(needsReason([{ ...ref, verdict: "FALSE_POSITIVE", reason: "validated by check_name" }]), undefined);
  assert.equal(needsReason([{ ...ref, verdict: "TRUE_POSITIVE", reason: "" }]), undefined);
});

test("other shapes are left to the server", () => {
  assert.equal(needsReason([]), undefined);
  assert.equal(needsReason(["f"]), undefined);
  assert.equal(needsReason([{ ...ref }]), undefined);
  assert.equal(needsReason([{ ...ref, verdict: "FALSE_POSITIVE" }, "extra"]), undefined);
});

test("a false positive's prompt says the reason can teach a model", () => {
  assert.match(reasonPrompt("FALSE_POSITIVE").prompt, /learn/);
  assert.match(reasonPrompt("TRUE_POSITIVE").prompt, /optional/i);
});
