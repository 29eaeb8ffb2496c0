// Pass 5: race candidates, RacerD-style. Each thread's accesses are collected along call
// paths from its entry with the locks held on the way; a container written on one thread and
// touched on another (or on a many-instance thread) with no lock in common is a finding.
import type { FindingAccess, FindingReport } from './report';
import { importEnds } from './model';
import { CallGraph, ResolvedCall } from './callgraph';
import { FnInfo, ONE_INSTANCE, Program } from './program';
import { FnTable } from './fnTable';
import { bindArguments, EffectiveAccess, HelperSummaries, PARAM_PREFIX } from './summaries';
import { entryReceiver, ThreadEntry, ThreadModel } from './threads';
import { ClassInfo, ContainerInfo, inFunction } from './program';
import { sameStrings } from './shape';
import { CONSTRUCTOR_NAMES, DEQUE_ATOMIC_OPS, IMPORTED, isOrdering, STARTED } from './vocabulary';

/** One access of a container on one thread's visit of its function. Made for every visit and
 *  access of the findings' collection (200,000 on the stdlib) and dropped after it: the visit
 *  and the helper entry hold most of what it says, so it keeps them and reads through, instead
 *  of a copy of a dozen fields (and a call path array per visit) that raised the index's peak
 *  memory by tens of MB. */
class ThreadAccess {
  constructor(private readonly v: Visit, private readonly e: EffectiveAccess,
    /** Locks as shown. */
    readonly locks: string[],
    /** Locks as the engine compares them (a Condition is the lock it wraps). */
    readonly canonical: string[],
    /** Made on an object the thread's instance has for its own (Visit.own): another instance
     *  of the thread doing the same does it to another object. */
    readonly own: boolean,
    /** Through an attribute holding another's container (EffectiveAccess.viaAlias). */
    readonly viaAlias: boolean) {}
  get thread(): ThreadEntry { return this.v.thread; }
  get fn(): FnInfo { return this.v.fn; }
  get access(): 'read' | 'write' { return this.e.access; }
  get op(): string { return this.e.op; }
  get line(): number { return this.e.site.line; }
  get column(): number { return this.e.site.column; }
  /** The visit's call path; the helpers from it to the access are `via` (joined when reported). */
  get path(): string[] { return pathArray(this.v); }
  get via(): readonly string[] { return this.e.via; }
}

/** One state of a thread's traversal: the function, the locks held on the way in, and the
 *  state it was reached from (`up`: the call path is the chain up to the thread's entry, so
 *  states share their prefixes instead of copying the path at every call followed). Every state
 *  but module top level's is a visit (unless it starts a thread there: importEnds); `index` is a visit's place in the thread's traversal
 *  (threads in the model's order, then index, is the order of a full run). `setup`: running on
 *  an object being constructed (see traverseThread), whose own attributes no other thread sees. */
/** `recv`: the class of the object the function runs on there, where narrower than its own
 *  (CallGraph.eachTarget). */
interface Visit { fn: FnInfo; up: Visit | undefined; locks: string[];
  /** `held`, as one string: what the traversal tells states apart by. */
  locksKey: string; setup: boolean; thread: ThreadEntry; index: number; recv: ClassInfo | undefined;
  /** The locks held, as Program.lockIds names them (each in the frame that took it): what
   *  findings compare; `locks` are the texts shown. */
  held: string[];
  /** Names of the function that hold an object of the thread instance's own (ThreadEntry.
   *  ownParams at its entry; a method's self called on one, a parameter given one), sorted. */
  own?: string[];
  /** Names of the function that hold an object only this call chain has: a caller's new
   *  local lent to it (CallSite.lends) where it keeps the parameter (Program.keepsParam),
   *  sorted. What is done on them is done on no shared object. */
  fresh?: string[] }

function pathArray(p: Visit): string[] {
  const out: string[] = [];
  for (let n: Visit | undefined = p; n; n = n.up) out.push(n.fn.s.qualname);
  return out.reverse();
}

/** The same call path (as qualnames). */
function samePath(a: Visit | undefined, b: Visit | undefined): boolean {
  for (;;) {
    if (a === b) return true;
    if (!a || !b || (a.fn !== b.fn && a.fn.s.qualname !== b.fn.s.qualname)) return false;
    a = a.up;
    b = b.up;
  }
}

/** States (function, locks held, setup) one thread's traversal may visit: enough for every
 *  function under several lock contexts; past it the thread's findings are partial (limitsHit). */
const STATES_PER_FUNCTION = 8;
const MIN_STATES_PER_THREAD = 20000;
const CHECK_OPS = new Set(['in', 'not in', 'get', '__contains__']);
/** Handing the container on (an argument, a return, a bare reference) reads no content: no race. */
const REFERENCE_ONLY = new Set(['pass', 'ref', 'return']);
const NO_LOCKS: string[] = [];
const NO_CALLS: ResolvedCall[] = [];
/** How many helpers deep a check-then-act made on a container handed down is followed. */
const MAX_HELPER_DEPTH = 6;

/** Findings taken out and put in by recomputes: what a consumer keeping its own view of them
 *  per file (the server's diagnostics) needs to redo, without going over all of them. */
export interface FindingChanges { removed: FindingReport[]; added: FindingReport[] }

/** Recomputes remembered for `changesSince` (and the findings they may hold at most); a
 *  consumer further behind starts over. */
const MAX_LOGGED_CHANGES = 64;
const MAX_LOGGED_FINDINGS = 200_000;

interface CheckFinding { index: number; container: string; finding: FindingReport }

/** A module's top-level code that runs beside threads (Findings.besideThreads): after which
 *  top-level call, and the join ids its top-level calls keep, by the call's index. */
interface ModuleCode {
  /** The index of the top-level call after which it runs beside a thread (CallSite order),
   *  -1 where its own first start comes first (importEnds): read through the summary, so lines
   *  that only moved need nothing made again. */
  call: number;
  joins: { call: number; ids: string[] }[];
}

/** The line after which a module's code runs beside a thread. */
function moduleAfter(m: FnInfo, c: ModuleCode): number {
  return c.call < 0 ? importEnds(m.s) : Math.min(importEnds(m.s), m.s.calls[c.call].line);
}

function sameModuleCode(a: Map<FnInfo, ModuleCode>, b: Map<FnInfo, ModuleCode>): boolean {
  if (a.size !== b.size) return false;
  for (const [m, x] of a) if (!sameEntry(x, b.get(m))) return false;
  return true;
}

function sameEntry(x: ModuleCode | undefined, y: ModuleCode | undefined): boolean {
  if (!x || !y) return x === y;
  return x.call === y.call && x.joins.length === y.joins.length && x.joins.every((j, i) => j.call === y.joins[i].call && sameStrings(j.ids, y.joins[i].ids));
}

/** Findings by container, so an edit redoes only the containers whose accesses it changed. */
export class Findings {
  /** Races, by container. */
  private readonly races = new Map<string, FindingReport[]>();
  /** Check-then-act findings per function, with the check's index in its accesses (for order). */
  private readonly checks = new Map<FnInfo, CheckFinding[]>();
  /** A thread's traversal hit its state limit: a partial redo could then differ from a full one. */
  get truncated(): boolean { return this.truncatedThreads.size > 0; }
  private readonly truncatedThreads = new Set<ThreadEntry>();
  /** Bumped by every compute; `changesSince` answers from the log of those after the first. */
  generation = 0;
  private readonly log: { generation: number; changes: FindingChanges }[] = [];
  /** Findings held by the log, removed and added. */
  private logged = 0;

  constructor(private readonly program: Program, private readonly graph: CallGraph, private readonly helpers: HelperSummaries,
    private threads: ThreadModel, private readonly display: (c: string) => string) {
    this.compute();
  }

  /** All findings: races by container id, then check-then-act in program order. */
  list(): FindingReport[] {
    if (this.listed) return this.listed;
    if (!this.raceOrder) this.raceOrder = [...this.races.keys()].sort((a, b) => a.localeCompare(b));
    const order = (fn: FnInfo) => this.graph.orderOf(fn);
    if (!this.checkOrder) this.checkOrder = [...this.checks.keys()].sort((a, b) => order(a) - order(b));
    // filled in place: 100,000 findings pushed one by one cost more than the rest of an edit
    const lists = this.raceOrder.map(cid => this.races.get(cid)!);
    let n = 0;
    for (const l of lists) n += l.length;
    for (const fn of this.checkOrder) n += this.checks.get(fn)!.length;
    const out: FindingReport[] = new Array(n);
    let k = 0;
    for (const l of lists) for (let i = 0; i < l.length; i++) out[k++] = l[i];
    for (const fn of this.checkOrder) for (const c of this.checks.get(fn)!) out[k++] = c.finding;
    return (this.listed = out);
  }
  private listed?: FindingReport[];

  /** The findings removed and added since generation `since` (FindingReports are never changed
   *  in place: a changed finding is a new object), or undefined when the log no longer reaches
   *  back that far: the consumer starts over from list(). */
  changesSince(since: number): FindingChanges | undefined {
    if (since < 1 || since > this.generation) return undefined;
    if (since < this.generation && (!this.log.length || this.log[0].generation > since + 1)) return undefined;
    const out: FindingChanges = { removed: [], added: [] };
    for (const e of this.log) if (e.generation > since) { out.removed.push(...e.changes.removed); out.added.push(...e.changes.added); }
    return out;
  }
  /** Functions with check-then-act findings, in program order; kept while the set stays the same. */
  private checkOrder?: FnInfo[];
  /** Containers with races, sorted; kept while the set of them stays the same. */
  private raceOrder?: string[];

