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

function firstError(tree: Tree, lines: string[]): { row: number; endRow: number } | undefined {
  // The earliest error node, except an outer ERROR with errors inside it: it wraps the
  // trouble (tree-sitter may fold the whole module into one ERROR from line 1, or a block
  // from its def header), which is where those inner errors are.
  let best: { row: number; endRow: number } | undefined;
  const c = tree.walk();
  try {
    for (;;) {
      const n = c.currentNode;
      if (n.hasError) {
        if (n.isError || n.isMissing) {
          const row = n.startPosition.row;
          const wraps = n.children.some(ch => ch?.hasError);
          if (!wraps && (best === undefined || row < best.row)) best = { row, endRow: n.endPosition.row };
        }
        if (c.gotoFirstChild()) continue;
      }
      while (!c.gotoNextSibling()) if (!c.gotoParent()) return best;
    }
  } finally { c.delete(); }
}

/** The line where a bracket still open at the end of lines[from..to) was opened: a call left
 *  open (`foo(`) swallows the lines after it, so its error shows further down. Strings and
 *  comments are skipped, roughly as Python's tokenizer does. */
function unclosedFrom(lines: string[], from: number, to: number): number | undefined {
  const open: number[] = [];
  let quote = '', triple = false;
  for (let i = Math.max(0, from); i < to; i++) {
    const l = lines[i];
    for (let j = 0; j < l.length; j++) {
      const c = l[j];
      if (quote) {
        if (c === '\\') { j++; continue; }
        if (c === quote && (!triple || (l[j + 1] === quote && l[j + 2] === quote))) { if (triple) j += 2; quote = ''; }
        continue;
      }
      if (c === '#') break;
      if (c === '"' || c === "'") { quote = c; triple = l[j + 1] === c && l[j + 2] === c; if (triple) j += 2; }
      else if (c === '(' || c === '[' || c === '{') open.push(i);
      else if (c === ')' || c === ']' || c === '}') open.pop();
    }
    // a one-line string left open ends with its line
    if (quote && !triple) quote = '';
  }
  return open.length ? open[0] : undefined;
}

