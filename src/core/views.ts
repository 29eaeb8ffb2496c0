// What the editor's views read: a live Analysis, or the results of an earlier session read back
// from the results cache (snapshot.ts) while the analysis is redone. A restarted server answers
// its first requests from a `SnapshotView` in the time it takes to hash the files and read one
// snapshot, instead of after reading every summary and redoing the analysis.
import { nameTable } from './model';
import { compareInFile } from './report';
import type { AccessReport, ContainerReport, FileReport, Report, ReportPosition, SymbolInfo } from './report';
import type { FindingsMark } from './analysis';
import type { FindingChanges } from './findings';
import type { ResultsSnapshot } from './snapshot';

/** An access located in a file, with the container it is of. */
export interface FileAccess { container: string; access: AccessReport }

/** The questions the server's features ask. `Analysis` answers them from its passes; a
 *  `SnapshotView` from the report and the `ViewTables` stored with it, with the same answers
 *  (views.test.ts compares them). */
export interface ResultsView {
  readonly report: Report;
  fileReport(path: string): FileReport | undefined;
  /** Where a thread's (first) entry function is defined; none for main. */
  threadEntry(id: string): ReportPosition | undefined;
  /** For each thread the symbol runs on: the call path from the thread's entry down to it. */
  threadPaths(path: string, symbol: SymbolInfo): Record<string, string[]>;
  /** Containers of the file's classes (inherited ones too) and of its globals. */
  ownContainers(path: string): string[];
  /** Accesses located in the file, in `compareFileAccesses` order. */
  accessesIn(path: string): FileAccess[];
  containerReportOf(id: string): ContainerReport | undefined;
  /** `Owner.attr`, or the bare name of a module global. */
  displayName(cid: string): string;
  /** Where the findings stand, and what changed since (a live analysis only: consumers of a
   *  view without them start over from report.findings). */
  findingsMark?(): FindingsMark;
  findingChangesSince?(mark: FindingsMark | undefined): FindingChanges | undefined;
}

/** What a snapshot keeps beside the report for the views: the call paths (as the traversal's
 *  parent links, far smaller than the paths), entry lines and file containers that the report
 *  does not hold. Numbers index the report's own lists. */
export interface ViewTables {
  /** Per report thread: the line of its first entry function (0: none, or main). */
  entryLines: Int32Array;
  /** Qualname per function number. */
  fnNames: string[];
  /** Per report file, its symbols in pre-order: the function number (-1: a class, or none). */
  symbolFns: Int32Array;
  /** Per report thread: pairs (function, the caller it is reached from; -1 at an entry). */
  reach: Int32Array[];
  /** Per report file: `ownContainers`. */
  own: string[][];
}

/** The order of a file's accesses in every view: position (and the rest of the access) first,
 *  then the container. */
export function compareFileAccesses(x: FileAccess, y: FileAccess): number {
  return compareInFile(x.access, y.access) || (x.container < y.container ? -1 : x.container > y.container ? 1 : 0);
}

function* preorder(symbols: SymbolInfo[]): Generator<SymbolInfo> {
  for (const s of symbols) { yield s; yield* preorder(s.children); }
}

/** The symbols of each file in pre-order, for `ViewTables.symbolFns`. */
export function symbolsInOrder(files: FileReport[]): SymbolInfo[][] {
  return files.map(f => [...preorder(f.symbols)]);
}

/** Answers from a results snapshot. Built lazily, per question: a restart asks about one file. */
export class SnapshotView implements ResultsView {
  readonly report: Report;
  private readonly t: ViewTables;
  private readonly fileIndex: Map<string, number>;
  private readonly threadIndex: Map<string, number>;
  private readonly containerIndex: Map<string, number>;
  private symbolStarts: number[] = [];
  private readonly symbolFns = new Map<number, Map<SymbolInfo, number>>();
  private readonly parents = new Map<number, Map<number, number>>();
  private readonly byPath = new Map<string, FileAccess[]>();

