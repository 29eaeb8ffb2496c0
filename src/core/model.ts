// Per-file summaries: everything the cross-file passes need, with no parse tree kept.
// Summaries are plain JSON (they go to worker threads and to the on-disk cache).
import { EACH_JOINED } from './vocabulary';

/** An expression path: `self.kv_mgr.check_status` is { root: 'self', attrs: ['kv_mgr', 'check_status'] }. */
export interface ExprPath {
  /** Identifier at the root; '<super>' for `super()`. */
  root: string;
  attrs: string[];
}

export interface Span { line: number; column: number; endLine: number; endColumn: number }

export interface CallSite extends Span {
  /** At a module's top level, before its first start and outside `if __name__ ==
   *  "__main__":`: made by the module's import (IMPORTED, Summarizer.importCalls). */
  atImport?: boolean;
  callee: ExprPath;
  args: string[];
  kwargs: Record<string, string>;
  /** Lock texts held at the call (`self.lock`). */
  locks: string[];
  inLoop: boolean;
  /** A `self.x` read that runs x's getter if x is a property. */
  property?: boolean;
  /** A `self.x = v` assignment that runs x's setter if x is a property (`args`: the value). */
  setter?: boolean;
  /** `x[k] = v` / `del x[k]` as the call of `__setitem__` / `__delitem__` it is when x's class is
   *  an analyzed one that defines it (`class _PoolCache(dict)`); never guessed by name. */
  dunder?: boolean;
  /** The call's result is iterated where it is made (`for x in f()`, `list(f())`, or handed
   *  to a call that is, `for s in filter_control(simplify(buf))`): a
   *  generator's body runs here, under the locks held here. */
  iterated?: boolean;
  /** A done-callback the loop runs later (`task.add_done_callback(cb)`, Summarizer.laterCall):
   *  a call of cb only where the `add_done_callback` call before it resolves to no analyzed
   *  method (an analyzed future class says itself when it runs its callbacks). */
  later?: boolean;
  /** `self._worker = Worker(…)` (a class-like callee name): what the object made is bound to,
   *  as ThreadStart.boundTo (a Thread subclass's join()). */
  boundTo?: string;
  /** A class-like call made once per object or once for the program (`if self._t is None:
   *  self._t = Worker(…)`), as ThreadStart.once: a Thread subclass made there is not made again
   *  by the function's running again. */
  once?: 'program' | 'object';
  /** On a local bound only to new objects (`sel = Selector()`, `with Stack() as s`) that never
   *  leaves this call (never passed, returned, stored or seen by a closure): no other thread
   *  can reach the object. */
  fresh?: boolean;
  /** Locals of the kind `fresh` marks, passed whole to this call before anything else lets
   *  them go (`decorate(span, n)`): lent, the object new where the callee keeps its parameter
   *  (FunctionSummary.keptParams; Findings' Visit.fresh). */
  lends?: string[];
}

export type AccessOp = string;

export interface DirectAccess extends Span {
  target: ExprPath;
  access: 'read' | 'write';
  op: AccessOp;
  key?: string;
  value?: string;
  locks: string[];
  readWrite?: boolean;
  /** A membership or `.get` test, the "check" of check-then-act. */
  check?: boolean;
  /** Under a lock: the `with` block that took the innermost one (its line, relative to the
   *  function's), so a test and a write under one lock in two blocks are told apart: the lock
   *  is let go between them (Findings.checksOf). */
  region?: number;
  /** Through a local that holds an object only this call sees (CallSite.fresh). */
  fresh?: boolean;
  /** An element write through an attribute of the element (`self.infos[k].offsets.append(x)`,
   *  `d[k].x = v`): the element's attribute is written (an access of an ITEM_OF path of its
   *  own), and the container only read, where the container's element types are known
   *  (Program.knownItems); where they are not, a write of the container as recorded. */
  item?: boolean;
}

export type StartKind = 'thread' | 'timer' | 'executor' | 'process';

