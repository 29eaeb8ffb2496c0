// Pass 4: thread entry points and which thread(s) each function runs on.
import type { ThreadKind } from './report';
import { CallSite, classLike, dotted, ExprPath, own, pointRank, startOfMade, startPoints, startsWhatItMakes, ThreadStart } from './model';
import { CallGraph } from './callgraph';
import { ClassInfo, FnInfo, handlerArgument, inFunction, Program } from './program';
import { bindArguments } from './summaries';
import { CONSTRUCTOR_NAMES, DONE, DOTTED_NAME, EACH_JOINED, JOINED, LOOP_RUNNERS, PLAIN_SERVERS, SERVE_METHODS, SERVER_REQUEST_METHODS, STARTED, THREAD_CONSTRUCTORS, THREAD_STAND_INS, TIMER_CONSTRUCTORS } from './vocabulary';

export interface ThreadEntry {
  id: string;
  name: string;
  kind: ThreadKind;
  entries: FnInfo[];
  instances: 'one' | 'many';
  startedAt: { path: string; line: number }[];
  /** A Thread subclass: each thread runs on its own instance. */
  perInstance?: ClassInfo;
  /** A request handler's thread: its perInstance object is one the server makes for the
   *  request and no other thread sees (a Thread subclass's instance is its starter's too). */
  ownObject?: boolean;
  /** The class of the object its target runs on, where narrower than the target's own:
   *  `Thread(target=server.serve_forever)` with server a ThreadingHTTPServer runs
   *  BaseServer.serve_forever on one (entryReceiver). */
  receiver?: ClassInfo;
  /** Started once, as one bound name (`self._worker = Thread(…)`), or as the elements of one
   *  list (`threads[]`, vocabulary EACH_JOINED): the held "lock" of what follows its `join()`
   *  (or a join loop over the list), which every access of the thread holds too (vocabulary
   *  JOINED); never between two instances of the thread. */
  joinedBy?: string;
  /** Tasks given to one named executor at each of its starts (ThreadStart.pool): leaving its
   *  `with`, or its `shutdown()`, ends them all (JOINED, the executor's name with EACH_JOINED),
   *  whichever thread of the pool ran them; never between two of them. */
  poolJoin?: string;
  /** Started at several places, each bound to a name of its own no other start binds
   *  (`t1 = Thread(target=f)`, `t2 = Thread(target=f)`): the joins of them all, which an access
   *  holding every one of comes after each instance (findings' racesOf). */
  joinedAll?: string[];
  /** A submitted task started once from one future's name (its joinedBy's): `<done>` and that
   *  name (DONE), which a callback registered on that future holds too (afterTask). */
  doneAs?: string;
  /** A done-callback registered on one future at each of its starts (ThreadStart.future): it
   *  runs after that future's task, whose doneAs this is. */
  afterTask?: string;
  /** Started once, by a start in no loop of a function that runs once, from one place, and is
   *  none of the thread's entries: that start's mark (vocabulary STARTED, with the start's
   *  rank); what holds a mark of the function of rank at most this precedes the thread. */
  startedAfter?: string;
  /** Parameters of its first entry that each start gives an object of its own (ThreadStart.
   *  perStart, at every start): what its instances do on them they do not do to one object. */
  ownParams?: string[];
  /** Parameters of its first entry (its self included) that each start in a constructor gives
   *  the object being made, or that object's own containers (`Thread(target=self._run)` in
   *  `__init__`, `args=(self._pool,)` with `self._pool = []` there): each instance of the thread
   *  has its own object, but other threads started for that object share it, so only two
   *  instances of this thread never meet on it (findings' racesOf). */
  objectParams?: string[];
  /** Started by a module's import (ThreadStart.atImport, or in what its import calls): what
   *  an import does before its first start (IMPORTED) is not before this thread. */
  atImport?: boolean;
  /** Every start is joined back to back (ThreadStart.joinedNext): the functions that start it,
   *  each waiting for it to end (confinedTo). */
  joinedStarters?: FnInfo[];
  /** Started once per call of one function, in no loop there, its entries that function's
   *  closures (moto's `_exec_and_notify`): two instances are two calls', each on its own
   *  locals of that function (findings' racesOf). */
  perCall?: FnInfo;
}

export interface ThreadsConfig {
  mainThread: string;
  /** qualname glob → thread name */
  threads: Record<string, string>;
}

/** Where a thread is started, read from the current summary: an edit that only moves lines
 *  moves the thread's start sites without a new thread model (see reposition). */
interface SiteSource { fn: FnInfo; line: () => number; /** the index of the ThreadStart in fn's starts */ start?: number;
  /** a Thread subclass's construction: its call site in fn now */ made?: () => CallSite | undefined }
interface Candidate { fn: FnInfo; kind: ThreadKind; short: string; qual: string; names: string[]; raw: SiteSource[]; many: boolean; cls?: ClassInfo; bound: (string | undefined)[]; extra?: FnInfo[]; recv?: ClassInfo | null; handler?: boolean;
  /** Per site in raw, the target's parameters that site gives an object of its own; and
   *  those it gives the object a constructor makes (ThreadEntry.objectParams). */
  own: (string[] | undefined)[]; objectOwn: (string[] | undefined)[] }

/** The model before an in-place update, and the functions whose callees changed in it: a new
 *  model built from it propagates again only the threads that reach those (or whose entries
 *  changed), and keeps the others' reach. */
export interface PreviousThreads { model: ThreadModel; calleesChanged: ReadonlySet<FnInfo> }
// (the previous model is used up by the new one: it keeps its entries, byId and call paths, but
// its thread sets per function move into the new model)

/** What a model built from a previous one changed, for the passes after it. */
export interface ThreadChanges {
  /** Threads propagated again (new, new entries, or reaching a function whose callees changed);
   *  the others kept their reach and call paths. */
  redone: Set<ThreadEntry>;
  /** The previous model's threads that are not in this one. */
  removed: ThreadEntry[];
  /** Functions whose thread ids changed. */
  threadsChanged: FnInfo[];
  /** Per redone thread, the functions it reaches through another caller than before, or newly. */
  parentsChanged: Map<string, Set<FnInfo>>;
  /** Functions a redone thread still reaches, but on objects of other classes than before
   *  (their helper entries' threads may change: threadIdsOn). */
  receiversChanged: Set<FnInfo>;
}

/** Start sites, one per line. */
function placed(raw: SiteSource[]): { path: string; line: number }[] {
  const out: { path: string; line: number }[] = [];
  for (const r of raw) {
    const site = { path: r.fn.file.path, line: r.line() };
    if (!out.some(s => s.path === site.path && s.line === site.line)) out.push(site);
  }
  return out;
}

const NO_FNS: ReadonlySet<FnInfo> = new Set();

/** The rank among its function's start points (model.startPoints, as the summarizer's marks
 *  count them) of where a site starts its thread: its ThreadStart, or the `start()` call on the
 *  object a Thread subclass's construction makes (startOfMade); none when that is not known. */
function startRank(src: SiteSource): number | undefined {
  const s = src.fn.s;
  if (src.start !== undefined) {
    const st = s.starts[src.start];
    if (!st) return undefined;
    // (`t = Thread(target=f)`, then `t.start()` later: the thread starts at the start() call;
    // what comes between is before it)
    const made = st.boundTo ? s.calls.find(c => c.line === st.line && c.column === st.column && c.boundTo === st.boundTo) : undefined;
    const c = made && startOfMade(s, made);
    return pointRank(startPoints(s), c ?? st);
  }
  const site = src.made?.();
  const c = site && startOfMade(s, site);
  return c ? pointRank(startPoints(s), c) : undefined;
}
/** Methods a call of a class runs on the object it makes. */
const MAKING = new Set(['__new__', '__init__', '__post_init__']);

export class ThreadModel {
  readonly threads: ThreadEntry[] = [];
  readonly main: ThreadEntry;
  /** Function → thread ids it runs on, main first and the rest in order: once the model is
   *  built, each list is fixed (a later model built from this one makes new lists), so the
   *  reports share them. Lists, not sets: most functions run on one or two threads. */
  private threadsOf = new Map<FnInfo, string[]>();
  /** thread id → (function → caller on the path from the entry), for call paths. */
  private readonly parents = new Map<string, Map<FnInfo, FnInfo | null>>();
  /** thread id → the functions it reaches only on objects of classes narrower than their own
   *  (CallGraph.eachTarget), with those classes; a function reached but not here is reached on
   *  any object of its class. What its search goes on from when extended (reachFrom). */
  private readonly narrowed = new Map<string, Map<FnInfo, ClassInfo[]>>();
  readonly byId = new Map<string, ThreadEntry>();
  private readonly sources = new Map<ThreadEntry, SiteSource[]>();
  /** The threads each function has start sites of (what reposition looks at). */
  private readonly startedIn = new Map<FnInfo, ThreadEntry[]>();

  /** The functions with start sites of threads (not processes), in no set order. */
  threadStarters(): FnInfo[] {
    const out: FnInfo[] = [];
    for (const [fn, ts] of this.startedIn) if (ts.some(t => t.kind !== 'process')) out.push(fn);
    return out;
  }

