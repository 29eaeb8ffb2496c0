// Protocol (LSP-shaped JSON) ↔ vscode API values.
import * as vscode from 'vscode';
import type { PLocation } from '../protocol/requests';

type PRange = PLocation['range'];

export function toRange(r: PRange): vscode.Range {
  return new vscode.Range(r.start.line, r.start.character, r.end.line, r.end.character);
}

export function toUri(uri: string): vscode.Uri {
  return vscode.Uri.parse(uri);
}

export function toLocation(l: PLocation): vscode.Location {
  return new vscode.Location(toUri(l.uri), toRange(l.range));
}

export function contains(r: PRange, p: vscode.Position): boolean {
  const after = p.line > r.start.line || (p.line === r.start.line && p.character >= r.start.character);
  const before = p.line < r.end.line || (p.line === r.end.line && p.character <= r.end.character);
  return after && before;
}

/** `pkg/backend.py:42` relative to the workspace. */
export function shortLocation(l: PLocation): string {
  return `${vscode.workspace.asRelativePath(toUri(l.uri), false)}:${l.range.start.line + 1}`;
}

/** A command that opens a file with the given range selected. */
export function revealCommand(l: PLocation, title = 'Go to'): vscode.Command {
  return {
    title,
    command: 'vscode.open',
    arguments: [toUri(l.uri), { selection: toRange(l.range), preserveFocus: false } satisfies vscode.TextDocumentShowOptions],
  };
}

export function isPython(doc: vscode.TextDocument | undefined): boolean {
  return !!doc && doc.languageId === 'python' && (doc.uri.scheme === 'file' || doc.uri.scheme === 'untitled');
}

export function escapeMd(s: string): string {
  return s.replace(/[\\`*_{}[\]()#+\-.!|<>]/g, '\\$&');
}

/** `1 write`, `3 writes`, `2 accesses`. */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : /(s|sh|ch|x)$/.test(word) ? 'es' : 's'}`;
}