export interface ThreadStart extends Span {
  kind: StartKind;
  /** What runs: a path to a function, or the qualname of a synthetic lambda function. */
  target?: ExprPath;
  lambda?: string;
  /** How the start was written (`threading.Thread`, `executor.submit` …), for messages. */
  via: string;
  name?: string;
  inLoop: boolean;
  /** `executor.map(fn, items)` runs fn many times at once. */
  many?: boolean;
  /** Bound to a module global only while it is None (`if _poller is None: _poller =
   *  Thread(…)`): one thread, however often the start is reached, `program`; to self's
   *  attribute so (`if self._t is None: self._t = Thread(target=self._run)`), one per object,
   *  on it, `object` (Summarizer.startedOnce). */
  once?: 'program' | 'object';
  /** Started and joined back to back (`t = Thread(…)`, `t.start()`, then `t.join()` as the
   *  next statement, in no loop): its starter waits for it, so it never runs beside the
   *  thread that started it (ThreadModel.confinedTo). */
  joinedNext?: boolean;
  /** Argument texts the target is called with (`args=(q,)`, `submit(fn, x)`, partial's). */
  args?: string[];
  /** A request handler class given to a threading server (`ThreadingTCPServer(addr,
   *  Handler)`): the target is the class, and its handler methods run (HANDLER_METHODS, `do_*`). */
  handler?: boolean;
  /** A handler start of a plain server's `serve_forever()`/`handle_request()`, `Thread(target=
   *  server.serve_forever)` with `server = TCPServer(addr, Handler)`: the handler runs on this
   *  thread, one request at a time (not many unless the start is). */
  serving?: boolean;
  /** What the thread object is bound to (`self._worker = Thread(…)`: `self._worker`; a local
   *  is qualified by its function, `run:t`): its `join()` orders what follows (JOINED). */
  boundTo?: string;
  /** A task given to a named executor (`ex.submit(work)`, `self._pool.map(…)`): the executor's
   *  name as a join names its tasks (`main:ex[]`, EACH_JOINED), which leaving `with … as ex:`
   *  or `ex.shutdown()` joins (ThreadEntry.poolJoin). */
  pool?: string;
  /** A done-callback's future (`fut.add_done_callback(cb)`), as a join names it, with `@` and
   *  the callback's text: cb runs after that future's task has returned, once (ThreadEntry.
   *  afterTask). */
  future?: string;
  /** A process guessed from the constructor's name (`Process(target=…)` with `Process` a
   *  parameter or an unknown object's attribute): that name's path. Where it resolves to a
   *  Thread subclass (multiprocessing.dummy's DummyProcess) the target runs on a thread. */
  maker?: ExprPath;
  /** One of the starts at this site, the others with the same span: the target is a name bound
   *  to one of several functions (`target = self._a if debug else self._b`), and only one of
   *  them runs. Their targets are one thread's entries. */
  oneOf?: boolean;
  /** Arguments each start is given an object of its own: a local bound only to calls' results
   *  (`made`, the callees' texts) in the loop the start is in (or, in none, in the function's
   *  body), and given to no other start (`job = Job(r); Thread(target=self._run, args=(job,))`);
   *  `arg` -1 is the target's receiver (`w = Worker(); Thread(target=w.run)`: its self).
   *  Where the calls make new objects (the analysis decides), the thread's instances do not
   *  share it (ThreadEntry.ownParams). */
  perStart?: { arg: number; made: string[] }[];
  /** A callback scheduled on an asyncio event loop (`loop.call_soon_threadsafe(cb)`,
   *  `asyncio.run_coroutine_threadsafe(coro(), loop)`): the loop's text. It runs on the thread
   *  that runs the loop (`runsLoop`, or a thread's entry calling `loop.run_forever()`), or on
   *  main where none does. */
  loop?: string;
  /** At a module's top level outside `if __name__ == "__main__":`: started by its import. */
  atImport?: boolean;
  /** The target is a loop's runner (`Thread(target=self.loop.run_forever)`): the loop's text;
   *  what is scheduled on that loop runs on this thread. */
  runsLoop?: string;
}