const indentOf = (l: string) => /^[ \t]*/.exec(l)![0].replace(/\t/g, '        ').length;
const isBlank = (l: string) => /^[ \t]*(#.*)?[\r\n]*$/.test(l);

/** A statement that starts with `match` and a bracket (`match[k] = v`, `match(x)`): the grammar
 *  takes it for a match statement and fails at the bracket; Python, finding no colon, reads
 *  `match` as a name (a soft keyword). */
const SOFT_MATCH = /^[ \t]*match(?=[ \t]*[[(])/gm;

/** The text with each such `match` spelled as another name of the same length, for the parse
 *  only (offsets and lines kept; names are read from the original text), or undefined when there
 *  is none. A real match statement (`match (x):`, `match [a, b]:`) ends its line with a colon
 *  after its brackets close, and is left alone. */
export function softKeywordsAsNames(text: string): string | undefined {
  let out: string | undefined;
  for (const m of text.matchAll(SOFT_MATCH)) {
    const at = m.index + m[0].length - 'match'.length;
    if (statementEndsWithColon(text, at + 5)) continue;
    out = (out ?? text).slice(0, at) + 'matc_' + (out ?? text).slice(at + 5);
  }
  return out;
}

/** Whether the statement from i (brackets closed across lines, strings skipped) ends with `:`. */
function statementEndsWithColon(text: string, i: number): boolean {
  let depth = 0, last = '';
  for (; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") {
      const q = text.startsWith(c.repeat(3), i) ? c.repeat(3) : c;
      const end = text.indexOf(q, i + q.length);
      if (end < 0) return false;
      i = end + q.length - 1; last = c; continue;
    }
    if (c === '#') { while (i < text.length && text[i] !== '\n') i++; i--; continue; }
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if ((c === '\n' || c === '\r') && depth <= 0 && text[i - 1] !== '\\') break;
    if (!/\s/.test(c)) last = c;
  }
  return last === ':';
}

/** `text` is what the tree was parsed from; `original`, when given, is the same text before
 *  `softKeywordsAsNames`: it is blanked alike and returned, so names read from it stay. */
export function recover(parser: PythonParser, text: string, tree: Tree, original?: string): Recovery | undefined {
  if (!tree.rootNode.hasError) return undefined;
  // Split keeping line ends, so blanking keeps offsets and line numbers.
  const split = (t: string) => t.match(/[^\r\n]*(\r\n|\r|\n|$)/g)!.filter((l, i, a) => l !== '' || i < a.length - 1);
  const lines = split(text);
  const shown = original === undefined ? lines : split(original);
  const skipped: { from: number; to: number }[] = [];
  let current = tree;
  let lastRow = -1;
  /** The def header above the last round's block (-1: none, -2: no round yet). */
  let lastHeader = -2;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const err = firstError(current, lines);
    if (err === undefined || err.row >= lines.length) break;
    const row = err.row;
    let start = row;
    if (row <= lastRow) start = lastRow + 1; // no progress where we were: widen
    if (start >= lines.length) break;
    // `def f(self,` swallows what follows, so its error shows lines later: start at that header.
    let p = start - 1;
    while (p > lastRow && isBlank(lines[p])) p--;
    if (p > lastRow && HEADER.test(lines[p]) && !COMPLETE_HEADER.test(lines[p])) start = p;
    // a bracket left open before the error, and still open where it ends: the trouble starts
    // there (what it swallowed may hold def headers, and tree-sitter's error may begin at the
    // statement around it). Scanned from where the last round left off, so no string is entered
    // halfway.
    const opened = unclosedFrom(lines, lastRow + 1, Math.max(start, Math.min(err.endRow, lines.length)));
    if (opened !== undefined) start = opened;
    let h = start;
    while (h >= 0 && !HEADER.test(lines[h])) h--;
    let end: number, pass: number;
    if (h >= 0 && h === lastHeader && start > h) {
      // the statement alone did not do (a clause its block needs, an indent): the def's whole body
      start = h + 1;
      pass = indentOf(lines[h]) + 4;
      end = start;
      while (end < lines.length && (isBlank(lines[end]) || indentOf(lines[end]) > pass - 4)) end++;
    } else {
      // the broken statement and the lines under it; a `pass` in its place keeps its block whole
      pass = indentOf(lines[start]);
      end = start + 1;
      while (end < lines.length && (isBlank(lines[end]) || indentOf(lines[end]) > pass)) end++;
    }
    // (blank lines and comments after it are nothing lost)
    while (end - 1 > start && isBlank(lines[end - 1])) end--;
    lastHeader = h;
    let from = 0;
    for (let i = 0; i < start; i++) from += lines[i].length;
    let to = from;
    for (let i = start; i < end; i++) { to += lines[i].length; lines[i] = shown[i] = lines[i].replace(/[^\r\n]/g, ' '); }
    const body = ' '.repeat(pass) + 'pass';
    const l = lines[start];
    const eol = /(\r\n|\r|\n)?$/.exec(l)![0];
    if (l.length - eol.length >= body.length) lines[start] = shown[start] = body + l.slice(body.length);
    skipped.push({ from: start + 1, to: end });
    lastRow = end - 1;
    // Same length, same lines: the last tree, told which characters changed, is parsed again
    // incrementally (a copy: the caller's tree is not changed).
    const old = current.copy();
    const last = lines[end - 1], lastEol = /(\r\n|\r|\n)?$/.exec(last)![0];
    const at = { row: start, column: 0 }, till = lastEol ? { row: end, column: 0 } : { row: end - 1, column: last.length };
    old.edit({ startIndex: from, oldEndIndex: to, newEndIndex: to, startPosition: at, oldEndPosition: till, newEndPosition: till });
    const next = parseText(parser, lines.join(''), old);
    old.delete();
    if (current !== tree) current.delete();
    if (!next) return undefined;
    current = next;
    if (!current.rootNode.hasError) break;
  }
  if (current === tree) return undefined;
  // Blanking most of the file would lose more than the parser's own recovery does.
  const merged: { from: number; to: number }[] = [];
  for (const r of skipped.sort((x, y) => x.from - y.from)) {
    const m = merged[merged.length - 1];
    if (m && r.from <= m.to + 1) m.to = Math.max(m.to, r.to); else merged.push({ ...r });
  }
  const blanked = merged.reduce((n, r) => n + r.to - r.from + 1, 0);
  if (blanked * 2 > lines.length) { current.delete(); return undefined; }
  return { text: shown.join(''), tree: current, skipped: merged };
}