  /** Set when built from a previous model. */
  readonly changes?: ThreadChanges;
  /** With threading.py analyzed: what Thread.start's own start (`_bootstrap`) reaches, left to
   *  the threads each start makes (no root of main, not taken up as unreached). */
  private machinery: ReadonlySet<FnInfo> = NO_FNS;

  /** Whether fn is Thread's own machinery (threading.py analyzed): what it reaches through
   *  `self.run()` is each thread's, reported where that thread's run() does it. Not what some
   *  thread reaches: each Thread subclass's run() and its helpers, or `Event.set`, which
   *  `_bootstrap_inner` calls too, are that thread's (their calls' accesses were dropped from
   *  the lists). */
  isMachinery(fn: FnInfo): boolean { return this.machinery.has(fn) && !this.threadsOf.get(fn)?.length; }

  /** The functions that are machinery in one of this model and prev but not the other. */
  machineryChanged(prev: ThreadModel): FnInfo[] {
    if (prev.machinery === this.machinery || (!prev.machinery.size && !this.machinery.size)) return [];
    return [...[...prev.machinery].filter(fn => !this.machinery.has(fn)), ...[...this.machinery].filter(fn => !prev.machinery.has(fn))];
  }
  /** How many of main's entries are roots (the rest were reached by no thread from them). */
  private rootCount = 0;

