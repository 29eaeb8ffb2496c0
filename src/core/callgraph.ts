// The resolved call graph: each call site with the functions it may run.
import { CallSite, DirectAccess, own } from './model';
import { OPERATOR_READS } from './vocabulary';
import { CallTarget, ClassInfo, FnInfo, handlerArgument, Program } from './program';
import { FnTable } from './fnTable';

/** `index`: the site's place in its function's calls (an unchanged function keeps the sites of
 *  the summary it was resolved from, which may not be its current one); for an operator's call
 *  made by a read (`reg[k]` running `__getitem__`), -1 minus the access's place in its
 *  function's accesses. */
export interface ResolvedCall { site: CallSite; index: number; targets: CallTarget[]; locks: string[] }

/** Rounds of constructions through handed classes (a class handed through that many constructors). */
const HANDED_ROUNDS = 3;

export class CallGraph {
  /** By FnInfo.ord (FnTable), not by hash: the traversals and the thread model look up nearly
   *  every function at every keystroke that changes a call. */
  readonly calls = new FnTable<ResolvedCall[]>();
  readonly callers = new FnTable<Set<FnInfo>>();
  /** Constructor call sites per class (Thread subclasses started from a loop run many at once). */
  readonly constructions = new Map<ClassInfo, { fn: FnInfo; site: CallSite; index: number }[]>();
  /** The classes each function constructs (an index into `constructions`). */
  private readonly constructs = new FnTable<Set<ClassInfo>>();

  constructor(readonly program: Program) {
    // Constructions first (read without inference), then calls: an unannotated constructor
    // parameter is typed from what every construction site passes (Program.passed), so the
    // calls made through it (`self.store.put(…)` with `Worker(store)`) resolve.
    for (const fn of program.fns.values()) this.construct(fn);
    program.constructionsOf = cls => this.constructions.get(cls);
    // (and the functions thread starts hand their targets: `args=(self.on_done,)`)
    program.collectParamFunctions();
    program.resetInference();
    // then those made through a name only inference types, each round's making the next's:
    // `Server(Receiver, Handler)` → `self.rcvr(handler=self.hdlr)` → socketserver's
    // `self.RequestHandlerClass(request, …)`
    for (let round = 0; round < HANDED_ROUNDS; round++) {
      const added = this.constructHanded(program.fns.values());
      if (!added.size) break;
      for (const cls of added) this.constructions.set(cls, this.inProgramOrder(this.constructions.get(cls)!));
      program.resetInference();
    }
    for (const fn of program.fns.values()) this.resolve(fn);
    // (a lock parameter some caller hands no lock is none: the locks its function's calls
    // hold, worked out above, again)
    const callsOf = (f: FnInfo) => {
      const out: { caller: FnInfo; site: CallSite; bound: boolean }[] = [];
      for (const c of this.callers.get(f) ?? []) for (const rc of this.calls.get(c) ?? []) for (const t of rc.targets) if (t.fn === f) out.push({ caller: c, site: rc.site, bound: t.bound });
      return out;
    };
    for (const fn of program.verifyLockParams(callsOf)) this.resolve(fn);
  }

  private construct(fn: FnInfo): void {
    const program = this.program;
    for (let index = 0; index < fn.s.calls.length; index++) {
      const site = fn.s.calls[index];
      if (site.property) continue;
      for (const c of program.constructedClasses(fn, site)) this.record(fn, site, index, c, false);
    }
  }

  /** fn's `index`-th call constructs c: true when newly recorded (`known`: it may already be,
   *  a later round's look at the same site). */
  private record(fn: FnInfo, site: CallSite, index: number, c: ClassInfo, known: boolean): boolean {
    let l = this.constructions.get(c);
    if (!l) this.constructions.set(c, (l = []));
    if (known && l.some(e => e.fn === fn && e.index === index)) return false;
    l.push({ fn, site, index });
    let k = this.constructs.get(fn);
    if (!k) this.constructs.set(fn, (k = new Set()));
    k.add(c);
    return true;
  }