  /** Redoes everything (new thread model), or only the findings of some containers, given (a
   *  superset of) the functions that access them. A partial redo keeps the full run's traversal:
   *  an in-place update that reaches here changed no call edge, call context or thread, so each
   *  thread visits the same functions with the same locks and paths; only the accesses read at
   *  the visits of the given functions are taken again, in the full run's order. */
  compute(only?: { containers: Set<string>; accessors: Iterable<FnInfo> }, threads?: ThreadModel): void {
    if (threads) this.threads = threads;
    this.startCalls.clear();
    const hadRaces = new Set(only ? [...only.containers].filter(c => this.races.has(c)) : []);
    const hadChecks = new Set(only ? [...only.accessors].filter(fn => this.checks.has(fn)) : []);
    // The findings being redone: a new one equal to an old one is the old object, so consumers
    // that follow changesSince redo only what really changed, after a full compute too.
    let oldRaces: Map<string, FindingReport[]>, oldChecks: Map<FnInfo, CheckFinding[]>;
    let visits: Visit[];
    if (only) {
      oldRaces = new Map();
      oldChecks = new Map();
      const fns = new Set(only.accessors);
      for (const cid of only.containers) {
        const l = this.races.get(cid);
        if (l) { oldRaces.set(cid, l); this.races.delete(cid); }
      }
      for (const fn of fns) {
        const l = this.checks.get(fn);
        if (!l) continue;
        const kept = l.filter(c => !only.containers.has(c.container));
        if (kept.length < l.length) oldChecks.set(fn, l.filter(c => only.containers.has(c.container)));
        if (kept.length) this.checks.set(fn, kept); else this.checks.delete(fn);
      }
      visits = [];
      for (const fn of fns) for (const v of this.visitsByFn.get(fn) ?? []) visits.push(v);
      const pos = this.threadPositions();
      visits.sort((a, b) => pos.get(a.thread)! - pos.get(b.thread)! || a.index - b.index);
    } else {
      oldRaces = new Map(this.races);
      oldChecks = new Map(this.checks);
      this.races.clear();
      this.checks.clear();
      this.checkOrder = undefined;
      this.traverse();
      visits = [];
      for (const t of this.threads.threads) for (const v of this.visitsOf.get(t) ?? []) visits.push(v);
    }
    this.listed = undefined;
    /** Old check-then-act findings kept (kept races are found by position). */
    const kept = new Set<FindingReport>();
    const added: FindingReport[] = [];
    const wanted = (cid: string) => !only || only.containers.has(cid);
    const byContainer = this.collect(visits, wanted);
    for (const [cid, list] of byContainer) {
      const races = this.racesOf(cid, list);
      if (!races.length) continue;
      const was = oldRaces.get(cid);
      for (let i = 0; i < races.length; i++) {
        if (was && i < was.length && sameFinding(was[i], races[i])) races[i] = was[i]; else added.push(races[i]);
      }
      this.races.set(cid, races);
    }
    // the sorted order stays valid when the same containers have races as before
    if (!only || [...only.containers].some(c => this.races.has(c) !== hadRaces.has(c))) this.raceOrder = undefined;
    for (const fn of only ? [...new Set(only.accessors)] : this.program.fns.values()) {
      if (!this.visitsByFn.get(fn)?.length) continue; // reached on no thread (in setup, only its shared state counts: checksOf)
      const found = this.checksOf(fn, byContainer, wanted);
      if (!found.length) continue;
      const was = oldChecks.get(fn);
      for (const c of found) {
        const same = was?.find(o => o.container === c.container && sameFinding(o.finding, c.finding));
        if (same) { c.finding = same.finding; kept.add(same.finding); } else added.push(c.finding);
      }
      this.checks.set(fn, [...(this.checks.get(fn) ?? []), ...found].sort((a, b) => a.index - b.index));
    }
    // likewise the order of functions with check-then-act findings
    if (!only || [...only.accessors].some(fn => this.checks.has(fn) !== hadChecks.has(fn))) this.checkOrder = undefined;
    const generation = ++this.generation;
    if (generation === 1) return; // the first: there is no earlier state to change from
    const removed: FindingReport[] = [];
    for (const [cid, l] of oldRaces) {
      const now = this.races.get(cid);
      for (let i = 0; i < l.length; i++) if (now?.[i] !== l[i]) removed.push(l[i]);
    }
    for (const l of oldChecks.values()) for (const c of l) if (!kept.has(c.finding)) removed.push(c.finding);
    this.log.push({ generation, changes: { removed, added } });
    this.logged += removed.length + added.length;
    // the log holds findings no longer current: bounded, oldest out first
    while (this.log.length > MAX_LOGGED_CHANGES || (this.log.length > 1 && this.logged > MAX_LOGGED_FINDINGS)) {
      const e = this.log.shift()!;
      this.logged -= e.changes.removed.length + e.changes.added.length;
    }
  }

  /** Every thread's traversal from its entries, along calls, with the locks held on the way:
   *  the visits outside setup, by thread, and by function (in the order of a full run). */
  private readonly visitsOf = new Map<ThreadEntry, Visit[]>();
  private readonly visitsByFn = new FnTable<Visit[]>();

  /** The functions only a module's import reaches (through its top-level calls made at import,
   *  CallSite.atImport, and only through such functions): main's accesses in them are the
   *  import's, IMPORTED. A function, not a traversal state: one reached at import and later
   *  is visited once. Made again with the traversals (call edges or contexts changed). */
  private importOnlyFns?: Set<FnInfo>;
  private importOnly(): Set<FnInfo> {
    if (this.importOnlyFns) return this.importOnlyFns;
    const { program, graph } = this;
    const fromImport = (c: FnInfo, f: FnInfo) => c.s.kind === 'module' && (graph.calls.get(c) ?? []).every(k => !k.targets.some(t => t.fn === f) || !!k.site.atImport);
    const targets: FnInfo[] = [];
    for (const m of program.fnList) if (m.s.kind === 'module') for (const k of graph.calls.get(m) ?? []) if (k.site.atImport) for (const t of k.targets) targets.push(t.fn);
    const out = targets.length ? graph.closure(targets, 'callees') : new Set<FnInfo>();
    // (the largest set whose every caller is in it or imports it: what some other code also
    // calls, and what that reaches, goes)
    const queue = [...out];
    while (queue.length) {
      const f = queue.pop()!;
      if (!out.has(f)) continue;
      if ([...graph.callers.get(f) ?? []].every(c => out.has(c) || fromImport(c, f))) continue;
      out.delete(f);
      for (const g of graph.callees(f)) if (out.has(g)) queue.push(g);
    }
    return (this.importOnlyFns = out);
  }

  /** The modules whose top-level code runs beside a thread, and from which line on: their
   *  first start point (importEnds), or their first top-level call that reaches a function
   *  starting a thread (`main()`, `exp.dispatch(sink, [i])` submitting to a pool); with the
   *  joins their top-level calls keep (`main()` ending with `t.join()`), which the accesses
   *  after each call hold. Made again with the traversals. */
  private besideThreads(): Map<FnInfo, ModuleCode> {
    if (this.moduleCode) return this.moduleCode;
    const out = new Map<FnInfo, ModuleCode>();
    const reaching = this.reachingStarts();
    for (const f of this.program.files) {
      // (a file's module function is its first: not a walk over every function)
      const m = this.program.functionsOf(f)[0];
      if (m?.s.kind !== 'module') continue;
      const c = this.moduleCodeOf(m, reaching);
      if (c) out.set(m, c);
    }
    return (this.moduleCode = out);
  }
  private moduleCode?: Map<FnInfo, ModuleCode>;
  private reaching?: { key: string; fns: Set<FnInfo> };

  /** The functions reaching a thread's start site: from the edges and the starters, kept while
   *  both stay. */
  private reachingStarts(): Set<FnInfo> {
    const starters = this.threads.threadStarters();
    const key = `${this.graph.edgeVersion}|${starters.map(f => f.ord).sort((a, b) => a - b).join(',')}`;
    if (this.reaching?.key !== key) this.reaching = { key, fns: starters.length ? this.graph.closure(starters, 'callers') : new Set() };
    return this.reaching.fns;
  }

  /** One module's besideThreads entry, undefined where all of its code is import. */
  private moduleCodeOf(m: FnInfo, reaching: Set<FnInfo>): ModuleCode | undefined {
    const { program } = this;
    let call = -1, line = importEnds(m.s);
    const joins: ModuleCode['joins'] = [];
    for (const k of this.graph.calls.get(m) ?? NO_CALLS) {
      if (k.index < 0) continue; // (an operator's call, ResolvedCall.index)
      if (k.site.line < line && k.targets.some(t => reaching.has(t.fn))) { call = k.index; line = k.site.line; }
      const ids = k.targets.flatMap(t => (t.fn.s.joinsKept ?? NO_LOCKS).flatMap(j => program.lockIds(t.fn, j)));
      if (ids.length) joins.push({ call: k.index, ids });
    }
    return line === Infinity ? undefined : { call, joins };
  }

  /** Whether besideThreads' answer changed since it was made (forgotten, and made again):
   *  a top-level call's target now keeps other joins, or reaches a start it did not. */
  moduleCodeChanged(): boolean {
    const before = this.moduleCode;
    this.moduleCode = undefined;
    return !!before && !sameModuleCode(before, this.besideThreads());
  }

  /** The same, after an edit of these functions' bodies that changed no call edge, thread or
   *  start: only the modules among them, and those calling one at top level (what it keeps
   *  joined at its end), are looked at again, each entry made again in place. */
  moduleCodeChangedAt(fns: FnInfo[]): boolean {
    const code = this.moduleCode;
    if (!code) return false;
    const modules = new Set<FnInfo>();
    for (const fn of fns) {
      if (fn.s.kind === 'module') modules.add(fn);
      for (const c of this.graph.callers.get(fn) ?? []) if (c.s.kind === 'module') modules.add(c);
    }
    if (!modules.size) return false;
    const reaching = this.reachingStarts();
    let changed = false;
    for (const m of modules) {
      const now = this.moduleCodeOf(m, reaching);
      if (sameEntry(code.get(m), now)) continue;
      changed = true;
      if (now) code.set(m, now); else code.delete(m);
    }
    return changed;
  }

