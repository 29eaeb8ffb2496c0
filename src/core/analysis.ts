// The engine's front door: summaries in, the whole model out (threads, containers with every
// access, findings), plus lookups the editor features need. `update` applies one file's new
// summary in place, redoing only what that file can affect.
import { compareInFile } from './report';
import type { AccessReport, ContainerReport, FileReport, Report, ReportPosition, SymbolInfo, ThreadReport } from './report';
import { compareFileAccesses, FileAccess, ResultsView, symbolsInOrder, ViewTables } from './views';
import { FileSummary, FunctionSummary, hasParam, nameTable } from './model';
import { CallGraph } from './callgraph';
import { FindingChanges, Findings, shownLocks } from './findings';
import { ClassInfo, FnInfo, lockRoots, Program } from './program';
import { FnTable } from './fnTable';
import { callsUp, lineShift, ownJoins, sameBody, sameDeclarations, sameStrings } from './shape';
import { EffectiveAccess, HelperSummaries, PARAM_PREFIX } from './summaries';
import { ThreadChanges, ThreadEntry, ThreadModel, ThreadsConfig } from './threads';

export interface AnalysisOptions extends ThreadsConfig {}

/** A point in the findings' history (opaque to consumers). */
export interface FindingsMark { readonly findings: object; readonly generation: number }

/** What an update redid, for the log and the benchmark. */
export interface UpdateStats {
  /** 'in place': bodies only, the passes redone for what they reach; 'rebuilt': the file's
   *  declarations changed (or it appeared, went, or shares its module name), everything redone. */
  mode: 'in place' | 'rebuilt';
  /** Functions whose helper summaries were redone. */
  functions: number;
  /** Functions that only moved (a new line above them), shifted in place. */
  moved?: number;
  /** Containers whose accesses and findings were redone. */
  containers: number;
  threadsRedone: boolean;
  /** Containers whose findings were redone ('all': every finding, from new traversals). */
  findings: number | 'all';
  /** Every finding was redone because what ownership answers changed (Program.leaks,
   *  madeLocal, ownedHere of a changed function: `self._runner.start()` typed or deleted). */
  ownership?: boolean;
}

export class Analysis implements ResultsView {
  program!: Program;
  graph!: CallGraph;
  helpers!: HelperSummaries;
  threads!: ThreadModel;
  /** `findings` is listed when read (a flat list of 100,000 costs more than the rest of an
   *  edit; the server's diagnostics follow `findingChangesSince` instead). */
  readonly report: Report = (() => {
    const self = this;
    return { version: 1, mainThread: '', files: [], threads: [], containers: [], get findings() { return self.findings.list(); } } as Report;
  })();
  /** Accesses by container id, as reported. */
  readonly accessesByContainer = new Map<string, AccessReport[]>();
  /** Locks every caller holds when it calls the function: a helper inherits them. */
  readonly inheritedLocks = new FnTable<string[]>();
  private findings!: Findings;
  /** Per function, its reported accesses by container (what `update` takes out and puts back). */
  private readonly contributions = new FnTable<Contribution>();
  /** Per container, the functions with accesses of it. */
  private readonly accessors = new Map<string, Set<FnInfo>>();
  private readonly byPath = new Map<string, FileAccess[]>();
  /** Position of each container in report.containers (the set of containers is fixed in place). */
  private containerIndex = new Map<string, number>();

  constructor(files: FileSummary[], readonly options: AnalysisOptions) {
    this.rebuild(files);
  }

  /** Limits that cut the analysis short, for the CLI's and the server's messages. */
  limitsHit(): string[] {
    const out: string[] = [];
    if (this.helpers.truncated) out.push(`helper propagation stopped at ${this.helpers.truncated} function(s) with too many accesses: their callers' lists are partial`);
    if (this.findings.truncated) out.push('the race search stopped at its state limit on some thread: findings may be missing');
    return out;
  }

  /** The function of that qualname in the file; with `endLine`, the definition ending there
   *  (a property's getter and setter share a qualname: the last one binds it). */
  fnAt(file: FileSummary, qualname: string, endLine?: number): FnInfo | undefined {
    const fn = this.program.fnNamed(file.module, qualname);
    if (endLine === undefined || !fn || fn.s.endLine === endLine) return fn;
    return this.program.functionsOf(file).find(f => f.s.qualname === qualname && f.s.endLine === endLine) ?? fn;
  }

  displayName(cid: string): string {
    const c = this.program.containers.get(cid);
    return c ? (c.ownerKind === 'module' ? c.attr : `${c.owner}.${c.attr}`) : cid;
  }

  /** A container's entry in report.containers. */
  containerReportOf(id: string): ContainerReport | undefined {
    const i = this.containerIndex.get(id);
    return i === undefined ? undefined : this.report.containers[i];
  }

  /** Accesses in a file, for hovers and highlights (in the order a SnapshotView gives them). */
  accessesIn(path: string): FileAccess[] {
    let l = this.byPath.get(path);
    if (!l) {
      l = [];
      const file = this.program.fileAt(path);
      for (const fn of file ? this.program.functionsOf(file) : []) {
        const c = this.contributions.get(fn);
        if (c) c.cids.forEach((container, i) => { for (const access of c.lists[i]) l!.push({ container, access }); });
      }
      this.byPath.set(path, l.sort(compareFileAccesses));
    }
    return l;
  }

  fileReport(path: string): FileReport | undefined {
    const f = this.report.files[this.program.pathOrder(path)];
    return f?.path === path ? f : this.report.files.find(x => x.path === path);
  }

