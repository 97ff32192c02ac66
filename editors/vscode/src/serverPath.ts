// Where the sastls language server is: the configured path or interpreter, the workspace .venv, then PATH.
import * as fs from "fs";
import * as path from "path";

export interface ServerCommand {
  command: string;
  args: string[];
  origin: string;
}

export interface ServerSettings {
  serverPath: string;
  pythonPath: string;
}

function isExecutable(p: string): boolean {
  try {
    fs.accessSync(p, fs.constants.X_OK);
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}

function onPath(name: string, envPath: string | undefined): string | undefined {
  for (const dir of (envPath ?? "").split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

/** The command that starts `sastls serve`, or undefined when none can be found. */
export function findServer(
  settings: ServerSettings,
  workspaceFolders: readonly string[],
  envPath: string | undefined,
): ServerCommand | undefined {
  if (settings.serverPath) {
    return isExecutable(settings.serverPath)
      ? { command: settings.serverPath, args: ["serve"], origin: "sastls.server.path" }
      : undefined;
  }
  if (settings.pythonPath) {
    return isExecutable(settings.pythonPath)
      ? { command: settings.pythonPath, args: ["-m", "sastls.server.cli", "serve"], origin: "sastls.server.pythonPath" }
      : undefined;
  }
  const bin = process.platform === "win32" ? path.join(".venv", "Scripts", "sastls.exe") : path.join(".venv", "bin", "sastls");
  for (const folder of workspaceFolders) {
    const candidate = path.join(folder, bin);
    if (isExecutable(candidate)) return { command: candidate, args: ["serve"], origin: `workspace ${bin}` };
  }
  const found = onPath(process.platform === "win32" ? "sastls.exe" : "sastls", envPath);
  return found ? { command: found, args: ["serve"], origin: "PATH" } : undefined;
}