  /** Throws when the tables do not fit the report (a damaged or foreign snapshot). */
  constructor(snapshot: ResultsSnapshot) {
    const r = (this.report = snapshot.report);
    const t = snapshot.views;
    const bad = (what: string) => new Error(`results snapshot: ${what}`);
    if (!t) throw bad('no view tables');
    this.t = t;
    if (!(t.entryLines instanceof Int32Array) || t.entryLines.length !== r.threads.length) throw bad('entry lines');
    if (!Array.isArray(t.reach) || t.reach.length !== r.threads.length || !t.reach.every(x => x instanceof Int32Array && x.length % 2 === 0)) throw bad('reach');
    if (!Array.isArray(t.fnNames) || !t.fnNames.every(n => typeof n === 'string')) throw bad('function names');
    if (!Array.isArray(t.own) || t.own.length !== r.files.length || !t.own.every(l => Array.isArray(l) && l.every(x => typeof x === 'string'))) throw bad('file containers');
    let n = 0;
    for (const f of r.files) { this.symbolStarts.push(n); for (const _ of preorder(f.symbols)) n++; }
    if (!(t.symbolFns instanceof Int32Array) || t.symbolFns.length !== n) throw bad('symbol functions');
    const fnOk = (k: number) => k >= -1 && k < t.fnNames.length;
    if (!t.symbolFns.every(fnOk) || !t.reach.every(x => x.every(fnOk))) throw bad('function numbers');
    this.fileIndex = new Map(r.files.map((f, i) => [f.path, i]));
    this.threadIndex = new Map(r.threads.map((x, i) => [x.id, i]));
    this.containerIndex = new Map(r.containers.map((c, i) => [c.id, i]));
  }

  fileReport(path: string): FileReport | undefined {
    const i = this.fileIndex.get(path);
    return i === undefined ? undefined : this.report.files[i];
  }

  threadEntry(id: string): ReportPosition | undefined {
    const i = this.threadIndex.get(id);
    if (i === undefined) return undefined;
    const t = this.report.threads[i], line = this.t.entryLines[i];
    return t.entryPath && line > 0 ? { path: t.entryPath, line } : undefined;
  }

  threadPaths(path: string, symbol: SymbolInfo): Record<string, string[]> {
    const out = nameTable<string[]>();
    const i = this.fileIndex.get(path);
    if (i === undefined) return out;
    let fns = this.symbolFns.get(i);
    if (!fns) {
      fns = new Map();
      let k = this.symbolStarts[i];
      for (const s of preorder(this.report.files[i].symbols)) fns.set(s, this.t.symbolFns[k++]);
      this.symbolFns.set(i, fns);
    }
    const fn = fns.get(symbol) ?? -1;
    if (fn < 0) return out;
    for (const id of symbol.threads) {
      const parents = this.parentsOf(id);
      if (!parents?.has(fn)) { out[id] = []; continue; }
      const names: string[] = [];
      // (bounded: a damaged table with a cycle must not hang the server)
      for (let f = fn, steps = 0; f >= 0 && steps <= this.t.fnNames.length; f = parents.get(f) ?? -1, steps++) names.push(this.t.fnNames[f]);
      out[id] = names.reverse();
    }
    return out;
  }

  private parentsOf(id: string): Map<number, number> | undefined {
    const i = this.threadIndex.get(id);
    if (i === undefined) return undefined;
    let m = this.parents.get(i);
    if (!m) {
      m = new Map();
      const pairs = this.t.reach[i];
      for (let k = 0; k < pairs.length; k += 2) m.set(pairs[k], pairs[k + 1]);
      this.parents.set(i, m);
    }
    return m;
  }

  ownContainers(path: string): string[] {
    const i = this.fileIndex.get(path);
    return i === undefined ? [] : this.t.own[i];
  }

  /** (One pass over every access per file asked about: a restart asks about a few files, and
   *  grouping all of them first cost more than the rest of its first answer.) */
  accessesIn(path: string): FileAccess[] {
    let l = this.byPath.get(path);
    if (!l) {
      l = [];
      for (const c of this.report.containers) for (const access of c.accesses) if (access.path === path) l.push({ container: c.id, access });
      this.byPath.set(path, l.sort(compareFileAccesses));
    }
    return l;
  }

  containerReportOf(id: string): ContainerReport | undefined {
    const i = this.containerIndex.get(id);
    return i === undefined ? undefined : this.report.containers[i];
  }

  displayName(cid: string): string {
    const c = this.containerReportOf(cid);
    return c ? (c.ownerKind === 'module' ? c.attr : `${c.owner}.${c.attr}`) : cid;
  }
}
