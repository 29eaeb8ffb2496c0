// A synthetic, deterministic Python workspace for benchmarks: a multi-threaded codebase of
// packages whose modules import each other (absolute, relative and through package
// re-exports), with cross-file inheritance chains and mixins, shared dicts, locks, helper
// methods that write dicts, module-level registries, and threads of every kind the engine
// knows (Thread targets, loops of workers, executors, Timers, Thread subclasses), whose
// entries call helpers in other files.
//
// One designated base class, core/base.py `StatusBase`, has the helper `update_status`, which
// writes `self.request_status`; exactly `subclasses` subclasses in different files call
// `self.update_status(...)` from a method run on a thread. `helperLine` is the 1-based line of
// the write inside that helper, for a benchmark that edits one line of it.
//
//   node dist/synth.js OUTDIR [--files N] [--seed N] [--subclasses N]
//
// The same options give the same bytes (a seeded PRNG; no Math.random, no clock).
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface SynthOptions { files?: number; seed?: number; subclasses?: number }
export interface SynthResult {
  dir: string;
  files: number;
  lines: number;
  baseFile: string;
  helperLine: number;
  helperName: string;
  subclassFiles: string[];
}

const MARKER = '.threadline-synth.json';
const MIN_FILES = 8;
const PACKAGE_FILES = 50;
const MAX_LINES = 400;
const MIN_LINES = 20;
/** The most lines a service class (with its Thread subclass) takes. */
const SERVICE_MAX_LINES = 150;
const MAX_SUBCLASSES = 4;
const MAX_HOLDERS = 4;
const MAX_FN_CALLERS = 8;
/** Room kept for a module's docstring and imports, which are known only at the end. */
const HEADER_LINES = 30;

// ---------------------------------------------------------------------------------------------
// PRNG (mulberry32)