  constructor(private readonly program: Program, private readonly graph: CallGraph, config: ThreadsConfig, previous?: PreviousThreads) {
    const prev = previous?.model;
    // Keyed by entry function, or by class for Thread subclasses that share an inherited run().
    const cands = new Map<string, Candidate>();
    // (a start site and what it says, in the candidate's lists kept side by side)
    const addSite = (c: Candidate, site: SiteSource, bound?: string, own?: string[], objectOwn?: string[]) => {
      c.raw.push(site);
      c.bound.push(bound === undefined ? bound : program.boundKey(site.fn, bound));
      c.own.push(own);
      c.objectOwn.push(objectOwn);
    };
    const note = (fn: FnInfo, kind: ThreadKind, short: string, site: SiteSource | undefined, many: boolean, name?: string, cls?: ClassInfo, bound?: string, extra?: FnInfo[], recv?: ClassInfo, own?: string[], objectOwn?: string[]): Candidate => {
      const key = cls ? `${fn.key}|${cls.key}` : fn.key;
      let c = cands.get(key);
      if (!c) cands.set(key, (c = { fn, kind, short, qual: cls ? cls.s.qualname : fn.s.qualname, raw: [], many: false, names: [], cls, bound: [], own: [], objectOwn: [], ...(extra?.length ? { extra } : {}), recv: recv ?? null }));
      else {
        // (started on objects of two classes: on any that has the target)
        if (c.recv !== recv) c.recv = null;
        // (and as one of several targets somewhere: those too, ThreadStart.oneOf)
        for (const x of extra ?? []) if (x !== c.fn && !c.extra?.includes(x)) c.extra = [...c.extra ?? [], x];
      }
      if (site) addSite(c, site, bound, own, objectOwn);
      if (many) c.many = true;
      if (name && !c.names.includes(name)) c.names.push(name);
      return c;
    };
    // A request handler class given to a threading server: a thread per request, on a handler
    // object of its own, running the handler's methods (one thread, named for the class).
    // (a plain server's, `Thread(target=server.serve_forever)`: one request at a time there)
    const noteHandler = (cls: ClassInfo, site: SiteSource, many = true, bound?: string) => {
      const entries = this.program.handlerEntries(cls);
      if (!entries.length) return;
      note(entries[0], 'thread', cls.s.name, site, many, undefined, cls, bound, entries.slice(1)).handler = true;
    };
    // The i-th construction of a class as a start site: its line read from the graph as it is
    // then (the construction keeps its place among its function's when lines move).
    const constructionSite = (cls: ClassInfo, i: number): SiteSource => {
      const sites = graph.constructions.get(cls)!;
      const s = sites[i];
      const k = sites.slice(0, i).filter(o => o.fn === s.fn).length;
      // (the call as the function's current summary has it, by its index: an unchanged
      // function's recorded site may be an earlier summary's object)
      const now = () => { const e = (graph.constructions.get(cls) ?? []).filter(o => o.fn === s.fn)[k]; return e && (e.fn.s.calls[e.index] ?? e.site); };
      return { fn: s.fn, line: () => now()?.line ?? s.site.line, made: now };
    };
    const fnList = program.fnList;
    const bootstraps = new Set<FnInfo>();
    // Targets handed to a Thread subclass through a name guessed to make processes (pool's
    // `Process(ctx, target=worker)`, ThreadPool's Process being DummyProcess): entries of that
    // class's thread.
    // (by target too: two targets handed to one maker are two threads, as two Thread(target=…)
    // calls are, where the class has no analyzed run() of its own to be their thread's entry)
    const madeBy = new Map<ClassInfo, { fns: FnInfo[]; sites: SiteSource[]; many: boolean; each: Map<FnInfo, { sites: SiteSource[]; many: boolean; recv?: ClassInfo }> }>();
    // Event loops, by identity (loopKey): the callbacks scheduled on each, the starts of a thread
    // running it (`Thread(target=self.loop.run_forever)`), and the functions calling its runner.
    const loopCallbacks = new Map<string, FnInfo[]>();
    const loopStarts = new Map<string, { fn: FnInfo; st: ThreadStart; site: SiteSource }[]>();
    const loopCallers = new Map<string, FnInfo[]>();
    const addTo = <T>(m: Map<string, T[]>, k: string, v: T) => { const l = m.get(k); if (!l) m.set(k, [v]); else if (!l.includes(v)) l.push(v); };
    for (let f = 0; f < fnList.length; f++) {
      const fn = fnList[f];
      // (threading.py analyzed: Thread.start's own `_start_new_thread(self._bootstrap, ())` is
      // every thread's, modeled where each thread is made and started instead)
      if (fn.cls && program.isExternal(fn.cls, 'threading.Thread')) {
        // (and what it starts, `_bootstrap`, is no root of main: it would run every run() there)
        for (const st of fn.s.starts) for (const { fn: target } of this.startTargets(fn, st)) bootstraps.add(target);
        continue;
      }
      // (a thread's entry that runs an event loop itself, `self.loop.run_forever()`)
      for (const key of this.loopsRun(fn)) addTo(loopCallers, key, fn);
      if (fn.s.starts.length) fn.s.starts.forEach((st, i) => {
        // (a callback on an event loop: on the thread that runs the loop, worked out below)
        if (st.loop !== undefined) {
          // (a method of an analyzed class of that name, `self.pool.call_soon(fn)`: a call; but
          // not asyncio's own loops, analyzed with the stdlib, which run it later on their thread)
          const site = fn.s.calls.find(c => c.line === st.line && c.column === st.column && c.callee.attrs[c.callee.attrs.length - 1] === st.via);
          const targets = site ? program.callTargets(fn, site, false) : [];
          if (targets.length && targets.every(t => !/^asyncio(\.|$)/.test(t.fn.file.module))) return;
          for (const t of this.startTargets(fn, st)) addTo(loopCallbacks, this.loopKey(fn, st.loop), t.fn);
          return;
        }
        if (st.runsLoop !== undefined) addTo(loopStarts, this.loopKey(fn, st.runsLoop), { fn, st, site: { fn, line: () => fn.s.starts[i].line, start: i } });
        if (st.handler) {
          const many = !st.serving || st.inLoop || this.runsRepeatedly(fn);
          for (const cls of this.handlerClasses(fn, st.target)) noteHandler(cls, { fn, line: () => fn.s.starts[i].line }, many, st.serving ? st.boundTo : undefined);
          return;
        }
        // (one thread whose entries the targets are, at this start; with the parameters it gives
        // objects of their own where asked: ownParams, objectParams)
        const oneThread = (targets: { fn: FnInfo; recv?: ClassInfo }[], own: boolean) => {
          const many = st.once !== 'program' && (st.inLoop || !!st.many || this.runsRepeatedly(fn, st.kind === 'timer' ? targets[0].fn : undefined));
          note(targets[0].fn, st.kind, shortName(targets[0].fn, graph), { fn, line: () => fn.s.starts[i].line, start: i }, many, st.name, undefined, st.boundTo, targets.slice(1).map(t => t.fn), targets[0].recv,
            own ? this.ownParams(fn, st, targets[0]) : undefined, own ? this.objectParams(fn, st, targets[0]) : undefined);
        };
        // (one of several targets, `target = self._a if debug else self._b`: one thread whose
        // entries they are, at the group's first start)
        if (st.oneOf && !st.maker) {
          const group = fn.s.starts.filter(o => o.oneOf && o.line === st.line && o.column === st.column);
          if (group[0] !== st) return;
          const targets: { fn: FnInfo; recv?: ClassInfo }[] = [];
          for (const o of group) for (const t of this.startTargets(fn, o)) if (!targets.some(x => x.fn === t.fn)) targets.push(t);
          if (targets.length) oneThread(targets, false);
          return;
        }
        // (one object's method, the object of one of several classes: `waiter = make_waiter(k)`,
        // `Thread(target=waiter.add_result)`: one thread whose entries they are, as one of
        // several targets; self's, `target=self._loop` over subclasses, stays a thread each:
        // each subclass's objects start their own)
        if (!st.maker && st.target && st.target.attrs.length && st.target.root !== fn.s.selfParam && !st.target.root.startsWith('<')) {
          const targets = this.startTargets(fn, st);
          if (targets.length > 1) { oneThread(targets, true); return; }
        }
        const made = st.maker ? this.madeThreads(fn, st as ThreadStart & { maker: ExprPath }) : undefined;
        const targets = this.startTargets(fn, st);
        // (the serve loop of an analyzed plain server class that does not override it,
        // `Thread(target=srv.serve_forever)` with `class DevServer(HTTPServer)`, the loop
        // itself not analyzed: its handlers are served on that thread, one request at a time,
        // as a server the summarizer knows by name, servedBy)
        const ta = st.target?.attrs;
        if (!targets.length && st.kind === 'thread' && ta?.length && SERVE_METHODS.has(ta[ta.length - 1])) {
          for (const v of program.evalPath(fn, { root: st.target!.root, attrs: ta.slice(0, -1) })) {
            if (v.k === 'inst') for (const h of this.servedHandlers(v.cls)) noteHandler(h, { fn, line: () => fn.s.starts[i].line }, false, st.boundTo);
          }
        }
        for (const t of targets) {
          const { fn: target, recv } = t;
          const kind: ThreadKind = st.kind === 'process' ? 'process' : st.kind;
          const site: SiteSource = { fn, line: () => fn.s.starts[i].line, start: i };
          // (a timer re-armed by its own function through a helper, `_tick → _schedule`, which
          // main also calls once: one chain of ticks, each after the last)
          const many = st.once !== 'program' && (st.inLoop || !!st.many || this.runsRepeatedly(fn, st.kind === 'timer' ? target : undefined));
          for (const cls of made?.classes ?? []) {
            let m = madeBy.get(cls);
            if (!m) madeBy.set(cls, (m = { fns: [], sites: [], many: false, each: new Map() }));
            if (!m.fns.includes(target)) m.fns.push(target);
            m.sites.push(site);
            if (many) m.many = true;
            let e = m.each.get(target);
            if (!e) m.each.set(target, (e = { sites: [], many: false, recv }));
            e.sites.push(site);
            if (many) e.many = true;
          }
          if (made && !made.process && !made.thread) continue;
          // (a maker that returns threading.Thread's own object, `return threading.Thread(*a,
          // **kw)`: a thread, as if made there)
          note(target, made?.thread && !made.process ? 'thread' : kind, shortName(target, graph), site, many, st.name, undefined, st.boundTo, this.servedEntries(target, recv), recv, this.ownParams(fn, st, t), this.objectParams(fn, st, t));
        }
      });
    }
    // Thread subclasses: run() is the entry; the thread is named for the class.
    for (const cls of program.classes.values()) {
      if (!program.derivesFrom(cls, 'threading.Thread') && !program.derivesFrom(cls, 'multiprocessing.Process')) continue;
      // (threading.py analyzed: Thread itself is made with a target, and Timer with a function,
      // starts of their own where they are made; the stand-ins for running threads are never
      // started)
      if (program.isExternal(cls, 'threading.Thread') || [...THREAD_STAND_INS, ...TIMER_CONSTRUCTORS].some(n => program.isExternal(cls, n))) continue;
      const run = program.lookupMethod(cls, 'run');
      const kind: ThreadKind = program.derivesFrom(cls, 'multiprocessing.Process') ? 'process' : 'thread';
      if (!run) {
        // (threading.Thread's own run(): the target each construction hands it, `Worker(target=
        // f)`, or its __init__ hands up, `super().__init__(target=self._body)`; a thread per
        // target, named for the class where it is the only one, as madeBy's below)
        const sites = graph.constructions.get(cls) ?? [];
        const each = new Map<FnInfo, { sites: SiteSource[]; bound: (string | undefined)[]; many: boolean; recv?: ClassInfo }>();
        sites.forEach((s, i) => {
          for (const t of this.handedTargets(cls, s)) {
            let e = each.get(t.fn);
            if (!e) each.set(t.fn, (e = { sites: [], bound: [], many: false, recv: t.recv }));
            e.sites.push(constructionSite(cls, i));
            e.bound.push(s.site.boundTo);
            if (s.site.inLoop || sites.length > 1 || (!s.site.once && this.runsRepeatedly(s.fn))) e.many = true;
          }
        });
        for (const [target, e] of each) e.sites.forEach((site, i) => {
          if (each.size > 1) note(target, kind, shortName(target, graph), site, e.many, undefined, undefined, e.bound[i], undefined, e.recv);
          else note(target, kind, cls.s.name, site, e.many, undefined, cls, e.bound[i], undefined, e.recv);
        });
        continue;
      }
      // Each class constructed is its own thread; a class defining run() but never constructed here still is one.
      // (but not a base class whose subclasses are the ones constructed: their threads run it)
      const sites = graph.constructions.get(cls) ?? [];
      if (!sites.length && (run.cls !== cls || program.allSubclasses(cls).some(s => graph.constructions.has(s)))) continue;
      // (one construction in a function that runs again, `submit_job` called twice, makes one
      // each time; one made once per object or for the program, `if self._t is None:`, does not
      // count so: CallSite.once)
      const many = sites.length > 1 || sites.some(s => s.site.inLoop || (!s.site.once && this.runsRepeatedly(s.fn)));
      if (!sites.length) note(run, kind, cls.s.name, undefined, false, undefined, cls);
      sites.forEach((s, i) => note(run, kind, cls.s.name, constructionSite(cls, i), many, undefined, cls, s.site.boundTo));
      const m = madeBy.get(cls);
      const c = m && cands.get(`${run.key}|${cls.key}`);
      if (!m || !c) continue;
      madeBy.delete(cls);
      c.extra = [...(c.extra ?? []), ...m.fns.filter(f => f !== run && !c.extra?.includes(f))];
      for (const site of m.sites) addSite(c, site);
      if (m.many) c.many = true;
    }
    // (made through threading.Thread itself, or a subclass with no analyzed run(): a thread of
    // their own, named for the class)
    // (two targets or more: a thread each, named for its target, as a Thread(target=…) start)
    for (const [cls, m] of madeBy) {
      if (m.each.size > 1) for (const [target, e] of m.each) for (const site of e.sites) note(target, 'thread', shortName(target, graph), site, e.many, undefined, undefined, undefined, undefined, e.recv);
      else for (const site of m.sites) note(m.fns[0], 'thread', cls.s.name, site, m.many, undefined, cls, undefined, m.fns.slice(1));
    }
    // Analyzed servers with ThreadingMixIn (`class Server(ThreadingMixIn, TCPServer)`), made
    // with a handler class: as the threading servers the summarizer knows by name.
    // (and a server subclass that gives its base the handler class itself, `super().__init__(
    // addr, Handler)`: each construction of it)
    for (const cls of program.classes.values()) {
      if (!program.threadingServer(cls)) continue;
      const sites = graph.constructions.get(cls);
      if (!sites) continue;
      const own = this.handedUp(cls);
      // (over a threading base that is not analyzed, `class DualStack(ThreadingHTTPServer)`:
      // its own overrides of what the request thread calls run there, on the server object)
      const onRequest = program.lookupMethod(cls, 'process_request') ? [] : SERVER_REQUEST_METHODS.flatMap(n => program.lookupMethod(cls, n) ?? []);
      if (onRequest.length) sites.forEach((_, i) => note(onRequest[0], 'thread', cls.s.name, constructionSite(cls, i), true, undefined, cls, undefined, onRequest.slice(1)));
      sites.forEach((s, i) => {
        if (s.fn.s.starts.some(st => st.handler && st.line === s.site.line)) return;
        // (a subclass that hands its base the handler itself takes other arguments:
        // `Server(addr, App)` with `super().__init__(addr, Handler)` makes no App thread)
        const hs = own.length ? [] : this.constructionHandlers(s);
        for (const h of own) if (!hs.includes(h)) hs.push(h);
        for (const h of hs) noteHandler(h, constructionSite(cls, i));
      });
    }
    // A loop's callbacks run on the thread that runs it: one a start runs the loop on (its
    // entries), a thread whose entry runs it (more entries of that thread), or main (its roots)
    // where none does, as an `asyncio.run(…)` in main would.
    const onMainLoop: FnInfo[] = [];
    for (const [key, fns] of [...loopCallbacks].sort((a, b) => a[0].localeCompare(b[0]))) {
      const starts = loopStarts.get(key);
      if (starts) {
        const name = key.slice(key.lastIndexOf('.') + 1) || 'loop';
        let c = cands.get(`loop:${key}`);
        if (!c) cands.set(`loop:${key}`, (c = { fn: fns[0], kind: 'thread', short: name, qual: key.replace(/^[^:]*:/, ''), raw: [], many: false, names: [], bound: [], own: [], objectOwn: [], ...(fns.length > 1 ? { extra: fns.slice(1) } : {}), recv: null }));
        for (const s of starts) {
          addSite(c, s.site, s.st.boundTo);
          if (s.st.inLoop || this.runsRepeatedly(s.fn)) c.many = true;
          if (s.st.name && !c.names.includes(s.st.name)) c.names.push(s.st.name);
        }
        continue;
      }
      const runners = loopCallers.get(key) ?? [];
      const hosts = [...cands.values()].filter(c => runners.includes(c.fn) || c.extra?.some(e => runners.includes(e)));
      for (const c of hosts) for (const f of fns) if (f !== c.fn && !c.extra?.includes(f)) c.extra = [...c.extra ?? [], f];
      if (!hosts.length) for (const f of fns) if (!onMainLoop.includes(f)) onMainLoop.push(f);
    }
    // Declared threads: annotation comments, then threadline.json globs.
    const declared = new Map<string, { kind: ThreadKind; fns: FnInfo[] }>();
    const declare = (name: string, kind: ThreadKind, fn: FnInfo) => {
      let d = declared.get(name);
      if (!d) declared.set(name, (d = { kind, fns: [] }));
      if (!d.fns.includes(fn)) d.fns.push(fn);
    };
    const globs = Object.entries(config.threads).map(([g, name]) => ({ re: globToRegExp(g), name }));
    for (let f = 0; f < fnList.length; f++) {
      const fn = fnList[f];
      if (fn.s.threadAnnotation) declare(fn.s.threadAnnotation, 'annotation', fn);
      for (const g of globs) if (g.re.test(fn.s.qualname) || g.re.test(`${fn.file.module}.${fn.s.qualname}`)) declare(g.name, 'config', fn);
    }
    for (const d of declared.values()) for (const fn of d.fns) for (const [k, c] of cands) if (c.fn === fn) cands.delete(k);

    // What modules' imports run (their top-level calls made at import, and what those call):
    // a thread started there is started at import.
    const importCalled: FnInfo[] = [];
    for (const fn of fnList) if (fn.s.kind === 'module') for (const c of graph.calls.get(fn) ?? []) if (c.site.atImport) for (const t of c.targets) importCalled.push(t.fn);
    const importReach = new Set(importCalled.length ? graph.closure(importCalled, 'callees') : NO_FNS);
    const importThreads = new Set<Candidate>();
    for (let grew = true; grew; ) {
      grew = false;
      for (const c of cands.values()) {
        if (importThreads.has(c) || !c.raw.some(r => (r.start !== undefined && r.fn.s.starts[r.start]?.atImport) || importReach.has(r.fn))) continue;
        importThreads.add(c);
        grew = true;
        for (const f of graph.closure([c.fn, ...c.extra ?? []], 'callees')) importReach.add(f);
      }
    }
    // Ids: the target's short name, its qualname where two targets share one.
    const counts = new Map<string, number>();
    for (const c of cands.values()) counts.set(c.short, (counts.get(c.short) ?? 0) + 1);
    // (a name bound to the objects of two starts, `x = Thread(a); …; x = Thread(b)`: its join()
    // is the last one's, which the analysis cannot tell: it orders neither)
    const boundUses = new Map<string, number>();
    for (const c of cands.values()) for (const b of new Set(c.bound)) if (b !== undefined) boundUses.set(b, (boundUses.get(b) ?? 0) + 1);
    const used = new Set<string>([config.mainThread, ...declared.keys()]);
    // (the functions that begin a thread's run: what reaches a starting function from two of
    // them, or from one and from main, runs it twice, and its start orders nothing)
    const entryOf = new Map<FnInfo, Candidate[]>();
    for (const c of cands.values()) for (const e of [c.fn, ...c.extra ?? []]) { let l = entryOf.get(e); if (!l) entryOf.set(e, (l = [])); l.push(c); }
    const reachedOnce = (fn: FnInfo): boolean => {
      let threads = 0, main = false;
      for (const f of graph.closure([fn], 'callers')) {
        const l = entryOf.get(f);
        if (l) { for (const c of l) threads += c.many || c.raw.length !== 1 ? 2 : 1; continue; }
        if (!graph.callers.get(f)?.size) main = true;
      }
      return threads + (main ? 1 : 0) <= 1;
    };
    const ordered = [...cands].sort((a, b) => a[0].localeCompare(b[0])).map(([, c]) => c);
    for (const c of ordered) {
      let id = counts.get(c.short)! > 1 || used.has(c.short) ? c.qual : c.short;
      if (used.has(id)) id = `${c.fn.file.module}.${c.qual}`;
      used.add(id);
      const sites = placed(c.raw);
      // (a timer its own function starts again, `self.timer = Timer(5, self._reap)` at the end of
      // _reap, runs after the last one: not another at once)
      const concurrent = c.kind === 'timer' && c.raw.some(r => r.fn === c.fn) ? placed(c.raw.filter(r => r.fn !== c.fn)) : sites;
      const instances = c.many || concurrent.length > 1 ? 'many' : 'one';
      // (started by an import: at a module's top level, in what an import calls, or in what a
      // thread started so runs: IMPORTED)
      const atImport = importThreads.has(c);
      // (the parameters every site gives an object of its own: ThreadEntry.ownParams, objectParams)
      const every = (l: (string[] | undefined)[]): string[] | undefined => (instances === 'many' && c.raw.length ? l.reduce<string[] | undefined>((acc, o) => (acc && o ? acc.filter(p => o.includes(p)) : undefined), l[0]) : undefined);
      // (one thread, started from one bound name: its join() ends it; or the threads of one
      // start kept in one list, however many: a join loop over the list ends them all, but no
      // instance before another, findings' racesOf; or one per object a constructor made,
      // bound to an attribute of it: its join orders what the thread does on that object,
      // findings' collect)
      const perObject = !!every(c.objectOwn)?.length && !every(c.own)?.length;
      const joined = c.bound.length && c.bound.every(b => b !== undefined && b === c.bound[0]) && boundUses.get(c.bound[0]!) === 1
        && (instances === 'one' || c.bound[0]!.endsWith(EACH_JOINED) || perObject) ? JOINED + c.bound[0] : undefined;
      // (what every one of its starts says, or nothing)
      const common = (field: 'pool' | 'future', key: (fn: FnInfo, t: string) => string) => {
        const l = c.raw.map(r => { const v = r.start !== undefined ? r.fn.s.starts[r.start]?.[field] : undefined; return v === undefined ? v : key(r.fn, v); });
        return l.length && l.every(v => v !== undefined && v === l[0]) ? l[0] : undefined;
      };
      const pool = common('pool', (fn, t) => program.boundKey(fn, t));
      const poolJoin = pool !== undefined ? JOINED + pool : undefined;
      const doneAs = joined && c.kind === 'executor' && instances === 'one' && !joined.endsWith(EACH_JOINED) ? DONE + joined.slice(JOINED.length) : undefined;
      // (a callback registered once: by a function that runs once, from one place)
      const future = c.raw.every(r => !this.runsRepeatedly(r.fn) && reachedOnce(r.fn)) ? common('future', (fn, t) => program.doneKey(fn, t)) : undefined;
      const afterTask = future !== undefined ? DONE + future : undefined;
      // (one start, in no loop, of a function that runs once, from one place (one thread's run
      // or main's), and is none of its entries: what precedes the function's first start in no
      // loop comes before the thread, STARTED; the summarizer marks it, one mark per function)
      // (many from that one start, in a loop or a `map`: all after what precedes the loop)
      // (several starts of one function: what precedes the first of them precedes every one)
      const starter = c.raw.length && c.raw.every(r => r.fn === c.raw[0].fn) ? c.raw[0].fn : undefined;
      const ranks = starter && starter !== c.fn && !c.extra?.includes(starter) && !this.runsRepeatedly(starter) && reachedOnce(starter) ? c.raw.map(startRank) : undefined;
      const rank = ranks?.every(r => r !== undefined) ? Math.min(...ranks as number[]) : undefined;
      const started = rank !== undefined ? `${STARTED}${starter!.file.module}:${starter!.s.qualname}#${rank}` : undefined;
      // (each start bound to a name of its own, `t1 = Thread(target=f)`, `t2 = Thread(target=f)`:
      // what follows the joins of them all comes after every instance)
      const names = !joined && c.bound.length > 1 && c.bound.every(b => b !== undefined && !b.endsWith(EACH_JOINED) && boundUses.get(b) === 1) ? [...new Set(c.bound as string[])] : undefined;
      const joinedAll = names && names.length === c.bound.length ? names.map(b => JOINED + b) : undefined;
      const ownParams = every(c.own);
      const objectParams = ownParams?.length ? undefined : every(c.objectOwn);
      const joinedStarters = c.kind === 'thread' && c.raw.length && c.raw.every(r => r.start !== undefined && r.fn.s.starts[r.start]?.joinedNext) ? [...new Set(c.raw.map(r => r.fn))] : undefined;
      const perCallOf = c.raw.length === 1 && c.raw[0].start !== undefined && !c.raw[0].fn.s.starts[c.raw[0].start]?.inLoop ? c.raw[0].fn : undefined;
      const perCall = perCallOf && [c.fn, ...c.extra ?? []].every(f => f !== perCallOf && f.file === perCallOf.file && inFunction(f.s.qualname, perCallOf.s.qualname)) ? perCallOf : undefined;
      const entry = this.kept(prev, { id, name: c.names.length ? c.names.join(', ') : id, kind: c.kind, entries: c.extra ? [c.fn, ...c.extra] : [c.fn], instances, startedAt: sites, ...(c.cls ? { perInstance: c.cls } : {}), ...(c.handler ? { ownObject: true } : {}), ...(c.recv ? { receiver: c.recv } : {}), ...(joined ? { joinedBy: joined } : {}), ...(joinedAll ? { joinedAll } : {}), ...(poolJoin ? { poolJoin } : {}), ...(doneAs ? { doneAs } : {}), ...(afterTask ? { afterTask } : {}), ...(started ? { startedAfter: started } : {}), ...(ownParams?.length ? { ownParams } : {}), ...(objectParams?.length ? { objectParams } : {}), ...(atImport ? { atImport } : {}), ...(joinedStarters ? { joinedStarters } : {}), ...(perCall ? { perCall } : {}) });
      this.add(entry);
      this.sources.set(entry, c.raw);
      for (const r of c.raw) {
        let l = this.startedIn.get(r.fn);
        if (!l) this.startedIn.set(r.fn, (l = []));
        if (!l.includes(entry)) l.push(entry);
      }
    }
    for (const [name, d] of [...declared].sort((a, b) => a[0].localeCompare(b[0]))) {
      if (name === config.mainThread) continue;
      this.add(this.kept(prev, { id: name, name, kind: d.kind, entries: d.fns, instances: 'one', startedAt: [] }));
    }
    // Main: everything nobody in the analyzed code calls or starts (public API, module top level).
    const started = new Set([...this.threads.flatMap(t => t.entries), ...bootstraps]);
    // (and nor is what only it reaches, Thread's own machinery: reached by no thread, not main's)
    // (not through a thread's entry, each Thread subclass's run(): what that reaches is its
    // thread's, or, where no thread takes the call, main's like anything else no one runs)
    this.machinery = bootstraps.size ? graph.closure(bootstraps, 'callees', new Set(this.threads.flatMap(t => t.entries))) : NO_FNS;
    const roots = uncalled(fnList, graph, started);
    for (const fn of declared.get(config.mainThread)?.fns ?? []) if (!roots.includes(fn)) roots.push(fn);
    for (const fn of onMainLoop) if (!roots.includes(fn)) roots.push(fn);
    this.main = this.kept(prev, { id: config.mainThread, name: config.mainThread, kind: 'main', entries: roots, instances: 'one', startedAt: [] });
    this.rootCount = roots.length;
    this.threads.unshift(this.main);
    this.byId.set(this.main.id, this.main);
    if (prev) this.changes = this.propagateFrom(prev, previous!.calleesChanged);
    else {
      for (const t of this.threads) this.propagate(t);
      this.reachUnreached();
      for (const l of this.threadsOf.values()) if (l.length > 1) l.sort(this.compareIds);
    }
  }

