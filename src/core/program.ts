// Pass 2, across files: modules, classes and their MRO, name and call resolution.
// Works on summaries only, so it never needs a parse tree.
import { AttrInfo, boundTypes, CallSite, classLike, ClassSummary, dotted, EACH_OF, ExprPath, FileSummary, FunctionSummary, GETATTR_OF, hasParam, IN_FUNCTION, ITEM_OF, LISTED_FROM, NARROWED, own, UNKNOWN_RETURN, VALUES_OF, NESTED_OF, TUPLE_OF } from './model';
import { callsUp, ownJoins } from './shape';
import { QUEUE_BASES, QUEUE_HOOKS, BUILTIN_TYPES, BUILTIN_VALUE_METHODS, PYTHON_DUNDERS, CONTAINER_BASES, DONE, DOTTED_NAME, EACH_JOINED, HANDLER_CALL, HANDLER_METHODS, IMPORTED, IO_BASES, JOINED, ITEM_GETTERS, LOCK_NAME, READ_METHODS, THREADING_SERVER_BASES, THREAD_LOCAL_BASES, WRITE_METHODS, isOrdering } from './vocabulary';

export interface FnInfo {
  /** Its place in `Program.fnList`: per-function state of the passes that run at every
   *  keystroke is kept in arrays by it. */
  ord: number;
  key: string;
  file: FileSummary;
  s: FunctionSummary;
  cls?: ClassInfo;
  parent?: FnInfo;
}

export interface ClassInfo {
  key: string;
  file: FileSummary;
  s: ClassSummary;
  bases: ClassInfo[];
  /** Canonical names of bases outside the analyzed code (`threading.Thread`). */
  externalBases: string[];
  subclasses: ClassInfo[];
  methods: Map<string, FnInfo>;
  /** Property setters by name (`@x.setter def x`): the getter stays in `methods`. */
  setters: Map<string, FnInfo>;
  mro?: ClassInfo[];
}

/** `loose`: an instance of that class as far as the analysis sees, but maybe of another: a
 *  public module global that importers may rebind (`logging.lastResort`), a call's result
 *  where some of what the function returns is unknown (`getLogger()`). Its methods dispatch as
 *  on any object of their class, never narrowed to its (CallTarget.recv).
 *  `partial`: loose because some of what the call returns is not known at all (`return
 *  NullSpan()` or `return self.span`, self.span untyped): methods of the name are guessed for
 *  the rest, as on an unknown object (callTargets).
 *  `element`: what a container holds (its annotation's or its adds' class, Program.elementsOf),
 *  not the container: it has none of the element's attributes. */
export type Val =
  | { k: 'inst'; cls: ClassInfo; loose?: boolean; element?: boolean; narrowed?: boolean; partial?: boolean }
  | { k: 'cls'; cls: ClassInfo }
  | { k: 'fn'; fn: FnInfo; bound: boolean; dispatch?: ClassInfo; loose?: boolean }
  | { k: 'mod'; name: string }
  | { k: 'ext'; name: string }
  | { k: 'var'; file: FileSummary; name: string };

/** `recv`: the class of the object the target runs on, where it is narrower than the target's
 *  own class (`console.interact()` with console an AsyncIOInteractiveConsole runs
 *  InteractiveConsole.interact on one), for a caller running on any object of its own class.
 *  `self`: the target runs on the caller's own object, so a caller known to run on a narrower
 *  class narrows it too (CallGraph.eachTarget): `'dispatch'` for `self.m()`, whose targets
 *  depend on that class, `'same'` for `super().m()` and `Base.m(self)`. */
export interface CallTarget { fn: FnInfo; bound: boolean; recv?: ClassInfo; self?: 'dispatch' | 'same' }

export interface ContainerInfo {
  id: string;
  owner: string;
  ownerKind: 'class' | 'module' | 'function';
  attr: string;
  type: string;
  path: string;
  line: number;
  column: number;
  /** A class attribute bound only in the class body: one object shared by every instance, so
   *  a constructor touching it touches shared state (findings.ts). */
  classLevel?: boolean;
}

const MAX_DEPTH = 12;
/** Unknown receivers resolve by method name only when the name is this rare. */
const MAX_BY_NAME = 4;
/** Bases that make a class a structural type (its methods are stubs). */
const PROTOCOL_BASES = ['typing.Protocol', 'typing_extensions.Protocol'];
/** Names too common to guess a receiver from, except from the one class of the caller's file that has it. */
const GENERIC_NAMES = new Set(['run', 'handle', 'process', 'call', 'execute', 'submit', 'result', 'done', 'emit', 'format']);
/** Factories of threads and processes: guessed by name only in the caller's own file (byName). */
const MAKER_NAMES = new Set(['Process', 'Thread', 'Timer']);
/** Methods of threads, files, sockets, queues and locks: an unknown receiver is most likely one of those. */
const STDLIB_OBJECT_NAMES = new Set(['start', 'stop', 'close', 'open', 'read', 'write', 'send', 'recv', 'join', 'wait', 'put', 'flush',
  'reset', 'update', 'set', 'cancel', 'acquire', 'release', 'notify', 'notify_all', 'connect', 'shutdown', 'copy', 'items', 'keys',
  'values', 'encode', 'decode', 'load', 'save', 'dump', 'parse', 'is_alive', 'setDaemon', 'fileno', 'seek', 'tell', 'readline',
  // (a lock's, an event loop's, a server's: `lock.locked()` over a set of thread locks is no
  // asyncio Semaphore's, `loop.create_task(…)` no TaskGroup's)
  'locked', 'get_loop', 'create_task', 'handle_request']);

/** Container types whose iteration gives keys (ContainerInfo.type). */
const MAPPING_TYPES = new Set(['dict', 'defaultdict', 'OrderedDict', 'Counter', 'ChainMap', 'WeakValueDictionary', 'WeakKeyDictionary']);

const TYPE_WORDS = new Set(['Optional', 'Union', 'List', 'Dict', 'Set', 'Tuple', 'None', 'Any', 'Type', 'type', 'typing',
  'ClassVar', 'Final', 'Callable', 'Iterable', 'Sequence', 'Mapping', 'list', 'dict', 'set', 'tuple', 'str', 'int',
  'float', 'bool', 'bytes', 'object', 'Annotated', 'Literal']);

const NO_VALS: Val[] = [];
const NO_FNS: FnInfo[] = [];
/** Decorators that return no wrapper of their own to run (decoratorWrappers need not look). */
const BUILTIN_DECORATORS = new Set(['property', 'staticmethod', 'classmethod', 'abstractmethod', 'abc.abstractmethod', 'overload', 'typing.overload', 'override']);

/** Annotation heads of collections whose items a loop goes over: sequences, sets, iterables. */
const SEQUENCE_HEADS = new Set(['list', 'List', 'Sequence', 'MutableSequence', 'Iterable', 'Iterator', 'Collection', 'Reversible',
  'set', 'Set', 'frozenset', 'FrozenSet', 'AbstractSet', 'MutableSet', 'tuple', 'Tuple', 'deque', 'Deque', 'Generator', 'AsyncIterable', 'AsyncIterator']);
/** Annotation heads of mappings: their values are the second argument. */
const MAPPING_HEADS = new Set(['dict', 'Dict', 'Mapping', 'MutableMapping', 'DefaultDict', 'defaultdict', 'OrderedDict', 'ChainMap',
  'WeakValueDictionary', 'WeakKeyDictionary']);

/** The type texts of a collection annotation's items (`list[Req]` → `Req`; `dict[str, Req]`
 *  with `values` → `Req`; `Optional[…]`, `… | None` and `typing.` looked through); undefined
 *  for anything else, and for a mapping's keys. */
export function itemTypeTexts(text: string, values: boolean): string[] | undefined {
  let t = text.replace(/["'\s]/g, '').replace(/\b(typing|t|collections\.abc|collections|weakref)\./g, '');
  for (let i = 0; i < 3; i++) {
    const opt = /^(?:Optional|Final|Annotated)\[(.*)\]$/.exec(t);
    if (opt) t = topLevel(opt[1], ',')[0];
    const alts = topLevel(t, '|').filter(a => a !== 'None');
    if (alts.length === 1) t = alts[0];
    if (!opt && alts.length === 1) break;
  }
  const m = /^([A-Za-z_]\w*)\[(.*)\]$/.exec(t);
  if (!m) return undefined;
  const args = topLevel(m[2], ',').filter(a => a && a !== '...');
  if (MAPPING_HEADS.has(m[1])) return values && args.length === 2 ? [args[1]] : undefined;
  if (!SEQUENCE_HEADS.has(m[1]) || values) return undefined;
  return m[1] === 'Generator' ? args.slice(0, 1) : args;
}

/** A text split at a separator outside brackets. */
function topLevel(text: string, sep: string): string[] {
  const out: string[] = [];
  let depth = 0, from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '[' || c === '(') depth++;
    else if (c === ']' || c === ')') depth--;
    else if (c === sep && depth === 0) { out.push(text.slice(from, i)); from = i + 1; }
  }
  out.push(text.slice(from));
  return out;
}
/** How many locks bound to other locks are followed (`self.a = other.b`, `b = Condition(c)`). */
const MAX_LOCK_DEPTH = 4;

/** A class attribute's id, as containers and locks are named: `mod.Class.attr`. */
const classAttrId = (k: ClassInfo, attr: string) => `${k.file.module}.${k.s.qualname}.${attr}`;
/** After a join's key: made outside the object (`a.t.join()`, `f.stop()`), so it orders only
 *  a thread of one instance (findings' canonicalOf gives those the key with it too). */
export const ONE_INSTANCE = '@one';
/** A held text that is a method's call with no arguments (`self._acquire()`, `f.stop()`): the
 *  receiver and the method. */
const METHOD_CALL = /^([A-Za-z_][\w.]*)\.([A-Za-z_]\w*)\(\)$/;
/** A local's type that is a lock's (`threading.Lock()`, `RLock()`, `Condition()`). */
const LOCK_TYPE = /(^|\.)(Lock|RLock|Condition)$/;

export class Program {
  readonly files: FileSummary[];
  readonly modules = new Map<string, FileSummary>();
  readonly fns = new Map<string, FnInfo>();
  /** `fns`' values, in its order (a program's set of functions is fixed: an in-place update
   *  keeps every FnInfo). Passes that run at every keystroke walk this with an index: walking
   *  the map in code that runs once per edit (not optimized) made an iterator result per
   *  function, megabytes of garbage per keystroke on a large workspace. */
  readonly fnList: FnInfo[];
  readonly classes = new Map<string, ClassInfo>();
  readonly containers = new Map<string, ContainerInfo>();
  private readonly fnsByFile = new Map<FileSummary, FnInfo[]>();
  private readonly lockNames = new Set<string>();
  /** Names of attributes and globals bound to a counting semaphore (AttrInfo.counting) and to
   *  no lock: never locks, whatever LOCK_NAME says. */
  private readonly countingNames = new Set<string>();
  /** Names of generators that hold a lock at their yields (FunctionSummary.yieldLocks): a
   *  `with self._locked():` of one of them holds it. */
  private readonly lockManagers = new Set<string>();
  /** Names of classes whose `__enter__` acquires a lock (`with _AcquireFutures(fs):` takes each
   *  future's `_condition`): context managers too (managedLocks). */
  private readonly enterManagers = new Set<string>();
  /** Receivers of straight-line acquire(), by text. */
  private acquiredTexts = new Set<string>();
  /** Condition attribute name → the lock attribute it wraps. */
  private readonly lockAlias = new Map<string, string>();
  /** Module name → index in `files` of the file a dotted-suffix lookup found (-1: none); an
   *  index, so a file replaced in place needs no update here. */
  private readonly suffixCache = new Map<string, number>();
  /** Files per module name (two files sharing one cannot be replaced in place). */
  private readonly moduleCount = new Map<string, number>();
  /** The ids of the containers each file defines (what replaceFile takes out). */
  private readonly containerIds = new Map<string, string[]>();
  /** The attribute containers of each class (the binding one of its name), in attribute order. */
  private readonly classContainerIds = new WeakMap<ClassInfo, string[]>();
  /** Each path's place in `files` (the first, if a path came twice). */
  private readonly pathIndex = new Map<string, number>();

  constructor(files: FileSummary[]) {
    this.files = files;
    files.forEach((f, i) => { if (!this.pathIndex.has(f.path)) this.pathIndex.set(f.path, i); });
    for (const f of files) {
      if (!this.modules.has(f.module)) this.modules.set(f.module, f);
      this.moduleCount.set(f.module, (this.moduleCount.get(f.module) ?? 0) + 1);
    }
    const redefined = new Map<string, number>();
    const managers: FunctionSummary[] = [];
    for (const f of files) {
      for (const c of f.classes) {
        this.classes.set(`${f.module}:${c.qualname}`, { key: `${f.module}:${c.qualname}`, file: f, s: c, bases: [], externalBases: [], subclasses: [], methods: new Map(), setters: new Map() });
        for (const [a, info] of Object.entries(c.attrs)) {
          if (info.lock) this.lockNames.add(a);
          if (info.counting) this.countingNames.add(a);
          if (info.lockOf) this.lockAlias.set(a, info.lockOf.split('.').pop()!);
        }
      }
      for (const [g, info] of Object.entries(f.globals)) {
        if (info.lock) this.lockNames.add(g);
        if (info.counting) this.countingNames.add(g);
      }
      const list: FnInfo[] = [];
      for (const s of f.functions) {
        for (const t of s.acquired ?? []) this.acquiredTexts.add(t);
        if (s.yieldLocks?.length) managers.push(s);
        const fi: FnInfo = { ord: -1, key: `${f.module}:${s.qualname}`, file: f, s };
        if (s.className) fi.cls = this.classes.get(`${f.module}:${s.className}`);
        // A redefinition binds the name (Python semantics); the earlier body is still analyzed.
        const earlier = this.fns.get(fi.key);
        // (numbered, not by line: a key must survive an edit that moves the def)
        if (earlier) { const n = (redefined.get(fi.key) ?? 0) + 1; redefined.set(fi.key, n); earlier.key = `${fi.key}#${n}`; this.fns.set(earlier.key, earlier); }
        // a property's setter and deleter rebind the name in Python, but a read of the
        // attribute runs the getter: only the getter is the method of that name
        const accessor = fi.cls && s.property ? propertyAccessor(s) : undefined;
        if (accessor === 'setter') { fi.cls!.setters.set(s.name, fi); this.setterNames.add(s.name); }
        else if (fi.cls && accessor !== 'deleter') { fi.cls.methods.set(s.name, fi); if (s.property) this.getterNames.add(s.name); }
        this.fns.set(fi.key, fi);
        list.push(fi);
      }
      this.fnsByFile.set(f, list);
    }
    // (context managers whose yields hold a lock: not `with open(p) as f: yield f`; one holding
    // another's, `with self._locked(): yield`, once that one is known)
    for (let grew = true; grew;) {
      grew = false;
      for (const s of managers) if (!this.lockManagers.has(s.name) && s.yieldLocks!.some(l => this.isLock(l))) { this.lockManagers.add(s.name); grew = true; }
    }
    for (const fi of this.fns.values()) if (fi.cls && fi.s.name === '__enter__' && fi.s.acquired?.some(t => t !== fi.s.selfParam)) this.enterManagers.add(fi.cls.s.name);
    this.indexNames();
    for (const fi of this.fns.values()) if (fi.s.parent) fi.parent = this.fns.get(`${fi.file.module}:${fi.s.parent}`);
    for (const c of this.classes.values()) {
      const scope = c.s.parent ? this.fns.get(`${c.file.module}:${c.s.parent}`) : undefined;
      for (const b of c.s.bases) {
        const vals = scope ? this.evalPath(scope, b) : this.evalGlobalPath(c.file, b);
        for (const v of vals) {
          if (v.k === 'cls' && v.cls !== c) { c.bases.push(v.cls); v.cls.subclasses.push(c); }
          else if (v.k === 'ext') c.externalBases.push(v.name);
        }
        if (!vals.length) c.externalBases.push([b.root, ...b.attrs].join('.'));
      }
    }
    // (the function list first: the container table asks what calls return, `parse =
    // _importer._get_module(…)` (botocore's six), which may look through every function;
    // what those answers memoized before the table was whole is forgotten after it)
    this.fnList = [...this.fns.values()];
    this.fnList.forEach((fn, i) => { fn.ord = i; });
    this.collectContainers();
    this.resetInference();
  }

  functionsOf(f: FileSummary): FnInfo[] { return this.fnsByFile.get(f) ?? []; }

  // ---- names ----
  /** The entries of `classes` and `fns` (the binding one of a redefined name) by module, then
   *  qualname; and by the scope they are defined in (a function's locals, a class body). Call
   *  resolution looks names up millions of times: with these it builds no `module:qualname` key. */
  private readonly named = new Map<string, { classes: Map<string, ClassInfo>; fns: Map<string, FnInfo> }>();
  private readonly localsIn = new Map<string, Map<string, Map<string, { cls?: ClassInfo; fn?: FnInfo }>>>();
  private readonly nestedIn = new Map<string, Map<string, Map<string, ClassInfo>>>();

  private indexNames(): void {
    const at = <K, V>(m: Map<K, V>, k: K, make: () => V): V => {
      let v = m.get(k);
      if (v === undefined) m.set(k, (v = make()));
      return v;
    };
    const inModule = (m: string) => at(this.named, m, () => ({ classes: new Map(), fns: new Map() }));
    const slot = <T>(index: Map<string, Map<string, Map<string, T>>>, m: string, scope: string) => at(at(index, m, () => new Map()), scope, () => new Map<string, T>());
    /** The entry of `${scope}.<locals>.${name}`, when q is such a name. */
    const local = (m: string, q: string) => {
      const i = q.lastIndexOf('.<locals>.');
      if (i < 0 || q.indexOf('.', i + 10) >= 0) return undefined;
      return at(slot(this.localsIn, m, q.slice(0, i)), q.slice(i + 10), (): { cls?: ClassInfo; fn?: FnInfo } => ({}));
    };
    for (const [key, c] of this.classes) {
      const m = c.file.module, q = c.s.qualname;
      if (key !== `${m}:${q}`) continue;
      inModule(m).classes.set(q, c);
      const l = local(m, q);
      if (l) l.cls = c;
      const dot = q.lastIndexOf('.');
      if (dot > 0) slot(this.nestedIn, m, q.slice(0, dot)).set(q.slice(dot + 1), c);
    }
    for (const [key, fi] of this.fns) {
      const m = fi.file.module, q = fi.s.qualname;
      if (key !== `${m}:${q}`) continue;
      inModule(m).fns.set(q, fi);
      const l = local(m, q);
      if (l) l.fn = fi;
    }
  }

  /** `classes.get(`${module}:${qualname}`)`, without the key. */
  classNamed(module: string, qualname: string): ClassInfo | undefined { return this.named.get(module)?.classes.get(qualname); }
  /** `fns.get(`${module}:${qualname}`)`, without the key. */
  fnNamed(module: string, qualname: string): FnInfo | undefined { return this.named.get(module)?.fns.get(qualname); }
  /** The class and function named `${scope}.<locals>.${name}` in a module. */
  private localNamed(module: string, scope: string, name: string): { cls?: ClassInfo; fn?: FnInfo } | undefined {
    return this.localsIn.get(module)?.get(scope)?.get(name);
  }

  fileAt(path: string): FileSummary | undefined {
    const i = this.pathIndex.get(path);
    return i === undefined ? undefined : this.files[i];
  }

  /** The path's place in the program's order of files (which Analysis sorts by path): reports
   *  sort by it instead of comparing path strings. Unknown paths come last. */
  pathOrder(path: string): number {
    return this.pathIndex.get(path) ?? this.files.length;
  }

  /** Puts a new summary of a file in place of the old one when only bodies and positions
   *  differ (`sameDeclarations`): every FnInfo/ClassInfo keeps its identity, so the other
   *  files' resolution stays valid. False (nothing changed) when it cannot be done in place. */
  replaceFile(old: FileSummary, next: FileSummary): boolean {
    const fns = this.fnsByFile.get(old);
    // a class defined twice: which definition the name means is decided over the whole file
    if (new Set(next.classes.map(c => c.qualname)).size !== next.classes.length) return false;
    if (!fns || fns.length !== next.functions.length || fns.some((fi, i) => fi.s.qualname !== next.functions[i].qualname)) return false;
    const i = this.pathIndex.get(old.path) ?? -1;
    // a module name two files share: which one wins is decided over the whole program
    if (i < 0 || this.files[i] !== old || this.modules.get(old.module) !== old || this.moduleCount.get(old.module) !== 1) return false;
    this.files[i] = next;
    this.modules.set(old.module, next);
    fns.forEach((fi, j) => { fi.s = next.functions[j]; fi.file = next; });
    this.fnsByFile.delete(old);
    this.fnsByFile.set(next, fns);
    // (what a function acquires may differ in the joins it waits for itself: shape.ownJoins)
    if (old.functions.some((f, j) => f.acquired !== next.functions[j].acquired && ownJoins(f) !== ownJoins(next.functions[j]))) {
      this.acquiredTexts = new Set();
      for (const f of this.fnList) for (const t of f.s.acquired ?? []) this.acquiredTexts.add(t);
    }
    next.classes.forEach(c => {
      const ci = this.classes.get(`${next.module}:${c.qualname}`);
      if (ci && ci.file === old) { ci.s = c; ci.file = next; }
    });
    // Positions of the file's containers.
    for (const id of this.containerIds.get(old.path) ?? []) if (this.containers.get(id)?.path === old.path) this.containers.delete(id);
    this.collectContainersOf(next);
    return true;
  }

  // ---- modules ----
  findModule(name: string): FileSummary | undefined {
    const exact = this.modules.get(name);
    if (exact) return exact;
    const at = this.suffixCache.get(name);
    if (at !== undefined) return at < 0 ? undefined : this.files[at];
    // The analyzed root may sit above the import root (`src/pkg/...`): match on a dotted suffix.
    let hit: FileSummary | undefined;
    // (over the keys: an entry pair and a string per module and per name were most of the
    // analysis's garbage after the imports' iterators)
    const suffix = '.' + name;
    for (const m of this.modules.keys()) if (m.endsWith(suffix) && (!hit || m.length < hit.module.length)) hit = this.modules.get(m);
    this.suffixCache.set(name, hit ? this.files.indexOf(hit) : -1);
    return hit;
  }

  absoluteModule(file: FileSummary, module: string): string {
    if (!module.startsWith('.')) return module;
    const dots = /^\.+/.exec(module)![0].length;
    const parts = file.module.split('.');
    const pkg = file.isPackage ? parts : parts.slice(0, -1);
    const base = pkg.slice(0, Math.max(0, pkg.length - (dots - 1)));
    const rest = module.slice(dots);
    return [...base, ...(rest ? [rest] : [])].join('.');
  }

  /** What a module-level name means in a file. */
  resolveGlobal(file: FileSummary, name: string, depth = 0): Val[] {
    if (depth > MAX_DEPTH) return [];
    const cls = this.classNamed(file.module, name);
    if (cls) return [{ k: 'cls', cls }];
    const fn = this.fnNamed(file.module, name);
    if (fn && fn.s.kind === 'function') return [{ k: 'fn', fn, bound: false }];
    // (indexed loops: this runs for most names of every function, and a for-of over the
    // imports here made half of the analysis's iterator garbage)
    const imports = file.imports;
    for (let i = 0; i < imports.length; i++) {
      const imp = imports[i];
      if (imp.name !== name) continue;
      const mod = this.absoluteModule(file, imp.module);
      if (imp.member) {
        const target = this.findModule(mod);
        if (target && target !== file) {
          const v = this.resolveGlobal(target, imp.member, depth + 1);
          if (v.length) return v;
        }
        const sub = this.findModule(`${mod}.${imp.member}`);
        if (sub) return [{ k: 'mod', name: sub.module }];
        return [{ k: 'ext', name: `${mod}.${imp.member}` }];
      }
      const m = this.findModule(mod);
      return [{ k: 'mod', name: m ? m.module : mod }];
    }
    const g = own(file.globals, name);
    if (g) {
      // `_Sel = selectors.PollSelector`: the name means what it names (a class, a function …)
      if (g.aliases && !g.typeText) {
        const vals = this.aliasValues(file, g.aliases);
        if (vals.length) return vals;
      }
      return [{ k: 'var', file, name }];
    }
    for (let i = 0; i < imports.length; i++) {
      const imp = imports[i];
      if (imp.name !== '*') continue;
      const target = this.findModule(this.absoluteModule(file, imp.module));
      if (target && target !== file) {
        const v = this.resolveGlobal(target, name, depth + 1);
        if (v.length) return v;
      }
    }
    return [];
  }

  /** The functions of a file named by qualname (AttrInfo.localFunctions), as they are: a nested
   *  def or a lambda sees its method's self as a closure does, so it takes no self. */
  private localFunctionVals(file: FileSummary, qualnames: string[]): Val[] {
    const out: Val[] = [];
    for (const q of qualnames) { const fn = this.fnNamed(file.module, q); if (fn) out.push({ k: 'fn', fn, bound: false }); }
    return out;
  }

  /** What alias texts name, in a file's global scope (bounded: `a = b` and `b = a` end). */
  private aliasValues(file: FileSummary, texts: string[]): Val[] {
    if (this.aliasDepth > MAX_DEPTH) return [];
    this.aliasDepth++;
    try { return texts.flatMap(t => this.evalGlobalPath(file, dotted(t))); } finally { this.aliasDepth--; }
  }
  private aliasDepth = 0;
  private localDepth = 0;

  private evalGlobalPath(file: FileSummary, p: ExprPath): Val[] {
    let vals = this.resolveGlobal(file, p.root);
    for (const a of p.attrs) vals = vals.flatMap(v => this.getAttr(v, a));
    return vals;
  }

  // ---- classes ----
  mro(c: ClassInfo): ClassInfo[] {
    return c.mro ?? this.linearize(c);
  }

