// VS Code settings -> the server's configuration keys (the same keys as .sastls.toml).
import * as vscode from "vscode";

export const API_KEY_ENV = "SASTLS_API_KEY";

export function serverOptions(): Record<string, unknown> {
  const c = vscode.workspace.getConfiguration("sastls");
  const options: Record<string, unknown> = {
    analyst: c.get<string>("analyst", "heuristic"),
    scanners: c.get<string[]>("scanners", ["bandit"]),
    finding_globs: c.get<string[]>("findingGlobs", ["**/*.sarif", ".sastls/findings/*"]),
    privacy_globs: c.get<string[]>("privacyGlobs", []),
    false_positive_display: c.get<string>("falsePositiveDisplay", "hint"),
    max_iterations: c.get<number>("maxIterations", 15),
    api_key_env: API_KEY_ENV,
  };
  const model = c.get<string | null>("model", null);
  if (model) options.model = model;
  const apiBase = c.get<string | null>("apiBase", null);
  if (apiBase) options.api_base = apiBase;
  const rules = c.get<string | null>("semgrepRules", null);
  if (rules) options.semgrep_rules = rules;
  return options;
}
