// Per-feature providers over the results (a live Analysis, or the last session's snapshot while
// the analysis is redone: core/views.ts): the protocol's file model, hovers, highlights, inlay
// hints (diagnostics: diagnostics.ts). Core report positions are 1-based; LSP's are 0-based.
import { DocumentHighlight, DocumentHighlightKind, Hover, InlayHint, MarkupKind, Position, Range } from 'vscode-languageserver';
import type { AccessReport, ContainerReport, SymbolInfo } from '../core/report';
import type { ResultsView } from '../core/views';
import type { PAccess, PContainer, PFileModel, PLocation, PSymbol, PThread } from '../protocol/requests';
import { pathToUri, uriToPath, WorkspaceIndex } from './workspaceIndex';

const PALETTE = 8;

/** Palette slot per thread: main is 0; the others in id order, so no two clash below 8 threads. */
export function threadColors(ids: string[], main: string): Map<string, number> {
  const m = new Map<string, number>([[main, 0]]);
  ids.filter(i => i !== main).sort().forEach((id, i) => m.set(id, 1 + (i % (PALETTE - 1))));
  return m;
}

export function range(line: number, column: number, endLine: number, endColumn: number): Range {
  return { start: { line: line - 1, character: column - 1 }, end: { line: endLine - 1, character: endColumn - 1 } };
}

export function accessLocation(a: AccessReport): PLocation {
  return { uri: pathToUri(a.path), range: range(a.line, a.column, a.endLine, a.endColumn) };
}

function threadTag(a: ResultsView, ids: string[]): string {
  const known = threadList(a).byId;
  return ids.map(id => (known.get(id)?.instances === 'many' ? `${id} ×many` : id)).join(', ');
}

export function accessLabel(a: ResultsView, acc: AccessReport): string {
  const parts = [String(acc.line), acc.function, acc.readWrite ? `${acc.op} (read+write)` : acc.op];
  if (acc.value !== undefined) parts.push(acc.value);
  else if (acc.key !== undefined) parts.push(`[${acc.key}]`);
  parts.push(`[${threadTag(a, acc.threads) || 'no thread'}]`);
  if (acc.via.length) parts.push(`via ${acc.via.join(' → ')}`);
  parts.push(acc.locks.length ? `lock ${acc.locks.join(', ')}` : 'no lock');
  return parts.join(' · ');
}

export function toPAccess(a: ResultsView, acc: AccessReport): PAccess {
  const p: PAccess = {
    location: accessLocation(acc), access: acc.access, op: acc.op, function: acc.function, threads: acc.threads, via: acc.via,
    locks: acc.locks, label: accessLabel(a, acc),
  };
  if (acc.key !== undefined) p.key = acc.key;
  if (acc.value !== undefined) p.value = acc.value;
  if (acc.readWrite) p.readWrite = true;
  return p;
}

/** A container's counts and summary, per list of its accesses: the list is a new array whenever
 *  its accesses change (Analysis.mergeAccesses; equal entries are kept as they were), and the
 *  file model of a file that touches `linecache.cache` went over its 12,000 accesses at every
 *  keystroke (most of a stdlib edit's time in the server). */
const tallies = new WeakMap<AccessReport[], { writes: number; reads: number; summary: string }>();
function tally(c: ContainerReport): { writes: number; reads: number; summary: string } {
  let t = tallies.get(c.accesses);
  if (!t) {
    let writes = 0;
    for (const x of c.accesses) if (x.access === 'write') writes++;
    tallies.set(c.accesses, (t = { writes, reads: c.accesses.length - writes, summary: summarize(c) }));
  }
  return t;
}

/** "written on 3 threads: transfer_worker ×4, bootstrap_thread ×1, main ×1; read on …; no common lock" */
export function containerSummary(_a: ResultsView, c: ContainerReport): string {
  return tally(c).summary;
}

function summarize(c: ContainerReport): string {
  // One pass: the list is sorted by place (Analysis.compareAccesses: path, line, column
  // first), so a helper-call site's accesses of one kind are together, and only the first of
  // them counts (once per call); a direct access counts each time.
  const writes = new Map<string, number>(), reads = new Map<string, number>();
  let lastW: AccessReport | undefined, lastR: AccessReport | undefined;
  let common: string[] | undefined;
  for (const acc of c.accesses) {
    const w = acc.access === 'write';
    if (acc.via.length) {
      const last = w ? lastW : lastR;
      if (last && last.line === acc.line && last.column === acc.column && last.path === acc.path) continue;
      if (w) lastW = acc; else lastR = acc;
    } else if (common === undefined) common = [...acc.locks];
    else if (common.length) common = common.filter(l => acc.locks.includes(l));
    const counts = w ? writes : reads;
    for (const t of acc.threads) counts.set(t, (counts.get(t) ?? 0) + 1);
  }
  const part = (kind: 'write' | 'read', counts: Map<string, number>) => {
    if (!counts.size) return kind === 'write' ? 'never written' : 'never read';
    const list = [...counts].sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0])).map(([t, n]) => `${t} ×${n}`).join(', ');
    return `${kind === 'write' ? 'written' : 'read'} on ${counts.size} thread${counts.size > 1 ? 's' : ''}: ${list}`;
  };
  return `${part('write', writes)}; ${part('read', reads)}; ${common?.length ? `common lock ${common.join(', ')}` : 'no common lock'}`;
}