  private linearize(c: ClassInfo): ClassInfo[] {
    c.mro = [c]; // guards against inheritance cycles while computing
    const seqs = c.bases.map(b => [...this.mro(b)]).concat([[...c.bases]]);
    const out: ClassInfo[] = [c];
    for (let guard = 0; guard < 10000; guard++) {
      const nonEmpty = seqs.filter(s => s.length);
      if (!nonEmpty.length) break;
      let head: ClassInfo | undefined;
      for (const s of nonEmpty) {
        const cand = s[0];
        if (!nonEmpty.some(o => o.indexOf(cand) > 0)) { head = cand; break; }
      }
      if (!head) { // not linearizable (or cyclic): depth-first, each class once
        for (const s of nonEmpty) for (const k of s) if (!out.includes(k)) out.push(k);
        break;
      }
      if (!out.includes(head)) out.push(head);
      for (const s of nonEmpty) if (s[0] === head) s.shift();
    }
    c.mro = out;
    return out;
  }

  private readonly subclassCache = new Map<ClassInfo, ClassInfo[]>();

  /** `self.<attr>` is an object each instance makes for itself (`self._started = Event()`,
   *  a class's constructor called), never one handed in, in this class, its bases or its
   *  subclasses: in a constructor, what is done to it is done to the new object. */
  ownedAttr(cls: ClassInfo, attr: string): boolean {
    let found = false;
    for (const k of [...this.mro(cls), ...this.allSubclasses(cls)]) {
      const info = own(k.s.attrs, attr);
      if (!info) continue;
      if (!info.instance || info.handed || info.classBody || !info.typeText?.length) return false;
      if (!info.typeText.every(t => this.makesNew(this.calleeValues(k.file, t)))) return false;
      found = true;
    }
    return found;
  }

  /** `sel` of `sel = Selector()` in fn holds an object only this call reaches: the summarizer
   *  saw it never leave (FunctionSummary.made), what made it is a class (makesNew), and no
   *  method called on it lets it go (`w.start()`, `b.register_self()`: leaks), or is not
   *  analyzed. Memoized until the next change of the program (resetOwnership). */
  madeLocal(fn: FnInfo, name: string): boolean {
    const texts = fn.s.made && own(fn.s.made, name);
    if (!texts) return false;
    let m = this.madeMemo.get(fn);
    if (!m || m.s !== fn.s) this.madeMemo.set(fn, (m = { s: fn.s, of: new Map() }));
    let r = m.of.get(name);
    if (r === undefined) {
      // (made by a class whose __init__ keeps it, `Thread(target=self.run).start()`, it is not
      // the call's own: its thread has it too)
      // (through what callers hand a parameter too, `fut = executor.submit(f)`: makesNewAt)
      r = texts.every(t => { const made = this.inferred(() => this.evalPath(fn, dotted(t))); return this.makesNew(made) && !made.some(v => v.k === 'cls' && this.leaksFromInit(v.cls)); });
      for (const site of fn.s.calls) {
        if (!r) break;
        if (site.callee.root !== name || site.callee.attrs.length !== 1) continue;
        const targets = this.callTargets(fn, site);
        // (a read or assignment that would run a property, when there is none, is no call)
        if ((!targets.length && !site.property && !site.setter && !site.dunder) || targets.some(t => this.leaks(t.fn))) r = false;
      }
      m.of.set(name, r);
    }
    return r;
  }
  private madeMemo = new Map<FnInfo, { s: FunctionSummary; of: Map<string, boolean> }>();

  /** `self.<attr>` in fn (a method or its closure) is an object the instance made for itself
   *  (ownedAttr) that fn lets go by none of the methods it calls on it (`self._t.start()`). */
  ownedHere(fn: FnInfo, attr: string): boolean {
    const m = this.methodOf(fn);
    const sp = this.selfName(fn);
    if (!m?.cls || !sp || !this.ownedAttr(m.cls, attr)) return false;
    const key = `\0${attr}`;
    let memo = this.madeMemo.get(fn);
    if (!memo || memo.s !== fn.s) this.madeMemo.set(fn, (memo = { s: fn.s, of: new Map() }));
    let r = memo.of.get(key);
    if (r === undefined) {
      r = true;
      for (const site of fn.s.calls) {
        if (site.callee.root !== sp || site.callee.attrs.length !== 2 || site.callee.attrs[0] !== attr) continue;
        if (this.callTargets(fn, site).some(t => this.leaks(t.fn))) { r = false; break; }
      }
      memo.of.set(key, r);
    }
    return r;
  }

  /** A method that may let its object go: its self escapes, or a method it calls on self does
   *  (or is not analyzed: an inherited `Thread.start`). Cycles count as not leaking. */
  leaks(m: FnInfo, seen = new Set<FnInfo>()): boolean {
    const known = this.leakMemo.get(m);
    if (known !== undefined) return known;
    if (seen.has(m)) return false;
    const top = seen.size === 0;
    seen.add(m);
    this.asked.add(m);
    let r = !!m.s.selfEscapes || (!!m.cls && !!m.s.selfValues?.some(a => this.lookupMethod(m.cls!, a))) || this.lendsSelfAway(m);
    const sp = m.s.selfParam;
    for (const site of m.s.calls) {
      if (r) break;
      // (a container of its own handed to an object it makes, `Job(all_jobs=self._jobs)`, which
      // may be another thread's, or started as one: the container goes with it)
      if (sp && m.cls && handsPart(site, sp, a => this.mro(m.cls!).some(k => this.containers.has(classAttrId(k, a)))) && this.constructedClasses(m, site).length > 0) { r = true; break; }
      // (a method that lets one of its object's parts go, `self.disk.start()` starting a thread
      // on the disk, lets what is reached through the object go: `self.disk.usage`, read by a
      // later method called on it, is that thread's too; only analyzed methods count here, not
      // `self._lock.acquire()`)
      if (sp && site.callee.root === sp && site.callee.attrs.length === 2 && this.callTargets(m, site).some(t => this.handsToThreads(t.fn))) { r = true; break; }
      // (and `Base.m(self)`, which the summarizer does not count as letting self go)
      const onSelf = (sp && site.callee.root === sp && site.callee.attrs.length === 1) || (site.callee.root === '<super>' && site.callee.attrs.length === 1)
        || (!!sp && site.args[0] === sp && site.callee.attrs.length === 1 && !site.callee.root.startsWith('<'));
      if (!onSelf) continue;
      const targets = this.callTargets(m, site);
      // (a callable the object keeps in an attribute, `self.header_formatter(name, value)`:
      // called with what it is given, not with the object, urllib3's RequestField)
      if (!targets.length && sp && site.callee.root === sp && m.cls && !site.args.includes(sp) && !this.lookupMethod(m.cls, site.callee.attrs[0]) && this.attrInfo(m.cls, site.callee.attrs[0])?.instance) continue;
      // (`Registry.add(self)` to a staticmethod or a function: self handed to it as any value)
      if (site.args[0] === sp && site.callee.root !== sp && targets.some(t => t.fn.s.staticmethod || !t.fn.cls)) { r = true; break; }
      if ((!targets.length && !site.property && !site.setter && !site.dunder) || targets.some(t => this.leaks(t.fn, seen))) r = true;
    }
    // (a result found inside a cycle may rest on the "not leaking" assumption: kept only at the top)
    if (top || r) this.leakMemo.set(m, r);
    return r;
  }
  private leakMemo = new Map<FnInfo, boolean>();

  /** A method that starts a thread or hands out a bound method of its object (`Thread(target=
   *  self.worker)`, a callback registered), itself or in an analyzed method it calls on its
   *  object or on a part of it (`self.disk.start()`), a few calls deep: what its object reaches
   *  may then be another thread's. Narrower than leaks: not an unanalyzed method (`super().pop()`
   *  of a list), nor self passed to a function (`sum(… for x in self)`). */
  handsToThreads(m: FnInfo, depth = 0, seen = new Set<FnInfo>()): boolean {
    if (seen.has(m) || depth > 3) return false;
    seen.add(m);
    this.asked.add(m);
    // (a start that gives its thread the object: its target on it, `target=self.worker`, or it
    // or a part of it among the arguments; not `Thread(target=notify)`)
    const sp = m.s.selfParam;
    const gives = (t: string) => t === sp || t.startsWith(`${sp}.`);
    if (sp && m.s.starts.some(st => (st.target && st.target.root === sp) || st.args?.some(gives))) return true;
    if (m.cls && m.s.selfValues?.some(a => this.lookupMethod(m.cls!, a))) return true;
    if (this.lendsSelfAway(m)) return true;
    if (!sp) return false;
    return m.s.calls.some(site => site.callee.root === sp && (site.callee.attrs.length === 1 || site.callee.attrs.length === 2)
      && this.callTargets(m, site).some(t => this.handsToThreads(t.fn, depth + 1, seen)));
  }

  /** A method that hands its object on itself: self passed, stored or returned elsewhere
   *  (`REGISTRY.append(self)`), or one of its bound methods handed out (`bus.post(self.hit)`).
   *  In a constructor (leaksFromInit), what it makes is then not its maker's alone. */
  letsSelfGo(m: FnInfo): boolean {
    this.selfGoAsked.add(m);
    if (m.s.selfEscapes || (m.cls && m.s.selfValues?.some(a => this.lookupMethod(m.cls!, a))) || this.lendsSelfAway(m)) return true;
    // (self handed to a staticmethod or a function, `Registry.add(self)`, where the summarizer
    // took it for a base's method called on it: baseCall)
    const sp = m.s.selfParam;
    return !!sp && m.s.calls.some(site => site.args[0] === sp && site.callee.root !== sp && site.callee.attrs.length === 1 && !site.callee.root.startsWith('<')
      && this.callTargets(m, site).some(t => t.fn.s.staticmethod || !t.fn.cls));
  }
  private readonly selfGoAsked = new Set<FnInfo>();
  /** Whether letsSelfGo was asked of m since the program was built (Analysis.ownershipKey). */
  consultedForSelf(m: FnInfo): boolean { return this.selfGoAsked.has(m); }
  /** Every method leaks() was asked about, since the program was built: whether its leaking
   *  can have changed an answer (Analysis.update). */
  private readonly asked = new Set<FnInfo>();
  consulted(m: FnInfo): boolean { return this.asked.has(m); }
  private readonly factoriesAsked = new Set<FnInfo>();
  /** Whether `factory(m)` was asked. */
  consultedAsFactory(m: FnInfo): boolean { return this.factoriesAsked.has(m); }

  /** Forgets madeLocal's and leaks' answers: the program changed. */
  resetOwnership(): void {
    this.madeMemo.clear();
    this.leakMemo.clear();
  }

  /** `Configurator(config).configure()`: a method called straight on the object a constructor
   *  call just made (an analyzed class with no `__new__` of its own) runs on an object only
   *  this call reaches, unless the method lets it go (leaks). */
  calledOnMade(fn: FnInfo, site: CallSite, targets: readonly { fn: FnInfo }[]): boolean {
    const c = site.callee;
    if (!c.root.startsWith('<call:') || c.attrs.length !== 1 || !targets.length) return false;
    const made = this.evalPath(fn, dotted(c.root.slice(6, -1)));
    return made.every(v => v.k === 'cls' && !this.leaksFromInit(v.cls)) && this.makesNew(made) && !targets.some(t => this.leaks(t.fn));
  }

  /** Whether the class's `__init__` starts a thread (`threading.Thread(target=self.poll)`, also
   *  in a method it calls on self): then the new object is that thread's too, and what
   *  `Cls(...).m()` or `x = Cls(); x.m()` does to it another thread sees. (Not every way
   *  `leaks` counts: `self._map = _SelectorMapping(self)` keeps it to itself.) */
  private leaksFromInit(cls: ClassInfo): boolean {
    const init = this.lookupMethod(cls, '__init__');
    if (!init) return false;
    const seen = new Set<FnInfo>();
    const starts = (m: FnInfo, depth: number): boolean => {
      if (seen.has(m) || depth > 3) return false;
      seen.add(m);
      if (m.s.starts.length || this.letsSelfGo(m)) return true;
      const sp = m.s.selfParam;
      for (const site of m.s.calls) {
        if (!sp || site.callee.attrs.length !== 1) continue;
        // (`self.m()`, and a base's `Base.__init__(self)`)
        const through = site.callee.root !== sp && site.args[0] === sp ? this.callTargets(m, site) : [];
        const callees = site.callee.root === sp ? [this.lookupMethod(cls, site.callee.attrs[0])] : through.map(t => t.fn);
        for (const callee of callees) if (callee && starts(callee, depth + 1)) return true;
      }
      return false;
    };
    return starts(init, 0);
  }

  /** A bound method of m's object lent to a call (FunctionSummary.selfLent) whose callee may
   *  keep it: not analyzed, or a parameter it is bound to that leaves (keepsParam). */
  lendsSelfAway(m: FnInfo): boolean {
    const sp = m.s.selfParam;
    if (!m.s.selfLent || !m.cls || !sp) return false;
    for (const a of m.s.selfLent) {
      if (!this.lookupMethod(m.cls, a)) continue;
      const text = `${sp}.${a}`;
      let found = false;
      for (const site of m.s.calls) {
        if (!site.args.includes(text) && !Object.values(site.kwargs).includes(text)) continue;
        found = true;
        const targets = this.callTargets(m, site);
        if (!targets.length || targets.some(t => this.mayKeep(t, site, text))) return true;
      }
      if (!found) return true;
    }
    return false;
  }

  /** Whether fn's parameter p never leaves the call (FunctionSummary.keptParams), through
   *  what fn lends it to (`decorate(span)` keeping its own) and the methods it calls on it (none
   *  letting its self go): an object new to a caller and lent here stays that caller's. A call
   *  of nothing analyzed (`json.dumps(span)`, `pool.submit(f, span)`) may keep it. */
  keepsParam(fn: FnInfo, p: string): boolean {
    // (asked: an edit of what it keeps can change what its callers' lent objects are,
    // Analysis.ownershipKey; one nothing is lent to changes nothing)
    this.keptAsked.add(fn);
    if (!fn.s.keptParams?.includes(p)) return false;
    const key = `${fn.key}\0${p}`;
    let r = this.keptMemo.get(key);
    if (r !== undefined) return r;
    // (a helper lending to itself: kept unless something else says otherwise)
    this.keptMemo.set(key, true);
    r = true;
    for (const site of fn.s.calls) {
      const onIt = site.callee.attrs.length === 1 && site.callee.root === p;
      const lent = site.args.includes(p) || Object.values(site.kwargs).includes(p);
      if (!onIt && !lent) continue;
      const targets = this.callTargets(fn, site);
      if (onIt && targets.some(t => this.leaks(t.fn))) { r = false; break; }
      if (!lent) continue;
      if (!targets.length || targets.some(t => this.mayKeep(t, site, p))) { r = false; break; }
    }
    this.keptMemo.set(key, r);
    return r;
  }

  /** Whether a call's target may keep `text`, an argument it is given there: bound to no
   *  parameter it has (past a `*args`), or to one it does not keep (keepsParam). */
  private mayKeep(t: CallTarget, site: CallSite, text: string): boolean {
    const params = callParams(t.fn, t.bound);
    const at = [...site.args.map((a, i) => (a === text ? paramAt(params, i) ?? null : undefined)), ...Object.entries(site.kwargs).map(([k, a]) => (a === text ? paramAt(params, k) ?? null : undefined))];
    return at.some(q => q === null || (q !== undefined && !this.keepsParam(t.fn, q)));
  }
  private keptMemo = new Map<string, boolean>();
  private readonly keptAsked = new Set<FnInfo>();
  consultedForKept(fn: FnInfo): boolean { return this.keptAsked.has(fn); }

  /** Whether the call `text(…)` in fn makes a new object of the analyzed code each time (a
   *  class, or a factory), not something outside it (`weakref.ref(self)` wraps a shared one). */
  makesNewAt(fn: FnInfo, text: string): boolean {
    // (through what callers hand a parameter: `frame = env.open_frame()`, env a parameter)
    const vals = this.inferred(() => this.evalPath(fn, dotted(text)));
    return vals.every(v => v.k !== 'ext') && this.makesNew(vals);
  }

  /** What a call of these values returns is a new object: each is a class (`Event`,
   *  `threading.Event`) with no `__new__` of its own, which may hand out a shared instance (a
   *  singleton), or a class outside the analyzed code. Not a function: a factory may return a
   *  shared object; nor a method of an object outside it (`queue.Queue().get`, `dict().pop`):
   *  those hand out what was put in, an object another thread may have. */
  private makesNew(vals: Val[], depth = 0): boolean {
    return vals.length > 0 && vals.every(v => (v.k === 'ext' && !v.name.includes('()')) || (v.k === 'cls' && !this.mro(v.cls).some(k => k.methods.has('__new__')))
      || (v.k === 'fn' && depth < 2 && this.factory(v.fn, depth)));
  }

  /** A function each of whose returns is a call that makes a new object (`return cls()`,
   *  `return Req(kind)`): no object of its own it could keep (a name it returns, `obj =
   *  cls(); REGISTRY.append(obj); return obj`, is not one). */
  factory(fn: FnInfo, depth = 0): boolean {
    // (asked: an edit of its returns can change what its callers own, Analysis.ownershipKey)
    this.factoriesAsked.add(fn);
    const r = fn.s.returns;
    return !!r?.length && r.every(t => {
      // (a local the function made and returns first, `f = Future(); return f`)
      if (fn.s.returnsMade?.includes(t)) return this.madeLocal(fn, t);
      if (t === UNKNOWN_RETURN || !t.endsWith('()')) return false;
      const made = this.evalPath(fn, dotted(t.slice(0, -2)));
      return this.makesNew(made, depth + 1) && !made.some(v => v.k === 'cls' && this.leaksFromInit(v.cls));
    });
  }

  allSubclasses(c: ClassInfo): ClassInfo[] {
    const cached = this.subclassCache.get(c);
    if (cached) return cached;
    const out: ClassInfo[] = [];
    this.subclassCache.set(c, out);
    const seen = new Set<ClassInfo>([c]);
    const stack = [...c.subclasses];
    while (stack.length) {
      const s = stack.pop()!;
      if (seen.has(s)) continue;
      seen.add(s);
      out.push(s);
      stack.push(...s.subclasses);
    }
    return out;
  }

  /** Whether instances of `sub` are instances of `base`. */
  isSubclass(sub: ClassInfo, base: ClassInfo): boolean {
    return sub === base || this.mro(sub).includes(base);
  }

  /** Classes of objects, each with its subclasses ("cones"): those in both lists (a class in
   *  one under a class in the other; where neither is under the other, the topmost of their
   *  common subclasses: a diamond). */
  conesMeet(a: ClassInfo[], b: ClassInfo[]): ClassInfo[] {
    const out: ClassInfo[] = [];
    const put = (k: ClassInfo) => { if (!out.includes(k)) out.push(k); };
    for (const x of a) for (const y of b) {
      if (this.isSubclass(x, y)) put(x);
      else if (this.isSubclass(y, x)) put(y);
      else {
        const common = this.allSubclasses(x).filter(s => this.isSubclass(s, y));
        for (const s of common) if (!common.some(o => o !== s && this.isSubclass(s, o))) put(s);
      }
    }
    return out;
  }

  /** The class of the object a method runs on, given that it is an instance of `cls`: `cls`
   *  where that is narrower than the method's own class, else undefined (any instance that runs
   *  the method). */
  receiverOf(fn: FnInfo, cls: ClassInfo): ClassInfo | undefined {
    const own = fn.cls;
    return own && cls !== own && this.isSubclass(cls, own) ? cls : undefined;
  }

  lookupMethod(c: ClassInfo, name: string): FnInfo | undefined {
    for (const k of this.mro(c)) { const m = k.methods.get(name); if (m) return m; }
    return undefined;
  }

  /** Names of the analyzed property setters, and getters (most attribute reads that could run
   *  one are of names no property has). */
  private readonly setterNames = new Set<string>();
  private readonly getterNames = new Set<string>();

  /** The setter `obj.name = v` runs: that of the first class in the MRO defining `name`. */
  lookupSetter(c: ClassInfo, name: string): FnInfo | undefined {
    for (const k of this.mro(c)) if (k.methods.has(name) || k.setters.has(name)) return k.setters.get(name);
    return undefined;
  }

  private instanceLocks?: Map<string, ClassInfo>;
  private instanceLockOwners?: Set<ClassInfo>;
  /** The class whose objects each make the lock `id` names, when it is an instance attribute
   *  bound to a lock constructor (`self._lock = threading.Lock()`) of a class made at more than
   *  one place or in a loop (itself or its subclasses): one such lock per object, so holding
   *  "it" orders nothing between two objects. Undefined for a module's lock, a class-level
   *  one, or one of a class made once. */
  perObjectLock(id: string): ClassInfo | undefined {
    const c = this.instanceLockMap().get(id);
    if (!c) return undefined;
    // (made in two functions, or in a loop and kept as many, `Queue().start()`,
    // `workers.append(Worker())`; not two branches of one function, `svc = Service(v) if …`,
    // nor a retry loop binding one name, `while svc is None: svc = Service()`)
    // (or two kept in one list, `ws = [Worker("a"), Worker("b")]`)
    const makers = new Set<FnInfo>();
    let listed = 0;
    for (const k of [c, ...this.allSubclasses(c)]) for (const e of this.constructionsOf?.(k) ?? []) {
      if (e.site.inLoop && (e.site.boundTo === undefined || e.site.boundTo.endsWith(EACH_JOINED))) return c;
      if (e.site.boundTo?.endsWith(EACH_JOINED) && ++listed > 1) return c;
      makers.add(e.fn);
      if (makers.size > 1) return c;
    }
    return undefined;
  }

  /** Whether objects of the class make a lock of their own (an instance attribute bound to a
   *  lock constructor, in it or a base): a construction of it added or taken away may change
   *  which locks are per object (perObjectLock). */
  makesOwnLock(c: ClassInfo): boolean {
    this.instanceLockOwners ??= new Set(this.instanceLockMap().values());
    return this.mro(c).some(k => this.instanceLockOwners!.has(k));
  }

  /** Instance attributes bound to a lock constructor, by lock id, with their class (the
   *  declarations an in-place edit keeps: replaceFile). */
  private instanceLockMap(): Map<string, ClassInfo> {
    if (!this.instanceLocks) {
      this.instanceLocks = new Map();
      for (const c of this.classes.values()) for (const [attr, info] of Object.entries(c.s.attrs)) if (info.lock && info.instance && !info.classBody && !info.lockOf) this.instanceLocks.set(classAttrId(c, attr), c);
    }
    return this.instanceLocks;
  }

  /** What a request handler runs per request: its HANDLER_METHODS and `do_<COMMAND>` methods,
   *  where analyzed. */
  handlerEntries(cls: ClassInfo): FnInfo[] {
    const names = new Set(HANDLER_METHODS);
    for (const k of this.mro(cls)) for (const m of k.methods.keys()) if (m.startsWith('do_')) names.add(m);
    const out: FnInfo[] = [];
    for (const n of names) { const m = this.lookupMethod(cls, n); if (m && !out.includes(m)) out.push(m); }
    return out;
  }

  /** A function's local container no other call of it sees, each call having its own: its
   *  closures (nested defs, lambdas) that reach it are handed to no start, passed to no call,
   *  stored and returned nowhere, and no thread is started in the function or in them (rich's
   *  `_collect_renderables.text`, whose nested `flush` the same call runs; distlib's
   *  `links.result`, beside `sorted(result, key=lambda t: …)`, a lambda that never names it). */
  callLocal(cid: string): boolean {
    const c = this.containers.get(cid);
    const file = c?.ownerKind === 'function' ? this.fileAt(c.path) : undefined;
    const owner = file && this.fnNamed(file.module, c!.owner);
    if (!owner) return false;
    const inner = this.functionsOf(file!).filter(f => f !== owner && inFunction(f.s.qualname, owner.s.qualname));
    if (owner.s.starts.length || inner.some(f => f.s.starts.length)) return false;
    // (the closures that reach it: naming it, or calling one that does)
    const names = (t: string, n: string) => new RegExp(`(^|[^\\w.])${n}\\b`).test(t);
    const reaching = new Set<string>();
    const reaches = (f: FnInfo) => f.s.accesses.some(a => a.target.root === c!.attr)
      || f.s.calls.some(call => call.callee.root === c!.attr || reaching.has(call.callee.root) || call.args.some(t => names(t, c!.attr)) || Object.values(call.kwargs).some(t => names(t, c!.attr)));
    for (let grew = true; grew; ) {
      grew = false;
      for (const f of inner) if (!reaching.has(f.s.name) && reaches(f)) { reaching.add(f.s.name); grew = true; }
    }
    const lambdaReaches = (t: string) => names(t, c!.attr) || [...reaching].some(n => names(t, n));
    const escapes = (t: string | undefined) => !!t && (reaching.has(t) || (t.startsWith('lambda') && lambdaReaches(t)));
    for (const f of [owner, ...inner]) {
      if (f.s.returns?.some(escapes) || f.s.accesses.some(a => escapes(a.value))) return false;
      for (const call of f.s.calls) if (call.args.some(escapes) || Object.values(call.kwargs).some(escapes)) return false;
    }
    return true;
  }

  /** A server that handles each request on a thread of its own (`ThreadingMixIn`). */
  threadingServer(c: ClassInfo): boolean {
    return THREADING_SERVER_BASES.some(b => this.derivesFrom(c, b));
  }

  /** A container each thread has its own of: an instance attribute of a `threading.local`
   *  subclass (`class Ctx(threading.local): def __init__(self): self.stack = []`), which every
   *  thread that touches the object sees with values of its own. */
  threadLocal(cid: string): boolean {
    const c = this.containers.get(cid);
    const cls = c && !c.classLevel ? this.containerClass(c) : undefined;
    return !!cls && THREAD_LOCAL_BASES.some(b => this.derivesFrom(cls, b));
  }

