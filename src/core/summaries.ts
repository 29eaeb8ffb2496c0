// Pass 3: helper summaries. A function that reads or writes a container — directly or through
// its callees — makes each of its call sites an access in the caller, with the helper chain in
// `via` and the call's arguments bound to the helper's parameters in key and value.
import { boundTypes, ExprPath, hasParam, own, Span } from './model';
import { CallGraph } from './callgraph';
import { FnTable } from './fnTable';
import { ClassInfo, FnInfo, lockRoots, Program } from './program';
import { DOTTED_NAME, STARTED } from './vocabulary';

/** What an entry is, apart from where it is made and how it is reached: shared by every entry
 *  that says the same (the stdlib's 207,000 helper entries have 12,000 of them), so an entry
 *  is five fields, not a copy of these. */
export interface AccessWhat {
  readonly container: string;
  readonly access: 'read' | 'write';
  readonly op: string;
  readonly key?: string;
  readonly value?: string;
  readonly readWrite?: boolean;
  readonly check?: boolean;
  /** Made here by binding a helper's parameter to this function's container: a direct access for findings. */
  readonly boundHere?: boolean;
  /** Of this function's own accesses: made on `self.attr` (or a helper's parameter bound to
   *  it here). In a constructor that is the new object, which no other thread sees yet. */
  readonly onSelf?: boolean;
  /** Of this function's own accesses: through this local, which may hold an object only this
   *  call reaches (`s = Stack(); s.items.append(x)`; Program.madeLocal decides). */
  readonly freshRoot?: string;
  /** Of this function's own accesses: on `self.<ownedVia>.x`, an object the instance may make for
   *  itself (Program.ownedHere decides). */
  readonly ownedVia?: string;
  /** Of this function's own accesses: on `<ownRoot>.x`, ownRoot a parameter other than self (or
   *  a helper's parameter bound to that here): what a thread instance does to an object its
   *  start gave it alone (ThreadEntry.ownParams) is no other instance's. */
  readonly ownRoot?: string;
  /** Of this function's own accesses: through an attribute that holds another object's
   *  container (`self.processes` of `self.processes = executor._processes`): rebinding that
   *  other attribute (`executor._processes = None`) leaves what this reads as it was. */
  readonly viaAlias?: boolean;
  /** Made only when this function runs on an object of one of these classes (or a subclass):
   *  through `self.m()` to an override (`Plugin.run_once` writes `Cleaner.removed` only on a
   *  Cleaner). The threads it shows and the findings' visits that take it are those on such an
   *  object (ThreadModel.threadIdsOn, Findings.collect). */
  readonly receivers?: ClassInfo[];
}

/** An access a function makes, itself or through the helpers it calls. The fields of what it
 *  is are read from its `what`, which other entries share. */
export class EffectiveAccess implements AccessWhat {
  constructor(
    readonly what: AccessWhat,
    readonly locks: string[],
    readonly via: string[],
    /** Where it shows in this function: the access itself, or the helper call. */
    readonly site: Span,
  ) {}
  get container(): string { return this.what.container; }
  get access(): 'read' | 'write' { return this.what.access; }
  get op(): string { return this.what.op; }
  get key(): string | undefined { return this.what.key; }
  get value(): string | undefined { return this.what.value; }
  get readWrite(): boolean | undefined { return this.what.readWrite; }
  get check(): boolean | undefined { return this.what.check; }
  get boundHere(): boolean | undefined { return this.what.boundHere; }
  get onSelf(): boolean | undefined { return this.what.onSelf; }
  get freshRoot(): string | undefined { return this.what.freshRoot; }
  get ownedVia(): string | undefined { return this.what.ownedVia; }
  get ownRoot(): string | undefined { return this.what.ownRoot; }
  get viaAlias(): boolean | undefined { return this.what.viaAlias; }
  get receivers(): ClassInfo[] | undefined { return this.what.receivers; }
}

/** Pseudo-container of a helper's parameter, bound to a real one at each call. */
export const PARAM_PREFIX = 'param:';

const MAX_VIA = 6;
/** The chain of every direct access (most entries): one shared array, never changed in place. */
const NO_VIA: string[] = [];
const MAX_PER_FUNCTION = 2000;
const MAX_SCC_ROUNDS = 50;

export class HelperSummaries {
  readonly direct = new FnTable<EffectiveAccess[]>();
  /** Functions with a membership or .get test among their direct accesses, or made by a helper
   *  on a container they give it (check-then-act: Findings.checksOf). */
  readonly checkers = new Set<FnInfo>();

  private setDirect(fn: FnInfo): void {
    this.direct.set(fn, this.resolveDirect(fn));
    this.setChecker(fn);
  }

