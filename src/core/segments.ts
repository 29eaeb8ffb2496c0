// A summary kept per top-level statement, for an open document: the next summary of that
// document takes over the statements an edit did not touch (their mirror nodes are the same
// objects, syntax.ts) instead of walking them again. What one statement leaves for the ones
// after it (imports and aliases, module names bound, global attributes, lambda counters …) is
// recorded as its effects; a statement is taken over only when everything before it left the
// same effects as last time, so the summary is always the one a full walk gives (tested).
import type { SymbolInfo } from './report';
import { nameTable, type AttrInfo, type CallSite, type ClassSummary, type DirectAccess, type FunctionSummary, type ImportBinding, type ThreadStart } from './model';
import type { SyntaxNode } from './syntax';

/** What an assignment tells about a name in an attribute table (a class's, or the module's
 *  globals), worked out from the syntax: applied to the table by `applyNote`. */
export interface AttrNote {
  line: number;
  column: number;
  container?: string;
  typeText?: string;
  /** The value is a call: what it makes. */
  call?: { lock: boolean; counting?: boolean; lockOf?: string; executor?: 'thread' | 'process'; callee?: string };
  /** The value is a name: what the enclosing scope knows of it. */
  name?: { paramType?: string; localTypes?: string[]; container?: string };
  /** The value is another object's lock (`self.shutdown_lock = executor._shutdown_lock`): its text. */
  lockOf?: string;
  /** Of a class's table: where the name was bound (AttrInfo.classBody, .instance). */
  level?: 'class' | 'instance';
  /** AttrInfo.handed. */
  handed?: boolean;
  /** The value is a dotted name, at module level or in a class body (AttrInfo.aliases). */
  alias?: string;
  /** In `__init__`, the value is an unannotated parameter or a dotted name rooted at one
   *  (`self.mgr = mgr`, `self.status = mgr.status`): AttrInfo.fromParams. */
  fromParam?: string;
  /** `__all__ = [...]` at module level: the names it lists (AttrInfo.names). */
  names?: string[];
  /** A method adds its parameter to the container (AttrInfo.addedParams). */
  addedParam?: string;
  /** AttrInfo.methodValues. */
  methodValues?: string[];
  /** AttrInfo.boundMethods: one. */
  boundMethod?: string;
  /** Element classes of a container bound to a comprehension or a literal of constructions
   *  (`[Worker(i) for i in …]`): type texts, as its annotation's. */
  elementTypes?: string[];
  /** AttrInfo.queuedAt: one tuple item's type, `i:Type`. */
  queuedAt?: string;
  /** AttrInfo.functions: one function stored in the container. */
  functions?: string;
  /** AttrInfo.localFunctions: one function defined in the method that binds the attribute. */
  localFunction?: string;
  /** AttrInfo.queued: one type put on the queue. */
  queued?: string;
  /** AttrInfo.executorClass. */
  executorClass?: 'thread' | 'process';
}