  private traverse(): void {
    this.importOnlyFns = undefined;
    this.moduleCode = undefined;
    this.visitsOf.clear();
    this.visitsByFn.clear();
    this.truncatedThreads.clear();
    for (const t of this.threads.threads) {
      if (t.kind === 'process') continue; // no memory shared with the parent
      const visits = this.traverseThread(t);
      this.visitsOf.set(t, visits);
      for (const v of visits) {
        let l = this.visitsByFn.get(v.fn);
        if (!l) this.visitsByFn.set(v.fn, (l = []));
        l.push(v);
      }
    }
    // (a list grown by push keeps room for more, sixteen slots for the one visit most
    // functions have: copied to its size)
    for (const fn of this.program.fnList) {
      const l = this.visitsByFn.get(fn);
      if (l) this.visitsByFn.set(fn, l.slice());
    }
  }

  private threadPositions(): Map<ThreadEntry, number> {
    if (this.positions?.model !== this.threads) this.positions = { model: this.threads, of: new Map(this.threads.threads.map((t, i) => [t, i])) };
    return this.positions.of;
  }
  private positions?: { model: ThreadModel; of: Map<ThreadEntry, number> };

  /** After a change of threads or of call edges (`calls`: the functions whose resolved calls
   *  changed; `threads`: the model now, which may be the same one): the traversals of the
   *  threads that are new, were propagated again, or reach those functions are redone, and the
   *  others kept. Returns the functions whose visits changed (added, gone, other locks or call
   *  paths): the findings of what they access are to be redone (`compute` with `only`); 'all'
   *  when threads kept from before are in another order (the order of accesses at one place
   *  would change: compute everything). */
  retraverse(threads: ThreadModel, calls: ReadonlySet<FnInfo>): Set<FnInfo> | 'all' {
    this.importOnlyFns = undefined;
    const before = this.threads.threads;
    this.threads = threads;
    // (modules whose code runs beside threads from another line on: their visits may be the
    // same while what they collect is not)
    if (this.moduleCodeChanged()) return 'all';
    const current = new Set(threads.threads.filter(t => t.kind !== 'process'));
    const old = new Set(before);
    const keptBefore = before.filter(t => current.has(t)), keptNow = threads.threads.filter(t => current.has(t) && old.has(t));
    if (keptBefore.length !== keptNow.length || keptBefore.some((t, i) => t !== keptNow[i])) return 'all';
    const redone = threads.changes?.redone;
    const todo = [...current].filter(t => !this.visitsOf.has(t) || redone?.has(t) || (calls.size && threads.reachesAny(t, calls)));
    const gone = [...this.visitsOf.keys()].filter(t => !current.has(t));
    const dirty = new Set<FnInfo>();
    /** Functions whose lists in visitsByFn change: their visits on the redone threads differ. */
    const relist = new Set<FnInfo>();
    for (const t of gone) {
      for (const v of this.visitsOf.get(t)!) { dirty.add(v.fn); relist.add(v.fn); }
      this.visitsOf.delete(t);
      this.truncatedThreads.delete(t);
    }
    const redoneVisits = new Map<ThreadEntry, VisitsByFn>();
    for (const t of todo) {
      const visits = this.traverseThread(t);
      const after = new VisitsByFn(visits, this.program.fnList.length);
      redoneVisits.set(t, after);
      for (const v of this.visitsOf.get(t) ?? []) if (!after.has(v.fn)) { dirty.add(v.fn); relist.add(v.fn); }
      // (forEach: main's map holds nearly every function; see Program.fnList)
      after.forEach((now, fn) => {
        const list = this.visitsByFn.get(fn);
        if (!list || !sameVisits(list, t, now)) { dirty.add(fn); relist.add(fn); return; }
        // the same visits: the old objects stay (in visitsByFn too), at their new place
        let j = 0;
        for (const v of list) {
          if (v.thread !== t) continue;
          const w = Array.isArray(now) ? now[j] : now;
          v.index = w.index;
          visits[w.index] = v;
          if (Array.isArray(now)) now[j] = v; else after.set(fn, v);
          j++;
        }
      });
      this.visitsOf.set(t, visits);
    }
    const pos = this.threadPositions();
    const replaced = new Set<ThreadEntry>([...gone, ...todo]);
    for (const fn of relist) {
      const l = (this.visitsByFn.get(fn) ?? []).filter(v => !replaced.has(v.thread));
      for (const after of redoneVisits.values()) {
        const now = after.get(fn);
        if (Array.isArray(now)) l.push(...now); else if (now) l.push(now);
      }
      if (l.length) this.visitsByFn.set(fn, l.sort((a, b) => pos.get(a.thread)! - pos.get(b.thread)! || a.index - b.index));
      else this.visitsByFn.delete(fn);
    }
    return dirty;
  }

  /** traverseThread's states seen, by FnInfo.ord; a slot is the current traversal's when its
   *  stamp is `seenRound`. */
  private seenStamp = new Int32Array(0);
  private seenState: (string | Set<string> | undefined)[] = [];
  private seenRound = 0;

  /** One thread's traversal (marks the thread truncated when it hits the state limit). */
  private traverseThread(t: ThreadEntry): Visit[] {
    const { program, graph } = this;
    const limit = Math.max(MIN_STATES_PER_THREAD, STATES_PER_FUNCTION * program.fns.size);
    const visits: Visit[] = [];
    this.truncatedThreads.delete(t);
    // States seen, by function: the locks held and whether in setup, as one short string
    // ('0' or '1' with no lock: most states; most functions have one state, kept as itself).
    // In arrays by FnInfo.ord, reused by every traversal (a slot counts when its stamp is this
    // traversal's): main's visits nearly every function, and a map of them per keystroke was
    // megabytes of garbage and most of the time of its lookups.
    const n = program.fnList.length;
    if (this.seenStamp.length < n) { this.seenStamp = new Int32Array(n); this.seenState = new Array(n).fill(undefined); }
    const stamp = ++this.seenRound;
    const seenStamp = this.seenStamp, seenState = this.seenState;
    const seenOf = (fn: FnInfo) => (seenStamp[fn.ord] === stamp ? seenState[fn.ord] : undefined);
    const isSeen = (fn: FnInfo, key: string) => {
      const h = seenOf(fn);
      return h !== undefined && (typeof h === 'string' ? h === key : h.has(key));
    };
    // `setup`: in a constructor, or a method it calls on the new object (`self._init()`,
    // `super().__init__()`): what it does to `self.x` no other thread can see yet, but what it
    // does to anything else (a module's registry, a class-level dict, another object through a
    // call) is done for real. Module top level runs at import: not a visit (up to a thread it
    // starts there: importEnds); what it calls is.
    // A state on an object of a narrower class (`recv`) has it in its key, and collects only the
    // accesses made on such an object (EffectiveAccess.receivers).
    const stack: Visit[] = t.entries.map((fn, i) => ({ fn, up: undefined, locks: NO_LOCKS, locksKey: '', setup: ThreadModel.isSetup(fn), thread: t, index: -1, recv: entryReceiver(program, t, fn), held: NO_LOCKS, ...(i === 0 && (t.ownParams ?? t.objectParams) ? { own: t.ownParams ?? t.objectParams } : {}) }));
    let states = 0;
    while (stack.length) {
      if (states >= limit) { this.truncatedThreads.add(t); break; }
      const st = stack.pop()!;
      const base = (st.setup ? '1' : '0') + st.locksKey + (st.own ? `#${st.own.join(',')}` : '') + (st.fresh ? `!${st.fresh.join(',')}` : '');
      // (on any object already: the narrower state finds nothing more)
      if (st.recv && isSeen(st.fn, base)) continue;
      const key = st.recv ? `${base}@${st.recv.key}` : base;
      const h = seenOf(st.fn), o = st.fn.ord;
      if (h === undefined) { seenStamp[o] = stamp; seenState[o] = key; }
      else if (typeof h === 'string') { if (h === key) continue; seenState[o] = new Set([h, key]); }
      else { if (h.has(key)) continue; h.add(key); }
      states++;
      const top = st.fn.s.kind === 'module';
      if (!top || this.besideThreads().has(st.fn)) { st.index = visits.length; visits.push(st); }
      for (const call of graph.calls.get(st.fn) ?? NO_CALLS) {
        const locks = call.locks.length ? [...new Set([...st.locks, ...call.locks])].sort() : st.locks;
        const held = call.locks.length ? [...new Set([...st.held, ...call.locks.flatMap(l => program.lockIds(st.fn, l, st.recv))])].sort() : st.held;
        // (states are told apart by the locks held, not by how they are written: A's and B's
        // `self._lock` are two states, `self.lock` and `m.lock` of one Manager one)
        const locksKey = held === st.held ? st.locksKey : held.join(',');
        // (a method of an object only this call reaches runs as a constructor's does: on it)
        const onNew = !top && ((st.setup && callOnNewObject(program, st.fn, call)) || (!!call.site.fresh && program.madeLocal(st.fn, call.site.callee.root))
          || program.calledOnMade(st.fn, call.site, call.targets)
          || (!!st.fresh && call.site.callee.attrs.length === 1 && st.fresh.includes(call.site.callee.root) && !call.targets.some(x => program.leaks(x.fn)))
          // (a bound method of such an object handed here and called, `start_response(…)`)
          || (!!st.fresh && call.site.callee.attrs.length === 0 && st.fresh.includes(call.site.callee.root)));
        // (what this call is lent: a new local of this function's, or a name holding one)
        const lent = top ? undefined : lentAt(program, st, call);
        graph.eachTarget(st.fn, call, st.recv, (fn, recv) => {
          const setup = onNew || CONSTRUCTOR_NAMES.has(fn.s.name) || program.queueInit(fn);
          const own = st.own && ownAtCall(st.fn, st.own, call, fn);
          const fresh = lent && freshAtCall(program, lent, call, fn);
          const k = (setup ? '1' : '0') + locksKey + (own ? `#${own.join(',')}` : '') + (fresh ? `!${fresh.join(',')}` : '');
          if (!isSeen(fn, recv ? `${k}@${recv.key}` : k)) stack.push({ fn, up: st, locks, locksKey, setup, thread: t, index: -1, recv, held, ...(own ? { own } : {}), ...(fresh ? { fresh } : {}) });
        });
      }
    }
    return visits;
  }