  threadEntry(id: string): ReportPosition | undefined {
    const t = this.threads.byId.get(id);
    const e = t && t.kind !== 'main' ? t.entries[0] : undefined;
    return e ? { path: e.file.path, line: e.s.line } : undefined;
  }

  threadPaths(path: string, symbol: SymbolInfo): Record<string, string[]> {
    const out = nameTable<string[]>();
    const file = this.program.fileAt(path);
    const fn = file && symbol.kind !== 'class' ? this.fnAt(file, symbol.qualname, symbol.endLine) : undefined;
    if (fn) for (const t of symbol.threads) out[t] = this.threads.callPath(t, fn);
    return out;
  }

  ownContainers(path: string, byClass?: Map<ClassInfo, string[]>): string[] {
    const file = this.program.fileAt(path);
    if (!file) return [];
    const own = new Set<string>();
    for (const c of file.classes) {
      const info = this.program.classNamed(file.module, c.qualname);
      if (!info) continue;
      for (const k of this.program.mro(info)) for (const id of this.classContainers(k, byClass)) own.add(id);
    }
    for (const g of Object.keys(file.globals)) if (this.program.containers.has(`${file.module}.${g}`)) own.add(`${file.module}.${g}`);
    return [...own];
  }

  /** The containers a class itself defines (the engine's own container table: it also knows
   *  containers typed by a dict subclass); remembered in `byClass` when given (a whole
   *  program's files share their bases). */
  private classContainers(k: ClassInfo, byClass?: Map<ClassInfo, string[]>): string[] {
    let ids = byClass?.get(k);
    if (!ids) {
      ids = this.program.containersOfClass(k);
      byClass?.set(k, ids);
    }
    return ids;
  }

  /** What a results snapshot keeps for the views beside the report (views.ts). */
  viewTables(): ViewTables {
    const r = this.report;
    const entryLines = Int32Array.from(r.threads, t => this.threadEntry(t.id)?.line ?? 0);
    const fnNames = this.program.fnList.map(fn => fn.s.qualname);
    const symbols = symbolsInOrder(r.files);
    const symbolFns = new Int32Array(symbols.reduce((n, l) => n + l.length, 0));
    let k = 0;
    r.files.forEach((f, i) => {
      const file = this.program.fileAt(f.path);
      for (const s of symbols[i]) symbolFns[k++] = file && s.kind !== 'class' ? this.fnAt(file, s.qualname, s.endLine)?.ord ?? -1 : -1;
    });
    const reach = r.threads.map(t => {
      const parents = this.threads.parentsOf(t.id);
      const pairs = new Int32Array((parents?.size ?? 0) * 2);
      let o = 0;
      parents?.forEach((parent, fn) => { pairs[o++] = fn.ord; pairs[o++] = parent ? parent.ord : -1; });
      return pairs;
    });
    const byClass = new Map<ClassInfo, string[]>();
    return { entryLines, fnNames, symbolFns, reach, own: r.files.map(f => this.ownContainers(f.path, byClass)) };
  }

  private rebuild(files: FileSummary[]): void {
    const sorted = [...files].sort((a, b) => a.path.localeCompare(b.path));
    this.program = new Program(sorted);
    this.graph = new CallGraph(this.program);
    this.helpers = new HelperSummaries(this.program, this.graph);
    this.threads = new ThreadModel(this.program, this.graph, this.options);
    this.inheritedLocks.clear();
    this.computeInheritedLocks([...this.program.fns.values()]);
    this.contributions.clear();
    this.accessors.clear();
    this.accessesByContainer.clear();
    this.byPath.clear();
    for (const fn of this.program.fns.values()) this.contribute(fn);
    for (const cid of this.program.containers.keys()) this.sortAccesses(cid);
    this.findings = new Findings(this.program, this.graph, this.helpers, this.threads, id => this.displayName(id));
    const r = this.report;
    r.mainThread = this.threads.main.id;
    r.files = sorted.map(f => this.makeFileReport(f));
    r.threads = this.threadReports();
    r.containers = this.containerReports();
    this.containerIndex = new Map(r.containers.map((c, i) => [c.id, i]));
  }

  /** Where the findings stand now, for `findingChangesSince`. */
  findingsMark(): FindingsMark {
    return { findings: this.findings, generation: this.findings.generation };
  }

  /** The findings removed and added since `mark`, or undefined when the consumer must start
   *  over from report.findings (a rebuild came since, or the log no longer reaches back). */
  findingChangesSince(mark: FindingsMark | undefined): FindingChanges | undefined {
    return mark && mark.findings === this.findings ? this.findings.changesSince(mark.generation) : undefined;
  }

  private rebuildWith(files: FileSummary[]): UpdateStats {
    this.rebuild(files);
    return { mode: 'rebuilt', functions: this.program.fns.size, containers: this.program.containers.size, threadsRedone: true, findings: 'all' };
  }

  /** The lock each lock text of fn (at its calls and accesses) takes, as findings compare them. */
  private lockIdentities(fn: FnInfo): Map<string, string> {
    const m = new Map<string, string>();
    for (const held of [fn.s.calls, fn.s.accesses]) for (const x of held) for (const l of x.locks) if (!m.has(l)) m.set(l, this.program.lockIds(fn, l).join('|'));
    return m;
  }