export function applyNote(table: Record<string, AttrInfo>, name: string, n: AttrNote): void {
  const info = Object.prototype.hasOwnProperty.call(table, name) ? table[name] : (table[name] = { line: n.line, column: n.column });
  if (n.container && !info.container) { info.container = n.container; info.line = n.line; info.column = n.column; }
  if (n.typeText !== undefined) (info.typeText ??= []).push(n.typeText);
  if (n.elementTypes && info.container) (info.typeText ??= []).push(...n.elementTypes);
  if (n.call) {
    if (n.call.lock) {
      info.lock = true;
      if (n.call.lockOf !== undefined) info.lockOf = n.call.lockOf;
    }
    if (n.call.counting) info.counting = true;
    if (n.call.executor) info.executor = n.call.executor;
    if (n.call.callee !== undefined && !info.lock) (info.typeText ??= []).push(n.call.callee);
  } else if (n.lockOf !== undefined) {
    info.lock = true;
    info.lockOf = n.lockOf;
  } else if (n.name) {
    if (n.name.paramType) (info.typeText ??= []).push(n.name.paramType);
    if (n.name.localTypes) (info.typeText ??= []).push(...n.name.localTypes);
    if (n.name.container && !info.container) info.container = n.name.container;
  }
  if (info.typeText) info.typeText = [...new Set(info.typeText)];
  if (n.level === 'class') info.classBody = true;
  else if (n.level === 'instance') info.instance = true;
  if (n.handed) info.handed = true;
  if (n.executorClass) info.executorClass = n.executorClass;
  if (n.alias !== undefined && !info.aliases?.includes(n.alias)) (info.aliases ??= []).push(n.alias);
  if (n.fromParam !== undefined && !info.fromParams?.includes(n.fromParam)) (info.fromParams ??= []).push(n.fromParam);
  if (n.names) info.names = [...new Set([...(info.names ?? []), ...n.names])];
  if (n.addedParam && !info.addedParams?.includes(n.addedParam)) (info.addedParams ??= []).push(n.addedParam);
  if (n.boundMethod !== undefined && !info.boundMethods?.includes(n.boundMethod)) (info.boundMethods ??= []).push(n.boundMethod);
  if (n.methodValues) info.methodValues = [...new Set([...(info.methodValues ?? []), ...n.methodValues])];
  if (n.queued !== undefined && !info.queued?.includes(n.queued)) (info.queued ??= []).push(n.queued);
  if (n.functions !== undefined && !info.functions?.includes(n.functions)) (info.functions ??= []).push(n.functions);
  if (n.localFunction !== undefined && !info.localFunctions?.includes(n.localFunction)) (info.localFunctions ??= []).push(n.localFunction);
  if (n.queuedAt !== undefined && !info.queuedAt?.includes(n.queuedAt)) (info.queuedAt ??= []).push(n.queuedAt);
}

/** One change a statement made to what later statements see. `key` says it without positions
 *  (no later statement reads them): two runs that leave the same keys leave the same state. */
export type Effect =
  | { key: string; kind: 'canon'; name: string; value: string }
  | { key: string; kind: 'bind'; name: string }
  | { key: string; kind: 'alias'; name: string; root: string; attrs: string[] }
  | { key: string; kind: 'global'; name: string }
  | { key: string; kind: 'localType'; name: string; types: string[] }
  | { key: string; kind: 'localExecutor'; name: string; executor: 'thread' | 'process' }
  | { key: string; kind: 'acquired'; text: string }
  /** A plain server made with a handler class and bound to a global (Summarizer.servers). */
  | { key: string; kind: 'server'; name: string; handler: string }
  | { key: string; kind: 'lambda'; base: string; count: number }
  /** A global's attribute note; its line is relative to the statement's first line. */
  | { key: string; kind: 'note'; name: string; note: AttrNote }
  /** A warning was added (the nesting warning is given once per file). */
  | { key: string; kind: 'warning' }
  /** An `if __name__ == "__main__":` block at module level, lines relative to the segment's. */
  | { key: string; kind: 'mainGuard'; from: number; to: number }
  /** A start point's statement line (Scope.startStatements), lines relative to the segment's. */
  | { key: string; kind: 'startStatement'; at: number; column: number; line: number }
  /** A name bound to `os.fork()`'s result (Scope.forks), at the module's top level or in a
   *  block of the statement (`top`: forkChildTest compares the block), or no longer. */
  | { key: string; kind: 'fork'; name: string; top: boolean }
  | { key: string; kind: 'unfork'; name: string };