class Rng {
  private s: number;
  constructor(seed: number) { this.s = (seed >>> 0) ^ 0x9e3779b9; }
  next(): number {
    let t = (this.s = (this.s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(lo: number, hi: number): number { return lo + Math.floor(this.next() * (hi - lo + 1)); }
  pick<T>(a: readonly T[]): T { return a[Math.floor(this.next() * a.length)]; }
  chance(p: number): boolean { return this.next() < p; }
  /** Up to n distinct elements of a, in a random order. */
  sample<T>(a: readonly T[], n: number): T[] {
    const copy = a.slice();
    const out: T[] = [];
    while (out.length < n && copy.length) out.push(copy.splice(Math.floor(this.next() * copy.length), 1)[0]);
    return out;
  }
}

// ---------------------------------------------------------------------------------------------
// Vocabulary

const DOMAINS = [
  'order', 'invoice', 'inventory', 'session', 'payment', 'shipment', 'user', 'account', 'metric',
  'route', 'token', 'upload', 'report', 'ledger', 'stream', 'batch', 'job', 'task', 'event',
  'price', 'quote', 'cart', 'catalog', 'search', 'index', 'feed', 'alert', 'audit', 'billing',
  'profile', 'device', 'sensor', 'config', 'schema', 'policy', 'tenant', 'region', 'cluster',
  'node', 'shard', 'replica', 'snapshot', 'backup', 'export', 'sync', 'webhook', 'email',
  'message', 'channel', 'socket', 'lease', 'quota', 'rate', 'trade', 'asset', 'portfolio',
  'model', 'feature', 'sample', 'dataset', 'pipeline', 'stage', 'segment', 'chunk', 'frame',
  'packet', 'blob', 'bucket', 'record', 'ticket', 'cursor', 'offset', 'partition', 'topic',
  'consumer', 'producer', 'lookup', 'credit', 'refund', 'coupon', 'vendor', 'carrier', 'depot',
] as const;
const ROLES = [
  'Manager', 'Worker', 'Service', 'Tracker', 'Controller', 'Handler', 'Monitor', 'Scheduler',
  'Dispatcher', 'Registry', 'Store', 'Client', 'Agent', 'Collector', 'Processor', 'Coordinator',
  'Broker', 'Watcher', 'Pool', 'Engine', 'Runner', 'Supervisor', 'Gateway', 'Publisher',
] as const;
const DICT_SUFFIXES = ['by_id', 'pending', 'inflight', 'state', 'index', 'owners', 'offsets', 'counts', 'last_seen', 'versions', 'leases', 'retries'] as const;
const LOOP_NAMES = ['_loop', '_run', '_poll', '_drain', '_pump', '_serve', '_watch', '_tick', '_consume', '_sweep'];
const WORKER_NAMES = ['_worker', '_work', '_process', '_handle_slot', '_lane'];
const TASK_NAMES = ['handle', 'process_item', '_apply', '_execute', 'work', '_ingest'];
const FLUSH_NAMES = ['_flush', '_expire', '_compact', '_checkpoint', '_rotate'];

const pascal = (s: string) => s.split('_').map(w => w[0].toUpperCase() + w.slice(1)).join('');
const pad3 = (n: number) => String(n).padStart(3, '0');

// ---------------------------------------------------------------------------------------------
// Model of what has been generated so far (only earlier modules are referenced, so the import
// graph is acyclic, as a real codebase's mostly is).

interface Mod {
  index: number;
  pkg: number;
  pkgName: string;
  /** Subpackage folder name, when the module lives in one. */
  sub: string | null;
  leaf: string;
  dotted: string;
  rel: string;
  isInit: boolean;
}

interface Helper { name: string; attr: string }

interface Cls {
  name: string;
  mod: Mod;
  depth: number;
  /** Every attribute and method name in the class's MRO (own, inherited, mixins). */
  names: Set<string>;
  /** Dict helpers `name(self, key, value)` in the MRO. */
  helpers: Helper[];
  ownHelpers: Helper[];
  dicts: string[];
  hasStart: boolean;
  mixins: Set<string>;
  /** Direct subclasses, and classes holding an instance as a typed attribute, so far. */
  children: number;
  holders: number;
}

interface Mixin {
  name: string;
  mod: Mod;
  /** Attributes the class using the mixin must define, with their initializer. */
  requires: [string, string][];
  /** Calls a thread loop can make: key and value texts in, a statement out. */
  calls: ((key: string, value: string) => string)[];
  names: string[];
}

interface Fn { name: string; mod: Mod; kind: 'param' | 'global'; depth: number; callers: number }

class Names {
  private used = new Set<string>();
  private next = new Map<string, number>();
  constructor(private rng: Rng) {}
  take(candidates: string[], fallback: string): string {
    for (const c of candidates) if (!this.used.has(c)) { this.used.add(c); return c; }
    // numbered from a counter per fallback: a linear probe would be quadratic over 10,000s of names
    for (let i = this.next.get(fallback) ?? 2; ; i++) {
      const c = /^[A-Z]/.test(fallback) ? `${fallback}${i}` : `${fallback}_${i}`;
      if (!this.used.has(c)) { this.used.add(c); this.next.set(fallback, i + 1); return c; }
    }
  }
  reserve(n: string) { this.used.add(n); }
  className(domain: string, suffix?: string): string {
    const role = suffix ?? this.rng.pick(ROLES);
    const d2 = this.rng.pick(DOMAINS);
    return this.take([pascal(domain) + role, pascal(domain) + pascal(d2) + role, pascal(d2) + pascal(domain) + role], pascal(domain) + pascal(d2) + role);
  }
}

/** A name not yet used in a class's MRO. */
function memberName(taken: Set<string>, candidates: string[], fallback: string): string {
  for (const c of candidates) if (!taken.has(c)) { taken.add(c); return c; }
  for (let i = 2; ; i++) { const c = `${fallback}_${i}`; if (!taken.has(c)) { taken.add(c); return c; } }
}

// ---------------------------------------------------------------------------------------------
// Imports of one module

class Imports {
  private std = new Set<string>();
  private fromStd = new Map<string, Set<string>>();
  private project = new Map<string, string[]>();
  private projectModules: string[] = [];
  private bound = new Map<string, string>();
  private locals = new Set<string>();
  private specs = new Map<number, string>();
  /** `from threading import Thread` style instead of `threading.Thread`. */
  readonly fromThreading: boolean;
  readonly futuresModule: boolean;

  constructor(private mod: Mod, private rng: Rng) {
    this.fromThreading = rng.chance(0.25);
    this.futuresModule = rng.chance(0.3);
  }

  module(name: string): string { this.std.add(`import ${name}`); return name; }
  fromStdlib(mod: string, name: string): string {
    let s = this.fromStd.get(mod);
    if (!s) this.fromStd.set(mod, s = new Set());
    s.add(name);
    return name;
  }
  threading(name: 'Thread' | 'Timer' | 'Lock' | 'RLock' | 'Event' | 'Condition'): string {
    if (this.fromThreading) return this.fromStdlib('threading', name);
    return `${this.module('threading')}.${name}`;
  }
  executor(): string {
    if (this.futuresModule) return `${this.fromStdlib('concurrent', 'futures')}.ThreadPoolExecutor`;
    return this.fromStdlib('concurrent.futures', 'ThreadPoolExecutor');
  }

  private localName(want: string): string {
    let n = want;
    for (let i = 2; this.locals.has(n); i++) n = `${want}_${i}`;
    this.locals.add(n);
    return n;
  }

  /** Where `from X import name` imports from, for a name defined in module t. */
  private spec(t: Mod): string {
    let s = this.specs.get(t.index);
    if (s !== undefined) return s;
    const m = this.mod;
    s = t.dotted;
    if (t.pkg === m.pkg && this.rng.chance(0.6)) {
      if (t.sub === m.sub) s = `.${t.leaf}`;
      else if (m.sub && !t.sub) s = `..${t.leaf}`;
      else if (!m.sub && t.sub) s = `.${t.sub}.${t.leaf}`;
      else s = `..${t.sub}.${t.leaf}`;
    }
    this.specs.set(t.index, s);
    return s;
  }

  /** The local name of `name` defined in module t (through its package's re-export if given). */
  symbol(t: Mod, name: string, reexportedBy?: Mod): string {
    const key = `${t.dotted}:${name}`;
    const have = this.bound.get(key);
    if (have) return have;
    const local = this.localName(name);
    const from = reexportedBy && reexportedBy.pkg !== this.mod.pkg && this.rng.chance(0.35) ? reexportedBy.dotted : this.spec(t);
    let list = this.project.get(from);
    if (!list) this.project.set(from, list = []);
    list.push(local === name ? name : `${name} as ${local}`);
    this.bound.set(key, local);
    return local;
  }

  /** An expression naming module t (`from pkg import mod` or `import pkg.mod as alias`). */
  moduleRef(t: Mod): string {
    const key = `${t.dotted}:`;
    const have = this.bound.get(key);
    if (have) return have;
    const parent = t.dotted.slice(0, t.dotted.lastIndexOf('.'));
    let local: string;
    if (t.pkg === this.mod.pkg && t.sub === this.mod.sub) {
      local = this.localName(t.leaf);
      this.projectModules.push(local === t.leaf ? `from . import ${t.leaf}` : `from . import ${t.leaf} as ${local}`);
    } else if (this.rng.chance(0.5)) {
      local = this.localName(t.leaf);
      this.projectModules.push(local === t.leaf ? `from ${parent} import ${t.leaf}` : `from ${parent} import ${t.leaf} as ${local}`);
    } else {
      local = this.localName(`${t.pkgName.replace('pkg_', 'p')}_${t.leaf.replace('mod_', 'm')}`);
      this.projectModules.push(`import ${t.dotted} as ${local}`);
    }
    this.bound.set(key, local);
    return local;
  }

  render(): string[] {
    const out: string[] = [];
    const std = [...this.std].sort();
    const fromStd = [...this.fromStd.entries()].sort((a, b) => a[0].localeCompare(b[0])).map(([m, names]) => `from ${m} import ${[...names].sort().join(', ')}`);
    out.push(...std, ...fromStd);
    const absolute: string[] = [], relative: string[] = [];
    for (const [from, names] of this.project) {
      const line = `from ${from} import ${names.join(', ')}`;
      (from.startsWith('.') ? relative : absolute).push(line);
    }
    const proj = [...absolute.sort(), ...this.projectModules.filter(l => !l.startsWith('from .')).sort(), ...relative.sort(), ...this.projectModules.filter(l => l.startsWith('from .')).sort()];
    if (out.length && proj.length) out.push('');
    out.push(...proj);
    return out;
  }
}

// ---------------------------------------------------------------------------------------------
// The generator

interface World {
  rng: Rng;
  names: Names;
  classes: Cls[];
  /** Classes that may be a base class or a peer (not status subclasses, not Thread subclasses). */
  bases: Cls[];
  mixins: Mixin[];
  fns: Fn[];
  /** Package index → its `__init__` module, once written (for re-exports). */
  pkgInit: Map<number, { mod: Mod; exports: Set<string> }>;
  statusBase: { mod: Mod };
  statusCount: number;
}

type Lines = string[];

class ModuleWriter {
  body: Lines[] = [];
  imp: Imports;
  exports: string[] = [];
  constructor(readonly w: World, readonly mod: Mod) { this.imp = new Imports(mod, w.rng); }
  get lines(): number { return this.body.reduce((n, b) => n + b.length + 2, 0); }

  /** The local name of a class defined in (possibly) another module. */
  ref(c: { name: string; mod: Mod }): string {
    if (c.mod.index === this.mod.index) return c.name;
    const init = this.w.pkgInit.get(c.mod.pkg);
    return this.imp.symbol(c.mod, c.name, init && init.exports.has(c.name) ? init.mod : undefined);
  }
  fnRef(f: Fn): string {
    if (f.mod.index === this.mod.index) return f.name;
    if (this.w.rng.chance(0.3)) return `${this.imp.moduleRef(f.mod)}.${f.name}`;
    const init = this.w.pkgInit.get(f.mod.pkg);
    return this.imp.symbol(f.mod, f.name, init && init.exports.has(f.name) ? init.mod : undefined);
  }

  render(docstring: string): string {
    const head = [`"""${docstring}"""`];
    const imports = this.imp.render();
    const parts: string[] = [...head];
    if (imports.length) parts.push('', ...imports);
    for (const b of this.body) parts.push('', '', ...b);
    return parts.join('\n') + '\n';
  }
}

/**
 * Earlier functions a new function or loop may call: mostly from the same area of the code,
 * sometimes anywhere; kept shallow (depth ≤ 4) and with a bounded number of callers each, as
 * in a real codebase (without the bound, the oldest functions become hubs every thread calls).
 */
function pickFns(w: World, n: number, kind?: Fn['kind']): Fn[] {
  const out: Fn[] = [];
  for (let tries = 0; out.length < n && tries < n * 4 && w.fns.length; tries++) {
    const f = w.rng.chance(0.7) ? w.fns[Math.max(0, w.fns.length - 1 - w.rng.int(0, 80))] : w.rng.pick(w.fns);
    if (f.depth < 4 && (!kind || f.kind === kind) && !out.includes(f) && (f.mod.pkg < 0 || f.callers < MAX_FN_CALLERS)) out.push(f);
  }
  for (const f of out) f.callers++;
  return out;
}

/**
 * An earlier class to derive from (or to hold as a typed peer): mostly from the packages just
 * before this one, sometimes from anywhere, at most 3 deep already (chains of 2–4 levels),
 * each with a bounded number of subclasses and of holders. Without the bounds the oldest
 * classes would be the ancestors of a fixed fraction of all classes, as in a random recursive
 * tree, and every thread would write their containers.
 */
function pickClass(w: World, mod: Mod, role: 'base' | 'peer'): Cls | undefined {
  for (let tries = 0; tries < 8 && w.bases.length; tries++) {
    const c = w.rng.chance(0.75) ? w.bases[Math.max(0, w.bases.length - 1 - w.rng.int(0, 300))] : w.rng.pick(w.bases);
    if (c.mod.index === mod.index || (c.mod.pkg === mod.pkg && !w.rng.chance(0.3))) continue;
    if (role === 'base' ? c.depth >= 4 || c.children >= MAX_SUBCLASSES : c.holders >= MAX_HOLDERS) continue;
    if (role === 'base') c.children++; else c.holders++;
    return c;
  }
  return undefined;
}

function containerInit(rng: Rng, imp: Imports): [string, string] {
  const r = rng.next();
  if (r < 0.35) return [': dict', '{}'];
  if (r < 0.55) return ['', '{}'];
  if (r < 0.65) return ['', 'dict()'];
  if (r < 0.75) return ['', `${imp.fromStdlib('collections', 'OrderedDict')}()`];
  if (r < 0.85) return ['', `${imp.fromStdlib('collections', 'defaultdict')}(int)`];
  if (r < 0.92) return [`: ${imp.fromStdlib('typing', 'Dict')}[str, int]`, '{}'];
  return [': dict', 'dict()'];
}

/** A service class: shared dicts, a lock, helpers, and (often) threads. */
function serviceClass(mw: ModuleWriter): Lines {
  const { w, imp } = mw;
  const rng = w.rng;
  const domain = rng.pick(DOMAINS);
  const name = w.names.className(domain);
  const base = rng.chance(0.55) ? pickClass(w, mw.mod, 'base') : undefined;
  const names = new Set<string>(base ? base.names : []);
  const mixinSet = new Set<string>(base ? base.mixins : []);
  const mixins = rng.chance(0.35) ? rng.sample(w.mixins, rng.int(1, 2)).filter(m => !mixinSet.has(m.name)) : [];
  for (const m of mixins) { mixinSet.add(m.name); for (const n of m.names) names.add(n); }
  const inheritedHelpers = base ? base.helpers : [];
  names.add('__init__');

  const bases = [...(base ? [mw.ref(base)] : []), ...mixins.map(m => mw.ref(m))];
  const L: Lines = [];
  L.push(`class ${name}${bases.length ? `(${bases.join(', ')})` : ''}:`);
  L.push(`    """${pascal(domain)} ${name.match(/[A-Z][a-z]+$/)?.[0].toLowerCase() ?? 'service'}: keeps the ${domain} state shared by its threads."""`);
  L.push('');

  // what the class does on threads
  const threaded = rng.chance(0.25);
  const useLoop = threaded && rng.chance(0.6);
  const useWorkers = threaded && rng.chance(0.3);
  const useExecutor = threaded && rng.chance(0.35);
  const useTimer = threaded && rng.chance(0.25);
  const usePool = threaded && rng.chance(0.15);
  const useSub = threaded && rng.chance(0.2);
  const interval = `${domain}_interval`;
  const classAttrs: string[] = [];
  if (useTimer || useLoop) { classAttrs.push(`    ${interval} = ${rng.pick(['0.05', '0.1', '0.25', '0.5', '1.0', '2.0'])}`); names.add(interval); }
  if (rng.chance(0.15)) { const a = memberName(names, [`_${domain}_defaults`], `_${domain}_defaults`); classAttrs.push(`    ${a}: dict = {}`); }
  if (classAttrs.length) L.push(...classAttrs, '');

  // __init__
  const dictCount = rng.int(1, 3);
  const dicts: string[] = [];
  for (let i = 0; i < dictCount; i++) dicts.push(memberName(names, [`${domain}_${rng.pick(DICT_SUFFIXES)}`, `${domain}_${rng.pick(DICT_SUFFIXES)}`, i === 0 && !names.has('cache') ? 'cache' : `${domain}_cache`], `${domain}_map`));
  const lockName = names.has('_lock') ? '_lock' : memberName(names, ['_lock'], '_lock');
  const stopName = names.has('_stop_event') ? '_stop_event' : '_stop_event';
  const needStop = (useLoop || useWorkers || useTimer) && !names.has('_stop_event');
  const history = rng.chance(0.4) ? memberName(names, [`${domain}_history`, 'history'], `${domain}_log`) : null;
  const seen = rng.chance(0.3) ? memberName(names, [`seen_${domain}s`, `${domain}_keys`], `${domain}_set`) : null;
  const peer = rng.chance(0.3) ? pickClass(w, mw.mod, 'peer') : undefined;
  const peerAttr = peer ? memberName(names, [peer.name.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase().split('_').slice(-1)[0], `${domain}_peer`], `${domain}_peer`) : null;
  const executorAttr = useExecutor ? (names.has('_executor') ? '_executor' : memberName(names, ['_executor'], '_executor')) : null;

  L.push(`    def __init__(self, name: str = "${domain}", workers: int = ${rng.int(1, 8)}):`);
  if (base) L.push('        super().__init__()');
  L.push('        self.name = name', '        self.workers = workers');
  if (!base || !base.names.has('_lock')) L.push(`        self.${lockName} = ${imp.threading(rng.chance(0.2) ? 'RLock' : 'Lock')}()`);
  for (const d of dicts) { const [ann, init] = containerInit(rng, imp); L.push(`        self.${d}${ann} = ${init}`); }
  if (history) L.push(rng.chance(0.5) ? `        self.${history}: list = []` : `        self.${history} = ${imp.fromStdlib('collections', 'deque')}(maxlen=${rng.pick([64, 128, 1000])})`);
  if (seen) L.push(`        self.${seen} = set()`);
  for (const m of mixins) for (const [a, init] of m.requires) if (!(base && base.names.has(a))) {
    L.push(`        self.${a} = ${init.replace('defaultdict', imp.fromStdlib('collections', 'defaultdict'))}`);
    names.add(a);
  }
  if (needStop) { L.push(`        self.${stopName} = ${imp.threading('Event')}()`); names.add(stopName); }
  if (executorAttr && !(base && base.names.has('_executor'))) L.push(`        self.${executorAttr} = ${imp.executor()}(max_workers=workers)`);
  if (peer && peerAttr) L.push(`        self.${peerAttr}: ${mw.ref(peer)} = ${mw.ref(peer)}()`);

  // helpers
  const ownHelpers: Helper[] = [];
  for (const d of dicts.slice(0, rng.int(1, Math.min(2, dicts.length)))) {
    const h = memberName(names, [`set_${d}`, `record_${d}`, `_put_${d}`], `update_${d}`);
    ownHelpers.push({ name: h, attr: d });
    L.push('');
    L.push(`    def ${h}(self, key, value):`);
    if (rng.chance(0.6)) L.push(`        with self.${lockName}:`, `            self.${d}[key] = value`);
    else L.push(`        self.${d}[key] = value`);
  }
  const getter = memberName(names, [`get_${dicts[0]}`, `lookup_${dicts[0]}`], `read_${dicts[0]}`);
  L.push('', `    def ${getter}(self, key, default=None):`, `        return self.${dicts[0]}.get(key, default)`);
  if (rng.chance(0.6)) {
    const d = rng.pick(dicts);
    const rm = memberName(names, [`discard_${d}`, `drop_${d}`], `remove_${d}`);
    L.push('', `    def ${rm}(self, key):`);
    if (rng.chance(0.5)) L.push(`        if key in self.${d}:`, `            del self.${d}[key]`);
    else L.push(`        with self.${lockName}:`, `            self.${d}.pop(key, None)`);
  }
  const helpers = [...inheritedHelpers, ...ownHelpers];

  // the body of a thread loop: writes through own, inherited, peer and mixin helpers and
  // cross-file functions
  const loopBody = (ind: string, key: string, value: string): Lines => {
    const B: Lines = [];
    const own = rng.pick(ownHelpers);
    B.push(`${ind}self.${own.name}(${key}, ${value})`);
    if (inheritedHelpers.length && rng.chance(0.8)) B.push(`${ind}self.${rng.pick(inheritedHelpers).name}(${key}, self.name)`);
    if (peer && peerAttr && peer.helpers.length && rng.chance(0.7)) B.push(`${ind}self.${peerAttr}.${rng.pick(peer.helpers).name}(${key}, ${value})`);
    for (const m of mixins) if (rng.chance(0.7)) B.push(`${ind}${rng.pick(m.calls)(key, value)}`);
    for (const f of pickFns(w, rng.int(0, 2))) {
      const call = mw.fnRef(f);
      B.push(f.kind === 'param' ? `${ind}${call}(self.${rng.pick(dicts)}, ${key}, ${value})` : `${ind}${call}(${key}, ${value})`);
    }
    if (history && rng.chance(0.5)) B.push(`${ind}self.${history}.append((${key}, ${value}))`);
    if (seen && rng.chance(0.5)) B.push(`${ind}self.${seen}.add(${key})`);
    if (rng.chance(0.3)) B.push(`${ind}if ${key} not in self.${dicts[dicts.length - 1]}:`, `${ind}    self.${dicts[dicts.length - 1]}[${key}] = ${value}`);
    return B;
  };

  const starts: Lines = [];
  const methods: Lines[] = [];
  const T = () => imp.threading('Thread');
  if (useLoop) {
    const loop = memberName(names, LOOP_NAMES, `_${domain}_loop`);
    starts.push(rng.chance(0.5)
      ? `        ${T()}(target=self.${loop}, name=f"{self.name}-${loop.replace(/^_/, '')}", daemon=True).start()`
      : `        ${T()}(target=self.${loop}, daemon=True).start()`);
    methods.push([
      `    def ${loop}(self):`,
      '        n = 0',
      `        while not self.${stopName}.is_set():`,
      '            n += 1',
      '            key = f"{self.name}:{n}"',
      ...loopBody('            ', 'key', 'n'),
      `            self.${stopName}.wait(self.${interval})`,
    ]);
  }
  if (useWorkers) {
    const wk = memberName(names, WORKER_NAMES, `_${domain}_worker`);
    starts.push('        for index in range(self.workers):', `            ${T()}(target=self.${wk}, args=(index,), daemon=True).start()`);
    methods.push([
      `    def ${wk}(self, index):`,
      `        while not self.${stopName}.is_set():`,
      '            slot = (self.name, index)',
      ...loopBody('            ', 'slot', 'index'),
      `            ${imp.module('time')}.sleep(0.01)`,
    ]);
  }
  if (useExecutor || usePool) {
    const task = memberName(names, TASK_NAMES, `_${domain}_task`);
    const d = rng.pick(dicts);
    methods.push([
      `    def ${task}(self, item):`,
      '        key = str(item)',
      ...(rng.chance(0.5) ? [`        with self.${lockName}:`, `            self.${d}[key] = self.${d}.get(key, 0) + 1`] : [`        self.${d}[key] = item`]),
      ...loopBody('        ', 'key', 'item'),
      '        return key',
    ]);
    if (useExecutor && executorAttr) {
      const sub = memberName(names, ['submit_all', 'enqueue', 'dispatch'], `submit_${domain}`);
      methods.push(rng.chance(0.7)
        ? [`    def ${sub}(self, items):`, `        futures = [self.${executorAttr}.submit(self.${task}, item) for item in items]`, '        return [f.result() for f in futures]']
        : [`    def ${sub}(self, items):`, `        return list(self.${executorAttr}.map(self.${task}, items))`]);
    }
    if (usePool) {
      const run = memberName(names, ['run_batch', 'process_batch'], `batch_${domain}`);
      methods.push([
        `    def ${run}(self, items):`,
        `        with ${imp.executor()}(max_workers=self.workers) as pool:`,
        '            for item in items:',
        `                pool.submit(self.${task}, item)`,
      ]);
    }
  }
  if (useTimer) {
    const fl = memberName(names, FLUSH_NAMES, `_${domain}_flush`);
    const d = rng.pick(dicts);
    const timerAttr = memberName(names, ['_timer', `_${domain}_timer`], `_${domain}_timer`);
    starts.push(`        self.${timerAttr} = ${imp.threading('Timer')}(self.${interval}, self.${fl})`, `        self.${timerAttr}.daemon = True`, `        self.${timerAttr}.start()`);
    methods.push([
      `    def ${fl}(self):`,
      `        with self.${lockName}:`,
      `            pending = dict(self.${d})`,
      `            self.${d}.clear()`,
      '        for key, value in pending.items():',
      ...loopBody('            ', 'key', 'value'),
      `        if not self.${stopName}.is_set():`,
      `            self.${timerAttr} = ${imp.threading('Timer')}(self.${interval}, self.${fl})`,
      `            self.${timerAttr}.start()`,
    ]);
  }
  const cls: Cls = {
    name, mod: mw.mod, depth: base ? base.depth + 1 : 1, names, helpers, ownHelpers, dicts,
    hasStart: !!(base && base.hasStart) || starts.length > 0 || useSub, mixins: mixinSet, children: 0, holders: 0,
  };
  let sub: Lines | null = null;
  if (useSub) {
    const r = threadSubclass(mw, cls, domain);
    sub = r.lines;
    const attr = memberName(names, ['_poller', `_${domain}_poller`], `_${domain}_poller`);
    starts.push(`        self.${attr} = ${r.name}(self)`, `        self.${attr}.start()`);
  }
  if (starts.length) {
    names.add('start');
    methods.unshift([
      '    def start(self):',
      ...(base && base.hasStart ? ['        super().start()'] : []),
      ...(names.has(stopName) ? [`        self.${stopName}.clear()`] : []),
      ...starts,
    ]);
  }
  // main-thread readers
  const snap = memberName(names, ['snapshot', `${domain}_snapshot`], `${domain}_view`);
  methods.push([`    def ${snap}(self):`, `        with self.${lockName}:`, `            return {${dicts.map(d => `"${d}": dict(self.${d})`).join(', ')}}`]);
  if (rng.chance(0.5)) {
    const st = memberName(names, ['stats', `${domain}_stats`], `${domain}_summary`);
    methods.push([`    def ${st}(self):`, '        return {', '            "name": self.name,', ...dicts.map(d => `            "${d}": len(self.${d}),`), '        }']);
  }
  if (names.has(stopName) && rng.chance(0.6)) {
    const stop = memberName(names, ['stop', 'close', 'shutdown'], `stop_${domain}`);
    methods.push([`    def ${stop}(self):`, `        self.${stopName}.set()`, ...(executorAttr ? [`        self.${executorAttr}.shutdown(wait=False)`] : []), `        for key in list(self.${dicts[0]}):`, `            self.${dicts[0]}.pop(key, None)`]);
  }
  for (const m of methods) L.push('', ...m);

  w.classes.push(cls);
  w.bases.push(cls);
  mw.exports.push(name);
  if (sub) { mw.body.push(L); return sub; }
  return L;
}

/** A `threading.Thread` subclass driving an owner class from its `run()`. */
function threadSubclass(mw: ModuleWriter, owner: Cls, domain: string): { name: string; lines: Lines } {
  const { w, imp } = mw;
  const rng = w.rng;
  const name = w.names.take([`${owner.name}Poller`, `${owner.name}Thread`], `${owner.name}Poller`);
  const h = rng.pick(owner.helpers.length ? owner.helpers : owner.ownHelpers);
  const d = rng.pick(owner.dicts);
  const L: Lines = [
    `class ${name}(${imp.threading('Thread')}):`,
    `    """Runs the ${domain} housekeeping of a ${owner.name} on its own thread."""`,
    '',
    `    def __init__(self, owner: ${owner.name}, interval: float = ${rng.pick(['0.1', '0.5', '1.0'])}):`,
    `        super().__init__(name="${domain}-poller", daemon=True)`,
    '        self.owner = owner',
    '        self.interval = interval',
    '        self.seen: dict = {}',
    `        self._halt = ${imp.threading('Event')}()`,
    '',
    '    def run(self):',
    '        while not self._halt.is_set():',
    `            for key in list(self.owner.${d}):`,
    '                self.seen[key] = self.seen.get(key, 0) + 1',
    `                self.owner.${h.name}(key, self.seen[key])`,
    '            self._halt.wait(self.interval)',
    '',
    '    def halt(self):',
    '        self._halt.set()',
  ];
  w.classes.push({ name, mod: mw.mod, depth: 1, names: new Set(['run', 'halt', 'owner', 'interval', 'seen', '_halt']), helpers: [], ownHelpers: [], dicts: ['seen'], hasStart: true, mixins: new Set(), children: 0, holders: 0 });
  return { name, lines: L };
}

/** A subclass of StatusBase that calls `self.update_status` from a method run on a thread. */
function statusSubclass(mw: ModuleWriter, n: number): Lines {
  const { w, imp } = mw;
  const rng = w.rng;
  const domain = DOMAINS[(n * 7) % DOMAINS.length];
  const name = w.names.className(domain, rng.pick(['StatusTracker', 'RequestTracker', 'StatusService', 'JobMonitor']));
  const sb = mw.ref({ name: 'StatusBase', mod: w.statusBase.mod });
  const st = mw.ref({ name: 'RequestState', mod: w.statusBase.mod });
  const mixin = rng.chance(0.3) ? rng.pick(w.mixins) : undefined;
  const variant = n % 4;
  const L: Lines = [
    `class ${name}(${sb}${mixin ? `, ${mw.ref(mixin)}` : ''}):`,
    `    """Tracks ${domain} requests; their state lives in StatusBase.request_status."""`,
    '',
    `    def __init__(self, workers: int = ${rng.int(2, 6)}):`,
    '        super().__init__()',
    '        self.workers = workers',
    `        self.${domain}_jobs: dict = {}`,
    `        self._lock = ${imp.threading('Lock')}()`,
    `        self._stopped = ${imp.threading('Event')}()`,
  ];
  if (mixin) for (const [a, init] of mixin.requires) L.push(`        self.${a} = ${init.replace('defaultdict', imp.fromStdlib('collections', 'defaultdict'))}`);
  if (variant === 1) L.push(`        self._executor = ${imp.executor()}(max_workers=workers)`);
  const mark = rng.chance(0.4);
  const upd = (ind: string, key: string, state: string): Lines => mark
    ? [`${ind}self._mark(${key}, ${st}.${state})`]
    : [`${ind}self.update_status(${key}, ${st}.${state})`];
  const work = (ind: string, key: string): Lines => [
    `${ind}self.${domain}_jobs[${key}] = ${imp.module('time')}.monotonic()`,
    ...upd(ind, key, 'RUNNING'),
    ...(mixin && rng.chance(0.7) ? [`${ind}${mixin.calls[0](key, '1')}`] : []),
    `${ind}if self.cache.get(${key}) is None:`,
    `${ind}    self.cache[${key}] = ${rng.pick(['len(self.cache)', 'True', key])}`,
    ...upd(ind, key, rng.pick(['DONE', 'DONE', 'FAILED'])),
  ];
  let poller: Lines | null = null;
  if (variant === 0) {
    L.push('', '    def start(self):', `        ${imp.threading('Thread')}(target=self._run, name="${domain}-status", daemon=True).start()`,
      '', '    def _run(self):', '        n = 0', '        while not self._stopped.is_set():', '            n += 1', `            job = "${domain}-%d" % n`, ...work('            ', 'job'), '            self._stopped.wait(0.1)');
  } else if (variant === 1) {
    L.push('', '    def submit(self, jobs):', '        for job in jobs:', '            self._executor.submit(self._process, job)',
      '', '    def _process(self, job):', ...work('        ', 'job'), '        return job');
  } else if (variant === 2) {
    L.push('', '    def start(self):', `        self._timer = ${imp.threading('Timer')}(1.0, self._expire)`, '        self._timer.start()',
      '', '    def _expire(self):', '        now = time.monotonic()', `        for job, started in list(self.${domain}_jobs.items()):`, '            if now - started > 30:',
      ...upd('                ', 'job', 'FAILED'), `                self.${domain}_jobs.pop(job, None)`, ...work('        ', '"expire"'),
      '        if not self._stopped.is_set():', `            self._timer = ${imp.threading('Timer')}(1.0, self._expire)`, '            self._timer.start()');
    imp.module('time');
  } else {
    const pname = w.names.take([`${name}Poller`], `${name}Poller`);
    L.push('', '    def start(self):', `        self._poller = ${pname}(self)`, '        self._poller.start()',
      '', '    def poll_once(self, n):', `        job = "${domain}-%d" % n`, ...work('        ', 'job'));
    poller = [
      `class ${pname}(${imp.threading('Thread')}):`,
      `    def __init__(self, owner: ${name}):`,
      '        super().__init__(daemon=True)',
      '        self.owner = owner',
      '',
      '    def run(self):',
      '        n = 0',
      '        while not self.owner._stopped.is_set():',
      '            n += 1',
      '            self.owner.poll_once(n)',
      `            ${imp.module('time')}.sleep(0.05)`,
    ];
  }
  if (mark) L.push('', '    def _mark(self, job, state):', '        with self._lock:', '            self.update_status(job, state)');
  L.push('', '    def status_of(self, job):', `        return self.get_status(job) if job in self.${domain}_jobs else ${st}.PENDING`);
  L.push('', '    def cancel(self, job):', `        self.${domain}_jobs.pop(job, None)`, `        self.update_status(job, ${st}.FAILED)`);
  w.classes.push({ name, mod: mw.mod, depth: 2, names: new Set(), helpers: [], ownHelpers: [], dicts: [], hasStart: true, mixins: new Set(), children: 0, holders: 0 });
  w.statusCount++;
  if (poller) { mw.body.push(L); return poller; }
  return L;
}

/** A mixin whose methods write an attribute the class using it defines. */
function mixinClass(mw: ModuleWriter): Lines {
  const rng = mw.w.rng;
  const domain = rng.pick(DOMAINS);
  const name = mw.w.names.take([`${pascal(domain)}AuditMixin`, `${pascal(domain)}TrailMixin`], `${pascal(domain)}Mixin`);
  const attr = `${domain}_trail`, m1 = `note_${domain}`, m2 = `${domain}_trail_items`;
  mw.w.mixins.push({ name, mod: mw.mod, requires: [[attr, '{}']], calls: [(k, v) => `self.${m1}(${k}, ${v})`], names: [attr, m1, m2] });
  mw.exports.push(name);
  return [
    `class ${name}:`,
    `    """Keeps a trail of ${domain} changes; the class using it defines self.${attr}."""`,
    '',
    `    def ${m1}(self, key, value):`,
    `        self.${attr}[key] = value`,
    '',
    `    def ${m2}(self):`,
    `        return sorted(self.${attr}.items())`,
  ];
}

/** A module-level registry with its lock and functions, some calling earlier modules. */
function registryBlock(mw: ModuleWriter): Lines {
  const { w, imp } = mw;
  const rng = w.rng;
  const domain = rng.pick(DOMAINS);
  const reg = w.names.take([`_${domain.toUpperCase()}_REGISTRY`, `_${domain.toUpperCase()}_CACHE`], `_${domain.toUpperCase()}_TABLE`);
  const lock = `${reg.toLowerCase()}_lock`;
  const register = w.names.take([`register_${domain}`, `remember_${domain}`], `register_${domain}`);
  const lookup = w.names.take([`lookup_${domain}`, `find_${domain}`], `lookup_${domain}`);
  const evict = w.names.take([`evict_${domain}`, `forget_${domain}`], `evict_${domain}`);
  const locked = rng.chance(0.6);
  const calls = pickFns(w, rng.int(0, 2));
  const f = (ind: string) => calls.map(c => c.kind === 'param' ? `${ind}${mw.fnRef(c)}(${reg}, key, value)` : `${ind}${mw.fnRef(c)}(key, value)`);
  const L: Lines = [
    `${reg}: dict = {}`,
    `${lock} = ${imp.threading('Lock')}()`,
    '',
    '',
    `def ${register}(key, value):`,
    ...(locked ? [`    with ${lock}:`, `        ${reg}[key] = value`] : [`    ${reg}[key] = value`]),
    ...f('    '),
    '',
    '',
    `def ${lookup}(key, default=None):`,
    `    return ${reg}.get(key, default)`,
    '',
    '',
    `def ${evict}(key):`,
    `    if key in ${reg}:`,
    `        ${reg}.pop(key)`,
  ];
  const depth = calls.reduce((d, c) => Math.max(d, c.depth + 1), 1);
  w.fns.push({ name: register, mod: mw.mod, kind: 'global', depth, callers: 0 });
  mw.exports.push(register);
  return L;
}

/** A function that changes the container it is given. */
function paramWriter(mw: ModuleWriter): Lines {
  const { w } = mw;
  const rng = w.rng;
  const domain = rng.pick(DOMAINS);
  const name = w.names.take([`merge_${domain}`, `apply_${domain}`, `store_${domain}`], `merge_${domain}`);
  const calls = pickFns(w, rng.int(0, 1), 'param');
  const variants: Lines[] = [
    [`def ${name}(target, key, value):`, `    """Merge one ${domain} value into target."""`, '    current = target.get(key)', '    if current is None:', '        target[key] = value', '    else:', '        target[key] = value if not isinstance(current, int) else current + 1'],
    [`def ${name}(target, key, value):`, '    target.setdefault(key, value)', '    return target'],
    [`def ${name}(target: dict, key, value):`, '    if key in target and target[key] == value:', '        return False', '    target[key] = value', '    return True'],
  ];
  const L = rng.pick(variants).slice();
  for (const c of calls) L.splice(1, 0, `    ${mw.fnRef(c)}(target, key, value)`);
  w.fns.push({ name, mod: mw.mod, kind: 'param', depth: calls.reduce((d, c) => Math.max(d, c.depth + 1), 1), callers: 0 });
  return L;
}

/** Code with no shared state: constants, a dataclass, pure functions. */
function filler(mw: ModuleWriter): Lines {
  const { w, imp } = mw;
  const rng = w.rng;
  const domain = rng.pick(DOMAINS);
  const r = rng.int(0, 4);
  if (r === 0) {
    const n = w.names.take([`${pascal(domain)}Kind`, `${pascal(domain)}Phase`], `${pascal(domain)}Kind`);
    return [`class ${n}:`, ...rng.sample(['IDLE', 'ACTIVE', 'PAUSED', 'DRAINING', 'CLOSED', 'FAILED', 'RETRYING'], rng.int(3, 6)).map((s, i) => `    ${s} = ${i}`)];
  }
  if (r === 1) {
    const n = w.names.take([`${pascal(domain)}Event`, `${pascal(domain)}Record`], `${pascal(domain)}Event`);
    imp.fromStdlib('dataclasses', 'dataclass');
    return ['@dataclass', `class ${n}:`, '    key: str', '    value: int = 0', '    source: str = ""', '', '    def describe(self) -> str:', `        return f"${domain} {self.key}={self.value} from {self.source or '?'}"`];
  }
  if (r === 2) {
    const n = w.names.take([`format_${domain}`, `render_${domain}`], `format_${domain}`);
    return [`def ${n}(value, width: int = ${rng.int(8, 24)}) -> str:`, '    text = str(value)', '    if len(text) > width:', '        text = text[: width - 3] + "..."', '    return text.ljust(width)'];
  }
  if (r === 3) {
    const n = w.names.take([`parse_${domain}`, `decode_${domain}`], `parse_${domain}`);
    return [`def ${n}(raw: str) -> dict:`, '    result = {}', '    for part in raw.split(","):', '        if "=" not in part:', '            continue', '        name, _, value = part.partition("=")', '        result[name.strip()] = value.strip()', '    return result'];
  }
  const n = w.names.take([`backoff_${domain}`, `delay_${domain}`], `backoff_${domain}`);
  return [`def ${n}(attempt: int, base: float = ${rng.pick(['0.05', '0.1', '0.5'])}, cap: float = ${rng.pick(['2.0', '5.0', '30.0'])}) -> float:`, '    delay = base * (2 ** attempt)', '    return min(delay, cap)'];
}

function targetLines(rng: Rng): number {
  // skewed: most modules small, a tail of large ones
  return MIN_LINES + Math.floor((MAX_LINES - MIN_LINES) * Math.pow(rng.next(), 3.6));
}

function writeModule(w: World, mod: Mod, statusSubs: number[]): { text: string; exports: string[] } {
  const mw = new ModuleWriter(w, mod);
  const rng = w.rng;
  for (const n of statusSubs) mw.body.push(statusSubclass(mw, n));
  const target = targetLines(rng);
  // a unit, once made, is always written (later modules may use what it defines): what kind
  // of unit comes next depends on the room left in the file
  for (let units = 0; units < 40 && (mw.lines < target || units === 0); units++) {
    const room = MAX_LINES - HEADER_LINES - mw.lines;
    if (room < 14) break;
    const r = rng.next();
    let b: Lines;
    if (r < 0.42 && room >= SERVICE_MAX_LINES) b = serviceClass(mw);
    else if (r < 0.47 && room >= 30 && w.mixins.length < 400) b = mixinClass(mw);
    else if (r < 0.62 && room >= 30) b = registryBlock(mw);
    else if (r < 0.74) b = paramWriter(mw);
    else b = filler(mw);
    mw.body.push(b);
  }
  while (mw.lines < MIN_LINES - 6) mw.body.push(filler(mw));
  const pkgWords = `${mod.pkgName}${mod.sub ? '.' + mod.sub : ''}`;
  return { text: mw.render(`${pkgWords}.${mod.leaf}: ${rng.pick(DOMAINS)} and ${rng.pick(DOMAINS)} services.`), exports: mw.exports };
}

function writeInit(w: World, mod: Mod, members: { mod: Mod; exports: string[] }[], doc: string): { text: string; exports: Set<string> } {
  const rng = w.rng;
  const lines: string[] = [`"""${doc}`, ''];
  for (const m of members) lines.push(`${m.mod.leaf}: ${rng.pick(DOMAINS)} ${rng.pick(ROLES).toLowerCase()}s and helpers.`);
  lines.push('"""');
  const exports = new Set<string>();
  const imports: string[] = [];
  for (const m of rng.sample(members.filter(m => m.exports.length), 4)) {
    const names = m.exports.slice(0, 2);
    for (const n of names) exports.add(n);
    imports.push(`from .${m.mod.leaf} import ${names.join(', ')}`);
  }
  imports.sort();
  if (imports.length) lines.push('', ...imports, '', `__all__ = [${[...exports].sort().map(n => `"${n}"`).join(', ')}]`);
  while (lines.length < MIN_LINES) lines.push(`# ${rng.pick(DOMAINS)}: see ${members.length ? rng.pick(members).mod.leaf : mod.leaf}`);
  return { text: lines.join('\n') + '\n', exports };
}

const BASE_PY = `"""Shared base for components that track the state of requests across threads."""
import threading


class RequestState:
    PENDING = 0
    RUNNING = 1
    DONE = 2
    FAILED = 3


class StatusBase:
    """Keeps request_status: request key -> RequestState, written from worker threads."""

    def __init__(self):
        self.request_status: dict = {}
        self.cache = {}
        self._status_lock = threading.Lock()

    def update_status(self, key, value):
        """Record the state of one request."""
        self.request_status[key] = value

    def get_status(self, key, default=RequestState.PENDING):
        return self.request_status.get(key, default)

    def clear_status(self, key):
        with self._status_lock:
            self.request_status.pop(key, None)
            self.cache.pop(key, None)

    def pending_requests(self):
        return [k for k, v in self.request_status.items() if v == RequestState.PENDING]
`;
const HELPER_STATEMENT = '        self.request_status[key] = value';

const MIXINS_PY = `"""Mixins shared by services: metrics, an instance registry, retry bookkeeping."""
import threading


class MetricsMixin:
    """Counts events; the class using it defines self.metrics."""

    def bump(self, name, amount=1):
        self.metrics[name] = self.metrics.get(name, 0) + amount

    def metrics_snapshot(self):
        return dict(self.metrics)


class RegistryMixin:
    """Every instance registered by key, in one dict shared by all of them."""

    _instances: dict = {}
    _registry_lock = threading.RLock()

    def register_instance(self, key):
        with self._registry_lock:
            self._instances[key] = self

    def forget_instance(self, key):
        with self._registry_lock:
            self._instances.pop(key, None)


class RetryMixin:
    """Counts failures per key; the class using it defines self.failures."""

    max_retries = 3

    def note_failure(self, key):
        self.failures[key] += 1
        return self.failures[key] <= self.max_retries

    def reset_failures(self, key):
        if key in self.failures:
            del self.failures[key]
`;

const UTIL_PY = `"""Small helpers used everywhere."""
import threading
import time

_SEEN: dict = {}
_seen_lock = threading.Lock()


def remember(key, value):
    with _seen_lock:
        _SEEN[key] = (value, time.monotonic())


def merge_into(target, key, value):
    target[key] = value
    return target


def count_into(target, key, value):
    target[key] = target.get(key, 0) + 1
    remember(key, value)
`;

const CORE_INIT_PY = `"""Core: the status base class, mixins and helpers shared by every package.

base: StatusBase and RequestState, the request status written from worker threads.
mixins: metrics, an instance registry and retry bookkeeping.
util: small locked registries and dict helpers.
"""
from .base import RequestState, StatusBase
from .mixins import MetricsMixin, RegistryMixin, RetryMixin
from .util import count_into, merge_into, remember

__all__ = [
    "MetricsMixin",
    "RegistryMixin",
    "RequestState",
    "RetryMixin",
    "StatusBase",
    "count_into",
    "merge_into",
    "remember",
]
`;

function prepareDir(dir: string): void {
  if (fs.existsSync(dir)) {
    const entries = fs.readdirSync(dir);
    if (entries.length && !entries.includes(MARKER)) throw new Error(`${dir} is not empty and was not made by synth (no ${MARKER}): refusing to write into it`);
    for (const e of entries) fs.rmSync(path.join(dir, e), { recursive: true, force: true });
  }
  fs.mkdirSync(dir, { recursive: true });
}

export function writeSyntheticWorkspace(dir: string, opts: SynthOptions = {}): SynthResult {
  const files = Math.floor(opts.files ?? 5000);
  const seed = Math.floor(opts.seed ?? 1);
  const subclasses = Math.floor(opts.subclasses ?? 50);
  if (!(files >= MIN_FILES)) throw new Error(`files must be at least ${MIN_FILES}`);
  if (!(subclasses >= 0)) throw new Error('subclasses must be 0 or more');
  dir = path.resolve(dir);
  prepareDir(dir);

  const rng = new Rng(seed);
  const out: [string, string][] = [];
  const coreMod = (leaf: string, i: number, isInit = false): Mod => ({ index: -1 - i, pkg: -1, pkgName: 'core', sub: null, leaf, dotted: isInit ? 'core' : `core.${leaf}`, rel: `core/${isInit ? '__init__' : leaf}.py`, isInit });
  const baseMod = coreMod('base', 1), mixinsMod = coreMod('mixins', 2), utilMod = coreMod('util', 3);
  out.push(['core/__init__.py', CORE_INIT_PY], ['core/base.py', BASE_PY], ['core/mixins.py', MIXINS_PY], ['core/util.py', UTIL_PY]);

  const w: World = {
    rng, names: new Names(rng), classes: [], bases: [], fns: [], pkgInit: new Map(),
    mixins: [
      { name: 'MetricsMixin', mod: mixinsMod, requires: [['metrics', '{}']], calls: [(k) => `self.bump(${k})`], names: ['metrics', 'bump', 'metrics_snapshot'] },
      { name: 'RegistryMixin', mod: mixinsMod, requires: [], calls: [(k) => `self.register_instance(${k})`], names: ['_instances', '_registry_lock', 'register_instance', 'forget_instance'] },
      { name: 'RetryMixin', mod: mixinsMod, requires: [['failures', 'defaultdict(int)']], calls: [(k) => `self.note_failure(${k})`], names: ['failures', 'max_retries', 'note_failure', 'reset_failures'] },
    ],
    statusBase: { mod: baseMod },
    statusCount: 0,
  };
  for (const n of ['StatusBase', 'RequestState', 'MetricsMixin', 'RegistryMixin', 'RetryMixin', 'remember', 'merge_into', 'count_into']) w.names.reserve(n);
  w.fns.push({ name: 'merge_into', mod: utilMod, kind: 'param', depth: 1, callers: 0 }, { name: 'count_into', mod: utilMod, kind: 'param', depth: 2, callers: 0 }, { name: 'remember', mod: utilMod, kind: 'global', depth: 1, callers: 0 });
  w.pkgInit.set(-1, { mod: coreMod('core', 0, true), exports: new Set(['StatusBase', 'RequestState', 'MetricsMixin', 'RegistryMixin', 'RetryMixin', 'merge_into', 'count_into', 'remember']) });

  // plan the packages: 50 files each (the last one what is left), a subpackage in each
  const plan: { pkg: number; init: Mod; subInit: Mod | null; top: Mod[]; sub: Mod[] }[] = [];
  let left = files - out.length, modIndex = 0;
  for (let p = 0; left > 0; p++) {
    const n = left >= PACKAGE_FILES + MIN_FILES || left <= PACKAGE_FILES ? Math.min(PACKAGE_FILES, left) : left - MIN_FILES;
    left -= n;
    const pkgName = `pkg_${pad3(p)}`;
    const subName = rng.pick(['workers', 'handlers', 'backends', 'jobs', 'adapters']);
    const hasSub = n >= 20;
    const subCount = hasSub ? Math.floor((n - 2) / 5) : 0;
    const topCount = n - 1 - (hasSub ? 1 + subCount : 0);
    const mk = (leaf: string, sub: string | null, isInit: boolean): Mod => {
      const dotted = [pkgName, ...(sub ? [sub] : []), ...(isInit ? [] : [leaf])].join('.');
      const rel = [pkgName, ...(sub ? [sub] : []), `${isInit ? '__init__' : leaf}.py`].join('/');
      return { index: modIndex++, pkg: p, pkgName, sub, leaf, dotted, rel, isInit };
    };
    const init = mk(pkgName, null, true);
    const top: Mod[] = [], sub: Mod[] = [];
    let k = 0;
    for (let i = 0; i < topCount; i++) top.push(mk(`mod_${pad3(k++)}`, null, false));
    const subInit = hasSub ? mk(subName, subName, true) : null;
    for (let i = 0; i < subCount; i++) sub.push(mk(`mod_${pad3(k++)}`, subName, false));
    plan.push({ pkg: p, init, subInit, top, sub });
  }
  // the status subclasses, spread evenly over all modules
  const allMods = plan.flatMap(p => [...p.top, ...p.sub]);
  const statusAt = new Map<number, number[]>();
  for (let i = 0; i < subclasses; i++) {
    const m = allMods[Math.min(allMods.length - 1, Math.floor((i + 0.5) * allMods.length / subclasses))];
    let l = statusAt.get(m.index);
    if (!l) statusAt.set(m.index, l = []);
    l.push(i);
  }
  const subclassFiles: string[] = [];
  for (const p of plan) {
    const members: { mod: Mod; exports: string[] }[] = [];
    const subMembers: { mod: Mod; exports: string[] }[] = [];
    for (const m of [...p.top, ...p.sub]) {
      const subs = statusAt.get(m.index) ?? [];
      const { text, exports } = writeModule(w, m, subs);
      out.push([m.rel, text]);
      (m.sub ? subMembers : members).push({ mod: m, exports });
      if (subs.length) subclassFiles.push(path.join(dir, m.rel));
    }
    if (p.subInit) {
      const r = writeInit(w, p.subInit, subMembers, `${p.init.pkgName}.${p.subInit.leaf}: the ${rng.pick(DOMAINS)} ${p.subInit.leaf}.`);
      out.push([p.subInit.rel, r.text]);
    }
    const r = writeInit(w, p.init, members, `${p.init.pkgName}: ${rng.pick(DOMAINS)}, ${rng.pick(DOMAINS)} and ${rng.pick(DOMAINS)} services.`);
    out.push([p.init.rel, r.text]);
    w.pkgInit.set(p.pkg, { mod: p.init, exports: r.exports });
  }
  if (w.statusCount !== subclasses) throw new Error(`internal: ${w.statusCount} status subclasses, expected ${subclasses}`);

  // write
  const dirs = new Set<string>();
  let lines = 0;
  for (const [rel, text] of out) {
    const d = path.dirname(rel);
    if (!dirs.has(d)) { fs.mkdirSync(path.join(dir, d), { recursive: true }); dirs.add(d); }
    fs.writeFileSync(path.join(dir, rel), text);
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines++;
  }
  const helperLine = BASE_PY.split('\n').indexOf(HELPER_STATEMENT) + 1;
  const result: SynthResult = {
    dir, files: out.length, lines, baseFile: path.join(dir, 'core/base.py'), helperLine, helperName: 'StatusBase.update_status', subclassFiles,
  };
  fs.writeFileSync(path.join(dir, MARKER), JSON.stringify({ options: { files, seed, subclasses }, ...result }, null, 2) + '\n');
  return result;
}

// ---------------------------------------------------------------------------------------------
// CLI

function cli(argv: string[]): number {
  let outDir: string | undefined;
  const opts: SynthOptions = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const num = () => {
      const v = Number(argv[++i]);
      if (!Number.isInteger(v) || v < 0) throw new Error(`${a} needs a non-negative integer`);
      return v;
    };
    if (a === '--files') opts.files = num();
    else if (a === '--seed') opts.seed = num();
    else if (a === '--subclasses') opts.subclasses = num();
    else if (a === '-h' || a === '--help') { process.stdout.write('usage: node dist/synth.js OUTDIR [--files N] [--seed N] [--subclasses N]\n'); return 0; }
    else if (!a.startsWith('-') && outDir === undefined) outDir = a;
    else throw new Error(`unknown argument "${a}"`);
  }
  if (!outDir) throw new Error('usage: node dist/synth.js OUTDIR [--files N] [--seed N] [--subclasses N]');
  const t = process.hrtime.bigint();
  const r = writeSyntheticWorkspace(outDir, opts);
  const s = Number(process.hrtime.bigint() - t) / 1e9;
  process.stderr.write(`wrote ${r.files} files, ${r.lines} lines to ${r.dir} in ${s.toFixed(2)} s\n`);
  process.stdout.write(JSON.stringify({ ...r, seconds: +s.toFixed(3) }) + '\n');
  return 0;
}

// run as `node dist/synth.js` (not when bundled into another entry that imports it)
if (/^synth\.[cm]?[jt]s$/.test(path.basename(process.argv[1] ?? ''))) {
  try { process.exitCode = cli(process.argv.slice(2)); }
  catch (e) { process.stderr.write(`synth: ${(e as Error).message}\n`); process.exitCode = 2; }
}