  /** The accesses each visit reads from its function, by container. */
  private collect(visits: Visit[], wanted: (cid: string) => boolean): Map<string, ThreadAccess[]> {
    const { program, helpers } = this;
    const byContainer = new Map<string, ThreadAccess[]>();
    // (the lock lists of an access that holds none of its own are its visit's, shared: these
    // are the most numerous objects of a findings run)
    const importOnly = this.importOnly();
    const canonicalOf = (v: Visit, a: EffectiveAccess | undefined, own: boolean) => {
      const frame = a && helpers.lockFrame(v.fn, a);
      const c = a ? [...new Set([...v.held, ...a.locks.flatMap(x => program.lockIds(frame!, x, frame === v.fn ? v.recv : undefined))])] : v.held.slice();
      const t = v.thread;
      // (a joined thread's accesses come before what follows its join(): JOINED; of a thread
      // per constructed object, only what it does on that object, objectParams)
      if (t.joinedBy && (own || !t.objectParams || t.ownParams)) { c.push(t.joinedBy); if (t.instances === 'one') c.push(t.joinedBy + ONE_INSTANCE); }
      if (t.poolJoin && t.poolJoin !== t.joinedBy) c.push(t.poolJoin);
      // (a task and the callback its future runs when it is done: one after the other, afterDone;
      // the callback's two places, on the pool's thread or at once on the caller: one of them)
      if (t.doneAs) c.push(t.doneAs);
      if (t.afterTask) c.push(t.afterTask);
      // (main's, in what only an import runs: IMPORTED)
      if (t === this.threads.main && importOnly.has(v.fn)) c.push(IMPORTED);
      return c;
    };
    for (const v of visits) {
      let visitCanonical: string[] | undefined, visitOwnCanonical: string[] | undefined, visitShown: string[] | undefined;
      // (module-level code: what it does after its first thread start, or its first call that
      // starts one; before, it is import)
      const module = v.fn.s.kind === 'module' ? this.besideThreads().get(v.fn) : undefined;
      const after = module ? moduleAfter(v.fn, module) : 0;
      const calls = v.fn.s.calls;
      for (const a of helpers.accessesForFindings(v.fn)) {
        if (REFERENCE_ONLY.has(a.op) || !wanted(a.container) || a.site.line <= after) continue;
        if (a.receivers && v.recv && !program.conesMeet(a.receivers, [v.recv]).length) continue;
        if (a.freshRoot !== undefined && program.madeLocal(v.fn, a.freshRoot)) continue;
        if (v.fresh && a.ownRoot !== undefined && v.fresh.includes(a.ownRoot)) continue;
        if (v.setup && newObjects(program, v.fn, a)) continue;
        let l = byContainer.get(a.container);
        if (!l) byContainer.set(a.container, (l = []));
        let locks: string[], canonical: string[];
        const own = !!v.own && ownAccess(program, v.fn, v.own, a);
        // (after a top-level call that joins the threads it started, `main()` ending with
        // `t.join()`: those joins, FunctionSummary.joinsKept)
        const joined = module?.joins.filter(j => calls[j.call].line < a.site.line).flatMap(j => j.ids);
        if (a.locks.length || joined?.length) {
          const held = [...new Set([...v.locks, ...a.locks])];
          canonical = canonicalOf(v, a, own);
          if (joined?.length) canonical = [...new Set([...canonical, ...joined])];
          locks = shownLocks(held);
        } else {
          canonical = own ? (visitOwnCanonical ??= canonicalOf(v, undefined, true)) : (visitCanonical ??= canonicalOf(v, undefined, false));
          locks = visitShown ??= shownLocks(v.locks);
        }
        l.push(new ThreadAccess(v, a, locks, canonical, own, !!a.viaAlias));
      }
    }
    return byContainer;
  }

  /** A function's local container each call has its own of (Program.callLocal), reached
   *  only through that function and its closures: no access of it is made elsewhere, as
   *  `self._data` is by the object os's `_createenviron` hands its local `data` to. */
  private callLocal(cid: string, list: ThreadAccess[] | undefined): boolean {
    if (!this.program.callLocal(cid)) return false;
    const c = this.program.containers.get(cid)!;
    const inside = (q: string) => inFunction(q, c.owner);
    return !list || list.every(a => (inside(a.fn.s.qualname) && a.fn.file.path === c.path) || a.via.some(inside));
  }

  /** The calls that lead to a thread's start, up from the function that starts it
   *  (ThreadEntry.startedAfter's): each the one call of the function below it, in no loop, so
   *  each runs once (`self._prepare_threads()` in distlib's `_get_project`). Worked out at
   *  each compute, from the current call graph. */
  private startCalls = new Map<ThreadEntry, { fn: FnInfo; site: { line: number; column: number } }[]>();
  private startCallsOf(t: ThreadEntry): { fn: FnInfo; site: { line: number; column: number } }[] {
    let out = this.startCalls.get(t);
    if (out) return out;
    out = [];
    const s = t.startedAfter, colon = s ? s.indexOf(':', STARTED.length) : -1, hash = s ? s.lastIndexOf('#') : -1;
    let cur = s && colon > 0 && hash > colon ? this.program.fnNamed(s.slice(STARTED.length, colon), s.slice(colon + 1, hash)) : undefined;
    for (let depth = 0; cur && depth < 6; depth++) {
      const callers = this.graph.callers.get(cur);
      if (callers?.size !== 1) break;
      const [g] = callers;
      const target = cur;
      const sites = (this.graph.calls.get(g) ?? []).filter(rc => rc.targets.some(x => x.fn === target));
      if (sites.length !== 1 || sites[0].site.inLoop || t.entries.includes(g)) break;
      out.push({ fn: g, site: sites[0].site });
      cur = g;
    }
    this.startCalls.set(t, out);
    return out;
  }

  /** Whether an access comes before a call that leads to thread t's start, in the function
   *  making that call (startCallsOf): the statements before `self._prepare_threads()` precede
   *  the threads it starts, as those before a start in its own function do (STARTED). */
  private beforeStartCall(a: ThreadAccess, t: ThreadEntry): boolean {
    if (!t.startedAfter) return false;
    for (const c of this.startCallsOf(t)) if (c.fn === a.fn && (a.line < c.site.line || (a.line === c.site.line && a.column < c.site.column))) return true;
    return false;
  }