  /** Adds the constructions of classes the functions make through a name that holds a class
   *  handed to them (Program.handedConstructions); returns the classes that got one. */
  private constructHanded(fns: Iterable<FnInfo>): Set<ClassInfo> {
    const added = new Set<ClassInfo>();
    for (const fn of fns) {
      for (let index = 0; index < fn.s.calls.length; index++) {
        const site = fn.s.calls[index];
        for (const c of this.program.handedConstructions(fn, site)) if (this.record(fn, site, index, c, true)) added.add(c);
      }
    }
    return added;
  }

  private resolve(fn: FnInfo): void {
    const program = this.program;
    const list: ResolvedCall[] = [];
    for (let index = 0; index < fn.s.calls.length; index++) {
      const site = fn.s.calls[index];
      // (a done-callback, where its registration's call is an analyzed method's: that says)
      if (site.later && list.some(rc => registers(rc.site, site))) continue;
      const targets = program.callTargets(fn, site);
      if (!targets.length) continue;
      // A generator's body runs when it is iterated, not at the call: the locks held here hold
      // for it only when it is iterated right here (`with lock: for x in self._items()`).
      const deferred = !site.iterated && targets.every(t => t.fn.s.generator);
      list.push({ site, index, targets: targets.slice(), locks: deferred ? [] : program.locksOf(site.locks, fn) }); // exact size (see compact in summarize.ts)
      for (const t of targets) {
        let s = this.callers.get(t.fn);
        if (!s) this.callers.set(t.fn, (s = new Set()));
        s.add(fn);
      }
    }
    // (a read of an object of an analyzed class that defines the operator's method, `reg[k]`,
    // `k in reg`, `for x in reg`, `len(reg)`: a call of it there, resolved by type only; from
    // the summary's accesses, so no call site is kept for every subscript; index: -1 - the
    // access's place)
    const accesses = fn.s.accesses;
    // (by receiver text and method: a function reads one object many ways; a local container
    // of its own runs nothing of ours)
    let byText: Map<string, CallTarget[]> | undefined;
    for (let i = 0; i < accesses.length; i++) {
      const a = accesses[i];
      const name = a.access === 'read' ? OPERATOR_READS[a.op] : undefined;
      // (and what a call returns, `for chunk in ChunkIterator(body)`, `for x in self.rows()`)
      const made = a.target.root.startsWith('<call:');
      if (!name || (a.target.root.startsWith('<') && !made) || (!a.target.attrs.length && own(fn.s.localContainers, a.target.root))) continue;
      const add = (site: CallSite, key: string): CallTarget[] => {
        let targets = byText?.get(key);
        if (!targets) {
          targets = program.callTargets(fn, site);
          // (an object known only as one of many classes, `self._mapping` in ItemsView, typed
          // by every Mapping that makes one: no operator of any of them, rather than all; the
          // operators of self are narrowed by its callers, EffectiveAccess.receivers)
          if (site.callee.attrs.length > 1 || site.callee.root !== fn.s.selfParam) if (new Set(targets.map(t => t.fn)).size > MAX_OPERATOR_TARGETS) targets = [];
          (byText ??= new Map()).set(key, targets);
        }
        if (!targets.length) return targets;
        list.push({ site, index: -1 - i, targets: targets.slice(), locks: program.locksOf(site.locks, fn) });
        for (const t of targets) {
          let s = this.callers.get(t.fn);
          if (!s) this.callers.set(t.fn, (s = new Set()));
          s.add(fn);
        }
        return targets;
      };
      const recv = made ? `${a.target.root.slice(6, -1)}()${a.target.attrs.map(x => `.${x}`).join('')}` : [a.target.root, ...a.target.attrs].join('.');
      const iters = add(dunderSite(a, name), `${recv}|${name}`);
      // (a loop over an iterator runs its `__next__` too: on what `__iter__` returns, `return
      // self`; a generator `__iter__` is the loop's body itself)
      if (name === '__iter__' && iters.some(t => !t.fn.s.generator)) add({ ...dunderSite(a, '__next__'), callee: { root: `<call:${recv}.__iter__>`, attrs: ['__next__'] }, args: [] }, `${recv}|__next__`);
    }
    this.calls.set(fn, list);
    this.calleeLists.delete(fn);
  }

