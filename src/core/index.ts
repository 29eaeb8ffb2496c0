// Pass 1 driver: bytes of one file → its summary, with every failure contained in the summary.
import type { Tree } from 'web-tree-sitter';
import { FileSummary, ENGINE_VERSION } from './model';
import { parseText, PythonParser } from './parser';
import { decodeSource } from './source';
import { mirrorTree } from './syntax';
import { summarize } from './summarize';

export interface SummarizeOptions {
  /** Files over this many bytes get their skeleton only. */
  maxFileSize?: number;
}

export const DEFAULT_MAX_FILE_SIZE = 2_000_000;

export function emptySummary(path: string, module: string, isPackage: boolean, warnings: string[], errors: FileSummary['errors'] = []): FileSummary {
  return { engine: ENGINE_VERSION, path, module, isPackage, lines: 0, errors, warnings, imports: [], classes: [], functions: [], globals: {}, symbols: [] };
}

export function summarizeText(parser: PythonParser, text: string, path: string, module: string, isPackage: boolean, warnings: string[] = [], opts: SummarizeOptions = {}): FileSummary {
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
  try {
    const root = mirrorTree(tree, parser.language);
    const s = summarize({ root, text, path, module, isPackage, warnings });
    const max = opts.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
    if (text.length > max) {
      // Too big to analyze in full: keep the skeleton, say so.
      for (const f of s.functions) { f.calls = []; f.accesses = []; f.starts = []; }
      s.warnings.push(`file is larger than ${max} bytes: skeleton only`);
    }
    return s;
  } catch (e) {
    return emptySummary(path, module, isPackage, [...warnings, `analysis failed: ${(e as Error).message}`]);
  }
}

export function summarizeBytes(parser: PythonParser, bytes: Uint8Array, path: string, module: string, isPackage: boolean, opts: SummarizeOptions = {}): FileSummary {
  const src = decodeSource(bytes);
  if (src.binary) return emptySummary(path, module, isPackage, src.warnings);
  return summarizeText(parser, src.text, path, module, isPackage, src.warnings, opts);
}
