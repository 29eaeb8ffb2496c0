// The engine's front door: summaries in, the whole model out (threads, containers with every
// access, findings), plus lookups the editor features need.
import type { AccessReport, ContainerReport, FileReport, Report, SymbolInfo, ThreadReport } from './report';
import { FileSummary } from './model';
import { CallGraph } from './callgraph';
import { computeFindings } from './findings';
import { FnInfo, Program } from './program';
import { EffectiveAccess, HelperSummaries, PARAM_PREFIX } from './summaries';
import { ThreadModel, ThreadsConfig } from './threads';

export interface AnalysisOptions extends ThreadsConfig {}

export class Analysis {
  readonly program: Program;
  readonly graph: CallGraph;
  readonly helpers: HelperSummaries;
  readonly threads: ThreadModel;
  readonly report: Report;
  /** Accesses by container id, as reported. */
  readonly accessesByContainer = new Map<string, AccessReport[]>();
  /** Locks every caller holds when it calls the function: a helper inherits them. */
  readonly inheritedLocks = new Map<FnInfo, string[]>();

  constructor(files: FileSummary[], readonly options: AnalysisOptions) {
    const sorted = [...files].sort((a, b) => a.path.localeCompare(b.path));
    this.program = new Program(sorted);
    this.graph = new CallGraph(this.program);
    this.helpers = new HelperSummaries(this.program, this.graph);
    this.threads = new ThreadModel(this.program, this.graph, options);
    this.computeInheritedLocks();
    this.report = this.build(sorted);
  }

  fnAt(file: FileSummary, qualname: string): FnInfo | undefined {
    return this.program.fns.get(`${file.module}:${qualname}`);
  }

  displayName(cid: string): string {
    const c = this.program.containers.get(cid);
    return c ? (c.ownerKind === 'module' ? c.attr : `${c.owner}.${c.attr}`) : cid;
  }

  private build(files: FileSummary[]): Report {
    const t = this.threads;
    const fileReports: FileReport[] = files.map(f => ({
      path: f.path, module: f.module, lines: f.lines, errors: f.errors, warnings: f.warnings,
      symbols: this.symbolsWithThreads(f, f.symbols),
    }));
    const threads: ThreadReport[] = t.threads.map(th => ({
      id: th.id, name: th.name, kind: th.kind, entry: th.kind === 'main' ? '' : th.entries.map(e => e.s.qualname).join(', '),
      ...(th.kind !== 'main' && th.entries[0] ? { entryPath: th.entries[0].file.path } : {}),
      instances: th.instances, startedAt: th.startedAt,
    }));
    for (const fn of this.program.fns.values()) {
      for (const e of this.helpers.effective.get(fn) ?? []) {
        if (e.container.startsWith(PARAM_PREFIX)) continue;
        let l = this.accessesByContainer.get(e.container);
        if (!l) this.accessesByContainer.set(e.container, (l = []));
        l.push(this.accessReport(fn, e));
      }
    }
    const containers: ContainerReport[] = [...this.program.containers.values()].sort((a, b) => a.id.localeCompare(b.id)).map(c => {
      const accesses = (this.accessesByContainer.get(c.id) ?? []).sort((a, b) => a.path.localeCompare(b.path) || a.line - b.line || a.column - b.column || a.via.length - b.via.length || a.op.localeCompare(b.op) || (a.via.join('>')).localeCompare(b.via.join('>')));
      this.accessesByContainer.set(c.id, accesses);
      return { id: c.id, owner: c.owner, ownerKind: c.ownerKind, attr: c.attr, type: c.type, definedAt: { path: c.path, line: c.line }, accesses };
    });
    const findings = computeFindings(this.program, this.graph, this.helpers, t, id => this.displayName(id));
    return { version: 1, mainThread: t.main.id, files: fileReports, threads, containers, findings };
  }

  private computeInheritedLocks(): void {
    const entries = new Set(this.threads.threads.filter(t => t.kind !== 'main').flatMap(t => t.entries));
    const sites = new Map<FnInfo, { caller: FnInfo; locks: string[] }[]>();
    for (const [caller, calls] of this.graph.calls) for (const c of calls) {
      // Lock texts mean the same in the callee only for calls on self or plain function calls.
      const self = this.program.methodOf(caller)?.s.selfParam;
      const sameObject = c.site.callee.attrs.length <= 1 && (c.site.callee.attrs.length === 0 || c.site.callee.root === self || c.site.callee.root === '<super>');
      for (const t of c.targets) {
        let l = sites.get(t.fn);
        if (!l) sites.set(t.fn, (l = []));
        l.push({ caller, locks: sameObject ? c.locks : [] });
      }
    }
    // Callers before callees.
    for (const comp of [...this.graph.sccs()].reverse()) for (const fn of comp) {
      const list = sites.get(fn);
      if (!list?.length || entries.has(fn)) continue;
      let common: string[] | undefined;
      // compared as the engine compares locks: a Condition is the lock it wraps
      const canon = (l: string) => this.program.canonicalLock(l);
      for (const s of list) {
        const held = [...new Set([...s.locks, ...(this.inheritedLocks.get(s.caller) ?? [])])];
        common = common ? common.filter(l => held.some(h => canon(h) === canon(l))) : held;
        if (!common.length) break;
      }
      if (common?.length) this.inheritedLocks.set(fn, common.sort());
    }
  }

  private accessReport(fn: FnInfo, e: EffectiveAccess): AccessReport {
    const inherited = this.inheritedLocks.get(fn);
    const r: AccessReport = {
      path: fn.file.path, line: e.site.line, column: e.site.column, endLine: e.site.endLine, endColumn: e.site.endColumn,
      access: e.access, op: e.op, function: fn.s.qualname, threads: this.threads.threadIds(fn), via: e.via,
      locks: inherited ? [...new Set([...e.locks, ...inherited])] : e.locks,
    };
    if (e.key !== undefined) r.key = e.key;
    if (e.value !== undefined) r.value = e.value;
    if (e.readWrite) r.readWrite = true;
    return r;
  }

  private symbolsWithThreads(f: FileSummary, syms: SymbolInfo[]): SymbolInfo[] {
    return syms.map(s => {
      const fn = s.kind === 'class' ? undefined : this.fnAt(f, s.qualname);
      return { ...s, threads: fn ? this.threads.threadIds(fn) : [], children: this.symbolsWithThreads(f, s.children) };
    });
  }
}