  /** Bumped by every refresh that changed an edge: what is worked out from the edges alone
   *  (Findings' functions reaching a start) is kept while it stays. */
  edgeVersion = 0;

  /** Re-resolves the calls of functions whose bodies changed (their file was replaced in the
   *  Program). Says what else may need redoing: `edges` when the set of callees changed (the
   *  components, thread propagation), `context` when what a call carries to its callees did
   *  (locks held, in a loop, on self), `constructions` when classes constructed did. */
  refresh(fns: FnInfo[]): { edges: boolean; context: boolean; loops: boolean; constructions: boolean; constructed: ClassInfo[] } {
    const set = new Set(fns);
    const before = new Map(fns.map(fn => [fn, edgeKey(this.calls.get(fn) ?? [])]));
    const context = new Map(fns.map(fn => [fn, contextKey(fn, this.calls.get(fn) ?? [])]));
    const loops = new Map(fns.map(fn => [fn, loopKey(this.calls.get(fn) ?? [])]));
    const calleesBefore = new Map(fns.map(fn => [fn, this.callees(fn)]));
    const classesBefore = new Set(fns.flatMap(fn => [...this.constructs.get(fn) ?? []]));
    const server = (c: ClassInfo) => this.program.threadingServer(c);
    const constructionsBefore = constructionKey(this.constructions, classesBefore, set, server);
    for (const fn of fns) for (const c of this.calls.get(fn) ?? []) for (const t of c.targets) this.callers.get(t.fn)?.delete(fn);
    for (const cls of classesBefore) {
      const l = this.constructions.get(cls)!;
      const kept = l.filter(e => !set.has(e.fn));
      if (kept.length) this.constructions.set(cls, kept); else this.constructions.delete(cls);
    }
    for (const fn of fns) this.constructs.delete(fn);
    for (const fn of fns) this.construct(fn);
    this.program.resetInference();
    this.constructHanded(fns);
    const classesAfter = new Set(fns.flatMap(fn => [...this.constructs.get(fn) ?? []]));
    // constructions keep the order of a full build: by function, in program order
    for (const cls of classesAfter) this.constructions.set(cls, this.inProgramOrder(this.constructions.get(cls)!));
    this.program.resetInference();
    for (const fn of fns) this.resolve(fn);
    // callers keep the order of a full build (callers in program order): a refreshed caller
    // was put back at the end of its callees' sets, and what reads them in order (inherited
    // locks take the first caller's lock texts) must read what a full build reads
    const callees = new Set<Set<FnInfo>>();
    for (const fn of fns) for (const c of this.calls.get(fn)!) for (const t of c.targets) callees.add(this.callers.get(t.fn)!);
    for (const s of callees) this.inOrder(s);
    this.onSelfCache.clear();
    const edges = fns.some(fn => before.get(fn) !== edgeKey(this.calls.get(fn)!));
    if (edges) this.edgeVersion++;
    if (edges && !this.componentsStay(fns, calleesBefore)) { this.components = undefined; this.componentIndex = undefined; }
    return {
      edges,
      context: edges || fns.some(fn => context.get(fn) !== contextKey(fn, this.calls.get(fn)!)),
      loops: fns.some(fn => loops.get(fn) !== loopKey(this.calls.get(fn)!)),
      constructions: constructionsBefore !== constructionKey(this.constructions, classesAfter, set, server),
      constructed: [...new Set([...classesBefore, ...classesAfter])],
    };
  }

  /** A function that only moved (same body, lines shifted; fn.s is its new summary): its
   *  resolved calls and constructions take the new call sites, nothing is resolved again. */
  moved(fn: FnInfo): void {
    for (const c of this.calls.get(fn) ?? []) c.site = c.index >= 0 ? fn.s.calls[c.index] : dunderSite(fn.s.accesses[-1 - c.index], c.site.callee.attrs[c.site.callee.attrs.length - 1]);
    for (const cls of this.constructs.get(fn) ?? []) for (const e of this.constructions.get(cls) ?? []) if (e.fn === fn) e.site = fn.s.calls[e.index];
  }

