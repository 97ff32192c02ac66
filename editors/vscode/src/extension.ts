// sastls for VS Code: a thin client over the sastls language server.
import * as vscode from "vscode";
import {
  CloseAction,
  CloseHandlerResult,
  DidChangeConfigurationNotification,
  ErrorAction,
  ErrorHandlerResult,
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  State,
} from "vscode-languageclient/node";

import { FindingsView, registerFindingsView } from "./findingsView";
import { isReport, showReport } from "./reportView";
import { FixDocuments, presentFix } from "./fix";
import { FixResult } from "./fixResult";
import { askReason, needsReason } from "./judge";
import { findServer } from "./serverPath";
import { API_KEY_ENV, serverSettings, settingNames } from "./settings";
import { ServerStatus, StatusItem } from "./status";

const SECRET_KEY = "sastls.apiKey";
const INSTALL_URL = "https://example.invalid/sastls#install";
const DOCUMENTS = ["python", "c", "cpp", "java", "javascript", "typescript", "typescriptreact", "go"].map(
  (language) => ({ scheme: "file", language }),
);

let client: LanguageClient | undefined;
let output: vscode.LogOutputChannel;
let status: StatusItem;
let restarts = 0;
const fixDocs = new FixDocuments();
let lastStart = 0;
let hasApiKey = false;
let findings: FindingsView | undefined;
let names: string[] = [];

interface FindingData {
  fingerprint: string;
  verdict?: string | null;
}

/** Restart with back-off: 1 s, 2 s, 4 s ... 60 s; a server that stayed up 3 minutes resets the count. */
class BackoffErrorHandler {
  constructor(private readonly context: vscode.ExtensionContext) {}

  error(): ErrorHandlerResult {
    return { action: ErrorAction.Continue };
  }

  closed(): CloseHandlerResult {
    status.setState("stopped");
    if (Date.now() - lastStart > 180_000) restarts = 0;
    const delay = Math.min(60_000, 1000 * 2 ** restarts);
    restarts += 1;
    output.appendLine(`sastls server stopped; restarting in ${delay / 1000} s (attempt ${restarts})`);
    setTimeout(() => void start(this.context), delay);
    return { action: CloseAction.DoNotRestart, handled: true };
  }
}

async function start(context: vscode.ExtensionContext): Promise<void> {
  const cfg = vscode.workspace.getConfiguration("sastls");
  const folders = (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath);
  const found = findServer(
    { serverPath: cfg.get<string>("server.path", ""), pythonPath: cfg.get<string>("server.pythonPath", "") },
    folders,
    process.env.PATH,
  );
  if (!found) {
    status.setState("missing");
    const choice = await vscode.window.showErrorMessage(
      "sastls: the language server was not found. Install sastls in the workspace .venv, put `sastls` on PATH, " +
        "or set sastls.server.path.",
      "How to install",
      "Open settings",
    );
    if (choice === "How to install") void vscode.env.openExternal(vscode.Uri.parse(INSTALL_URL));
    if (choice === "Open settings") void vscode.commands.executeCommand("workbench.action.openSettings", "sastls.server");
    return;
  }
  output.appendLine(`starting ${found.command} ${found.args.join(" ")} (from ${found.origin})`);
  const env: NodeJS.ProcessEnv = { ...process.env };
  const key = await context.secrets.get(SECRET_KEY);
  hasApiKey = !!key;
  if (key) env[API_KEY_ENV] = key;
  const server: ServerOptions = { command: found.command, args: found.args, options: { env } };
  const options: LanguageClientOptions = {
    documentSelector: DOCUMENTS,
    outputChannel: output,
    initializationOptions: serverSettings(names, hasApiKey),
    errorHandler: new BackoffErrorHandler(context),
    middleware: {
      window: {
        // Investigation reports open in a tab titled after the finding (reportView.ts).
        showDocument: async (params, token, next) => {
          const uri = vscode.Uri.parse(params.uri);
          if (isReport(uri) && (await showReport(uri, params.takeFocus ?? false))) return { success: true };
          return next(params, token);
        },
      },
      // sastls.fix (code action or palette) answers with a verified fix: show it, apply on consent.
      executeCommand: async (command, args, next) => {
        // The light bulb's human verdicts come without a reason: ask for it (judge.ts).
        const judged = command === "sastls.judge" ? needsReason(args) : undefined;
        if (judged) {
          const reason = await askReason(judged.verdict);
          if (reason === undefined) return undefined;
          args = [{ ...judged, reason }];
        }
        const result = await next(command, args);
        if (command === "sastls.fix" && client) await presentFix(client, fixDocs, result as FixResult | undefined);
        return result;
      },
      workspace: {
        // The server asks for its section: answer with the settings the user changed (see settings.ts).
        configuration: (params, token, next) =>
          params.items.some((i) => i.section === "sastls")
            ? params.items.map(() => serverSettings(names, hasApiKey))
            : next(params, token),
      },
    },
  };
  const c = new LanguageClient("sastls", "sastls", server, options);
  c.onDidChangeState((e) => {
    if (e.newState === State.Running) status.setState("running");
  });
  client = c;
  lastStart = Date.now();
  await c.start();
  c.onNotification("sastls/status", (s: ServerStatus) => {
    status.update(s);
    findings?.refreshSoon();
  });
  findings?.refreshSoon(0);
}