  /** What ownership answers of a function: whether it lets its object go (when some fresh
   *  local's ownership has asked), and whether each of its fresh locals is its own. */
  private ownershipKey(fn: FnInfo, consulted: boolean, attrs: string[]): string {
    const made = fn.s.made;
    // (and whether it hands its object, or a part of it, to a thread: what its callers' leaking
    // reads, Program.handsToThreads)
    const leaks = consulted ? `${this.program.leaks(fn)}${this.program.handsToThreads(fn)}` : '-';
    // (and of the objects `self.<attr>.…` it uses, before or after the edit, whether its instance
    // made them for itself)
    const owned = attrs.map(a => `${a}=${this.program.ownedHere(fn, a)}`).join(',');
    // (and of its calls straight on what a constructor call made, which object they run on)
    let chained = '';
    for (const c of this.graph.calls.get(fn) ?? []) if (c.site.callee.root.startsWith('<call:')) chained += this.program.calledOnMade(fn, c.site, c.targets) ? '1' : '0';
    // (and whether it is a factory its callers' locals are new objects from, if one asked)
    const factory = this.program.consultedAsFactory(fn) ? String(this.program.factory(fn)) : '-';
    // (and, for a constructor's, whether it hands its object on itself: Program.leaksFromInit)
    const selfGo = this.program.consultedForSelf(fn) ? String(this.program.letsSelfGo(fn)) : '-';
    // (and which of its parameters keep what they are lent, Program.keepsParam: its callers'
    // lent objects stay theirs through it)
    const kept = !this.program.consultedForKept(fn) ? '-' : fn.s.keptParams ? fn.s.keptParams.map(p => `${p}=${this.program.keepsParam(fn, p)}`).join(',') : '';
    return `${leaks}|${selfGo}|${made ? Object.keys(made).map(r => `${r}=${this.program.madeLocal(fn, r)}`).join(',') : ''}|${owned}|${chained}|${factory}|${kept}`;
  }

  /** Whether update(path, next) can work in place (else it rebuilds everything). */
  fitsInPlace(path: string, next: FileSummary | undefined): boolean {
    // Keys are computed on demand (memoized per summary, which the passes never change): a
    // whole program's keys cost as much as its call resolution, and most files are never edited.
    const old = this.program.fileAt(path);
    return !!next && !!old && sameDeclarations(old, next);
  }

