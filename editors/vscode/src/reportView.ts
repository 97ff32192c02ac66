// Investigation reports in a tab named after the finding ("sastls: B602 at app/shell.py:11"), not after
// the report's file. The server writes each report under .sastls/reports/ and asks the editor to show it
// (window/showDocument); this renders it as Markdown in one reusable tab per finding.
import * as vscode from "vscode";

const panels = new Map<string, vscode.WebviewPanel>();

export function isReport(uri: vscode.Uri): boolean {
  return uri.scheme === "file" && /\/\.sastls\/reports\/[^/]+\.md$/.test(uri.path);
}

/** The report's title: its first heading, else its file name. */
export function reportTitle(markdown: string, fallback: string): string {
  const m = /^#\s+(.+)$/m.exec(markdown);
  return m ? m[1].trim() : fallback;
}

function html(body: string, nonce: string): string {
  return `<!DOCTYPE html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}';">
<style>body{font-family:var(--vscode-font-family);font-size:var(--vscode-font-size);color:var(--vscode-foreground);padding:0 16px;line-height:1.5}
code,pre{font-family:var(--vscode-editor-font-family)}pre{background:var(--vscode-textCodeBlock-background);padding:8px;overflow:auto}
a{color:var(--vscode-textLink-foreground)}</style></head><body>${body}
<script nonce="${nonce}">const vscode=acquireVsCodeApi();document.addEventListener('click',e=>{const a=e.target.closest('a');
if(a&&a.getAttribute('href')){e.preventDefault();vscode.postMessage({open:a.getAttribute('href')});}});</script></body></html>`;
}

async function openLink(href: string): Promise<void> {
  const parsed = vscode.Uri.parse(href);
  const uri = parsed.scheme === "sastls-file" ? parsed.with({ scheme: "file" }) : parsed;
  const m = /^L(\d+)/.exec(uri.fragment);
  if (uri.scheme === "file") {
    const line = m ? Math.max(0, Number(m[1]) - 1) : 0;
    await vscode.window.showTextDocument(uri.with({ fragment: "" }), {
      selection: new vscode.Range(line, 0, line, 0),
      viewColumn: vscode.ViewColumn.One,
    });
  } else if (uri.scheme === "https" || uri.scheme === "http") {
    await vscode.env.openExternal(uri);
  }
}

/** Show a report file in its titled tab; true when shown. */
export async function showReport(uri: vscode.Uri, takeFocus: boolean): Promise<boolean> {
  let text: string;
  try {
    text = Buffer.from(await vscode.workspace.fs.readFile(uri)).toString("utf8");
  } catch {
    return false;
  }
  const title = reportTitle(text, uri.path.split("/").pop() ?? "sastls report");
  // markdown-it drops file: links; they open the code at the cited line here (openLink)
  const linked = text.replace(/\]\(file:\/\//g, "](sastls-file://");
  const rendered = (await vscode.commands.executeCommand<string>("markdown.api.render", linked)) ?? "";
  const nonce = Math.random().toString(36).slice(2) + Date.now().toString(36);
  let panel = panels.get(title);
  if (!panel) {
    panel = vscode.window.createWebviewPanel(
      "sastls.report",
      title,
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: !takeFocus },
      { enableScripts: true, enableFindWidget: true },
    );
    panels.set(title, panel);
    const p = panel;
    p.onDidDispose(() => panels.delete(title));
    p.webview.onDidReceiveMessage((msg: { open?: string }) => (msg.open ? openLink(msg.open) : undefined));
  } else {
    panel.reveal(vscode.ViewColumn.Beside, !takeFocus);
  }
  panel.title = title;
  panel.webview.html = html(rendered, nonce);
  return true;
}