  /** What no thread reaches is called only from cycles (recursion, Base.m(self) pairs) that
   *  nothing outside calls: public API, on main. */
  private reachUnreached(): void {
    const unreached = this.program.fnList.filter(fn => !this.threadsOf.get(fn)?.length && fn.s.kind !== 'lambda' && !this.machinery.has(fn));
    if (unreached.length) {
      this.main.entries.push(...unreached);
      // main's search goes on from them (what its roots reach keeps its path from a root)
      const parents = this.parents.get(this.main.id)!;
      const before = parents.size;
      this.reachFrom(parents, this.narrowed.get(this.main.id)!, unreached);
      let k = 0;
      for (const fn of parents.keys()) {
        if (k++ < before) continue;
        const l = this.threadsOf.get(fn);
        if (l) l.push(this.main.id); else this.threadsOf.set(fn, [this.main.id]);
      }
    }
  }

  /** The previous model's entry for the same thread, given the new one's fields, when what the
   *  findings see of it (id, kind, instances, own-instance class) is unchanged: the findings'
   *  traversals are kept by thread. Its entries may change (the caller compares them). */
  private kept(prev: ThreadModel | undefined, t: ThreadEntry): ThreadEntry {
    const old = prev?.byId.get(t.id);
    if (!old || old.kind !== t.kind || old.instances !== t.instances || old.perInstance !== t.perInstance || old.ownObject !== t.ownObject || old.joinedBy !== t.joinedBy || `${old.joinedAll ?? ''}` !== `${t.joinedAll ?? ''}` || old.poolJoin !== t.poolJoin || old.doneAs !== t.doneAs || old.afterTask !== t.afterTask || old.startedAfter !== t.startedAfter || old.receiver !== t.receiver
      || `${old.ownParams ?? ''}` !== `${t.ownParams ?? ''}` || `${old.objectParams ?? ''}` !== `${t.objectParams ?? ''}` || !old.atImport !== !t.atImport
      || `${old.joinedStarters?.map(f => f.key) ?? ''}` !== `${t.joinedStarters?.map(f => f.key) ?? ''}` || old.perCall !== t.perCall) return t;
    this.entriesBefore.set(old, old.entries);
    old.name = t.name;
    old.entries = t.entries;
    old.startedAt = t.startedAt;
    return old;
  }
  /** The entries a kept thread had in the previous model. */
  private readonly entriesBefore = new Map<ThreadEntry, FnInfo[]>();