  private racesOf(cid: string, list: ThreadAccess[]): FindingReport[] {
    const { program, threads, display } = this;
    if (program.threadLocal(cid) || this.callLocal(cid, list)) return [];
    list.sort((a, b) => program.pathOrder(a.fn.file.path) - program.pathOrder(b.fn.file.path) || a.line - b.line || a.column - b.column);
    // each access's function as a small number, so a pair of them is a number too: the pairs
    // are checked for every write against every access of the container
    const ids = new Map<FnInfo, number>();
    const who = list.map(a => {
      let n = ids.get(a.fn);
      if (n === undefined) ids.set(a.fn, (n = ids.size));
      return n;
    });
    const width = list.length + 1;
    // Every filter below reads only an access's function, thread, kind, op, locks and object
    // marks, never its place: of the accesses alike in all of those, the first in the list
    // stands for the rest (a pair's first found, in list order, is made of such firsts), so
    // only they are paired. A container written in hundreds of places of a few functions
    // otherwise costs its writes times its accesses.
    const canonIds = new Map<string[], number>(), canonByText = new Map<string, number>();
    const canonId = (c: string[]) => {
      let n = canonIds.get(c);
      if (n === undefined) {
        const text = c.join('\0');
        n = canonByText.get(text);
        if (n === undefined) canonByText.set(text, (n = canonByText.size));
        canonIds.set(c, n);
      }
      return n;
    };
    const threadIds = new Map<ThreadEntry, number>();
    const seen = new Set<string>();
    const firsts: number[] = [];
    for (let i = 0; i < list.length; i++) {
      const a = list[i];
      let t = threadIds.get(a.thread);
      if (t === undefined) threadIds.set(a.thread, (t = threadIds.size));
      const key = `${who[i]} ${t} ${a.access} ${a.op} ${canonId(a.canonical)} ${a.own ? 1 : 0}${a.viaAlias ? 1 : 0}`;
      if (seen.has(key)) continue;
      seen.add(key);
      firsts.push(i);
    }
    // (a deque's appends and pops at either end are thread-safe among themselves)
    const info = program.containers.get(cid);
    const deque = info?.type === 'deque';
    // (a container every object shares, a module's or a class-level one, is not guarded by a
    // lock each object has its own of: two objects' `with self._lock:` are two locks)
    const shared = info?.ownerKind === 'module' || !!info?.classLevel;
    const perObject = new Map<string, boolean>();
    const guards = (l: string) => {
      if (!shared) return true;
      let p = perObject.get(l);
      if (p === undefined) {
        // (a global that is itself an object of the lock's class, `REGISTRY = Registry()` with
        // `with self._lock: self[k] = v`: its one lock)
        const cls = program.perObjectLock(l);
        perObject.set(l, (p = !!cls && !program.globalOfClass(info!, cls)));
      }
      return !p;
    };
    // One finding per function pair, with every thread pair that races there: the status read
    // in check_status must not hide behind another reader, and twelve threads that all log do
    // not make twelve findings of the same two places.
    const pairs = new Map<number, { w: ThreadAccess; o: ThreadAccess; wThreads: ThreadEntry[]; oThreads: ThreadEntry[]; sameOnly: boolean; perObjectLock?: string }>();
    // (indexed loops: the pairs are millions, and an iterator's result objects were most of
    // this pass's garbage)
    for (let fw = 0; fw < firsts.length; fw++) {
      const wi = firsts[fw], w = list[wi];
      if (w.access !== 'write') continue;
      for (let fo = 0; fo < firsts.length; fo++) {
        const oi = firsts[fo], o = list[oi];
        const same = o.thread === w.thread;
        if (same && w.thread.instances !== 'many') continue;
        const a = who[wi], b = who[oi], key = a < b ? a * width + b : b * width + a;
        const p = pairs.get(key);
        // (a pair already found with these two threads: the filters cannot add to it)
        if (p && (same || !p.sameOnly)) {
          // (no [wt, ot] pair made: this runs for millions of access pairs)
          const flip = p.w.fn !== w.fn;
          if (p.wThreads.includes(flip ? o.thread : w.thread) && p.oThreads.includes(flip ? w.thread : o.thread)) continue;
        }
        // Each instance of a Thread subclass has its own self: its attributes are not shared between instances.
        if (same && ownState(program, cid, w.thread)) continue;
        // (nor are a function's locals, where each instance is started by its own call of it)
        if (same && perCallLocal(program, cid, w, o)) continue;
        // (nor is what two thread instances each do to an object its start gave it alone: two
        // starts never give one object, ownParams)
        // (for objects a constructor made, `objectParams`, only two instances of one thread:
        // the other threads it started for that object share it)
        if (w.own && o.own && (same || (!!w.thread.ownParams && !!o.thread.ownParams))) continue;
        // (rebinding an attribute, `self._processes = None`, is no write of the object another
        // attribute still holds and reads, `self.processes = executor._processes`)
        if ((w.op === 'assign' && o.viaAlias) || (o.op === 'assign' && w.viaAlias)) continue;
        // (what a module's import does comes before a thread its import does not start)
        if (importOrdered(w, o.thread) || importOrdered(o, w.thread)) continue;
        if (deque && DEQUE_ATOMIC_OPS.has(w.op) && DEQUE_ATOMIC_OPS.has(o.op)) continue;
        // (a thread its starter waits for at once, `t.start(); t.join()`: never beside that
        // thread, nor beside another instance of its own)
        if (confinedApart(threads, w.thread, o.thread)) continue;
        // A request handler's own state is on an object no other thread has (handler threads
        // of http.server's BaseHTTPRequestHandler and main's handlers in a plain server).
        if ((w.thread.ownObject && ownState(program, cid, w.thread)) || (o.thread.ownObject && ownState(program, cid, o.thread))) continue;
        // (a join loop over a list of threads orders them all before what follows it, not one
        // instance before another: ThreadEntry.joinedBy; a start's mark is no lock two sides
        // share)
        // (nor is a join two threads share, the loop over a list both are elements of)
        if (commonGuard(w, o, guards)) continue;
        // (what precedes a thread's start comes before it, and before every instance of a
        // thread started many times from one place, in a loop: the mark is what precedes the
        // loop; unless the side holding the mark has many instances itself: the function
        // that started it may run on another of them after the start)
        if ((w.thread.instances !== 'many' && (startOrdered(w, o.thread) || this.beforeStartCall(w, o.thread))) || (o.thread.instances !== 'many' && (startOrdered(o, w.thread) || this.beforeStartCall(o, w.thread)))) continue;
        // (after the joins of every start of the other's thread, each bound to a name of its own)
        if ((!same && joinedAfter(w, o.thread)) || (!same && joinedAfter(o, w.thread))) continue;
        // (a task, and a callback its future runs once it is done)
        if (afterDone(w, o.thread) || afterDone(o, w.thread)) continue;
        if (!p) {
          // (a lock both hold that is each object's own: said, or "no common lock" reads wrong)
          const own = shared ? w.canonical.find(l => o.canonical.includes(l) && !isOrdering(l)) : undefined;
          pairs.set(key, { w, o, wThreads: [w.thread], oThreads: [o.thread], sameOnly: same, ...(own ? { perObjectLock: own } : {}) });
          continue;
        }
        // (the threads on each side of the pair as first found: the write's, the other's)
        const flip = p.w.fn !== w.fn, wt = flip ? o.thread : w.thread, ot = flip ? w.thread : o.thread;
        if (!p.wThreads.includes(wt)) p.wThreads.push(wt);
        if (!p.oThreads.includes(ot)) p.oThreads.push(ot);
        if (!same) p.sameOnly = false;
      }
    }
    const pos = this.threadPositions();
    const names = (ts: ThreadEntry[]) => ts.sort((a, b) => pos.get(a)! - pos.get(b)!).map(t => t.id);
    const findings: FindingReport[] = [];
    for (const { w, o, wThreads, oThreads, sameOnly, perObjectLock } of pairs.values()) {
      const oWhat = o.access === 'write' ? 'written' : 'read';
      const where = (a: ThreadAccess) => `${a.fn.s.qualname} (${a.fn.file.path}:${a.line})`;
      // (a `.get` that is only a read, in a function that never writes the container, tests
      // nothing: no check-then-act said of it; a membership test always is one)
      const checkOp = CHECK_OPS.has(o.op) && (o.op !== 'get' || this.helpers.accessesForFindings(o.fn).some(e => e.container === cid && e.access === 'write')) ? o.op : undefined;
      // (a write of the pair's writing function that can make the test wrong before what it
      // guards: the pair's own, else another of that function's, `del` after `-= 1`)
      const breaker = checkOp && [w, ...list.filter(a => a.fn === w.fn && a.access === 'write' && a !== w)].find(a => this.canInvalidate(o, cid, a))?.op;
      const wIds = names(wThreads), oIds = names(oThreads);
      const selfPair = w.fn === o.fn && w.line === o.line && w.column === o.column;
      const msg = (sameOnly && wIds.length === 1
        ? `${display(cid)} is written on ${wIds[0]} (many instances) in ${where(w)} and ${oWhat} by another ${wIds[0]} instance in ${where(o)} with no common lock`
        : selfPair
          // (one place, reached on several threads: each of them against the others)
          ? `${display(cid)} is written in ${where(w)} on ${names([...new Set([...wThreads, ...oThreads])]).join(', ')} at once, with no common lock`
          : `${display(cid)} is written on ${wIds.join(', ')} in ${where(w)} and ${oWhat} on ${oIds.join(', ')} in ${where(o)} with no common lock`)
        + (checkOp && breaker ? ` (a check-then-act across threads: the \`${checkOp}\` test can be invalidated by the ${breaker})` : '')
        + (perObjectLock ? ` (both hold ${perObjectLock.split('.').slice(-2).join('.')}, but each object has its own: it does not guard what all objects share)` : '');
      findings.push({ kind: 'race', container: cid, message: msg, accesses: [toFinding(w, threads, wIds), toFinding(o, threads, oIds)] });
    }
    return findings;
  }

