// The JSON contract of `threadline --format json` and of the engine's results.
// Field names here are read by tools: add fields freely, never rename.

export interface ReportPosition { path: string; line: number }

export interface SyntaxErrorInfo { line: number; column: number; message: string }

export interface SymbolInfo {
  kind: 'class' | 'function' | 'method';
  name: string;
  qualname: string;
  line: number;
  endLine: number;
  column: number;
  bases?: string[];
  decorators?: string[];
  async?: boolean;
  staticmethod?: boolean;
  classmethod?: boolean;
  property?: boolean;
  threads: string[];
  children: SymbolInfo[];
}

export interface FileReport {
  path: string;
  module: string;
  lines: number;
  errors: SyntaxErrorInfo[];
  /** Why a file was only partly analyzed (binary, too large, undecodable bytes). */
  warnings: string[];
  symbols: SymbolInfo[];
}

export type ThreadKind = 'main' | 'thread' | 'timer' | 'executor' | 'process' | 'annotation' | 'config';

export interface ThreadReport {
  id: string;
  name: string;
  kind: ThreadKind;
  /** Qualname of the entry function (empty for main). */
  entry: string;
  entryPath?: string;
  instances: 'one' | 'many';
  startedAt: ReportPosition[];
  /** Parameters of the entry each start gives an object of its own (`args=(job,)` with `job =
   *  Job(r)` made for that start): what its instances do to them they do not share. */
  ownParams?: string[];
}

export interface AccessReport {
  path: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  access: 'read' | 'write';
  op: string;
  /** Qualname of the function the access (or the helper call) is in; `<module>` at top level. */
  function: string;
  threads: string[];
  /** Helper chain from this call site down to the direct access, outermost first. */
  via: string[];
  key?: string;
  value?: string;
  locks: string[];
  /** Augmented assignment `d[k] += v`: a read and a write. */
  readWrite?: boolean;
}

export interface ContainerReport {
  id: string;
  /** Qualname of the owning class, or the module name for globals, or the function for closure state. */
  owner: string;
  ownerKind: 'class' | 'module' | 'function';
  attr: string;
  type: string;
  definedAt: ReportPosition;
  accesses: AccessReport[];
}

export interface FindingAccess {
  path: string;
  line: number;
  column: number;
  access: 'read' | 'write';
  op: string;
  function: string;
  threads: string[];
  callPath: string[];
  locks: string[];
}

export interface FindingReport {
  kind: 'race' | 'check-then-act';
  container: string;
  message: string;
  accesses: FindingAccess[];
}

export interface Report {
  version: 1;
  mainThread: string;
  files: FileReport[];
  threads: ThreadReport[];
  containers: ContainerReport[];
  findings: FindingReport[];
}

/** The order of two accesses in one file: position first, then every other field. */
export function compareInFile(a: AccessReport, b: AccessReport): number {
  return a.line - b.line || a.column - b.column || a.via.length - b.via.length || a.op.localeCompare(b.op)
    || compareJoined(a.via, b.via, '>') || a.function.localeCompare(b.function) || a.access.localeCompare(b.access)
    || (a.key ?? '').localeCompare(b.key ?? '') || (a.value ?? '').localeCompare(b.value ?? '') || compareJoined(a.locks, b.locks, ',')
    || a.endLine - b.endLine || a.endColumn - b.endColumn;
}

/** `a.join(sep).localeCompare(b.join(sep))` without building the strings (a sort of a helper's
 *  tens of thousands of entries compares many at one line): equal lists, the common case,
 *  are seen without any; otherwise the joined texts are compared as before. */
function compareJoined(a: string[], b: string[], sep: string): number {
  if (a === b) return 0;
  if (a.length === b.length && a.every((x, i) => x === b[i])) return 0;
  return a.join(sep).localeCompare(b.join(sep));
}