  /** Propagation from a previous model: threads whose entries and reach are unchanged keep
   *  their call paths and their place in threadsOf (whose maps this model takes over). Main is redone with any other change:
   *  what it takes over (functions no thread reaches) depends on all of them. */
  private propagateFrom(prev: ThreadModel, calleesChanged: ReadonlySet<FnInfo>): ThreadChanges {
    const reachesChanged = (parents: Map<FnInfo, FnInfo | null> | undefined) => {
      if (!parents) return true;
      for (const fn of calleesChanged) if (parents.has(fn)) return true;
      return false;
    };
    const same = (a: FnInfo[] | undefined, b: FnInfo[]) => !!a && a.length === b.length && a.every((x, i) => x === b[i]);
    const redone = new Set<ThreadEntry>();
    for (const t of this.threads) {
      if (t === this.main) continue;
      if (prev.byId.get(t.id) === t && same(this.entriesBefore.get(t), t.entries) && !reachesChanged(prev.parents.get(t.id))) this.keepReach(prev, t.id);
      else redone.add(t);
    }
    const removed = prev.threads.filter(t => this.byId.get(t.id) !== t);
    const mainBefore = this.entriesBefore.get(this.main);
    const mainKept = !redone.size && !removed.length && this.threads.length === prev.threads.length && prev.byId.get(this.main.id) === this.main
      && !!mainBefore && prev.rootCount === mainBefore.length && same(mainBefore, this.main.entries) && !reachesChanged(prev.parents.get(this.main.id));
    if (mainKept) this.keepReach(prev, this.main.id);
    else redone.add(this.main);
    // threadsOf moves over from the previous model (which is used up: it no longer answers for
    // threads); each redone thread's new reach is compared with its old one, so only the
    // functions it gained or lost are touched, their old ids noted first (a touched function
    // gets a new list: the old one stays as the reports have it)
    this.threadsOf = prev.threadsOf;
    const touched = new Map<FnInfo, string[]>();
    const touch = (fn: FnInfo) => { if (!touched.has(fn)) touched.set(fn, prev.threadIds(fn)); };
    const addId = (fn: FnInfo, id: string) => {
      const l = this.threadsOf.get(fn) ?? NO_THREADS;
      if (!l.includes(id)) this.threadsOf.set(fn, [...l, id].sort(this.compareIds));
    };
    const removeId = (fn: FnInfo, id: string) => {
      const l = this.threadsOf.get(fn);
      if (!l?.includes(id)) return;
      if (l.length === 1) this.threadsOf.delete(fn); else this.threadsOf.set(fn, l.filter(x => x !== id));
    };
    const parentsChanged = new Map<string, Set<FnInfo>>();
    const receiversChanged = new Set<FnInfo>();
    const apply = (id: string, before: Map<FnInfo, FnInfo | null> | undefined, after: Map<FnInfo, FnInfo | null> | undefined) => {
      const changed = new Set<FnInfo>();
      const narrowBefore = prev.narrowed.get(id), narrowAfter = this.narrowed.get(id);
      if (before && after) {
        narrowBefore?.forEach((l, fn) => { if (after.has(fn) && !sameClasses(l, narrowAfter?.get(fn))) receiversChanged.add(fn); });
        narrowAfter?.forEach((l, fn) => { if (before.has(fn) && !narrowBefore?.has(fn)) receiversChanged.add(fn); });
      }
      // (forEach: main's maps hold nearly every function, and a for-of over them here, run
      // once per edit, made an entry pair and an iterator result per function)
      before?.forEach((_, fn) => {
        if (after?.has(fn)) return;
        touch(fn);
        removeId(fn, id);
      });
      after?.forEach((parent, fn) => {
        if (!before?.has(fn)) { touch(fn); changed.add(fn); addId(fn, id); }
        else if (before.get(fn) !== parent) changed.add(fn);
      });
      if (after) parentsChanged.set(id, changed);
    };
    const gone = new Set(removed.map(t => t.id));
    for (const t of redone) {
      if (t === this.main) continue;
      const after = this.reach(t);
      this.parents.set(t.id, after);
      apply(t.id, prev.parents.get(t.id), after);
      gone.delete(t.id);
    }
    for (const id of gone) apply(id, prev.parents.get(id), undefined);
    if (!mainKept) {
      const main = this.main;
      const after = this.reach(main);
      // reached by no thread: not from main's roots, and on no other thread (main's old reach
      // is still in threadsOf)
      const unreached = this.program.fnList.filter(fn => {
        if (after.has(fn) || fn.s.kind === 'lambda' || this.machinery.has(fn)) return false;
        const l = this.threadsOf.get(fn);
        return !l || l.length === (l.includes(main.id) ? 1 : 0);
      });
      if (unreached.length) {
        main.entries.push(...unreached);
        this.reachFrom(after, this.narrowed.get(main.id)!, unreached); // as reachUnreached does: the search goes on from them
      }
      this.parents.set(main.id, after);
      apply(main.id, prev.parents.get(main.id), after);
    }
    const threadsChanged = [...touched].filter(([fn, was]) => !sameIds(was, this.threadIds(fn))).map(([fn]) => fn);
    this.entriesBefore.clear();
    return { redone, removed, threadsChanged, parentsChanged, receiversChanged };
  }