  private setChecker(fn: FnInfo): void {
    const test = (e: EffectiveAccess) => e.check && (!e.via.length || e.boundHere);
    if (this.direct.get(fn)!.some(test) || this.effective.get(fn)?.some(test)) this.checkers.add(fn); else this.checkers.delete(fn);
  }

  /** The functions whose check-then-act findings quote fn's test and write of a container it is
   *  given (Findings.helperPair): those that give it one, through any helpers on the way. */
  checkersThrough(fn: FnInfo): FnInfo[] {
    if (!this.direct.get(fn)?.some(e => e.check && e.container.startsWith(PARAM_PREFIX))) return [];
    const name = fn.s.qualname;
    return [...this.graph.closure([fn], 'callers')].filter(c => c !== fn && this.effective.get(c)?.some(e => e.check && e.boundHere && e.via.includes(name)));
  }
  readonly effective = new FnTable<EffectiveAccess[]>();
  /** Accesses a function makes itself: direct ones, and helper writes into containers it passed. */
  accessesForFindings(fn: FnInfo): EffectiveAccess[] {
    let l = this.forFindings.get(fn);
    if (!l) {
      const direct = (this.direct.get(fn) ?? []).filter(e => !e.container.startsWith(PARAM_PREFIX));
      const bound = (this.effective.get(fn) ?? []).filter(e => e.boundHere);
      this.forFindings.set(fn, (l = bound.length ? direct.concat(bound) : exact(direct)));
    }
    return l;
  }
  private readonly forFindings = new FnTable<EffectiveAccess[]>();

  /** Per function, one entry per container/op/key/value: what its callers need to see. */
  private readonly distinct = new FnTable<EffectiveAccess[]>();
  /** Set when a limit cut the propagation short, for the log. */
  truncated = 0;
  /** Helper chains, one array per chain: a chain is `name` in front of a callee's (interned)
   *  chain, and the entries that share it are most of a run's objects. Like `whats`, kept only
   *  while solving (the stdlib's 13,000 inner maps were 2.6 MB): a refresh shares among the
   *  entries it makes. */
  private chains = new Map<string[], Map<string, string[]>>();
  /** The shared `what` of the entries made while solving (dropped after, as `chains` are). */
  private whats = new Map<string, AccessWhat>();
  private whatOf(container: string, a: AccessWhat, key: string | undefined, value: string | undefined, boundHere: boolean, onSelf: boolean, ownRoot: string | undefined, receivers: ClassInfo[] | undefined, sig: string): AccessWhat {
    // (a callee's own `what`, when nothing here changes it: no string built)
    if (container === a.container && key === a.key && value === a.value && receivers === a.receivers && !boundHere && !a.boundHere && !a.onSelf && a.freshRoot === undefined && a.ownedVia === undefined && a.ownRoot === undefined && ownRoot === undefined && !a.viaAlias) return a;
    // (`sig` is container, access, op, key, value and receivers, with key and value '' when unset)
    const k = `${sig}|${key === undefined ? 0 : 1}${value === undefined ? 0 : 1}${a.readWrite ? 1 : 0}${a.check ? 1 : 0}${boundHere ? 1 : 0}${onSelf ? 1 : 0}${ownRoot === undefined ? '' : `|${ownRoot}`}`;
    let w = this.whats.get(k);
    if (!w) {
      const n: { -readonly [K in keyof AccessWhat]: AccessWhat[K] } = { container, access: a.access, op: a.op };
      if (key !== undefined) n.key = key;
      if (value !== undefined) n.value = value;
      if (a.readWrite) n.readWrite = true;
      if (a.check) n.check = true;
      if (boundHere) n.boundHere = true;
      if (onSelf) n.onSelf = true;
      if (ownRoot !== undefined) n.ownRoot = ownRoot;
      if (receivers) n.receivers = receivers;
      this.whats.set(k, (w = n));
    }
    return w;
  }
  private chain(name: string, rest: string[]): string[] {
    let m = this.chains.get(rest);
    if (!m) this.chains.set(rest, (m = new Map()));
    let c = m.get(name);
    if (!c) m.set(name, (c = [name].concat(rest)));
    return c;
  }

  constructor(private readonly program: Program, private readonly graph: CallGraph) {
    for (const fn of program.fns.values()) this.setDirect(fn);
    for (const comp of graph.sccs()) this.solve(comp);
    this.bindThreadArguments();
    this.whats = new Map();
    this.chains = new Map();
  }