  /** A file's new summary (or its removal, `next` undefined; or a new file): applied in place
   *  when its declarations are unchanged, which is what typing in a body does. The result is
   *  the same as a fresh Analysis over the new set of files (the incremental tests check it). */
  update(path: string, next: FileSummary | undefined): UpdateStats {
    const old = this.program.fileAt(path);
    const fns = old ? this.program.functionsOf(old) : [];
    const startsBefore = fns.map(fn => this.threads.startKey(fn));
    // what ownership (Program.madeLocal) reads of the functions whose bodies change, before
    const inPlace = !!old && !!next && this.fitsInPlace(path, next);
    // (whether leaks() was ever asked of it, taken first: the keys themselves ask it of callees)
    const consulted = fns.map(fn => this.program.consulted(fn));
    // The functions whose bodies changed, not only moved (a new line above shifts the rest of
    // the file: their answers are the same, and working out their keys was a tenth of a
    // keystroke), and the closures of those, which resolve names through their locals.
    // (a join a function waits for itself, typed in or out, is a change of its body: shape.ownJoins)
    const joinsMoved = inPlace ? fns.map((_, j) => ownJoins(old!.functions[j]) !== ownJoins(next!.functions[j])) : [];
    const keyed = inPlace ? bodiesChanged(fns, old!, next!, joinsMoved) : [];
    const ownedAttrs = inPlace ? fns.map((fn, j) => (keyed[j] ? selfAttrsUsed(this.program.selfName(fn), old!.functions[j], next!.functions[j]) : [])) : [];
    const ownershipBefore = inPlace ? fns.map((fn, j) => (keyed[j] ? this.ownershipKey(fn, consulted[j], ownedAttrs[j]) : '')) : [];
    // what the changed functions pass to constructors that type things from their parameters
    // (Program.passed), and what calls of them make (Program.returnValues): other functions'
    // containers, calls and call results depend on them
    // (and whether a nested function calls what its enclosing one wraps: a decorator's wrapper,
    // which calls of the functions it decorates run, Program.decoratorWrappers)
    const typesKey = (fn: FnInfo) => `${this.program.constructionKey(fn)}\n${this.program.returnKey(fn)}\n${fn.s.elementAdds?.join(',') ?? ''}\n${this.program.callsWrapped(fn)}`;
    const typesBefore = inPlace ? fns.map((fn, j) => (keyed[j] ? typesKey(fn) : undefined)) : [];
    // which lock each lock text of the changed functions takes (`with m.lock:` once m's type changes)
    const locksBefore = inPlace ? fns.map((fn, j) => (keyed[j] ? this.lockIdentities(fn) : undefined)) : [];
    // (such joins are applied in place with the body, but not in a method another function
    // acquires through)
    if (inPlace && fns.some((fn, j) => joinsMoved[j] && this.program.acquiredThroughBy(fn))) return this.rebuildWith(this.program.files.filter(f => f.path !== path).concat([next!]));
    if (!old || !next || !inPlace || !this.program.replaceFile(old, next)) return this.rebuildWith(this.program.files.filter(f => f.path !== path).concat(next ? [next] : []));
    this.program.resetInference();
    if (fns.some((fn, j) => typesBefore[j] !== undefined && typesBefore[j] !== typesKey(fn))) return this.rebuildWith(this.program.files.slice());
    // Only the functions whose bodies changed are redone (and closures inside them): a keystroke
    // changes one function, a new line moves the ones below it.
    // Those that only moved (same body, lines shifted: a new line above them) are shifted in
    // place, their entries and reports alike, and are redone only for the findings.
    const changedSet = new Set<FnInfo>();
    const shift = new Map<FnInfo, number>();
    const localsChanged = new Set<FnInfo>();
    fns.forEach((fn, j) => {
      if (!joinsMoved[j] && sameBody(old.functions[j], next.functions[j])) return;
      const d = joinsMoved[j] ? undefined : lineShift(old.functions[j], next.functions[j]);
      if (d === undefined) changedSet.add(fn); else shift.set(fn, d);
      if (!sameStrings(old.functions[j].locals, next.functions[j].locals)) localsChanged.add(fn);
    });
    for (const fn of fns) for (let p = fn.parent; p && !changedSet.has(fn); p = p.parent) if (changedSet.has(p)) { changedSet.add(fn); shift.delete(fn); }
    const changed = fns.filter(fn => changedSet.has(fn));
    // Ownership (Program.madeLocal) of a function's fresh locals reads what made them and the
    // methods called on them, and whether those let their object go (Program.leaks): an edit
    // that changes any of it for a changed function redoes every finding (typing elsewhere in
    // it does not). Leaking depends only on the methods' own bodies and those they call on
    // self, so unless a changed function's leaking changed, no other function's did.
    this.program.resetOwnership();
    const ownership = fns.some((fn, j) => ownershipBefore[j] !== '' && ownershipBefore[j] !== this.ownershipKey(fn, consulted[j], ownedAttrs[j]));
    // A lock text still written the same that now takes another lock: the visits' held locks
    // (Findings) and the callees' inherited ones are redone, every finding with them.
    const locksMoved = fns.some((fn, j) => {
      const before = locksBefore[j];
      if (!before) return false;
      for (const [text, id] of this.lockIdentities(fn)) if (before.has(text) && before.get(text) !== id) return true;
      return false;
    });
    // A method that starts or stops calling the method it overrides (super() or Base.m(self))
    // changes which subclass containers the overridden methods up its MRO write, and which
    // subclass methods their calls on self reach (Program.overriddenAway): they are redone too,
    // wherever they are.
    fns.forEach((fn, j) => {
      if (!fn.cls || !changedSet.has(fn) || callsUp(old.functions[j]) === callsUp(next.functions[j])) return;
      for (const k of this.program.mro(fn.cls).slice(1)) {
        const m = k.methods.get(fn.s.name);
        if (m && !changedSet.has(m)) { changedSet.add(m); changed.push(m); }
      }
    });
    const movedFns = [...shift.keys()];
    for (const [fn, d] of shift) {
      this.graph.moved(fn);
      this.helpers.moved(fn, d);
      // (the reports read their lines from those sites: shifted with the rest of the file below
      // the edit, they keep their place in the containers' lists)
    }
    if (movedFns.length) this.byPath.delete(path);
    // what the changed functions called before: those callees lose callers (inherited locks)
    const calleesBefore = changed.flatMap(fn => this.graph.callees(fn));
    // (which functions with a lock parameter each changed one calls: verifyLockParams)
    const lockFns = this.program.lockParamFunctions();
    const lockCallees = (fn: FnInfo) => this.graph.callees(fn).filter(c => lockFns.has(c)).map(c => c.key).sort().join('|');
    const lockCalleesBefore = lockFns.size ? changed.map(lockCallees) : undefined;
    const change = this.graph.refresh(changed);
    // (constructions of a class whose objects make their own lock: it may have become one per
    // object, or stopped being, findings.racesOf's guards)
    const perObjectMoved = change.constructions && change.constructed.some(c => this.program.makesOwnLock(c));
    // (a caller of a function with a lock parameter gained or lost, which may hand it no lock:
    // verifyLockParams decides over every call, at a rebuild)
    if (change.edges && lockCalleesBefore && changed.some((fn, i) => lockCallees(fn) !== lockCalleesBefore[i])) return this.rebuildWith(this.program.files.slice());
    const redone = this.helpers.refresh(changed, localsChanged);
    let threadsRedone = change.edges || change.loops || change.constructions || fns.some((fn, i) => this.threads.startKey(fn) !== startsBefore[i]);
    const placed = threadsRedone ? 'regroup' : this.threads.reposition(new Set([...changed, ...movedFns]));
    if (placed === 'regroup') threadsRedone = true;
    const prev = this.threads;
    const entriesBefore = threadsRedone ? threadEntryFns(prev) : undefined;
    // a new model from the previous one: only the threads that reach a changed function (or
    // whose entries changed) are propagated again
    if (threadsRedone) this.threads = new ThreadModel(this.program, this.graph, this.options, { model: prev, calleesChanged: change.edges ? changedSet : new Set() });
    const threadChanges = threadsRedone ? this.threads.changes! : undefined;
    // Functions whose reported accesses change: redone summaries, new inherited locks, new threads.
    const touched = new Set<FnInfo>(redone);
    if (threadsRedone || change.context || localsChanged.size || locksMoved) {
      // Inherited locks come down from callers, and a thread's entry inherits none: redone for
      // what the changed functions reach, what they called before, and entries gained or lost.
      // (A caller's locals decide which of its lock names mean the same in a callee: frameBound.)
      const from = new Set<FnInfo>(change.context || locksMoved ? [...changed, ...calleesBefore] : localsChanged);
      if (entriesBefore) {
        const now = threadEntryFns(this.threads);
        for (const fn of now) if (!entriesBefore.has(fn)) from.add(fn);
        for (const fn of entriesBefore) if (!now.has(fn)) from.add(fn);
      }
      const reach = this.graph.closure(from, 'callees');
      const locksBefore = new Map([...reach].map(fn => [fn, (this.inheritedLocks.get(fn) ?? []).join(',')]));
      this.computeInheritedLocks([...reach]);
      for (const fn of reach) if ((this.inheritedLocks.get(fn) ?? []).join(',') !== locksBefore.get(fn)) touched.add(fn);
    }
    for (const fn of threadChanges?.threadsChanged ?? []) touched.add(fn);
    if (threadsRedone) for (const fn of this.threads.machineryChanged(prev)) touched.add(fn);
    for (const fn of threadChanges?.receiversChanged ?? []) touched.add(fn);
    // Containers whose reported accesses changed (findings and lists redone), and those whose
    // definition moved (their entry redone).
    const dirty = new Set<string>();
    const moved = new Set<string>();
    for (const c of this.program.containersIn(path)) {
      const was = this.report.containers[this.containerIndex.get(c.id)!]?.definedAt;
      if (!was || was.line !== c.line) moved.add(c.id);
    }
    // Per dirty container, the entries going out and coming in: merged into its sorted list.
    const changes = new Map<string, { out: Set<AccessReport>; in: AccessReport[] }>();
    for (const fn of touched) {
      const was = this.contributions.get(fn);
      this.uncontribute(fn);
      this.contribute(fn);
      const now = this.contributions.get(fn);
      for (const cid of new Set([...was?.cids ?? [], ...now?.cids ?? []])) {
        const a = was?.get(cid) ?? [], b = now?.get(cid) ?? [];
        // unchanged: the old entries stay (they are the ones the container's list holds)
        // (reading the new helper entries, equal to the old: those are the ones moved() shifts)
        if (sameAccessLists(a, b)) { if (a.length) { a.forEach((x, i) => (x as AccessEntry).rebase(b[i] as AccessEntry)); now!.set(cid, a); } continue; }
        dirty.add(cid);
        let c = changes.get(cid);
        if (!c) changes.set(cid, (c = { out: new Set(), in: [] }));
        for (const x of a) c.out.add(x);
        c.in.push(...b);
      }
    }
    for (const [cid, c] of changes) this.mergeAccesses(cid, c.out, c.in);
    // Findings: all of them with a new thread model (or after a truncated traversal), else those
    // of the containers whose accesses for findings changed, and the check-then-act tests of
    // redone functions on dirty containers (their act may be a helper's write). Their accessors
    // are the functions whose own accesses touch them, and the redone ones.
    // With other threads or call edges, the traversals that can differ are redone first (the
    // threads that changed or reach a changed function); what their visits changed is redone.
    const dirtyVisits = (threadsRedone || change.context) && !this.findings.truncated
      ? this.findings.retraverse(this.threads, change.context ? changedSet : new Set()) : undefined;
    // (a module's top-level calls that start threads or keep joins, Findings.besideThreads:
    // an edit of the module's own code, or of what a function keeps joined at its end)
    const moduleCode = dirtyVisits !== 'all' && this.findings.moduleCodeChangedAt(fns.filter((fn, j) => changedSet.has(fn)
      && (fn.s.kind === 'module' || `${old.functions[j].joinsKept ?? ''}` !== `${next.functions[j].joinsKept ?? ''}`)));
    let findings: number | 'all' = 0;
    // (a thread its starters wait for is apart from their thread only while they run on it alone)
    const confinedMoved = threadsRedone && this.threads.confinementChanged(prev);
    if (dirtyVisits === 'all' || this.findings.truncated || ownership || locksMoved || perObjectMoved || moduleCode || confinedMoved) {
      this.findings.compute(undefined, this.threads);
      findings = 'all';
    } else {
      const redo = new Set(this.helpers.findingsChanged);
      const checkers = new Set<FnInfo>();
      for (const fn of dirtyVisits ?? []) for (const e of this.helpers.accessesForFindings(fn)) redo.add(e.container);
      if (threadChanges) for (const fn of this.checksByThreads(prev, threadChanges)) {
        checkers.add(fn);
        for (const e of this.helpers.accessesForFindings(fn)) if (e.check) redo.add(e.container);
      }
      for (const fn of redone) for (const e of this.helpers.accessesForFindings(fn)) if (e.check && dirty.has(e.container)) redo.add(e.container);
      // a helper's test and write of a container it is given: quoted by the findings of the
      // functions that give it one (their entries, without positions, may not have changed)
      for (const fn of new Set([...changed, ...movedFns])) for (const c of this.helpers.checkersThrough(fn)) {
        checkers.add(c);
        for (const e of this.helpers.accessesForFindings(c)) if (e.check) redo.add(e.container);
      }
      // moved functions: the findings their accesses are in (positions are in the findings),
      // redone or not: a moved function that is also redone (a callee's entries changed) had
      // its entries shifted before the refresh compared them, so findingsChanged, which
      // compares without the move, does not see its positions change
      for (const fn of movedFns) for (const e of this.helpers.accessesForFindings(fn)) redo.add(e.container);
      if (redo.size) {
        const accessors = new Set<FnInfo>([...redone, ...movedFns, ...checkers]);
        for (const cid of redo) for (const fn of this.accessors.get(cid) ?? []) if (this.helpers.accessesForFindings(fn).some(e => e.container === cid)) accessors.add(fn);
        this.findings.compute({ containers: redo, accessors });
        findings = redo.size;
      }
    }
    const r = this.report;
    const i = r.files.findIndex(f => f.path === path);
    if (threadsRedone || placed === 'moved') r.threads = this.threadReports();
    if (threadsRedone) {
      r.mainThread = this.threads.main.id;
      const files = new Set([...touched].map(fn => fn.file.path));
      r.files = r.files.map(f => (files.has(f.path) ? this.makeFileReport(this.program.fileAt(f.path)!) : f));
    }
    r.files[i] = this.makeFileReport(next);
    for (const id of new Set([...dirty, ...moved])) r.containers[this.containerIndex.get(id)!] = this.containerReport(id);
    return { mode: 'in place', functions: redone.size, moved: movedFns.length, containers: dirty.size, threadsRedone, findings, ...(ownership ? { ownership } : {}) };
  }