  /** Check-then-act: a membership or .get test followed by a write in the same function, unlocked,
   *  where another thread (or another instance of this one) writes the container too. A helper
   *  doing both to a container it is given (`def claim(d, k): if k not in d: d[k] = …`) does
   *  it to what each call gives it: reported at the call, on that container (helperChecks). */
  private checksOf(fn: FnInfo, byContainer: Map<string, ThreadAccess[]>, wanted: (cid: string) => boolean): CheckFinding[] {
    const { program, threads, display } = this;
    const out: CheckFinding[] = [];
    const eff = this.helpers.effective.get(fn);
    if (!eff?.some(e => e.check && (!e.via.length || e.boundHere))) return out;
    const visits = this.visitsByFn.get(fn) ?? [];
    const ids = threads.threadIds(fn);
    const done = new Set<string>();
    const canon = (e: EffectiveAccess) => this.entryLocks(fn, e);
    const shared = this.sharesLock(fn);
    /** chk then act on chk.container, in fn (at its call of `helper`, where the helper does
     *  both: `at` gives their places there). */
    const consider = (index: number, chk: EffectiveAccess, act: EffectiveAccess, helper?: { fn: FnInfo; chk: EffectiveAccess; act: EffectiveAccess }, split?: string) => {
      if (program.threadLocal(chk.container) || this.callLocal(chk.container, byContainer.get(chk.container))) return false;
      // the threads that run it for real on this container: one that reaches it only in setup
      // (a constructor calling self._read()) runs it on an object no one else has yet, if the
      // container is that object's own
      const real = visits.filter(v => !v.setup || !newObjects(program, fn, chk));
      const fnThreads = ids.map(id => threads.byId.get(id)!).filter(t => t.kind !== 'process' && real.some(v => v.thread === t));
      if (!fnThreads.length) return false;
      // (each instance of a Thread subclass or request handler has its own self: its
      // attributes are not another instance's; a request handler's object no other thread has)
      const own = (t: ThreadEntry) => ownState(program, chk.container, t);
      if (fnThreads.every(t => t.ownObject && own(t))) return false;
      // (test and act on an object each thread instance's start gave it alone: only a writer
      // reaching it some other way can come between them, ownParams)
      const ownObject = real.every(v => v.own && ownAccess(program, fn, v.own, chk) && ownAccess(program, fn, v.own, act));
      // (run under a lock every caller holds, `_acquireLock()` around each call of
      // PlaceHolder.append: its test and write are one step for all who take it)
      if (real.every(v => v.held.some(l => !isOrdering(l))) && commonHeld(real).length) return false;
      const firstPath = pathArray(real.find(v => v.thread === fnThreads[0])!);
      // (a test then a read of the key, `if k in d: … d[k]`: what breaks it is another thread
      // taking the key out, a KeyError between the two)
      const use = act.access === 'read';
      // (only a write of a kind that can make the test wrong before this act: a presence test
      // before a pop by one that takes keys out, an absence test before an insert by one that
      // may put keys in; actNeeds)
      const needs = actNeeds(act);
      const writers = byContainer.get(chk.container)?.filter(a => a.access === 'write' && invalidates(a.op, needs)) ?? [];
      const manyHere = ownObject ? undefined : fnThreads.find(t => t.instances === 'many' && !own(t));
      // (a writer ordered with both, by a common lock or a join, or by a start: the writer's
      // thread started after both, or this function's one thread after the writer; not where
      // this function runs as many instances)
      // (the test and the act under one lock in two blocks: that lock orders nothing between them)
      const ordered = (w: ThreadAccess) => (!split && w.canonical.some(l => canon(chk).includes(l) && canon(act).includes(l) && !l.startsWith(STARTED)))
        || fnThreads.every(t => importOrdered(w, t))
        || (!manyHere && ((startOrdered({ canonical: canon(chk) }, w.thread) && startOrdered({ canonical: canon(act) }, w.thread)) || (fnThreads.length === 1 && (startOrdered(w, fnThreads[0]) || this.beforeStartCall(w, fnThreads[0])))));
      // (the first writer on another thread that can fall between the test and the act)
      const other = writers.find(w => !(w.thread.ownObject && own(w.thread)) && !(ownObject && w.own && (!!w.thread.ownParams || fnThreads.includes(w.thread))) && (!fnThreads.includes(w.thread) || (w.thread.instances === 'many' && !own(w.thread))) && !(w.fn === fn && w.line === act.site.line && w.column === act.site.column) && !ordered(w));
      if (use && !other) return false;
      // (run on two threads, each's write can fall between the other's test and write, unless
      // they never overlap: a common lock, or one joined before the other runs it)
      const mine = writers.filter(w => w.fn === fn);
      const overlapping = () => mine.some(w1 => mine.some(w2 => w1.thread !== w2.thread && !w1.canonical.some(l => w2.canonical.includes(l))));
      if (!other && (!manyHere || !mine.length) && (fnThreads.length < 2 || ownObject || !overlapping())) return false;
      done.add(chk.container);
      const tid = fnThreads.map(t => t.id).join(', ');
      const what = (e: EffectiveAccess) => (e.via.length ? `${e.op} via ${e.via[0]}` : e.op);
      const where = helper ? `${fn.s.qualname} through ${chk.via.join(' → ')} (line ${chk.site.line})` : fn.s.qualname;
      const [c, w] = helper ? [helper.chk, helper.act] : [chk, act];
      const msg = `check-then-act on ${display(chk.container)} in ${where}: \`${c.op}\` test at line ${c.site.line} then ${what(w)} at line ${w.site.line}${helper ? ` of ${helper.fn.s.qualname}` : ''} ${split ? `in another block holding ${split}, let go between them` : 'without a lock'}, on ${tid}` +
        (other ? `; ${use ? `another thread takes the key out: ${other.op} on` : 'also written on'} ${other.thread.id} in ${other.fn.s.qualname}` : manyHere ? '; runs as many instances' : '; runs on each of them at once');
      const at = helper?.fn ?? fn;
      const acc = (e: EffectiveAccess, bound: EffectiveAccess, access: 'read' | 'write'): FindingAccess => ({
        path: at.file.path, line: e.site.line, column: e.site.column, access, op: e.op, function: at.s.qualname, threads: threads.threadIds(fn),
        callPath: helper ? [...firstPath, ...bound.via] : firstPath, locks: shownLocks(bound.locks),
      });
      const accesses = [acc(c, chk, 'read'), acc(w, act, 'write')];
      if (other) accesses.push(toFinding(other, threads));
      out.push({ index, container: chk.container, finding: { kind: 'check-then-act', container: chk.container, message: msg, accesses } });
      return true;
    };
    // (a module's test at import, before its code runs beside a thread: besideThreads)
    const module = fn.s.kind === 'module' ? this.besideThreads().get(fn) : undefined;
    const after = fn.s.kind !== 'module' ? 0 : module ? moduleAfter(fn, module) : Infinity;
    for (let index = 0; index < eff.length; index++) {
      const chk = eff[index];
      if (!chk.check || done.has(chk.container) || !wanted(chk.container) || chk.site.line <= after) continue;
      if (chk.via.length) {
        const pair = chk.boundHere ? this.helperPair(fn, eff, chk) : undefined;
        if (pair) consider(index, chk, pair.act, pair.helper);
        continue;
      }
      // (on a parameter: at each call, on what it is given)
      if (chk.container.startsWith(PARAM_PREFIX)) continue;
      if (chk.freshRoot !== undefined && program.madeLocal(fn, chk.freshRoot)) continue;
      // (the first write after it, else a read of the key; or that read, where no writer can
      // break the test before the write: `if k in d: d[k]` … `d[j] = v`)
      let found = false;
      for (const act of actsAfter(eff, chk, shared)) if ((found = consider(index, chk, act))) break;
      // (or a write under the same lock in a later block of its own, with no test of its own
      // before it there: `with L: present = k in d` … `with L: d[k] = v`)
      const split = found ? undefined : splitAct(fn, eff, chk, shared);
      if (split) consider(index, chk, split.act, undefined, split.lock);
    }
    return out;
  }

  /** Whether a write of that op can make the test at o wrong before an act that follows it in
   *  o's function (any write, where none follows: actNeeds, invalidates). */
  private canInvalidate(o: ThreadAccess, cid: string, write: ThreadAccess): boolean {
    const writeOp = write.op;
    const eff = this.helpers.effective.get(o.fn);
    const chk = eff?.find(e => e.check && e.container === cid && !e.via.length && e.site.line === o.line && e.site.column === o.column);
    if (!chk) return true;
    // (a write of another literal key never makes a test of this one wrong)
    const wk = this.helpers.effective.get(write.fn)?.find(e => e.container === cid && e.access === 'write' && e.op === writeOp && e.site.line === write.line && e.site.column === write.column)?.key;
    if (chk.key !== undefined && wk !== undefined && LITERAL_KEY.test(chk.key) && LITERAL_KEY.test(wk) && chk.key !== wk) return false;
    const acts = actsAfter(eff!, chk, this.sharesLock(o.fn));
    return !acts.length || acts.some(act => invalidates(writeOp, actNeeds(act)));
  }

  /** The locks an entry of fn holds of its own, as findings name them: each in the frame its
   *  text is written in (HelperSummaries.lockFrame). */
  private entryLocks(fn: FnInfo, e: EffectiveAccess): string[] {
    return e.locks.flatMap(l => this.program.lockIds(this.helpers.lockFrame(fn, e), l));
  }

  /** For fn's entries: whether two hold a common lock (joins aside). */
  private sharesLock(fn: FnInfo): SharesLock {
    const ids = (e: EffectiveAccess) => this.entryLocks(fn, e).filter(l => !isOrdering(l));
    return (a, b) => a.locks.length > 0 && b.locks.length > 0 && ids(a).some(l => ids(b).includes(l));
  }

  /** chk, a test fn's call of a helper makes on a container it gives it (through more helpers
   *  on the way, `via`): the write of it the innermost helper makes after that test (positions
   *  there), as made here. */
  private helperPair(fn: FnInfo, eff: EffectiveAccess[], chk: EffectiveAccess, depth = 0): { act: EffectiveAccess; helper: { fn: FnInfo; chk: EffectiveAccess; act: EffectiveAccess } } | undefined {
    if (depth > MAX_HELPER_DEPTH) return undefined;
    for (const call of this.graph.calls.get(fn) ?? NO_CALLS) {
      if (call.site.line !== chk.site.line || call.site.column !== chk.site.column) continue;
      for (const t of call.targets) {
        if (t.fn.s.qualname !== chk.via[0]) continue;
        const inner = this.helpers.effective.get(t.fn) ?? [];
        for (const hc of inner) {
          if (!hc.check || hc.op !== chk.op || !hc.container.startsWith(PARAM_PREFIX) || hc.via.length !== chk.via.length - 1 || hc.via.some((v, i) => v !== chk.via[i + 1])) continue;
          let deep: { act: EffectiveAccess; helper: { fn: FnInfo; chk: EffectiveAccess; act: EffectiveAccess } } | undefined;
          if (!hc.via.length) {
            const ha = testThenWrites(inner, hc, this.sharesLock(t.fn))[0];
            deep = ha && { act: ha, helper: { fn: t.fn, chk: hc, act: ha } };
          } else deep = this.helperPair(t.fn, inner, hc, depth + 1);
          if (!deep) continue;
          const ha = deep.act;
          const shared = this.sharesLock(fn);
          const act = eff.find(e => e.container === chk.container && e.site.line === chk.site.line && e.site.column === chk.site.column && e.access === 'write' && e.op === ha.op
            && e.via.length === ha.via.length + 1 && e.via[0] === chk.via[0] && ha.via.every((v, i) => e.via[i + 1] === v)
            && !shared(e, chk));
          if (act) return { act, helper: deep.helper };
        }
      }
    }
    return undefined;
  }
}

/** The locks every one of the visits holds (joins aside). */
function commonHeld(visits: Visit[]): string[] {
  let common = visits[0].held.filter(l => !isOrdering(l));
  for (const v of visits) common = common.filter(l => v.held.includes(l));
  return common;
}

/** Writes that take a key or an element out: what a test then a read of it can lose. */
const REMOVALS = new Set(['pop', 'popitem', 'del', 'delitem', 'clear', 'remove', 'discard', 'popleft', 'assign']);
/** Writes that may take keys out (a rebinding too), beyond REMOVALS: set operators and methods
 *  that drop elements. */
const TAKES_OUT = new Set([...REMOVALS, '__delitem__', 'element-del', '-=', '&=', '^=', 'intersection_update', 'difference_update', 'symmetric_difference_update']);
/** Writes that only take keys out: they never put in the key an absence test looked for. */
const ONLY_TAKES_OUT = new Set(['pop', 'popitem', 'del', 'delitem', '__delitem__', 'element-del', 'clear', 'remove', 'discard', 'popleft', '-=', '&=', 'intersection_update', 'difference_update']);

/** What a test's act needs of the tested key: `present` (`if k in d: d.pop(k)`, `d[k] += 1`,
 *  `d[k].append(x)`, a read `d[k]`: a KeyError or a lost entry if it went), `absent` (an insert,
 *  `if k not in d: d[k] = v`: a duplicate or an overwrite if it came), or anything. */
function actNeeds(act: EffectiveAccess): 'present' | 'absent' | undefined {
  const op = act.op;
  if (act.access === 'read') return op === 'getitem' ? 'present' : undefined;
  // (`d[k] += 1` needs the key; a container's own `|=` or `+=` after an absence test adds)
  if (op === 'pop' || op === 'delitem' || op === '__delitem__' || op === 'augassign' || op.startsWith('element')) return 'present';
  if (op === 'setitem' || op === '__setitem__' || op === 'setdefault' || op === 'add' || op === 'append' || op === 'appendleft' || op === 'insert' || op === 'extend' || op === 'extendleft' || op === 'update' || op === '|=' || op === '+=') return 'absent';
  return undefined;
}