/** Every thread for the protocol, by id, in report order, and the ids started or entered in
 *  each file: made once per thread list (it is replaced when threads or their start sites
 *  change). Colors are given over all of them, so a thread has the same color in every file.
 *  The entry's location is not in the report (a new line above the entry moves it while the list
 *  stays): `withEntry` adds it to each answer. */
interface ThreadList { byId: Map<string, PThread>; order: Map<string, number>; byPath: Map<string, string[]> }
const threadLists = new WeakMap<object, ThreadList>();
function threadList(a: ResultsView): ThreadList {
  const known = threadLists.get(a.report.threads);
  if (known) return known;
  const main = a.report.mainThread;
  const colors = threadColors(a.report.threads.map(t => t.id), main);
  const byPath = new Map<string, string[]>();
  const note = (p: string, id: string) => { const l = byPath.get(p); if (!l) byPath.set(p, [id]); else if (l[l.length - 1] !== id) l.push(id); };
  const list = a.report.threads.map(t => {
    if (t.entryPath) note(t.entryPath, t.id);
    for (const s of t.startedAt) note(s.path, t.id);
    return {
      id: t.id, name: t.name, kind: t.kind, entry: t.entry, instances: t.instances, color: colors.get(t.id) ?? 0, ...(t.ownParams ? { ownParams: t.ownParams } : {}),
      startedAt: t.startedAt.map(s => ({ uri: pathToUri(s.path), range: range(s.line, 1, s.line, 1) })),
    } satisfies PThread;
  });
  const made: ThreadList = { byId: new Map(list.map(t => [t.id, t])), order: new Map(list.map((t, i) => [t.id, i])), byPath };
  threadLists.set(a.report.threads, made);
  return made;
}

function withEntry(a: ResultsView, t: PThread): PThread {
  const entry = t.kind !== 'main' ? a.threadEntry(t.id) : undefined;
  return entry ? { ...t, entryLocation: { uri: pathToUri(entry.path), range: range(entry.line, 1, entry.line, 1) } } : t;
}

/** The threads a list of accesses runs on, for the client's labels and colors. */
export function threadsOf(a: ResultsView, accesses: AccessReport[]): PThread[] {
  const ids = new Set(accesses.flatMap(x => x.threads));
  return [...threadList(a).byId.values()].filter(t => ids.has(t.id)).map(t => withEntry(a, t));
}

export function toPContainer(a: ResultsView, c: ContainerReport, inFile: boolean): PContainer {
  return {
    id: c.id, owner: c.owner, attr: c.attr, type: c.type,
    definedAt: { uri: pathToUri(c.definedAt.path), range: range(c.definedAt.line, 1, c.definedAt.line, 1) },
    writes: tally(c).writes, reads: tally(c).reads, summary: containerSummary(a, c), inFile,
  };
}

export function fileModel(index: WorkspaceIndex, uri: string, version: number | null, indexing: boolean): PFileModel {
  const a = index.view;
  const empty: PFileModel = { uri, version, symbols: [], threads: [], containers: [], indexing };
  if (!a) return empty;
  const key = uriToPath(uri);
  const file = a.fileReport(key);
  if (!file) return empty;
  // the threads this file has to do with (a workspace can have thousands: all of them in every
  // answer made each keystroke's answer megabytes): main, those its functions run on, those
  // started or entered here
  const wanted = new Set<string>([a.report.mainThread]);
  const walk = (s: SymbolInfo) => { for (const t of s.threads) wanted.add(t); s.children.forEach(walk); };
  file.symbols.forEach(walk);
  const known = threadList(a);
  for (const id of known.byPath.get(key) ?? []) wanted.add(id);
  const threads = [...wanted].map(id => known.byId.get(id)).filter((t): t is PThread => !!t)
    .sort((x, y) => known.order.get(x.id)! - known.order.get(y.id)!).map(t => withEntry(a, t));
  const toSym = (s: SymbolInfo): PSymbol => {
    const threadPaths = s.kind === 'class' ? {} : a.threadPaths(key, s);
    const detail = s.kind === 'class' ? (s.bases?.length ? `(${s.bases.join(', ')})` : '') : threadTag(a, s.threads);
    return {
      kind: s.kind, name: s.name, qualname: s.qualname, detail,
      location: { uri, range: range(s.line, 1, s.endLine, 1) },
      selectionRange: range(s.line, s.column, s.line, s.column),
      threads: s.threads, threadPaths, children: s.children.map(toSym),
    };
  };
  // Containers of the file's classes (inherited too) and globals first; then the others it touches.
  const own = new Set(a.ownContainers(key));
  const touched = new Set(index.accessesIn(uri).map(x => x.container));
  const containers = [...new Set([...own, ...touched])].map(id => a.containerReportOf(id)).filter((c): c is ContainerReport => !!c)
    .map(c => toPContainer(a, c, own.has(c.id)))
    .sort((x, y) => Number(y.inFile) - Number(x.inFile) || x.id.localeCompare(y.id));
  return { uri, version, symbols: file.symbols.map(toSym), threads, containers, indexing };
}