  /** Callees before callers; inside a recursive component, semi-naive rounds: each entry of a
   *  callee crosses each call edge once, so cost is linear in what is produced. */
  private solve(comp: FnInfo[]): void {
    const states = comp.map(fn => {
      const out = [...this.direct.get(fn)!];
      this.effective.set(fn, out);
      const distinct: EffectiveAccess[] = [];
      const signatures = new Set<string>();
      for (const e of out) { const sig = signature(e); if (!signatures.has(sig)) { signatures.add(sig); distinct.push(e); } }
      this.distinct.set(fn, distinct);
      return { fn, out, seen: new Map<string, Set<string>>(), cursor: new Map<string, number>(), distinct, signatures };
    });
    for (let round = 0, changed = true; changed && round < MAX_SCC_ROUNDS; round++) {
      changed = false;
      for (const st of states) if (this.extend(st)) changed = true;
      if (comp.length === 1 && !this.graph.callees(comp[0]).includes(comp[0])) break;
    }
    // Exact-size copies: lists grown by push keep room for 16 more, and there is one per function.
    for (const st of states) { this.effective.set(st.fn, exact(st.out)); this.distinct.set(st.fn, exact(st.distinct)); this.setChecker(st.fn); }
  }

  /** After the functions' bodies changed (and the call graph was refreshed): redoes them and
   *  every function that reaches them through calls, callees first, and the thread-argument
   *  bindings that touch any of those. Returns the functions whose effective accesses were redone. */
  refresh(changed: FnInfo[], localsChanged: ReadonlySet<FnInfo> = new Set()): Set<FnInfo> {
    const redo = new Set<FnInfo>();
    for (const fn of changed) this.setDirect(fn);
    // Early cut-off: what a caller takes from a callee is its distinct entries (not their
    // positions), so callers are redone only when those changed. Components in sccs() order
    // (callees first), taken from a heap of the pending ones.
    const comps = this.graph.sccs();
    const heap = new MinHeap();
    const queued = new Set<number>();
    const enqueue = (fn: FnInfo) => { const i = this.graph.componentOf(fn); if (!queued.has(i)) { queued.add(i); heap.push(i); } };
    for (const fn of changed) enqueue(fn);
    while (heap.size) {
      const comp = comps[heap.pop()];
      const before = comp.map(fn => fingerprint(this.distinct.get(fn)));
      this.solve(comp);
      comp.forEach((fn, i) => {
        redo.add(fn);
        // (a callee whose locals changed names its own locks otherwise in its callers: subLock)
        if (localsChanged.has(fn) || fingerprint(this.distinct.get(fn)) !== before[i]) for (const c of this.graph.callers.get(fn) ?? []) enqueue(c);
      });
    }
    // Thread-argument bindings: those made into the redone functions are gone with their old
    // lists; those a changed starter made elsewhere are taken out; all redone in program order.
    const targets = new Set<FnInfo>();
    for (const fn of changed) for (const t of this.startTargets.get(fn) ?? []) targets.add(t);
    for (const fn of changed) {
      for (const t of this.startTargets.get(fn) ?? []) this.startersOf.get(t)?.delete(fn);
      const now = this.threadArgTargets(fn).map(t => t.fn);
      if (now.length) this.startTargets.set(fn, now); else this.startTargets.delete(fn);
      for (const t of now) { targets.add(t); this.addStarter(t, fn); }
    }
    for (const t of targets) if (!redo.has(t)) this.effective.set(t, this.effective.get(t)!.filter(e => !this.threadBound.has(e)));
    for (const t of redo) targets.add(t);
    const starters = new Set<FnInfo>();
    for (const t of targets) for (const s of this.startersOf.get(t) ?? []) starters.add(s);
    this.bindThreadArguments([...starters].sort((a, b) => this.graph.orderOf(a) - this.graph.orderOf(b)), targets);
    for (const t of targets) redo.add(t);
    // Taken again now, to say which containers' races change: a new line above a call of
    // re.compile moves this file's via-accesses of re._cache, not the accesses races are made of.
    this.findingsChanged = new Set();
    for (const fn of redo) {
      const before = this.forFindings.get(fn);
      this.forFindings.delete(fn);
      const after = this.accessesForFindings(fn);
      // never taken: no traversal visited it (Findings takes every visited function's list)
      if (!before) for (const e of after) this.findingsChanged.add(e.container);
      else changedContainers(before, after, this.findingsChanged);
    }
    this.whats = new Map();
    this.chains = new Map();
    return redo;
  }

  /** A function that only moved by `d` lines (see CallGraph.moved): its entries' positions are
   *  shifted in place. Its callers' entries are at their own call sites, and what they take
   *  from it (distinct entries) has no position, so nothing else changes. */
  moved(fn: FnInfo, d: number): void {
    const sites = new Set<Span>();
    for (const e of this.direct.get(fn) ?? []) sites.add(e.site);
    for (const e of this.effective.get(fn) ?? []) sites.add(e.site);
    for (const s of sites) { s.line += d; s.endLine += d; }
  }