async function stop(): Promise<void> {
  const c = client;
  client = undefined;
  if (c) await c.stop().catch(() => undefined);
}

/** The sastls findings under the cursor (their Diagnostic.data carries the fingerprint). */
function findingsAtCursor(): { uri: string; data: FindingData; message: string }[] {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return [];
  const position = editor.selection.active;
  return vscode.languages
    .getDiagnostics(editor.document.uri)
    .filter((d) => d.range.contains(position) || d.range.start.line === position.line)
    .map((d) => ({ d, data: (d as unknown as { data?: FindingData }).data }))
    .filter((x): x is { d: vscode.Diagnostic; data: FindingData } => !!x.data && typeof x.data.fingerprint === "string")
    .map((x) => ({ uri: editor.document.uri.toString(), data: x.data, message: x.d.message }));
}

async function pickFinding(): Promise<{ uri: string; fingerprint: string } | undefined> {
  const found = findingsAtCursor();
  if (found.length === 0) {
    void vscode.window.showInformationMessage("sastls: no finding on this line.");
    return undefined;
  }
  if (found.length === 1) return { uri: found[0].uri, fingerprint: found[0].data.fingerprint };
  const pick = await vscode.window.showQuickPick(
    found.map((f) => ({ label: f.message, f })),
    { placeHolder: "Which finding?" },
  );
  return pick ? { uri: pick.f.uri, fingerprint: pick.f.data.fingerprint } : undefined;
}

async function run(command: string, arg: object): Promise<unknown> {
  if (!client || !client.isRunning()) {
    void vscode.window.showWarningMessage("sastls: the server is not running.");
    return undefined;
  }
  return status.track(vscode.commands.executeCommand(command, arg));
}

/** Changed settings reach the running server at once (it re-reads its configuration, no restart). */
async function sendSettings(): Promise<void> {
  if (!client || !client.isRunning()) return;
  await client.sendNotification(DidChangeConfigurationNotification.type, {
    settings: { sastls: serverSettings(names, hasApiKey) },
  });
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  names = settingNames(context.extension.packageJSON);
  output = vscode.window.createOutputChannel("sastls", { log: true });
  status = new StatusItem();
  context.subscriptions.push(output, status);
  findings = registerFindingsView(context, () => !!client && client.isRunning(), run);
  fixDocs.register(context);
  const reg = (id: string, fn: () => Promise<unknown>) =>
    context.subscriptions.push(vscode.commands.registerCommand(id, fn));

  reg("sastls.client.investigateFinding", async () => {
    const f = await pickFinding();
    if (f) await run("sastls.investigate", f);
  });
  reg("sastls.client.investigateFile", async () => {
    const editor = vscode.window.activeTextEditor;
    if (editor) await run("sastls.investigateFile", { uri: editor.document.uri.toString() });
  });
  reg("sastls.client.triageWorkspace", () => run("sastls.investigateWorkspace", {}));
  reg("sastls.client.fixFinding", async () => {
    const f = await pickFinding();
    if (f) await run("sastls.fix", f); // presented by the executeCommand middleware
  });
  for (const [id, verdict] of [
    ["sastls.client.markFalsePositive", "FALSE_POSITIVE"],
    ["sastls.client.confirmReal", "TRUE_POSITIVE"],
  ] as const) {
    reg(id, async () => {
      const f = await pickFinding();
      if (!f) return;
      const reason = await askReason(verdict);
      if (reason === undefined) return;
      await run("sastls.judge", { ...f, verdict, reason });
    });
  }
  reg("sastls.client.showReport", async () => {
    const f = await pickFinding();
    if (f) await run("sastls.showReport", f);
  });
  reg("sastls.client.setApiKey", async () => {
    const key = await vscode.window.showInputBox({ prompt: "API key for the model (kept in VS Code's secret storage)", password: true });
    if (key === undefined) return;
    if (key) await context.secrets.store(SECRET_KEY, key);
    else await context.secrets.delete(SECRET_KEY);
    await stop();
    await start(context);
  });
  reg("sastls.client.restartServer", async () => {
    restarts = 0;
    await stop();
    await start(context);
  });
  reg("sastls.client.showOutput", async () => output.show(true));

  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (e.affectsConfiguration("sastls.server")) {
        await stop();
        await start(context);
      } else if (e.affectsConfiguration("sastls")) {
        await sendSettings();
      }
    }),
  );
  await start(context);
}

export async function deactivate(): Promise<void> {
  await stop();
}