  /** Functions with check-then-act tests whose result a new thread model can change without a
   *  change of visits: other thread ids, a thread of theirs replaced (other instances), or
   *  another call path on their first thread (the one their findings show). */
  private checksByThreads(prev: ThreadModel, changes: ThreadChanges): FnInfo[] {
    const out: FnInfo[] = [];
    const idsChanged = new Set(changes.threadsChanged);
    for (const fn of this.helpers.checkers) {
      if (idsChanged.has(fn)) { out.push(fn); continue; }
      // (loops, not map/find: this runs for every checker at every keystroke that redoes threads)
      const ids = this.threads.threadIds(fn);
      let first: ThreadEntry | undefined, replaced = false;
      for (const id of ids) {
        const t = this.threads.byId.get(id)!;
        if (t !== prev.byId.get(id)) { replaced = true; break; }
        if (!first && t.kind !== 'process') first = t;
      }
      if (replaced || (first && this.threads.pathChanged(first.id, fn))) out.push(fn);
    }
    return out;
  }

  private contribute(fn: FnInfo): void {
    const mine = new Map<string, AccessReport[]>();
    // (Thread's machinery, threading.py analyzed: its `self.run()` reaches every run(), whose
    // accesses each thread's own run() reports; its own accesses stay)
    const machinery = this.threads.isMachinery(fn);
    for (const e of this.helpers.effective.get(fn) ?? []) {
      if (e.container.startsWith(PARAM_PREFIX) || (machinery && e.via.length)) continue;
      let l = mine.get(e.container);
      if (!l) mine.set(e.container, (l = []));
      l.push(this.accessReport(fn, e));
    }
    if (!mine.size) return;
    // exact-size lists (grown by push they keep room for 16 more): there are tens of thousands
    const c = new Contribution([...mine.keys()], [...mine.values()].map(l => l.slice()));
    this.contributions.set(fn, c);
    for (const cid of c.cids) {
      let s = this.accessors.get(cid);
      if (!s) this.accessors.set(cid, (s = new Set()));
      s.add(fn);
    }
    this.byPath.delete(fn.file.path);
  }