  /** The class a class container is an attribute of. */
  /** A module global that is a container by its class (`REGISTRY = Registry()`, `class
   *  Registry(dict)`): whether its one object is of cls, whose per-object locks are then its. */
  globalOfClass(c: ContainerInfo, cls: ClassInfo): boolean {
    if (c.ownerKind !== 'module') return false;
    const file = this.findModule(c.owner);
    const info = file && own(file.globals, c.attr);
    if (!info || info.container) return false;
    return this.typesFromText(file, info.typeText).some(v => v.k === 'inst' && this.mro(v.cls).includes(cls));
  }

  containerClass(c: ContainerInfo): ClassInfo | undefined {
    if (c.ownerKind !== 'class') return undefined;
    return this.classes.get(`${c.id.slice(0, c.id.length - c.owner.length - c.attr.length - 2)}:${c.owner}`);
  }

  /** An attribute's note in the first class of cls's MRO that has one. */
  private attrInfo(cls: ClassInfo, attr: string): AttrInfo | undefined {
    for (const k of this.mro(cls)) { const info = own(k.s.attrs, attr); if (info) return info; }
    return undefined;
  }

  /** A container attribute each object of the class makes for itself (`self._pool = []`): not
   *  bound in the class body, nor to another object's (an alias, a constructor parameter). */
  perObjectAttr(cls: ClassInfo, attr: string): boolean {
    const info = this.attrInfo(cls, attr);
    return !!info && !!info.container && !!info.instance && !info.aliases && !info.fromParams && !info.handed;
  }

  /** `self.<attr>` in a method of fn's (one attribute of self): the method's class and the
   *  attribute; undefined for any other text. */
  private selfAttr(fn: FnInfo, text: string): { cls: ClassInfo; attr: string } | undefined {
    const sp = this.selfName(fn);
    const cls = this.methodOf(fn)?.cls;
    if (!sp || !cls || !text.startsWith(sp + '.') || text.indexOf('.', sp.length + 1) >= 0) return undefined;
    return { cls, attr: text.slice(sp.length + 1) };
  }

  /** A done-callback's future as ThreadEntry.afterTask names it: the future's boundKey, then
   *  `@` and the callback's text (ThreadStart.future). */
  doneKey(fn: FnInfo, text: string): string {
    const at = text.indexOf('@');
    return at < 0 ? this.boundKey(fn, text) : this.boundKey(fn, text.slice(0, at)) + text.slice(at);
  }

  /** What a thread object is bound to (ThreadStart.boundTo, a join's text), as one name
   *  wherever it is written: `self._t` in a method is the attribute of the base-most class of
   *  the method's that has it (`mod:Reporter._t`); a list's elements keep their `[]`. */
  boundKey(fn: FnInfo, text: string): string {
    const each = text.endsWith(EACH_JOINED);
    const t = each ? text.slice(0, -EACH_JOINED.length) : text;
    const sa = this.selfAttr(fn, t);
    if (sa) {
      const owner = [...this.mro(sa.cls)].reverse().find(k => own(k.s.attrs, sa.attr)) ?? sa.cls;
      return `${owner.key}.${sa.attr}${each ? EACH_JOINED : ''}`;
    }
    const sp = this.selfName(fn);
    // (an attribute of a local, parameter or global that is an object of an analyzed class,
    // `a.t.join()` after `a = A()`, `fe.loop` on a parameter handed a Frontend: that class's
    // attribute, as self's is named in its methods; a local named for its function, joinName)
    const bare = t.startsWith(`${fn.s.qualname}:`) ? t.slice(fn.s.qualname.length + 1) : t;
    const dot = bare.indexOf('.');
    if (dot <= 0 || bare.indexOf('.', dot + 1) >= 0 || bare.startsWith('<')) return text;
    const root = bare.slice(0, dot), attr = bare.slice(dot + 1);
    if (root === sp) return text;
    const vals = this.inferred(() => this.evalPath(fn, { root, attrs: [] }));
    let owner: ClassInfo | undefined;
    for (const v of vals.flatMap(x => (x.k === 'var' ? this.globalValues(x) : [x]))) {
      if (v.k !== 'inst') return text;
      const o = [...this.mro(v.cls)].reverse().find(k => own(k.s.attrs, attr));
      if (!o || (owner && o !== owner)) return text;
      owner = o;
    }
    return owner ? `${owner.key}.${attr}${each ? EACH_JOINED : ''}` : text;
  }

  /** The hook a queue.Queue subclass has for a method of Queue's it does not have (`put`:
   *  its `_put`, QUEUE_HOOKS), which Queue's method calls. */
  private queueHook(c: ClassInfo, method: string): FnInfo | undefined {
    const hook = own(QUEUE_HOOKS, method);
    return hook && QUEUE_BASES.some(b => this.derivesFrom(c, b)) ? this.lookupMethod(c, hook) : undefined;
  }

  /** A queue.Queue subclass's `_init`: Queue's constructor calls it, on the new object. */
  queueInit(fn: FnInfo): boolean {
    return fn.s.name === QUEUE_HOOKS.__init__ && !!fn.cls && this.queueHook(fn.cls, '__init__') === fn;
  }

  /** `threading.Thread` (or another external base) anywhere in the ancestry; or the class
   *  itself, analyzed (threading.py among the files: its Thread is `threading:Thread`). */
  derivesFrom(c: ClassInfo, external: string): boolean {
    // (a loop, not some() with a closure: asked for every class at every thread model)
    for (const k of this.mro(c)) if (k.externalBases.includes(external) || this.isExternal(k, external)) return true;
    return false;
  }

  /** Whether k is the analyzed definition of the external class `external` (`threading.Thread`). */
  isExternal(k: ClassInfo, external: string): boolean {
    return external.length === k.file.module.length + 1 + k.s.qualname.length && external === `${k.file.module}.${k.s.qualname}`;
  }

  // ---- values ----
  /** Nesting of type evaluations: attribute types can refer to each other in a cycle. */
  private typeDepth = 0;

  private typesFromText(file: FileSummary, texts: string[] | string | undefined): Val[] {
    if (!texts || this.typeDepth > MAX_DEPTH) return [];
    this.typeDepth++;
    try { return this.typesFromTextInner(file, texts); } finally { this.typeDepth--; }
  }