  /** The containers whose accesses for findings the last refresh changed. */
  findingsChanged = new Set<string>();

  private addStarter(target: FnInfo, starter: FnInfo): void {
    let s = this.startersOf.get(target);
    if (!s) this.startersOf.set(target, (s = new Set()));
    s.add(starter);
  }

  /** Entries added by thread-argument binding, so a refresh can take them out again; each with
   *  its starter, whose names its lock texts are in (lockFrame). */
  private readonly threadBound = new WeakMap<EffectiveAccess, FnInfo>();
  /** Per starter, the targets it bound arguments into; and the other way round. */
  private readonly startTargets = new Map<FnInfo, FnInfo[]>();
  private readonly startersOf = new Map<FnInfo, Set<FnInfo>>();

  private resolveDirect(fn: FnInfo): EffectiveAccess[] {
    const out: EffectiveAccess[] = [];
    // (one set for every access, cleared: this runs for each of a program's accesses)
    const aliased = new Set<string>();
    for (const a of fn.s.accesses) {
      const isParam = a.target.attrs.length === 0 && fn.s.params.includes(a.target.root) && a.target.root !== fn.s.selfParam;
      // (a parameter: bound at each call; and, left out, its default's container; a method's
      // self used as a container, `self[k] = v` in a dict subclass: what it is called on)
      aliased.clear();
      let ids = isParam ? [PARAM_PREFIX + a.target.root, ...this.program.defaultContainers(fn, a.target.root)]
        : !a.target.attrs.length && a.target.root === fn.s.selfParam ? (selfContainer(fn) ? [PARAM_PREFIX + a.target.root] : [])
        : this.program.containersOf(fn, a.target, a.op === 'assign' || a.op === 'del', aliased);
      // (through a parameter nothing types, `mgr.status[k] = v`: on what each call passes,
      // `mark_failed(self.mgr, k)` writes self.mgr.status)
      if (!ids.length && a.target.attrs.length && this.program.paramUnknown(fn, a.target.root)) ids = [`${PARAM_PREFIX}${a.target.root}.${a.target.attrs.join('.')}`];
      // (`self.infos[k].offsets.append(x)` with the items' type known: the item's attribute is
      // written, through an access of its own; the container is read)
      const itemRead = !!a.item && ids.length > 0 && this.program.knownItems(fn, a.target);
      for (const id of ids) {
        const what: { -readonly [K in keyof AccessWhat]: AccessWhat[K] } = itemRead ? { container: id, access: 'read', op: 'getitem' } : { container: id, access: a.access, op: a.op };
        // (`d[k]` on a defaultdict inserts k when it is missing: a write)
        if (what.op === 'getitem' && what.access === 'read' && this.program.containers.get(id)?.type === 'defaultdict') { what.access = 'write'; what.op = 'getitem-insert'; }
        if (a.key !== undefined) what.key = a.key;
        if (a.value !== undefined && !itemRead) what.value = a.value;
        if (a.readWrite && !itemRead) what.readWrite = true;
        if (a.check) what.check = true;
        const own = ownState(this.program, fn, a.target);
        if (own === true) what.onSelf = true;
        else if (own) what.ownedVia = own;
        if (a.fresh) what.freshRoot = a.target.root;
        if (a.target.attrs.length <= 1 && paramOf(fn, a.target.root)) what.ownRoot = a.target.root;
        if (aliased.has(id)) what.viaAlias = true;
        out.push(new EffectiveAccess(what, this.program.locksOf(a.locks, fn), NO_VIA, { line: a.line, column: a.column, endLine: a.endLine, endColumn: a.endColumn }));
      }
    }
    return out;
  }

  /** `Thread(target=work, args=(self.items,))`: what work does to its parameter it does to
   *  self.items, on its own thread: the target's parameter accesses (its own and its callees')
   *  become accesses of the starter's containers, in the target. */
  private bindThreadArguments(starters?: FnInfo[], only?: Set<FnInfo>): void {
    for (const fn of starters ?? this.program.fns.values()) {
      const targets = this.threadArgTargets(fn);
      if (!starters) {
        if (targets.length) this.startTargets.set(fn, targets.map(t => t.fn));
        for (const t of targets) this.addStarter(t.fn, fn);
      }
      for (const { fn: target, binding } of targets) {
        if (only && !only.has(target)) continue;
        const eff = this.effective.get(target)!;
        const add: EffectiveAccess[] = [];
        for (const a of eff) {
          if (!a.container.startsWith(PARAM_PREFIX)) continue;
          for (const c of this.bindContainer(fn, binding, a.container.slice(PARAM_PREFIX.length), binds(a))) {
            if (c.startsWith(PARAM_PREFIX) || eff.some(d => d.container === c && d.site === a.site && d.op === a.op)) continue;
            // as at a call: the locks, key and value named by parameters are the arguments
            // (`args=(self.jobs, self.guard)` … `with guard: jobs.pop(k)` holds `self.guard`)
            const what: AccessWhat = { ...a.what, container: c, boundHere: true,
              ...(a.key !== undefined ? { key: substitute(a.key, binding) } : {}), ...(a.value !== undefined ? { value: substitute(a.value, binding) } : {}) };
            add.push(new EffectiveAccess(what, a.locks.length ? a.locks.map(l => substitute(l, binding)) : a.locks, a.via, a.site));
          }
        }
        for (const e of add) this.threadBound.set(e, fn);
        eff.push(...add);
      }
    }
  }

