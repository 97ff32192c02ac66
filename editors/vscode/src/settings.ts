// The settings the server gets: the `sastls.*` settings the user changed, as VS Code spells them.
// Only changed ones are sent, so the workspace's .sastls.toml still applies where the user left the
// default. The server maps the camelCase names onto its configuration and ignores `server.*`/`trace.*`
// (the list of settings is generated from the server's: see analyzers/settings.py).
import * as vscode from "vscode";

export const API_KEY_ENV = "SASTLS_API_KEY";

/** The names of the contributed settings, below `sastls.` (from package.json). */
export function settingNames(packageJSON: { contributes?: { configuration?: { properties?: object } } }): string[] {
  return Object.keys(packageJSON.contributes?.configuration?.properties ?? {})
    .filter((k) => k.startsWith("sastls."))
    .map((k) => k.slice("sastls.".length));
}

/** `{"a.b": 1, "c": 2}` -> `{a: {b: 1}, c: 2}` (how VS Code itself nests dotted settings). */
export function nest(flat: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(flat)) {
    const parts = name.split(".");
    let node = out;
    for (const p of parts.slice(0, -1)) {
      if (typeof node[p] !== "object" || node[p] === null) node[p] = {};
      node = node[p] as Record<string, unknown>;
    }
    node[parts[parts.length - 1]] = value;
  }
  return out;
}

/** The settings the user set (folder > workspace > user), nested, plus where the API key is. */
export function serverSettings(names: readonly string[], hasApiKey: boolean): Record<string, unknown> {
  const scope = vscode.workspace.workspaceFolders?.[0]?.uri;
  const c = vscode.workspace.getConfiguration("sastls", scope);
  const flat: Record<string, unknown> = {};
  for (const name of names) {
    const i = c.inspect(name);
    const value = i?.workspaceFolderValue ?? i?.workspaceValue ?? i?.globalValue;
    if (value !== undefined) flat[name] = value;
  }
  // The key kept in SecretStorage reaches the server's environment under API_KEY_ENV.
  if (hasApiKey && flat.apiKeyEnv === undefined) flat.apiKeyEnv = API_KEY_ENV;
  return nest(flat);
}
