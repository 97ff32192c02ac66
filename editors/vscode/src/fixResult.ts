// What the server's sastls.fix answers, and the pure parts of presenting it (no vscode import: unit-tested).

export interface LspPosition {
  line: number;
  character: number;
}

export interface LspTextEdit {
  range: { start: LspPosition; end: LspPosition };
  newText: string;
}

export interface LspWorkspaceEdit {
  changes?: Record<string, LspTextEdit[]>;
  documentChanges?: { textDocument: { uri: string; version?: number | null }; edits: LspTextEdit[] }[];
}

export interface FixResult {
  status: "done" | "cancelled" | "running" | "error";
  verified?: boolean;
  level?: "tested" | "scanner-clean" | "";
  migration?: string;
  description?: string;
  stop_reason?: string;
  diff?: string;
  title?: string;
  path?: string;
  message?: string;
  edit?: LspWorkspaceEdit | null;
}

/** The text edits of one document in a WorkspaceEdit (documentChanges first, as the server sends them). */
export function editsFor(edit: LspWorkspaceEdit, uri: string): LspTextEdit[] {
  const doc = (edit.documentChanges ?? []).find((d) => d.textDocument.uri === uri);
  if (doc) return doc.edits;
  return edit.changes?.[uri] ?? [];
}

/** ``text`` with ``edits`` applied; ``offsetAt`` maps an LSP position (UTF-16) to a string offset. */
export function applyEdits(text: string, edits: LspTextEdit[], offsetAt: (p: LspPosition) => number): string {
  const spans = edits
    .map((e) => ({ a: offsetAt(e.range.start), b: offsetAt(e.range.end), t: e.newText }))
    .sort((x, y) => y.a - x.a);
  let out = text;
  for (const s of spans) out = out.slice(0, s.a) + s.t + out.slice(s.b);
  return out;
}

/** Offsets of LSP positions in a string (lines split at \n, \r\n and \r; characters are UTF-16 units). */
export function offsetIn(text: string): (p: LspPosition) => number {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\r" && text[i + 1] === "\n") continue;
    if (c === "\n" || c === "\r") starts.push(i + 1);
  }
  return (p) => {
    const line = Math.min(Math.max(p.line, 0), starts.length - 1);
    const end = line + 1 < starts.length ? starts[line + 1] : text.length;
    return Math.min(starts[line] + p.character, end);
  };
}

/** One line for the notification: what the fix does, how it was verified, what it needs. */
export function headline(r: FixResult): string {
  const what = r.title ? ` for ${r.title}` : "";
  if (!r.verified || !r.edit) return `sastls: no verified fix${what}: ${r.stop_reason ?? r.message ?? "unknown reason"}`;
  const level = r.level === "tested" ? "verified, tested" : "verified, scanner-clean (no test ran)";
  const migration = r.migration ? ` NEEDS A MIGRATION: ${r.migration}` : "";
  return `sastls: fix${what} (${level}): ${r.description ?? ""}.${migration}`;
}