/** One top-level statement's part of the summary. */
export interface Segment {
  node: SyntaxNode;
  /** Where the statement began (1-based line, column) when this was recorded. */
  line: number;
  column: number;
  /** Module-level locks held when it ran (straight-line acquire/release flows across statements). */
  locksIn: string[];
  effects: Effect[];
  /** Annotation comments looked up, by line relative to `line`, and what was found. */
  lookups: [number, string | undefined][];
  /** The later top-level statements it read (a start joined right after it is made and started,
   *  ThreadStart.joinedNext): how many, and their text, which must be the same for it to be
   *  taken over. */
  ahead?: { count: number; text: string };
  functions: FunctionSummary[];
  classes: ClassSummary[];
  imports: ImportBinding[];
  symbols: SymbolInfo[];
  /** The module function's calls, accesses and starts made in the statement (class bodies and
   *  module code run in it), before the module scope's locals filter them. */
  calls: CallSite[];
  accesses: DirectAccess[];
  starts: ThreadStart[];
  warnings: string[];
}

/** The last summary of a document, by statement. Replaced by each summary made with it. */
export interface SummaryMemo {
  path?: string;
  module?: string;
  isPackage?: boolean;
  segments?: Segment[];
  /** Statements taken over and walked by the last summary, for tests and the log. */
  reused?: number;
  walked?: number;
}

/** A function taken over from the previous summary `shift` lines lower (a copy: summaries are
 *  never changed once made). Analysis.update reads it instead of comparing the bodies. */
export const shiftedFrom = new WeakMap<FunctionSummary, { from: FunctionSummary; shift: number }>();

function shiftSpan<T extends { line: number; endLine: number }>(x: T, d: number): T {
  return { ...x, line: x.line + d, endLine: x.endLine + d };
}

function shiftTable<T extends { line: number }>(t: Record<string, T>, d: number): Record<string, T> {
  let any = false;
  for (const _ in t) { any = true; break; }
  if (!any) return t;
  const out = nameTable<T>();
  for (const k in t) out[k] = { ...t[k], line: t[k].line + d };
  return out;
}

export function shiftFunction(f: FunctionSummary, d: number): FunctionSummary {
  const g: FunctionSummary = {
    ...f, line: f.line + d, endLine: f.endLine + d, localContainers: shiftTable(f.localContainers, d),
    calls: f.calls.length ? f.calls.map(c => shiftSpan(c, d)) : f.calls,
    accesses: f.accesses.length ? f.accesses.map(a => shiftSpan(a, d)) : f.accesses,
    starts: f.starts.length ? f.starts.map(s => shiftSpan(s, d)) : f.starts,
  };
  shiftedFrom.set(g, { from: f, shift: d });
  // (f's own link, to what it was shifted from, served the update that took f: kept, each
  // version would hold the one before it, and a function moved by every keystroke would hold
  // all of its versions since the document was opened)
  shiftedFrom.delete(f);
  return g;
}

/** A class taken over from the previous summary, lines lower (its declarations are the same). */
export const shiftedClassFrom = new WeakMap<ClassSummary, ClassSummary>();

export function shiftClass(c: ClassSummary, d: number): ClassSummary {
  const k = { ...c, line: c.line + d, endLine: c.endLine + d, attrs: shiftTable(c.attrs, d) };
  shiftedClassFrom.set(k, c);
  shiftedClassFrom.delete(c); // (as shiftFunction's)
  return k;
}

export function shiftSymbol(s: SymbolInfo, d: number): SymbolInfo {
  return { ...s, line: s.line + d, endLine: s.endLine + d, children: s.children.length ? s.children.map(c => shiftSymbol(c, d)) : s.children };
}

/** A segment `d` lines lower, now starting at `line`. */
export function shiftSegment(s: Segment, d: number): Segment {
  return {
    ...s, line: s.line + d,
    functions: s.functions.map(f => shiftFunction(f, d)), classes: s.classes.map(c => shiftClass(c, d)),
    symbols: s.symbols.map(x => shiftSymbol(x, d)),
    calls: s.calls.map(c => shiftSpan(c, d)), accesses: s.accesses.map(a => shiftSpan(a, d)), starts: s.starts.map(x => shiftSpan(x, d)),
  };
}

export function sameKeys(a: Effect[], b: Effect[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i].key !== b[i].key) return false;
  return true;
}
