// Pass 1 driver: bytes of one file → its summary, with every failure contained in the summary.
import type { Tree } from 'web-tree-sitter';
import { FileSummary, ENGINE_VERSION, nameTable } from './model';
import { parseText, PythonParser } from './parser';
import { decodeSource } from './source';
import { MirrorState, mirrorTree } from './syntax';
import type { SummaryMemo } from './segments';
import { recover, softKeywordsAsNames } from './recovery';
import { summarize } from './summarize';

export interface SummarizeOptions {
  /** Files over this many bytes get their skeleton only. */
  maxFileSize?: number;
  /** Size on disk, when known (the text's length in UTF-16 units is used otherwise). */
  sizeBytes?: number;
  /** The document's last mirror, for a tree reparsed after an edit (the server's open documents):
   *  read, and replaced by this one. */
  mirror?: MirrorState;
  /** The document's last summary by statement, kept with the mirror: read, and replaced. */
  memo?: SummaryMemo;
}

export const DEFAULT_MAX_FILE_SIZE = 2_000_000;

export function emptySummary(path: string, module: string, isPackage: boolean, warnings: string[], errors: FileSummary['errors'] = []): FileSummary {
  return { engine: ENGINE_VERSION, path, module, isPackage, lines: 0, errors, warnings, imports: [], classes: [], functions: [], globals: nameTable(), symbols: [] };
}

export function summarizeText(parser: PythonParser, source: string, path: string, module: string, isPackage: boolean, warnings: string[] = [], opts: SummarizeOptions = {}): FileSummary {
  // Python and editors end a line at a lone CR; the grammar does not. Same length, same offsets.
  let text = source.includes('\r') ? source.replace(/\r(?!\n)/g, '\n') : source;
  if ((opts.sizeBytes ?? text.length) > (opts.maxFileSize ?? DEFAULT_MAX_FILE_SIZE)) {
    // Skeleton only: a megabyte-long line (generated data) would cost the parse its budget and
    // hold no def or class. Blanked to a comment of the same length, so positions stay.
    const blanked = text.replace(/^[^\n]{10000,}$/gm, l => '#'.padEnd(l.length));
    if (blanked !== text) { warnings = [...warnings, 'lines longer than 10000 characters were not parsed']; text = blanked; }
  }
  const tree = parseText(parser, text);
  if (!tree) {
    parser.parser.reset();
    return emptySummary(path, module, isPackage, [...warnings, 'parse timed out: file skipped'], [{ line: 1, column: 1, message: 'parse timed out' }]);
  }
  try {
    return summarizeTree(parser, tree, text, path, module, isPackage, warnings, opts);
  } finally {
    tree.delete();
  }
}

/** Summary of an already parsed tree (the server keeps trees of open documents for incremental reparse). */
export function summarizeTree(parser: PythonParser, tree: Tree, text: string, path: string, module: string, isPackage: boolean, warnings: string[] = [], opts: SummarizeOptions = {}): FileSummary {
  let renamed: Tree | undefined;
  try {
    // A broken tree is mirrored whole, for its errors; what is analyzed is the recovered tree,
    // which (having no errors) can take over the statements the document's last mirror and
    // summary had: typing in a broken line costs what typing in a good one does.
    const broken = tree.rootNode.hasError;
    // `match[k] = v` parsed with `match` spelled as another name: what stays broken is the user's
    const named = broken ? softKeywordsAsNames(text) : undefined;
    renamed = named === undefined ? undefined : parseText(parser, named) ?? undefined;
    const parsed = renamed ?? tree;
    const root = mirrorTree(parsed, parser.language, broken ? undefined : opts.mirror, text);
    const rec = recover(parser, renamed ? named! : text, parsed, renamed ? text : undefined);
    const stillBroken = rec !== undefined || parsed.rootNode.hasError;
    const max = opts.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
    const tooBig = (opts.sizeBytes ?? text.length) > max;
    // (a skeleton-only summary is cut down below: nothing of it is kept)
    const memo = (broken && !rec) || tooBig ? undefined : opts.memo;
    if (opts.memo && !memo) opts.memo.segments = undefined;
    if (broken && !rec && opts.mirror) opts.mirror.root = opts.mirror.text = undefined;
    let s: FileSummary;
    if (rec) {
      try {
        s = summarize({ root: mirrorTree(rec.tree, parser.language, opts.mirror, rec.text), text: rec.text, path, module, isPackage, warnings, errorsFrom: root, errorsText: text, memo });
      } finally { rec.tree.delete(); }
      // Errors after the broken block are the parser's cascade from it, not the user's.
      const inSkipped = (l: number) => rec.skipped.some(r => l >= r.from && l <= r.to);
      s.errors = s.errors.filter((e, i) => i === 0 || inSkipped(e.line));
      s.warnings.push(`syntax errors: analysis skipped ${rec.skipped.map(r => (r.from === r.to ? `line ${r.from}` : `lines ${r.from}-${r.to}`)).join(', ')}`);
    } else s = summarize({ root, text, path, module, isPackage, warnings, hasErrors: stillBroken, memo });
    if (tooBig) {
      // Too big to analyze in full: keep the skeleton, say so.
      for (const f of s.functions) { f.calls = []; f.accesses = []; f.starts = []; }
      s.warnings.push(`file is larger than ${max} bytes: skeleton only`);
    }
    return s;
  } catch (e) {
    // Contained: this file's results are lost, never the run's; the error says where.
    if (opts.memo) opts.memo.segments = undefined;
    const msg = `analysis failed: ${(e as Error).message}`;
    return emptySummary(path, module, isPackage, [...warnings, msg], [{ line: 1, column: 1, message: msg }]);
  } finally { renamed?.delete(); }
}

export function summarizeBytes(parser: PythonParser, bytes: Uint8Array, path: string, module: string, isPackage: boolean, opts: SummarizeOptions = {}): FileSummary {
  const src = decodeSource(bytes);
  if (src.binary) return emptySummary(path, module, isPackage, src.warnings);
  return summarizeText(parser, src.text, path, module, isPackage, src.warnings, { ...opts, sizeBytes: bytes.length });
}