export interface AttrInfo {
  line: number;
  column: number;
  /** dict, defaultdict, OrderedDict, Counter, set, list, deque … when bound to a container. */
  container?: string;
  /** Type expression text from an annotation or a constructor call (`Manager`, `Optional[Store]`). */
  typeText?: string[];
  lock?: boolean;
  /** Of a queue: the types of the items of tuples put on it, `i:Type` (`q.put((Job(), cb))`),
   *  functions among them `i=fn:name` / `i=self:method`, and functions put whole `*=fn:name`,
   *  `*=fn:Class.method`, `*=self:method`; tuple items from parameters are `addedParams`
   *  entries `qualname:param#i`. */
  queuedAt?: string[];
  /** Of a container: the module's functions stored in it (`HANDLERS["resize"] = resize`),
   *  what calling one of its items may run (Program.elementsOf). */
  functions?: string[];
  /** Bound in a method to a function defined there, a nested def or a lambda (`self._handler =
   *  default_handler`, `self._take_snapshot = lambda: Snapshot(self.path)`): their qualnames.
   *  Calling the attribute runs them, where it is called, not where they are defined. */
  localFunctions?: string[];
  /** A semaphore made with a count other than 1 (`Semaphore(4)`, `Semaphore(0)`): holding it
   *  excludes no other thread, so it is no lock, whatever its name (Program.isLock). */
  counting?: boolean;
  executor?: 'thread' | 'process';
  /** An executor class, not an executor: calling it makes one (`self._executor_cls =
   *  executor_cls` with the parameter defaulting to ThreadPoolExecutor, `pool_cls =
   *  ThreadPoolExecutor` in a class body), `with self._executor_cls(4) as ex:`. */
  executorClass?: 'thread' | 'process';
  /** `threading.Condition(self.mutex)`: the lock it wraps. */
  lockOf?: string;
  /** Of a class: bound in the class body with no annotation (`_registry = {}`: one object every
   *  instance shares), and bound through `self` (each instance's own), when they are. */
  classBody?: boolean;
  instance?: boolean;
  /** Bound through `self` to an object made elsewhere (a parameter, another object's
   *  attribute …), or declared as an annotated class-body field (a dataclass's `__init__`
   *  argument): not necessarily the instance's own. */
  handed?: boolean;
  /** Module globals and class-body names bound to another name (`_Sel = selectors.PollSelector`,
   *  `_Server = Server`): the texts, which mean what they name. */
  aliases?: string[];
  /** Of a class: bound in its `__init__` to an unannotated parameter, or to a dotted name rooted
   *  at one (`self.mgr = mgr`, `self.status = mgr.request_status`): the texts. Typed from what
   *  the class's construction sites pass (Program.passed), for containers and calls. */
  fromParams?: string[];
  /** Of the module global `__all__` bound to a list or tuple of strings: those names, the
   *  module's public API (its importers may rebind them: Program.getAttr, `loose`). */
  names?: string[];
  /** Of a container attribute: the parameters its class's methods add to it
   *  (`def add_done_callback(self, fn): self._done_callbacks.append(fn)`), as `Qualname:param`.
   *  Its elements are then what callers hand those parameters (Program.elementsOf): a callback
   *  registry's calls run the callbacks. */
  addedParams?: string[];
  /** Of a container attribute bound to a literal of self's methods (`self.handlers = {"put":
   *  self.on_put}`): their names, its elements (a dispatch table, Program.elementsOf). */
  methodValues?: string[];
  /** Bound to a container method of another of self's attributes (`self._append =
   *  self._queue.append`, kept for speed): `_queue.append`. A call of it (`self._append(k)`)
   *  is that access (Summarizer.boundMethodAccesses). */
  boundMethods?: string[];
  /** Of a queue (`self.inbox = queue.Queue()`): the types of what is put on it
   *  (`self.inbox.put(Req())`, `put_nowait(job)` with job typed), which its `get()` hands out
   *  (Program.localTypeVals): the consumer's `req = self.inbox.get()` is one of those. */
  queued?: string[];
}