  private uncontribute(fn: FnInfo): void {
    const mine = this.contributions.get(fn);
    this.byPath.delete(fn.file.path);
    if (!mine) return;
    for (const cid of mine.cids) this.accessors.get(cid)?.delete(fn);
    this.contributions.delete(fn);
  }

  private sortAccesses(cid: string): void {
    const all: AccessReport[] = [];
    for (const fn of this.accessors.get(cid) ?? []) all.push(...this.contributions.get(fn)!.get(cid)!);
    this.accessesByContainer.set(cid, all.sort(this.compareAccesses));
  }

  /** A container's sorted list with some entries out and others in: a merge, not a re-sort
   *  (a helper like re.compile puts tens of thousands of accesses in one container, and a new
   *  line in a file that calls it moves only that file's). */
  private mergeAccesses(cid: string, out: Set<AccessReport>, added: AccessReport[]): void {
    const kept = (this.accessesByContainer.get(cid) ?? []).filter(a => !out.has(a));
    added.sort(this.compareAccesses);
    const merged: AccessReport[] = [];
    let i = 0, j = 0;
    while (i < kept.length && j < added.length) merged.push(this.compareAccesses(kept[i], added[j]) <= 0 ? kept[i++] : added[j++]);
    while (i < kept.length) merged.push(kept[i++]);
    while (j < added.length) merged.push(added[j++]);
    this.accessesByContainer.set(cid, merged);
  }

  /** A total order, so the list is the same however it was assembled (full build or update);
   *  files in the program's order (sorted by path), which is cheaper than comparing paths. */
  private readonly compareAccesses = (a: AccessReport, b: AccessReport): number =>
    (a.path === b.path ? 0 : this.program.pathOrder(a.path) - this.program.pathOrder(b.path)) || compareInFile(a, b);

  private containerReports(): ContainerReport[] {
    return [...this.program.containers.keys()].sort((a, b) => a.localeCompare(b)).map(id => this.containerReport(id));
  }

  private containerReport(id: string): ContainerReport {
    const c = this.program.containers.get(id)!;
    const accesses = this.accessesByContainer.get(id) ?? [];
    return { id: c.id, owner: c.owner, ownerKind: c.ownerKind, attr: c.attr, type: c.type, definedAt: { path: c.path, line: c.line }, accesses };
  }