  /** Is the function that starts a thread itself run more than once: called in a loop, from
   *  several places, or a public method (like `submit`) that callers can call again and again? */
  private runsRepeatedly(start: FnInfo, rearmedBy?: FnInfo): boolean {
    const sites = new Map<FnInfo, { caller: FnInfo; inLoop: boolean }[]>();
    const sitesOf = (fn: FnInfo) => {
      let l = sites.get(fn);
      if (!l) {
        l = [];
        for (const caller of this.graph.callers.get(fn) ?? []) if (caller !== rearmedBy) for (const c of this.graph.calls.get(caller) ?? [])
          if (c.targets.some(t => t.fn === fn)) l.push({ caller, inLoop: c.site.inLoop });
        sites.set(fn, l);
      }
      return l;
    };
    // Every path up from the start counts (in no particular order): any one that repeats does.
    const seen = new Set<FnInfo>();
    let frontier = [start];
    for (let depth = 0; depth < 6 && frontier.length; depth++) {
      const next: FnInfo[] = [];
      for (const fn of frontier) {
        if (seen.has(fn)) continue;
        seen.add(fn);
        const l = sitesOf(fn);
        if (l.some(s => s.inLoop) || l.length > 1) return true;
        if (!l.length) {
          if (fn.s.kind === 'method' && !fn.s.name.startsWith('_') && !ONCE_NAMES.has(fn.s.name)) return true;
          continue;
        }
        next.push(...l.map(s => s.caller));
      }
      frontier = next;
    }
    return false;
  }

  /** What the function contributes to the thread model through its starts (how, and what they
   *  resolve to; not where: see reposition): an edit that leaves it unchanged leaves the model. */
  startKey(fn: FnInfo): string {
    // (a server's `__init__` may give its base the handler class: handedUp)
    // (also a base's, which a threading server subclass inherits: `class Server(ThreadingMixIn, Base)`)
    let up = fn.s.name === '__init__' && fn.cls && (this.program.threadingServer(fn.cls) || this.program.allSubclasses(fn.cls).some(c => this.program.threadingServer(c))) ? `^${this.handedUp(fn.cls).map(c => c.key).join(',')}` : '';
    // (and, of a module, what its import calls: threads started there are started at import)
    if (fn.s.kind === 'module') for (const c of fn.s.calls) if (c.atImport) up += `|imp:${c.callee.root}.${c.callee.attrs.join('.')}`;
    // (and the event loops it runs itself: their callbacks are its thread's)
    for (const key of this.loopsRun(fn)) up += `~${key}`;
    // (and its start points' order: the ranks of what starts its threads, startRank)
    // (every function of an edited file is keyed before and after each keystroke: the points
    // only of one that makes a thread to start it)
    const points = startsWhatItMakes(fn.s) ? startPoints(fn.s) : [];
    if (points.length > fn.s.starts.length) {
      up += `#${points.map(p => (fn.s.starts.some(st => st.line === p.line && st.column === p.column) ? 's' : 'c')).join('')}`;
      // (and which construction each `start()` starts: startOfMade, the rank a made thread gets)
      for (const c of fn.s.calls) {
        if (!classLike([c.callee.root, ...c.callee.attrs].join('.')) || c.property || c.setter) continue;
        const m = startOfMade(fn.s, c);
        if (m) up += `@${pointRank(points, m)}`;
      }
    }
    // (and the targets handed to Thread subclasses, `Worker(target=f)`, `super().__init__(
    // target=self._body)`: handedTargets; what they resolve to where some class could take one)
    for (const c of fn.s.calls) {
      const last = c.callee.attrs.length ? c.callee.attrs[c.callee.attrs.length - 1] : c.callee.root;
      if (last !== '__init__' && !(own(c.kwargs, 'target') && classLike(last))) continue;
      const text = own(c.kwargs, 'target') ?? c.args.slice(0, 3).join(',');
      up += `>${text}`;
      if (own(c.kwargs, 'target') && DOTTED_NAME.test(text)) up += '=' + this.program.callTargets(fn, { ...c, callee: dotted(text), args: [], kwargs: {}, locks: [] }).map(t => t.fn.key).join(',');
    }
    if (!fn.s.starts.length) return up;
    return JSON.stringify(fn.s.starts.map(st => ({ ...st, line: 0, column: 0, endLine: 0, endColumn: 0 })))
      // the target's short name too: a lambda's thread is named for what it calls
      + fn.s.starts.map(st => {
        const targets = this.startTargets(fn, st).map(t => `${t.fn.key}=${shortName(t.fn, this.graph)}${t.recv ? `@${t.recv.key}` : ''}`).join(',');
        // (and what a guessed process maker makes: threads or processes)
        const made = st.maker && this.madeThreads(fn, st as ThreadStart & { maker: ExprPath });
        return made ? `${targets}>${made.classes.map(c => c.key).join(',')}${made.process ? '+' : ''}${made.thread ? '*' : ''}` : targets;
      }).join(';') + up;
  }

  /** After an edit that moved lines in the given functions: their start sites re-read from the
   *  summaries. 'regroup' when two sites now share a line or no longer do (a thread's instance
   *  count could change: the caller builds a new model), 'moved' when a site moved. */
  reposition(fns: Set<FnInfo>): 'same' | 'moved' | 'regroup' {
    let moved = false;
    const threads = new Set<ThreadEntry>();
    for (const fn of fns) for (const t of this.startedIn.get(fn) ?? []) threads.add(t);
    for (const t of threads) {
      const sites = placed(this.sources.get(t)!);
      if (sites.length !== t.startedAt.length) return 'regroup';
      if (sites.some((s, i) => s.line !== t.startedAt[i].line)) { moved = true; t.startedAt = sites; }
    }
    return moved ? 'moved' : 'same';
  }

  private add(t: ThreadEntry): void {
    this.threads.push(t);
    this.byId.set(t.id, t);
  }

  /** What a guessed process maker makes (ThreadStart.maker): the Thread subclasses it
   *  constructs or a function of it returns, and whether it may make anything else (a
   *  multiprocessing context's Process, or what is not known). */
  private madeThreads(fn: FnInfo, st: ThreadStart & { maker: ExprPath }): { classes: ClassInfo[]; process: boolean; thread: boolean } {
    const classes: ClassInfo[] = [];
    let process = false, thread = false;
    // (as the call resolves: a parameter by what callers pass, `self.Process` overridden in a
    // subclass, ThreadPool's; never a guess by name: `self._mp_context.Process` is no pool's)
    const targets = this.program.callTargets(fn, { ...st, callee: st.maker, args: [], kwargs: {}, locks: [] }, false);
    for (const t of targets) {
      const cls = t.fn.cls && MAKING.has(t.fn.s.name) ? t.recv ?? t.fn.cls : undefined;
      const made = cls ? [{ k: 'inst' as const, cls }] : this.program.returnValues(t.fn);
      if (!made.length) process = true;
      for (const o of made) {
        if (o.k === 'inst' && this.program.derivesFrom(o.cls, 'threading.Thread')) { if (!classes.includes(o.cls)) classes.push(o.cls); }
        else if (o.k === 'ext' && o.name.endsWith('()') && THREAD_CONSTRUCTORS.has(o.name.slice(0, -2))) thread = true;
        else process = true;
      }
    }
    return { classes, process: process || !targets.length, thread };
  }