export interface FunctionSummary {
  qualname: string;
  name: string;
  kind: 'function' | 'method' | 'lambda' | 'module';
  line: number;
  endLine: number;
  column: number;
  /** Qualname of the class this is a method of. */
  className?: string;
  /** Qualname of the lexically enclosing function (closures). */
  parent?: string;
  params: string[];
  /** Annotation text per parameter. */
  paramTypes: Record<string, string>;
  /** The return annotation's text (`-> Worker`): what a call of it makes where its `return`
   *  statements do not say (an abstract stub `...`; Program.returnValues). */
  returnType?: string;
  /** Parameters whose default is a dotted name (`_registry=_registry`, a module global kept for
   *  shutdown): what the parameter is when callers leave it out. */
  paramDefaults?: Record<string, string>;
  /** Defaults present, so a missing argument is not an error. */
  selfParam?: string;
  staticmethod?: boolean;
  classmethod?: boolean;
  property?: boolean;
  async?: boolean;
  decorators: string[];
  /** `# threadline: thread=NAME` on or above the def. */
  threadAnnotation?: string;
  /** Names bound in this scope (assignment, for targets, imports, defs), minus global/nonlocal. */
  locals: string[];
  /** Local variable types: `x = Cls()` or `x: Cls`. */
  localTypes: Record<string, string[]>;
  /** Local names bound to containers (closure-shared state when a nested def uses them). */
  localContainers: Record<string, { type: string; line: number; column: number }>;
  /** Local names bound to executors (`with ThreadPoolExecutor() as ex`). */
  localExecutors: Record<string, 'thread' | 'process'>;
  /** Nested def names. */
  nested: string[];
  calls: CallSite[];
  accesses: DirectAccess[];
  starts: ThreadStart[];
  /** Receivers of straight-line `x.acquire()`: locks whatever their name. */
  acquired?: string[];
  /** Elements added to another object's attribute (`s.batch.append(r)`): `s.batch=r`, or
   *  `s.batch=Req()` for a construction (Summarizer.noteForeignAdd, Program.foreignAdds). */
  elementAdds?: string[];
  /** Joins held at the end of the body (`self._t.join()` as its last word on the thread): a
   *  caller's `x.stop()` holds them after the call (Program.resolveLockOf). */
  joinsKept?: string[];
  /** A generator (`yield` in its body): a call runs none of the body, its iteration does. */
  generator?: boolean;
  /** A generator's lock texts held at every `yield` (`@contextmanager def locked(self): with
   *  self._lock: yield`): what a `with self.locked():` holds (Program.lockIds). */
  yieldLocks?: string[];
  /** Locals holding an object only this call can reach (CallSite.fresh), with the texts of
   *  what made it (`Selector`): the analysis takes them when every one is a class. */
  made?: Record<string, string[]>;
  /** A method whose self leaves it: passed on, stored, handed out as a bound method (a thread
   *  target) or seen by a closure. */
  selfEscapes?: boolean;
  /** Parameters (not self) that never leave the call: used as receivers (`span.tag(k)`) or
   *  passed whole to other calls (lent on, CallSite.lends), never stored, returned, put in a
   *  container or seen by a closure (Program.keepsParam follows the lending). */
  keptParams?: string[];
  /** Locals of `made` (a new object each call) whose first way out is a `return` (`f =
   *  Future(); …; return f`): what the function returns is new (Program.factory). */
  returnsMade?: string[];
  /** Attributes of self taken as values (`self.run` handed to a thread, `len(self.items)`): a
   *  method among them is self handed on (Program.leaks). */
  selfValues?: string[];
  /** Attributes of self taken as values only to be passed to calls (`self.error_output(env,
   *  self.start_response)`): a method among them is self handed on unless every callee keeps
   *  what it is given there (Program.lendsSelfAway, keepsParam). */
  selfLent?: string[];
  /** What its `return` statements give, when a name or a call of one (`root`, `Cache()`,
   *  `Logger.manager.getLogger()`: a call's text ends in `()`): what a call of it makes
   *  (Program.returnValues), so `log = getLogger()` has a type. At most MAX_RETURNS, and `?`
   *  when some other return could give an object (`REGISTRY[kind]()`): not all is known. */
  returns?: string[];
}

export interface ClassSummary {
  qualname: string;
  name: string;
  line: number;
  endLine: number;
  column: number;
  bases: ExprPath[];
  baseTexts: string[];
  decorators: string[];
  /** Lexically enclosing function, for classes defined in a def. */
  parent?: string;
  attrs: Record<string, AttrInfo>;
  methods: string[];
}

export interface ImportBinding {
  /** Local name bound. */
  name: string;
  /** Absolute or relative module (`pkg.common`, `.common`, `..`). */
  module: string;
  /** The imported member (`from m import X` → X), absent for `import m`. */
  member?: string;
}

export interface FileSummary {
  /** Engine version that produced it, for cache checks. */
  engine: number;
  path: string;
  module: string;
  isPackage: boolean;
  lines: number;
  errors: { line: number; column: number; message: string }[];
  warnings: string[];
  imports: ImportBinding[];
  classes: ClassSummary[];
  functions: FunctionSummary[];
  /** Module-level names bound (for global lookups). */
  globals: Record<string, AttrInfo>;
  symbols: import('./report').SymbolInfo[];
}

/** Local types of loop variables (FunctionSummary.localTypes): an element of the container
 *  named, or of its values (`for w in d.values()`): Program.elementsOf. */
export const EACH_OF = '<each>';
export const VALUES_OF = '<values>';
/** A loop over one of a mapping's values (`cbs = self._subs.get(topic, ())`, then `for cb in
 *  cbs`): what was appended to its values (`self._subs.setdefault(topic, []).append(cb)`), the
 *  functions only (a value that is an object of an analyzed class is iterated as that class
 *  says, which is not known here). */