  private threadReports(): ThreadReport[] {
    return this.threads.threads.map(th => ({
      id: th.id, name: th.name, kind: th.kind, entry: th.kind === 'main' ? '' : th.entries.map(e => e.s.qualname).join(', '),
      ...(th.kind !== 'main' && th.entries[0] ? { entryPath: th.entries[0].file.path } : {}),
      instances: th.instances, startedAt: th.startedAt, ...(th.ownParams ? { ownParams: th.ownParams } : {}),
    }));
  }

  private makeFileReport(f: FileSummary): FileReport {
    return { path: f.path, module: f.module, lines: f.lines, errors: f.errors, warnings: f.warnings, symbols: this.symbolsWithThreads(f, f.symbols) };
  }

  /** Inherited locks of the given functions (and only those: the others' stay), from their
   *  callers' sites, callers before callees. */
  private computeInheritedLocks(fns: FnInfo[]): void {
    const wanted = new Set(fns);
    for (const fn of fns) this.inheritedLocks.delete(fn);
    const entries = threadEntryFns(this.threads);
    const sites = new Map<FnInfo, { caller: FnInfo; locks: string[]; frame: SiteFrame; self?: string }[]>();
    for (const fn of fns) {
      const list: { caller: FnInfo; locks: string[]; frame: SiteFrame; self?: string }[] = [];
      for (const caller of this.graph.callers.get(fn) ?? []) {
        // Lock texts mean the same in the callee only for calls on self or plain function calls.
        const self = this.program.methodOf(caller)?.s.selfParam;
        for (const c of this.graph.calls.get(caller) ?? []) {
          if (!c.targets.some(t => t.fn === fn)) continue;
          // (a closure of the caller sees the caller's names: the same frame, for lock texts)
          const bare = c.site.callee.attrs.length === 0;
          const sameObject = bare || (c.site.callee.attrs.length === 1 && (c.site.callee.root === self || c.site.callee.root === '<super>'));
          // Which of the caller's lock names mean the same lock in the callee: all of them in a
          // closure of the caller (it sees the caller's names); on a call on self, self's and the
          // module's; on any other plain call (`f(x)`, a constructor `Worker(self)`: another
          // frame, another self) only the module's.
          const frame: SiteFrame = !sameObject ? 'none' : bare ? (enclosedBy(fn, caller) ? 'same' : 'module') : 'self';
          for (const t of c.targets) if (t.fn === fn) list.push({ caller, locks: sameObject ? c.locks : [], frame, self });
        }
      }
      sites.set(fn, list);
    }
    // Callers before callees.
    const comps = this.graph.sccs();
    for (let i = comps.length - 1; i >= 0; i--) for (const fn of comps[i]) {
      if (!wanted.has(fn)) continue;
      const list = sites.get(fn);
      if (!list?.length || entries.has(fn)) continue;
      // (compared as findings compare locks: by identity, each in its caller's names)
      let common: { text: string; ids: readonly string[] }[] | undefined;
      for (const s of list) {
        // held at the call, or inherited by the caller: those whose names mean the same there
        const held = [...new Set([...s.locks, ...(this.inheritedLocks.get(s.caller) ?? [])])]
          .filter(l => s.frame === 'same' || !frameBound(s.caller, l) || (s.frame === 'self' && lockRoots(l).every(r => r === s.self || !boundIn(s.caller, r))))
          .map(text => ({ text, ids: this.program.lockIds(s.caller, text) }));
        common = common ? common.filter(l => held.some(h => h.ids.some(id => l.ids.includes(id)))) : held;
        if (!common.length) break;
      }
      if (common?.length) this.inheritedLocks.set(fn, common.map(l => l.text).sort());
    }
  }

  private accessReport(fn: FnInfo, e: EffectiveAccess): AccessReport {
    const inherited = this.inheritedLocks.get(fn);
    // (an entry made only on objects of some classes: on the threads that run fn on one)
    return new AccessEntry(fn, e, e.receivers ? this.threads.threadIdsOn(fn, e.receivers) : this.threads.threadIds(fn), shownLocks(inherited ? [...new Set([...e.locks, ...inherited])] : e.locks));
  }

  private symbolsWithThreads(f: FileSummary, syms: SymbolInfo[]): SymbolInfo[] {
    return syms.map(s => {
      const fn = s.kind === 'class' ? undefined : this.fnAt(f, s.qualname, s.endLine);
      // (a literal, not a spread: this runs over the edited file's symbols at every keystroke)
      // (the summary's key order, so the JSON output is unchanged)
      const r: SymbolInfo = { kind: s.kind, name: s.name, qualname: s.qualname, line: s.line, endLine: s.endLine, column: s.column,
        threads: fn ? this.threads.threadIds(fn) : [], children: this.symbolsWithThreads(f, s.children) };
      if (s.bases) r.bases = s.bases;
      if (s.decorators) r.decorators = s.decorators;
      if (s.async !== undefined) r.async = s.async;
      if (s.staticmethod !== undefined) r.staticmethod = s.staticmethod;
      if (s.classmethod !== undefined) r.classmethod = s.classmethod;
      if (s.property !== undefined) r.property = s.property;
      return r;
    });
  }
}

/** Per function of a file (fns, in its summary's order), whether its body changed between the
 *  two summaries, not only moved (lineShift), or the joins it waits for itself did
 *  (`joinsMoved`), or it is a closure of one that did. */
