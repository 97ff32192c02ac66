// A human verdict asks for its reason, as SonarLint and Semgrep do when an issue is marked: the reason is
// kept with the verdict, and a false positive's reason that names a function of the code ("validated by
// check_name") lets the server offer to record that function as a model. The light bulb's "Mark as false
// positive" / "Confirm as real" actions come from the server without a reason: the executeCommand
// middleware asks for it (Escape cancels the verdict; an empty answer records it without a reason).
import * as vscode from "vscode";

export interface JudgeArg {
  uri: string;
  fingerprint: string;
  verdict: string;
  reason?: string;
}

/** The one object argument of a `sastls.judge` call, when it still lacks its reason. */
export function needsReason(args: unknown[]): JudgeArg | undefined {
  const a = args[0];
  if (args.length !== 1 || !a || typeof a !== "object") return undefined;
  const o = a as Record<string, unknown>;
  if (typeof o.fingerprint !== "string" || typeof o.verdict !== "string") return undefined;
  return typeof o.reason === "string" ? undefined : (o as unknown as JudgeArg);
}

/** The input box's wording for a verdict. */
export function reasonPrompt(verdict: string): { title: string; prompt: string; placeHolder: string } {
  if (verdict === "FALSE_POSITIVE") {
    return {
      title: "sastls: Mark as false positive",
      prompt: "Reason: why is it not a real problem? Name the check or sanitizer, and sastls can learn it.",
      placeHolder: "e.g. validated by check_name",
    };
  }
  return {
    title: "sastls: Confirm as real",
    prompt: "Reason (optional, kept with the verdict)",
    placeHolder: "e.g. reachable from the upload endpoint",
  };
}

/** Ask the person for the reason of `verdict`; undefined when they cancel (nothing is recorded then). */
export async function askReason(verdict: string): Promise<string | undefined> {
  const p = reasonPrompt(verdict);
  const reason = await vscode.window.showInputBox({ ...p, ignoreFocusOut: true });
  return reason === undefined ? undefined : reason.trim();
}