export const NESTED_OF = '<nested>';
/** A local bound to `getattr(self, …)`: the method(s) named by what follows, `=name` (a
 *  string), `^prefix` (`f"handle_{kind}"`, `"do_" + cmd`) or `?var` (a variable the function
 *  tests for membership in a class attribute listing method names, `assert name in self.public`). */
export const GETATTR_OF = '<getattr>';
/** In AttrInfo.names, an entry naming the list another class's attribute holds, which the list
 *  adds to (`public = Server.public + [...]`): `<listed>Server.public`. */
export const LISTED_FROM = '<listed>';
/** A call's callee that is an item of a container (`self.handlers[kind](msg)`): its elements or
 *  values (Program.evalRoot). */
export const ITEM_OF = '<item>';
/** In AttrInfo.typeText, what a call made in a method returns, where its callee is that
 *  method's own name (`self.engine = self._make_engine()`, `self.kex = self._kex_info[k](self)`,
 *  `self.conn = pool.connect()` with pool a parameter): `<in>Qualname|callee`, the callee's
 *  path or an ITEM_OF root, evaluated in that function (Program.typesFromText). */
export const IN_FUNCTION = '<in>';
/** A local bound to one item of a tuple a queue hands out (`fn, args = self.q.get()`):
 *  `<tuple>0|self.q.get` (Program.queuedItemsOf). */
export const TUPLE_OF = '<tuple>';
/** A local type from `isinstance(obj, C)`: obj may be a C, besides what it was bound to. */
export const NARROWED = '<isinstance>';
/** A return text for a value neither a name nor a call of one (FunctionSummary.returns). */
export const UNKNOWN_RETURN = '?';

export const ENGINE_VERSION = 23;

declare const __ENGINE_BUILD__: string | undefined;
/** A hash of the engine's sources and grammar versions, set by the build (scripts/build.mjs): a
 *  cached summary or report made by other engine code is never used, version bump or not. */
export const ENGINE_BUILD: string = typeof __ENGINE_BUILD__ === 'string' ? __ENGINE_BUILD__ : 'unbuilt';

/** Whether the function has a parameter of that name (`*args` and `**kw` by their names). */
export function hasParam(s: FunctionSummary, name: string): boolean {
  return s.params.some(p => p.replace(/^\*+/, '') === name);
}

/** What the function's own bindings of a name give it (its localTypes, less what isinstance
 *  tests add): for a parameter, that the body binds it again (`if executor is None: executor =
 *  ThreadPoolExecutor()`). */
export function boundTypes(s: FunctionSummary, name: string): string[] {
  return own(s.localTypes, name)?.filter(x => !x.startsWith(NARROWED)) ?? [];
}

/** Where a function's code stops being import time: a function's never is (0); a module's
 *  ends at the first thread it starts at module level (a script's `Thread(…).start()`, or the
 *  `start()` of an object of a class-like name made there, a Thread subclass's maybe: `w =
 *  Worker(); w.start()`, `Worker().start()`, `for w in [Worker() …]: w.start()`), its accesses
 *  after that running beside the thread; a module that starts none is all import (Infinity).
 *  From the summary alone (the summarizer keeps the module's names accessed after it). */
export function importEnds(s: FunctionSummary): number {
  if (s.kind !== 'module') return 0;
  return firstStartLine(s);
}

/** The line of a function's first start point (startPoints), Infinity when it has none;
 *  `skip`: lines not to count (a module's `if __name__ == "__main__":` block). */
export function firstStartLine(s: FunctionSummary, skip?: (line: number) => boolean): number {
  let end = Infinity;
  for (const st of s.starts) if (st.line < end && !skip?.(st.line)) end = st.line;
  for (const c of s.calls) if (c.line < end && !skip?.(c.line) && startsMade(s, c)) end = c.line;
  return end;
}

/** A class-like dotted name (`Worker`, `mod.Worker`, a private `_WorkItem`): a constructor,
 *  by its case. */
/** A dotted name as a path (`threading.Event` → threading, [Event]). */
export function dotted(text: string): ExprPath {
  const [root, ...attrs] = text.split('.');
  return { root, attrs };
}

export function classLike(text: string): boolean {
  let i = text.lastIndexOf('.') + 1;
  while (text.charCodeAt(i) === 95) i++;
  const c = text.charCodeAt(i);
  return c >= 65 && c <= 90;
}