  /** What a call runs when its caller runs on an object of class `recv` (or of a subclass;
   *  undefined: any object that runs the caller), each target with the class of the object it
   *  runs on, by the same rule (ThreadModel's reach and the findings' traversals).
   *  `REPLThread.run` calls `console.interact()` on an AsyncIOInteractiveConsole: what
   *  InteractiveConsole.interact then calls on self is that class's `runcode`, not idlelib's
   *  ModifiedInterpreter's, another subclass's. */
  eachTarget(caller: FnInfo, call: ResolvedCall, recv: ClassInfo | undefined, each: (fn: FnInfo, recv: ClassInfo | undefined) => void): void {
    const targets = call.targets;
    if (!recv) {
      for (let i = 0; i < targets.length; i++) each(targets[i].fn, targets[i].recv);
      return;
    }
    let narrowed: Map<FnInfo, ClassInfo[]> | undefined;
    for (let i = 0; i < targets.length; i++) {
      const t = targets[i];
      if (t.self === 'dispatch') {
        narrowed ??= this.onSelf(caller, call, recv);
        const l = narrowed.get(t.fn);
        if (!l) continue;
        if (l.length === 1) each(t.fn, this.program.receiverOf(t.fn, l[0]));
        else for (const r of new Set(l.map(k => this.program.receiverOf(t.fn, k)))) each(t.fn, r);
      } else if (t.self === 'same') each(t.fn, this.program.receiverOf(t.fn, recv));
      else each(t.fn, t.recv);
    }
  }

  /** Per target of a `self.m()` call, the classes of the caller's self on which it runs it
   *  (each with its subclasses), where that is not any object of the caller's class: the
   *  helper entries that come through the call hold only on those (HelperSummaries). Not kept:
   *  asked once per call by the helper summaries. */
  selfCones(caller: FnInfo, call: ResolvedCall): Map<FnInfo, ClassInfo[]> {
    const own = caller.cls;
    const out = new Map<FnInfo, ClassInfo[]>();
    if (!own) return out;
    for (const [fn, l] of this.onSelfCache.get(call)?.get(own) ?? this.topmost(caller, call, own)) if (!(l.length === 1 && l[0] === own)) out.set(fn, l);
    return out;
  }

  /** Per `self.m()` call and class of self, the methods it runs (each with the classes of self
   *  it runs on); made again after a refresh. */
  private readonly onSelfCache = new Map<ResolvedCall, Map<ClassInfo, Map<FnInfo, ClassInfo[]>>>();

  /** `self.m()` on an object of class `recv` or a subclass: m as each of those classes has it
   *  (not a subclass that overrides the caller and never calls it back, as Program.callTargets),
   *  with the topmost classes that have it: self is one of them or of a subclass. */
  private onSelf(caller: FnInfo, call: ResolvedCall, recv: ClassInfo): Map<FnInfo, ClassInfo[]> {
    let byRecv = this.onSelfCache.get(call);
    if (!byRecv) this.onSelfCache.set(call, (byRecv = new Map()));
    let out = byRecv.get(recv);
    if (!out) byRecv.set(recv, (out = this.topmost(caller, call, recv)));
    return out;
  }

  /** Program.selfDispatch, of the methods the call was resolved to. */
  private topmost(caller: FnInfo, call: ResolvedCall, recv: ClassInfo): Map<FnInfo, ClassInfo[]> {
    const out = this.program.selfDispatch(caller, call.site.callee.attrs[0], recv);
    for (const o of out.keys()) if (!call.targets.some(t => t.fn === o)) out.delete(o);
    return out;
  }

  /** Puts a callers set back in program order, in place. */
  private inOrder(s: Set<FnInfo>): void {
    let last = -1, sorted = true;
    for (const f of s) { const o = this.orderOf(f); if (o < last) { sorted = false; break; } last = o; }
    if (sorted) return;
    const l = [...s].sort((a, b) => this.orderOf(a) - this.orderOf(b));
    s.clear();
    for (const f of l) s.add(f);
  }