function bodiesChanged(fns: FnInfo[], old: FileSummary, next: FileSummary, joinsMoved: boolean[]): boolean[] {
  const at = new Map(fns.map((fn, j) => [fn, j]));
  const own = fns.map((_, j) => joinsMoved[j] || (!sameBody(old.functions[j], next.functions[j]) && lineShift(old.functions[j], next.functions[j]) === undefined));
  return fns.map((fn, j) => {
    if (own[j]) return true;
    for (let p = fn.parent; p; p = p.parent) { const i = at.get(p); if (i !== undefined && own[i]) return true; }
    return false;
  });
}

/** A reported access, read from the helper entry it reports (its site, op, key, value and
 *  chain) and the function it is in, not copied from them: a copy of those fields for each of
 *  the stdlib's 171,527 accesses was 29 MB, a sixth of the whole live heap. Its threads and
 *  locks are those of the analysis that made it (an update makes new entries for what changed
 *  and compares them with the old ones). A moved function's sites are shifted in place
 *  (HelperSummaries.moved), its entries with them. JSON (the CLI's, the tests') comes from
 *  `toJSON`, with the optional fields only when set. */
class AccessEntry implements AccessReport {
  readonly #fn: FnInfo;
  #e: EffectiveAccess;
  constructor(fn: FnInfo, e: EffectiveAccess, readonly threads: string[], readonly locks: string[]) {
    this.#fn = fn;
    this.#e = e;
  }
  /** Reads `other`'s helper entry, equal to its own field for field. */
  rebase(other: AccessEntry): void { this.#e = other.#e; }
  get path(): string { return this.#fn.file.path; }
  get line(): number { return this.#e.site.line; }
  get column(): number { return this.#e.site.column; }
  get endLine(): number { return this.#e.site.endLine; }
  get endColumn(): number { return this.#e.site.endColumn; }
  get access(): 'read' | 'write' { return this.#e.access; }
  get op(): string { return this.#e.op; }
  get function(): string { return this.#fn.s.qualname; }
  get via(): string[] { return this.#e.via; }
  get key(): string | undefined { return this.#e.key; }
  get value(): string | undefined { return this.#e.value; }
  get readWrite(): true | undefined { return this.#e.readWrite ? true : undefined; }

  toJSON(): AccessReport {
    const e = this.#e, s = e.site;
    const r: AccessReport = {
      path: this.#fn.file.path, line: s.line, column: s.column, endLine: s.endLine, endColumn: s.endColumn,
      access: e.access, op: e.op, function: this.#fn.s.qualname, threads: this.threads, via: e.via, locks: this.locks,
    };
    if (e.key !== undefined) r.key = e.key;
    if (e.value !== undefined) r.value = e.value;
    if (e.readWrite) r.readWrite = true;
    return r;
  }
}

/** A function's reported accesses, per container it touches: in two lists, not a Map per
 *  function (those were 2 MB of hash tables for the stdlib's 7,800 such functions, most
 *  touching one or two containers). */
class Contribution {
  constructor(readonly cids: string[], readonly lists: AccessReport[][]) {}
  get(cid: string): AccessReport[] | undefined {
    const i = this.cids.indexOf(cid);
    return i < 0 ? undefined : this.lists[i];
  }
  set(cid: string, l: AccessReport[]): void { this.lists[this.cids.indexOf(cid)] = l; }
}

/** How a call site's frame relates to its callee's, for lock names (computeInheritedLocks). */
type SiteFrame = 'same' | 'self' | 'module' | 'none';

function enclosedBy(fn: FnInfo, outer: FnInfo): boolean {
  for (let p = fn.parent; p; p = p.parent) if (p === outer) return true;
  return false;
}

/** A lock text whose root is the function's own (self, a parameter or a local): it names
 *  another object, or nothing, in another function's frame. */
function frameBound(fn: FnInfo, lock: string): boolean {
  return lockRoots(lock).some(root => boundIn(fn, root));
}
const boundIn = (fn: FnInfo, root: string) => fn.s.locals.includes(root) || hasParam(fn.s, root);

/** Functions that are entries of threads other than main (they inherit no locks). */
function threadEntryFns(model: ThreadModel): Set<FnInfo> {
  return new Set(model.threads.filter(t => t.kind !== 'main').flatMap(t => t.entries));
}

/** Field by field (what JSON.stringify of both compared, without building the strings). */
function sameAccessLists(a: AccessReport[], b: AccessReport[]): boolean {
  return a.length === b.length && a.every((x, i) => {
    const y = b[i];
    return x.line === y.line && x.column === y.column && x.endLine === y.endLine && x.endColumn === y.endColumn && x.path === y.path
      && x.access === y.access && x.op === y.op && x.function === y.function && x.key === y.key && x.value === y.value
      && !x.readWrite === !y.readWrite && sameStrings(x.via, y.via) && sameStrings(x.locks, y.locks) && sameStrings(x.threads, y.threads);
  });
}


/** The attributes `self.<attr>.…` reaches through (`sp`: the name of self there, in a method
 *  or its closure), in calls or accesses of either summary. */
function selfAttrsUsed(sp: string | undefined, a: FunctionSummary, b: FunctionSummary): string[] {
  const out = new Set<string>();
  if (!sp) return [];
  for (const s of [a, b]) {
    for (const c of s.calls) if (c.callee.root === sp && c.callee.attrs.length === 2) out.add(c.callee.attrs[0]);
    for (const x of s.accesses) if (x.target.root === sp && x.target.attrs.length === 2) out.add(x.target.attrs[0]);
  }
  return [...out].sort();
}