  private typesFromTextInner(file: FileSummary, texts: string[] | string): Val[] {
    const out: Val[] = [];
    for (const text of Array.isArray(texts) ? texts : [texts]) {
      // (what a call in a method returns, `self.engine = self._make()`: IN_FUNCTION)
      if (text.startsWith(IN_FUNCTION)) { out.push(...this.inFunctionValues(file, text)); continue; }
      // (what a chain of calls made, `loop = UnixPolicy().new_event_loop()`: each call's result
      // in turn, not its names one by one as an annotation's)
      if (text.includes('().')) { out.push(...this.chainValues(file, text)); continue; }
      for (const m of text.replace(/["']/g, '').matchAll(/[A-Za-z_][\w.]*/g)) {
        const parts = m[0].split('.');
        if (TYPE_WORDS.has(parts[parts.length - 1])) continue;
        for (const v of this.evalGlobalPath(file, { root: parts[0], attrs: parts.slice(1) })) {
          if (v.k === 'cls') out.push({ k: 'inst', cls: v.cls });
          // (`log = getLogger(…)`: a type text naming a function is what a call of it makes)
          else if (v.k === 'fn') out.push(...this.returnValues(v.fn));
          // an instance of something outside the analyzed code: known, so never guessed at by name
          else if (v.k === 'ext') out.push({ k: 'ext', name: `${v.name}()` });
        }
      }
    }
    return out;
  }

  /** What a call made in a method gives (`<in>T.setup|self._make`), evaluated there. */
  private inFunctionValues(file: FileSummary, text: string): Val[] {
    return callResults(this, this.calleeValues(file, text));
  }

  /** What a type text's callee is: a module's name, or one of a method's own (IN_FUNCTION),
   *  evaluated there (`self.headers_class`: the class it names). */
  private calleeValues(file: FileSummary, text: string): Val[] {
    if (!text.startsWith(IN_FUNCTION)) return this.evalGlobalPath(file, dotted(text));
    const bar = text.indexOf('|');
    const fn = bar > 0 ? this.fnNamed(file.module, text.slice(IN_FUNCTION.length, bar)) : undefined;
    if (!fn) return NO_VALS;
    const callee = text.slice(bar + 1);
    return this.evalPath(fn, callee.startsWith('<') ? { root: callee, attrs: [] } : chained(callee));
  }

  /** What calling a chain's callee text gives, seen from a module's top level
   *  (`UnixPolicy().new_event_loop`: an instance's method's returns): evaluated as a
   *  function's local type is, `chained`, in the module's own function (its first). */
  private chainValues(file: FileSummary, text: string): Val[] {
    const m = this.functionsOf(file)[0];
    return m ? callResults(this, this.evalPath(m, chained(text))) : NO_VALS;
  }

  /** The enclosing method for `self`/`super()` in a function or its closures. */
  /** The name of the object a function runs on: a method's self parameter, or, in a closure,
   *  its method's when the closure does not bind that name itself. */
  selfName(fn: FnInfo): string | undefined {
    if (fn.s.selfParam) return fn.s.selfParam;
    const m = this.methodOf(fn);
    const sp = m?.s.selfParam;
    for (let f: FnInfo | undefined = fn; sp && f && f !== m; f = f.parent) if (f.s.params.includes(sp) || f.s.locals.includes(sp)) return undefined;
    return sp;
  }

  methodOf(fn: FnInfo): FnInfo | undefined {
    for (let f: FnInfo | undefined = fn; f; f = f.parent) if (f.cls) return f;
    return undefined;
  }

  evalRoot(fn: FnInfo, root: string): Val[] {
    if (root.startsWith(GETATTR_OF)) return this.dispatched(fn, root.slice(GETATTR_OF.length));
    if (root.startsWith(ITEM_OF)) {
      const t = root.slice(ITEM_OF.length);
      const vals = this.elementsOf(fn, t, true);
      return vals.length ? vals : this.elementsOf(fn, t, false);
    }
    if (root.startsWith('<call:')) {
      // an instance of an analyzed class, or of something outside (known, so not guessed at by name)
      return callResults(this, this.evalPath(fn, chained(root.slice(6, -1))));
    }
    for (let f: FnInfo | undefined = fn, d = 0; f && d < MAX_DEPTH; f = f.parent, d++) {
      const s = f.s;
      if (s.kind === 'module') {
        // (module code's loop variables, `for w in workers: w.counts`, and comprehensions'
        // `<local:w>`: an element of what they iterate; other globals are the module's)
        const types = f === fn ? own(s.localTypes, root) : undefined;
        const v = types && (root.startsWith('<local:') || types[0].startsWith(EACH_OF) || types[0].startsWith(VALUES_OF) || types[0].startsWith(NESTED_OF)) ? this.localTypeVals(f, root, types) : undefined;
        if (v) return v;
        break;
      }
      if (f.cls && s.selfParam === root) return s.classmethod ? [{ k: 'cls', cls: f.cls }] : [{ k: 'inst', cls: f.cls }];
      if (s.params.includes(root)) {
        const t = this.withNarrowed(f, root, this.typesFromText(f.file, own(s.paramTypes, root)));
        // (what a caller that leaves it out gets: `HandlerClass=BaseHTTPRequestHandler`; and what
        // the body binds it to, `if executor is None: executor = ThreadPoolExecutor()`)
        const rebound = boundTypes(s, root);
        const d = joinVals(this.defaultValues(f, root), rebound.length ? this.localTypeVals(f, root, rebound) ?? NO_VALS : NO_VALS);
        if (t.length || !this.inferring) return joinVals(t, d);
        // (an unannotated constructor parameter: what construction sites pass; and the functions
        // handed to the parameter, `args=(self.on_done,)`, `retry(self.reload)`)
        const passed = f.cls && s.name === '__init__' && !own(s.paramTypes, root) ? this.paramValues(f.cls, root) : [];
        const fns = this.paramFunctions?.get(f)?.get(root);
        return this.withNarrowed(f, root, joinVals(joinVals(passed, fns ?? NO_VALS), d));
      }
      const types = own(s.localTypes, root);
      if (types) {
        const v = this.localTypeVals(f, root, types);
        if (v) return v;
        // `x = make()` where make is a class defined locally
      }
      const local = this.localNamed(f.file.module, s.qualname, root);
      if (local && s.nested.includes(root)) {
        if (local.fn) return [{ k: 'fn', fn: local.fn, bound: false }];
        if (local.cls) return [{ k: 'cls', cls: local.cls }];
      }
      if (local?.cls) return [{ k: 'cls', cls: local.cls }];
      // (a local bound by an import in the function, `import time`: the module, never guessed)
      if (s.locals.includes(root)) return f.file.imports.some(i => i.name === root) ? this.resolveGlobal(f.file, root) : [];
    }
    return this.resolveGlobal(fn.file, root);
  }

  /** What a local's types (FunctionSummary.localTypes) give it; undefined when they give
   *  nothing that is known (the caller looks further: a class or function defined locally). */
  private localTypeVals(f: FnInfo, root: string, types: string[]): Val[] | undefined {
    // (what `isinstance(x, C)` adds: besides what x was bound to, and loose, for x may be
    // of another class, `if isinstance(item, Stop): break`, then item.execute())
    const narrowed = this.narrowedVals(f, types);
    const lt = narrowed === NO_VALS ? types : types.filter(x => !x.startsWith(NARROWED));
    const also = (vals: Val[]) => joinVals(vals, narrowed);
    if (!lt.length) return narrowed;
    // (a name bound in two ways, one of them an element, `t` of `[Thread(target=t.run) for t in
    // jobs]` and of a later `for t in threads:`: each way's values)
    if (lt.length > 1 && lt.some(elementText)) {
      let out: Val[] = NO_VALS;
      const plain = lt.filter(x => !elementText(x));
      for (const x of lt) if (elementText(x)) out = joinVals(out, this.localTypeVals(f, root, [x]) ?? NO_VALS);
      if (plain.length) out = joinVals(out, this.localTypeVals(f, root, plain) ?? NO_VALS);
      return also(out);
    }
    if (lt[0].startsWith(GETATTR_OF)) return this.dispatched(f, lt[0].slice(GETATTR_OF.length));
    // (a loop variable: an element of the container it iterates)
    if (lt[0].startsWith(EACH_OF)) return also(this.elementsOf(f, lt[0].slice(EACH_OF.length), false));
    // (an item of a mapping, or of a sequence, `outbuf = self.outbufs[0]`: its elements)
    if (lt[0].startsWith(VALUES_OF)) return also(this.elementsOf(f, lt[0].slice(VALUES_OF.length), true, true));
    if (lt[0].startsWith(NESTED_OF)) return also(this.elementsOf(f, lt[0].slice(NESTED_OF.length), true).filter(v => v.k === 'fn'));
    // (`fn, args = self.q.get()`: one item of the tuples put on the queue)
    if (lt[0].startsWith(TUPLE_OF)) {
      const bar = lt[0].indexOf('|');
      return also(this.queuedItemsOf(f, lt[0].slice(bar + 1), Number(lt[0].slice(TUPLE_OF.length, bar))));
    }
    // (`item = work_q.get()` on a module's queue: what is put on it, not what the text names,
    // the external getter's result)
    const q = lt.length === 1 ? this.queuedOf(f, lt[0]) : undefined;
    if (q) return also(q);
    // (a type text read as an annotation; not a chain of calls, `get_policy().new_event_loop`,
    // whose names an annotation's reading would take one by one: made below)
    const t = lt.some(x => x.includes('().')) ? NO_VALS : this.typesFromText(f.file, lt);
    if (t.length) return also(t);
    // `server = cls._Server(...)`: what the callee is, seen from here
    if (this.localDepth < MAX_DEPTH) {
      this.localDepth++;
      try {
        const made = lt.flatMap((x): Val[] => {
          if (x.startsWith(root + '.') || x === root) return [];
          // (`req = self.inbox.get()`: what is put on the queue, AttrInfo.queued)
          const q = this.queuedOf(f, x);
          if (q) return q;
          return this.evalPath(f, chained(x)).flatMap((v): Val[] => (v.k === 'cls' ? [{ k: 'inst', cls: v.cls }] : v.k === 'fn' ? this.returnValues(v.fn) : []));
        });
        if (made.length) return also(made);
      } finally { this.localDepth--; }
    }
    return narrowed.length ? narrowed : undefined;
  }

  /** What a call of `text` gives when it is a queue's getter (`self.inbox.get`, `work_q.get`) on
   *  a queue that notes what is put on it (AttrInfo.queued, addedParams: queueTables);
   *  undefined otherwise. */
  private queuedOf(f: FnInfo, text: string): Val[] | undefined {
    let out: Val[] = NO_VALS;
    for (const { file, info, on } of this.queueTables(f, text)) {
      if (info.queued) out = joinVals(out, this.typesFromText(file, info.queued));
      // (put from an untyped parameter: what its callers hand it)
      out = joinVals(out, this.addedValues(file, info));
      // (functions put whole, `tasks.put(flush)`, `tasks.put(self.flush)`, `tasks.put(d.reset)`)
      out = joinVals(out, this.queuedFunctions(file, info, on, '*'));
    }
    return out.length ? out : undefined;
  }

  /** The functions put on a queue as `item` (`*`, whole; `i`, a tuple's item i), its queuedAt
   *  `item=fn:name` (a module's, or `Class.method`) and `item=self:method` (of the object the
   *  queue is on). */
  private queuedFunctions(file: FileSummary, info: AttrInfo, on: ClassInfo | undefined, item: string): Val[] {
    let out: Val[] = NO_VALS;
    const fnAt = `${item}=fn:`, selfAt = `${item}=self:`;
    for (const t of info.queuedAt ?? []) {
      if (t.startsWith(fnAt)) out = joinVals(out, this.evalGlobalPath(file, dotted(t.slice(fnAt.length))).filter(v => v.k === 'fn'));
      else if (t.startsWith(selfAt) && on) { const m = this.lookupMethod(on, t.slice(selfAt.length)); if (m) out = joinVals(out, [{ k: 'fn', fn: m, bound: true, dispatch: on }]); }
    }
    return out;
  }

  /** The notes of the queue a getter text names: a module's global (`work_q.get`, where f has
   *  no such name of its own) or an analyzed class's attribute (`self.inbox.get`), with the
   *  class of the object it is on. */
  private queueTables(f: FnInfo, text: string, depth = 0): { file: FileSummary; info: AttrInfo; on?: ClassInfo }[] {
    const p = dotted(text);
    const n = p.attrs.length;
    if (!n || !ITEM_GETTERS.has(p.attrs[n - 1])) return [];
    const tables: { file: FileSummary; info: AttrInfo; on?: ClassInfo }[] = [];
    // (a getter kept on the object, `self.get = self._queue.get` (cheroot's thread pool), then
    // `conn = self.get()`: the queue it is of, AttrInfo.boundMethods)
    if (depth < MAX_DEPTH) for (const v of this.evalPath(f, { root: p.root, attrs: p.attrs.slice(0, n - 1) })) {
      if (v.k !== 'inst') continue;
      for (const k of this.mro(v.cls)) {
        const b = own(k.s.attrs, p.attrs[n - 1])?.boundMethods?.find(x => x.endsWith(`.${p.attrs[n - 1]}`) && x.split('.').length === 2);
        if (b) return this.queueTables(f, [p.root, ...p.attrs.slice(0, n - 1), b].join('.'), depth + 1);
      }
    }
    if (n === 1) {
      if (f.s.params.includes(p.root) || f.s.locals.includes(p.root)) return [];
      for (const v of this.resolveGlobal(f.file, p.root)) {
        const info = v.k === 'var' ? own(v.file.globals, v.name) : undefined;
        if (info) tables.push({ file: (v as { file: FileSummary }).file, info });
      }
      return tables;
    }
    const attr = p.attrs[n - 2];
    for (const v of this.evalPath(f, { root: p.root, attrs: p.attrs.slice(0, n - 2) })) {
      if (v.k !== 'inst') continue;
      for (const k of this.mro(v.cls)) { const info = own(k.s.attrs, attr); if (info) { tables.push({ file: k.file, info, on: v.cls }); break; } }
    }
    return tables;
  }

  /** Item i of the tuples put on the queue a getter text names (`self.q.get`, `work_q.get`):
   *  AttrInfo.queuedAt, and what callers hand the parameters put there (`qualname:param#i`). */
  private queuedItemsOf(f: FnInfo, text: string, i: number): Val[] {
    let out: Val[] = NO_VALS;
    for (const { file, info, on } of this.queueTables(f, text)) {
      const typed = (info.queuedAt ?? []).filter(t => t.startsWith(`${i}:`)).map(t => t.slice(t.indexOf(':') + 1));
      if (typed.length) out = joinVals(out, this.typesFromText(file, typed));
      // (functions put there: a module's, `i=fn:bump`; a method of the object, `i=self:_count`)
      out = joinVals(out, this.queuedFunctions(file, info, on, `${i}`));
      if (info.addedParams && this.paramFunctions) for (const ap of info.addedParams) {
        if (!ap.endsWith(`#${i}`)) continue;
        const c = ap.lastIndexOf(':');
        const m = this.fnNamed(file.module, ap.slice(0, c));
        const vals = m && this.paramFunctions.get(m)?.get(ap.slice(c + 1, ap.lastIndexOf('#')));
        if (vals) out = joinVals(out, vals.filter(v => v.k === 'fn' || v.k === 'inst'));
      }
    }
    return out;
  }

  /** vals, and the classes `isinstance(name, C)` tests in f add to a parameter (loosely). */
  private withNarrowed(f: FnInfo, name: string, vals: Val[]): Val[] {
    const n = this.narrowedVals(f, own(f.s.localTypes, name));
    return joinVals(vals, n);
  }

  /** The classes among a name's local types that isinstance tests gave it (NARROWED), as loose
   *  instances (it may be of another class); NO_VALS when none. */
  private narrowedVals(f: FnInfo, types: string[] | undefined): Val[] {
    if (!types?.some(x => x.startsWith(NARROWED))) return NO_VALS;
    return this.typesFromText(f.file, types.filter(x => x.startsWith(NARROWED)).map(x => x.slice(NARROWED.length))).map((v): Val => (v.k === 'inst' ? { ...v, loose: true, narrowed: true } : v));
  }

  /** `func = getattr(self, …)` in f: the methods of f's class it may be (GETATTR_OF): the one
   *  named, those starting with a prefix, or those listed in a class attribute the function
   *  tests the name against (`assert funcname in self.public`, multiprocessing's Server). */
  private dispatched(f: FnInfo, spec: string): Val[] {
    const m = this.methodOf(f);
    const cls = m?.cls;
    if (!cls) return [];
    let names: string[] = [];
    if (spec[0] === '=') names = [spec.slice(1)];
    else if (spec[0] === '^') {
      const prefix = spec.slice(1);
      for (const k of [...this.mro(cls), ...this.allSubclasses(cls)]) for (const n of k.methods.keys()) if (n.startsWith(prefix) && !names.includes(n)) names.push(n);
    } else if (spec[0] === '?') {
      // (on self of this class or a subclass: each one's own list, `public = Server.public +
      // ['track_segment']` in SharedMemoryServer, names its own methods)
      const v = spec.slice(1), sp = this.selfName(f);
      const out: Val[] = [];
      for (const a of f.s.accesses) {
        if (!a.check || a.key !== v || a.target.root !== sp || a.target.attrs.length !== 1) continue;
        for (const k of [cls, ...this.allSubclasses(cls)]) {
          for (const val of this.methodsNamed(k, this.listedNames(k, a.target.attrs[0], 0))) if (!out.some(o => sameVal(o, val))) out.push(val);
        }
      }
      return out;
    }
    return this.methodsNamed(cls, names);
  }

  /** The names a class's list attribute holds (AttrInfo.names), the base list it adds to
   *  included (LISTED_FROM). */
  private listedNames(cls: ClassInfo, attr: string, depth: number): string[] {
    if (depth > MAX_DEPTH) return [];
    for (const k of this.mro(cls)) {
      const listed = own(k.s.attrs, attr)?.names;
      if (!listed) continue;
      const out: string[] = [];
      for (const n of listed) {
        if (!n.startsWith(LISTED_FROM)) { out.push(n); continue; }
        const p = dotted(n.slice(LISTED_FROM.length));
        if (p.attrs.length !== 1) continue;
        for (const v of this.evalGlobalPath(k.file, { root: p.root, attrs: [] })) if (v.k === 'cls') out.push(...this.listedNames(v.cls, p.attrs[0], depth + 1));
      }
      return out;
    }
    return [];
  }

  /** The methods of those names on an object of cls, as bound methods. */
  private methodsNamed(cls: ClassInfo, names: readonly string[], unbound = false): Val[] {
    const out: Val[] = [];
    for (const n of names) for (const v of this.getAttr({ k: unbound ? 'cls' : 'inst', cls }, n)) if (v.k === 'fn' && !out.some(o => sameVal(o, v))) out.push(v);
    return out;
  }

  /** The elements of a container as its annotation says (`self.workers: list[Worker]`,
   *  `Dict[str, Handler]`): what a loop over it (`values`: over its values, a mapping's) binds.
   *  Not a mapping's keys nor a sequence's "values": those are not what the annotation names.
   *  `items`: a sequence's elements where `values` are asked of one (`self.outbufs[0]`, an
   *  item by index). */
  private elementsOf(fn: FnInfo, text: string, values: boolean, items = false): Val[] {
    if (this.localDepth >= MAX_DEPTH) return [];
    this.localDepth++;
    try {
      // (what a call returns, `self._handlers.prefix_search()`: a container it returns, or the
      // functions and objects it returns as a registry's elements are flattened into it)
      if (text.endsWith('()')) {
        const call = { root: `<call:${text.slice(0, -2)}>`, attrs: [] };
        const ids = this.containersOf(fn, call);
        if (ids.length) return this.elementsOfIds(fn, call, ids, values);
        return callResults(this, this.evalPath(fn, chained(text.slice(0, -2)))).filter(v => v.k === 'fn' || (v.k === 'inst' && v.element));
      }
      const p = dotted(text);
      const ids = this.containersOf(fn, p);
      // (a parameter or local annotated as a collection, `batch: list[Req]`, `Sequence[Req]`,
      // `dict[str, Req]`: what the annotation says its items are)
      if (!ids.length && !p.attrs.length) return this.annotatedItems(fn, p.root, values);
      // (an attribute its `__init__` binds to a parameter the construction sites hand a list
      // literal, `self.providers = providers` with `CredentialResolver(providers=[Env(), …])`)
      if (!ids.length && !values) return this.passedItems(fn, p);
      if (items && values && ids.length && !ids.some(id => MAPPING_TYPES.has(this.containers.get(id)?.type ?? ''))) return this.elementsOfIds(fn, p, ids, false).filter(v => v.k === 'inst');
      return this.elementsOfIds(fn, p, ids, values);
    } finally { this.localDepth--; }
  }

  /** elementsOf for a path that names these containers. */
  private elementsOfIds(fn: FnInfo, p: ExprPath, ids: string[], values: boolean): Val[] {
    if (!ids.length || ids.some(id => MAPPING_TYPES.has(this.containers.get(id)?.type ?? '') !== values)) return [];
    const out: Val[] = [];
    // (a callback registry: what callers hand the parameters its methods add; a mapping's
    // values, `HANDLERS[kind] = fn`, as a list's elements)
    for (const id of ids) for (const v of this.addedFunctions(id)) if ((!values || v.k === 'fn') && !out.some(o => sameVal(o, v))) out.push(v);
    for (const id of ids) for (const v of this.tableMethods(id)) if (!out.some(o => sameVal(o, v))) out.push(v);
    // (a module's functions kept in it, `HANDLERS["resize"] = resize`: what calling an item runs)
    for (const id of ids) for (const v of this.storedFunctions(id)) if (!out.some(o => sameVal(o, v))) out.push(v);
    // (what other functions add to it through an object of its class, `s.batch.append(r)`)
    for (const id of ids) for (const v of this.foreignAdds(id)) if (!out.some(o => sameVal(o, v))) out.push(v);
    for (const v of this.evalPath(fn, p)) {
      // (a module global: what its annotation names)
      const vs = v.k === 'var' ? this.typesFromText(v.file, own(v.file.globals, v.name)?.typeText) : [v];
      for (const e of vs) {
        if (e.k === 'ext') out.push(e);
        // (the element itself, no longer as what the container holds)
        else if (e.k === 'inst') out.push(e.element ? { k: 'inst', cls: e.cls, ...(e.loose ? { loose: true } : {}) } : e);
      }
    }
    return out;
  }

  /** The items of the list or tuple literals the construction sites hand the `__init__`
   *  parameter an attribute is bound to (Program.passed's elements). */
  private passedItems(fn: FnInfo, p: ExprPath): Val[] {
    if (!this.constructionsOf) return NO_VALS;
    const attr = p.attrs[p.attrs.length - 1];
    let out: Val[] = NO_VALS;
    for (const v of this.evalPath(fn, { root: p.root, attrs: p.attrs.slice(0, -1) })) {
      if (v.k !== 'inst') continue;
      for (const k of this.mro(v.cls)) {
        const info = own(k.s.attrs, attr);
        if (!info) continue;
        for (const text of info.fromParams ?? []) if (!text.includes('.')) out = joinVals(out, this.passed(k, text).elements);
        break;
      }
    }
    return out;
  }

  /** The items of a parameter or local annotated as a collection (`batch: list[Req]`,
   *  `Iterable[Req]`, `dict[str, Req]`): a sequence's elements, a mapping's values (`values`),
   *  never a mapping's keys; as instances, never as what a container holds. */
  private annotatedItems(fn: FnInfo, name: string, values: boolean): Val[] {
    for (let f: FnInfo | undefined = fn; f && f.s.kind !== 'module'; f = f.parent) {
      const texts = f.s.params.includes(name) ? [own(f.s.paramTypes, name)] : f.s.locals.includes(name) ? own(f.s.localTypes, name) : undefined;
      if (!texts) continue;
      const out: Val[] = [];
      for (const t of texts) {
        const items = t && itemTypeTexts(t, values);
        if (items) for (const v of this.typesFromText(f.file, items)) if ((v.k === 'inst' || v.k === 'ext') && !out.some(o => sameVal(o, v))) out.push(v.k === 'inst' && v.element ? { k: 'inst', cls: v.cls } : v);
      }
      return out;
    }
    return [];
  }

  private foreignIndex?: Map<string, { fn: FnInfo; recv: string; item: string }[]>;
  private readonly foreignMemo = new Map<string, Val[]>();
  /** The objects other functions add to a class's container attribute through an object of
   *  that class (FunctionSummary.elementAdds: `s.batch.append(r)` with `s` a Sched, `r` a Req):
   *  the item as that function types it. */
  private foreignAdds(id: string): Val[] {
    const c = this.containers.get(id);
    if (!c || c.ownerKind !== 'class') return NO_VALS;
    if (!this.foreignIndex) {
      this.foreignIndex = new Map();
      for (const fn of this.fnList) for (const a of fn.s.elementAdds ?? []) {
        const dot = a.indexOf('.'), eq = a.indexOf('=');
        const attr = a.slice(dot + 1, eq);
        let l = this.foreignIndex.get(attr);
        if (!l) this.foreignIndex.set(attr, (l = []));
        l.push({ fn, recv: a.slice(0, dot), item: a.slice(eq + 1) });
      }
    }
    const adds = this.foreignIndex.get(c.attr);
    if (!adds) return NO_VALS;
    let out = this.foreignMemo.get(id);
    if (out) return out;
    this.foreignMemo.set(id, NO_VALS);
    out = [];
    for (const { fn, recv, item } of adds) {
      const on = this.evalPath(fn, { root: recv, attrs: [] }).some(v => v.k === 'inst' && this.mro(v.cls).some(k => own(k.s.attrs, c.attr) && classAttrId(k, c.attr) === id));
      if (!on) continue;
      const vals = item.endsWith('()') ? this.evalPath(fn, dotted(item.slice(0, -2))).flatMap((v): Val[] => (v.k === 'cls' ? [{ k: 'inst', cls: v.cls }] : []))
        : this.evalPath(fn, { root: item, attrs: [] }).filter(v => v.k === 'inst' && !v.loose && !v.element);
      for (const v of vals) if (!out.some(o => sameVal(o, v))) out.push(v.k === 'inst' && v.element ? { k: 'inst', cls: v.cls } : v);
    }
    this.foreignMemo.set(id, out);
    return out;
  }

  /** The module functions stored in a container (AttrInfo.functions), as its file names them. */
  private storedFunctions(id: string): Val[] {
    const c = this.containers.get(id);
    const file = c && this.fileAt(c.path);
    if (!file) return NO_VALS;
    const info = c!.ownerKind === 'module' ? own(file.globals, c!.attr) : this.containerAttr(id)?.info;
    if (!info?.functions) return NO_VALS;
    // (and classes, a table of them: calling an item makes an object of one)
    return info.functions.flatMap(t => this.evalGlobalPath(file, dotted(t)).filter(v => v.k === 'fn' || v.k === 'cls'));
  }

  /** The methods a container is bound to a literal of (AttrInfo.methodValues: a dispatch
   *  table, `{"put": self.on_put}`), on an object of its class. */
  private tableMethods(id: string): Val[] {
    const a = this.containerAttr(id);
    // (a class body's table holds its functions as they are, unbound)
    return a?.info.methodValues ? this.methodsNamed(a.cls, a.info.methodValues, a.info.classBody && !a.info.instance) : NO_VALS;
  }

  /** A class attribute container's class and declaration. */
  private containerAttr(id: string): { cls: ClassInfo; info: AttrInfo } | undefined {
    const c = this.containers.get(id);
    if (!c || c.ownerKind !== 'class') return undefined;
    const file = this.fileAt(c.path);
    const cls = file && this.classNamed(file.module, c.owner);
    const info = cls && own(cls.s.attrs, c.attr);
    return info ? { cls: cls!, info } : undefined;
  }

  /** The functions a container's class's methods add to it from their parameters
   *  (AttrInfo.addedParams: `add_done_callback(fn)` → `self._done_callbacks.append(fn)`), as
   *  the callers hand them (paramFunctions). */
  private addedFunctions(id: string): Val[] {
    const a = this.containerAttr(id);
    if (a) return this.addedValues(a.cls.file, a.info);
    // (a module's registry, `_listeners.append(cb)` in `add_listener(cb)`)
    const c = this.containers.get(id);
    const file = c?.ownerKind === 'module' ? this.fileAt(c.path) : undefined;
    const info = file && own(file.globals, c!.attr);
    return info ? this.addedValues(file!, info) : NO_VALS;
  }

  /** What callers hand the parameters a class's methods add to (or put on) an attribute
   *  (AttrInfo.addedParams), from paramFunctions. */
  private addedValues(file: FileSummary, info: AttrInfo): Val[] {
    if (!this.paramFunctions || !info.addedParams) return NO_VALS;
    const out: Val[] = [];
    for (const ap of info.addedParams) {
      const i = ap.lastIndexOf(':');
      const m = this.fnNamed(file.module, ap.slice(0, i));
      // (functions, a callback registry; and objects, `self.handlers.append(hdlr)` with callers
      // handing it `StreamHandler()`: what a loop over it calls methods on)
      for (const v of (m && this.paramFunctions!.get(m)?.get(ap.slice(i + 1))) ?? NO_VALS) if ((v.k === 'fn' || v.k === 'inst') && !out.some(o => sameVal(o, v))) out.push(v);
    }
    return out;
  }

  /** What a module global is bound to, from its type texts; nothing for a container, whose
   *  texts are its elements' (`REGISTRY.append(self)`, `List[Worker]`). */
  private globalValues(v: { file: FileSummary; name: string }): Val[] {
    const info = own(v.file.globals, v.name);
    return info?.typeText && !info.container ? this.typesFromText(v.file, info.typeText) : NO_VALS;
  }

  getAttr(v: Val, a: string): Val[] {
    switch (v.k) {
      case 'inst': case 'cls': {
        // (`self.workers.pop()` is the list's, not a Worker's)
        if (v.k === 'inst' && v.element) return [];
        // `self.__class__.x`, `type(self).x` (summarize.ts writes it so): the class itself
        if (a === '__class__') return v.k === 'inst' ? [{ k: 'cls', cls: v.cls }] : [];
        const m = this.lookupMethod(v.cls, a);
        if (m) {
          const bound = v.k === 'inst' ? !m.s.staticmethod : !!m.s.classmethod;
          // Only calls on an instance dispatch to subclass overrides; `Base.save(self)` does not.
          const f: Val = { k: 'fn', fn: m, bound, dispatch: v.k === 'inst' ? v.cls : undefined };
          if (v.k === 'inst' && v.loose) f.loose = true;
          return [f];
        }
        // (`q.put(x)` on a queue.Queue subclass that overrides `_put`: Queue's put runs it)
        const hook = v.k === 'inst' ? this.queueHook(v.cls, a) : undefined;
        if (hook) return [{ k: 'fn', fn: hook, bound: true, dispatch: v.cls }];
        // (a plain server's request, `server.handle_request()`: the handler object's methods)
        if (a === HANDLER_CALL) return v.k === 'inst' ? this.handlerEntries(v.cls).map(m => ({ k: 'fn', fn: m, bound: true })) : [];
        // (leaving `with` on an io object whose `__exit__` is io's own: its close(), which the
        // class may override, `class Pipe(io.RawIOBase): def close(self): …`)
        if (a === '__exit__' && v.k === 'inst' && IO_BASES.some(b => this.derivesFrom(v.cls, b))) return this.getAttr(v, 'close');
        if (v.k === 'inst') {
          // A mixin calling self.m() where m comes from a sibling base of the combined class.
          const found: Val[] = [];
          for (const sub of this.allSubclasses(v.cls)) {
            const sm = this.lookupMethod(sub, a);
            if (sm && !found.some(f => f.k === 'fn' && f.fn === sm)) found.push({ k: 'fn', fn: sm, bound: !sm.s.staticmethod, dispatch: v.cls });
          }
          if (found.length) return found;
        }
        for (const k of this.mro(v.cls)) {
          const nested = this.nestedIn.get(k.file.module)?.get(k.s.qualname)?.get(a);
          if (nested) return [{ k: 'cls', cls: nested }];
          const info = own(k.s.attrs, a);
          if (info?.typeText) {
            const t = this.typesFromText(k.file, info.typeText);
            if (t.length) return info.container ? t.map(elementOf) : t;
          }
          // a class-body alias (`_Server = Server`; `cls._Server()`), an annotated one too
          // (`context_class: t.Type[Context] = Context`, a field with a class for its default)
          if (info?.aliases && (info.classBody || info.handed)) {
            const t = this.aliasValues(k.file, info.aliases);
            if (t.length) return t;
          }
          // `self.mgr = mgr` in __init__, for containers: what the construction sites pass
          if (info?.fromParams && this.inferring && v.k === 'inst') {
            const t = info.fromParams.flatMap(text => this.fromParamValues(k, text));
            if (t.length) return t;
          }
          // (`self._cb = cb` in a method other than __init__: what its callers hand cb)
          // (and a function a method defines and keeps, a nested def or a lambda)
          const kept = info?.localFunctions && !info.container ? this.localFunctionVals(k.file, info.localFunctions) : NO_VALS;
          if (info?.addedParams && !info.container && v.k === 'inst') {
            const t = this.addedValues(k.file, info);
            if (t.length) return joinVals(t, kept);
          }
          if (kept.length) return kept;
        }
        // (bound from outside the class, `client.on_log = on_log`: storedOutside)
        if (v.k === 'inst') for (const k of this.mro(v.cls)) { const ext = this.storedOutside.get(`${k.key}\0${a}`); if (ext?.length) return ext; }
        // (a slot the class leaves empty for its subclasses to fill, `_loop_factory = None` in
        // its body, read by `return self._loop_factory()`: what the subclasses' bodies set it to,
        // `= Loop`, any of them, as `self.m()` reaches the subclasses' methods; not a name the
        // class never declares, which a subclass may bind to anything)
        if (v.k === 'inst' && this.mro(v.cls).some(k => { const i = own(k.s.attrs, a); return !!i && !i.instance && !i.typeText && !i.aliases && !i.container; })) {
          const found: Val[] = [];
          for (const sub of this.allSubclasses(v.cls)) {
            const info = own(sub.s.attrs, a);
            if (!info?.aliases || !info.classBody) continue;
            for (const t of this.aliasValues(sub.file, info.aliases)) if (!found.some(f => sameVal(f, t))) found.push(t);
          }
          return found;
        }
        return [];
      }
      case 'mod': {
        const f = this.findModule(v.name);
        if (f) { const r = this.resolveGlobal(f, a); if (r.length) return r; }
        const sub = this.findModule(`${v.name}.${a}`);
        if (sub) return [{ k: 'mod', name: sub.module }];
        return f ? [] : [{ k: 'ext', name: `${v.name}.${a}` }];
      }
      case 'ext': return [{ k: 'ext', name: `${v.name}.${a}` }];
      // (a property read on an object, `self.options.update()`: what its getter returns)
      case 'fn': return v.bound && v.fn.s.property && this.propertyDepth < MAX_DEPTH ? this.throughProperty(v.fn, a) : [];
      case 'var': {
        const info = own(v.file.globals, v.name);
        if (!info?.typeText || info.container) return [];
        // (a global the module exports in `__all__` may be rebound by its importers:
        // `logging.lastResort`)
        const rebindable = !!own(v.file.globals, '__all__')?.names?.includes(v.name);
        return this.typesFromText(v.file, info.typeText).flatMap(t => this.getAttr(rebindable && t.k === 'inst' ? { ...t, loose: true } : t, a));
      }
      default: return [];
    }
  }

  private propertyDepth = 0;
  private throughProperty(getter: FnInfo, a: string): Val[] {
    this.propertyDepth++;
    try { return this.returnValues(getter).flatMap(r => (r.k === 'inst' || r.k === 'ext' ? this.getAttr(r, a) : [])); } finally { this.propertyDepth--; }
  }

  evalPath(fn: FnInfo, p: ExprPath): Val[] {
    if (p.root === '<super>') {
      const m = this.methodOf(fn);
      if (!m?.cls || !p.attrs.length) return [];
      // super() is the next class after this one in the MRO of self's class, which may be a
      // subclass (a diamond sends B's super() to C): take each possible class of self.
      const vals: Val[] = [];
      const seen = new Set<FnInfo>();
      for (const selfCls of [m.cls, ...this.allSubclasses(m.cls)]) {
        const mro = this.mro(selfCls);
        for (const k of mro.slice(mro.indexOf(m.cls) + 1)) {
          const target = k.methods.get(p.attrs[0]);
          if (!target) continue;
          if (!seen.has(target)) { seen.add(target); vals.push({ k: 'fn', fn: target, bound: !target.s.staticmethod }); }
          break;
        }
      }
      let out = vals;
      for (const a of p.attrs.slice(1)) out = out.flatMap(v => this.getAttr(v, a));
      return out;
    }
    let vals = this.evalRoot(fn, p.root);
    let before: Val[] = NO_VALS;
    for (let i = 0; i < p.attrs.length; i++) {
      const a = p.attrs[i];
      // (a slot of a thread-local kept on an object, `self._local.span`: what the class notes
      // for `_local.span`, as its own attribute)
      const slot = i > 0 && vals.length && vals.every(v => v.k === 'ext') ? before.flatMap(v => (v.k === 'inst' ? this.getAttr(v, `${p.attrs[i - 1]}.${a}`) : NO_VALS)) : NO_VALS;
      const next = slot.length ? slot : vals.flatMap(v => this.getAttr(v, a));
      before = vals;
      vals = next;
      if (!vals.length) break;
    }
    return vals;
  }

  private methodsByName?: Map<string, FnInfo[]>;
  private propertiesByName?: Map<string, { getters: FnInfo[]; setters: FnInfo[] }>;

  /** A property (its getter, or its setter) of an object of unknown type, by its name: only
   *  when one class of the caller's top package defines a property of that name (and then
   *  its subclasses' overrides too), and never a name an unknown object is likely to have for
   *  another reason (a file's, a socket's, a builtin value's). */
  private propertyByName(name: string, setter: boolean, caller: FnInfo): FnInfo[] {
    if (!this.propertiesByName) {
      this.propertiesByName = new Map();
      const at = (n: string) => { let e = this.propertiesByName!.get(n); if (!e) this.propertiesByName!.set(n, (e = { getters: [], setters: [] })); return e; };
      for (const c of this.classes.values()) {
        for (const [n, m] of c.methods) if (m.s.property) at(n).getters.push(m);
        for (const [n, m] of c.setters) at(n).setters.push(m);
      }
    }
    if (name.startsWith('__') || STDLIB_OBJECT_NAMES.has(name) || BUILTIN_VALUE_METHODS.has(name) || GENERIC_NAMES.has(name)) return NO_FNS;
    const e = this.propertiesByName.get(name);
    const top = topPackage(caller.file.module);
    const all = (setter ? e?.setters : e?.getters)?.filter(f => topPackage(f.file.module) === top) ?? NO_FNS;
    if (!all.length) return NO_FNS;
    // (one class and the overrides in its subclasses)
    const roots = all.filter(f => !all.some(o => o !== f && o.cls && f.cls && this.isSubclass(f.cls, o.cls)));
    if (!roots.length || roots.length > MAX_PROPERTY_GUESSES) return NO_FNS;
    // (and no plain attribute of that name in the package: `record.name`, `handler.name` in
    // logging are attributes, not LoggerAdapter's property)
    for (const c of this.classes.values()) if (topPackage(c.file.module) === top && !all.some(f => f.cls === c) && own(c.s.attrs, name)) return NO_FNS;
    return all;
  }

  /** `work_item.run()` with work_item of unknown type: the few analyzed methods of that name.
   *  Without this the callee would look uncalled and be put on main, a wrong thread tag. */
  private byName(name: string, file: FileSummary, caller: FnInfo): FnInfo[] {
    if (!this.methodsByName) {
      this.methodsByName = new Map();
      for (const f of this.fns.values()) {
        if (f.s.kind !== 'method' || f.s.property) continue;
        let l = this.methodsByName.get(f.s.name);
        if (!l) this.methodsByName.set(f.s.name, (l = []));
        l.push(f);
      }
    }
    if (PYTHON_DUNDERS.has(name) || READ_METHODS.has(name) || WRITE_METHODS.has(name)) return [];
    // (never the caller itself: `handler.handle(record)` in QueueListener.handle hands the
    // record to another object, a Handler, not to itself)
    const all = this.methodsByName.get(name) ?? [];
    const l = all.filter(f => f !== caller);
    // (a method passing the call on to a same-named one of another object, `self.tk.mainloop(n)`
    // in tkinter's Misc.mainloop: an object of its own library's, never another package's)
    if (l.length < all.length && caller.cls && !l.some(f => topPackage(f.file.module) === topPackage(file.module))) return [];
    // A common name (`run`) is guessed only when one class of the caller's own file defines it.
    if (STDLIB_OBJECT_NAMES.has(name)) return []; // t.start(), f.close(), q.put(): most likely not ours
    if (BUILTIN_VALUE_METHODS.has(name)) return []; // line.split(), m.group(1)
    // a private name is guessed only in its own package (`process_obj._bootstrap()` in
    // multiprocessing is not threading's Thread._bootstrap)
    if (name.startsWith('__') && !name.endsWith('__')) return []; // `other.__push()` is mangled to the caller's class: never another's
    if (name[0] === '_') {
      const local = l.filter(f => topPackage(f.file.module) === topPackage(file.module));
      return local.length <= MAX_BY_NAME ? local : [];
    }
    // (a factory of threads or processes, `ctx.Process(…)`: a guess across files picks
    // another's, multiprocessing.pool's Process for concurrent.futures'
    // `self._mp_context.Process`, and runs its DummyProcess there; only the caller's own
    // file's is guessed)
    if (GENERIC_NAMES.has(name) || MAKER_NAMES.has(name)) {
      // (a caller whose own class has the method, other than the caller itself, passes the
      // call on to another object of its kind, `self.target.handle(record)` in logging's
      // MemoryHandler, a Handler: that method and its overrides, not the one unrelated class
      // of its file that has the name, QueueListener. `self.stack.format()` in
      // TracebackException.format is the caller's own name: its file's StackSummary.format)
      const own = caller.cls && this.lookupMethod(caller.cls, name);
      const kind = own?.cls && own !== caller ? l.filter(f => f.cls && this.isSubclass(f.cls, own.cls!)) : [];
      if (kind.length) return kind;
      const local = l.filter(f => f.file === file);
      return local.length === 1 ? local : [];
    }
    return l.length <= MAX_BY_NAME ? this.nearest(l, file) : [];
  }

  /** Of the guessed methods, those of the class the receiver is named for, where one is:
   *  `self._transfer_coordinator.set_result()` is TransferCoordinator's (and its subclasses'
   *  overrides), not every class's with a `set_result`. */
  private namedReceiver(recv: ExprPath, guessed: FnInfo[]): FnInfo[] {
    if (guessed.length < 2) return guessed;
    const name = (recv.attrs.length ? recv.attrs[recv.attrs.length - 1] : recv.root).replace(/_/g, '').toLowerCase();
    const named = name ? guessed.filter(f => f.cls && f.cls.s.name.toLowerCase() === name) : [];
    return named.length ? this.withOverrides(named, guessed) : guessed;
  }

  /** Of the guessed methods, those nearest the caller: its own package's, else those of the
   *  packages its file imports, else all. `part.attach(msg)` in email means email's Message,
   *  not tkinter's drag-and-drop Icon; `self.sock.makefile()` in smtplib, which imports socket,
   *  means socket's, not tarfile's. A wrong guess puts another package's code on the thread. */
  private nearest(l: FnInfo[], file: FileSummary): FnInfo[] {
    if (!l.length) return l;
    const top = topPackage(file.module);
    const own = l.filter(f => topPackage(f.file.module) === top);
    if (own.length) return this.withOverrides(own, l);
    const tops = this.importedPackages(file);
    const imported = l.filter(f => tops.has(topPackage(f.file.module)));
    if (imported.length) return this.withOverrides(imported, l);
    // (else those of packages its package reaches through imports; never one it cannot reach:
    // cheroot's `sock.accept()` is no paramiko Transport's, analyzed side by side)
    const reach = this.reachableTops(top);
    const reached = l.filter(f => reach.has(topPackage(f.file.module)));
    return reached.length ? this.withOverrides(reached, l) : [];
  }

  /** The top packages a package's files import, and what those import, and so on. (Kept for
   *  the program's life: imports are declarations, whose change makes a new program.) */
  private reachableTops(top: string): Set<string> {
    if (!this.topImports) {
      this.topImports = new Map();
      for (const f of this.files) {
        const t = topPackage(f.module);
        let s = this.topImports.get(t);
        if (!s) this.topImports.set(t, (s = new Set()));
        for (const x of this.importedPackages(f)) s.add(x);
      }
    }
    let r = this.reachMemo.get(top);
    if (!r) {
      r = new Set([top]);
      const stack = [top];
      while (stack.length) for (const n of this.topImports.get(stack.pop()!) ?? []) if (!r.has(n)) { r.add(n); stack.push(n); }
      this.reachMemo.set(top, r);
    }
    return r;
  }
  private topImports?: Map<string, Set<string>>;
  private readonly reachMemo = new Map<string, Set<string>>();

  /** The chosen methods and those of `all` that override one of them in a subclass: `tz.fromutc()`
   *  in datetime is tzinfo's, and so ZoneInfo's, a tzinfo of another package. */
  private withOverrides(chosen: FnInfo[], all: FnInfo[]): FnInfo[] {
    const out = chosen.slice();
    for (const f of all) if (!out.includes(f) && f.cls && chosen.some(c => c.cls && f.cls !== c.cls && this.isSubclass(f.cls!, c.cls))) out.push(f);
    return out;
  }

  private readonly importedTops = new WeakMap<FileSummary, Set<string>>();
  /** The top packages a file imports from, anywhere in it. */
  private importedPackages(file: FileSummary): Set<string> {
    let s = this.importedTops.get(file);
    if (!s) {
      s = new Set();
      for (const imp of file.imports) s.add(topPackage(this.absoluteModule(file, imp.module)));
      this.importedTops.set(file, s);
    }
    return s;
  }

  /** Functions a call site may run: MRO lookup plus overrides in known subclasses, constructors.
   *  Once the call graph has the construction sites, unannotated constructor parameters have
   *  the types they are passed (`inferring`). */
  callTargets(fn: FnInfo, site: CallSite, guess = true): CallTarget[] {
    return this.withWrappers(this.constructionsOf ? this.inferred(() => this.callTargetsInner(fn, site, guess)) : this.callTargetsInner(fn, site, guess));
  }

  /** Whether a nested function calls its enclosing function's first parameter, as a
   *  decorator's wrapper calls what it wraps (decoratorWrappers; a body fact Analysis.update
   *  compares, since calls of every function the decorator wraps depend on it). */
  callsWrapped(fn: FnInfo): boolean {
    const wrapped = fn.parent?.s.params[0];
    return !!wrapped && !wrapped.startsWith('*') && fn.s.calls.some(c => c.callee.root === wrapped && !c.callee.attrs.length);
  }

  /** The targets and the wrappers their decorators return (decoratorWrappers): a call of a
   *  decorated function runs the wrapper, which runs the function, on the same thread. */
  private withWrappers(targets: CallTarget[]): CallTarget[] {
    let out: CallTarget[] | undefined;
    for (const t of targets) {
      if (!t.fn.s.decorators.length) continue;
      for (const w of this.decoratorWrappers(t.fn)) {
        out ??= targets.slice();
        if (!out.some(x => x.fn === w)) out.push(t.recv ? { fn: w, bound: t.bound, recv: t.recv } : { fn: w, bound: t.bound });
      }
    }
    return out ?? targets;
  }

  /** The functions fn's decorators return that are defined in them and call what they wrap
   *  (`def counted(func): def wrapper(self): …; return func(self)`; not `lru_cache`'s
   *  `decorating_function`, which makes a wrapper once, nor `contextmanager`'s `helper`, which
   *  makes an object): a decorator analyzed in fn's class body or reached from its module,
   *  named plainly (`@counted`, `@_tracked`; not a call, `@retry(3)`). */
  decoratorWrappers(fn: FnInfo): FnInfo[] {
    let out: FnInfo[] | undefined;
    for (const d of fn.s.decorators) {
      if (!DOTTED_NAME.test(d) || BUILTIN_DECORATORS.has(d)) continue;
      const inClass = fn.cls && !d.includes('.') ? fn.cls.methods.get(d) : undefined;
      const decorator = inClass ?? this.evalGlobalPath(fn.file, dotted(d)).find((v): v is Val & { k: 'fn' } => v.k === 'fn' && !v.bound)?.fn;
      if (!decorator || decorator === fn) continue;
      for (const r of this.returnValues(decorator)) if (r.k === 'fn' && r.fn.parent === decorator && this.callsWrapped(r.fn) && !out?.includes(r.fn)) (out ??= []).push(r.fn);
    }
    return out ?? NO_FNS;
  }

  /** The call's receiver is an object of exactly `cls`, no subclass's: made by a construction
   *  of it right there (`Worker().start()`, `threading.Thread(…).start()`) or a local only a
   *  construction of it binds (`w = Worker(); w.start()`, FunctionSummary.made). Its method is
   *  that class's, never a subclass's override. */
  private exactReceiver(fn: FnInfo, site: CallSite, cls: ClassInfo): boolean {
    const { root, attrs } = site.callee;
    if (attrs.length !== 1) return false;
    const texts = root.startsWith('<call:') ? [root.slice(6, -1)] : own(fn.s.made ?? {}, root);
    return !!texts?.length && texts.every(t => { const vs = DOTTED_NAME.test(t) ? this.evalPath(fn, dotted(t)) : []; return vs.length > 0 && vs.every(v => v.k === 'cls' && v.cls === cls); });
  }

  /** The methods a call on an object of no known class runs by its name, as callTargets
   *  guesses them, as bound functions. */
  private guessedMethods(fn: FnInfo, site: CallSite): Val[] {
    const a = site.callee.attrs;
    if (!a.length || site.callee.root === '<super>' || site.callee.root.startsWith('<')) return NO_VALS;
    const recvPath = { root: site.callee.root, attrs: a.slice(0, -1) };
    if (this.inferred(() => this.evalPath(fn, recvPath)).length) return NO_VALS;
    return this.guessByName(fn, site, recvPath).map((m): Val => ({ k: 'fn', fn: m, bound: true }));
  }

  /** The methods a call's name guesses on its receiver (`recvPath`), those that fit the call;
   *  none on a receiver known to be a lock (`self._block._at_fork_reinit()`) or a builtin type
   *  (`dict.fromkeys(items)`). */
  private guessByName(fn: FnInfo, site: CallSite, recvPath: ExprPath): FnInfo[] {
    if (this.isLockIn(fn, [recvPath.root, ...recvPath.attrs].join('.')) || (!recvPath.attrs.length && BUILTIN_TYPES.has(recvPath.root))) return NO_FNS;
    return this.namedReceiver(recvPath, this.byName(site.callee.attrs[site.callee.attrs.length - 1], fn.file, fn)).filter(m => fits(fn, m, site));
  }

  /** The classes a path names in fn, with what callers hand a parameter (`serve(handler=
   *  ApiHandler)`) besides its default: a threading server's handler classes (ThreadModel). */
  classesAt(fn: FnInfo, p: ExprPath): ClassInfo[] {
    const out = this.evalPath(fn, p).flatMap(v => (v.k === 'cls' ? [v.cls] : []));
    if (!p.attrs.length && fn.s.params.includes(p.root)) for (const v of this.paramFunctions?.get(fn)?.get(p.root) ?? NO_VALS) if (v.k === 'cls' && !out.includes(v.cls)) out.push(v.cls);
    return out;
  }

  /** f, with unannotated constructor parameters typed by what construction sites pass. */
  private inferred<T>(f: () => T): T {
    if (this.inferring) return f();
    this.inferring = true;
    try { return f(); } finally { this.inferring = false; }
  }

  private callTargetsInner(fn: FnInfo, site: CallSite, guess: boolean): CallTarget[] {
    const out: CallTarget[] = [];
    const seen = new Set<FnInfo>();
    const add = (f: FnInfo, bound: boolean, recv?: ClassInfo, self?: 'dispatch' | 'same') => {
      if (!seen.has(f)) {
        seen.add(f);
        const t: CallTarget = { fn: f, bound };
        if (recv) t.recv = recv;
        if (self) t.self = self;
        out.push(t);
        return;
      }
      // (reached for two receivers: the wider one; for two unrelated ones, the target's own class)
      const t = out.find(o => o.fn === f)!;
      if (t.recv === recv || (t.recv && recv && this.isSubclass(recv, t.recv))) return;
      if (t.recv && recv && this.isSubclass(t.recv, recv)) t.recv = recv;
      else delete t.recv;
    };
    if (site.setter) {
      // `self.x = v` runs x's setter when x is a property of self's class (or of a subclass
      // that self may be, which may override it)
      const name = site.callee.attrs[site.callee.attrs.length - 1];
      if (!this.setterNames.has(name)) return out; // most assignments: no property of that name
      const recv = this.evalPath(fn, { root: site.callee.root, attrs: site.callee.attrs.slice(0, -1) });
      for (const v of recv) {
        if (v.k !== 'inst') continue;
        const s = this.lookupSetter(v.cls, name);
        if (s) add(s, true);
        for (const sub of this.allSubclasses(v.cls)) { const o = this.lookupSetter(sub, name); if (o) add(o, true); }
      }
      if (guess && !recv.length) for (const s of this.propertyByName(name, true, fn)) add(s, true);
      return out;
    }
    if (site.property && !this.getterNames.has(site.callee.attrs[site.callee.attrs.length - 1])) return out;
    const vals = this.evalPath(fn, site.callee);
    // (a property of an object of unknown type, `rule.rate = t["rate"]`, `other.count`: the one
    // class's that has a property of that name, propertyByName)
    if (guess && site.property && !vals.length && site.callee.attrs.length && site.callee.root !== '<super>' && !this.evalPath(fn, { root: site.callee.root, attrs: site.callee.attrs.slice(0, -1) }).length) {
      for (const g of this.propertyByName(site.callee.attrs[site.callee.attrs.length - 1], false, fn)) add(g, true);
      return out;
    }
    // (on a receiver only isinstance tests type, which may be of another class as well, the
    // methods of the name are guessed too: `if not isinstance(source, Future): …` then
    // `source.add_done_callback(cb)`)
    const onNarrowed = vals.length > 0 && vals.every(v => v.k === 'fn' && v.loose);
    if (guess && (!vals.length || onNarrowed) && !site.property && !site.dunder && site.callee.attrs.length && site.callee.root !== '<super>') {
      const recvPath = { root: site.callee.root, attrs: site.callee.attrs.slice(0, -1) };
      const recv = this.evalPath(fn, recvPath);
      // (guessed where nothing says what the receiver is, guessByName; also on an object known
      // only loosely to be of classes that lack the method: a local
      // tested with isinstance against another class, which may be anything else)
      // (or known for only some of what a call returns, `return NullSpan()` beside `return
      // self.span`: the rest may be anything with the method, Val.partial)
      const guess = vals.length ? recv.length > 0 && recv.every(v => v.k === 'inst' && (v.narrowed || v.partial)) : !recv.length || recv.every(v => v.k === 'inst' && v.loose);
      if (guess) for (const m of this.guessByName(fn, site, recvPath)) add(m, true);
      if (!vals.length) return out;
    }
    for (const v of vals) {
      // a module global bound to what a call returned (`tally = make_counter()`): the function
      if (v.k === 'var' && !site.property && !site.callee.attrs.length) {
        for (const t of this.globalValues(v)) {
          if (t.k === 'fn' && !t.bound) add(t.fn, false);
          // (`job = Job()`, then `job()`: the object's `__call__`)
          else if (t.k === 'inst' && !t.element && !site.setter && !site.dunder) { const call = this.lookupMethod(t.cls, '__call__'); if (call) add(call, true); }
        }
        continue;
      }
      if (v.k === 'fn') {
        if (site.property && !v.fn.s.property) continue;
        // (a property's value called, `on_message = self.on_message; on_message(…)`: what its
        // getter returns, paho's callbacks; not the getter, which the read itself runs)
        if (!site.property && !site.setter && v.fn.s.property && v.bound) {
          for (const r of this.returnValues(v.fn)) {
            if (r.k === 'fn') add(r.fn, r.bound);
            else if (r.k === 'inst' && !r.element) { const call = this.lookupMethod(r.cls, '__call__'); if (call) add(call, true); }
          }
          continue;
        }
        // `self.m()` in a method: self may be any subclass whose instances run this method, not
        // one that overrides it and never calls it back (InteractiveInterpreter.runcode's
        // `self.showtraceback()` never runs pyshell's, whose runcode is its own)
        if (v.dispatch && site.callee.root !== '<super>' && fn.cls && !fn.s.classmethod && site.callee.root === fn.s.selfParam && site.callee.attrs.length === 1) {
          // (on the topmost classes that have it: one of them, or self on any object of o's class)
          for (const [o, ks] of this.selfDispatch(fn, v.fn.s.name, v.dispatch)) add(o, v.bound, ks.length === 1 ? this.receiverOf(o, ks[0]) : undefined, 'dispatch');
          continue;
        }
        // the caller's own object: `super().m()`, `Base.m(self, …)`
        const m = fn.cls ? fn : undefined;
        const same = !!m && !m.s.classmethod && !m.s.staticmethod && (site.callee.root === '<super>' || (!v.bound && !v.dispatch && site.args[0] === m.s.selfParam && !site.property && !!v.fn.cls));
        add(v.fn, v.bound, same ? this.receiverOf(v.fn, m!.cls!) : v.dispatch && !v.loose ? this.receiverOf(v.fn, v.dispatch) : undefined, same ? 'same' : undefined);
        if (v.dispatch && site.callee.root !== '<super>' && v.fn.cls && !this.exactReceiver(fn, site, v.dispatch)) {
          // self may be any subclass: what m means in each one's MRO (overrides, and mixin siblings).
          for (const sub of this.allSubclasses(v.dispatch)) {
            const o = this.lookupMethod(sub, v.fn.s.name);
            if (o) add(o, v.bound);
          }
        }
      } else if (v.k === 'inst' && !site.property && !site.setter && !site.dunder) {
        // calling an object runs its class's `__call__` (`self._jointhread()`, a Finalize)
        const call = this.lookupMethod(v.cls, '__call__');
        if (call) add(call, true);
      } else if (v.k === 'cls' && !site.property) {
        // (`__new__` first: it may hand out a shared instance, a singleton's registry)
        // (on an object of that class: `Sub()` runs Base.__init__ on a Sub)
        const made = this.lookupMethod(v.cls, '__new__');
        if (made) add(made, true, this.receiverOf(made, v.cls));
        // (a queue.Queue subclass with no `__init__` of its own: Queue's calls its `_init`)
        const init = this.lookupMethod(v.cls, '__init__') ?? this.queueHook(v.cls, '__init__');
        if (init) add(init, true, this.receiverOf(init, v.cls));
        const post = this.lookupMethod(v.cls, '__post_init__');
        if (post) add(post, true, this.receiverOf(post, v.cls));
      }
    }
    // (a method of a typing.Protocol, `conn: BaseHTTPConnection` then `conn.request(…)`: the
    // classes that implement it without naming it, urllib3's HTTPConnection, also run it)
    for (let i = 0, n = out.length; i < n; i++) {
      const t = out[i];
      if (t.fn.cls && t.fn.s.kind === 'method' && this.protocolClass(t.fn.cls)) for (const m of this.implementers(t.fn, fn.file)) add(m, t.bound);
    }
    return out;
  }

  /** A class that is a typing.Protocol: its methods are stubs other classes implement. (Kept
   *  for the program's life, as methodsByName is: bases are declarations.) */
  private protocolClass(c: ClassInfo): boolean {
    let r = this.protocols.get(c);
    if (r === undefined) this.protocols.set(c, (r = PROTOCOL_BASES.some(b => this.derivesFrom(c, b))));
    return r;
  }
  private readonly protocols = new Map<ClassInfo, boolean>();
  private readonly implementersOf = new Map<FnInfo, FnInfo[]>();

  /** The methods of a Protocol's method's name that classes which are no Protocol define,
   *  where they have every method the Protocol's class defines (structurally its
   *  implementers), nearest the caller's file as guesses are. */
  private implementers(stub: FnInfo, file: FileSummary): FnInfo[] {
    let out = this.implementersOf.get(stub);
    if (!out) {
      const proto = stub.cls!;
      const names = [...proto.methods.keys()].filter(n => !n.startsWith('__'));
      out = [];
      for (const c of this.classes.values()) {
        if (c === proto || this.protocolClass(c)) continue;
        const m = this.lookupMethod(c, stub.s.name);
        if (!m || !m.cls || out.includes(m) || this.protocolClass(m.cls)) continue;
        if (names.every(n => this.lookupMethod(c, n))) out.push(m);
      }
      this.implementersOf.set(stub, out);
    }
    return out.length > 1 ? this.nearest(out, file) : out;
  }

  /** `self.m()` in `caller` with self an object of `cls` or a subclass: m as each of those
   *  classes has it, not a subclass's that overrides the caller and never calls it back
   *  (overriddenAway), each with the topmost classes that have it (self is an object of one of
   *  them). Call resolution asks it of the caller's own class, the per-thread searches of a
   *  narrower one (CallGraph.eachTarget). */
  selfDispatch(caller: FnInfo, name: string, cls: ClassInfo): Map<FnInfo, ClassInfo[]> {
    const found = new Map<FnInfo, ClassInfo[]>();
    for (const k of [cls, ...this.allSubclasses(cls)]) {
      if (k !== cls && k !== caller.cls && this.overriddenAway(k, caller)) continue;
      const o = this.lookupMethod(k, name);
      if (!o) continue;
      const l = found.get(o);
      if (l) l.push(k); else found.set(o, [k]);
    }
    for (const [o, ks] of found) found.set(o, ks[0] === cls ? [cls] : ks.filter(k => !ks.some(j => j !== k && this.isSubclass(k, j))));
    return found;
  }

  /** Functions handed to other functions as arguments, by callee and parameter: to a thread's
   *  target (`Thread(target=worker, args=(self.on_result,))`, `pool.submit(work, cb)`) or at a
   *  call (`retry(self.connect)`, `retry(action=self.connect)`, a class's `__init__`): what a
   *  call of the parameter runs, on the callee's threads. Read by the call graph before it resolves calls (collectParamFunctions),
   *  without inference, as the construction sites are. */
  paramFunctions?: Map<FnInfo, Map<string, Val[]>>;

  /** What code outside a class binds an attribute of its objects to (`client.on_log =
   *  on_log`, with no setter), by `class key\0attr`: collectParamFunctions, read by getAttr. */
  private readonly storedOutside = new Map<string, Val[]>();

  collectParamFunctions(): void {
    this.storedOutside.clear();
    const out = new Map<FnInfo, Map<string, Val[]>>();
    const lockParams = new Map<FnInfo, Set<string>>(), notLocks = new Map<FnInfo, Set<string>>();
    const was = this.inferring;
    this.inferring = false;
    this.paramFunctions = undefined;
    this.lockParams = undefined;
    try {
      // (rounds: an object handed to a parameter is handed on by that function's calls to the
      // next one, `exp.start(sink)` → `submit(self.feed, sink)` → `submit(sink.write, …)`; each
      // round reads what the last typed, `handedDown`, until nothing new, at most three)
      for (let round = 0, size = -1; round < HAND_DOWN_ROUNDS; round++) {
        if (round) {
          const now = [...out.values()].reduce((n, m) => n + [...m.values()].reduce((k, l) => k + l.length, 0), 0);
          if (now === size) break;
          size = now;
          this.handedDown = out;
        }
        for (const fn of this.fnList) {
          // (a later round gives a function what the first did, but for its parameters typed by
          // then: only such functions can hand anything new)
          if (round && !out.has(fn)) continue;
          for (const { callee, args, kwargs, start, site } of this.handing(fn)) {
            const handed = this.handedValues(fn, args, start);
            const byName = kwargs && Object.entries(kwargs).map(([k, a]) => [k, this.handedValues(fn, [a])?.[0] ?? []] as const).filter(([, l]) => l.length);
            const locks = this.lockArgs(fn, args, kwargs);
            if (!handed && !byName?.length && !locks) continue;
            // (and, where that names nothing, with what inference types: `self._uploader.submit(
            // job)` with `self._uploader` given to the constructor)
            const direct = this.evalPath(fn, callee);
            const vals = site?.setter ? (this.setterNames.has(callee.attrs[callee.attrs.length - 1]) ? this.callTargets(fn, site).map((t): Val => ({ k: 'fn', fn: t.fn, bound: true })) : NO_VALS)
              : direct.length ? direct : this.inferred(() => this.evalPath(fn, callee));
            // (no setter: the attribute of the receiver's class holds what is bound, storedOutside)
            if (site?.setter && !vals.length && !round && handed?.[0]?.length) {
              const attr = callee.attrs[callee.attrs.length - 1];
              for (const r of this.evalPath(fn, { root: callee.root, attrs: callee.attrs.slice(0, -1) })) {
                if (r.k !== 'inst' || r.element) continue;
                const key = `${r.cls.key}\0${attr}`;
                const l = this.storedOutside.get(key) ?? [];
                for (const x of handed[0]) if ((x.k === 'fn' || (x.k === 'inst' && !x.loose)) && !l.some(o => sameVal(o, x))) l.push(x);
                this.storedOutside.set(key, l);
              }
            }
            // (and on an object of no known class, the methods the call graph guesses by name
            // (callTargets): `t.set_handler(self.on_g)` with t a parameter no caller types)
            for (const v of vals.length || !site ? vals : this.guessedMethods(fn, site)) {
              // (a class called: its `__init__`, `Timer(5, callback=self.tick)`)
              // (an object called: its `__call__`, `retry(self._connect_loop)`, kazoo's KazooRetry)
              const init = v.k === 'cls' ? this.lookupMethod(v.cls, '__init__') : v.k === 'inst' && !v.element ? this.lookupMethod(v.cls, '__call__') : undefined;
              const t = v.k === 'fn' ? v : init ? { fn: init, bound: true } : undefined;
              if (!t) continue;
              const params = callParams(t.fn, t.bound);
              // (a parameter some site hands a lock and none of these sites anything else)
              for (const l of [...args.map((_, i) => i), ...Object.keys(kwargs ?? {})]) {
                const p = paramAt(params, l);
                if (!p) continue;
                const map = locks?.includes(l) ? lockParams : notLocks;
                let set = map.get(t.fn);
                if (!set) map.set(t.fn, (set = new Set()));
                set.add(p);
              }
              const put = (p: string, vals: Val[]) => {
                let m = out.get(t.fn);
                if (!m) out.set(t.fn, (m = new Map()));
                const l = m.get(p) ?? [];
                for (const v of vals) if (!l.some(o => sameVal(o, v))) l.push(v);
                m.set(p, l);
              };
              // (an object only to a parameter nothing types: an annotation says what it is)
              const fit = (p: string, vals: Val[]) => (own(t.fn.s.paramTypes, p) ? vals.filter(v => v.k === 'fn') : vals);
              // (the caller's own object only to a parameter a registry keeps, `add_task(self)`
              // → `self.queue.append(task)`: what a loop over the registry then holds; handed to
              // any parameter, it would type every `source=self` a warning is given)
              const selfTo = (p: string, a: string | undefined) => !this.selfHanded(fn, a ?? '') || this.registryParam(t.fn, p);
              handed?.forEach((vals, i) => {
                const p = paramAt(params, i);
                if (vals.length && p && selfTo(p, args[i])) put(p, fit(p, vals));
              });
              // (`retry(action=self.reload)`)
              for (const [k, vals] of byName ?? []) if (paramAt(params, k) && selfTo(k, kwargs?.[k])) put(k, fit(k, vals));
            }
          }
        }
      }
      this.handedDown = undefined;
      // Decorators: `@handler("ping") def on_ping(…)` hands on_ping to what `handler("ping")`
      // returns (a registering closure, `def deco(fn): HANDLERS[kind] = fn`); `@register` to
      // register itself. Module functions only (a decorated method is not called through self).
      for (const fn of this.fnList) {
        if (fn.s.kind !== 'function' || !fn.s.decorators.length || fn.cls) continue;
        for (const d of fn.s.decorators) {
          const m = /^([A-Za-z_][\w.]*)(\(.*\))?$/s.exec(d);
          if (!m) continue;
          for (const v of this.evalGlobalPath(fn.file, dotted(m[1]))) {
            if (v.k !== 'fn' || v.bound) continue;
            for (const r of m[2] ? this.returnValues(v.fn) : [v]) {
              if (r.k !== 'fn' || r.bound || !r.fn.s.params.length) continue;
              const p = r.fn.s.params[0];
              if (p.startsWith('*')) continue;
              let pm = out.get(r.fn);
              if (!pm) out.set(r.fn, (pm = new Map()));
              const l = pm.get(p) ?? [];
              if (!l.some(o => o.k === 'fn' && o.fn === fn)) l.push({ k: 'fn', fn, bound: false });
              pm.set(p, l);
            }
          }
        }
      }
    } finally { this.inferring = was; }
    this.paramFunctions = out;
    for (const [f, set] of notLocks) for (const p of set) lockParams.get(f)?.delete(p);
    for (const [f, set] of [...lockParams]) if (!set.size) lockParams.delete(f);
    this.lockParams = lockParams;
  }

  /** Parameters every lock-like name test misses but a caller hands a lock (`with lk:` in
   *  `_feed(buffer, lk)` started with `args=(self._buffer, self._lock)`): kept as locks held,
   *  which the caller's binding then names (`self._lock`). Only where every call does
   *  (verifyLockParams: a call handing `nullcontext()` makes the parameter no lock anywhere,
   *  the analysis naming a parameter's lock in its own frame). */
  private lockParams?: Map<FnInfo, Set<string>>;

  /** Drops the lock parameters some call of their function hands no lock (a call the
   *  collection did not look at, `record("c", contextlib.nullcontext())`, or a default left
   *  in place); returns the functions that lost one. Run by the call graph once every call is
   *  resolved. */
  verifyLockParams(callsOf: (fn: FnInfo) => { caller: FnInfo; site: CallSite; bound: boolean }[]): FnInfo[] {
    const out: FnInfo[] = [];
    this.lockCandidates = new Set(this.lockParams?.keys() ?? []);
    for (const [fn, set] of this.lockParams ?? []) {
      const calls = callsOf(fn);
      for (const p of [...set]) {
        const handed = (c: { caller: FnInfo; site: CallSite; bound: boolean }): string | undefined => {
          const params = callParams(fn, c.bound);
          const i = params.indexOf(p);
          return own(c.site.kwargs, p) ?? (paramAt(params, i) === p ? c.site.args[i] : undefined);
        };
        if (calls.every(c => { const a = handed(c); return a !== undefined && this.isLockArg(c.caller, a); })) continue;
        set.delete(p);
        if (!out.includes(fn)) out.push(fn);
      }
      if (!set.size) this.lockParams!.delete(fn);
    }
    return out;
  }

  /** The functions that had a lock parameter before verifyLockParams: an edit that gives one a
   *  caller or takes one away rebuilds. */
  private lockCandidates?: Set<FnInfo>;
  lockParamFunctions(): ReadonlySet<FnInfo> {
    return this.lockCandidates ?? new Set(this.lockParams?.keys() ?? []);
  }

  /** The arguments of a call or start that are locks: positions, and keywords by name. */
  private lockArgs(fn: FnInfo, args: string[], kwargs?: Record<string, string>): (number | string)[] | undefined {
    let out: (number | string)[] | undefined;
    const lock = (a: string) => this.isLockArg(fn, a);
    args.forEach((a, i) => { if (lock(a)) (out ??= []).push(i); });
    for (const [k, a] of Object.entries(kwargs ?? {})) if (lock(a)) (out ??= []).push(k);
    return out;
  }

  /** A lock by what it is bound to, not by its name: `self._lock`, a global `_lock` made by a
   *  lock constructor, a local `lk = threading.Lock()`; never `clock` or `SIG_BLOCK`. */
  private isLockArg(fn: FnInfo, a: string): boolean {
    return DOTTED_NAME.test(a) && !this.countingAttr(fn, a) && !this.countingNames.has(a.slice(a.lastIndexOf('.') + 1))
      && (this.lockNames.has(a.slice(a.lastIndexOf('.') + 1)) || (!a.includes('.') && !!own(fn.s.localTypes, a)?.some(t => LOCK_TYPE.test(t))));
  }

  /** A text held in fn that names a parameter of fn (or of a function enclosing it) some caller
   *  hands a lock (lockParams). */
  private lockParam(fn: FnInfo, text: string): boolean {
    if (!this.lockParams?.size || text.includes('.')) return false;
    for (let f: FnInfo | undefined = fn; f; f = f.parent) if (this.lockParams.get(f)?.has(text)) return true;
    return false;
  }

  /** fn's thread starts with arguments, and its calls with an argument named as an analyzed
   *  function or method is (a cheap test before anything is evaluated). */
  private handing(fn: FnInfo): { callee: ExprPath; args: string[]; kwargs?: Record<string, string>; start?: boolean; site?: CallSite }[] {
    const out: { callee: ExprPath; args: string[]; kwargs?: Record<string, string>; start?: boolean; site?: CallSite }[] = [];
    for (const st of fn.s.starts) if (st.target && st.args?.length) out.push({ callee: st.target, args: st.args, start: true });
    const names = this.functionNames();
    const classes = this.classNames();
    // (and, in a later round, a parameter an earlier one typed: handedDown)
    const down = this.handedDown?.get(fn);
    const named = (a: string) => (DOTTED_NAME.test(a) && (names.has(a.slice(a.lastIndexOf('.') + 1)) || classes.has(a.slice(a.lastIndexOf('.') + 1)) || a.includes('.') || constructedLocal(fn, a) || !!down?.has(a) || this.aliasGlobal(fn, a) || this.objectGlobal(fn, a))) || !!constructionCallee(a)
      || !!this.madeFromHanded(fn, a) || (ITEM_ARG.test(a) && a.includes('.')) || this.selfHanded(fn, a);
    for (const c of fn.s.calls) {
      // (a property's setter handed a value, `client.on_message = on_message`, paho's
      // callbacks; or an attribute bound from outside its class, `client.on_log = on_log`)
      if (c.property || c.dunder || (c.setter && (c.callee.root === fn.s.selfParam || c.callee.attrs.length !== 1))) continue;
      // (a start is its own thread: `Thread(target=f)` does not make Thread.run call f on the
      // thread that runs every Thread, where threading.py is analyzed)
      if (isStart(fn, c)) continue;
      if (c.args.some(named) || Object.values(c.kwargs).some(named)) out.push({ callee: c.callee, args: c.args, kwargs: c.kwargs, site: c });
    }
    return out;
  }

  /** A parameter of fn's that a container keeps what it is given in (AttrInfo.addedParams:
   *  `def add_task(self, task): self.queue.append(task)`). */
  private registryParam(fn: FnInfo, p: string): boolean {
    if (!this.registryParams) {
      this.registryParams = new Set();
      for (const f of this.files) {
        const infos = [...Object.values(f.globals), ...f.classes.flatMap(c => Object.values(c.attrs))];
        for (const info of infos) for (const ap of info.addedParams ?? []) this.registryParams.add(`${f.module}\0${ap}`);
      }
    }
    return this.registryParams.has(`${fn.file.module}\0${fn.s.qualname}:${p}`);
  }
  private registryParams?: Set<string>;

  /** `self` in a method that is neither a class- nor a staticmethod: its object. */
  private selfHanded(fn: FnInfo, a: string): boolean {
    return !!fn.cls && a === fn.s.selfParam && !fn.s.classmethod && !fn.s.staticmethod;
  }

  /** A plain name fn reads as a module global bound to an object of a class
   *  (`request_span = Span()`, then `ctx.put(request_span)`). */
  private objectGlobal(fn: FnInfo, a: string): boolean {
    if (a.includes('.') || !own(fn.file.globals, a)?.typeText?.some(t => classLike(t))) return false;
    for (let f: FnInfo | undefined = fn; f && f.s.kind !== 'module'; f = f.parent) if (f.s.params.includes(a) || f.s.locals.includes(a)) return false;
    return true;
  }

  /** A plain name fn reads as a module global bound to dotted names (AttrInfo.aliases). */
  private aliasGlobal(fn: FnInfo, a: string): boolean {
    if (a.includes('.') || !own(fn.file.globals, a)?.aliases) return false;
    for (let f: FnInfo | undefined = fn; f && f.s.kind !== 'module'; f = f.parent) if (f.s.params.includes(a) || f.s.locals.includes(a)) return false;
    return true;
  }

  /** While collectParamFunctions runs its later rounds: what the rounds before typed. */
  private handedDown?: Map<FnInfo, Map<string, Val[]>>;

  /** Objects fn makes of the classes a parameter was handed (handedDown), as an argument's
   *  text: the call of the parameter, `self._pool.submit(task_cls(coordinator=c))` with
   *  `task_cls` handed `UploadTask`, or a local bound to it, `t = task_cls(); submit(t)`. */
  private madeFromHanded(fn: FnInfo, a: string): Val[] | undefined {
    const down = this.handedDown?.get(fn);
    if (!down) return undefined;
    const called = calledName(a);
    const texts = called ? [called] : DOTTED_NAME.test(a) && !a.includes('.') && !hasParam(fn.s, a) ? own(fn.s.localTypes, a) ?? [] : [];
    let out: Val[] | undefined;
    for (const t of texts) for (const v of down.get(t) ?? NO_VALS) if (v.k === 'cls' && !out?.some(o => o.k === 'inst' && o.cls === v.cls)) (out ??= []).push({ k: 'inst', cls: v.cls });
    return out;
  }

  /** Per argument, the functions it names, or the objects of analyzed classes an attribute
   *  path holds (`poll(self.mgr)`, `args=(self.mgr,)`: the helper's `mgr.put(…)` is the
   *  manager's); undefined when none does. */
  private handedValues(fn: FnInfo, args: string[], start = false): Val[][] | undefined {
    const names = this.functionNames();
    const classes = this.classNames();
    const handed = args.map(a => {
      // (a construction, `logger.addHandler(StreamHandler())`: an object of that class)
      const made = constructionCallee(a);
      if (made) return this.evalPath(fn, dotted(made)).flatMap((v): Val[] => (v.k === 'cls' ? [{ k: 'inst', cls: v.cls }] : []));
      // (at a start, what a factory returns: `args=(make_job(compute, 1),)`, `Job.make(fn)`)
      const factory = start ? singleCall(a) : undefined;
      if (factory) {
        return this.evalPath(fn, dotted(factory)).flatMap((v): Val[] => (v.k === 'cls' ? [{ k: 'inst', cls: v.cls }] : v.k === 'fn' ? this.returnValues(v.fn).filter(r => r.k === 'inst' && !r.loose && !r.element) : []));
      }
      const madeHere = this.madeFromHanded(fn, a);
      if (madeHere) return madeHere;
      // (the method's own object, `self.dispatcher.add_task(self)`: waitress's channels queue
      // themselves for the workers)
      if (this.selfHanded(fn, a)) return [{ k: 'inst', cls: fn.cls! } as Val];
      // (an item of a container, `self._remove_descriptor(self._by_path[path])`: the objects
      // it holds, watchdog's kqueue descriptors)
      const item = ITEM_ARG.exec(a);
      if (item) return this.evalRoot(fn, ITEM_OF + item[1]).filter(v => v.k === 'inst' && !v.loose && !v.element);
      if (!DOTTED_NAME.test(a)) return NO_VALS;
      const named = names.has(a.slice(a.lastIndexOf('.') + 1));
      // (a module global bound to a class or function by name, `handler_class = CGIHandler` in
      // an `if` and `= SimpleHandler` in its `else`: each)
      if (this.aliasGlobal(fn, a)) return this.evalPath(fn, dotted(a)).filter(v => v.k === 'cls' || (v.k === 'fn' && !v.bound));
      // (a class itself, `serve(handler=ApiHandler)`: what the parameter makes or is given to)
      if (classes.has(a.slice(a.lastIndexOf('.') + 1))) {
        const cls = this.evalPath(fn, dotted(a)).filter(v => v.k === 'cls');
        if (cls.length) return cls;
      }
      // (at a call, objects through attribute paths only: a plain local is every call's
      // argument, and the rare one worth typing is not worth evaluating them all; at a thread
      // start, locals too: `q = Jobs(); Thread(target=work, args=(q,))`)
      // (and of a path, only one whose last name some class or module types: `self.mgr`, not
      // `self.path`)
      // (and a local bound to a construction, `h = StreamHandler(); logger.addHandler(h)`)
      const objects = start || constructedLocal(fn, a) || (a.includes('.') && this.typedAttrNames().has(a.slice(a.lastIndexOf('.') + 1))) || this.objectGlobal(fn, a);
      // (a parameter the last round typed with objects or functions: handed on, handedDown;
      // `register(name, fn)` → `self._add(name, fn)`, which adds fn to a registry)
      const down = !a.includes('.') ? this.handedDown?.get(fn)?.get(a)?.filter(v => (v.k === 'inst' && !v.loose) || v.k === 'fn') : undefined;
      if (down?.length) return down;
      if (!named && !objects) return NO_VALS;
      // (a module global, `q = SimpleQueue()` then `Thread(target=drain, args=(q,))`: what it
      // is bound to)
      return this.evalPath(fn, dotted(a)).flatMap(v => (v.k === 'var' && objects ? this.globalValues(v) : [v]))
        .filter(v => (v.k === 'fn' ? named : v.k === 'inst' && !v.loose && objects));
    });
    return handed.some(h => h.length) ? handed : undefined;
  }

  private typedNames?: Set<string>;
  /** Attribute and global names bound somewhere to something typed (AttrInfo.typeText). */
  private typedAttrNames(): Set<string> {
    if (!this.typedNames) {
      this.typedNames = new Set();
      for (const c of this.classes.values()) for (const [a, info] of Object.entries(c.s.attrs)) if (info.typeText?.length || info.fromParams?.length) this.typedNames.add(a);
      for (const f of this.files) for (const [g, info] of Object.entries(f.globals)) if (info.typeText?.length) this.typedNames.add(g);
    }
    return this.typedNames;
  }

  private classNameSet?: Set<string>;
  private classNames(): Set<string> {
    if (!this.classNameSet) { this.classNameSet = new Set(); for (const c of this.classes.values()) this.classNameSet.add(c.s.name); }
    return this.classNameSet;
  }

  private names?: Set<string>;
  private functionNames(): Set<string> {
    if (!this.names) { this.names = new Set(); for (const f of this.fnList) this.names.add(f.s.name); }
    return this.names;
  }

  /** What fn hands other functions as functions (collectParamFunctions), as a key:
   *  Analysis.update rebuilds when it changes for a changed function. */
  private handedKey(fn: FnInfo): string {
    let key = '';
    const keyOf = (l: Val[]) => l.map(v => (v.k === 'fn' ? v.fn.key : v.k === 'inst' ? `@${v.cls.key}` : '')).join('|');
    // (with its parameters as the last collection typed them: an object handed on, handedDown)
    const was = this.handedDown;
    this.handedDown = this.paramFunctions;
    try {
      for (const { callee, args, kwargs, start } of this.handing(fn)) {
        const handed = this.handedValues(fn, args, start) ?? [];
        const byName = Object.entries(kwargs ?? {}).map(([k, a]) => `${k}=${keyOf(this.handedValues(fn, [a])?.[0] ?? [])}`);
        // (and what the callee is: `bus = Bus(); bus.subscribe(h)` hands h to Bus.subscribe only
        // while bus is a Bus)
        // (and which arguments are locks: lockParams)
        const locks = this.lockArgs(fn, args, kwargs);
        // (a call handing nothing hands nothing whatever it calls: `stat.S_ISDIR(st.st_mode)`
        // typed into `S_ISDIRx` is no change of what is handed)
        if (!handed.some(h => h.length) && !byName.some(b => !b.endsWith('=')) && !locks) continue;
        const to = this.evalPath(fn, callee).map(v => (v.k === 'fn' ? v.fn.key : v.k === 'cls' ? `^${v.cls.key}` : v.k)).join('|');
        key += `${callee.root}.${callee.attrs.join('.')}>${to}(` + handed.map(keyOf).join(',') + ';' + byName.join(',') + `;${locks?.join(',') ?? ''});`;
      }
    } finally { this.handedDown = was; }
    return key;
  }

  /** Classes a call constructs through a name that holds a class only as inference types it,
   *  which constructedClasses does not read: an attribute bound to a constructor's parameter
   *  (`self.rcvr(port=…)` after `Server(Receiver, …)`; socketserver's
   *  `self.RequestHandlerClass(request, …)`), or the function's own parameter (`task_cls(
   *  coordinator=self)` with callers handing `UploadTask`). */
  handedConstructions(fn: FnInfo, site: CallSite): ClassInfo[] {
    const c = site.callee;
    if (site.property || site.setter) return [];
    const shape = c.attrs.length === 1 ? !!fn.cls && c.root === fn.s.selfParam && !fn.s.classmethod : c.attrs.length === 0 && fn.s.params.includes(c.root);
    if (!shape) return [];
    const plain = this.constructedClasses(fn, site);
    return this.inferred(() => this.evalPath(fn, c)).flatMap(v => (v.k === 'cls' && !plain.includes(v.cls) ? [v.cls] : []));
  }

  /** Classes constructed at a call site (for Thread subclasses started in a loop), read without
   *  inference: the construction sites are what inference reads. */
  constructedClasses(fn: FnInfo, site: CallSite): ClassInfo[] {
    const was = this.inferring;
    this.inferring = false;
    try { return this.evalPath(fn, site.callee).flatMap(v => (v.k === 'cls' ? [v.cls] : [])); } finally { this.inferring = was; }
  }

  // ---- containers ----
  /** The containers a file defines (those another file's same id took over are not its). */
  containersIn(path: string): ContainerInfo[] {
    const out: ContainerInfo[] = [];
    for (const id of this.containerIds.get(path) ?? []) {
      const c = this.containers.get(id);
      if (c && c.path === path && !out.includes(c)) out.push(c);
    }
    return out;
  }

  /** The containers a class itself defines: those of the class its name binds (a redefined
   *  class's are its module's). No key strings: the views ask this for every class of every MRO. */
  containersOfClass(k: ClassInfo): string[] {
    const binding = this.classNamed(k.file.module, k.s.qualname);
    const ids = binding && this.classContainerIds.get(binding);
    return ids ? ids.filter(id => this.containers.has(id)) : [];
  }

  private collectContainers(): void {
    for (const f of this.files) this.collectContainersOf(f);
  }

  private collectContainersOf(f: FileSummary): void {
    const ids: string[] = [];
    this.containerIds.set(f.path, ids);
    const add = (c: ContainerInfo) => { this.containers.set(c.id, c); ids.push(c.id); };
    for (const cs of f.classes) {
      const c = this.classes.get(`${f.module}:${cs.qualname}`);
      if (!c || c.file !== f) continue;
      const defined: string[] = [];
      for (const [attr, info] of Object.entries(c.s.attrs)) {
        const type = info.container ?? this.containerSubclass(c.file, info.typeText);
        if (!type) continue;
        // (`self.settings = {…}` through a property's setter stores nothing there: the setter
        // runs, and what it touches is the container)
        const prop = this.lookupMethod(c, attr);
        if (prop?.s.property && !prop.s.decorators.some(d => /(^|\.)cached_property$/.test(d))) continue;
        // (a subclass rebinding the attribute its base set up, `self._cookies = {}` in
        // FileCookieJar.revert, holds it in the same slot: the base's container. A class
        // attribute a subclass defines again for itself, `handlers = {}` in both, is another.)
        const classOnly = info.classBody && !info.instance;
        if (this.mro(c).slice(1).some(k => {
          const b = own(k.s.attrs, attr);
          return !!b && !(classOnly && b.classBody && !b.instance) && !!(b.container ?? this.containerSubclass(k.file, b.typeText));
        })) continue;
        const id = `${c.file.module}.${c.s.qualname}.${attr}`;
        const ci: ContainerInfo = { id, owner: c.s.qualname, ownerKind: 'class', attr, type, path: c.file.path, line: info.line, column: info.column };
        if (info.classBody && !info.instance) ci.classLevel = true;
        add(ci);
        defined.push(id);
      }
      this.classContainerIds.set(c, defined);
    }
    for (const [name, info] of Object.entries(f.globals)) {
      // (`REGISTRY = Registry()` with `class Registry(dict)`: a container too)
      const type = info.container ?? this.containerSubclass(f, info.typeText);
      if (!type) continue;
      const id = `${f.module}.${name}`;
      add({ id, owner: f.module, ownerKind: 'module', attr: name, type, path: f.path, line: info.line, column: info.column });
    }
    const fns = this.functionsOf(f);
    const parents = new Set(fns.map(o => o.s.parent));
    for (const fi of fns) {
      // Function-local state is shared only when a closure (nested def or lambda target) can see it.
      if (!fi.s.nested.length && !parents.has(fi.s.qualname)) continue;
      for (const [name, lc] of Object.entries(fi.s.localContainers)) {
        const id = `${fi.file.module}.${fi.s.qualname}.${name}`;
        add({ id, owner: fi.s.qualname, ownerKind: 'function', attr: name, type: lc.type, path: fi.file.path, line: lc.line, column: lc.column });
      }
    }
  }

  /** `self._cache = _PoolCache()` where `class _PoolCache(dict)`: a container too. */
  private containerSubclass(file: FileSummary, typeText: string[] | undefined): string | undefined {
    for (const v of this.typesFromText(file, typeText)) {
      if (v.k !== 'inst') continue;
      for (const k of this.mro(v.cls)) for (const b of k.externalBases) { const t = own(CONTAINER_BASES, b); if (t) return t; }
    }
    return undefined;
  }

  /** `method`: the method making the access on its own self. `named`: read through the class's
   *  own name (`Server.public`), which no subclass's shadows. */
  private classContainer(c: ClassInfo, attr: string, method?: FnInfo, binds?: boolean, aliased?: Set<string>, named?: boolean): string[] {
    let ownId: string | undefined;
    for (const k of this.mro(c)) { const id = classAttrId(k, attr); if (this.containers.has(id)) { ownId = id; break; } }
    // `self.reg = REG` (or `= other.REG`): the module global container itself (but assigning
    // self.reg binds the attribute, it does not write REG); with a container of its own too
    // (`self.pending = owner._pending`, later `self.pending = {}`), either
    for (const k of binds ? [] : this.mro(c)) {
      const info = own(k.s.attrs, attr);
      if (!info?.aliases && !info?.fromParams) continue;
      const out: string[] = ownId ? [ownId] : [];
      for (const v of info.aliases ? this.aliasValues(k.file, info.aliases) : []) if (v.k === 'var') for (const id of this.globalContainer(v.file, v.name, 0)) if (!out.includes(id)) out.push(id);
      // `self.status = mgr.request_status` / `self.items = items` in __init__: the container the
      // construction sites pass (`Sender(self)`, `Result(self._cache)`)
      for (const text of info.fromParams ?? []) for (const id of this.fromParamContainers(k, text)) if (!out.includes(id)) out.push(id);
      if (aliased) for (const id of out) if (id !== ownId) aliased.add(id);
      if (out.length) return out;
    }
    // The subclasses' own containers of the name, but not those of one that overrides the
    // method without calling it back: on such an instance the method never runs
    // (`ApplyResult._set` does not touch `MapResult._value`). Where c has it too, a class
    // attribute a subclass defines again (`handlers = {}`) is that subclass's on its instances,
    // besides c's (not through the class's own name); where only subclasses define it, a base
    // method uses state its subclasses set up.
    const subs: string[] = [];
    for (const s of ownId && named ? [] : this.allSubclasses(c)) {
      const id = classAttrId(s, attr);
      if (this.containers.has(id) && !(method && this.overriddenAway(s, method))) subs.push(id);
    }
    return ownId ? [ownId, ...subs] : subs;
  }

  /** Whether instances of `sub` run their own `method` in its place, never calling it through
   *  `super()` or a base class (`callsUp` in shape.ts: an edit that changes it redoes the
   *  overridden methods, Analysis.update). */
  overriddenAway(sub: ClassInfo, method: FnInfo): boolean {
    const o = this.lookupMethod(sub, method.s.name);
    if (!o || o === method) return false;
    for (let k: FnInfo | undefined = o; k && k !== method; ) {
      const up = callsUp(k.s);
      if (!up) return true;
      // (`Base.m(self)`: which base is not followed; the method may be the one it runs)
      if (up === 'base') return false;
      // the super() call runs the next definition up the MRO of sub
      const mro = this.mro(sub);
      const at: number = k.cls ? mro.indexOf(k.cls) : -1;
      if (at < 0) return false;
      k = mro.slice(at + 1).map(m => m.methods.get(method.s.name)).find(m => m);
    }
    return false;
  }

  /** Containers an access path refers to. */
  /** `binds`: the access assigns the target itself (`self.x = …`). */
  containersOf(fn: FnInfo, target: ExprPath, binds?: boolean, aliased?: Set<string>): string[] {
    return this.inferred(() => this.containersOfInner(fn, target, binds, aliased));
  }

  /** Whether the items of a container path have known types in fn (ITEM_OF: its annotation's,
   *  or its adds' classes): an element write through an attribute of the item
   *  (DirectAccess.item) is then a write of the item's attribute and a read of the container. */
  knownItems(fn: FnInfo, target: ExprPath): boolean {
    if (target.root.startsWith('<')) return false;
    return this.inferred(() => this.evalRoot(fn, ITEM_OF + [target.root, ...target.attrs].join('.')).length > 0);
  }

  // ---- constructor parameters typed from construction sites ----
  /** Set by the call graph once it has the construction sites (read without inference, so
   *  what inference reads never depends on it): the sites constructing a class. */
  constructionsOf?: (cls: ClassInfo) => readonly { fn: FnInfo; site: CallSite }[] | undefined;
  /** Within containersOf and callTargets (once constructionsOf is set): unannotated constructor
   *  parameters are typed from the construction sites. */
  private inferring = false;
  private paramMemo = new Map<string, { vals: Val[]; containers: string[]; elements: Val[] }>();
  private paramDepth = 0;

  /** Forgets what construction sites and return statements said: the program changed
   *  (Analysis.update). */
  resetInference(): void { this.keptMemo.clear(); this.paramMemo.clear(); this.returnMemos[0].clear(); this.returnMemos[1].clear(); this.lockMemo.clear(); this.foreignMemo.clear(); }

  /** (apart for containersOf, where constructor parameters have types: `inferring`) */
  private readonly returnMemos = [new Map<FnInfo, Val[]>(), new Map<FnInfo, Val[]>()];
  private returnDepth = 0;

  /** What a call of fn makes, from its `return` statements (FunctionSummary.returns): objects
   *  of analyzed classes (`return Cache()`, `return root`), or known outside ones. A generator
   *  gives a generator. */
  returnValues(fn: FnInfo): Val[] {
    const memo = this.returnMemos[this.inferring ? 1 : 0];
    const known = memo.get(fn);
    if (known) return known;
    const out: Val[] = [];
    memo.set(fn, out); // (recursion ends empty)
    // (a generator: known, and none of ours, so its methods are never guessed by name)
    if (fn.s.generator) { out.push({ k: 'ext', name: 'generator' }); return out; }
    if (this.returnDepth > MAX_DEPTH) return out;
    if (!fn.s.returns) {
      // (an abstract stub, `def make(self) -> Worker: ...`: what its annotation says)
      if (fn.s.returnType) out.push(...this.declaredReturn(fn));
      return out;
    }
    this.returnDepth++;
    // (some of what it returns unknown, or known only loosely: its instances are loose)
    let loose = false, unknown = false;
    try {
      for (const text of fn.s.returns) {
        const call = text.endsWith('()');
        let some = false;
        // (`return self.senders[pid]`: an item of the container, ITEM_OF)
        const dispatch = text.startsWith(GETATTR_OF);
        for (const v of text.startsWith(ITEM_OF) || dispatch ? this.evalRoot(fn, text) : this.evalPath(fn, dotted(call ? text.slice(0, -2) : text))) {
          // (`return invoke_excepthook`: a closure or function, called later through what holds it;
          // `return getattr(self, f"visit_{kind}")`: the bound methods it names)
          const made: Val[] = !call ? (v.k === 'var' ? this.globalValues(v) : v.k === 'inst' || v.k === 'ext' || (v.k === 'fn' && (!v.bound || dispatch)) ? [v] : [])
            : v.k === 'cls' ? [{ k: 'inst', cls: v.cls }] : v.k === 'fn' ? this.returnValues(v.fn) : v.k === 'ext' ? [{ k: 'ext', name: `${v.name}()` }] : [];
          for (const m of made) {
            some = true;
            if (m.k === 'inst' && m.loose) loose = true;
            if (!out.some(o => sameVal(o, m))) out.push(m);
          }
        }
        if (!some) { loose = true; unknown = true; }
      }
    } finally { this.returnDepth--; }
    // (where the returns say nothing, or not all, the annotation does: `-> Worker` on an
    // abstract stub, or on `return parse(text)[0]`)
    if ((loose || !out.length) && fn.s.returnType) {
      const declared = this.declaredReturn(fn);
      if (declared.length) { out.length = 0; out.push(...declared); return out; }
    }
    if (loose) out.forEach((v, i) => { if (v.k === 'inst' && (!v.loose || (unknown && !v.partial))) out[i] = { ...v, loose: true, ...(unknown ? { partial: true } : {}) }; });
    return out;
  }

  /** The object a function's return annotation names (`-> Worker`, `-> Optional["Job"]`,
   *  `-> Job | None`); none for a collection's or a union's (`-> list[Job]` is no Job). */
  private declaredReturn(fn: FnInfo): Val[] {
    let t = fn.s.returnType!.replace(/["'\s]/g, '');
    t = /^(?:typing\.)?Optional\[(.+)\]$/.exec(t)?.[1] ?? /^(.+)\|None$/.exec(t)?.[1] ?? /^None\|(.+)$/.exec(t)?.[1] ?? t;
    if (!DOTTED_NAME.test(t) || t === 'None') return NO_VALS;
    return this.typesFromText(fn.file, t).filter(v => v.k === 'inst' || v.k === 'ext');
  }

  /** returnValues as a key: Analysis.update redoes everything when a changed function's
   *  changed (what its callers' results are depends on it). */
  returnKey(fn: FnInfo): string {
    // (and the containers it returns, which its callers' accesses of the result reach)
    return fn.s.returns || fn.s.generator ? this.returnValues(fn).map(v => (v.k === 'inst' ? `${v.cls.key}${v.loose ? '~' : ''}` : v.k === 'ext' ? v.name : v.k === 'fn' ? `fn:${v.fn.key}` : v.k)).join('|') + `#${this.returnedContainers(fn).join('|')}` : '';
  }

  /** What fn's construction sites pass to constructors that type attributes or accesses from
   *  their parameters, as containersOf sees it. Analysis.update redoes everything when it
   *  changes for a changed function (other classes' containers depend on it). */
  constructionKey(fn: FnInfo): string {
    return this.inferred(() => {
      let key = this.handedKey(fn);
      for (const site of fn.s.calls) {
        if (site.property || site.setter || site.dunder || (!site.args.length && !Object.keys(site.kwargs).length)) continue;
        const up = this.upInit(fn, site);
        const classes = (up?.init.cls ? [up.init.cls] : [...this.constructedClasses(fn, site), ...this.handedConstructions(fn, site)]).filter(c => this.typesFromParams(c) || this.fieldsHanded(c));
        if (!classes.length) continue;
        key += classes.map(c => c.key).join(',') + '(';
        for (const arg of [...site.args, ...Object.values(site.kwargs)]) {
          if (!DOTTED_NAME.test(arg)) { key += '-,'; continue; }
          const p = dotted(arg);
          // (and the locks it is: handedLocks)
          key += this.evalPath(fn, p).map(v => (v.k === 'inst' || v.k === 'cls' ? `${v.k}:${v.cls.key}` : v.k === 'fn' ? `fn:${v.fn.key}` : v.k)).join('|') + '/' + this.containersOf(fn, p).join('|') + (this.isLock(arg) ? `#${this.lockIds(fn, arg).join('|')}` : '') + ',';
        }
        key += ');';
      }
      return key;
    });
  }

  /** A dataclass's or attrs class's: no analyzed `__init__`, fields its generated one is
   *  handed (AttrInfo.handed on an instance field): what handedLocks reads. */
  private fieldsHanded(cls: ClassInfo): boolean {
    return !this.lookupMethod(cls, '__init__')?.cls && this.mro(cls).some(k => Object.values(k.s.attrs).some(i => i.handed && i.instance));
  }

  /** Whether the class's `__init__` types something from its parameters: attributes bound to
   *  them (AttrInfo.fromParams), or accesses through them. */
  private typesFromParams(cls: ClassInfo): boolean {
    const init = this.lookupMethod(cls, '__init__');
    if (!init?.cls) return false;
    const s = init.s;
    if (s.accesses.some(a => a.target.attrs.length > 0 && a.target.root !== s.selfParam && s.params.includes(a.target.root))) return true;
    if (s.calls.some(c => c.callee.root !== s.selfParam && s.params.includes(c.callee.root))) return true;
    return this.mro(init.cls).some(k => Object.values(k.s.attrs).some(i => i.fromParams));
  }

  /** What the construction sites of `cls` (and of subclasses that keep its `__init__`) pass for
   *  the `__init__` parameter: objects of analyzed classes, and containers. */
  private passed(cls: ClassInfo, param: string): { vals: Val[]; containers: string[]; elements: Val[] } {
    const init = this.lookupMethod(cls, '__init__');
    const none = { vals: [], containers: [], elements: [] };
    if (!init?.cls || !this.constructionsOf) return none;
    const key = `${init.key}\0${param}`;
    const known = this.paramMemo.get(key);
    if (known) return known;
    const r: { vals: Val[]; containers: string[]; elements: Val[] } = { vals: [], containers: [], elements: [] };
    this.paramMemo.set(key, r); // (a cycle of constructors passing each other: ends empty)
    const params = init.s.params;
    const idx = params.indexOf(param);
    if (idx < 0 || this.paramDepth > MAX_DEPTH) return r;
    // (positions mean nothing past a `*args`)
    const positional = !params.slice(0, idx + 1).some(p => p.startsWith('*'));
    // the argument at a call whose args start at parameter `first` (1: self is implicit)
    const take = (fn: FnInfo, site: CallSite, first: number) => {
      const at = idx - first;
      const arg = own(site.kwargs, param) ?? (positional && at >= 0 && !site.args.slice(0, at).some(a => a.startsWith('*')) ? site.args[at] : undefined);
      // (an object of a class outside the analyzed code, `Fetcher(loader=ExternalLoader())`:
      // known to be no analyzed class's, so the attribute's methods are not guessed by name)
      // (objects, classes, and functions: `Worker(self.on_done)` then `self.done()`; not those
      // of a thread start, whose target is a thread of its own: isStart)
      const fnsToo = !isStart(fn, site);
      // (and one made right there, `Fetcher(Loader())`: an object of that class; or what a
      // call returns, `Conn(self._retry.copy())`, kazoo's connection's retry)
      const made = (text: string): Val[] => {
        const c = singleCall(text);
        return c ? this.evalPath(fn, dotted(c)).flatMap((v): Val[] => (v.k === 'cls' ? [{ k: 'inst', cls: v.cls }] : v.k === 'ext' ? [{ k: 'ext', name: `${v.name}()` }]
          : v.k === 'fn' && !v.fn.s.property ? this.returnValues(v.fn).filter(x => (x.k === 'inst' && !x.element) || (x.k === 'fn' && fnsToo)) : [])) : NO_VALS;
      };
      const call = arg ? singleCall(arg) : undefined;
      if (call) {
        for (const v of made(arg!)) if (!r.vals.some(o => sameVal(o, v))) r.vals.push(v);
        return;
      }
      // (a list or tuple of them, `CredentialResolver(providers=[EnvProvider(), self.p])`:
      // the items, what a loop over the attribute it is kept in holds)
      const items = arg ? literalItems(arg) : undefined;
      if (items) {
        for (const x of items) {
          const vals = singleCall(x) ? made(x) : DOTTED_NAME.test(x) ? this.evalPath(fn, dotted(x)).filter(v => v.k === 'inst' || (v.k === 'fn' && fnsToo)) : NO_VALS;
          for (const v of vals) if (!r.elements.some(o => sameVal(o, v))) r.elements.push(v);
        }
        return;
      }
      if (!arg || !DOTTED_NAME.test(arg)) return;
      const p = dotted(arg);
      // (a module global, `c = Cache()` then `Worker(c)` at the top level: what it is bound to)
      for (const v of this.evalPath(fn, p).flatMap(x => (x.k === 'var' ? this.globalValues(x) : [x]))) if ((v.k === 'inst' || v.k === 'cls' || (v.k === 'fn' && fnsToo)) && !r.vals.some(o => sameVal(o, v))) r.vals.push(v);
      for (const id of this.containersOf(fn, p)) if (!r.containers.includes(id)) r.containers.push(id);
    };
    this.paramDepth++;
    try {
      for (const k of [init.cls, ...this.allSubclasses(init.cls)]) {
        if (this.lookupMethod(k, '__init__') !== init) {
          // a subclass's own __init__ that runs this one on its object (`super().__init__(mgr)`,
          // `Base.__init__(self, mgr)`): what it passes there, its own parameters typed from
          // its construction sites in turn
          const sub = k.methods.get('__init__');
          for (const site of sub?.s.calls ?? []) {
            const up = this.upInit(sub!, site);
            if (up?.init === init) take(sub!, site, up.first);
          }
          continue;
        }
        for (const { fn, site } of this.constructionsOf(k) ?? []) take(fn, site, 1);
      }
    } finally { this.paramDepth--; }
    return r;
  }

  /** A call in an `__init__` that runs a base class's `__init__` on the same object:
   *  `super().__init__(…)` (arguments from parameter 1) or `Base.__init__(self, …)` (from 0). */
  private upInit(fn: FnInfo, site: CallSite): { init: FnInfo; first: number } | undefined {
    const a = site.callee.attrs;
    if (!fn.cls || fn.s.name !== '__init__' || a[a.length - 1] !== '__init__' || site.property || site.setter) return undefined;
    if (site.callee.root === '<super>') {
      if (a.length !== 1) return undefined;
      for (const k of this.mro(fn.cls).slice(1)) { const m = k.methods.get('__init__'); if (m) return { init: m, first: 1 }; }
      return undefined;
    }
    if (site.args[0] !== fn.s.selfParam) return undefined;
    for (const v of this.evalPath(fn, { root: site.callee.root, attrs: a.slice(0, -1) })) {
      if (v.k !== 'cls') continue;
      const m = this.lookupMethod(v.cls, '__init__');
      if (m) return { init: m, first: 0 };
    }
    return undefined;
  }

  private paramValues(cls: ClassInfo, param: string): Val[] {
    return this.passed(cls, param).vals;
  }

  /** `mgr` / `mgr.inner` bound in k's `__init__`: the objects it names. */
  private fromParamValues(k: ClassInfo, text: string): Val[] {
    const p = dotted(text);
    // (`self.x = peer.x` both ways: cut as fromParamContainers does)
    if (p.attrs.length && this.fromParamDepth >= MAX_DEPTH) return [];
    this.fromParamDepth++;
    try {
      let vals = this.paramValues(k, p.root);
      for (const a of p.attrs) vals = vals.flatMap(v => this.getAttr(v, a));
      return vals;
    } finally { this.fromParamDepth--; }
  }

  /** `items` / `mgr.request_status` bound in k's `__init__`: the containers it names. */
  private fromParamContainers(k: ClassInfo, text: string): string[] {
    const p = dotted(text);
    if (!p.attrs.length) return this.passed(k, p.root).containers;
    // (`self.x = a.x` in A and `self.x = b.x` in B, each made with the other: a cycle through
    // memoized parameter values, cut here)
    if (this.fromParamDepth >= MAX_DEPTH) return [];
    this.fromParamDepth++;
    try {
      const out: string[] = [];
      let vals = this.paramValues(k, p.root);
      for (const a of p.attrs.slice(0, -1)) vals = vals.flatMap(v => this.getAttr(v, a));
      const last = p.attrs[p.attrs.length - 1];
      for (const v of vals) if (v.k === 'inst' || v.k === 'cls') for (const id of this.classContainer(v.cls, last)) if (!out.includes(id)) out.push(id);
      return out;
    } finally { this.fromParamDepth--; }
  }
  private fromParamDepth = 0;

  /** Whether fn's parameter `name` has no known value: no annotation naming a class, nothing
   *  its construction sites pass (an `__init__`'s), no function handed to it. An access through
   *  it (`mgr.status[k] = v`) is then made on what each call passes (HelperSummaries). */
  paramUnknown(fn: FnInfo, name: string): boolean {
    return name !== fn.s.selfParam && fn.s.params.includes(name) && this.inferred(() => !this.evalRoot(fn, name).length);
  }

  /** The class, function or object a parameter's default names (FunctionSummary.paramDefaults),
   *  as the module sees it where the function is defined. */
  private defaultValues(fn: FnInfo, param: string): Val[] {
    const text = fn.s.paramDefaults && own(fn.s.paramDefaults, param);
    if (!text || text === 'None') return NO_VALS;
    const vals = this.evalGlobalPath(fn.file, dotted(text)).filter(v => v.k === 'cls' || (v.k === 'fn' && !v.bound) || v.k === 'inst');
    return vals.length ? vals : NO_VALS;
  }

  /** `def __call__(self, _registry=_registry)`: the module global container a parameter is
   *  when callers leave it out (what they pass instead is bound at their calls). */
  defaultContainers(fn: FnInfo, param: string): string[] {
    const text = fn.s.paramDefaults && own(fn.s.paramDefaults, param);
    if (!text) return [];
    const p = dotted(text);
    if (!p.attrs.length) return this.globalContainer(fn.file, p.root, 0);
    const out: string[] = [];
    for (const v of this.evalGlobalPath(fn.file, { root: p.root, attrs: p.attrs.slice(0, -1) })) if (v.k === 'mod') { const f = this.findModule(v.name); if (f) out.push(...this.globalContainer(f, p.attrs[p.attrs.length - 1], 0)); }
    return out;
  }

  /** (`aliased`: given, it gets the ids reached only through an attribute holding another's
   *  container, `self.processes = executor._processes`: classContainer) */
  private containersOfInner(fn: FnInfo, target: ExprPath, binds?: boolean, aliased?: Set<string>): string[] {
    if (target.attrs.length === 0) {
      const name = target.root;
      // (what a call returns, `self._cache()[k] = v`, `registry().setdefault(k, [])`)
      if (name.startsWith('<call:')) {
        const out = new Set<string>();
        for (const v of this.evalPath(fn, chained(name.slice(6, -1)))) if (v.k === 'fn') for (const id of this.returnedContainers(v.fn)) out.add(id);
        return [...out];
      }
      for (let f: FnInfo | undefined = fn; f; f = f.parent) {
        if (f.s.kind === 'module') break;
        if (f.s.params.includes(name)) return this.defaultContainers(f, name);
        if (f.s.locals.includes(name)) {
          const id = `${f.file.module}.${f.s.qualname}.${name}`;
          return this.containers.has(id) ? [id] : [];
        }
      }
      return this.globalContainer(fn.file, name, 0);
    }
    const obj: ExprPath = { root: target.root, attrs: target.attrs.slice(0, -1) };
    const attr = target.attrs[target.attrs.length - 1];
    const out = new Set<string>();
    const method = fn.cls && target.attrs.length === 1 && target.root === fn.s.selfParam ? fn : undefined;
    const objVals = this.evalPath(fn, obj);
    if (!objVals.length) return this.guessedContainer(fn, attr);
    for (const o of objVals) {
      // a module-level instance (`root = RootLogger(…)`; `root.handlers`): what its type says
      const vals = o.k === 'var' ? this.globalValues(o) : [o];
      for (const v of vals) {
        if (v.k === 'inst' || v.k === 'cls') for (const id of this.classContainer(v.cls, attr, method, binds, aliased, v.k === 'cls' && !method)) out.add(id);
        else if (v.k === 'mod') {
          const f = this.findModule(v.name);
          if (f) for (const id of this.globalContainer(f, attr, 0)) out.add(id);
        }
      }
    }
    // (a property returning one, `table.meta[k] = v` with `meta` returning `self._meta`)
    if (!out.size) for (const o of objVals) for (const v of o.k === 'var' ? this.globalValues(o) : [o]) {
      const getter = v.k === 'inst' ? this.lookupMethod(v.cls, attr) : undefined;
      if (getter?.s.property) for (const id of this.returnedContainers(getter)) out.add(id);
    }
    return [...out];
  }

  private readonly returning = new Set<FnInfo>();

  /** The containers a function returns as they are (`return self._meta`, `return _registry`),
   *  which its callers' accesses of its result reach (containersOf). */
  returnedContainers(fn: FnInfo): string[] {
    if (!fn.s.returns || this.returning.has(fn)) return [];
    this.returning.add(fn);
    try {
      const out: string[] = [];
      for (const text of fn.s.returns) {
        if (!DOTTED_NAME.test(text)) continue;
        // (self's or a global's, or of an object a local holds, `base_type = cls.get_base_type();
        // return base_type._instances` (moto's SubtypesInstanceManager); not of one the call
        // made, `a = _AddressList(s); return a.addresslist`, a new object's, nor a parameter's,
        // what each caller gives)
        const root = text.split('.', 1)[0];
        if (root !== fn.s.selfParam && (fn.s.params.includes(root) || (fn.s.locals.includes(root) && (root === text || constructedLocal(fn, root, true) || !!own(fn.s.localContainers, root))))) continue;
        for (const id of this.containersOf(fn, dotted(text))) if (!out.includes(id)) out.push(id);
      }
      return out;
    } finally { this.returning.delete(fn); }
  }

  private attrOwners?: Map<string, ClassInfo[]>;

  /** `for f in fs: f._waiters.append(w)` with f of unknown type: a private attribute (`_x`) that
   *  one analyzed class of the same top-level package defines, and no other class anywhere, is
   *  that class's (as a method is guessed by name, `byName`). Public names (`data`, `items`)
   *  are too likely another type's to guess. */
  private guessedContainer(fn: FnInfo, attr: string): string[] {
    const owner = this.guessedOwner(fn, attr);
    return owner ? this.classContainer(owner, attr) : [];
  }

  /** The class whose `<attr>` an object of unknown type's is, guessed: the one class of fn's
   *  top-level package defining that private attribute (guessedContainer, lockIds). */
  private guessedOwner(fn: FnInfo, attr: string): ClassInfo | undefined {
    if (attr.length < 2 || attr[0] !== '_' || attr.startsWith('__')) return undefined;
    if (!this.attrOwners) {
      this.attrOwners = new Map();
      for (const c of this.classes.values()) {
        for (const a of Object.keys(c.s.attrs)) {
          if (a[0] !== '_') continue;
          let l = this.attrOwners.get(a);
          if (!l) this.attrOwners.set(a, (l = []));
          if (!l.includes(c)) l.push(c);
        }
      }
    }
    // (one class of the caller's package: asyncio's `_waiters` says nothing of concurrent's)
    const pkg = topPackage(fn.file.module);
    const owners = this.attrOwners.get(attr)?.filter(c => topPackage(c.file.module) === pkg);
    return owners?.length === 1 ? owners[0] : undefined;
  }

  private globalContainer(file: FileSummary, name: string, depth: number): string[] {
    if (own(file.globals, name)?.container || this.containers.has(`${file.module}.${name}`)) return [`${file.module}.${name}`];
    if (depth > MAX_DEPTH) return [];
    for (const v of this.resolveGlobal(file, name)) if (v.k === 'var' && v.file !== file) return this.globalContainer(v.file, v.name, depth + 1);
    return [];
  }

  isLock(text: string): boolean {
    if (isOrdering(text)) return true;
    if (this.managed(text)) return true;
    const last = text.split('.').pop() ?? text;
    if (this.countingNames.has(last) && !this.lockNames.has(last)) return false;
    return LOCK_NAME.test(last) || this.lockNames.has(last) || this.acquiredTexts.has(text);
  }

  /** isLock for a receiver in fn: a text acquired only in other functions (`waiter.acquire()`
   *  in threading.Condition.wait) says nothing of what fn's `waiter` is (a _Waiter in
   *  concurrent.futures, whose `waiter.add_result()` is a call to resolve). */
  isLockIn(fn: FnInfo, text: string): boolean {
    const last = text.split('.').pop() ?? text;
    if (this.managed(text)) return true;
    if (isOrdering(text)) return true;
    if (this.countingNames.has(last) && !this.lockNames.has(last)) return false;
    if (LOCK_NAME.test(last) || this.lockNames.has(last)) return true;
    for (let f: FnInfo | undefined = fn; f; f = f.parent) if (f.s.acquired?.includes(text)) return true;
    return false;
  }

  /** The lock a text really takes: `self.not_empty` is `self.mutex` when not_empty = Condition(self.mutex). */
  private canonicalLock(text: string): string {
    const parts = text.split('.');
    for (let i = 0; i < 4; i++) {
      const alias = this.lockAlias.get(parts[parts.length - 1]);
      if (!alias || alias === parts[parts.length - 1]) break;
      parts[parts.length - 1] = alias;
    }
    return parts.join('.');
  }

  /** The locks a text written in fn may take, named the same however they are written:
   *  `self.lock` in a Manager method, `self.mgr.lock` in a Worker's and `m.lock` beside a
   *  Manager `m` are all `mod.Manager.lock` (named for the class defining the attribute, as
   *  containers are); a module's global `_lock` is `mod._lock` wherever it is imported; an
   *  attribute bound to another's lock (`self.shutdown_lock = pool._shutdown_lock`, a
   *  `Condition(self.mutex)`) is that lock. More than one where the object may be of classes
   *  that define the attribute apart (a mixin's `self._lock`, each subclass's; on `recv`, the
   *  class the visit's object is of, that class's only): holding it is holding one of them,
   *  and findings take either as common. A text whose object is unknown stays as written
   *  (name aliases applied: canonicalLock). Compared by findings; shown as written. */
  lockIds(fn: FnInfo, text: string, recv?: ClassInfo): readonly string[] {
    let memo = this.lockMemo.get(fn);
    if (!memo) this.lockMemo.set(fn, (memo = new Map()));
    const key = recv ? `${text}@${recv.key}` : text;
    let ids = memo.get(key);
    // (a join of a thread kept in an attribute, `<joined>self._t`: the attribute's, of the class
    // that has it, as ThreadEntry.joinedBy names it; two classes' `self._t` are two)
    // (`<joined>f.stop()`: the joins that method keeps, joinedThrough; none if it joins none)
    if (!ids && text.startsWith(JOINED)) {
      const call = METHOD_CALL.exec(text.slice(JOINED.length));
      memo.set(key, Program.NO_IDS);
      // (a join of another object's attribute, `a.t.join()`, names the class's attribute, which
      // every object of the class has: it ends the thread only where that thread is one,
      // ONE_INSTANCE; self's, in the class's own methods, is the object's own)
      const inner = text.slice(JOINED.length);
      const bound = call ? undefined : this.boundKey(fn, inner);
      memo.set(key, (ids = call ? this.joinedThrough(fn, call[1], this.lockBase(fn, dotted(call[1]), recv), call[2]) ?? Program.NO_IDS
        : [JOINED + bound + (bound !== inner && !this.selfAttr(fn, inner) ? ONE_INSTANCE : '')]));
    }
    if (!ids && text === IMPORTED) memo.set(key, (ids = [IMPORTED]));
    // (a future's task done, `<done>main:f` at its done-callback's registration: named as
    // ThreadEntry.doneAs names it)
    if (!ids && text.startsWith(DONE)) memo.set(key, (ids = [DONE + this.doneKey(fn, text.slice(DONE.length))]));
    if (!ids) {
      // (none while it is worked out: context managers that hold each other end there)
      memo.set(key, Program.NO_IDS);
      memo.set(key, (ids = this.managed(text) ? this.managedLocks(fn, text, recv) : this.inferred(() => this.resolveLockOf(fn, text, 0, recv)) ?? [this.canonicalLock(text)]));
    }
    return ids;
  }

  /** A `with x.m():` text (summarize's withStmt) where some generator m holds a lock at its
   *  yields (lock helpers' texts, `_acquireLock()`, end in `()` too: they are not). */
  private managed(text: string): boolean {
    if (!text.endsWith(')') || (!this.lockManagers.size && !this.enterManagers.size)) return false;
    const callee = text.endsWith('()') ? text.slice(0, -2) : managerCall(text)?.callee;
    const name = callee?.slice(callee.lastIndexOf('.') + 1);
    return !!name && (this.lockManagers.has(name) || this.enterManagers.has(name));
  }

  /** Whether a lock text of a method is an attribute of self bound from a constructor parameter
   *  (`def __init__(self, lock): self.lock = lock`): each object's is the lock it was given,
   *  which the class's one name for it does not tell apart (`with Guard(A)` and `with Guard(B)`
   *  hold two locks); the parameter's text (`lock`, `lock.inner`) when it is. */
  private givenToInit(m: FnInfo, text: string, cls: ClassInfo): string | undefined {
    const sp = m.s.selfParam;
    if (!sp || !text.startsWith(`${sp}.`)) return undefined;
    const [attr, ...rest] = text.slice(sp.length + 1).split('.');
    const k = this.mro(cls).find(c => own(c.s.attrs, attr));
    const from = k ? own(k.s.attrs, attr)!.fromParams : undefined;
    return from?.length ? [from[0], ...rest].join('.') : undefined;
  }

  /** The locks `with self._locked():` holds: those its context manager (a generator) holds at
   *  every yield, named in the manager's own frame, on the object it is called on; one it
   *  holds through a parameter (`@contextmanager def held(lock): with lock: yield`) is the
   *  call's argument, named in fn's frame (`with held(self._a):` holds `self._a`). So is a
   *  class manager's lock given to its constructor (`with Locked(self._a):`, `__enter__` taking
   *  `self.lock` of `self.lock = lock`); with no argument there, none (givenToInit). */
  private managedLocks(fn: FnInfo, text: string, recv?: ClassInfo): string[] {
    const call = managerCall(text)!;
    const p = dotted(call.callee);
    const ids = new Set<string>();
    const vals = recv && p.root === this.selfName(fn) && p.attrs.length === 1 ? NO_VALS : this.inferred(() => this.evalPath(fn, p));
    const managers = vals.length ? vals.flatMap(v => (v.k === 'fn' ? [v.fn] : [])) : recv ? [this.lookupMethod(recv, p.attrs[0])].filter((m): m is FnInfo => !!m) : [];
    // (a class whose `__enter__` acquires locks: those, on the object it makes)
    for (const v of vals) {
      const enter = v.k === 'cls' ? this.lookupMethod(v.cls, '__enter__') : undefined;
      if (!enter || v.k !== 'cls') continue;
      for (const t of enter.s.acquired ?? []) {
        if (t === enter.s.selfParam || !this.isLockIn(enter, t)) continue;
        const given = this.givenToInit(enter, t, v.cls);
        if (given === undefined) { for (const id of this.lockIds(enter, t, v.cls)) ids.add(id); continue; }
        // (the constructor's argument at this `with`, named in fn's frame)
        const init = this.lookupMethod(v.cls, '__init__');
        const root = lockRoot(given);
        const arg = init ? managerBinding(init, call).get(root) : undefined;
        if (arg !== undefined) for (const id of this.lockIds(fn, arg + given.slice(root.length), recv)) ids.add(id);
      }
    }
    for (const m of managers) {
      if (!m.s.yieldLocks?.length) continue;
      const on = m.cls && p.root === this.selfName(fn) && recv ? recv : undefined;
      const binding = call.args.length || call.kwargs.size ? managerBinding(m, call) : undefined;
      for (const l of m.s.yieldLocks) {
        if (!this.isLockIn(m, l)) continue;
        const root = lockRoot(l), arg = binding?.get(root);
        for (const id of arg !== undefined ? this.lockIds(fn, arg + l.slice(root.length), recv) : this.lockIds(m, l, on)) ids.add(id);
      }
    }
    // (a manager of that name that holds no lock, another class's `session()`: none)
    return [...ids];
  }
  private readonly lockMemo = new Map<FnInfo, Map<string, readonly string[]>>();
  /** (the memo's mark for a lock text being worked out) */
  private static readonly NO_IDS: readonly string[] = [];

  /** Whether what a method acquires is read as what another function acquires through it:
   *  an object's `acquire` (`with self.sem:` on an object of an analyzed class), or a method
   *  some function acquires by name (`self._acquire()`, acquiredThrough). Such a method's
   *  joins are no longer its own (Analysis.update rebuilds when they change). */
  acquiredThroughBy(fn: FnInfo): boolean {
    if (fn.s.name === 'acquire') return true;
    for (const t of this.acquiredTexts) { const m = METHOD_CALL.exec(t); if (m && m[2] === fn.s.name) return true; }
    return false;
  }

  /** The locks an object's own analyzed `acquire` method (or `method`, `self._acquire()`) takes
   *  (its straight-line `x.acquire()` receivers, FunctionSummary.acquired), named in that
   *  method's frame on the object's class; undefined unless every value is such an object. */
  private acquiredThrough(vals: Val[], depth: number, method = 'acquire'): string[] | undefined {
    if (!vals.length || depth >= MAX_LOCK_DEPTH) return undefined;
    const ids = new Set<string>();
    for (const v of vals) {
      if (v.k !== 'inst') return undefined;
      const m = this.lookupMethod(v.cls, method);
      if (!m?.s.acquired?.length || m.s.acquired.includes(m.s.selfParam ?? 'self')) return undefined;
      for (const t of m.s.acquired) for (const id of this.inferred(() => this.resolveLockOf(m, t, depth + 1, v.cls)) ?? []) ids.add(id);
    }
    return ids.size ? [...ids] : undefined;
  }

  /** The joins `x.stop()` in fn keeps: those the method of x's class keeps at its end
   *  (joinsKept), of its object's attributes (`self._t`: the class's, as ThreadEntry.joinedBy
   *  names it) or of the object itself (`self.join()` in a Thread subclass: x's, in fn). */
  private joinedThrough(fn: FnInfo, receiver: string, vals: Val[], method: string): string[] | undefined {
    const ids = new Set<string>();
    // (a module's global, `f = Flusher()` at top level: what it is bound to)
    for (const v of vals.flatMap(x => (x.k === 'var' ? this.globalValues(x) : [x]))) {
      if (v.k !== 'inst') return undefined;
      const m = this.lookupMethod(v.cls, method);
      if (!m?.s.joinsKept) return undefined;
      const sp = m.s.selfParam ?? 'self';
      for (const t of m.s.joinsKept) {
        const inner = t.slice(JOINED.length);
        // (a stop that stops another, `self._worker.stop()`: what that one keeps, on this object)
        if (inner.endsWith('()')) { for (const id of this.lockIds(m, t, v.cls)) ids.add(id); continue; }
        // (of its attributes: the class's name for them, which only a thread of one instance
        // has: ONE_INSTANCE)
        // (a list of them joined in a loop, `for t in self._threads: t.join()`: every instance)
        if (inner !== sp && inner.startsWith(sp + '.')) { ids.add(JOINED + this.boundKey(m, inner) + (inner.endsWith(EACH_JOINED) ? '' : ONE_INSTANCE)); continue; }
        if (inner === sp) {
          // (named as the summarizer names a join of it there: a local's with its function's name)
          const root = receiver.split('.', 1)[0];
          const local = fn.s.kind !== 'module' && root !== fn.s.selfParam && (fn.s.locals.includes(root) || fn.s.params.includes(root));
          ids.add(JOINED + this.boundKey(fn, local ? `${fn.s.qualname}:${receiver}` : receiver));
        }
      }
    }
    return ids.size ? [...ids] : undefined;
  }

  private resolveLockOf(fn: FnInfo, text: string, depth: number, recv?: ClassInfo): string[] | undefined {
    // (`self._acquire()`: what that method of the object acquires and keeps)
    const call = METHOD_CALL.exec(text);
    if (call && depth <= MAX_LOCK_DEPTH) {
      const base = this.lockBase(fn, dotted(call[1]), recv);
      const r = this.acquiredThrough(base, depth, call[2]);
      if (r) return r;
      // (an analyzed object's method that takes no lock, `self._acquire_slot()`: none)
      if (base.length && base.every(v => v.k === 'inst')) return [];
    }
    // (what names no lock itself but an object whose class's own `acquire` takes one, logging's
    // Handler, `self.acquire()` with `if self.lock: self.lock.acquire()`: that lock, on it)
    return this.resolveLockText(fn, text, depth, recv) ?? (depth <= MAX_LOCK_DEPTH && DOTTED_NAME.test(text) ? this.acquiredThrough(this.lockBase(fn, dotted(text), recv), depth) : undefined);
  }

  /** What a lock text's path is, as resolveLockText evaluates it. */
  private lockBase(fn: FnInfo, p: ExprPath, recv?: ClassInfo): Val[] {
    if (recv && p.root === this.selfName(fn)) return p.attrs.reduce<Val[]>((vs, a) => vs.flatMap(v => this.getAttr(v, a)), [{ k: 'inst', cls: recv }]);
    return this.bindsName(fn, p.root) ? this.evalPath(fn, p) : this.evalGlobalPath(fn.file, p);
  }

  private resolveLockText(fn: FnInfo, text: string, depth: number, recv?: ClassInfo): string[] | undefined {
    if (depth > MAX_LOCK_DEPTH || !DOTTED_NAME.test(text)) return undefined;
    const p = dotted(text);
    const ids = new Set<string>();
    const add = (l: readonly string[] | undefined) => { if (!l) return false; for (const id of l) ids.add(id); return true; };
    // (a name no enclosing function binds is the module's global, even where a function
    // rebinds it: `global _lock; _lock = RLock()` in an after-fork hook; self on the visit's
    // object, when its class is known)
    const evalBase = (base: ExprPath): Val[] => this.lockBase(fn, base, recv);
    if (!p.attrs.length) {
      const vals = evalBase(p);
      if (!vals.length) return undefined;
      for (const v of vals) if (v.k !== 'var' || !add(this.boundLock(`${v.file.module}.${v.name}`, v.file, own(v.file.globals, v.name), undefined, depth))) return undefined;
      return [...ids];
    }
    const attr = p.attrs[p.attrs.length - 1];
    // (a module global holding an instance, `MGR = Manager()`: its class's)
    const objs = evalBase({ root: p.root, attrs: p.attrs.slice(0, -1) }).flatMap((v): Val[] => {
      if (v.k !== 'var') return [v];
      const info = own(v.file.globals, v.name);
      const t = info?.typeText && !info.container ? this.typesFromText(v.file, info.typeText) : [];
      return t.length ? t : [v];
    });
    // (an object of unknown type: as its containers are guessed, `f._condition` with f any
    // future is Future._condition where only Future defines it)
    const guessed = objs.length ? undefined : this.guessedOwner(fn, attr);
    if (guessed) return this.boundLock(classAttrId(guessed, attr), guessed.file, own(guessed.s.attrs, attr), guessed, depth);
    if (!objs.length) return undefined;
    for (const v of objs) {
      if (v.k === 'inst' || v.k === 'cls') {
        // (defined by the class or a base; else by its subclasses: a mixin's method taking the
        // lock its users make, each its own)
        const k = this.mro(v.cls).find(c => own(c.s.attrs, attr));
        const definers = k ? [k] : [...new Set(this.allSubclasses(v.cls).map(s => this.mro(s).find(c => own(c.s.attrs, attr))).filter(c => c !== undefined))];
        if (!definers.length) return undefined;
        for (const d of definers) add(this.boundLock(classAttrId(d, attr), d.file, own(d.s.attrs, attr), d, depth));
      } else if (v.k === 'mod') {
        const m = this.findModule(v.name);
        if (!m || !own(m.globals, attr)) return undefined;
        add(this.boundLock(`${v.name}.${attr}`, m, own(m.globals, attr), undefined, depth));
      } else return undefined;
    }
    return [...ids];
  }

  /** Whether fn or a function enclosing it binds the name (self, a parameter, a local). */
  private bindsName(fn: FnInfo, name: string): boolean {
    for (let f: FnInfo | undefined = fn; f && f.s.kind !== 'module'; f = f.parent) {
      if (f.s.selfParam === name || f.s.locals.includes(name) || hasParam(f.s, name)) return true;
    }
    return false;
  }

  /** The locks a lock attribute or global `id` is: the one it is bound to, when another's
   *  (resolved in the function that binds it), else its own. */
  private boundLock(id: string, file: FileSummary, info: AttrInfo | undefined, cls: ClassInfo | undefined, depth: number): string[] {
    if (!info?.lockOf) return (info && cls && this.handedLocks(cls, id, info, depth)) ?? [id];
    let frame: FnInfo | undefined;
    for (const f of this.functionsOf(file)) {
      if (f.cls === cls && f.s.line <= info.line && info.line <= f.s.endLine && (!frame || f.s.line >= frame.s.line)) frame = f;
    }
    frame ??= cls ? cls.methods.get('__init__') : this.functionsOf(file).find(f => f.s.kind === 'module');
    return (frame && this.inferred(() => this.resolveLockOf(frame!, info.lockOf!, depth + 1))) ?? [id];
  }

  /** The locks a lock attribute bound to what its constructor is handed is (`self._lock =
   *  lock` with `Task(self._lock)`, or a dataclass field given `Task(_lock=self._lock)`, rich's
   *  Progress and Task): those the construction sites pass, each resolved where it is made;
   *  the attribute's own where a site passes none. Undefined where no site passes a lock. */
  private handedLocks(cls: ClassInfo, id: string, info: AttrInfo, depth: number): string[] | undefined {
    if (!this.constructionsOf || depth > MAX_LOCK_DEPTH) return undefined;
    const attr = id.slice(id.lastIndexOf('.') + 1);
    const init = this.lookupMethod(cls, '__init__');
    const param = init?.cls ? info.fromParams?.find(t => !t.includes('.')) : undefined;
    // (a dataclass's or attrs class's field, its generated `__init__`'s keyword: attrs drops the
    // leading underscores)
    const field = !init?.cls && info.handed && info.instance;
    if (!param && !field) return undefined;
    const names = param ? [param] : [attr, attr.replace(/^_+/, '')];
    const idx = param ? init!.s.params.indexOf(param) : -1;
    const positional = idx > 0 && !init!.s.params.slice(0, idx + 1).some(p => p.startsWith('*'));
    const ids = new Set<string>();
    let handed = false;
    for (const k of [cls, ...this.allSubclasses(cls)]) {
      const kInit = this.lookupMethod(k, '__init__');
      if (param ? kInit !== init : !!kInit?.cls) continue;
      for (const { fn, site } of this.constructionsOf(k) ?? []) {
        let arg: string | undefined;
        for (const n of names) arg ??= own(site.kwargs, n);
        if (arg === undefined && positional && !site.args.slice(0, idx - 1).some(a => a.startsWith('*'))) arg = site.args[idx - 1];
        const passed = arg !== undefined && DOTTED_NAME.test(arg) && this.isLock(arg) ? this.inferred(() => this.resolveLockOf(fn, arg!, depth + 1)) : undefined;
        if (passed?.length) { handed = true; for (const l of passed) ids.add(l); } else ids.add(id);
      }
    }
    return handed ? [...ids] : undefined;
  }

  locksOf(raw: string[], fn?: FnInfo): string[] {
    if (!raw.length) return raw;
    const kept = raw.filter(l => fn ? (this.isLock(l) && !this.countingAttr(fn, l)) || this.lockParam(fn, l) : this.isLock(l));
    return kept.length === raw.length ? raw : kept;
  }

  /** `self._sem` in fn where the class (or a base) binds `_sem` to a counting semaphore
   *  (AttrInfo.counting), whatever other classes bind that name to: no lock. */
  private countingAttr(fn: FnInfo, text: string): boolean {
    const sa = this.selfAttr(fn, text);
    return !!sa && !!this.attrInfo(sa.cls, sa.attr)?.counting;
  }
}

/** `@x.setter` / `@x.deleter` (or `@Base.x.setter`, overriding a base's property) on a def
 *  named x: which accessor of the property it is. */
function propertyAccessor(s: FunctionSummary): 'setter' | 'deleter' | undefined {
  for (const d of s.decorators) {
    for (const kind of ['setter', 'deleter'] as const) if (d === `${s.name}.${kind}` || d.endsWith(`.${s.name}.${kind}`)) return kind;
  }
  return undefined;
}

/** The name a lock text starts from: `self` in `self._lock`, `item` in `item.future._condition`. */
export function lockRoot(text: string): string {
  return text.split(/[.[(]/, 1)[0];
}

/** The names a lock text is in: its root, and for a context manager's call with arguments
 *  (`self._held(item.lock)`) the roots of the arguments too. */
export function lockRoots(text: string): string[] {
  const root = lockRoot(text);
  if (text.endsWith('()') || !text.endsWith(')')) return [root];
  const call = managerCall(text);
  return call ? [root, ...call.args.map(lockRoot), ...[...call.kwargs.values()].map(lockRoot)] : [root];
}

/** A context manager's lock text, `held(self._a, timeout=t)`: the dotted callee and the
 *  arguments (split at top-level commas), or undefined when it is no such call. */
export function managerCall(text: string): { callee: string; args: string[]; kwargs: Map<string, string> } | undefined {
  const open = text.indexOf('(');
  if (open <= 0 || !text.endsWith(')')) return undefined;
  const callee = text.slice(0, open);
  if (!DOTTED_NAME.test(callee)) return undefined;
  const args: string[] = [], kwargs = new Map<string, string>();
  const inner = text.slice(open + 1, -1);
  let depth = 0, quote = '', from = 0;
  const part = (end: number) => {
    const a = inner.slice(from, end).trim();
    from = end + 1;
    if (!a) return;
    const kw = /^([A-Za-z_]\w*)=(?!=)/.exec(a);
    if (kw) kwargs.set(kw[1], a.slice(kw[0].length).trim());
    else args.push(a);
  };
  for (let i = 0; i < inner.length; i++) {
    const ch = inner[i];
    if (quote) { if (ch === '\\') i++; else if (ch === quote) quote = ''; }
    else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') depth--;
    else if (ch === ',' && depth === 0) part(i);
  }
  part(inner.length);
  return { callee, args, kwargs };
}

/** A manager's parameters → the call's argument texts (positional until a starred one, then by
 *  keyword; a method's first parameter is its object). */
function managerBinding(m: FnInfo, call: { args: string[]; kwargs: Map<string, string> }): Map<string, string> {
  const params = m.cls && !m.s.staticmethod ? m.s.params.slice(1) : m.s.params;
  const out = new Map<string, string>();
  for (let i = 0; i < params.length && i < call.args.length; i++) {
    if (params[i].startsWith('*') || call.args[i].startsWith('*')) break;
    out.set(params[i], call.args[i]);
  }
  for (const [k, v] of call.kwargs) if (params.includes(k)) out.set(k, v);
  // (a parameter the body binds again is not the argument where the lock is taken)
  for (const p of [...out.keys()]) if (boundTypes(m.s, p).length) out.delete(p);
  return out;
}

/** What calling each value gives: a class's new instance, a function's returns, an outside
 *  callable's result. */
function callResults(p: Program, vals: Val[]): Val[] {
  return vals.flatMap((v): Val[] => (v.k === 'cls' ? [{ k: 'inst', cls: v.cls }] : v.k === 'fn' ? p.returnValues(v.fn) : v.k === 'ext' ? [{ k: 'ext', name: `${v.name}()` }] : []));
}

/** The most unrelated classes a property read on an unknown object may be guessed to run the
 *  getter of (`item.rate` with Central.rate and Local.rate, as a method call would). */
const MAX_PROPERTY_GUESSES = 3;

/** An argument that is an item of a named container, `self._by_path[path]`. */
const ITEM_ARG = /^([A-Za-z_][\w.]*)\[[^\]]*\]$/;

/** Rounds of collectParamFunctions: objects handed down that many calls deep. */
const HAND_DOWN_ROUNDS = 3;

/** A dotted text that calls on the way (`get_policy().new_event_loop`, a local's type from
 *  `loop = get_policy().new_event_loop()`): the last call's callee as a `<call:…>` root, which
 *  evalRoot takes the same way in turn. */
export function chained(text: string): ExprPath {
  const i = text.lastIndexOf('().');
  return i < 0 ? dotted(text) : { root: `<call:${text.slice(0, i)}>`, attrs: text.slice(i + 3).split('.') };
}

/** A local type text naming an element or item of something (a loop variable's, an unpacked
 *  tuple's, a getattr dispatch), not a type. */
function elementText(x: string): boolean {
  return x.startsWith(EACH_OF) || x.startsWith(VALUES_OF) || x.startsWith(NESTED_OF) || x.startsWith(TUPLE_OF) || x.startsWith(GETATTR_OF);
}

/** `concurrent` for `concurrent.futures._base`. */
function topPackage(module: string): string {
  const i = module.indexOf('.');
  return i < 0 ? module : module.slice(0, i);
}

/** A call that is one of fn's thread starts (`Thread(target=f)`, `pool.submit(f)`). */
function isStart(fn: FnInfo, c: CallSite): boolean {
  return fn.s.starts.some(st => st.line === c.line && st.column === c.column);
}

/** a, and what of b it does not have yet (a itself when b adds nothing). */
function joinVals(a: Val[], b: Val[]): Val[] {
  return b.length ? [...a, ...b.filter(v => !a.some(o => sameVal(o, v)))] : a;
}

/** An instance as what a container holds (Val `element`). */
function elementOf(v: Val): Val {
  return v.k === 'inst' ? { ...v, element: true } : v;
}

function sameVal(a: Val, b: Val): boolean {
  if (a.k !== b.k) return false;
  if (a.k === 'fn' && b.k === 'fn') return a.fn === b.fn;
  if ((a.k === 'inst' || a.k === 'cls') && (b.k === 'inst' || b.k === 'cls')) return a.cls === b.cls;
  if (a.k === 'ext' && b.k === 'ext') return a.name === b.name;
  return false;
}

/** The request handler class a server's construction is given (`Server(addr, Handler)`). */
export function handlerArgument(site: CallSite): string | undefined {
  return own(site.kwargs, 'RequestHandlerClass') ?? site.args[1];
}

/** A function's parameters as a call passes them: after self where it is called bound. */
function callParams(fn: FnInfo, bound: boolean): string[] {
  return fn.s.params.slice(bound && fn.s.selfParam ? 1 : 0);
}

/** The parameter an argument goes to: the i-th positional one before any starred parameter,
 *  or the one a keyword names. */
function paramAt(params: readonly string[], arg: number | string): string | undefined {
  if (typeof arg === 'string') return params.includes(arg) ? arg : undefined;
  const star = params.findIndex(q => q.startsWith('*'));
  return arg >= 0 && (star < 0 || arg < star) ? params[arg] : undefined;
}

/** Whether the bracket at `open` in a call's text closes at its end (`f(x)`, not
 *  `pool.connection().cursor()`). Strings aside: an argument text is short. */
function closesAtEnd(text: string, open: number): boolean {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') { depth--; if (depth === 0) return i === text.length - 1; }
  }
  return false;
}

/** The dotted name an argument's text is one call of, to its end (`make_job(f, 1)`, not
 *  `pool.connection().cursor()`). */
/** The items of a list or tuple literal's text (`[EnvProvider(), self.p]`), split at its
 *  top-level commas; undefined for any other text or one cut short. */
function literalItems(a: string): string[] | undefined {
  const open = a[0], close = open === '[' ? ']' : open === '(' ? ')' : undefined;
  if (!close || a[a.length - 1] !== close || a.endsWith('…')) return undefined;
  const out: string[] = [];
  let depth = 0, from = 1, quote = '';
  for (let i = 1; i < a.length - 1; i++) {
    const ch = a[i];
    if (quote) { if (ch === quote && a[i - 1] !== '\\') quote = ''; continue; }
    if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') { if (--depth < 0) return undefined; }
    else if (ch === ',' && depth === 0) { out.push(a.slice(from, i).trim()); from = i + 1; }
  }
  const last = a.slice(from, a.length - 1).trim();
  if (last) out.push(last);
  return out;
}

function singleCall(a: string): string | undefined {
  const m = /^([A-Za-z_][\w.]*)\(/.exec(a);
  return m && closesAtEnd(a, m[0].length - 1) ? m[1] : undefined;
}

/** The plain name an argument's text calls, `task_cls(…)` (to its end: the text may be cut
 *  short, `…`), whatever its case. */
function calledName(a: string): string | undefined {
  const m = /^([A-Za-z_]\w*)\(/.exec(a);
  return m && (a.endsWith('…') || closesAtEnd(a, m[0].length - 1)) ? m[1] : undefined;
}

/** The class-like callee of a construction argument text (`StreamHandler(sys.stderr)` →
 *  `StreamHandler`), else undefined. */
function constructionCallee(a: string): string | undefined {
  const m = /^([A-Za-z_][\w.]*)\(/.exec(a);
  return m && a.endsWith(')') && classLike(m[1]) ? m[1] : undefined;
}

/** A plain local of fn bound to a construction (`h = StreamHandler()`: a class-like callee), so
 *  what it holds is worth typing where it is handed on; `only`: bound to nothing else, an
 *  object the call made (`a = _AddressList(s); return a.addresslist`: returnedContainers). */
function constructedLocal(fn: FnInfo, a: string, only = false): boolean {
  if (a.includes('.') || hasParam(fn.s, a)) return false;
  const t = own(fn.s.localTypes, a);
  return !!t?.length && (only ? t.every(classLike) : t.some(classLike));
}

/** Whether a qualname is the function's own or one of its closures' (`f.<locals>.g`). */
export function inFunction(qualname: string, owner: string): boolean {
  return qualname === owner || (qualname.startsWith(owner) && qualname.startsWith('.<locals>.', owner.length));
}

/** Whether a method guessed by name for a call could be the one it runs: it takes the call's
 *  positional arguments and keywords (`sock.listen(5)` is no `Listener.listen(self)`), and
 *  is no `async def` called from a plain function where nothing runs what it makes
 *  (`sock.detach()` runs none of an async `detach`'s body; `loop.run_until_complete(
 *  loop.shutdown_asyncgens())` runs it: the call is inside another's). */
function fits(caller: FnInfo, m: FnInfo, site: CallSite): boolean {
  if (m.s.async && !caller.s.async && !caller.s.calls.some(c => c !== site && encloses(c, site))) return false;
  const params = m.s.params.slice(m.s.selfParam ? 1 : 0);
  if (params.some(p => p.startsWith('**'))) return true;
  const named = params.filter(p => !p.startsWith('*'));
  for (const k in site.kwargs) if (!named.includes(k)) return false;
  if (params.some(p => p.startsWith('*'))) return true;
  return site.args.filter(a => !a.startsWith('*')).length <= named.length;
}

/** Whether call a's text holds call b's (b is an argument of a, or its receiver). */
function encloses(a: CallSite, b: CallSite): boolean {
  const starts = a.line < b.line || (a.line === b.line && a.column <= b.column);
  const ends = a.endLine > b.endLine || (a.endLine === b.endLine && a.endColumn >= b.endColumn);
  return starts && ends && (a.line !== b.line || a.column !== b.column || a.endLine !== b.endLine || a.endColumn !== b.endColumn);
}

/** Whether a call is given one of self's containers itself (`self._jobs`, not `self._jobs[k]`
 *  nor `len(self._jobs)`'s result). */
function handsPart(site: CallSite, sp: string, container: (attr: string) => boolean): boolean {
  const part = (t: string) => t.startsWith(`${sp}.`) && DOTTED_NAME.test(t) && t.indexOf('.', sp.length + 1) < 0 && container(t.slice(sp.length + 1));
  if (site.args.some(part)) return true;
  for (const k in site.kwargs) if (part(site.kwargs[k])) return true;
  return false;
}