  /** The function whose names an entry of fn's lock texts are in: fn, or for an entry bound at
   *  a thread start (`args=(self.guard,)` … `with guard:` holds `self.guard`), the starter. */
  lockFrame(fn: FnInfo, a: EffectiveAccess): FnInfo {
    return this.threadBound.get(a) ?? fn;
  }

  /** Targets of the thread starts with arguments in a function, with the arguments bound. */
  private threadArgTargets(fn: FnInfo): { fn: FnInfo; binding: Map<string, string> }[] {
    const out: { fn: FnInfo; binding: Map<string, string> }[] = [];
    for (const st of fn.s.starts) {
      if (!st.args?.length || !st.target) continue;
      for (const t of this.program.callTargets(fn, { ...st, callee: st.target, args: [], kwargs: {}, locks: [] })) out.push({ fn: t.fn, binding: bindArguments(t.fn, t.bound, st.args, {}, undefined) });
    }
    return out;
  }

  /** The containers a helper's parameter (or a path through it, `mgr.status`) is at this call:
   *  the argument's, or the caller's own parameter's. */
  private bindContainer(caller: FnInfo, binding: Map<string, string>, param: string, binds: boolean): string[] {
    const text = boundText(binding, param);
    if (!text) return [];
    const [root, ...attrs] = text.split('.');
    if (!attrs.length && caller.s.params.includes(root) && (root !== caller.s.selfParam || selfContainer(caller))) return [PARAM_PREFIX + root];
    const ids = this.program.containersOf(caller, { root, attrs }, binds && attrs.length > 0);
    return ids.length || !attrs.length || !this.program.paramUnknown(caller, root) ? ids : [PARAM_PREFIX + text];
  }

