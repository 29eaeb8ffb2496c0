// Syntax-error recovery. tree-sitter often folds everything after a broken statement into one
// ERROR node, which would lose the rest of the file. Instead, the broken block (from the first
// error to the next line indented no deeper than its enclosing def) is blanked out with spaces,
// keeping every offset, and the text is parsed again; the errors reported are the original ones.
import type { Tree } from 'web-tree-sitter';
import { parseText, PythonParser } from './parser';

export interface Recovery { text: string; tree: Tree; skipped: { from: number; to: number }[] }

const HEADER = /^[ \t]*(async[ \t]+def|def|class)\b/;
const MAX_ROUNDS = 12;
/** `def f(self):` — a header that is whole, unlike a half-typed `def f(self,`. */
const COMPLETE_HEADER = /:[ \t]*(#.*)?[\r\n]*$/;

function firstErrorRow(tree: Tree, lines: string[]): number | undefined {
  // The earliest error node, except an outer ERROR that merely begins at a def/class header
  // (it wraps the whole block; the trouble is inside it).
  let best: number | undefined;
  const c = tree.walk();
  try {
    for (;;) {
      const n = c.currentNode;
      if (n.hasError) {
        if (n.isError || n.isMissing) {
          const row = n.startPosition.row;
          const wraps = HEADER.test(lines[row] ?? '') && COMPLETE_HEADER.test(lines[row]) && n.children.some(ch => ch?.hasError);
          if (!wraps && (best === undefined || row < best)) best = row;
        }
        if (c.gotoFirstChild()) continue;
      }
      while (!c.gotoNextSibling()) if (!c.gotoParent()) return best;
    }
  } finally { c.delete(); }
}

const indentOf = (l: string) => /^[ \t]*/.exec(l)![0].replace(/\t/g, '        ').length;
const isBlank = (l: string) => /^[ \t]*(#.*)?[\r\n]*$/.test(l);

export function recover(parser: PythonParser, text: string, tree: Tree): Recovery | undefined {
  if (!tree.rootNode.hasError) return undefined;
  // Split keeping line ends, so blanking keeps offsets and line numbers.
  const lines = text.match(/[^\r\n]*(\r\n|\r|\n|$)/g)!.filter((l, i, a) => l !== '' || i < a.length - 1);
  const skipped: { from: number; to: number }[] = [];
  let current = tree;
  let lastRow = -1;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const row = firstErrorRow(current, lines);
    if (row === undefined || row >= lines.length) break;
    let start = row;
    if (row <= lastRow) start = lastRow + 1; // no progress where we were: widen
    if (start >= lines.length) break;
    // `def f(self,` swallows what follows, so its error shows lines later: start at that header.
    let p = start - 1;
    while (p > lastRow && isBlank(lines[p])) p--;
    if (p > lastRow && HEADER.test(lines[p]) && !COMPLETE_HEADER.test(lines[p])) start = p;
    let h = start;
    while (h >= 0 && !HEADER.test(lines[h])) h--;
    const indent = h >= 0 ? indentOf(lines[h]) : indentOf(lines[start]);
    let end = start + 1;
    while (end < lines.length && (isBlank(lines[end]) || indentOf(lines[end]) > indent)) end++;
    for (let i = start; i < end; i++) lines[i] = lines[i].replace(/[^\r\n]/g, ' ');
    // A def whose whole body was blanked needs a body to parse.
    if (h >= 0 && h < start && lines.slice(h + 1, start).every(isBlank)) {
      const body = ' '.repeat(indent + 4) + 'pass';
      const l = lines[start];
      const eol = /(\r\n|\r|\n)?$/.exec(l)![0];
      if (l.length - eol.length >= body.length) lines[start] = body + l.slice(body.length);
    }
    skipped.push({ from: start + 1, to: end });
    lastRow = end - 1;
    const next = parseText(parser, lines.join(''));
    if (current !== tree) current.delete();
    if (!next) return undefined;
    current = next;
    if (!current.rootNode.hasError) break;
  }
  if (current === tree) return undefined;
  // Blanking most of the file would lose more than the parser's own recovery does.
  const blanked = skipped.reduce((n, r) => n + r.to - r.from + 1, 0);
  if (blanked * 2 > lines.length) { current.delete(); return undefined; }
  return { text: lines.join(''), tree: current, skipped };
}
