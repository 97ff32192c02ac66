// "Fix (verified)": the server verifies a fix; the user sees the diff and applies it, or not.
import * as vscode from "vscode";
import type { LanguageClient } from "vscode-languageclient/node";

import { FixResult, applyEdits, editsFor, headline } from "./fixResult";

const SCHEME = "sastls-fix";

/** Read-only documents for the diff view: the file as it would be with the fix, or an unverified diff. */
export class FixDocuments implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private serial = 0;

  register(context: vscode.ExtensionContext): void {
    context.subscriptions.push(vscode.workspace.registerTextDocumentContentProvider(SCHEME, this));
  }

  add(name: string, text: string): vscode.Uri {
    this.serial += 1;
    const uri = vscode.Uri.from({ scheme: SCHEME, path: `/${name}`, query: String(this.serial) });
    this.texts.set(uri.toString(), text);
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? "";
  }
}

function targetUri(result: FixResult): string | undefined {
  const edit = result.edit;
  return edit?.documentChanges?.[0]?.textDocument.uri ?? Object.keys(edit?.changes ?? {})[0];
}

/** Present the server's answer: a verified fix is applied only when the user picks Apply. */
export async function presentFix(
  client: LanguageClient,
  docs: FixDocuments,
  result: FixResult | undefined,
): Promise<void> {
  if (!result) {
    void vscode.window.showWarningMessage("sastls: the server sent no answer to the fix.");
    return;
  }
  if (result.status === "running") {
    void vscode.window.showInformationMessage("sastls: a fix for this finding is already running.");
    return;
  }
  if (result.status === "cancelled") return; // the user cancelled it (its progress notification says so)
  if (result.status === "error") {
    void vscode.window.showWarningMessage(`sastls: ${result.message ?? "the fix failed"}`);
    return;
  }
  const uriText = targetUri(result);
  if (!result.verified || !result.edit || !uriText) {
    const choice = await vscode.window.showWarningMessage(headline(result), ...(result.diff ? ["Show last attempt"] : []));
    if (choice) {
      const uri = docs.add(`${result.path ?? "fix"} (last attempt, NOT verified).diff`, result.diff ?? "");
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: true });
    }
    return;
  }
  const uri = vscode.Uri.parse(uriText);
  const doc = await vscode.workspace.openTextDocument(uri);
  let choice: string | undefined = await vscode.window.showInformationMessage(headline(result), "Apply", "Show diff");
  if (choice === "Show diff") {
    const after = applyEdits(doc.getText(), editsFor(result.edit, uriText), (p) =>
      doc.offsetAt(new vscode.Position(p.line, p.character)),
    );
    const right = docs.add(`${result.path ?? "file"} (with the fix)`, after);
    await vscode.commands.executeCommand("vscode.diff", uri, right, `sastls fix: ${result.path ?? ""} ↔ verified fix (${result.level})`);
    choice = await vscode.window.showInformationMessage(
      `${headline(result)} Apply it?`,
      "Apply",
      "Cancel",
    );
  }
  if (choice !== "Apply") return;
  const edit = await client.protocol2CodeConverter.asWorkspaceEdit(
    result.edit as Parameters<typeof client.protocol2CodeConverter.asWorkspaceEdit>[0],
  );
  if (!edit || !(await vscode.workspace.applyEdit(edit))) {
    void vscode.window.showErrorMessage("sastls: the fix could not be applied (the file changed?); run Fix again.");
    return;
  }
  await doc.save();
  void vscode.window.showInformationMessage(`sastls: fix applied to ${result.path ?? uri.fsPath}.`);
}