/** Whether a write of that op on another thread can make a test wrong before the act that
 *  needs what it found: a key present only by a write that takes keys out, a key absent only by
 *  one that may put keys in. */
function invalidates(writeOp: string, needs: 'present' | 'absent' | undefined): boolean {
  // (a write of an item's part, `d[k]["latest"] = v`, puts no key in and takes none out)
  if (needs && writeOp.startsWith('element')) return false;
  return needs === 'present' ? TAKES_OUT.has(writeOp) : needs === 'absent' ? !ONLY_TAKES_OUT.has(writeOp) : true;
}

/** A test then a read of the same key (`if room in d: … d[room]`), not under a lock chk holds:
 *  with no write after the test, the read is what another thread's removal breaks. */
/** The acts a test guards: the first write after it, and a read of the tested key. */
function actsAfter(eff: EffectiveAccess[], chk: EffectiveAccess, shared: SharesLock): EffectiveAccess[] {
  const ws = testThenWrites(eff, chk, shared), u = testThenUse(eff, chk, shared);
  return u ? [...ws, u] : ws;
}

function testThenUse(eff: EffectiveAccess[], chk: EffectiveAccess, shared: SharesLock): EffectiveAccess | undefined {
  if (chk.key === undefined || !(chk.op === 'in' || chk.op === 'not in' || chk.op === '__contains__')) return undefined;
  return eff.find(e => e.container === chk.container && e.access === 'read' && e.op === 'getitem' && e.key === chk.key && !e.via.length && after(e, chk) && !shared(e, chk));
}

/** The write of chk's container in the same list that follows chk, not under a lock chk holds;
 *  for a test of a key, one a test of that key could matter to (not `clear()`: `fn =
 *  d.get(k); …; d.clear()` acts on no key; nor a write of another literal key). */
function testThenWrites(eff: EffectiveAccess[], chk: EffectiveAccess, shared: SharesLock): EffectiveAccess[] {
  // (the first of each kind: `if k in d: d[k]["latest"] = v` then, in the else branch, `d[k] =
  // {…}`, an insert the test's other answer guards, moto's LambdaStorage.put_function)
  const out: EffectiveAccess[] = [];
  for (const e of eff) {
    if (e.container !== chk.container || e.access !== 'write' || !after(e, chk) || shared(e, chk) || (chk.key !== undefined && KEYLESS_WRITES.has(e.op))) continue;
    // (nor a write of another literal key: `'version' not in config` … `config.pop('incremental')`)
    if (chk.key !== undefined && e.key !== undefined && LITERAL_KEY.test(chk.key) && LITERAL_KEY.test(e.key) && chk.key !== e.key) continue;
    if (!out.some(o => o.op === e.op)) out.push(e);
  }
  return out;
}

const LITERAL_KEY = /^(["'][^"']*["']|-?\d+)$/;

/** (not binding the name: `items = dict(self._items); items[k] = v; self._items = items`
 *  after `if k not in self._items` is a copy-on-write that acts on the key) */
const KEYLESS_WRITES = new Set(['clear']);

/** A write of chk's container after it under a lock chk holds, but in another block taking it
 *  (DirectAccess.region: the lock is let go between them), with no test of the container in
 *  that block before it (a double-checked insert tests again) and not an insert that is its
 *  own test (`setdefault`); with the lock's text. Direct entries of fn only. */
function splitAct(fn: FnInfo, eff: EffectiveAccess[], chk: EffectiveAccess, shared: SharesLock): { act: EffectiveAccess; lock: string } | undefined {
  if (chk.via.length) return undefined;
  // (each entry's region looked up once: the loops below ask it of every test and write)
  const regions = new Map<EffectiveAccess, number | undefined>();
  const regionOf = (e: EffectiveAccess) => {
    if (!regions.has(e)) regions.set(e, fn.s.accesses.find(a => a.line === e.site.line && a.column === e.site.column && a.op === e.op)?.region);
    return regions.get(e);
  };
  const rc = regionOf(chk);
  if (rc === undefined) return undefined;
  for (const e of eff) {
    if (e.container !== chk.container || e.access !== 'write' || e.via.length || !after(e, chk) || !shared(e, chk) || e.op === 'setdefault') continue;
    if (chk.key !== undefined && (KEYLESS_WRITES.has(e.op) || (e.key !== undefined && LITERAL_KEY.test(chk.key) && LITERAL_KEY.test(e.key) && chk.key !== e.key))) continue;
    const re = regionOf(e);
    if (re === undefined || re === rc) continue;
    if (eff.some(t => t.check && t.container === chk.container && !t.via.length && after(e, t) && regionOf(t) === re)) continue;
    const lock = chk.locks.find(l => e.locks.includes(l)) ?? chk.locks[0];
    return { act: e, lock };
  }
  return undefined;
}

/** Whether e is placed after chk in their function. */
const after = (e: EffectiveAccess, chk: EffectiveAccess) => e.site.line > chk.site.line || (e.site.line === chk.site.line && e.site.column > chk.site.column);

/** Whether two of a function's entries hold a common lock (joins aside), by identity. */
type SharesLock = (a: EffectiveAccess, b: EffectiveAccess) => boolean;

/** A thread's visits by function (one visit, most functions have, is kept as itself), in the
 *  order of their first visits. A large traversal (main's visits nearly every function) is
 *  kept in an array by FnInfo.ord: a map grown to 96,000 entries at every keystroke cost more
 *  than the traversal. */
class VisitsByFn {
  private readonly map?: Map<FnInfo, Visit | Visit[]>;
  private readonly at?: (Visit | Visit[] | undefined)[];
  private readonly order: FnInfo[] = [];

  constructor(visits: Visit[], functions: number) {
    if (visits.length < 4096) this.map = new Map(); else this.at = new Array(functions);
    for (const v of visits) {
      const l = this.get(v.fn);
      if (!l) this.set(v.fn, v);
      else if (Array.isArray(l)) l.push(v);
      else this.set(v.fn, [l, v]);
    }
  }

  get(fn: FnInfo): Visit | Visit[] | undefined { return this.map ? this.map.get(fn) : this.at![fn.ord]; }
  has(fn: FnInfo): boolean { return this.get(fn) !== undefined; }
  set(fn: FnInfo, v: Visit | Visit[]): void {
    if (this.map) { this.map.set(fn, v); return; }
    if (this.at![fn.ord] === undefined) this.order.push(fn);
    this.at![fn.ord] = v;
  }
  forEach(f: (now: Visit | Visit[], fn: FnInfo) => void): void {
    if (this.map) this.map.forEach(f);
    else for (const fn of this.order) f(this.at![fn.ord]!, fn);
  }
}

/** One function's visits on thread t in `list` (its visits on every thread) and its new ones
 *  (`now`): the same locks and call paths, in the same order. */
function sameVisits(list: Visit[], t: ThreadEntry, now: Visit | Visit[]): boolean {
  const n = Array.isArray(now) ? now.length : 1;
  let j = 0;
  for (const v of list) {
    if (v.thread !== t) continue;
    if (j >= n) return false;
    const w = Array.isArray(now) ? now[j] : now;
    if (v.setup !== w.setup || v.recv !== w.recv || !sameStrings(v.own ?? NO_LOCKS, w.own ?? NO_LOCKS) || !sameStrings(v.locks, w.locks) || !sameStrings(v.held, w.held) || !samePath(v, w)) return false;
    j++;
  }
  return j === n;
}

/** Field by field: the whole of what a finding reports. */
function sameFinding(a: FindingReport, b: FindingReport): boolean {
  if (a.kind !== b.kind || a.container !== b.container || a.message !== b.message || a.accesses.length !== b.accesses.length) return false;
  for (let i = 0; i < a.accesses.length; i++) {
    const x = a.accesses[i], y = b.accesses[i];
    if (x.line !== y.line || x.column !== y.column || x.path !== y.path || x.access !== y.access || x.op !== y.op || x.function !== y.function
      || !sameStrings(x.threads, y.threads) || !sameStrings(x.callPath, y.callPath) || !sameStrings(x.locks, y.locks)) return false;
  }
  return true;
}

/** A call a constructor (or a method it runs on the new object) makes on the new object:
 *  `self.m()`, `super().m()`, `Base.m(self)`, a closure of its own, or on an object the new
 *  one makes for itself (`self._started.set()`, Program.ownedAttr). */
function callOnNewObject(program: Program, fn: FnInfo, call: ResolvedCall): boolean {
  const { callee, args } = call.site;
  const sp = program.selfName(fn);
  const cls = program.methodOf(fn)?.cls;
  if (callee.root === '<super>') return true;
  if (sp && callee.root === sp && callee.attrs.length === 1) return true;
  // (an object it made for itself, unless a method it calls on it lets it go: `self._t.start()`)
  if (sp && callee.root === sp && callee.attrs.length === 2 && cls && program.ownedHere(fn, callee.attrs[0])) return true;
  if (sp && args[0] === sp && call.targets.every(t => t.fn.cls && !t.bound)) return true;
  return callee.attrs.length === 0 && fn.s.nested.includes(callee.root);
}

/** In setup: an access of state only the new object has (its own `self.x`, unless x is a
 *  class-level attribute; a container local to the constructor) is not shared yet. */
function newObjects(program: Program, fn: FnInfo, a: { container: string; onSelf?: boolean; ownedVia?: string }): boolean {
  const c = program.containers.get(a.container);
  if (!c) return true;
  if (c.ownerKind === 'function') return c.owner === fn.s.qualname && c.path === fn.file.path;
  // a class-level attribute, or a module global reached through one of self's (`self.reg = REG`)
  if (c.classLevel || c.ownerKind === 'module') return false;
  // another class's container reached through one of self's (`self.status = mgr.status`)
  if (a.onSelf && c.ownerKind === 'class' && !relatedOwner(program, c, program.methodOf(fn)?.cls)) return false;
  return !!a.onSelf || (a.ownedVia !== undefined && program.ownedHere(fn, a.ownedVia));
}