  /** The targets a construction of a Thread subclass with threading.Thread's own run() has it
   *  run: its `target=` (`Worker(target=f)`), or the one its `__init__` (or a base's) hands
   *  up, `super().__init__(target=self._body)`, `Thread.__init__(self, None, self._body)` (a
   *  parameter of the first `__init__` by what the construction gives it). */
  private handedTargets(cls: ClassInfo, made: { fn: FnInfo; site: CallSite }): { fn: FnInfo; recv?: ClassInfo }[] {
    const resolve = (fn: FnInfo, text: string | undefined, site: CallSite) =>
      text && DOTTED_NAME.test(text) ? this.program.callTargets(fn, { ...site, callee: dotted(text), args: [], kwargs: {}, locks: [] }) : [];
    const given = own(made.site.kwargs, 'target');
    if (given) return resolve(made.fn, given, made.site);
    let first = true;
    for (const k of this.program.mro(cls)) {
      const init = k.methods.get('__init__');
      if (!init) continue;
      for (const c of init.s.calls) {
        if (c.callee.attrs[c.callee.attrs.length - 1] !== '__init__') continue;
        const viaSuper = c.callee.root === '<super>' && c.callee.attrs.length === 1;
        if (!viaSuper && c.args[0] !== init.s.selfParam) continue;
        const text = own(c.kwargs, 'target') ?? c.args[viaSuper ? 1 : 2];
        if (!text) continue;
        const params = init.s.params.filter(p => p !== init.s.selfParam);
        const at = params.indexOf(text);
        if (at < 0) return resolve(init, text, c).map(t => ({ fn: t.fn, recv: t.fn.cls ? cls : t.recv }));
        // (the construction's argument for it)
        return first ? resolve(made.fn, own(made.site.kwargs, text) ?? made.site.args[at], made.site) : [];
      }
      first = false;
    }
    return [];
  }

  /** What a plain server's serve loop run as a thread's entry handles there, one request at a
   *  time: `Thread(target=srv.serve_forever)` (or through a parameter, werkzeug's reloader
   *  `Thread(target=main_func)`) runs the handler classes its constructions are given (or its
   *  `__init__` gives up) and the server's own request methods (`handle_error`), as the
   *  summarizer's servedBy does for a server it knows by name. Undefined for anything else. */
  private servedEntries(target: FnInfo, recv?: ClassInfo): FnInfo[] | undefined {
    const { program } = this;
    const cls = SERVE_METHODS.has(target.s.name) ? recv ?? target.cls : undefined;
    if (!cls) return undefined;
    const out = this.servedHandlers(cls).flatMap(h => program.handlerEntries(h));
    for (const n of SERVER_REQUEST_METHODS) { const m = program.lookupMethod(cls, n); if (m && m !== target && !out.includes(m)) out.push(m); }
    return out.length ? out : undefined;
  }

  /** The handler classes a plain server class serves: those its `__init__`s give up (handedUp),
   *  else those its constructions are given. None for a threading server, or any other class. */
  private servedHandlers(cls: ClassInfo): ClassInfo[] {
    const { program } = this;
    if (program.threadingServer(cls) || ![...PLAIN_SERVERS, 'socketserver.BaseServer'].some(b => program.derivesFrom(cls, b))) return [];
    const handlers = this.handedUp(cls);
    if (handlers.length) return handlers;
    for (const s of this.graph.constructions.get(cls) ?? []) for (const h of this.constructionHandlers(s)) if (!handlers.includes(h)) handlers.push(h);
    return handlers;
  }

  /** The handler classes a server's construction is given (`Server(addr, Handler)`). */
  private constructionHandlers(s: { fn: FnInfo; site: CallSite }): ClassInfo[] {
    const arg = handlerArgument(s.site);
    return arg && DOTTED_NAME.test(arg) ? this.handlerClasses(s.fn, dotted(arg)) : [];
  }

  /** The handler classes a server class's `__init__`s (its own and its bases') give up the
   *  MRO: `super().__init__(addr, Handler)`, `Base.__init__(self, addr, Handler)`. */
  private handedUp(cls: ClassInfo): ClassInfo[] {
    const out: ClassInfo[] = [];
    for (const k of this.program.mro(cls)) {
      const init = k.methods.get('__init__');
      if (!init) continue;
      for (const c of init.s.calls) {
        if (c.callee.attrs.length !== 1 || c.callee.attrs[0] !== '__init__') continue;
        const viaSuper = c.callee.root === '<super>';
        if (!viaSuper && c.args[0] !== init.s.selfParam) continue;
        const arg = own(c.kwargs, 'RequestHandlerClass') ?? c.args[viaSuper ? 1 : 2];
        if (!arg || !DOTTED_NAME.test(arg)) continue;
        // (a base's `__init__` handing up its own parameter, TCPServer's `RequestHandlerClass`:
        // what each construction gives, not what every subclass anywhere hands that base; its
        // default, `if handler is None: handler = WSGIRequestHandler`, is a call of its own)
        if (k !== cls && init.s.params.includes(arg)) continue;
        for (const h of this.handlerClasses(init, dotted(arg))) if (!out.includes(h)) out.push(h);
      }
    }
    return out;
  }

  /** The handler classes a handler start's target names (`Handler`, `self.handler_cls` …). */
  private handlerClasses(fn: FnInfo, target: ExprPath | undefined): ClassInfo[] {
    if (!target) return [];
    return this.program.classesAt(fn, target);
  }

  /** The target's parameters a start gives objects of its own (ThreadStart.perStart), where
   *  what makes them makes a new object at each call. */
  private ownParams(fn: FnInfo, st: ThreadStart, t: { fn: FnInfo; bound?: boolean }): string[] | undefined {
    if (!st.perStart || st.kind === 'process') return undefined;
    const { program } = this;
    const made = st.perStart.filter(p => p.made.every(m => program.makesNewAt(fn, m)));
    const args = made.filter(p => p.arg >= 0 && st.args).map(p => st.args![p.arg]);
    const out = args.length ? this.paramsGiven(t, st.args!, args) : [];
    // (its receiver, `w.run` with w made for this start alone: the target's self)
    if (made.some(p => p.arg < 0) && t.bound && t.fn.s.selfParam && !out.includes(t.fn.s.selfParam)) out.push(t.fn.s.selfParam);
    return out.length ? out.sort() : undefined;
  }

  /** An event loop's identity, as its text in fn names it: a class's attribute (`self.loop`,
   *  as Program.boundKey names a thread kept in one), a module global, or fn's own name. */
  private loopKey(fn: FnInfo, text: string): string {
    const attr = this.program.boundKey(fn, text);
    if (attr !== text) return attr;
    if (!text.includes('.') && !fn.s.params.includes(text) && !fn.s.locals.includes(text) && own(fn.file.globals, text)) return `${fn.file.module}:${text}`;
    return `${fn.key}:${text}`;
  }

  /** The event loops fn runs itself (`self.loop.run_forever()`), by loopKey. */
  private loopsRun(fn: FnInfo): string[] {
    const out: string[] = [];
    for (const c of fn.s.calls) {
      const a = c.callee.attrs;
      if (a.length && LOOP_RUNNERS.has(a[a.length - 1])) out.push(this.loopKey(fn, [c.callee.root, ...a.slice(0, -1)].join('.')));
    }
    return out;
  }

  /** The target's parameters a start's arguments `given` are bound to. */
  private paramsGiven(t: { fn: FnInfo; bound?: boolean }, args: string[], given: string[]): string[] {
    const out: string[] = [];
    for (const [param, text] of bindArguments(t.fn, !!t.bound, args, {})) if (given.includes(text) && !out.includes(param)) out.push(param);
    return out;
  }

  /** The target's parameters a start in a constructor (or started once per object) gives the object being made (its self,
   *  `target=self._run`) or that object's own containers (`args=(self._pool,)`:
   *  Program.perObjectAttr); none in a loop there, whose threads all share the object. */
  private objectParams(fn: FnInfo, st: ThreadStart, t: { fn: FnInfo; bound?: boolean }): string[] | undefined {
    const sp = fn.s.selfParam;
    // (in a constructor; or started once per object, `if self._t is None:`, ThreadStart.once)
    if ((fn.s.name !== '__init__' && st.once !== 'object') || !fn.cls || !sp || st.inLoop || st.kind === 'process') return undefined;
    // (two starts of it there share the object)
    if (fn.s.starts.filter(o => o.target && st.target && o.target.root === st.target.root && o.target.attrs.join('.') === st.target.attrs.join('.')).length > 1) return undefined;
    const out: string[] = [];
    if (t.bound && st.target?.root === sp && st.target.attrs.length === 1 && t.fn.s.selfParam) out.push(t.fn.s.selfParam);
    if (st.args) {
      const mine = st.args.filter(a => a.startsWith(sp + '.') && a.indexOf('.', sp.length + 1) < 0 && this.program.perObjectAttr(fn.cls!, a.slice(sp.length + 1)));
      for (const param of mine.length ? this.paramsGiven(t, st.args, mine) : []) if (!out.includes(param)) out.push(param);
    }
    return out.length ? out.sort() : undefined;
  }

  /** The functions a start runs, each with the class of the object it runs on where that is
   *  narrower than its own (CallTarget.recv). */
  private startTargets(fn: FnInfo, st: ThreadStart): { fn: FnInfo; recv?: ClassInfo; bound?: boolean }[] {
    if (st.handler) return this.handlerClasses(fn, st.target).flatMap(c => this.program.handlerEntries(c)).map(f => ({ fn: f }));
    if (st.lambda) {
      const l = this.program.fns.get(`${fn.file.module}:${st.lambda}`);
      return l ? [{ fn: l }] : [];
    }
    if (!st.target) return [];
    return this.program.callTargets(fn, { ...st, callee: st.target, args: [], kwargs: {}, locks: [] });
  }

