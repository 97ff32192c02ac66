// The status bar item: findings by verdict, and a spinner while investigations run.
import * as vscode from "vscode";

export interface ServerStatus {
  findings: number;
  by_verdict: Record<string, number>;
  running: number;
}

export class StatusItem implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private status: ServerStatus = { findings: 0, by_verdict: {}, running: 0 };
  private pending = 0;
  private state: "starting" | "running" | "stopped" | "missing" = "starting";

  constructor() {
    this.item = vscode.window.createStatusBarItem("sastls.status", vscode.StatusBarAlignment.Left, 10);
    this.item.name = "sastls";
    this.item.command = "sastls.client.showOutput";
    this.render();
    this.item.show();
  }

  setState(state: "starting" | "running" | "stopped" | "missing"): void {
    this.state = state;
    this.render();
  }

  update(status: ServerStatus): void {
    this.status = status;
    this.render();
  }

  /** Count a request the client is waiting on (keeps the spinner up even before the server reports). */
  async track<T>(work: Thenable<T>): Promise<T> {
    this.pending += 1;
    this.render();
    try {
      return await work;
    } finally {
      this.pending -= 1;
      this.render();
    }
  }

  private render(): void {
    const v = this.status.by_verdict;
    const running = Math.max(this.status.running, this.pending);
    if (this.state === "missing") {
      this.item.text = "$(error) sastls: server not found";
    } else if (this.state === "stopped") {
      this.item.text = "$(debug-disconnect) sastls: stopped";
    } else if (this.state === "starting") {
      this.item.text = "$(loading~spin) sastls";
    } else {
      const spin = running > 0 ? `$(sync~spin) ${running} ` : "";
      this.item.text =
        `${spin}$(shield) ${this.status.findings}` +
        `  $(error) ${v.TRUE_POSITIVE ?? 0}  $(question) ${v.NEEDS_REVIEW ?? 0}  $(pass) ${v.FALSE_POSITIVE ?? 0}`;
    }
    this.item.tooltip =
      `sastls — ${this.status.findings} findings\n` +
      `true positive: ${v.TRUE_POSITIVE ?? 0}\nneeds review: ${v.NEEDS_REVIEW ?? 0}\n` +
      `false positive: ${v.FALSE_POSITIVE ?? 0}\nnot yet investigated: ${v.UNDECIDED ?? 0}\n` +
      `investigations running: ${running}\n(click for the server log)`;
  }

  dispose(): void {
    this.item.dispose();
  }
}
