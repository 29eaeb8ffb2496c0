// Open documents: text kept in sync from incremental LSP changes, and a tree-sitter tree per
// document edited in place (`tree.edit` + reparse), so a keystroke reparses only what changed.
// Trees are kept for the most recently edited documents only (`maxTrees`): a document whose
// tree was dropped is parsed in full at its next change.
import type { Tree } from 'web-tree-sitter';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { parseText, PythonParser } from '../core/parser';
import type { SummaryMemo } from '../core/segments';
import type { MirrorState } from '../core/syntax';

export interface OpenDocument {
  uri: string;
  doc: TextDocument;
  tree: Tree | null;
  /** The mirror of the last summary, kept with the tree (the next edit re-mirrors only what it touched). */
  mirror?: MirrorState;
  /** The last summary by statement, kept with the mirror (the next summary walks only what the edit touched). */
  memo?: SummaryMemo;
}

export class OpenDocuments {
  private readonly docs = new Map<string, OpenDocument>();
  /** Documents with a tree, least recently used first. */
  private readonly recent = new Set<string>();

  constructor(private readonly parser: PythonParser, public maxTrees = 16) {}

  /** Trees kept now, for tests and the log. */
  get treeCount(): number { return this.recent.size; }

  private touch(d: OpenDocument): void {
    this.recent.delete(d.uri);
    if (d.tree) this.recent.add(d.uri);
    for (const uri of this.recent) {
      if (this.recent.size <= this.maxTrees) break;
      if (uri === d.uri) continue;
      const o = this.docs.get(uri);
      o?.tree?.delete();
      if (o) { o.tree = null; o.mirror = undefined; o.memo = undefined; }
      this.recent.delete(uri);
    }
  }

  get(uri: string): OpenDocument | undefined { return this.docs.get(uri); }
  all(): OpenDocument[] { return [...this.docs.values()]; }

  open(uri: string, languageId: string, version: number, text: string): OpenDocument {
    this.close(uri);
    const d: OpenDocument = { uri, doc: TextDocument.create(uri, languageId, version, text), tree: parseText(this.parser, text) };
    this.docs.set(uri, d);
    this.touch(d);
    return d;
  }

  change(uri: string, version: number, changes: TextDocumentContentChangeEvent[]): OpenDocument | undefined {
    const d = this.docs.get(uri);
    if (!d) return undefined;
    for (const ch of changes) {
      const old = d.doc;
      if (!('range' in ch) || !ch.range) {
        d.doc = TextDocument.update(old, [ch], version);
        d.tree?.delete();
        d.tree = null;
        continue;
      }
      const startIndex = old.offsetAt(ch.range.start);
      const oldEndIndex = old.offsetAt(ch.range.end);
      const newEndIndex = startIndex + ch.text.length;
      d.doc = TextDocument.update(old, [ch], version);
      if (d.tree) {
        const startPosition = { row: ch.range.start.line, column: ch.range.start.character };
        const oldEndPosition = { row: ch.range.end.line, column: ch.range.end.character };
        const np = d.doc.positionAt(newEndIndex);
        d.tree.edit({ startIndex, oldEndIndex, newEndIndex, startPosition, oldEndPosition, newEndPosition: { row: np.line, column: np.character } });
      }
    }
    const next = parseText(this.parser, d.doc.getText(), d.tree);
    d.tree?.delete();
    d.tree = next;
    this.touch(d);
    return d;
  }

  close(uri: string): void {
    const d = this.docs.get(uri);
    if (!d) return;
    d.tree?.delete();
    this.docs.delete(uri);
    this.recent.delete(uri);
  }
}