  /** Adds the callees' entries not yet seen through each call edge; true when something was added. */
  private extend(st: { fn: FnInfo; out: EffectiveAccess[]; seen: Map<string, Set<string>>; cursor: Map<string, number>; distinct: EffectiveAccess[]; signatures: Set<string> }): boolean {
    const { fn, out, seen } = st;
    let added = false;
    const calls = this.graph.calls.get(fn) ?? [];
    for (let ci = 0; ci < calls.length; ci++) {
      const call = calls[ci];
      let selfCones: Map<FnInfo, ClassInfo[]> | undefined;
      for (let ti = 0; ti < call.targets.length; ti++) {
        const t = call.targets[ti];
        const inner = this.distinct.get(t.fn);
        if (!inner?.length) continue;
        const edge = `${ci}:${ti}`;
        const from = st.cursor.get(edge) ?? 0;
        if (from >= inner.length) continue;
        st.cursor.set(edge, inner.length);
        const binding = bindArguments(t.fn, t.bound, call.site.args, call.site.kwargs, receiverOf(call.site.callee, t.fn));
        const memo = new Map<string, string>();
        const boundParams = new Map<string, string[]>();
        const sub = (text: string) => {
          let r = memo.get(text);
          if (r === undefined) memo.set(text, (r = substitute(text, binding)));
          return r;
        };
        const name = t.fn.s.qualname;
        // On which of this function's objects each entry holds (EffectiveAccess.receivers): a
        // call on self narrows the callee's to this function's (to the classes whose `m` the
        // target is, for `self.m()`); a call on another object keeps the entries that hold on
        // the class it is of, on no particular object of this function's.
        const cones = t.self === 'dispatch' ? (selfCones ??= this.graph.selfCones(fn, call)).get(t.fn) : t.self === 'same' && fn.cls ? [fn.cls] : undefined;
        const receiversOf = (r: ClassInfo[] | undefined): ClassInfo[] | undefined | null => {
          if (t.self) {
            if (!r) return t.self === 'same' ? undefined : cones;
            // (no cones: on this function's own object, of its class or a subclass)
            const m = cones ? this.program.conesMeet(r, cones) : fn.cls ? this.program.conesMeet(r, [fn.cls]) : r;
            return !m.length ? null : m.length === 1 && m[0] === fn.cls ? undefined : m;
          }
          return !r || !t.recv || this.program.conesMeet(r, [t.recv]).length ? undefined : null;
        };
        // a lock the helper holds through one of its own locals (`with item.future._condition:`)
        // means nothing under that name here, where `item` may be another object: named for the
        // helper instead, so it is never taken for a lock of this function's
        const subLock = (text: string) => {
          let r = memo.get(`\0${text}`);
          if (r === undefined) {
            const roots = text.includes(':') ? [] : lockRoots(text);
            r = roots.some(root => root && !binding.has(root) && helperLocal(t.fn, root)) ? `${name}:${text}` : sub(text);
            memo.set(`\0${text}`, r);
          }
          return r;
        };
        const site = { line: call.site.line, column: call.site.column, endLine: call.site.endLine, endColumn: call.site.endColumn };
        // Entries made at one call site of one helper, by signature: the same string is the
        // signature the distinct list is kept by (one string built and hashed per entry).
        const siteKey = `${site.line}:${site.column}|${name}`;
        let seenHere = seen.get(siteKey);
        if (!seenHere) seen.set(siteKey, (seenHere = new Set()));
        for (let i = from; i < inner.length; i++) {
          const a = inner[i];
          if (a.via.length >= MAX_VIA || a.via.includes(name)) continue;
          const receivers = receiversOf(a.receivers);
          if (receivers === null) continue; // (on none of this function's objects)
          // Deduplicate before building anything: most entries reach a call site many ways.
          const key = a.key === undefined ? undefined : sub(a.key);
          const value = a.value === undefined ? undefined : sub(a.value);
          let containers = [a.container];
          let onSelf = false;
          let ownRoot: string | undefined;
          if (a.container.startsWith(PARAM_PREFIX)) {
            const param = a.container.slice(PARAM_PREFIX.length);
            // (an operator's own method doing what the operator does to its object,
            // `super().__setitem__(k, v)` in the `__setitem__` that `x[k] = v` runs: that
            // access is already the caller's)
            if (call.site.dunder && param === t.fn.s.selfParam && sameOperation(t.fn.s.name, a.op)) continue;
            const bk = binds(a) ? `=${param}` : param;
            let bound = boundParams.get(bk);
            // (self's own container called on self, `self.add(k)` or `super().add(k)` in a dict
            // subclass: still the caller's self; on an object made there, `Registry()`, none)
            if (!bound) boundParams.set(bk, (bound = param === t.fn.s.selfParam && !binding.has(param) ? (t.self && selfContainer(fn) ? [PARAM_PREFIX + fn.s.selfParam] : []) : this.bindContainer(fn, binding, param, binds(a))));
            containers = bound;
            const text = boundText(binding, param);
            onSelf = isSelfAttr(this.program, fn, text);
            const dot = text ? text.indexOf('.') : -1;
            if (dot > 0 && text!.indexOf('.', dot + 1) < 0 && paramOf(fn, text!.slice(0, dot))) ownRoot = text!.slice(0, dot);
            else if (dot < 0 && text && paramOf(fn, text)) ownRoot = text;
          }
          for (const container of containers) {
            const sig = `${container}|${a.access}|${a.op}|${key ?? ''}|${value ?? ''}${receivers ? `|${conesKey(receivers)}` : ''}`;
            if (seenHere.has(sig)) continue;
            if (out.length >= MAX_PER_FUNCTION) { this.truncated++; return added; }
            seenHere.add(sig);
            // Built field by field, never spread then `delete`d: a deleted property turns the
            // object into a slow dictionary, and these are the most numerous objects of a run.
            // (key and value in the literal, unset or not: in the object itself, not in a
            // property array of its own added later)
            const boundHere = container !== a.container && !container.startsWith(PARAM_PREFIX);
            // (the parameter it is on, for a thread instance's own objects: kept on an entry still
            // on a parameter of this function too, which a thread start binds later)
            const what = this.whatOf(container, a.what, key, value, boundHere, boundHere && onSelf, boundHere || container.startsWith(PARAM_PREFIX) ? ownRoot : undefined, receivers, sig);
            const e = new EffectiveAccess(what, union(call.locks, a.locks.length ? a.locks.map(subLock) : a.locks), this.chain(name, a.via), site);
            out.push(e);
            if (!st.signatures.has(sig)) { st.signatures.add(sig); st.distinct.push(e); }
            added = true;
          }
        }
      }
    }
    return added;
  }
}

