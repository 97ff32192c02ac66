// The sastls findings view: every finding of the workspace by verdict, then file, with counts; a click
// opens the code, the context menu has the light bulb's actions, and a filter narrows the tree.
// The data comes from the server's `sastls.findings` command, refreshed when verdicts or findings change.
import * as vscode from "vscode";
import { askReason } from "./judge";

export interface FindingItem {
  uri: string;
  path: string;
  line: number;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  fingerprint: string;
  key: string;
  rule_id: string;
  rules: string[];
  tools: string[];
  level: string;
  message: string;
  verdict: string;
  confidence: number | null;
  reason: string;
  human: boolean;
  running: boolean;
}

interface Payload {
  findings: FindingItem[];
  counts: Record<string, number>;
}

const ORDER = ["TRUE_POSITIVE", "NEEDS_REVIEW", "UNDECIDED", "FALSE_POSITIVE"];
const NAMES: Record<string, string> = {
  TRUE_POSITIVE: "True positive",
  NEEDS_REVIEW: "Needs review",
  UNDECIDED: "Not judged yet",
  FALSE_POSITIVE: "False positive",
};
const ICONS: Record<string, vscode.ThemeIcon> = {
  TRUE_POSITIVE: new vscode.ThemeIcon("error", new vscode.ThemeColor("errorForeground")),
  NEEDS_REVIEW: new vscode.ThemeIcon("question", new vscode.ThemeColor("editorWarning.foreground")),
  UNDECIDED: new vscode.ThemeIcon("circle-outline"),
  FALSE_POSITIVE: new vscode.ThemeIcon("pass", new vscode.ThemeColor("testing.iconPassed")),
};

type Node =
  | { kind: "verdict"; verdict: string; items: FindingItem[] }
  | { kind: "file"; verdict: string; path: string; items: FindingItem[] }
  | { kind: "finding"; item: FindingItem };

/** Does a finding match the filter text (every word in its rule, tools, path, message or verdict)? */
export function matches(item: FindingItem, filter: string): boolean {
  const hay = [item.path, item.message, item.verdict, NAMES[item.verdict] ?? "", ...item.rules, item.reason]
    .join(" ")
    .toLowerCase();
  return filter
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w)
    .every((w) => hay.includes(w));
}

/** The tree's top level: verdicts in a fixed order, each with its findings grouped by file. */
export function group(items: FindingItem[]): Node[] {
  const out: Node[] = [];
  for (const verdict of ORDER) {
    const mine = items.filter((i) => i.verdict === verdict);
    if (mine.length) out.push({ kind: "verdict", verdict, items: mine });
  }
  return out;
}

function files(node: { verdict: string; items: FindingItem[] }): Node[] {
  const byPath = new Map<string, FindingItem[]>();
  for (const i of node.items) byPath.set(i.path, [...(byPath.get(i.path) ?? []), i]);
  return [...byPath.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([path, items]) => ({ kind: "file" as const, verdict: node.verdict, path, items }));
}

export class FindingsView implements vscode.TreeDataProvider<Node>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<Node | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private items: FindingItem[] = [];
  private filter = "";
  private timer: NodeJS.Timeout | undefined;
  private readonly view: vscode.TreeView<Node>;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly running: () => boolean) {
    this.view = vscode.window.createTreeView("sastls.findings", { treeDataProvider: this, showCollapseAll: true });
    this.disposables.push(
      this.view,
      this.changed,
      vscode.languages.onDidChangeDiagnostics(() => this.refreshSoon()),
      this.view.onDidChangeVisibility((e) => e.visible && this.refreshSoon(0)),
    );
  }

  /** Ask the server again (coalesced: bursts of changes make one request). */
  refreshSoon(delay = 400): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.refresh(), delay);
  }

  async refresh(): Promise<void> {
    if (!this.running()) return;
    try {
      const got = (await vscode.commands.executeCommand("sastls.findings", {})) as Payload | undefined;
      if (got && Array.isArray(got.findings)) this.items = got.findings;
    } catch {
      return; // the server is (re)starting: the next change refreshes
    }
    this.render();
  }

  async askFilter(): Promise<void> {
    const text = await vscode.window.showInputBox({
      prompt: "Show the findings whose rule, tool, path, message or verdict contain every word",
      value: this.filter,
      placeHolder: "e.g. B602 app/ or sql",
      ignoreFocusOut: true,
    });
    if (text === undefined) return;
    this.setFilter(text.trim());
  }

  setFilter(text: string): void {
    this.filter = text;
    void vscode.commands.executeCommand("setContext", "sastls.findingsFiltered", !!text);
    this.render();
  }

  private shown(): FindingItem[] {
    return this.filter ? this.items.filter((i) => matches(i, this.filter)) : this.items;
  }

  private render(): void {
    const shown = this.shown();
    const count = (v: string) => shown.filter((i) => i.verdict === v).length;
    this.view.description = `${shown.length} findings · ${count("TRUE_POSITIVE")} true · ${count("NEEDS_REVIEW")} review · ${count("FALSE_POSITIVE")} false`;
    this.view.message = this.filter
      ? `Filter: “${this.filter}” — ${shown.length} of ${this.items.length} findings`
      : this.items.length
        ? undefined
        : "No findings loaded (findings files match sastls.findingGlobs; scanners run on open and save).";
    const tp = count("TRUE_POSITIVE");
    this.view.badge = tp ? { value: tp, tooltip: `${tp} true positives` } : undefined;
    this.changed.fire(undefined);
  }

  getChildren(node?: Node): Node[] {
    if (!node) return group(this.shown());
    if (node.kind === "verdict") return files(node);
    if (node.kind === "file") {
      return [...node.items].sort((a, b) => a.line - b.line).map((item) => ({ kind: "finding" as const, item }));
    }
    return [];
  }

  getTreeItem(node: Node): vscode.TreeItem {
    if (node.kind === "verdict") {
      const t = new vscode.TreeItem(
        `${NAMES[node.verdict] ?? node.verdict} (${node.items.length})`,
        node.verdict === "FALSE_POSITIVE"
          ? vscode.TreeItemCollapsibleState.Collapsed
          : vscode.TreeItemCollapsibleState.Expanded,
      );
      t.iconPath = ICONS[node.verdict];
      t.id = `v:${node.verdict}`;
      t.contextValue = "sastls.verdict";
      return t;
    }
    if (node.kind === "file") {
      const t = new vscode.TreeItem(node.path, vscode.TreeItemCollapsibleState.Expanded);
      t.description = `${node.items.length}`;
      t.resourceUri = vscode.Uri.parse(node.items[0].uri);
      t.iconPath = vscode.ThemeIcon.File;
      t.id = `f:${node.verdict}:${node.path}`;
      return t;
    }
    const i = node.item;
    const t = new vscode.TreeItem(`${i.rule_id}  ${i.message}`, vscode.TreeItemCollapsibleState.None);
    t.id = `i:${i.key}`;
    t.description = `line ${i.line} · ${i.tools.join(", ")}`;
    t.iconPath = i.running ? new vscode.ThemeIcon("sync~spin") : ICONS[i.verdict];
    const verdict = i.confidence !== null ? `${NAMES[i.verdict]} (${Math.round(i.confidence * 100)}%)` : NAMES[i.verdict];
    t.tooltip = new vscode.MarkdownString(
      `**${verdict}**${i.human ? " — confirmed by a person" : ""}\n\n${i.rules.join(", ")} at ${i.path}:${i.line}\n\n` +
        `${i.message}${i.reason ? `\n\n_${i.reason}_` : ""}`,
    );
    t.contextValue = i.verdict === "UNDECIDED" ? "sastls.finding" : "sastls.finding.judged";
    const range = new vscode.Range(i.range.start.line, i.range.start.character, i.range.end.line, i.range.end.character);
    t.command = { command: "vscode.open", title: "Open", arguments: [vscode.Uri.parse(i.uri), { selection: range }] };
    return t;
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    for (const d of this.disposables) d.dispose();
  }
}