  private propagate(t: ThreadEntry): void {
    const parents = this.reach(t);
    for (const fn of parents.keys()) {
      const l = this.threadsOf.get(fn);
      if (l) l.push(t.id); else this.threadsOf.set(fn, [t.id]);
    }
    this.parents.set(t.id, parents);
  }

  /** A thread whose reach is unchanged keeps the previous model's. */
  private keepReach(prev: ThreadModel, id: string): void {
    this.parents.set(id, prev.parents.get(id)!);
    this.narrowed.set(id, prev.narrowed.get(id)!);
  }

  /** Breadth-first from the thread's entries along calls: each function reached, with its
   *  caller on the way (call paths). A Thread subclass's or a handler class's thread runs its
   *  entries on an object of that class. */
  private reach(t: ThreadEntry): Map<FnInfo, FnInfo | null> {
    const narrow = new Map<FnInfo, ClassInfo[]>();
    this.narrowed.set(t.id, narrow);
    return this.reachFrom(new Map(), narrow, t.entries, t.entries.map(fn => entryReceiver(this.program, t, fn)));
  }

  /** The breadth-first search from more entries, added to a finished one: what it reached keeps
   *  its callers; the rest is found from the new entries. A function is searched from once on
   *  any object, or once per narrower class it is reached on (`narrow`) until it is reached on
   *  any object (CallGraph.eachTarget). */
  private reachFrom(parents: Map<FnInfo, FnInfo | null>, narrow: Map<FnInfo, ClassInfo[]>, entries: FnInfo[], receivers?: (ClassInfo | undefined)[]): Map<FnInfo, FnInfo | null> {
    const { program, graph } = this;
    const queue: FnInfo[] = [];
    const on: (ClassInfo | undefined)[] = [];
    const visit = (fn: FnInfo, recv: ClassInfo | undefined, parent: FnInfo | null) => {
      if (!parents.has(fn)) {
        parents.set(fn, parent);
        if (recv) narrow.set(fn, [recv]);
      } else {
        const n = narrow.get(fn);
        if (!n) return;
        if (!recv) narrow.delete(fn);
        else if (n.some(c => program.isSubclass(recv, c))) return;
        else n.push(recv);
      }
      queue.push(fn);
      on.push(recv);
    };
    entries.forEach((e, i) => visit(e, receivers?.[i], null));
    for (let i = 0; i < queue.length; i++) {
      const fn = queue[i];
      const calls = graph.calls.get(fn);
      if (!calls) continue;
      const step = (tg: FnInfo, recv: ClassInfo | undefined) => visit(tg, recv, fn);
      for (let j = 0; j < calls.length; j++) graph.eachTarget(fn, calls[j], on[i], step);
    }
    return parents;
  }

  /** The threads that run fn on an object of one of these classes (or of a subclass): those
   *  that reach it on any object, or on a class that meets one of them; main when none does
   *  (as for what no thread reaches: public API may run it so). */
  threadIdsOn(fn: FnInfo, receivers: ClassInfo[]): string[] {
    const all = this.threadIds(fn);
    const out = all.filter(id => {
      const n = this.narrowed.get(id)?.get(fn);
      return !n || this.program.conesMeet(n, receivers).length > 0;
    });
    return out.length === all.length ? all : out.length ? out : [this.main.id];
  }

  private readonly confined = new Map<ThreadEntry, string | undefined>();
  /** The one thread a thread never runs beside, where each of its starts is joined back to
   *  back (ThreadEntry.joinedStarters): its starters run on that thread only (or on this one,
   *  a start nested in an instance, which waits as well), and that thread has one instance.
   *  Its instances never overlap either: each start waits for the one it made. */
  confinedTo(t: ThreadEntry): string | undefined {
    if (!t.joinedStarters) return undefined;
    if (this.confined.has(t)) return this.confined.get(t);
    const ids = new Set<string>();
    for (const f of t.joinedStarters) for (const id of this.threadIds(f)) if (id !== t.id) ids.add(id);
    const [only] = ids;
    const out = ids.size === 1 && this.byId.get(only)?.instances === 'one' ? only : undefined;
    this.confined.set(t, out);
    return out;
  }

  /** Whether a thread's confinement (confinedTo) differs from the one it had in prev: it reads
   *  its starters' threads, which an edit elsewhere changes without touching the thread. */
  confinementChanged(prev: ThreadModel): boolean {
    for (const t of this.threads) {
      if (!t.joinedStarters) continue;
      const old = prev.byId.get(t.id);
      if (this.confinedTo(t) !== (old ? prev.confinedTo(old) : undefined)) return true;
    }
    return false;
  }

  /** Shared by every report of the function: not to be changed. */
  threadIds(fn: FnInfo): string[] {
    return this.threadsOf.get(fn) ?? NO_THREADS;
  }
  private readonly compareIds = (a: string, b: string): number => (a === this.main.id ? -1 : b === this.main.id ? 1 : a.localeCompare(b));

  /** Built from a previous model: whether fn's call path on the thread differs from the one it
   *  had there (some function on the way is reached through another caller). */
  pathChanged(threadId: string, fn: FnInfo): boolean {
    const moved = this.changes?.parentsChanged.get(threadId);
    if (!moved?.size) return false;
    const parents = this.parents.get(threadId)!;
    for (let f: FnInfo | null | undefined = fn; f; f = parents.get(f)) if (moved.has(f)) return true;
    return false;
  }

  /** Whether the thread's reach includes any of the functions. */
  reachesAny(t: ThreadEntry, fns: Iterable<FnInfo>): boolean {
    const parents = this.parents.get(t.id);
    if (!parents) return false;
    for (const fn of fns) if (parents.has(fn)) return true;
    return false;
  }

  /** The thread's reach: each function it reaches, with the caller it is first reached from
   *  (null at an entry). */
  parentsOf(threadId: string): ReadonlyMap<FnInfo, FnInfo | null> | undefined {
    return this.parents.get(threadId);
  }

  /** Qualnames from the thread's entry down to fn. */
  callPath(threadId: string, fn: FnInfo): string[] {
    const parents = this.parents.get(threadId);
    if (!parents?.has(fn)) return [];
    const path: string[] = [];
    for (let f: FnInfo | null | undefined = fn; f; f = parents.get(f)) path.unshift(f.s.qualname);
    return path;
  }

  /** Constructors and module top level run before threads share the object: not race candidates. */
  static isSetup(fn: FnInfo): boolean {
    return fn.s.kind === 'module' || CONSTRUCTOR_NAMES.has(fn.s.name);
  }
}

/** The class of the object a thread runs an entry on, where narrower than the entry's own: a
 *  Thread subclass's or a handler class's object, or the target's receiver. */
export function entryReceiver(program: Program, t: ThreadEntry, fn: FnInfo): ClassInfo | undefined {
  return t.perInstance ? program.receiverOf(fn, t.perInstance) : t.receiver;
}

/** Functions nothing calls or starts (main's roots), in program order. A function of its own:
 *  the constructor that needs it runs once per edit and is never optimized, and this loop over
 *  every function was most of its time there. */
function uncalled(fnList: FnInfo[], graph: CallGraph, started: Set<FnInfo>): FnInfo[] {
  const roots: FnInfo[] = [];
  for (let f = 0; f < fnList.length; f++) {
    const fn = fnList[f];
    if (!(graph.callers.get(fn)?.size) && fn.s.kind !== 'lambda' && !started.has(fn)) roots.push(fn);
  }
  return roots;
}

/** Public methods that, by their name, start something once. */
const ONCE_NAMES = new Set(['start', 'run', 'main', 'begin', 'open', 'connect', 'launch', 'setup', 'serve', 'init', 'initialize', 'startup', 'start_thread', 'start_threads']);

function shortName(fn: FnInfo, graph: CallGraph): string {
  if (fn.s.kind !== 'lambda') return fn.s.name;
  // A lambda target is named for what it calls.
  const first = graph.calls.get(fn)?.[0]?.targets[0]?.fn;
  if (first) return first.s.name;
  const callee = fn.s.calls[0]?.callee;
  return callee ? (callee.attrs.length ? callee.attrs[callee.attrs.length - 1] : callee.root) : 'lambda';
}

/** `*` matches any run of characters (dots included), `?` one character. */
export function globToRegExp(glob: string): RegExp {
  const re = glob.split('').map(ch => (ch === '*' ? '.*' : ch === '?' ? '.' : ch.replace(/[.+^${}()|[\]\\]/g, '\\$&'))).join('');
  return new RegExp(`^${re}$`);
}

const NO_THREADS: string[] = [];

function sameClasses(a: ClassInfo[], b: ClassInfo[] | undefined): boolean {
  return !!b && a.length === b.length && a.every((x, i) => x === b[i]);
}

function sameIds(a: string[], b: string[]): boolean {
  return a === b || (a.length === b.length && a.every((x, i) => x === b[i]));
}