/** Whether class k declares the container (it is k's attribute, not a same-named one's). */
function declares(k: ClassInfo, c: ContainerInfo): boolean {
  return k.s.qualname === c.owner && c.id === `${k.file.module}.${k.s.qualname}.${c.attr}`;
}

/** Whether a class container is the class's, a base's or a subclass's (not another object's). */
function relatedOwner(program: Program, c: ContainerInfo, cls: ClassInfo | undefined): boolean {
  if (!cls) return true;
  return program.mro(cls).some(k => declares(k, c)) || program.allSubclasses(cls).some(k => declares(k, c));
}

/** The names of a callee that hold the thread instance's own object, where the caller's `own`
 *  names do (Visit.own): its self, called on one (`job.add(…)`, `self.step()` on one), and the
 *  parameters given one (`self._fill(job)`). */
function ownAtCall(caller: FnInfo, own: string[], call: ResolvedCall, callee: FnInfo): string[] | undefined {
  const { site } = call;
  const t = call.targets.find(x => x.fn === callee);
  if (!t) return undefined;
  const out: string[] = [];
  const sp = callee.s.selfParam;
  const onOwn = site.callee.attrs.length === 1 && (own.includes(site.callee.root) || (site.callee.root === '<super>' && !!caller.s.selfParam && own.includes(caller.s.selfParam)));
  if (t.bound && sp && onOwn && !callee.s.classmethod) out.push(sp);
  for (const param of paramsGiven(call, t, own)) if (!out.includes(param)) out.push(param);
  return out.length ? out.sort() : undefined;
}

/** The callee's parameters a call gives one of `names` (an argument written as one of them). */
function paramsGiven(call: ResolvedCall, t: { fn: FnInfo; bound: boolean }, names: string[]): string[] {
  const { site } = call;
  if (!site.args.some(a => names.includes(a)) && !Object.values(site.kwargs).some(a => names.includes(a))) return [];
  const out: string[] = [];
  for (const [param, text] of bindArguments(t.fn, t.bound, site.args, site.kwargs)) if (names.includes(text) && !out.includes(param)) out.push(param);
  return out;
}

/** The names at a call that hold an object only this call chain has: the visit's own fresh
 *  names, and the new locals the call is lent (CallSite.lends, Program.madeLocal). */
function lentAt(program: Program, st: Visit, call: ResolvedCall): string[] | undefined {
  const lends = call.site.lends?.filter(n => program.madeLocal(st.fn, n)) ?? [];
  // (on a new object, its bound methods handed on, `application(env, self.start_response)`:
  // a call of them runs on that object)
  const sp = st.setup ? st.fn.s.selfParam : undefined;
  if (sp && st.fn.cls) for (const a of [...call.site.args, ...Object.values(call.site.kwargs)]) {
    if (a.startsWith(`${sp}.`) && !a.includes('.', sp.length + 1) && program.lookupMethod(st.fn.cls, a.slice(sp.length + 1)) && !lends.includes(a)) lends.push(a);
  }
  if (!st.fresh) return lends.length ? lends : undefined;
  return lends.length ? [...new Set([...st.fresh, ...lends])] : st.fresh;
}

/** The parameters of a callee given one of `lent` that it keeps (Program.keepsParam). */
function freshAtCall(program: Program, lent: string[], call: ResolvedCall, callee: FnInfo): string[] | undefined {
  const t = call.targets.find(x => x.fn === callee);
  const out = t ? paramsGiven(call, t, lent).filter(param => program.keepsParam(callee, param)) : [];
  return out.length ? out.sort() : undefined;
}

/** An access on the object one of `own` holds: `self.x` with self one (EffectiveAccess.onSelf),
 *  or `job.x` with job one (ownRoot). */
function ownAccess(program: Program, fn: FnInfo, own: string[], a: EffectiveAccess): boolean {
  if (a.viaAlias) return false;
  if (!((!!a.onSelf && !!fn.s.selfParam && own.includes(fn.s.selfParam)) || (a.ownRoot !== undefined && own.includes(a.ownRoot)))) return false;
  // (and only a container the object makes for itself: `self.results = results` holds one
  // handed in, which other objects may hold too)
  const c = program.containers.get(a.container);
  const cls = c && program.containerClass(c);
  return !!cls && program.perObjectAttr(cls, c!.attr);
}

/** An access made by a module's import (holding IMPORTED) before a thread no import starts. */
function importOrdered(a: { canonical: string[] }, t: ThreadEntry): boolean {
  return t.kind !== 'main' && !t.atImport && a.canonical.includes(IMPORTED);
}

/** Whether two accesses by instances of one thread, each started by its own call of a
 *  function (ThreadEntry.perCall), are of that function's local, made in it or its closures:
 *  each call's own. */
function perCallLocal(program: Program, cid: string, w: ThreadAccess, o: ThreadAccess): boolean {
  const f = w.thread.perCall;
  if (!f) return false;
  const c = program.containers.get(cid);
  if (c?.ownerKind !== 'function' || c.owner !== f.s.qualname || c.path !== f.file.path) return false;
  const inside = (a: ThreadAccess) => a.fn.file === f.file && inFunction(a.fn.s.qualname, f.s.qualname);
  return inside(w) && inside(o);
}

/** Whether a container is the state of each object a thread runs on (its perInstance class's
 *  own attribute; not a class-level one, `seen = {}` in the class body, which every instance
 *  shares). */
function ownState(program: Program, cid: string, t: ThreadEntry): boolean {
  const c = t.perInstance && program.containers.get(cid);
  if (!c || c.ownerKind !== 'class' || c.classLevel) return false;
  // (loops, not closures, here and in the tests below: asked for millions of access pairs)
  for (const k of program.mro(t.perInstance!)) if (declares(k, c)) return true;
  return false;
}

function toFinding(a: ThreadAccess, threads: ThreadModel, ids: string[] = [a.thread.id]): FindingAccess {
  return {
    path: a.fn.file.path, line: a.line, column: a.column, access: a.access, op: a.op, function: a.fn.s.qualname,
    threads: ids, callPath: a.via.length ? [...a.path, ...a.via] : a.path.length ? a.path : threads.callPath(a.thread.id, a.fn), locks: a.locks,
  };
}

/** Locks as a user reads them: a join (JOINED) is no lock; a lock a helper took through a
 *  local of its own (`serve:s.kv_mgr._lock`, named for the helper so it never matches this
 *  function's) reads `s.kv_mgr._lock (in serve)`. */
export function shownLocks(locks: string[]): string[] {
  const odd = (l: string) => isOrdering(l) || l.includes(':');
  if (!locks.some(odd)) return locks;
  const out: string[] = [];
  for (const l of locks) {
    if (isOrdering(l)) continue;
    const i = l.indexOf(':');
    out.push(i > 0 ? `${l.slice(i + 1)} (in ${l.slice(0, i)})` : l);
  }
  return out;
}

/** Whether one of two threads is confined to the other or to itself (ThreadModel.confinedTo). */
function confinedApart(threads: ThreadModel, a: ThreadEntry, b: ThreadEntry): boolean {
  if (a.joinedStarters) { const c = threads.confinedTo(a); if (c !== undefined && (b === a || b.id === c)) return true; }
  if (b.joinedStarters) { const c = threads.confinedTo(b); if (c !== undefined && (a === b || a.id === c)) return true; }
  return false;
}

/** Whether a held mark is the join of thread t (its joinedBy, or that for one instance). */
function joinOf(l: string, t: ThreadEntry): boolean {
  return (!!t.joinedBy && (l === t.joinedBy || l === t.joinedBy + ONE_INSTANCE)) || (!!t.poolJoin && l === t.poolJoin);
}

/** Whether an access runs in a callback of the future whose task thread t is (DONE, with
 *  the callback's `@`: ThreadEntry.doneAs and afterTask, or the call that runs it at once). */
function afterDone(a: { canonical: readonly string[] }, t: ThreadEntry): boolean {
  const d = t.doneAs;
  if (!d) return false;
  for (const l of a.canonical) if (l.length > d.length && l.startsWith(d) && l[d.length] === '@') return true;
  return false;
}

/** Whether an access holds the joins of every start of thread t (ThreadEntry.joinedAll). */
function joinedAfter(a: { canonical: readonly string[] }, t: ThreadEntry): boolean {
  if (!t.joinedAll) return false;
  for (const j of t.joinedAll) if (!a.canonical.includes(j)) return false;
  return true;
}

/** A lock two accesses both hold that orders them: not a join both threads share (the loop
 *  over a list both are elements of), not a start's mark, and one that guards the container
 *  (racesOf's `guards`). A loop, not some() with a closure: asked for millions of pairs. */
function commonGuard(w: ThreadAccess, o: ThreadAccess, guards: (l: string) => boolean): boolean {
  for (const l of w.canonical) if (o.canonical.includes(l) && !(joinOf(l, w.thread) && joinOf(l, o.thread)) && !l.startsWith(STARTED) && guards(l)) return true;
  return false;
}

/** ThreadEntry.startedAfter split into its function's prefix and its rank, once per thread. */
const startMarks = new WeakMap<ThreadEntry, { text: string; prefix: string; rank: number }>();

/** Whether an access precedes thread t's start: it holds a mark of t's starting function
 *  (`<started>mod:fn#k`, the first start in no loop after it) of a rank at most t's own. */
function startOrdered(a: { canonical: readonly string[] }, t: ThreadEntry): boolean {
  const s = t.startedAfter;
  if (!s) return false;
  let m = startMarks.get(t);
  if (m?.text !== s) {
    const hash = s.lastIndexOf('#');
    startMarks.set(t, (m = { text: s, prefix: s.slice(0, hash + 1), rank: Number(s.slice(hash + 1)) }));
  }
  for (const l of a.canonical) if (l.startsWith(m.prefix) && Number(l.slice(m.prefix.length)) <= m.rank) return true;
  return false;
}