/** A function's distinct entries as its callers see them: everything but where they are. */
function fingerprint(l: EffectiveAccess[] | undefined): string {
  if (!l?.length) return '';
  return l.map(e => `${e.container}|${e.access}|${e.op}|${e.key ?? ''}|${e.value ?? ''}|${e.readWrite ? 1 : 0}${e.check ? 1 : 0}${e.boundHere ? 1 : 0}|${e.locks.join(',')}|${e.via.join('>')}${e.receivers ? `|${conesKey(e.receivers)}` : ''}`).join('\n');
}

/** A binary min-heap of numbers (component positions). */
class MinHeap {
  private readonly a: number[] = [];
  get size(): number { return this.a.length; }
  push(x: number): void {
    const a = this.a;
    a.push(x);
    for (let i = a.length - 1; i > 0;) { const p = (i - 1) >> 1; if (a[p] <= a[i]) break; [a[p], a[i]] = [a[i], a[p]]; i = p; }
  }
  pop(): number {
    const a = this.a, top = a[0], last = a.pop()!;
    if (a.length) {
      a[0] = last;
      for (let i = 0; ;) {
        const l = 2 * i + 1, r = l + 1;
        let m = i;
        if (l < a.length && a[l] < a[m]) m = l;
        if (r < a.length && a[r] < a[m]) m = r;
        if (m === i) break;
        [a[m], a[i]] = [a[i], a[m]];
        i = m;
      }
    }
    return top;
  }
}

/** What an entry is, without where: the same text as the one `extend` builds. */
function signature(e: EffectiveAccess): string {
  return `${e.container}|${e.access}|${e.op}|${e.key ?? ''}|${e.value ?? ''}${e.receivers ? `|${conesKey(e.receivers)}` : ''}`;
}

const conesKey = (l: ClassInfo[]) => l.map(k => k.key).join(',');

function exact<T>(a: T[]): T[] { return a.length ? a.slice() : a; }

function union(a: string[], b: string[]): string[] {
  if (!a.length) return b;
  if (!b.length) return a;
  return [...new Set([...a, ...b])];
}

/** The object a method is called on: `self.kv_mgr` in `self.kv_mgr.update_status(...)`. */
function receiverOf(callee: ExprPath, target: FnInfo): string | undefined {
  if (callee.root === '<super>' || !callee.attrs.length) return callee.root === '<super>' ? 'self' : undefined;
  if (callee.root.startsWith('<')) return undefined; // `cache[job]._set()`: no text to put for self
  // `util.Finalize(…)` runs Finalize.__init__ on a new object, not on `util`: only a call that
  // names the method (`obj.m()`, a property `obj.x`) has a receiver
  if (callee.attrs[callee.attrs.length - 1] !== target.s.name) return undefined;
  return [callee.root, ...callee.attrs.slice(0, -1)].join('.');
}

/** Parameter name → argument text at this call; a bound method's self → the receiver. */
export function bindArguments(fn: FnInfo, bound: boolean, args: string[], kwargs: Record<string, string>, receiver?: string): Map<string, string> {
  const params = bound ? fn.s.params.slice(1) : fn.s.params;
  const m = new Map<string, string>();
  if (bound && fn.s.selfParam && receiver && receiver !== fn.s.selfParam && !fn.s.classmethod) m.set(fn.s.selfParam, receiver);
  // (a parameter the body binds again is not the argument where it is used:
  // `executor._shutdown_lock` is no `None._shutdown_lock`)
  let i = 0;
  for (const p of params) {
    if (p.startsWith('*')) break;
    if (i < args.length && !args[i].startsWith('*') && !rebound(fn, p)) m.set(p, args[i]);
    i++;
  }
  for (const [k, v] of Object.entries(kwargs)) if (params.includes(k) && !rebound(fn, k)) m.set(k, v);
  return m;
}

const ATOM = /^(?:[\w.]+|[\w.]+\(.*\)|[\w.]+\[.*\]|'[^']*'|"[^"]*"|\(.*\)|\[.*\]|\{.*\})$/;

/** A name local to the function (not a global it declares; not a parameter, unless the body
 *  binds it again: rebound). */
function helperLocal(fn: FnInfo, name: string): boolean {
  const s = fn.s;
  return s.locals.includes(name) && (!hasParam(s, name) || rebound(fn, name));
}

/** A parameter the body binds again (`if executor is None: executor = ThreadPoolExecutor()`):
 *  where it is used it may not be the argument. */
function rebound(fn: FnInfo, p: string): boolean {
  return boundTypes(fn.s, p).length > 0;
}