  private order?: Map<FnInfo, number>;
  private inProgramOrder<T extends { fn: FnInfo }>(l: T[]): T[] {
    // stable: one function's sites stay in source order
    return l.map((e, i) => ({ e, i })).sort((a, b) => this.orderOf(a.e.fn) - this.orderOf(b.e.fn) || a.i - b.i).map(x => x.e);
  }

  /** The functions and every function that reaches them through calls ('callers'), or that
   *  they reach ('callees'), transitively. */
  closure(fns: Iterable<FnInfo>, direction: 'callers' | 'callees', stop?: ReadonlySet<FnInfo>): Set<FnInfo> {
    const out = new Set<FnInfo>(fns);
    const queue = [...out];
    for (let i = 0; i < queue.length; i++) {
      const next = direction === 'callers' ? this.callers.get(queue[i]) ?? [] : this.callees(queue[i]);
      for (const c of next) if (!out.has(c) && !stop?.has(c)) { out.add(c); queue.push(c); }
    }
    return out;
  }

  private readonly calleeLists = new FnTable<FnInfo[]>();

  callees(fn: FnInfo): FnInfo[] {
    let l = this.calleeLists.get(fn);
    if (!l) this.calleeLists.set(fn, (l = (this.calls.get(fn) ?? []).flatMap(c => c.targets.map(t => t.fn))));
    return l;
  }

  private components?: FnInfo[][];

  /** Strongly connected components, callees before callers (Tarjan, iterative: no stack overflow
   *  on deep chains); computed once, shared by the helper summaries and the inherited locks. */
  sccs(): readonly FnInfo[][] {
    return (this.components ??= this.tarjan());
  }

  /** Whether the components, in their order, are still those of the graph after the callees of
   *  `fns` changed: no edge inside a component went (it may split), and every new edge goes
   *  inside a component or to one already before it (callees first). Typing in a called name
   *  takes an edge out and puts it back; Tarjan over a 100,000-function graph is 0.3 s. */
  private componentsStay(fns: FnInfo[], calleesBefore: Map<FnInfo, FnInfo[]>): boolean {
    if (!this.components) return false;
    for (const u of fns) {
      const cu = this.componentOf(u);
      const before = new Set(calleesBefore.get(u)), now = new Set(this.callees(u));
      for (const v of before) if (!now.has(v) && this.componentOf(v) === cu) return false;
      for (const v of now) if (!before.has(v) && this.componentOf(v) > cu) return false;
    }
    return true;
  }

  private componentIndex?: Map<FnInfo, number>;
  /** Position of the function's component in sccs(): callees' components come first. */
  componentOf(fn: FnInfo): number {
    if (!this.componentIndex || !this.components) {
      this.componentIndex = new Map();
      this.sccs().forEach((comp, i) => { for (const f of comp) this.componentIndex!.set(f, i); });
    }
    return this.componentIndex.get(fn)!;
  }

  /** Position of the function in the program (the order of a full build). */
  orderOf(fn: FnInfo): number {
    if (!this.order) { this.order = new Map(); let i = 0; for (const f of this.program.fns.values()) this.order.set(f, i++); }
    return this.order.get(fn)!;
  }