/** A function's start points in their order: its thread starts and its `start()` calls on an
 *  object a class-like call made there (a Thread subclass's, maybe: startsMade). What precedes
 *  the statement of point k (for a point in a loop, the outermost loop's) holds the mark
 *  `<started>module:qualname#k` (Summarizer.beforeStarts), and a thread started at point r,
 *  the only start of its thread in a function run once, is preceded by every mark of rank at
 *  most r (ThreadModel, findings' startOrdered): both rank by this list. */
export function startPoints(s: FunctionSummary): { line: number; column: number; inLoop: boolean }[] {
  const out: { line: number; column: number; inLoop: boolean }[] = s.starts.map(st => ({ line: st.line, column: st.column, inLoop: st.inLoop }));
  for (const c of s.calls) if (startsMade(s, c)) out.push({ line: c.line, column: c.column, inLoop: c.inLoop });
  return out.sort((a, b) => a.line - b.line || a.column - b.column);
}

/** Whether s starts a thread it made itself (startPoints has more than its starts). */
export function startsWhatItMakes(s: FunctionSummary): boolean {
  for (const c of s.calls) if (startsMade(s, c)) return true;
  return false;
}

/** The rank among a function's start points (startPoints) of the one at `at`. */
export function pointRank(points: readonly { line: number; column: number }[], at: { line: number; column: number }): number {
  let r = 0;
  for (const p of points) if (p.line < at.line || (p.line === at.line && p.column < at.column)) r++;
  return r;
}

/** The `start()` call of s on the object its construction `site` makes: `w = Worker(); …;
 *  w.start()`, `Worker().start()`, `for w in workers: w.start()` over the list the
 *  construction is an element of (CallSite.boundTo). */
export function startOfMade(s: FunctionSummary, site: CallSite): CallSite | undefined {
  const b = site.boundTo;
  const name = b && !b.endsWith(EACH_JOINED) ? b.slice(b.indexOf(':') + 1) : undefined;
  for (const c of s.calls) {
    if (c.line < site.line || (c.line === site.line && c.column < site.column)) continue;
    // (the name bound again to another object, or the object handed on to a call that may
    // start it, `launch(w)`, before its own `w.start()`: not known to be that start)
    const itself = c.line === site.line && c.column === site.column && c.callee.root === site.callee.root;
    if (!itself && b && c.boundTo === b) return undefined;
    if (name && (c.args.includes(name) || Object.values(c.kwargs).includes(name))) return undefined;
    if (!startsMade(s, c)) continue;
    const root = c.callee.root;
    if (root.startsWith('<call:')) { if (c.line === site.line && c.column === site.column) return c; continue; }
    if (!b) continue;
    if (b === root || b === `${s.qualname}:${root}`) return c;
    if (own(s.localTypes, root)?.some(t => t.startsWith(EACH_OF) && listNamed(s, b, t.slice(EACH_OF.length)))) return c;
  }
  return undefined;
}

/** Whether `bound` (a CallSite.boundTo) is the list `text` names in s, each element of it
 *  (`workers[]`, in a function `serve:workers[]`). */
function listNamed(s: FunctionSummary, bound: string, text: string): boolean {
  return bound === text + EACH_JOINED || bound === `${s.qualname}:${text}${EACH_JOINED}`;
}

/** Whether a call is `start()` on an object a class-like call made in the function. */
function startsMade(s: FunctionSummary, c: CallSite): boolean {
  if (c.callee.attrs.length !== 1 || c.callee.attrs[0] !== 'start' || c.args.length || c.property || c.setter) return false;
  const root = c.callee.root;
  if (root.startsWith('<call:')) return classLike(root.slice(6, -1));
  return own(s.localTypes, root)?.some(t => classLike(t)
    || (t.startsWith(EACH_OF) && s.calls.some(m => m.boundTo !== undefined && listNamed(s, m.boundTo, t.slice(EACH_OF.length)) && classLike([m.callee.root, ...m.callee.attrs].join('.'))))) ?? false;
}

/** A new table keyed by names from the source (a class's attributes, a call's keywords, a
 *  function's local types …), with no prototype. V8 keeps such an object in dictionary mode,
 *  so the names never become hidden classes: added to plain `{}` objects, each distinct first
 *  name was one more transition of the root object map, and once that map had its maximum
 *  (the stdlib overflowed it 177 files into a summary), every object later built by adding
 *  properties (a spread, `{}` then keys) got a map of its own: about 9 KB and 25 µs each,
 *  where 0.1 µs is usual. */
export function nameTable<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** Own-property lookup: summaries are plain objects, and Python names like `constructor` must not hit Object.prototype. */
export function own<T>(table: Record<string, T>, key: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined;
}