type Finding = { kind: "finding"; item: FindingItem };

/** The view, its title-bar and context-menu commands. `run` sends a server command (with the status spinner). */
export function registerFindingsView(
  context: vscode.ExtensionContext,
  running: () => boolean,
  run: (command: string, arg: object) => Promise<unknown>,
): FindingsView {
  const view = new FindingsView(running);
  const ref = (n: Finding) => ({ uri: n.item.uri, fingerprint: n.item.fingerprint });
  const reg = (id: string, fn: (n: Finding) => Promise<unknown>) =>
    context.subscriptions.push(vscode.commands.registerCommand(id, (n?: Finding) => (n?.item ? fn(n) : undefined)));
  context.subscriptions.push(
    view,
    vscode.commands.registerCommand("sastls.client.findings.refresh", () => view.refresh()),
    vscode.commands.registerCommand("sastls.client.findings.filter", () => view.askFilter()),
    vscode.commands.registerCommand("sastls.client.findings.clearFilter", () => view.setFilter("")),
  );
  reg("sastls.client.findings.investigate", (n) => run("sastls.investigate", ref(n)));
  reg("sastls.client.findings.showReport", (n) => run("sastls.showReport", ref(n)));
  for (const [id, verdict] of [
    ["sastls.client.findings.markFalsePositive", "FALSE_POSITIVE"],
    ["sastls.client.findings.confirmReal", "TRUE_POSITIVE"],
  ] as const) {
    reg(id, async (n) => {
      const reason = await askReason(verdict);
      if (reason !== undefined) await run("sastls.judge", { ...ref(n), verdict, reason });
    });
  }
  // The light bulb's actions for this finding, as the editor would offer them (fixes and suppressions too).
  reg("sastls.client.findings.actions", async (n) => {
    const uri = vscode.Uri.parse(n.item.uri);
    const r = n.item.range;
    const range = new vscode.Range(r.start.line, r.start.character, r.end.line, r.end.character);
    await vscode.window.showTextDocument(uri, { selection: range, preview: true });
    const actions =
      (await vscode.commands.executeCommand<(vscode.CodeAction | vscode.Command)[]>(
        "vscode.executeCodeActionProvider",
        uri,
        range,
      )) ?? [];
    const ours = actions.filter((a) => a.title.startsWith("sastls:"));
    const pick = await vscode.window.showQuickPick(
      ours.map((a) => ({ label: a.title.replace(/^sastls: /, ""), a })),
      { placeHolder: `${n.item.rule_id} at ${n.item.path}:${n.item.line}` },
    );
    if (!pick) return;
    const a = pick.a;
    if (a instanceof vscode.CodeAction || "edit" in a || "kind" in a) {
      const action = a as vscode.CodeAction;
      if (action.edit) await vscode.workspace.applyEdit(action.edit);
      if (action.command) await vscode.commands.executeCommand(action.command.command, ...(action.command.arguments ?? []));
    } else {
      const c = a as vscode.Command;
      await vscode.commands.executeCommand(c.command, ...(c.arguments ?? []));
    }
  });
  return view;
}