/** Narrowest accesses whose range holds the position. */
export function accessesAt(index: WorkspaceIndex, uri: string, pos: Position): { container: string; access: AccessReport }[] {
  const hits = index.accessesIn(uri).filter(({ access: x }) => contains(x, pos));
  if (!hits.length) return [];
  const size = (x: AccessReport) => (x.endLine - x.line) * 100000 + (x.endColumn - x.column);
  const best = Math.min(...hits.map(h => size(h.access)));
  return hits.filter(h => size(h.access) === best);
}

function contains(x: AccessReport, pos: Position): boolean {
  const l = pos.line + 1, c = pos.character + 1;
  if (l < x.line || l > x.endLine) return false;
  if (l === x.line && c < x.column) return false;
  if (l === x.endLine && c > x.endColumn) return false;
  return true;
}

export function hover(index: WorkspaceIndex, uri: string, pos: Position): Hover | null {
  const a = index.view;
  const hits = accessesAt(index, uri, pos);
  if (!a || !hits.length) return null;
  const lines: string[] = [];
  const byContainer = new Map<string, AccessReport[]>();
  for (const h of hits) { let l = byContainer.get(h.container); if (!l) byContainer.set(h.container, (l = [])); l.push(h.access); }
  for (const [cid, list] of byContainer) {
    const c = a.containerReportOf(cid)!;
    lines.push(`**Threadline** · \`${a.displayName(cid)}\` (${c.type})`, '');
    const seen = new Set<string>();
    for (const acc of list) {
      const parts = [`**${acc.access}** \`${acc.op}\``];
      if (acc.key !== undefined) parts.push(`key \`${acc.key}\``);
      if (acc.value !== undefined) parts.push(`value \`${acc.value}\``);
      if (acc.via.length) parts.push(`via \`${acc.via.join(' → ')}\``);
      parts.push(acc.locks.length ? `holding \`${acc.locks.join('`, `')}\`` : 'no lock held');
      parts.push(`runs on ${acc.threads.length ? acc.threads.map(t => `\`${threadTag(a, [t])}\``).join(', ') : 'no known thread'}`);
      const line = '- ' + parts.join(' · ');
      if (!seen.has(line)) { seen.add(line); lines.push(line); }
    }
    lines.push('', containerSummary(a, c), '');
    const arg = encodeURIComponent(JSON.stringify([cid]));
    lines.push(`[Show all writes](command:threadline.findStatusWrites?${arg}) · [Show all accesses](command:threadline.findAccesses?${arg})`, '');
  }
  const first = hits[0].access;
  return { contents: { kind: MarkupKind.Markdown, value: lines.join('\n') }, range: range(first.line, first.column, first.endLine, first.endColumn) };
}

export function highlights(index: WorkspaceIndex, uri: string, pos: Position): DocumentHighlight[] {
  const hits = accessesAt(index, uri, pos);
  if (!hits.length) return [];
  const cids = new Set(hits.map(h => h.container));
  const seen = new Set<string>();
  const out: DocumentHighlight[] = [];
  for (const { container, access: x } of index.accessesIn(uri)) {
    if (!cids.has(container)) continue;
    const k = `${x.line}:${x.column}:${x.endLine}:${x.endColumn}:${x.access}`;
    if (seen.has(k)) continue;
    seen.add(k);
    out.push({ range: range(x.line, x.column, x.endLine, x.endColumn), kind: x.access === 'write' ? DocumentHighlightKind.Write : DocumentHighlightKind.Read });
  }
  return out;
}

export function inlayHints(index: WorkspaceIndex, uri: string, lineText: (line: number) => string | undefined, visible?: Range): InlayHint[] {
  const a = index.view;
  if (!a || !index.settings.inlayHints) return [];
  const file = a.fileReport(uriToPath(uri));
  if (!file) return [];
  const out: InlayHint[] = [];
  const walk = (syms: SymbolInfo[]) => {
    for (const s of syms) {
      if (s.kind !== 'class' && s.threads.length) {
        const l = s.line - 1;
        if (!visible || (l >= visible.start.line && l <= visible.end.line)) {
          const text = lineText(l);
          if (text !== undefined) {
            const col = text.replace(/\s+$/, '').length;
            out.push({ position: { line: l, character: col }, label: `⟵ ${threadTag(a, s.threads)}`, paddingLeft: true, tooltip: `Threadline: ${s.qualname} runs on ${threadTag(a, s.threads)}` });
          }
        }
      }
      walk(s.children);
    }
  };
  walk(file.symbols);
  return out;
}