/** Replaces parameter names by argument texts, parenthesized where precedence could change. */
export function substitute(text: string, binding: Map<string, string>): string {
  if (!binding.size || text.startsWith(STARTED)) return text;
  const whole = binding.get(text);
  if (whole !== undefined) return whole;
  return text.replace(/(?<![\w.'"])[A-Za-z_]\w*(?![\w'"])/g, w => {
    const arg = binding.get(w);
    if (arg === undefined) return w;
    return ATOM.test(arg) ? arg : `(${arg})`;
  });
}

/** Adds to `out` each container whose entries differ between two lists (positions included). */
function changedContainers(a: EffectiveAccess[], b: EffectiveAccess[], out: Set<string>): void {
  const group = (l: EffectiveAccess[]) => {
    const m = new Map<string, EffectiveAccess[]>();
    for (const e of l) { let g = m.get(e.container); if (!g) m.set(e.container, (g = [])); g.push(e); }
    return m;
  };
  const ga = group(a), gb = group(b);
  for (const [cid, la] of ga) {
    const lb = gb.get(cid);
    if (!lb || la.length !== lb.length || la.some((x, i) => !sameEntry(x, lb[i]))) out.add(cid);
  }
  for (const cid of gb.keys()) if (!ga.has(cid)) out.add(cid);
}

const sameStrings = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

function sameEntry(x: EffectiveAccess, y: EffectiveAccess): boolean {
  return x.site.line === y.site.line && x.site.column === y.site.column && x.site.endLine === y.site.endLine && x.site.endColumn === y.site.endColumn
    && x.access === y.access && x.op === y.op && x.key === y.key && x.value === y.value && !x.readWrite === !y.readWrite
    && !x.check === !y.check && !x.boundHere === !y.boundHere && !x.onSelf === !y.onSelf && x.freshRoot === y.freshRoot && x.ownedVia === y.ownedVia && x.ownRoot === y.ownRoot && !x.viaAlias === !y.viaAlias && sameStrings(x.locks, y.locks) && sameStrings(x.via, y.via);
}

/** The text a parameter (or a path through one, `mgr.status`) is at a call: the argument's
 *  (`self.mgr.status`), when a dotted name. */
function boundText(binding: Map<string, string>, param: string): string | undefined {
  const dot = param.indexOf('.');
  const arg = binding.get(dot < 0 ? param : param.slice(0, dot));
  if (!arg || !DOTTED_NAME.test(arg)) return undefined;
  return dot < 0 ? arg : arg + param.slice(dot);
}

/** Whether an entry of an operator's method (`__setitem__`) is the operation it stands for. */
function sameOperation(dunder: string, op: string): boolean {
  return op === dunder || OPERATOR_OPS[dunder]?.includes(op) === true;
}
const OPERATOR_OPS: Record<string, string[]> = {
  __setitem__: ['setitem', 'augassign'], __delitem__: ['delitem'], __getitem__: ['getitem'],
  __contains__: ['in', 'not in'], __iter__: ['iter'], __len__: ['len'],
};

/** A method whose self may be used as a container (an instance method of a class). */
function selfContainer(fn: FnInfo): boolean {
  return !!fn.cls && !!fn.s.selfParam && !fn.s.classmethod && !fn.s.staticmethod;
}

/** An entry that binds what it names (`mgr.status = {}`): so bound, it binds the attribute. */
const binds = (a: EffectiveAccess) => a.op === 'assign' || a.op === 'del';

/** A parameter of fn other than its self, as the argument it is given where it is used (not
 *  one the body binds again). */
function paramOf(fn: FnInfo, name: string): boolean {
  return name !== fn.s.selfParam && fn.s.params.includes(name) && !rebound(fn, name);
}

/** `self.items`: an argument text naming an attribute of the caller's own object. */
function isSelfAttr(program: Program, fn: FnInfo, arg: string | undefined): boolean {
  const sp = program.selfName(fn);
  return !!sp && !!arg && arg.length > sp.length + 1 && arg.startsWith(sp) && arg[sp.length] === '.' && /^[A-Za-z_]\w*$/.test(arg.slice(sp.length + 1));
}

/** `self.x` (true), or `self.made.x` (`made`: an object the instance may make for itself, which
 *  findings decide with Program.ownedHere). */
function ownState(program: Program, fn: FnInfo, target: ExprPath): boolean | string {
  // `self = super().__new__(cls); self.keywords = kw` in __new__: the instance being made
  if (fn.s.name === '__new__' && target.attrs.length === 1 && own(fn.s.localTypes, target.root)?.every(t => /(^|\.)__new__$/.test(t))) return true;
  const sp = program.selfName(fn);
  if (!sp || target.root !== sp || target.attrs[0] === '__class__') return false;
  // a classmethod's `cls.x` is the class's, every instance's
  if (program.methodOf(fn)?.s.classmethod) return false;
  return target.attrs.length === 1 || (target.attrs.length === 2 && target.attrs[0]);
}