  private tarjan(): FnInfo[][] {
    const index = new Map<FnInfo, number>(), low = new Map<FnInfo, number>();
    const onStack = new Set<FnInfo>();
    const stack: FnInfo[] = [];
    const out: FnInfo[][] = [];
    let counter = 0;
    for (const start of this.program.fns.values()) {
      if (index.has(start)) continue;
      const work: { fn: FnInfo; succ: FnInfo[]; i: number }[] = [];
      const push = (fn: FnInfo) => {
        index.set(fn, counter); low.set(fn, counter); counter++;
        stack.push(fn); onStack.add(fn);
        work.push({ fn, succ: this.callees(fn), i: 0 });
      };
      push(start);
      while (work.length) {
        const top = work[work.length - 1];
        if (top.i < top.succ.length) {
          const w = top.succ[top.i++];
          if (!index.has(w)) push(w);
          else if (onStack.has(w)) low.set(top.fn, Math.min(low.get(top.fn)!, index.get(w)!));
          continue;
        }
        work.pop();
        if (work.length) { const p = work[work.length - 1].fn; low.set(p, Math.min(low.get(p)!, low.get(top.fn)!)); }
        if (low.get(top.fn) === index.get(top.fn)) {
          const comp: FnInfo[] = [];
          let w: FnInfo;
          do { w = stack.pop()!; onStack.delete(w); comp.push(w); } while (w !== top.fn);
          out.push(comp.slice()); // exact size: most components are one function, pushed into room for 17
        }
      }
    }
    return out;
  }
}

// (with the class each target runs on, and whether on the caller's own object: eachTarget)
const edgeKey = (calls: ResolvedCall[]) => calls.map(c => c.targets.map(t => `${t.fn.key}${t.bound ? '+' : ''}${t.recv ? `@${t.recv.key}` : ''}${t.self ? `~${t.self}` : ''}`).join(',')).join(';');
// (with what decides whether a call runs its callee on a new object, findings.ts: the receiver,
// the first argument, a fresh local; and which arguments are the caller's parameters, which
// may hold a thread instance's own object: Visit.own)
const contextKey = (fn: FnInfo, calls: ResolvedCall[]) => calls.map(c => `${c.locks.join(',')}|${c.site.callee.root}.${c.site.callee.attrs.join('.')}|${c.site.args[0] ?? ''}|${c.site.fresh ? 1 : 0}${c.site.lends ? c.site.lends.join(',') : ''}${c.site.atImport ? 'i' : ''}${paramArgs(fn, c.site)}`).join(';');
const paramArgs = (fn: FnInfo, site: CallSite) => {
  let out = '';
  const ps = fn.s.params;
  for (let i = 0; i < site.args.length; i++) if (ps.includes(site.args[i])) out += `|${i}=${site.args[i]}`;
  for (const k in site.kwargs) if (ps.includes(site.kwargs[k])) out += `|${k}=${site.kwargs[k]}`;
  return out;
};
const loopKey = (calls: ResolvedCall[]) => calls.map(c => (c.site.inLoop ? 1 : 0)).join('');
// (and, for a threading server, the handler class it is given: ThreadModel's handler threads)
const constructionKey = (m: Map<ClassInfo, { fn: FnInfo; site: CallSite }[]>, classes: Set<ClassInfo>, fns: Set<FnInfo>, server: (c: ClassInfo) => boolean) =>
  [...classes].flatMap(cls => (m.get(cls) ?? []).filter(e => fns.has(e.fn)).map(e => `${cls.key}<${e.fn.key}:${e.site.inLoop}:${e.site.boundTo ?? ''}${server(cls) ? `:${handlerArgument(e.site) ?? ''}` : ''}`)).sort().join(';');

/** Whether call c is the `add_done_callback` a done-callback's call (CallSite.later) is made
 *  at: the one at its place, which the summarizer puts before it (resolved first). */
function registers(c: CallSite, later: CallSite): boolean {
  return c.line === later.line && c.column === later.column && !c.later && c.callee.attrs[c.callee.attrs.length - 1] === 'add_done_callback';
}

/** The special method a read of an object runs, by the access's op. */
/** The most operator methods one implicit operator call may run (CallGraph.resolve). */
const MAX_OPERATOR_TARGETS = 3;
/** A read's call of the special method it runs (ResolvedCall with a negative index). */
function dunderSite(a: DirectAccess, name: string): CallSite {
  return { line: a.line, column: a.column, endLine: a.endLine, endColumn: a.endColumn, callee: { root: a.target.root, attrs: [...a.target.attrs, name] }, args: a.key !== undefined && name !== '__iter__' && name !== '__len__' ? [a.key] : [], kwargs: {}, locks: a.locks, inLoop: false, dunder: true };
}
