// Pass 1, per file: one walk over the mirrored syntax tree produces the file's summary —
// skeleton, functions with their call sites, direct container-shaped accesses, thread
// starts, imports and attribute bindings. Nothing here looks at other files.
import type { SymbolInfo } from './report';
import { AttrInfo, CallSite, ClassSummary, DirectAccess, EACH_OF, IN_FUNCTION, ENGINE_VERSION, ExprPath, FileSummary, FunctionSummary, GETATTR_OF, ITEM_OF, ImportBinding, LISTED_FROM, NARROWED, StartKind, TUPLE_OF, ThreadStart, UNKNOWN_RETURN, VALUES_OF, NESTED_OF, boundTypes, classLike, dotted, firstStartLine, hasParam, importEnds, nameTable, own, startPoints } from './model';
import { applyNote, AttrNote, Effect, sameKeys, Segment, shiftSegment, SummaryMemo } from './segments';
import { sameStrings } from './shape';
import { intern } from './names';
import { LineIndex } from './source';
import { child, children, namedChildren, SyntaxNode } from './syntax';
import {
  ARG_VALUE_WRITES, OPERATOR_READS, READING_FUNCTIONS, BUILTIN_TYPES, DONE, HANDLER_CALL, PLAIN_SERVERS, SERVE_METHODS, DOTTED_NAME, EACH_JOINED, JOINED, STARTED, CONTAINER_ANNOTATIONS, CONTAINER_CONSTRUCTORS, EXECUTOR_CONSTRUCTORS, EXECUTOR_MANY, CONSUMING_CALLS, EXECUTOR_METHODS, KEYED_WRITES, LOCK_CONSTRUCTORS, LOOP_RUNNERS, LOOP_SCHEDULERS, RUN_COROUTINE_THREADSAFE, SEMAPHORE_CONSTRUCTORS, LOCK_NAME, PARTIAL, PROCESS_CONSTRUCTORS, READ_METHODS, READING_BUILTINS, MUTATING_FUNCTIONS, QUEUE_CONSTRUCTORS, ITEM_GETTERS, START_NEW_THREAD, THREAD_CONSTRUCTORS, THREADING_SERVERS, TIMER_CONSTRUCTORS, TRANSPARENT_CALLS, QUEUE_BASES, QUEUE_LOCKED_HOOKS, THREAD_POOL_EXECUTORS, TO_THREAD, VALUED_WRITES, WRITE_METHODS, ITERATING_METHODS,
} from './vocabulary';

/** Return texts kept per function (FunctionSummary.returns). */
const MAX_RETURNS = 4;
/** Builtins whose result iterates as their argument does. */
const ELEMENT_PRESERVING = new Set(['list', 'tuple', 'sorted', 'reversed', 'set', 'frozenset', 'iter']);
/** Container methods that put an element in (the second argument for insert and setdefault). */
const ELEMENT_ADDERS = new Set(['append', 'appendleft', 'add', 'insert', 'setdefault']);
/** Type texts an attribute takes from what is added to it (noteElement). */
const MAX_ELEMENT_TYPES = 4;
/** Calls made of one call whose argument names one of several paths (argChoices). */
const MAX_ARG_CHOICES = 4;
/** Values that are never an object of an analyzed class. */
const PLAIN_VALUES = new Set(['none', 'true', 'false', 'integer', 'float', 'string', 'concatenated_string', 'list', 'tuple',
  'dictionary', 'set', 'list_comprehension', 'dictionary_comprehension', 'set_comprehension', 'generator_expression',
  'comparison_operator', 'not_operator', 'binary_operator', 'unary_operator', 'lambda']);
/** Values that are a new object (or no object): `self.x = <one of these>` makes x the instance's own. */
const MADE_VALUES = new Set(['call', 'none', 'true', 'false', 'integer', 'float', 'string', 'concatenated_string',
  'dictionary', 'list', 'set', 'tuple', 'dictionary_comprehension', 'list_comprehension', 'set_comprehension', 'lambda']);
const MAX_TEXT = 120;
/** Functions of other classes or modules kept of one table literal (AttrInfo.functions). */
const MAX_STORED_FUNCTIONS = 32;
const MAX_ERRORS = 50;
const MAX_NESTING = 400;
/** The grammar keeps indentation widths in a byte (a tab counts 8): wider lines are misread. */
const MAX_INDENT = 255;
const ANNOTATION = /#\s*threadline:\s*thread\s*=\s*([A-Za-z_][\w.-]*)/;

interface Scope {
  fn: FunctionSummary;
  /** Set when directly inside a class body. */
  cls?: ClassSummary;
  prefix: string;
  symbols: SymbolInfo[];
  aliases: Map<string, ExprPath>;
  declaredGlobal: Set<string>;
  locals: Set<string>;
  /** Locals bound to a lock made in this call (`waiter = allocate_lock()`): a new one each
   *  time, so holding one excludes no other thread (see finishScope). */
  freshLocks?: Set<string>;
  /** Locals bound to a counting semaphore (`sem = Semaphore(4)`): held, they exclude no other
   *  thread, in this function or its closures (finishScope). */
  countingLocals?: Set<string>;
  /** Index in the file's functions of the first one defined inside this scope's function. */
  firstInner?: number;
  /** Locals bound to a call's result (`sel = Selector()`: the callees' texts), and those bound
   *  any other way too. */
  made?: Map<string, Set<string>>;
  notMade?: Set<string>;
  /** Locals of a function bound to one of some paths, until bound again: `target = self._a if
   *  debug else self._b`, `fn = fn or self._default`, `for fn in (self._c, self._d):`. A
   *  thread start or a call through the name is one of each (Summarizer.choicesOf). */
  choices?: Map<string, ExprPath[]>;
  /** Of those, the loop variables: each of their paths is taken in turn, not one of them. */
  eachChoice?: Set<string>;
  /** Locals of a function bound to `functools.partial(f, a, …)`, until bound again: a thread
   *  start through the name (`one = partial(self._upload, key); pool.map(one, parts)`) runs f
   *  with those arguments first, as the same partial written in the start does. */
  partials?: Map<string, { fn: SyntaxNode; bound: SyntaxNode[] }>;
  /** The first line of the statement each thread start is in, by the start's `line:column`. */
  startStatements?: Map<string, number>;
  /** Of the module: the lines of its `if __name__ == "__main__":` blocks (not import). */
  mainGuards?: [number, number][];
  /** The loop each thread start is in (loopOf), by the start's `line:column`. */
  startLoops?: Map<string, number>;
  /** Of the locals bound to a call's result, each binding's loop (loopOf; NaN where unknown)
   *  and place: what perStartArgs compares with a start's, and markFresh with a let-go's. */
  madeLoops?: Map<string, { loop: number; line: number; column: number }[]>;
  /** Locals bound to a copy of a container's elements (`cbs = list(self._cbs)`, `.copy()`,
   *  `[:]`) or to one of a mapping's values (`cbs = self._subs.get(topic, ())`, values
   *  flattened: a registry of lists is iterated for what was appended to its values): what a
   *  loop over the local iterates (loopVariable). */
  copies?: Map<string, { text: string; values: boolean }>;
  /** Names bound to what `os.fork()` returns (`pid`, `self.pid`): `if pid == 0:` is the child. */
  forks?: Map<string, SyntaxNode | null>;
}

interface Ctx {
  scope: Scope;
  locks: string[];
  inLoop: boolean;
  /** Names a comprehension or a lambda binds for the expression inside it (`reg` in `[r(reg)
   *  for reg in regs]`): not the function's or the module's names of the same spelling. */
  shadow?: ReadonlySet<string>;
  /** In the child's branch after `os.fork()` (`if pid == 0:`): what it calls runs in another
   *  process (a start of kind process each, not a call: forkChild). */
  forkChild?: boolean;
  /** The `with` block that took the innermost lock held (DirectAccess.region). */
  region?: number;
}

export interface SummarizeInput {
  root: SyntaxNode;
  text: string;
  path: string;
  module: string;
  isPackage: boolean;
  warnings?: string[];
  /** The tree as parsed before recovery blanked broken blocks: its errors are the ones to report. */
  errorsFrom?: SyntaxNode;
  /** The text errorsFrom was parsed from. */
  errorsText?: string;
  /** False when the tree is known to have no error or missing node (tree-sitter says so): the
   *  walk looking for them is skipped. */
  hasErrors?: boolean;
  /** The document's last summary by statement (an open document): statements the edit did not
   *  touch are taken over from it, and it is replaced by this summary's. */
  memo?: SummaryMemo;
}

/** A statement would change a class an earlier statement made (a class defined twice): the
 *  statements are not independent, so the summary is made by one whole walk. */
class Entangled extends Error {}

export function summarize(input: SummarizeInput): FileSummary {
  if (!input.memo) return new Summarizer(input).run();
  try {
    return new Summarizer(input).run();
  } catch (e) {
    if (!(e instanceof Entangled)) throw e;
    input.memo.segments = undefined;
    return new Summarizer({ ...input, memo: undefined }).run();
  }
}

class Summarizer {
  private readonly text: string;
  private readonly lines: LineIndex;
  private readonly out: FileSummary;
  /** Local name → canonical dotted name, for recognizing `threading.Thread` through imports and aliases. */
  private readonly canon = new Map<string, string>();
  private readonly annotations = new Map<number, string>();
  private readonly scopes: Scope[] = [];
  private lambdaCount = new Map<string, number>();
  private moduleScope?: Scope;
  /** While a top-level statement is walked for the memo: where its effects and annotation
   *  lookups go, the line it starts on and the number of classes made before it. */
  private effects?: Effect[];
  private lookups?: [number, string | undefined][];
  private segmentLine = 0;
  private segmentClasses = 0;
  /** While a top-level statement is walked for the memo: how many later ones it read (Segment.ahead). */
  private segmentAhead = 0;

  constructor(private readonly input: SummarizeInput) {
    this.text = input.text;
    this.lines = new LineIndex(input.text);
    this.out = {
      engine: ENGINE_VERSION, path: input.path, module: input.module, isPackage: input.isPackage,
      lines: this.lines.lineCount, errors: [], warnings: input.warnings ? [...input.warnings] : [],
      imports: [], classes: [], functions: [], globals: nameTable(), symbols: [],
    };
    if (input.text.includes('threadline:')) {
      const ls = input.text.split(/\r\n|\r|\n/);
      ls.forEach((l, i) => { const m = ANNOTATION.exec(l); if (m) this.annotations.set(i + 1, m[1]); });
    }
  }

  run(): FileSummary {
    if (this.input.hasErrors !== false) this.collectErrors(this.input.errorsFrom ?? this.input.root);
    this.checkIndentation();
    const moduleFn = this.newFunction('<module>', '<module>', 'module', this.input.root, undefined);
    const scope: Scope = {
      fn: moduleFn, prefix: '', symbols: this.out.symbols, aliases: new Map(), declaredGlobal: new Set(), locals: new Set(),
    };
    this.scopes.push(scope);
    this.moduleScope = scope;
    const memo = this.input.memo;
    if (memo) this.moduleBlock(this.input.root.children, { scope, locks: [], inLoop: false }, memo);
    else this.block(this.input.root.children, { scope, locks: [], inLoop: false });
    this.finishScope(scope);
    this.scopes.pop();
    if (memo) {
      // the segments' parts were made exact as each was walked
      compactFunction(moduleFn, false);
      this.out.classes = exact(this.out.classes); this.out.functions = exact(this.out.functions); this.out.imports = exact(this.out.imports);
    } else compact(this.out);
    return this.out;
  }

  /** The module's statements, each its own segment of the memo: taken over from the last
   *  summary when its node is the same object (the mirror kept it) and the statements before
   *  it left the same effects as last time; walked otherwise. */
  private moduleBlock(nodes: SyntaxNode[], ctx: Ctx, memo: SummaryMemo): void {
    const input = this.input;
    const old = memo.path === input.path && memo.module === input.module && memo.isPackage === input.isPackage ? memo.segments : undefined;
    const at = new Map<SyntaxNode, number>();
    if (old) for (let i = 0; i < old.length; i++) at.set(old[i].node, i);
    const segments: Segment[] = [];
    let locks = ctx.locks;
    // in sync: the effects so far are the ones the old segments up to `last` left
    let inSync = !!old, last = -1, reused = 0;
    let walked: Effect[] = [];
    for (const n of nodes) {
      if (!n.named || n.type === 'comment') continue;
      const c = locks === ctx.locks ? ctx : { ...ctx, locks };
      let seg: Segment | undefined;
      const k = inSync ? at.get(n) : undefined;
      if (k !== undefined && k > last) {
        const dropped: Effect[] = [];
        for (let j = last + 1; j < k; j++) for (const e of old![j].effects) dropped.push(e);
        if (!sameKeys(walked, dropped)) inSync = false;
        else if ((seg = this.takeOver(old![k], n, locks))) { last = k; walked = []; reused++; }
      }
      if (!seg) {
        seg = this.walkSegment(n, c);
        for (const e of seg.effects) walked.push(e);
      }
      segments.push(seg);
      locks = this.heldAfter(n, ctx, locks);
    }
    memo.path = input.path; memo.module = input.module; memo.isPackage = input.isPackage;
    memo.segments = segments; memo.reused = reused; memo.walked = segments.length - reused;
  }

  /** The old segment for the same node, if it still holds: same locks held, same column, the
   *  same annotation comments around it. Its effects are applied and its parts added. */
  private takeOver(o: Segment, n: SyntaxNode, locks: string[]): Segment | undefined {
    if (!sameStrings(o.locksIn, locks)) return undefined;
    const l = this.lines.lineOf(n.start);
    const line = l + 1;
    if (this.lines.columnOf(n.start, l) + 1 !== o.column) return undefined;
    const d = line - o.line;
    // (warnings name lines)
    if (d !== 0 && o.warnings.length) return undefined;
    for (const [rel, v] of o.lookups) if (this.annotations.get(line + rel) !== v) return undefined;
    if (o.ahead && this.laterText(n, o.ahead.count) !== o.ahead.text) return undefined;
    const s = d === 0 ? o : shiftSegment(o, d);
    for (const e of s.effects) this.apply(e, line);
    const out = this.out, fn = this.moduleScope!.fn;
    for (const x of s.functions) out.functions.push(x);
    for (const x of s.classes) out.classes.push(x);
    for (const x of s.imports) out.imports.push(x);
    for (const x of s.symbols) out.symbols.push(x);
    for (const x of s.calls) fn.calls.push(x);
    for (const x of s.accesses) fn.accesses.push(x);
    for (const x of s.starts) fn.starts.push(x);
    for (const x of s.warnings) out.warnings.push(x);
    return s;
  }

  /** The text of the `count` statements after a top-level one (Segment.ahead). */
  private laterText(n: SyntaxNode, count: number): string {
    const sibs = n.parent ? n.parent.children.filter(c => c.named && c.type !== 'comment') : [];
    const i = sibs.indexOf(n);
    return i < 0 ? '' : sibs.slice(i + 1, i + 1 + count).map(c => this.t(c)).join('\0');
  }

  private walkSegment(n: SyntaxNode, ctx: Ctx): Segment {
    const out = this.out, fn = this.moduleScope!.fn;
    const f0 = out.functions.length, c0 = out.classes.length, i0 = out.imports.length, s0 = out.symbols.length;
    const k0 = fn.calls.length, a0 = fn.accesses.length, t0 = fn.starts.length, w0 = out.warnings.length;
    const l = this.lines.lineOf(n.start);
    const effects: Effect[] = [], lookups: [number, string | undefined][] = [];
    this.effects = effects; this.lookups = lookups; this.segmentLine = l + 1; this.segmentClasses = c0; this.segmentAhead = 0;
    try { this.statement(n, ctx); } finally { this.effects = this.lookups = undefined; }
    const seg: Segment = {
      node: n, line: l + 1, column: this.lines.columnOf(n.start, l) + 1, locksIn: ctx.locks, effects, lookups,
      functions: out.functions.slice(f0), classes: out.classes.slice(c0), imports: out.imports.slice(i0), symbols: out.symbols.slice(s0),
      calls: fn.calls.slice(k0), accesses: fn.accesses.slice(a0), starts: fn.starts.slice(t0), warnings: out.warnings.slice(w0),
    };
    if (this.segmentAhead) seg.ahead = { count: this.segmentAhead, text: this.laterText(n, this.segmentAhead) };
    // complete now (a statement's functions and classes are finished by its end): made exact once
    for (const f of seg.functions) compactFunction(f, true);
    for (const c of seg.classes) compactClass(c);
    compactItems(seg.calls, seg.accesses, seg.starts);
    return seg;
  }

  private apply(e: Effect, line: number): void {
    const scope = this.moduleScope!;
    switch (e.kind) {
      case 'canon': this.canon.set(e.name, e.value); return;
      case 'bind': scope.locals.add(e.name); scope.aliases.delete(e.name); return;
      case 'alias': scope.aliases.set(e.name, { root: e.root, attrs: e.attrs }); return;
      case 'global': scope.declaredGlobal.add(e.name); return;
      case 'localType': scope.fn.localTypes[e.name] = e.types; return;
      case 'localExecutor': scope.fn.localExecutors[e.name] = e.executor; return;
      case 'acquired': this.acquired(scope.fn, e.text); return;
      case 'server': this.servers.set(e.name, e.handler); return;
      case 'lambda': this.lambdaCount.set(e.base, e.count); return;
      case 'note': applyNote(this.out.globals, e.name, { ...e.note, line: e.note.line + line }); return;
      case 'warning': return;
      case 'mainGuard': (scope.mainGuards ??= []).push([e.from + line, e.to + line]); return;
      case 'startStatement': (scope.startStatements ??= new Map()).set(`${e.at + line}:${e.column}`, e.line + line); return;
      // (a block inside the statement is no later statement's: only the top level's compares)
      case 'fork': (scope.forks ??= new Map()).set(e.name, e.top ? this.input.root : null); return;
      case 'unfork': scope.forks?.delete(e.name); return;
    }
  }

  // ---- writes later statements see (recorded as effects while walking for the memo) ----
  private setCanon(name: string, value: string): void {
    this.canon.set(name, value);
    this.effects?.push({ key: `c ${name} ${value}`, kind: 'canon', name, value });
  }
  /** Scope.forks, and at module level the effect a later statement taken over needs. */
  private setFork(scope: Scope, name: string, block: SyntaxNode | null): void {
    (scope.forks ??= new Map()).set(name, block);
    const top = block === this.input.root;
    if (this.effects && scope === this.moduleScope) this.effects.push({ key: `f ${name} ${top ? 1 : 0}`, kind: 'fork', name, top });
  }
  private dropFork(scope: Scope, name: string): void {
    scope.forks?.delete(name);
    if (this.effects && scope === this.moduleScope) this.effects.push({ key: `F ${name}`, kind: 'unfork', name });
  }
  private setLocalType(fn: FunctionSummary, name: string, types: string[]): void {
    fn.localTypes[name] = types;
    if (this.effects && fn === this.moduleScope?.fn) this.effects.push({ key: `t ${name} ${types.join('|')}`, kind: 'localType', name, types });
  }
  private setLocalExecutor(fn: FunctionSummary, name: string, executor: 'thread' | 'process'): void {
    fn.localExecutors[name] = executor;
    if (this.effects && fn === this.moduleScope?.fn) this.effects.push({ key: `x ${name} ${executor}`, kind: 'localExecutor', name, executor });
  }
  private acquired(fn: FunctionSummary, text: string): void {
    const a = (fn.acquired ??= []);
    if (a.includes(text)) return;
    a.push(text);
    if (this.effects && fn === this.moduleScope?.fn) this.effects.push({ key: `q ${text}`, kind: 'acquired', text });
  }
  private annotation(line: number): string | undefined {
    const v = this.annotations.get(line);
    this.lookups?.push([line - this.segmentLine, v]);
    return v;
  }

  // ---- positions and text ----
  /** The node's text, as the one string for that text (names.ts): never a view into the file's
   *  text, which summaries outlive (12 MB for the stdlib), nor one more copy of `self`. */
  private t(n: SyntaxNode): string {
    return intern(this.text.slice(n.start, n.end));
  }
  private short(n: SyntaxNode): string {
    const s = this.t(n).replace(/\s+/g, ' ');
    return s.length > MAX_TEXT ? s.slice(0, MAX_TEXT - 1) + '…' : s;
  }
  private line(n: SyntaxNode): number { return this.lines.lineOf(n.start) + 1; }
  private span(n: SyntaxNode) {
    const l = this.lines.lineOf(n.start), el = this.lines.lineOf(n.end);
    return { line: l + 1, column: this.lines.columnOf(n.start, l) + 1, endLine: el + 1, endColumn: this.lines.columnOf(n.end, el) + 1 };
  }

  private collectErrors(root: SyntaxNode): void {
    const stack = [root];
    while (stack.length && this.out.errors.length < MAX_ERRORS) {
      const n = stack.pop()!;
      if (n.error) {
        const s = this.span(n);
        const src = this.input.errorsText ?? this.text;
        const near = src.slice(n.start, n.end).replace(/\s+/g, ' ').trim().slice(0, 30);
        const msg = n.error === 'missing' ? `syntax error: missing "${n.type}"` : `syntax error: unexpected "${near}"`;
        this.out.errors.push({ line: s.line, column: s.column, message: msg });
      }
      for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]);
    }
    this.out.errors.sort((a, b) => a.line - b.line || a.column - b.column);
  }

  /** Blocks nested so deep that a line is indented past MAX_INDENT are parsed wrongly, sometimes
   *  with no syntax error reported: say so, once. */
  private checkIndentation(): void {
    const deep = /^[ \t]{32,}(?=[^ \t\r\n#\f])/gm;
    const src = this.input.errorsText ?? this.text;
    for (let m; (m = deep.exec(src));) {
      let width = 0;
      for (const c of m[0]) width += c === '\t' ? 8 : 1;
      if (width <= MAX_INDENT) continue;
      this.out.warnings.push(`indentation deeper than ${MAX_INDENT} columns at line ${this.lines.lineOf(m.index) + 1}: past the parser's limit, the nesting from there on is not parsed reliably`);
      return;
    }
  }

  // ---- scopes ----
  private newFunction(qualname: string, name: string, kind: FunctionSummary['kind'], n: SyntaxNode, parent: string | undefined): FunctionSummary {
    const s = this.span(n);
    const fn: FunctionSummary = {
      qualname, name, kind, line: s.line, endLine: s.endLine, column: s.column, parent, params: [], paramTypes: nameTable(),
      decorators: [], locals: [], localTypes: nameTable(), localContainers: nameTable(), localExecutors: nameTable(), nested: [],
      calls: [], accesses: [], starts: [],
    };
    this.out.functions.push(fn);
    return fn;
  }

  private finishScope(scope: Scope): void {
    const fn = scope.fn;
    // A lock this call made is not held by any other thread: it protects nothing shared, and
    // two functions' `waiter` locks are not one lock. Unless closures of this call share it:
    // then it is this function's lock, named for it here and in the closures (two functions'
    // local `lock`s handed to their own workers are still two locks).
    const fresh = scope.freshLocks;
    const counting = scope.countingLocals;
    if (counting?.size) {
      // (no lock at all: taken out of every lock list here and in the closures that see it)
      const inner = this.out.functions.slice(scope.firstInner ?? this.out.functions.length);
      const drop = (locks: string[], shadowed: readonly string[]) => (locks.some(l => counting.has(l) && !shadowed.includes(l)) ? locks.filter(l => !counting.has(l) || shadowed.includes(l)) : locks);
      for (const c of fn.calls) c.locks = drop(c.locks, NONE);
      for (const a of fn.accesses) a.locks = drop(a.locks, NONE);
      for (const f of inner) {
        for (const c of f.calls) c.locks = drop(c.locks, f.locals);
        for (const a of f.accesses) a.locks = drop(a.locks, f.locals);
      }
    }
    if (fresh?.size) {
      const prefix = `${fn.qualname}.<locals>.`;
      // (those made while walking this function: a redefinition's closures are not these)
      const inner = this.out.functions.slice(scope.firstInner ?? this.out.functions.length);
      for (const name of fresh) if (inner.length) this.acquired(fn, prefix + name); // a lock, whatever its name
      const rename = (locks: string[], shadowed: readonly string[]) => (locks.some(l => fresh.has(l) && !shadowed.includes(l))
        ? locks.flatMap(l => (!fresh.has(l) || shadowed.includes(l) ? [l] : inner.length ? [prefix + l] : [])) : locks);
      for (const c of fn.calls) c.locks = rename(c.locks, NONE);
      for (const a of fn.accesses) a.locks = rename(a.locks, NONE);
      for (const f of inner) {
        for (const c of f.calls) c.locks = rename(c.locks, f.locals);
        for (const a of f.accesses) a.locks = rename(a.locks, f.locals);
      }
    }
    for (const g of scope.declaredGlobal) scope.locals.delete(g);
    this.perStartArgs(scope);
    if (!scope.cls) this.listBound(scope);
    // (after listBound: its lists' elements started in a loop are start points, model.startPoints)
    this.beforeStarts(scope);
    fn.locals = [...scope.locals].sort();
    // Bare names that are plain locals are not shared state (unless a closure shares them).
    // (parameters stay: a helper that changes the container it is given writes the caller's container)
    const params = new Set(fn.params);
    // (at module level, the module's globals are shared once a thread the module starts there
    // runs: a script's `Thread(target=worker).start()` then `shared[k] = v`; before that, import)
    // (or once a call there may start one, `main()`: Findings.besideThreads decides which do)
    const started = fn.kind === 'module' ? Math.min(importEnds(fn), firstCall(fn)) : Infinity;
    // (a local bound only to what a call of self's or a global's returns, `m = self.meta()`:
    // an access of that, `<call:self.meta>`, Program.returnedContainers)
    const returned = (name: string): string | undefined => {
      const t = own(fn.localTypes, name);
      if (t?.length !== 1 || !DOTTED_NAME.test(t[0]) || classLike(t[0]) || own(fn.localContainers, name) !== undefined) return undefined;
      const root = t[0].split('.', 1)[0];
      return root === fn.selfParam || (!scope.locals.has(root) && !params.has(root) && !BUILTIN_TYPES.has(root)) ? t[0] : undefined;
    };
    const elementOf = (name: string): ExprPath | undefined => {
      const t = own(fn.localTypes, name);
      if (t?.length !== 1 || own(fn.localContainers, name) !== undefined) return undefined;
      const text = t[0].startsWith(EACH_OF) ? t[0].slice(EACH_OF.length) : t[0].startsWith(VALUES_OF) ? t[0].slice(VALUES_OF.length) : undefined;
      if (!text || !DOTTED_NAME.test(text)) return undefined;
      const [root, ...attrs] = text.split('.');
      return root === name ? undefined : { root, attrs };
    };
    fn.accesses = fn.accesses.filter(a => {
      if (a.target.attrs.length > 0 || !scope.locals.has(a.target.root) || own(fn.localContainers, a.target.root) !== undefined
        || (params.has(a.target.root) && a.target.root !== fn.selfParam && a.op !== 'pass' && a.op !== 'ref') || a.line > started) return true;
      // (self used as a container, recordAccess: its callers' receiver's)
      if (a.target.root === fn.selfParam) return true;
      // (an object a local holds, read by an operator its class may define, `it =
      // ChunkIterator(b); next(it)`: CallGraph.resolve runs that method)
      if (a.access === 'read' && own(OPERATOR_READS, a.op) && boundTypes(fn, a.target.root).some(classLike)) return true;
      const call = a.op !== 'pass' && a.op !== 'ref' ? returned(a.target.root) : undefined;
      if (call) { a.target = { root: `<call:${call}>`, attrs: [] }; return true; }
      // (a local bound only to an element of a named container, `seq = self._by_len[n]`, `for
      // l in d.values()`: what changes it changes the container's element, as `d[k].pop()`
      // does; where the elements' types are known, a read of it, DirectAccess.item)
      const of = a.access === 'write' ? elementOf(a.target.root) : undefined;
      const op = of && (a.op === 'setitem' ? 'element-set' : a.op === 'delitem' ? 'element-del' : /^[a-z_]+$/.test(a.op) && a.op !== 'assign' && a.op !== 'del' && a.op !== 'augassign' ? `element.${a.op}` : undefined);
      if (!of || !op) return false;
      a.target = of;
      a.op = op;
      a.item = true;
      return true;
    });
  }

  /** In a function, each call and access before a thread start in no loop holds one mark,
   *  `<started>module:qualname#k` (STARTED), k the rank of the first such start after it: it
   *  runs before that thread and every later one exists, which the thread model takes up
   *  where a start is its thread's only one and the function runs once (ThreadEntry.
   *  startedAfter). New objects, not changes. */
  private beforeStarts(scope: Scope): void {
    const fn = scope.fn;
    if (fn.kind === 'module' && !scope.cls) this.importCalls(scope);
    if (scope.cls || fn.kind === 'lambda') return;
    // (one mark per access: `#k`, the rank of the first start point after it (startPoints: the
    // starts, and `w.start()` on an object made here), whose statement it precedes (for one
    // in a loop, the outermost loop's: every round's start comes after what precedes the
    // loop); it precedes that point and every later one, startOrdered. A mark per start was a
    // string per later start on every access, quadratic in a function of many)
    // (a point whose statement is not known: its own line, or in a loop none, 0)
    const lines = startPoints(fn).map(p => scope.startStatements?.get(`${p.line}:${p.column}`) ?? (p.inLoop ? 0 : p.line));
    if (!lines.length) return;
    const prefix = `${STARTED}${this.out.module}:${fn.qualname}#`;
    const held = (line: number, locks: string[]) => {
      const k = lines.findIndex(l => line < l);
      return k < 0 ? locks : [...locks, prefix + k];
    };
    fn.calls = fn.calls.map(c => { const l = held(c.line, c.locks); return l === c.locks ? c : { ...c, locks: l }; });
    fn.accesses = fn.accesses.map(a => { const l = held(a.line, a.locks); return l === a.locks ? a : { ...a, locks: l }; });
  }

  /** A module's import: its top-level calls before its first start, outside `if __name__ ==
   *  "__main__":`, are its import's (CallSite.atImport; a flag, not a held mark: what they
   *  reach would be told apart from the same code reached otherwise, Findings.importOnly).
   *  New objects, not changes. */
  private importCalls(scope: Scope): void {
    const fn = scope.fn;
    const guards = scope.mainGuards ?? [];
    const guarded = (line: number) => guards.some(([a, b]) => line >= a && line <= b);
    // (a thread's start, or `Worker().start()` of a Thread subclass's object: startPoints)
    const first = firstStartLine(fn, guarded);
    fn.calls = fn.calls.map(c => (c.line < first && !guarded(c.line) && !c.atImport ? { ...c, atImport: true } : c));
    fn.starts = fn.starts.map(st => (!guarded(st.line) && !st.atImport ? { ...st, atImport: true } : st));
  }

  /** A start's arguments that are objects of its own (ThreadStart.perStart): a local of the
   *  function bound only to calls' results, each binding in the loop the start is in (so each
   *  round's start gets that round's object), and an argument of no other start. New objects,
   *  not changes. */
  private perStartArgs(scope: Scope): void {
    const fn = scope.fn;
    const loops = scope.madeLoops;
    if (!loops || scope.cls || fn.kind === 'module' || !fn.starts.some(st => st.args || st.target?.attrs.length === 1)) return;
    const sites = new Map<string, Set<string>>();
    for (const st of fn.starts) for (const a of st.args ?? []) {
      let l = sites.get(a);
      if (!l) sites.set(a, (l = new Set()));
      l.add(`${st.line}:${st.column}`);
    }
    fn.starts = fn.starts.map(st => {
      const at = scope.startLoops?.get(`${st.line}:${st.column}`);
      const per = st.perStart ? [...st.perStart] : [];
      const mine = (a: string, arg: number) => {
        const l = loops.get(a);
        if (!l || at === undefined || scope.notMade?.has(a) || scope.declaredGlobal.has(a) || fn.params.includes(a) || (sites.get(a)?.size ?? 0) !== (arg < 0 ? 0 : 1) || !l.every(x => x.loop === at)) return;
        per.push({ arg, made: [...scope.made!.get(a)!].sort() });
      };
      st.args?.forEach(mine);
      // (the target's receiver, `w = Worker(); Thread(target=w.run)` in a loop: each thread's
      // self its own, arg -1; not one another start is also on)
      const recv = st.target?.attrs.length === 1 && !st.lambda ? st.target.root : undefined;
      if (recv && recv !== fn.selfParam && fn.starts.filter(o => o.target?.root === recv).length === 1) mine(recv, -1);
      return per.length > (st.perStart?.length ?? 0) ? { ...st, perStart: per.sort((x, y) => x.arg - y.arg) } : st;
    });
  }

  /** `t = Thread(…)` in a loop, then `threads.append(t)` there: the threads made are the
   *  list's elements, bound as the list (EACH_JOINED) for a join loop over it. Only where every
   *  append of the name in a loop, after the start, is to that one list. New objects, not
   *  changes: a module's starts and calls may be a memo's (segments.ts). */
  private listBound(scope: Scope): void {
    const fn = scope.fn;
    // (as a join names it; never in a class body, where listBound does not run)
    const ctx: Ctx = { scope, locks: [], inLoop: false };
    const named = (text: string) => this.joinName(ctx, text);
    let appends: Map<string, { list: string; line: number }[]> | undefined;
    for (const c of fn.calls) {
      const a = c.callee.attrs;
      if (!c.inLoop || a.length < 1 || a[a.length - 1] !== 'append' || c.args.length !== 1 || !/^[A-Za-z_]\w*$/.test(c.args[0]) || c.callee.root.startsWith('<')) continue;
      const list = named([c.callee.root, ...a.slice(0, -1)].join('.')) + EACH_JOINED;
      const el = named(c.args[0]);
      let l = (appends ??= new Map()).get(el);
      if (!l) appends.set(el, (l = []));
      l.push({ list, line: c.line });
    }
    if (!appends) return;
    const listOf = (x: { boundTo?: string; inLoop: boolean; line: number }) => {
      const l = x.inLoop && x.boundTo !== undefined ? appends!.get(x.boundTo)?.filter(e => e.line >= x.line) : undefined;
      return l?.length && l.every(e => e.list === l[0].list) ? l[0].list : undefined;
    };
    fn.starts = fn.starts.map(st => { const list = listOf(st); return list ? { ...st, boundTo: list } : st; });
    fn.calls = fn.calls.map(c => { const list = listOf(c); return list ? { ...c, boundTo: list } : c; });
  }

  private bind(ctx: Ctx, name: string, madeBy?: string, at?: SyntaxNode): void {
    const scope = ctx.scope;
    if (madeBy === undefined) (scope.notMade ??= new Set()).add(name);
    else {
      const m = (scope.made ??= new Map());
      let l = m.get(name);
      if (!l) m.set(name, (l = new Set()));
      l.add(madeBy);
      const loops = (scope.madeLoops ??= new Map());
      let ll = loops.get(name);
      if (!ll) loops.set(name, (ll = []));
      // (a binding under an `if` or a `try` in its loop may be skipped in a round, which then
      // reuses the last round's object: NaN, no loop's)
      ll.push(at && !conditional(at) ? { loop: loopOf(at), ...this.span(at) } : { loop: NaN, line: 0, column: 0 });
    }
    ctx.scope.locals.add(name);
    ctx.scope.aliases.delete(name);
    ctx.scope.copies?.delete(name);
    if (ctx.scope.forks?.has(name)) this.dropFork(ctx.scope, name);
    ctx.scope.choices?.delete(name);
    ctx.scope.eachChoice?.delete(name);
    ctx.scope.partials?.delete(name);
    ctx.scope.freshLocks?.delete(name);
    ctx.scope.countingLocals?.delete(name);
    if (this.effects && ctx.scope === this.moduleScope) this.effects.push({ key: `b ${name}`, kind: 'bind', name });
  }

  /** A parameter (`source: Peer`, or typed by what its callers pass: `handle(req)` started
   *  with `args=(Request(),)`) or a local with a type of its own (`p = Peer()`, `for p in
   *  self.peers`, `p: Peer = …`): its attribute reads are property call sites, as `self.x`
   *  reads are (CallSite.property). Not every name: a call site per attribute read of any
   *  local costs memory and call resolution for nothing. */
  private typedRoot(ctx: Ctx, name: string): boolean {
    const fn = ctx.scope.fn;
    if (name === fn.selfParam || name.startsWith('<') || ctx.shadow?.has(name)) return false;
    return fn.params.includes(name) || !!own(fn.localTypes, name) || this.globalObject(ctx, name);
  }

  /** In a function, a module global that may hold an object (`cfg.plain` with `cfg = Config()`
   *  at module level, before or after the function): not a name of the function or of one
   *  enclosing it, nor an import or a module-level alias of a dotted name (`canon`: those are
   *  modules and their members, most attribute reads there are), nor a class's name or a
   *  builtin type's. */
  private globalObject(ctx: Ctx, name: string): boolean {
    if (ctx.scope === this.moduleScope || this.canon.has(name) || classLike(name) || BUILTIN_TYPES.has(name)) return false;
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const s = this.scopes[i];
      if (s === this.moduleScope) break;
      if (s.cls) continue; // (a class body's names are not seen from its methods)
      if (s.locals.has(name) || s.fn.params.includes(name)) return false;
    }
    return true;
  }

  /** The class a name in a method means as itself: a classmethod's `cls`, or the enclosing
   *  class's own name where nothing local hides it. */
  private classNamed(name: string, ctx: Ctx): ClassSummary | undefined {
    const fn = ctx.scope.fn;
    if (!fn.className || fn.kind !== 'method') return undefined;
    const itself = fn.classmethod && name === fn.selfParam;
    if (!itself && (ctx.scope.locals.has(name) || fn.className.slice(fn.className.lastIndexOf('.') + 1) !== name)) return undefined;
    const k = this.out.classes.findIndex(c => c.qualname === fn.className);
    if (k >= 0 && k < this.segmentClasses && this.effects) throw new Entangled();
    return k >= 0 ? this.out.classes[k] : undefined;
  }

  /** A class of this module's top level that module code names (`Logger` in `Logger.manager =
   *  Manager(…)` after the class statement). */
  private topLevelClass(name: string, ctx: Ctx): ClassSummary | undefined {
    if (ctx.scope.fn.kind !== 'module' || ctx.scope.cls || ctx.shadow?.has(name)) return undefined;
    const k = this.out.classes.findIndex(c => c.qualname === name);
    // an earlier statement's class, changed from here: see Entangled
    if (k >= 0 && k < this.segmentClasses && this.effects) throw new Entangled();
    return k >= 0 ? this.out.classes[k] : undefined;
  }

  /** The class whose instance `name` is, when `name` is the self parameter of an enclosing method. */
  private selfClass(name: string): ClassSummary | undefined {
    const fn = this.selfMethod(name);
    if (!fn) return undefined;
    const k = this.out.classes.findIndex(c => c.qualname === fn.className);
    // an earlier statement's class, changed from here: see Entangled
    if (k >= 0 && k < this.segmentClasses && this.effects) throw new Entangled();
    return k >= 0 ? this.out.classes[k] : undefined;
  }

  /** The method whose object a name is, from here: its self parameter, unless a closure
   *  between binds the name itself (not a classmethod's `cls`). */
  private selfMethod(name: string): FunctionSummary | undefined {
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const fn = this.scopes[i].fn;
      if (fn.kind === 'module') return undefined;
      if (fn.selfParam === name && fn.className && !fn.classmethod) return fn;
      if (fn.params.includes(name) || this.scopes[i].locals.has(name)) return undefined;
    }
    return undefined;
  }

  // ---- statements ----
  /** The statements of a block, in order; returns what is held after the last (straight-line
   *  acquires and joins it made and kept). */
  private block(nodes: SyntaxNode[], ctx: Ctx): string[] {
    let locks = ctx.locks;
    for (const n of nodes) {
      if (!n.named || n.type === 'comment') continue;
      const c = locks === ctx.locks ? ctx : { ...ctx, locks };
      this.statement(n, c);
      locks = this.heldAfter(n, ctx, locks);
    }
    return locks;
  }

  /** The locks held after a statement, given those held before it: the tasks it waits for have
   *  ended (waits), and a straight-line acquire()/release() holds or lets go a lock. */
  private heldAfter(n: SyntaxNode, ctx: Ctx, locks: string[]): string[] {
    // (a name bound again, `ex = ThreadPoolExecutor()` after `ex.shutdown()`, `fut = …`: its
    // new object's tasks are not the ones joined)
    const bound = n.type === 'expression_statement' ? namedChildren(n)[0] : undefined;
    const left = bound?.type === 'assignment' ? child(bound, 'left') : undefined;
    if (left && DOTTED_NAME.test(this.t(left))) {
      const bare = this.joinName(ctx, this.t(left), true), name = JOINED + bare;
      // (and a start bound to it before, not joined yet, `fut = ex.submit(f); fut = g`: a later
      // `fut.result()` or `fut.add_done_callback(cb)` is the new object's, not that task's)
      // (in a function: a module's earlier statements may be the last summary's, left as they were)
      if (!locks.includes(name) && ctx.scope.fn.kind !== 'module') for (const st of ctx.scope.fn.starts) if (st.boundTo === bare && st.line < this.line(n)) delete st.boundTo;
      if (locks.some(l => l.startsWith(JOINED))) locks = locks.filter(l => l !== name && l !== name + EACH_JOINED);
    }
    for (const w of this.waits(n, ctx)) if (!locks.includes(w)) locks = [...locks, w];
    const lk = this.acquireRelease(n, ctx);
    if (lk) {
      const text = this.lockText(ctx, lk.text);
      locks = lk.acquire ? [...locks, text] : locks.filter(l => l !== text);
      if (lk.acquire) this.acquired(ctx.scope.fn, text);
    }
    return locks;
  }

  private acquireRelease(n: SyntaxNode, ctx: Ctx): { text: string; acquire: boolean } | undefined {
    // `if not lock.acquire(True, timeout): raise …` (no else): held for the statements after it
    if (n.type === 'if_statement') {
      const test = this.acquireTest(child(n, 'condition'), ctx);
      const body = child(n, 'consequence');
      const last = body ? namedChildren(body).filter(x => x.type !== 'comment').pop() : undefined;
      if (!test?.negated || n.children.some(x => x.type === 'elif_clause' || x.type === 'else_clause') || !last || !EXITS.has(last.type)) return undefined;
      return { text: test.raw, acquire: true };
    }
    // `x.acquire()` … `try: … finally: x.release()`: held through the try, released after it.
    if (n.type === 'try_statement') {
      const fin = n.children.find(c => c.type === 'finally_clause');
      const body = fin?.children.find(c => c.type === 'block');
      for (const st of body?.children ?? []) { const r = this.acquireRelease(st, ctx); if (r && !r.acquire) return r; }
      return undefined;
    }
    if (n.type === 'for_statement') return this.joinLoop(n, ctx);
    if (n.type !== 'expression_statement') return undefined;
    const call = namedChildren(n)[0];
    if (!call || call.type !== 'call') return undefined;
    const fnNode = child(call, 'function');
    if (fnNode?.type === 'identifier') {
      const name = this.t(fnNode);
      // `acquire = self._cond.acquire; acquire()` (a bound method kept in a local, as
      // multiprocessing's queue feeder does): the lock is the object it was taken from
      const alias = ctx.scope.aliases.get(name);
      if (alias?.attrs.length) return lockMethod([alias.root, ...alias.attrs.slice(0, -1)].join('.'), alias.attrs[alias.attrs.length - 1]);
      // `_acquireLock()` / `_releaseLock()`: a module's lock taken through helper functions
      // (logging); also kept in a local, `acquire, release = _acquireLock, _releaseLock`
      return this.lockHelper(alias && !alias.attrs.length ? alias.root : name);
    }
    if (!fnNode || fnNode.type !== 'attribute') return undefined;
    const attr = child(fnNode, 'attribute'), obj = child(fnNode, 'object');
    if (!attr || !obj || !this.pathOf(obj)) return undefined;
    const name = this.t(attr);
    const held = lockMethod(this.t(obj), name);
    if (held) return held;
    // `self._worker.join()` (no timeout): the thread has ended for the statements that follow
    const noArgs = !namedChildren(child(call, 'arguments') ?? call).length;
    if (name === 'join' && noArgs) return { text: JOINED + this.joinName(ctx, this.t(obj)), acquire: true };
    // `f.stop()`, `self.close()`: joins that method keeps, if any (Program.resolveLockOf reads
    // its joinsKept; a method that joins none holds nothing)
    // (on self, an attribute of self, a parameter or a local made by a class-like call: not
    // a file's or a socket's `close()`, which joins nothing and would be one more held text
    // on every statement after it)
    if (noArgs && STOPPING.test(name) && this.mayJoin(obj, ctx)) return { text: `${JOINED}${this.t(obj)}.${name}()`, acquire: true };
    // `logging._acquireLock()` from another module (logging.config): the same helper pair, the
    // same lock as its own module's plain `_acquireLock()`
    const op = this.pathOf(obj);
    if (op && op.root !== ctx.scope.fn.selfParam && this.canonical(op)) return this.lockHelper(name);
    // `self._acquire()` / `self._release()`: an object's own methods taking and giving back its
    // lock (the analysis resolves what `_acquire` acquires: Program.resolveLockOf)
    const h = op ? this.lockHelper(name) : undefined;
    if (h) return { text: `${this.t(obj)}.${h.text}`, acquire: h.acquire };
    return undefined;
  }

  /** `for t in threads: t.join()` (or `for f in futs: f.result()`): every thread kept in the
   *  list has ended for the statements after the loop (`<joined>threads[]`, EACH_JOINED), when
   *  the loop joins each element, with no timeout, at the top of its body (not under an `if`, a
   *  `try`), and nothing in the body can skip a join (`break`, `continue`); and `for f in
   *  as_completed(futs):` run to its end (no `break`, the body adding no future to the list). */
  private joinLoop(n: SyntaxNode, ctx: Ctx): { text: string; acquire: boolean } | undefined {
    const left = child(n, 'left'), right = child(n, 'right'), body = child(n, 'body');
    // `for f in as_completed(futs):` run to its end: every one of them done
    if (right?.type === 'call' && body) {
      const f = child(right, 'function'), fp = f && this.pathOf(f);
      const args = namedChildren(child(right, 'arguments') ?? right).filter(a => a.type !== 'comment');
      if (!fp || this.canonical(fp) !== 'concurrent.futures.as_completed' || args.length !== 1 || !DOTTED_NAME.test(this.t(args[0])) || this.breaks(body, false)) return undefined;
      // (it iterates the futures the list had when it began: not those the body adds to it)
      const list = this.t(args[0]);
      if (this.t(body).includes(`${list}.append(`) || this.t(body).includes(`${list}.extend(`) || this.t(body).includes(`${list} +=`)) return undefined;
      return { text: this.eachJoined(ctx, list), acquire: true };
    }
    if (left?.type !== 'identifier' || !right || !body || !DOTTED_NAME.test(this.t(right))) return undefined;
    const v = this.t(left);
    const joins = body.children.some(st => {
      if (st.type !== 'expression_statement') return false;
      const call = namedChildren(st)[0];
      const f = call?.type === 'call' ? child(call, 'function') : undefined;
      if (f?.type !== 'attribute' || namedChildren(child(call!, 'arguments') ?? call!).length) return false;
      const obj = child(f, 'object'), attr = child(f, 'attribute');
      return obj?.type === 'identifier' && this.t(obj) === v && !!attr && (this.t(attr) === 'join' || this.t(attr) === 'result');
    });
    // (a way out before some element's join: a `break` or `continue` of this loop)
    if (!joins || this.breaks(body, true)) return undefined;
    return { text: this.eachJoined(ctx, this.t(right)), acquire: true };
  }

  /** A `break` (or a `continue`) of this loop, anywhere in its body but in a function or a
   *  loop of its own (whose `else:` is this loop's: a `break` there leaves it). */
  private breaks(body: SyntaxNode, orContinue: boolean): boolean {
    const stack = [...body.children];
    while (stack.length) {
      const c = stack.pop()!;
      if (c.type === 'break_statement' || (orContinue && c.type === 'continue_statement')) return true;
      if (c.type === 'function_definition' || c.type === 'class_definition' || c.type === 'lambda') continue;
      if (c.type === 'for_statement' || c.type === 'while_statement') { for (const e of c.children) if (e.type === 'else_clause') stack.push(e); continue; }
      for (const x of c.children) stack.push(x);
    }
    return false;
  }

  /** `_acquireLock()` / `_releaseLock()`: a lock taken through helper functions, named for the
   *  acquiring one. */
  private lockHelper(name: string): { text: string; acquire: boolean } | undefined {
    if (/acquire/i.test(name)) return { text: `${name}()`, acquire: true };
    if (/release/i.test(name)) return { text: `${name.replace(/release/i, m => (m[0] === 'R' ? 'Acquire' : 'acquire'))}()`, acquire: false };
    return undefined;
  }

  private statement(n: SyntaxNode, ctx: Ctx): void { this.nested(n, ctx, this.statementInner); }

  /** Statement and expression nesting now; past MAX_NESTING the inside is skipped, so the stack cannot overflow. */
  private depth = 0;

  private nested(n: SyntaxNode, ctx: Ctx, visit: (n: SyntaxNode, ctx: Ctx) => void): void {
    if (this.depth >= MAX_NESTING) {
      if (!this.out.warnings.some(w => w.startsWith('nesting deeper'))) {
        this.out.warnings.push(`nesting deeper than ${MAX_NESTING} levels at line ${this.line(n)}: the inside is not analyzed`);
        this.effects?.push({ key: 'w', kind: 'warning' });
      }
      return;
    }
    this.depth++;
    try { visit.call(this, n, ctx); } finally { this.depth--; }
  }

  private statementInner(n: SyntaxNode, ctx: Ctx): void {
    switch (n.type) {
      case 'decorated_definition': {
        const def = child(n, 'definition');
        const decorators = n.children.filter(c => c.type === 'decorator').map(d => {
          const e = namedChildren(d)[0];
          return e ? this.t(e) : this.t(d).replace(/^@/, '');
        });
        for (const d of n.children.filter(c => c.type === 'decorator')) this.expr(d, ctx);
        // A module function's decorators are called with it where it is defined: `@register`
        // calls register(f), `@handler("ping")` what handler("ping") returns (`<call:handler>`),
        // a registering closure there (Program.collectParamFunctions types its parameter).
        const fname = def?.type === 'function_definition' ? child(def, 'name') : undefined;
        if (fname && !ctx.scope.cls) for (const d of n.children.filter(c => c.type === 'decorator')) {
          const e = namedChildren(d)[0];
          const callee = e?.type === 'call' ? child(e, 'function') : e;
          const path = callee && DOTTED_NAME.test(this.t(callee)) ? this.pathOf(callee) : undefined;
          if (!path || /^(staticmethod|classmethod|property)$/.test(path.root)) continue;
          const applied: ExprPath = e!.type === 'call' ? { root: `<call:${[path.root, ...path.attrs].join('.')}>`, attrs: [] } : path;
          this.addCall(ctx, d, applied, [this.t(fname)], {}, false);
        }
        if (def?.type === 'function_definition') this.functionDef(def, ctx, decorators, n);
        else if (def?.type === 'class_definition') this.classDef(def, ctx, decorators, n);
        return;
      }
      case 'function_definition': return this.functionDef(n, ctx, [], n);
      case 'class_definition': return this.classDef(n, ctx, [], n);
      case 'import_statement': case 'import_from_statement': case 'future_import_statement': return this.importStmt(n, ctx);
      case 'global_statement': case 'nonlocal_statement':
        for (const id of namedChildren(n)) {
          if (id.type !== 'identifier') continue;
          const name = this.t(id);
          ctx.scope.declaredGlobal.add(name);
          if (this.effects && ctx.scope === this.moduleScope) this.effects.push({ key: `g ${name}`, kind: 'global', name });
        }
        return;
      case 'expression_statement':
        for (const c of namedChildren(n)) {
          if (c.type === 'assignment' || c.type === 'augmented_assignment') this.assignment(c, ctx);
          else this.expr(c, ctx);
        }
        return;
      case 'assignment': case 'augmented_assignment': return this.assignment(n, ctx);
      case 'return_statement': {
        // (what a call of the function makes: FunctionSummary.returns)
        const v = namedChildren(n)[0];
        const fn = ctx.scope.fn;
        if (v && fn.kind !== 'module') {
          // (either side of `conn or Conn()`, `a if c else b`: urllib3's `return conn or
          // self._new_conn()`)
          for (const w of this.valueSides(v)) {
            const f = this.dottedText(w.type === 'call' ? child(w, 'function') : w);
            // (`return self.senders[pid]`: an item of a named container, ITEM_OF)
            const of = w.type === 'subscript' ? this.dottedText(child(w, 'value')) : undefined;
            // (an object made some other way, `REGISTRY[kind]()`: `?`, what is returned is not
            // all known, Program.returnValues)
            // (`return getattr(self, f"visit_{kind}", None)`: the methods it names, GETATTR_OF)
            const dispatch = w.type === 'call' ? this.getattrOfSelf(w, fn) : undefined;
            const text = dispatch ? GETATTR_OF + dispatch : f ? f + (w.type === 'call' ? '()' : '') : of ? ITEM_OF + this.aliasedText(ctx, of) : PLAIN_VALUES.has(w.type) ? undefined : UNKNOWN_RETURN;
            if (text && !fn.returns?.includes(text) && ((fn.returns?.length ?? 0) < MAX_RETURNS || text === UNKNOWN_RETURN)) (fn.returns ??= []).push(text);
          }
        }
        for (const c of n.children) if (c.named) this.expr(c, ctx);
        return;
      }
      case 'for_statement': {
        const left = child(n, 'left'), right = child(n, 'right');
        const alts = left?.type === 'identifier' && right && ctx.scope.fn.kind !== 'module' ? this.alternatives(right, ctx, true) : undefined;
        if (left) this.bindTarget(left, ctx);
        if (left && right) this.loopVariable(left, right, ctx);
        if (alts) { (ctx.scope.choices ??= new Map()).set(this.t(left!), alts); (ctx.scope.eachChoice ??= new Set()).add(this.t(left!)); }
        if (right) this.expr(right, ctx);
        const body = child(n, 'body');
        if (body) this.block(body.children, { ...ctx, inLoop: true });
        const alt = child(n, 'alternative');
        if (alt) this.block(alt.children, ctx);
        return;
      }
      case 'while_statement': {
        const cond = child(n, 'condition');
        if (cond) this.expr(cond, ctx);
        const body = child(n, 'body');
        if (body) this.block(body.children, { ...ctx, inLoop: true });
        const alt = child(n, 'alternative');
        if (alt) this.block(alt.children, ctx);
        return;
      }
      case 'with_statement': return this.withStmt(n, ctx);
      case 'block': this.block(n.children, ctx); return;
      case 'if_statement': case 'elif_clause': case 'else_clause': case 'try_statement': case 'except_clause':
      case 'except_group_clause': case 'finally_clause': case 'match_statement': case 'case_clause': case 'ERROR':
      case 'module':
        if (n.type === 'if_statement' && ctx.scope.fn.kind === 'module' && /^__name__\s*==\s*["']__main__["']$|^["']__main__["']\s*==\s*__name__$/.test(this.t(child(n, 'condition') ?? n).trim())) {
          (ctx.scope.mainGuards ??= []).push([this.line(n), this.span(n).endLine]);
          this.effects?.push({ key: `g ${this.line(n) - this.segmentLine}`, kind: 'mainGuard', from: this.line(n) - this.segmentLine, to: this.span(n).endLine - this.segmentLine });
        }
        // (`if pid == 0:` after `pid = os.fork()`: the child's branch, forkChild)
        const child0 = n.type === 'if_statement' && ctx.scope.forks ? this.forkChildTest(n, ctx.scope.forks) : undefined;
        const forked = { ...ctx, forkChild: true };
        // (`if lock.acquire(False):` holds the lock in its branch; `if not lock.acquire(False):
        // … else:` in the else)
        const test = n.type === 'if_statement' ? this.acquireTest(child(n, 'condition'), ctx) : undefined;
        const heldCtx = test ? { ...ctx, locks: [...ctx.locks, test.text] } : ctx;
        if (test) this.acquired(ctx.scope.fn, test.text);
        // (a name bound in the branches to one path or another, `if debug: func = self._a
        // else: func = self._b`: either after the `if`, Scope.choices, as a conditional's)
        const branches = n.type === 'if_statement' ? new BranchBindings(ctx.scope.aliases, ctx.scope.fn.params) : undefined;
        for (const c of n.children) {
          if (!c.named || c.type === 'comment') continue;
          const branch = branches && (c.type === 'block' || c.type === 'elif_clause' || c.type === 'else_clause');
          if (branch) branches!.enter();
          if (test && c.type === 'else_clause' && test.negated) this.statement(c, heldCtx);
          else if (child0 === 'alternative' && c.type === 'else_clause') this.statement(c, forked);
          else if (c.type === 'block') this.block(c.children, child0 === 'consequence' && c === child(n, 'consequence') ? forked : test && !test.negated && c === child(n, 'consequence') ? heldCtx : ctx);
          else if (c.type === 'as_pattern' && n.type.startsWith('except')) { const alias = child(c, 'alias'); if (alias) this.bindTarget(alias, ctx); this.expr(c.children[0], ctx); }
          else if (c.type === 'case_pattern') this.bindPattern(c, ctx);
          // (the clauses of a try, if or match: here, so that `except E as e` binds e)
          else if (isStatement(c) || CLAUSES.has(c.type)) this.statement(c, ctx);
          else this.expr(c, ctx);
          if (branch) branches!.leave();
        }
        if (branches && ctx.scope.fn.kind !== 'module') for (const [name, paths] of branches.merged(n.children.some(c => c.type === 'else_clause'))) (ctx.scope.choices ??= new Map()).set(name, paths);
        return;
      default:
        if (n.type === 'type_alias_statement' && this.typeAliasMisread(n, ctx)) return;
        if (isStatement(n)) {
          for (const c of n.children) {
            if (!c.named) continue;
            if (c.type === 'block') this.block(c.children, ctx); else if (isStatement(c)) this.statement(c, ctx); else this.expr(c, ctx);
          }
        } else this.expr(n, ctx);
    }
  }

  /** An `if` test that takes a lock when true: `lock.acquire(False)`, `lock.acquire(True,
   *  timeout)` (negated: `not lock.acquire(…)`, the lock held where it is false). */
  private acquireTest(cond: SyntaxNode | undefined, ctx: Ctx): { text: string; raw: string; negated: boolean } | undefined {
    let c = cond, negated = false;
    while (c?.type === 'parenthesized_expression') c = namedChildren(c)[0];
    if (c?.type === 'not_operator') { negated = true; c = child(c, 'argument'); }
    while (c?.type === 'parenthesized_expression') c = namedChildren(c)[0];
    const f = c?.type === 'call' ? child(c, 'function') : undefined;
    const attr = f?.type === 'attribute' ? child(f, 'attribute') : undefined, obj = f && child(f, 'object');
    if (!attr || !obj || this.t(attr) !== 'acquire' || !this.pathOf(obj)) return undefined;
    return { text: this.lockText(ctx, this.t(obj)), raw: this.t(obj), negated };
  }

  /** Which branch of an `if` on a name bound to `os.fork()`'s result is the child's: the
   *  consequence of `pid == 0`, `0 == pid`, `not pid`; the else of `pid`, `pid != 0`, `pid > 0`. */
  private forkChildTest(ifNode: SyntaxNode, forks: Map<string, SyntaxNode | null>): 'consequence' | 'alternative' | undefined {
    const cond = child(ifNode, 'condition');
    if (!cond) return undefined;
    const t = this.t(cond).replace(/\s+/g, ' ').trim();
    // (`pid == 0` holds in the child only; `not pid` and `if pid:`'s else also where pid is
    // None from another binding, `pid = None; if daemon: pid = os.fork()`: only after a fork
    // made unconditionally, in the block the `if` is in)
    const eq = /^(?:([\w.]+) == 0|0 == ([\w.]+))$/.exec(t);
    const eqName = eq && (eq[1] ?? eq[2]);
    if (eqName) return forks.has(eqName) ? 'consequence' : undefined;
    const same = (name: string) => forks.has(name) && forks.get(name) === ifNode.parent;
    const not = /^not ([\w.]+)$/.exec(t);
    if (not) return same(not[1]) ? 'consequence' : undefined;
    const p = /^(?:([\w.]+)|([\w.]+) != 0|([\w.]+) > 0)$/.exec(t);
    const parent = p && (p[1] ?? p[2] ?? p[3]);
    return parent && same(parent) ? 'alternative' : undefined;
  }

  /** The pinned grammar reads `type(self).x[k] = v` as a PEP 695 alias, `type (self).x[k] =
   *  v`: a `type_alias_statement` whose name is an attribute or subscript rooted at `(self)`.
   *  That statement is the assignment it is: a write of `type(self).x` (pathOf takes the
   *  parenthesized root for the call). False for a real alias (`type X = int`). */
  private typeAliasMisread(n: SyntaxNode, ctx: Ctx): boolean {
    const [name, value] = namedChildren(n).map(t => namedChildren(t)[0]);
    if (!name || !value || (name.type !== 'attribute' && name.type !== 'subscript')) return false;
    let root: SyntaxNode | undefined = name;
    while (root && (root.type === 'attribute' || root.type === 'subscript')) root = child(root, root.type === 'attribute' ? 'object' : 'value');
    if (root?.type !== 'parenthesized_expression') return false;
    this.expr(value, ctx);
    this.typeCallArgs = root;
    try {
      if (name.type === 'attribute') {
        const path = this.pathOf(name);
        if (path) this.recordAccess(ctx, name, path, 'write', 'assign', undefined, this.short(value));
      } else {
        const obj = child(name, 'value');
        const indices = children(name, 'subscript');
        for (const i of indices) this.expr(i, ctx);
        const path = obj ? this.pathOf(obj) : undefined;
        if (path) this.recordAccess(ctx, name, path, 'write', 'setitem', indices.map(i => this.short(i)).join(', '), this.short(value));
      }
    } finally { this.typeCallArgs = undefined; }
    return true;
  }
  private typeCallArgs?: SyntaxNode;

  private bindPattern(n: SyntaxNode, ctx: Ctx): void {
    const stack = [n];
    while (stack.length) {
      const c = stack.pop()!;
      if (c.type === 'identifier' && c.parent?.type !== 'attribute' && c.parent?.type !== 'keyword_pattern') this.bind(ctx, this.t(c));
      else if (c.type !== 'dotted_name') stack.push(...c.children);
    }
  }

  private importStmt(n: SyntaxNode, ctx: Ctx): void {
    const add = (b: ImportBinding) => {
      this.out.imports.push(b);
      this.bind(ctx, b.name);
      this.setCanon(b.name, b.member ? `${b.module}.${b.member}` : b.module);
    };
    if (n.type === 'import_statement') {
      for (const c of namedChildren(n)) {
        if (c.type === 'dotted_name') {
          const full = this.t(c);
          const first = full.split('.')[0];
          this.out.imports.push({ name: first, module: first });
          this.bind(ctx, first);
          this.setCanon(first, first);
          if (full !== first) this.out.imports.push({ name: first, module: full, member: undefined });
        } else if (c.type === 'aliased_import') {
          const name = child(c, 'name'), alias = child(c, 'alias');
          if (name && alias) add({ name: this.t(alias), module: this.t(name) });
        }
      }
      return;
    }
    if (n.type === 'future_import_statement') return;
    const modNode = child(n, 'module_name');
    const module = modNode ? this.t(modNode).replace(/\s+/g, '') : '';
    for (const c of n.children) {
      if (c.field !== 'name') continue;
      if (c.type === 'dotted_name') add({ name: this.t(c), module, member: this.t(c) });
      else if (c.type === 'aliased_import') {
        const name = child(c, 'name'), alias = child(c, 'alias');
        if (name && alias) add({ name: this.t(alias), module, member: this.t(name) });
      }
    }
    if (n.children.some(c => c.type === 'wildcard_import')) this.out.imports.push({ name: '*', module });
  }

  private withStmt(n: SyntaxNode, ctx: Ctx): void {
    const locks = [...ctx.locks];
    const clause = n.children.find(c => c.type === 'with_clause');
    for (const item of clause ? clause.children.filter(c => c.type === 'with_item') : []) {
      if (item.type !== 'with_item') continue;
      let value = child(item, 'value') ?? namedChildren(item)[0];
      if (!value) continue;
      let alias: SyntaxNode | undefined;
      if (value.type === 'as_pattern') {
        alias = child(value, 'alias');
        value = namedChildren(value)[0];
      }
      if (!value) continue;
      const path = this.pathOf(value);
      if (path) {
        locks.push(this.lockText(ctx, this.t(value)));
        // `with x:` runs x.__enter__ and x.__exit__ here
        const p = this.resolveAlias(ctx, path);
        this.addCall(ctx, value, { root: p.root, attrs: [...p.attrs, '__enter__'] }, [], {}, false);
        this.addCall(ctx, value, { root: p.root, attrs: [...p.attrs, '__exit__'] }, [], {}, false);
      } else {
        this.expr(value, ctx);
        // `with Stack() as s:` runs the new object's __enter__ and __exit__ here (on s, which
        // __enter__ nearly always returns)
        const f = value.type === 'call' ? child(value, 'function') : undefined;
        const fp = f && this.pathOf(f);
        // (`with self._locked():`, a context manager that may hold a lock at its yield: its
        // text, which the analysis keeps only where such a generator is: Program.isLock)
        // (its arguments kept: `with held(self._a):`, a manager taking the lock it holds as a
        // parameter, holds `self._a`, Program.managedLocks)
        if (fp && !fp.root.startsWith('<') && DOTTED_NAME.test(this.t(f!))) locks.push(`${this.lockText(ctx, this.t(f!))}(${this.managerArgs(value, ctx)})`);
        const target = alias && (alias.type === 'as_pattern_target' ? namedChildren(alias)[0] : alias);
        if (fp) {
          const on = target?.type === 'identifier' ? this.t(target) : `<call:${[fp.root, ...fp.attrs].join('.')}>`;
          this.addCall(ctx, value, { root: on, attrs: ['__enter__'] }, [], {}, false);
          this.addCall(ctx, value, { root: on, attrs: ['__exit__'] }, [], {}, false);
          // (`with closing(conn):` calls `conn.close()` when the block is left)
          const arg = this.canonical(fp) === 'contextlib.closing' ? namedChildren(child(value, 'arguments') ?? value)[0] : undefined;
          const ap = arg && (arg.type === 'call' ? child(arg, 'function') : arg);
          const objPath = ap && this.pathOf(ap);
          const obj = arg && objPath && (arg.type === 'call' ? { root: `<call:${[objPath.root, ...objPath.attrs].join('.')}>`, attrs: [] } : this.resolveAlias(ctx, objPath));
          if (obj) this.addCall(ctx, value, { root: obj.root, attrs: [...obj.attrs, 'close'] }, [], {}, false);
        }
      }
      if (alias) {
        const target = alias.type === 'as_pattern_target' ? namedChildren(alias)[0] : alias;
        if (target?.type === 'identifier') {
          const name = this.t(target);
          this.bind(ctx, name, this.isMaking(value));
          const ex = value.type === 'call' ? this.executorOf(value) : undefined;
          if (ex) this.setLocalExecutor(ctx.scope.fn, name, ex);
          const ty = value.type === 'call' ? child(value, 'function') : undefined;
          if (ty && this.pathOf(ty)) this.setLocalType(ctx.scope.fn, name, [this.t(ty)]);
          // (at a module's top level, `with make_server(…) as httpd:`: the global's type, as an
          // assignment's)
          if (ty && this.pathOf(ty) && ctx.scope === this.moduleScope && !ctx.scope.cls) this.noteAttr(this.out.globals, name, target, value, undefined, ctx);
        } else if (target) this.bindTarget(target, ctx);
      }
    }
    const body = child(n, 'body');
    // (in a function, relative to it: a segment moved whole keeps it; module code has none)
    const region = locks.length > ctx.locks.length && ctx.scope.fn.kind !== 'module' ? this.line(n) - ctx.scope.fn.line : ctx.region;
    if (body) this.block(body.children, { ...ctx, locks, region });
  }

  // ---- definitions ----
  private functionDef(n: SyntaxNode, ctx: Ctx, decorators: string[], outer: SyntaxNode): void {
    const nameNode = child(n, 'name');
    if (!nameNode) return;
    const name = this.t(nameNode);
    const parentScope = ctx.scope;
    this.bind(ctx, name);
    const qualname = parentScope.prefix + name;
    const inClass = !!parentScope.cls;
    const fn = this.newFunction(qualname, name, inClass ? 'method' : 'function', outer, parentScope.fn.kind === 'module' || inClass ? undefined : parentScope.fn.qualname);
    if (!inClass && parentScope.fn.kind !== 'module') parentScope.fn.nested.push(name);
    fn.decorators = decorators;
    fn.async = n.children.some(c => c.type === 'async');
    fn.staticmethod = decorators.some(d => d === 'staticmethod' || d.endsWith('.staticmethod'));
    fn.classmethod = decorators.some(d => d === 'classmethod' || d.endsWith('.classmethod'));
    fn.property = decorators.some(d => /(^|\.)(property|cached_property)$|\.(setter|getter|deleter)$/.test(d));
    if (inClass) fn.className = parentScope.cls!.qualname;
    const defLine = this.line(n), outerLine = this.line(outer);
    fn.threadAnnotation = this.annotation(defLine) ?? this.annotation(outerLine - 1) ?? this.annotation(defLine - 1);
    const params = child(n, 'parameters');
    if (params) this.params(params, fn);
    if (inClass && !fn.staticmethod && fn.params.length) fn.selfParam = fn.params[0];
    if (inClass) parentScope.cls!.methods.push(name);
    for (const p of [child(n, 'parameters'), child(n, 'return_type')]) if (p) this.paramDefaults(p, ctx);
    const rt = child(n, 'return_type');
    if (rt) fn.returnType = this.t(rt);

    const sym: SymbolInfo = {
      kind: inClass ? 'method' : 'function', name, qualname, line: fn.line, endLine: fn.endLine, column: this.span(n).column,
      threads: [], children: [],
    };
    if (decorators.length) sym.decorators = decorators;
    if (fn.async) sym.async = true;
    if (fn.staticmethod) sym.staticmethod = true;
    if (fn.classmethod) sym.classmethod = true;
    if (fn.property) sym.property = true;
    sym.line = defLine; // the `def` line, not the first decorator
    parentScope.symbols.push(sym);

    const locals = new Set(fn.params.map(p => p.replace(/^\*+/, '')));
    // (a closure sees its function's names: `counts = self.counts; def done(f): counts[k] = 1`
    // writes self.counts, as the name is when the closure is made; its own names hide them)
    const enclosing = !parentScope.cls && parentScope.fn.kind !== 'module' ? parentScope : undefined;
    const scope: Scope = {
      fn, prefix: `${qualname}.<locals>.`, symbols: sym.children, aliases: enclosing?.aliases.size ? new Map([...enclosing.aliases].filter(([k]) => !locals.has(k))) : new Map(),
      declaredGlobal: new Set(), locals, firstInner: this.out.functions.length,
    };
    if (enclosing) inheritChoices(scope, enclosing);
    this.scopes.push(scope);
    const body = child(n, 'body');
    // (a method that ends joined, `def stop(self): self._t.join()`: a caller's `x.stop()` then
    // holds that join, FunctionSummary.joinsKept)
    // (a queue.Queue subclass's hooks run inside Queue's put and get, which hold self.mutex)
    const self = fn.params[0];
    const hook = inClass && self && !fn.staticmethod && !fn.classmethod && QUEUE_LOCKED_HOOKS.has(name) && parentScope.cls!.bases.some(b => QUEUE_BASES.includes(this.canonical(b) ?? ''));
    const kept = body ? this.block(body.children, { scope, locks: hook ? [`${self}.mutex`] : [], inLoop: false }) : [];
    const joins = kept.filter(l => l.startsWith(JOINED));
    if (joins.length) fn.joinsKept = joins;
    if (body) this.markFresh(scope, body, inClass ? parentScope.cls!.bases : undefined);
    this.finishScope(scope);
    this.scopes.pop();
  }

  /** `Selector()`, `pkg.Stack(...)`: a call of a named callable (a class, the analysis decides):
   *  the callee's text. */
  private isMaking(value: SyntaxNode | undefined): string | undefined {
    if (value?.type !== 'call') return undefined;
    const f = child(value, 'function');
    if (!f) return undefined;
    return this.pathOf(f) && this.t(child(f, 'attribute') ?? f) !== '__class__' ? this.t(f) : this.ownClassCall(f);
  }

  /** `type(self)` or `self.__class__` in a method (urllib3's `clone = type(self)()` in
   *  HTTPHeaderDict.copy): the method's class, as its name (a new object of it, or of a
   *  subclass, when called). */
  private ownClassCall(f: SyntaxNode): string | undefined {
    let x: SyntaxNode | undefined;
    if (f.type === 'call' && this.t(child(f, 'function') ?? f) === 'type') {
      const args = namedChildren(child(f, 'arguments') ?? f);
      if (args.length === 1) x = args[0];
    } else if (f.type === 'attribute' && this.t(child(f, 'attribute') ?? f) === '__class__') x = child(f, 'object');
    const cls = x?.type === 'identifier' ? this.selfMethod(this.t(x))?.className : undefined;
    return cls && DOTTED_NAME.test(cls) ? cls : undefined;
  }

  /** Calls and accesses through locals that hold an object no other thread can reach: bound
   *  only to calls' results, and used only as a receiver (`sel.register(fd)`, `s.items[k]`),
   *  never passed, returned, stored, compared or seen by a nested function (CallSite.fresh). */
  private markFresh(scope: Scope, body: SyntaxNode, bases?: ExprPath[]): void {
    const fn = scope.fn;
    const cand = new Set(scope.made ? [...scope.made.keys()].filter(x => !scope.notMade?.has(x) && !scope.declaredGlobal.has(x) && !fn.params.includes(x)) : []);
    if (cand.size && !(fn.calls.some(c => cand.has(c.callee.root)) || fn.accesses.some(a => cand.has(a.target.root)) || fn.returns?.some(r => cand.has(r)))) cand.clear();
    // A method's own object leaves it the same ways (`register(self)`, `target=self.run`, a
    // closure using self): then an object made by a caller and handed to this method as its
    // receiver is no longer that caller's alone (FunctionSummary.selfEscapes).
    const sp = fn.kind === 'method' ? fn.selfParam : undefined;
    let selfSeen = !sp;
    // (and the parameters that never leave it: FunctionSummary.keptParams)
    const kept = new Set(fn.params.filter(p => p !== sp && !p.startsWith('*') && !scope.declaredGlobal.has(p)));
    if (!cand.size && selfSeen && !kept.size) return;
    // (explicit stack: the nesting can be deep)
    const stack: [SyntaxNode, boolean][] = [[body, false]];
    const stores = new Map<string, { line: number; column: number }>();
    // (a let-go in a loop whose every round binds the name first, `for …: t = Task(); t.x = 1;
    // q.put(t)`: the round's uses between its binding and the let-go are its own; a use before
    // the first binding in the loop is the last round's object)
    const after = new Map<string, { line: number; column: number }>();
    const returnsAt: { name: string; line: number; column: number }[] = [];
    const lentAttrs = new Set<string>();
    while (stack.length && (cand.size || !selfSeen || kept.size)) {
      const [node, nested] = stack.pop()!;
      if (node.type === 'identifier') {
        // (`self.roster`, `f(roster=…)`: names, not the local)
        if ((node.field === 'attribute' && node.parent?.type === 'attribute') || (node.field === 'name' && node.parent?.type === 'keyword_argument')) continue;
        const name = this.t(node);
        if (kept.has(name) && (nested || !(receiverUse(node, n => this.t(n)) === 'use' || lentTo(node) || testedOnly(node)))) kept.delete(name);
        if (name === sp && !selfSeen) {
          // (`return self`: back to the caller, who has it already; `self.x` as a value hands
          // on x, not self, unless x is a method: the analysis decides, from selfValues)
          const use = receiverUse(node, n => this.t(n));
          if (use === 'value' && !nested && node.parent?.type === 'attribute' && node.parent.parent?.type !== 'attribute') {
            const attr = child(node.parent, 'attribute');
            // (not one handed to a callback the function is given, called with it then and
            // there: WSGI's `application(environ, self.start_response)`)
            // (and one only lent to a call, `self.error_output(environ, self.start_response)`:
            // FunctionSummary.selfLent, the analysis follows it into the callee)
            const holder = node.parent.parent?.type === 'keyword_argument' && node.parent.field === 'value' ? node.parent.parent.parent : node.parent.parent;
            const call = holder?.type === 'argument_list' ? holder.parent : undefined;
            const callee = call?.type === 'call' ? child(call, 'function') : undefined;
            const toCallback = callee?.type === 'identifier' && this.t(callee) !== sp && fn.params.includes(this.t(callee));
            if (attr && callee && !toCallback) lentAttrs.add(this.t(attr));
            else if (attr && !toCallback) { const v = (fn.selfValues ??= []); const t = this.t(attr); if (!v.includes(t)) v.push(t); }
          } else if (nested || !(use === 'use' || use === 'value' || node.parent?.type === 'return_statement' || baseCall(node, bases, n => this.t(n)))) { fn.selfEscapes = true; selfSeen = true; }
          continue;
        }
        if (!cand.has(name)) continue;
        const p = node.parent;
        // (`self.box = b = Box()`: the chained target's object goes elsewhere too)
        const binding = (p?.type === 'assignment' && node.field === 'left' && p.parent?.type !== 'assignment') || p?.type === 'as_pattern_target';
        // `b = Box(); b.put(…); self.box = b` (or `self._ready.append(b)`, `return b`): shared
        // from where it is let go on, the call's own before it (a let-go in a loop may come
        // before a later round's uses: counted only where every binding is in that loop, `after`)
        const release = !nested && !binding && p ? letGo(node) : undefined;
        const bound = release && release.loop >= 0 ? scope.madeLoops?.get(name) : undefined;
        const gone = release && (release.loop < 0 || (bound?.length && bound.every(b => b.loop === release.loop))) ? release.stmt : undefined;
        if (gone) {
          if (gone.type === 'return_statement') { const at = this.span(gone); returnsAt.push({ name, line: at.line, column: at.column }); }
          if (bound) {
            const first = bound.reduce((x, y) => (y.line < x.line || (y.line === x.line && y.column < x.column) ? y : x));
            const prev = after.get(name);
            if (!prev || first.line > prev.line || (first.line === prev.line && first.column > prev.column)) after.set(name, first);
          }
          const at = this.span(gone);
          const prev = stores.get(name);
          if (!prev || at.line < prev.line || (at.line === prev.line && at.column < prev.column)) stores.set(name, { line: at.line, column: at.column });
          continue;
        }
        if (nested || !(binding || receiverUse(node, n => this.t(n)) === 'use')) cand.delete(name);
        continue;
      }
      const inner = nested || node.type === 'function_definition' || node.type === 'lambda' || node.type === 'class_definition';
      for (const c of node.children) stack.push([c, inner]);
    }
    if (kept.size) fn.keptParams = [...kept].sort();
    const onlyLent = fn.selfEscapes ? [] : [...lentAttrs].filter(a => !fn.selfValues?.includes(a));
    if (onlyLent.length) fn.selfLent = onlyLent.sort();
    if (!cand.size) return;
    fn.made = nameTable();
    for (const name of [...cand].sort()) fn.made[name] = [...scope.made!.get(name)!];
    // (returned before anything else lets it go, `f = Future(); …; return f`: a factory's)
    const returned = [...cand].filter(name => { const st = stores.get(name); return !!st && returnsAt.some(r => r.name === name && r.line === st.line && r.column === st.column); });
    if (returned.length) fn.returnsMade = returned.sort();
    const before = (root: string, line: number, column: number) => {
      const st = stores.get(root), from = after.get(root);
      return (!st || line < st.line || (line === st.line && column < st.column)) && (!from || line > from.line || (line === from.line && column > from.column));
    };
    // (lent: passed whole to a call that is where it is first let go, or before that)
    const atOrBefore = (root: string, line: number, column: number) => {
      const st = stores.get(root);
      return (st?.line === line && st.column <= column) || before(root, line, column);
    };
    for (const c of fn.calls) {
      if (c.callee.attrs.length === 1 && cand.has(c.callee.root) && before(c.callee.root, c.line, c.column)) c.fresh = true;
      const lent = [...c.args, ...Object.values(c.kwargs)].filter(a => cand.has(a) && atOrBefore(a, c.line, c.column));
      if (lent.length) c.lends = [...new Set(lent)].sort();
    }
    for (const a of fn.accesses) if (a.target.attrs.length && cand.has(a.target.root) && before(a.target.root, a.line, a.column)) a.fresh = true;
  }

  private params(params: SyntaxNode, fn: FunctionSummary): void {
    for (const p of namedChildren(params)) {
      let name: SyntaxNode | undefined;
      let type: SyntaxNode | undefined;
      let dflt: SyntaxNode | undefined;
      let prefix = '';
      switch (p.type) {
        case 'identifier': name = p; break;
        case 'typed_parameter': {
          name = namedChildren(p).find(c => c.field !== 'type');
          type = child(p, 'type');
          if (name && name.type !== 'identifier') { prefix = name.type === 'list_splat_pattern' ? '*' : '**'; name = namedChildren(name)[0]; }
          break;
        }
        case 'default_parameter': name = child(p, 'name'); dflt = child(p, 'value'); break;
        case 'typed_default_parameter': name = child(p, 'name'); type = child(p, 'type'); dflt = child(p, 'value'); break;
        case 'list_splat_pattern': prefix = '*'; name = namedChildren(p)[0]; break;
        case 'dictionary_splat_pattern': prefix = '**'; name = namedChildren(p)[0]; break;
        default: continue;
      }
      if (!name || name.type !== 'identifier') continue;
      const pn = prefix + this.t(name);
      fn.params.push(pn);
      if (type) fn.paramTypes[pn] = this.t(type);
      const dv = this.dottedText(dflt);
      if (dv) (fn.paramDefaults ??= nameTable())[pn] = dv;
      // `def __init__(self, names=[]): self.names = names`: the attribute is a list (one the
      // default shares between calls, or what each caller passes)
      const dct = dflt && !prefix ? this.containerType(dflt, type) : undefined;
      if (dct) fn.localContainers[pn] = { type: dct, line: this.line(name), column: this.span(name).column };
      // (`**kw`: a new dict each call, kept on the object as its own, `self.conn_kw = conn_kw`)
      else if (prefix === '**') fn.localContainers[this.t(name)] = { type: 'dict', line: this.line(name), column: this.span(name).column };
    }
  }

  /** Default values and annotations run in the enclosing scope. */
  private paramDefaults(params: SyntaxNode, ctx: Ctx): void {
    for (const p of namedChildren(params)) {
      const v = child(p, 'value');
      if (v) this.expr(v, ctx);
    }
  }

  private classDef(n: SyntaxNode, ctx: Ctx, decorators: string[], outer: SyntaxNode): void {
    const nameNode = child(n, 'name');
    if (!nameNode) return;
    const name = this.t(nameNode);
    this.bind(ctx, name);
    const parentScope = ctx.scope;
    const qualname = parentScope.prefix + name;
    const s = this.span(outer);
    const cls: ClassSummary = {
      qualname, name, line: this.line(n), endLine: s.endLine, column: this.span(n).column, bases: [], baseTexts: [], decorators,
      parent: parentScope.fn.kind === 'module' || parentScope.cls ? undefined : parentScope.fn.qualname, attrs: nameTable(), methods: [],
    };
    const supers = child(n, 'superclasses');
    if (supers) {
      for (const b of namedChildren(supers)) {
        if (b.type === 'keyword_argument') { const v = child(b, 'value'); if (v) this.expr(v, ctx); continue; }
        cls.baseTexts.push(this.t(b));
        const path = this.pathOf(b.type === 'subscript' ? (child(b, 'value') ?? b) : b);
        if (path) cls.bases.push(path);
      }
    }
    this.out.classes.push(cls);
    const sym: SymbolInfo = { kind: 'class', name, qualname, line: cls.line, endLine: cls.endLine, column: cls.column, threads: [], children: [] };
    if (cls.baseTexts.length) sym.bases = cls.baseTexts;
    if (decorators.length) sym.decorators = decorators;
    parentScope.symbols.push(sym);
    // A class body runs in the enclosing function (or at import): its statements belong there,
    // but the names it binds are class attributes.
    const scope: Scope = { ...parentScope, cls, prefix: `${qualname}.`, symbols: sym.children, aliases: new Map(), locals: new Set(), declaredGlobal: new Set(), freshLocks: undefined };
    this.scopes.push(scope);
    const body = child(n, 'body');
    if (body) this.block(body.children, { scope, locks: ctx.locks, inLoop: ctx.inLoop });
    this.scopes.pop();
    this.boundMethodAccesses(cls);
  }

  /** A call of a bound container method kept on self (`self._append(k)` with `self._append =
   *  self._queue.append`, AttrInfo.boundMethods) in the class's methods: the access it is, of
   *  `self._queue`, as `self._queue.append(k)` would be. */
  private boundMethodAccesses(cls: ClassSummary): void {
    const bound = Object.values(cls.attrs).some(i => i.boundMethods);
    if (!bound) return;
    for (const fn of this.out.functions) {
      if (fn.className !== cls.qualname || !fn.selfParam || fn.kind !== 'method') continue;
      for (const c of fn.calls) {
        if (c.callee.root !== fn.selfParam || c.callee.attrs.length !== 1 || c.property || c.setter || c.dunder) continue;
        for (const bm of own(cls.attrs, c.callee.attrs[0])?.boundMethods ?? []) {
          const [attr, m] = bm.split('.');
          const write = WRITE_METHODS.has(m);
          const a: DirectAccess = { line: c.line, column: c.column, endLine: c.endLine, endColumn: c.endColumn, target: { root: fn.selfParam, attrs: [attr] }, access: write ? 'write' : 'read', op: m, locks: c.locks };
          const key = (write ? KEYED_WRITES.has(m) : m === 'get' || m === '__contains__' || m === '__getitem__') ? c.args[0] : undefined;
          if (key !== undefined) a.key = key;
          const value = VALUED_WRITES.has(m) ? c.args[1] : ARG_VALUE_WRITES.has(m) && c.args.length ? c.args[c.args.length - 1] : undefined;
          if (value !== undefined) a.value = value;
          fn.accesses.push(a);
        }
      }
    }
  }

  // ---- assignments and bindings ----
  private assignment(n: SyntaxNode, ctx: Ctx): void {
    const left = child(n, 'left');
    const right = child(n, 'right');
    const type = child(n, 'type');
    if (n.type === 'augmented_assignment') {
      const op = n.children.find(c => !c.named)?.type ?? '+=';
      if (right) this.expr(right, ctx);
      if (!left) return;
      if (left.type === 'subscript') this.expr(left, ctx); // classified as augassign on the element
      else {
        const path = this.pathOf(left);
        if (path) this.recordAccess(ctx, left, path, 'write', op === '|=' || op === '+=' ? `${op}` : op, undefined, right ? `${op} ${this.short(right)}` : undefined, true);
        // (`self.index += 1` reads x through its getter and writes it through its setter, where
        // x is a property)
        if (path && left.type === 'attribute' && (path.root === ctx.scope.fn.selfParam || this.selfClass(path.root) || this.typedRoot(ctx, path.root))) {
          const r = this.resolveAlias(ctx, path);
          this.addCall(ctx, left, r, [], {}, true);
          this.addCall(ctx, left, r, [`${this.short(left)} ${op.slice(0, -1)} ${right ? this.short(right) : ''}`.trim()], {}, 'setter');
        }
        // (`self._handlers += h`, `ev -= h` on an object of a class with `__iadd__`/`__isub__`:
        // a call of it, resolved by the object's type only, as `d[k] = v` is of `__setitem__`)
        const dunder = op ? INPLACE_DUNDERS[op] : undefined;
        if (path && dunder && right && (path.root === ctx.scope.fn.selfParam || this.selfClass(path.root) || this.typedRoot(ctx, path.root))) {
          const r = this.resolveAlias(ctx, path);
          this.addCall(ctx, left, { root: r.root, attrs: [...r.attrs, dunder] }, [this.short(right)], {}, 'dunder');
        }
        if (left.type === 'identifier') this.bind(ctx, this.t(left));
      }
      return;
    }
    if (right) {
      if (right.type === 'assignment') this.assignment(right, ctx); // a = b = {}
      // (a lambda kept on self runs where it is called: a function of its own, assignTarget)
      else if (!(right.type === 'lambda' && this.keptOnSelf(left, ctx))) this.expr(right, ctx);
    }
    const value = this.unwrapped(right?.type === 'assignment' ? innermostValue(right) : right);
    if (left) this.assignTarget(left, value, type, ctx);
  }

  /** A callee rooted at a name of the function's own (self, a parameter, a local), which the
   *  module's names cannot say: `<in>Qualname|path` (IN_FUNCTION). */
  private inFunction(p: ExprPath, ctx: Ctx): string | undefined {
    const fn = ctx.scope.fn;
    if (fn.kind === 'module' || p.root.startsWith('<') || ctx.shadow?.has(p.root)) return undefined;
    if (p.root === fn.selfParam ? fn.classmethod || !p.attrs.length : !hasParam(fn, p.root) && !ctx.scope.locals.has(p.root)) return undefined;
    return `${IN_FUNCTION}${fn.qualname}|${[p.root, ...p.attrs].join('.')}`;
  }

  /** `self.x = …` in a method of the class self is. */
  private keptOnSelf(left: SyntaxNode | undefined, ctx: Ctx): boolean {
    if (left?.type !== 'attribute' || ctx.scope.fn.kind !== 'method' || !ctx.scope.fn.selfParam) return false;
    const o = child(left, 'object');
    return o?.type === 'identifier' && this.t(o) === ctx.scope.fn.selfParam && !!this.selfClass(ctx.scope.fn.selfParam);
  }

  /** What a value is under a call that hands its argument back as it is, to its users
   *  (`weakref.proxy(t)`: paramiko's auth handler calls its transport through one;
   *  `typing.cast(T, x)`). */
  private unwrapped(value: SyntaxNode | undefined): SyntaxNode | undefined {
    const canon = value?.type === 'call' ? this.constructionCanon(value) : undefined;
    const at = canon ? own(TRANSPARENT_CALLS, canon) : undefined;
    if (at === undefined) return value;
    const args = namedChildren(child(value!, 'arguments') ?? value!).filter(a => a.type !== 'comment');
    const inner = args[at];
    return inner && inner.type !== 'keyword_argument' && inner.type !== 'list_splat' && args.length <= at + 2 ? this.unwrapped(inner) : value;
  }

  private assignTarget(left: SyntaxNode, value: SyntaxNode | undefined, type: SyntaxNode | undefined, ctx: Ctx): void {
    const fn = ctx.scope.fn;
    // (and no longer once bound to anything else: `pid, status = os.waitpid(…)`, bind)
    const forking = value?.type === 'call' && this.constructionCanon(value) === 'os.fork';
    // (with the block its statement is in: forkChildTest)
    const forkBlock = forking ? statementOf(left)?.parent ?? null : null;
    if (left.type === 'attribute') { if (forking) this.setFork(ctx.scope, this.t(left), forkBlock); else if (ctx.scope.forks?.has(this.t(left))) this.dropFork(ctx.scope, this.t(left)); }
    if (left.type === 'identifier') {
      const name = this.t(left);
      const scope = ctx.scope;
      const isGlobal = scope.declaredGlobal.has(name);
      if (scope.cls && !isGlobal) {
        // class body: a class attribute, one object for every instance; an annotated one is an
        // instance field (dataclasses, NamedTuple, attrs: each instance gets its own) unless ClassVar
        // (`_box = None`, unannotated, is a placeholder for what instances bind: neither)
        // (so is an attrs or dataclasses field, `queue = attr.ib(factory=deque)`, annotated or not)
        const level = (type || this.fieldFactory(value) !== undefined) && !(type && /^(typing\.)?ClassVar\b/.test(this.t(type))) ? 'instance' : value?.type === 'none' ? undefined : 'class';
        this.noteAttr(scope.cls.attrs, name, left, value, type, ctx, level, level === 'instance');
        return;
      }
      if (fn.kind === 'module' || isGlobal) {
        this.noteAttr(this.out.globals, name, left, value, type, ctx);
        if (isGlobal && fn.kind !== 'module') this.recordAccess(ctx, left, { root: name, attrs: [] }, 'write', 'assign', undefined, value ? this.short(value) : undefined);
        if (fn.kind === 'module' && value) {
          const vp = this.pathOf(value);
          const c = vp ? this.canonical(vp) : undefined;
          if (c) this.setCanon(name, c);
        }
      }
      // (the value's paths first: `fn = fn or self._b` is the parameter or self._b)
      const alts = value && fn.kind !== 'module' && !isGlobal ? this.alternatives(value, ctx) : undefined;
      this.bind(ctx, name, this.isMaking(value), left);
      if (forking) this.setFork(scope, name, forkBlock);
      if (alts) (scope.choices ??= new Map()).set(name, alts);
      const partial = value?.type === 'call' && fn.kind !== 'module' && !isGlobal ? this.partialParts(value) : undefined;
      if (partial) (scope.partials ??= new Map()).set(name, partial);
      const made = value && fn.kind !== 'module' && !isGlobal ? this.constructionCanon(value) : undefined;
      if (made && this.countingCount(value!, made)) (scope.countingLocals ??= new Set()).add(name);
      else if (made && LOCK_CONSTRUCTORS.has(made)) (scope.freshLocks ??= new Set()).add(name);
      if (value) this.noteServer(ctx, name, value);
      if (value) {
        // (`lock = self._lock`, `handlers = _handlerList`, `c = self`: the same object under a
        // local name, until the name is bound again). Not another local or a parameter: `h = value`
        // in one branch would hide what `h = Header(…)` in the other made it.
        // (and a name that is itself one, `_append = out.append; append = _append`; not a
        // function defined here, `encode = check_str` in one branch and `def encode` in the
        // other, os.py: which one a call means is not known here)
        const vname = value.type === 'identifier' ? this.t(value) : undefined;
        const chain = vname !== undefined && !ctx.shadow?.has(vname) && fn.kind !== 'module' && !fn.nested.includes(name) && scope.aliases.has(vname);
        const vpath = value.type === 'attribute' || (vname !== undefined && (this.sharedName(ctx, vname) || chain)) ? this.pathOf(value) : undefined;
        if (vpath && vpath.root !== name) {
          const a = this.resolveAlias(ctx, vpath);
          scope.aliases.set(name, a);
          if (this.effects && scope === this.moduleScope) this.effects.push({ key: `a ${name} ${a.root} ${a.attrs.join('.')}`, kind: 'alias', name, root: a.root, attrs: a.attrs });
        }
        // `pop = heapq.heappop`: the name means the function wherever this file uses it
        const vcanon = vpath ? this.canonical(vpath) : undefined;
        if (vcanon && fn.kind !== 'module') this.setCanon(name, vcanon);
        const ct = this.containerType(value, type);
        if (ct && fn.kind !== 'module') {
          fn.localContainers[name] = { type: ct, line: this.line(left), column: this.span(left).column };
          // (`workers = [Worker() for _ in range(n)]`: typed as `list[Worker]` would type it,
          // for `for w in workers: w.counts`)
          const made = !type ? this.madeElements(value) : undefined;
          if (made) this.setLocalType(fn, name, [`list[${made.join(', ')}]`]);
        }
        if (value.type === 'call') {
          const f = child(value, 'function');
          const ex = this.executorOf(value);
          if (ex) this.setLocalExecutor(fn, name, ex);
          // (an executor too: `ex.submit(…)` is then the executor's, never guessed by name)
          const dispatch = this.getattrOfSelf(value, fn);
          const taken = dispatch ? undefined : this.takenElement(value, ctx);
          if (dispatch) this.setLocalType(fn, name, [GETATTR_OF + dispatch]);
          else if (taken) this.setLocalType(fn, name, [taken]);
          else if (f && this.pathOf(f) && !ct) this.setLocalType(fn, name, [this.t(f)]);
        } else if (value.type === 'subscript' && fn.kind !== 'module') {
          // `req = self.pending[room]`: one of the mapping's values
          // (not a slice, `args = self.flags[:]`: a copy)
          const of = children(value, 'subscript').some(i => i.type === 'slice') ? undefined : this.dottedText(child(value, 'value'));
          if (of) this.setLocalType(fn, name, [VALUES_OF + this.aliasedText(ctx, of)]);
        }
      }
      if (type) this.setLocalType(fn, name, [this.t(type)]);
      const copy = value && fn.kind !== 'module' && !isGlobal ? this.copyOf(value, ctx) : undefined;
      if (copy) (scope.copies ??= new Map()).set(name, copy);
      return;
    }
    if (left.type === 'attribute') {
      const path = this.pathOf(left);
      if (!path) { this.expr(left, ctx); return; }
      this.recordAccess(ctx, left, path, 'write', 'assign', undefined, value ? this.short(value) : undefined);
      // `self.x = v` runs x's setter if x is a property (the same receivers as a getter's read)
      if (path.root === ctx.scope.fn.selfParam || this.selfClass(path.root) || this.typedRoot(ctx, path.root)) this.addCall(ctx, left, path, value ? [this.short(value)] : [], {}, 'setter');
      if (path.attrs.length === 1) {
        if (value && path.root === ctx.scope.fn.selfParam) this.noteServer(ctx, this.t(left), value);
        const cls = this.selfClass(path.root);
        if (cls) this.noteAttr(cls.attrs, path.attrs[0], left, value, type, ctx, 'instance', !!value && !MADE_VALUES.has(value.type));
        // (a function defined here kept for later, `self._take_snapshot = lambda: …` (watchdog's
        // polling emitter), `def default_handler(…): …; self._handler = default_handler`
        // (paramiko's transport): it runs where the attribute is called)
        const localFn = cls && value && this.keptOnSelf(left, ctx) ? value.type === 'lambda' ? this.lambdaFunction(value, ctx)
          : value.type === 'identifier' && ctx.scope.fn.nested.includes(this.t(value)) ? `${ctx.scope.prefix}${this.t(value)}` : undefined : undefined;
        if (localFn) { const at = this.span(left); this.applyTableNote(cls!.attrs, path.attrs[0], { line: at.line, column: at.column, localFunction: localFn }); }
        // (a class attribute the class body declares, bound in a method to what a call makes:
        // a singleton, `cls._default = cls()`, `Store._default = Store()`)
        const k = cls || value?.type !== 'call' ? undefined : this.classNamed(path.root, ctx);
        if (k && own(k.attrs, path.attrs[0])) this.noteAttr(k.attrs, path.attrs[0], left, value, type, ctx);
        // (and at the top level, after the class: `Logger.manager = Manager(Logger.root)`)
        const top = cls || k || value?.type !== 'call' ? undefined : this.topLevelClass(path.root, ctx);
        if (top) this.noteAttr(top.attrs, path.attrs[0], left, value, type, ctx);
      }
      // (a slot of a thread-local kept on self, `self._local.span = span`: noted on the class
      // as `_local.span`, each thread's value, Program.evalPath; not a container, each thread's
      // own)
      if (path.attrs.length === 2 && value && !this.containerType(value, type)) {
        const cls = this.selfClass(path.root);
        const held = cls && own(cls.attrs, path.attrs[0]);
        if (held?.typeText?.some(t => DOTTED_NAME.test(t) && THREAD_LOCAL_NAMES.has(this.canonical(dotted(t)) ?? t))) this.noteAttr(cls!.attrs, path.attrs.join('.'), left, value, type, ctx, 'instance', !MADE_VALUES.has(value.type));
      }
      return;
    }
    if (left.type === 'subscript') {
      this.expr(left, ctx);
      const o = child(left, 'value');
      const obj = o ? this.pathOf(o) : undefined;
      if (obj && value) this.noteElement(obj, value, ctx);
      // (a registry of lists, `HANDLERS["flush"] = [on_flush, log]`: each its mapping's values'
      // element, flattened as `setdefault(k, []).append(cb)` adds them)
      if (obj && value?.type === 'list') for (const x of namedChildren(value)) if (x.type === 'identifier' || x.type === 'attribute' || (x.type === 'call' && this.partialOf(x))) this.noteElement(obj, x, ctx, true);
      return;
    }
    if (['pattern_list', 'tuple_pattern', 'list_pattern', 'tuple', 'list', 'parenthesized_expression', 'expression_list'].includes(left.type)) {
      const values = value && ['tuple', 'expression_list', 'list'].includes(value.type) ? namedChildren(value) : undefined;
      namedChildren(left).forEach((t, i) => this.assignTarget(t, values && values.length === namedChildren(left).length ? values[i] : undefined, undefined, ctx));
      // (`fn, args = self.q.get()`: each name one item of the tuples put on the queue; or
      // added to a container, `send, close = self._cache.pop(key)`, `= self._cache[key]`)
      const f = value?.type === 'call' ? child(value, 'function') : undefined;
      // (or held whole, `fn, deliver = self._job`, a tuple kept there: noteHeld)
      const item = value?.type === 'subscript' ? this.dottedText(child(value, 'value')) : value?.type === 'attribute' && ctx.scope.fn.selfParam && this.dottedText(value) === `${ctx.scope.fn.selfParam}.${this.t(child(value, 'attribute') ?? value)}` ? this.t(value) : undefined;
      const getter = f?.type === 'attribute' ? this.dottedText(f) : item && `${item}.__getitem__`;
      if (getter && ITEM_GETTERS.has(getter.slice(getter.lastIndexOf('.') + 1)) && ctx.scope.fn.kind !== 'module') {
        namedChildren(left).forEach((t, i) => { if (t.type === 'identifier') this.setLocalType(ctx.scope.fn, this.t(t), [`${TUPLE_OF}${i}|${getter}`]); });
      }
      return;
    }
    if (left.type === 'list_splat_pattern') { const id = namedChildren(left)[0]; if (id) this.assignTarget(id, undefined, undefined, ctx); return; }
    this.expr(left, ctx);
  }

  private bindTarget(t: SyntaxNode, ctx: Ctx): void {
    if (t.type === 'identifier') this.bind(ctx, this.t(t));
    else if (t.type === 'attribute' || t.type === 'subscript') this.assignTarget(t, undefined, undefined, ctx);
    else for (const c of namedChildren(t)) this.bindTarget(c, ctx);
  }

  /** `self.inbox.put(Req())`, `self.inbox.put(req)` with req typed: the class's queue
   *  attribute (made by a queue constructor) holds what is put, as noteElement notes a
   *  container's adds; an untyped parameter put is what callers hand it. */
  private noteQueued(obj: ExprPath, put: SyntaxNode, ctx: Ctx): void {
    const held = this.selfAttr(obj) ?? this.moduleGlobal(obj, ctx);
    if (!held?.info.typeText?.some(t => { const [root, ...attrs] = t.split('.'); return QUEUE_CONSTRUCTORS.has(this.canonical({ root, attrs }) ?? t); })) return;
    let texts: string[] | undefined;
    const tuple = put.type === 'parenthesized_expression' ? namedChildren(put)[0] : put;
    if (tuple?.type === 'tuple') {
      // (`self.q.put((fn, args))`: each item, for `fn, args = self.q.get()`)
      namedChildren(tuple).forEach((x, i) => this.noteQueuedItem(held, x, ctx, i));
      return;
    }
    if (put.type === 'call') {
      const f = this.dottedText(child(put, 'function'));
      texts = f ? [f] : undefined;
    } else if (put.type === 'identifier') {
      const fn = ctx.scope.fn, name = this.t(put);
      const lt = boundTypes(fn, name);
      const pt = own(fn.paramTypes, name);
      texts = lt.length ? lt.filter(t => !t.startsWith('<')) : pt ? [pt] : undefined;
      if (!lt.length && !pt) this.noteAddedParam(held, fn, name);
      // (a function of the module, `tasks.put(flush)`: what `fn = tasks.get(); fn()` calls)
      if (!lt.length && !pt && !hasParam(fn, name) && !ctx.scope.locals.has(name)) this.noteQueuedFunction(held, `fn:${name}`);
    } else if (put.type === 'attribute') {
      // (a bound method, `tasks.put(self.flush)`, `tasks.put(d.reset)` with d typed: that method)
      const fn = ctx.scope.fn, o = child(put, 'object'), m = this.t(child(put, 'attribute') ?? put);
      const root = o?.type === 'identifier' ? this.t(o) : undefined;
      const types = root && root !== fn.selfParam ? boundTypes(fn, root).filter(classLike).concat(own(fn.paramTypes, root) ?? []).filter(classLike) : [];
      if (root && root === fn.selfParam) this.noteQueuedFunction(held, `self:${m}`);
      else for (const t of types.slice(0, MAX_ELEMENT_TYPES)) this.noteQueuedFunction(held, `fn:${t}.${m}`);
    }
    this.noteTypes(held, texts, 'queued');
  }

  /** A function put on a queue whole (`*=fn:flush`, `*=self:flush`, `*=fn:Device.reset`:
   *  AttrInfo.queuedAt, as a tuple's item i is `i=fn:…`), what a taker calls. */
  private noteQueuedFunction(held: { table: Record<string, AttrInfo>; name: string; info: AttrInfo }, text: string): void {
    this.noteQueuedAt(held, `*=${text}`);
  }

  /** One AttrInfo.queuedAt note, a few at most. */
  private noteQueuedAt(held: { table: Record<string, AttrInfo>; name: string; info: AttrInfo }, item: string): void {
    if ((held.info.queuedAt?.length ?? 0) >= MAX_ELEMENT_TYPES * 2 || held.info.queuedAt?.includes(item)) return;
    this.applyTableNote(held.table, held.name, { line: held.info.line, column: held.info.column, queuedAt: item });
  }

  /** Item i of a tuple put on a queue: a construction's class, or an untyped parameter (what
   *  callers hand it: `addedParams` `qualname:param#i`). */
  private noteQueuedItem(held: { table: Record<string, AttrInfo>; name: string; info: AttrInfo }, x: SyntaxNode, ctx: Ctx, i: number): void {
    const fn = ctx.scope.fn;
    let item: string | undefined;
    if (x.type === 'identifier') {
      const p = this.t(x);
      // (a parameter: what callers hand it; a name of the module, `bump`: that function)
      if (hasParam(fn, p)) { if (!boundTypes(fn, p).length && !typedOtherThanCallable(fn, p)) this.noteAddedParam(held, fn, p, `#${i}`); return; }
      if (ctx.scope.locals.has(p)) return;
      item = `${i}=fn:${p}`;
    } else if (x.type === 'attribute' && fn.selfParam && this.dottedText(x) === `${fn.selfParam}.${this.t(child(x, 'attribute') ?? x)}`) {
      // (a method of self's, `self._count`: that method of the object the queue is on)
      item = `${i}=self:${this.t(child(x, 'attribute')!)}`;
    } else {
      const f = x.type === 'call' ? this.dottedText(child(x, 'function')) : undefined;
      if (f && classLike(f)) item = `${i}:${f}`;
    }
    if (item) this.noteQueuedAt(held, item);
  }

  /** A function this module defines at its top level before here (`def resize(…)`). */
  private moduleFunction(name: string): boolean {
    return this.out.functions.some(f => f.kind === 'function' && f.qualname === name);
  }

  /** A module global of this file (`work_q` of `work_q = queue.Queue()`), named in a function
   *  where no local or parameter hides it, and its note so far. */
  private moduleGlobal(obj: ExprPath, ctx: Ctx): { table: Record<string, AttrInfo>; name: string; info: AttrInfo } | undefined {
    if (obj.attrs.length || ctx.shadow?.has(obj.root)) return undefined;
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const s = this.scopes[i];
      if (s.fn.kind === 'module') break;
      if (s.declaredGlobal.has(obj.root)) break;
      if (s.fn.params.includes(obj.root) || s.locals.has(obj.root)) return undefined;
    }
    const info = own(this.out.globals, obj.root);
    return info ? { table: this.out.globals, name: obj.root, info } : undefined;
  }

  /** `self.workers.append(Worker(i))`, `self.jobs[k] = job` with `job = Job()`: the element's
   *  type texts on the attribute, as an annotation `List[Worker]` would give them (elements,
   *  never its own: Program.getAttr), for loops over it (Program.elementsOf). Only on an
   *  attribute of self bound before in the class, for a class named as one (`Job(n)`,
   *  `jobs.Job(n)`: `self.s[i] = self.m(i)` in a loop of 10,000 methods is no element type),
   *  and a few texts at most. */
  private noteElement(obj: ExprPath, added: SyntaxNode, ctx: Ctx, params = false): void {
    // (`functools.partial(reg.refresh, source="x")`: a call of the function it wraps)
    const wrapped = added.type === 'call' ? this.partialOf(added) : undefined;
    if (wrapped) { this.noteElement(obj, wrapped, ctx, params); return; }
    const held = this.selfAttr(obj) ?? this.moduleGlobal(obj, ctx);
    if (!held) { this.noteForeignAdd(obj, added, ctx); return; }
    if (!held.info.container) return;
    // (a tuple, `self._cache[key] = (send, close)`, `self._tasks.append((fn, args))`: each
    // item, for `send, close = self._cache.pop(key)`, as a queue's)
    const tuple = added.type === 'parenthesized_expression' ? namedChildren(added)[0] : added;
    if (tuple?.type === 'tuple') { namedChildren(tuple).forEach((x, i) => this.noteQueuedItem(held, x, ctx, i)); return; }
    let texts: string[] | undefined;
    if (added.type === 'call') {
      const f = this.dottedText(child(added, 'function'));
      texts = f ? [f] : undefined;
    } else if (added.type === 'identifier' && this.t(added) === ctx.scope.fn.selfParam && ctx.scope.fn.className && !ctx.scope.fn.classmethod) {
      // (`REGISTRY.append(self)`: an object of the method's class)
      texts = [ctx.scope.fn.className];
    } else if (added.type === 'identifier') {
      const fn = ctx.scope.fn, p = this.t(added);
      const lt = boundTypes(fn, p);
      texts = lt.length && !lt.some(t => t.startsWith('<')) ? lt : undefined;
      // (a parameter: what callers hand it, a callback registered, `self._callbacks.append(fn)`;
      // a list's adds only: a mapping's `self.status[room] = status` is written at every
      // keystroke of the motivating case, and a note here is a declaration, redone in full)
      // (and a module registry's, `HANDLERS[kind] = fn` in a decorator: its notes are effects
      // of the statements that make them, not the class's declarations)
      if ((params || held.table === this.out.globals) && !lt.length && !typedOtherThanCallable(fn, p)) this.noteAddedParam(held, fn, p);
      // (a module's function itself, `HANDLERS["resize"] = resize`: a callable element)
      // (any other name but a local: Program.storedFunctions keeps the functions; one defined
      // later in the file too)
      if (!lt.length && !hasParam(fn, p) && (fn.kind !== 'module' ? !ctx.scope.locals.has(p) : this.moduleFunction(p))) { this.noteTypes(held, [p], 'functions'); return; }
    } else if (added.type === 'attribute' && ctx.scope.fn.selfParam && child(added, 'object')?.type === 'identifier' && this.t(child(added, 'object')!) === ctx.scope.fn.selfParam && held.table !== this.out.globals) {
      // (a bound method of self kept in self's container, `self._cbs.append(self.on_tick)`:
      // one of its methods, as a dispatch table's literal of them, AttrInfo.methodValues)
      const m = this.t(child(added, 'attribute') ?? added);
      if (!held.info.methodValues?.includes(m) && (held.info.methodValues?.length ?? 0) < MAX_ELEMENT_TYPES) this.applyTableNote(held.table, held.name, { line: held.info.line, column: held.info.column, methodValues: [m] });
      return;
    } else if (added.type === 'attribute' && ctx.scope.fn.kind === 'module' && DOTTED_NAME.test(this.t(added))) {
      // (a module-level object's method, `HANDLERS["reload"] = [reg.refresh]`: a bound method
      // the analysis finds from the module's names, as a function's)
      this.noteTypes(held, [this.t(added)], 'functions');
      return;
    }
    // (what a call of the method's own names makes, `emitter = self._emitter_class()` then
    // `self._emitters.add(emitter)`: evaluated in the method, IN_FUNCTION)
    this.noteTypes(held, texts?.map(t => (DOTTED_NAME.test(t) ? this.inFunction(dotted(t), ctx) ?? t : t)), 'typeText');
  }

  /** The function a `functools.partial(f, …)` call wraps (its first positional argument). */
  private partialOf(call: SyntaxNode): SyntaxNode | undefined {
    const fn = this.partialParts(call)?.fn;
    return fn && (fn.type === 'identifier' || fn.type === 'attribute') ? fn : undefined;
  }

  /** Whether a thread made at n and bound to a name is started, and joined by the very next
   *  statement of the same block: `t = Thread(…)`, (`t.daemon = True`,) `t.start()`, `t.join()`
   *  (no timeout). */
  private joinedRightAfter(n: SyntaxNode): boolean {
    const a = n.parent?.type === 'assignment' && n.field === 'right' ? n.parent : undefined;
    const left = a && child(a, 'left');
    if (!left || (left.type !== 'identifier' && left.type !== 'attribute')) return false;
    const name = this.t(left);
    const stmt = a!.parent?.type === 'expression_statement' ? a!.parent : undefined;
    const block = stmt?.parent;
    if (!stmt || !block) return false;
    const sibs = block.children.filter(c => c.named && c.type !== 'comment');
    const callOf = (s: SyntaxNode | undefined, method: string) => {
      const c = s?.type === 'expression_statement' ? namedChildren(s)[0] : undefined;
      const f = c?.type === 'call' ? child(c, 'function') : undefined;
      const o = f?.type === 'attribute' ? child(f, 'object') : undefined;
      return !!o && this.t(child(f!, 'attribute') ?? f!) === method && this.t(o) === name && !namedChildren(child(c!, 'arguments') ?? c!).length;
    };
    const i = sibs.indexOf(stmt);
    // (at the top level, a statement the memo takes over must read the same later ones)
    const read = (upTo: number) => { if (this.effects && block === this.input.root) this.segmentAhead = Math.max(this.segmentAhead, upTo - i); };
    for (let j = i + 1; j < sibs.length; j++) if (callOf(sibs[j], 'start')) { read(j + 1); return callOf(sibs[j + 1], 'join'); }
    read(sibs.length - 1);
    return false;
  }

  /** Whether a node is `ctx.run` with ctx a contextvars.Context (contextObject). */
  private contextRun(n: SyntaxNode, ctx: Ctx): boolean {
    if (n.type !== 'attribute' || this.t(child(n, 'attribute') ?? n) !== 'run') return false;
    const o = child(n, 'object');
    return !!o && this.contextObject(o, ctx);
  }

  /** Whether a node is a contextvars.Context: `contextvars.copy_context()`, a copy of one
   *  (`ctx.copy()`), a local or parameter bound to or annotated as one, or an attribute of self
   *  bound to one (`self.context = contextvars.copy_context()`). */
  private contextObject(o: SyntaxNode, ctx: Ctx): boolean {
    const isContext = (text: string) => {
      const c = DOTTED_NAME.test(text) ? this.canonicalText(text) : undefined;
      return c === 'contextvars.copy_context' || c === 'contextvars.Context';
    };
    if (o.type === 'call') {
      const f = child(o, 'function');
      if (!f) return false;
      if (f.type === 'attribute' && this.t(child(f, 'attribute') ?? f) === 'copy') { const of = child(f, 'object'); return !!of && this.contextObject(of, ctx); }
      return isContext(this.t(f));
    }
    const p = this.pathOf(o);
    if (!p || ctx.shadow?.has(p.root)) return false;
    if (p.attrs.length === 1 && p.root === ctx.scope.fn.selfParam) {
      const cls = this.selfClass(p.root);
      return !!cls && !!own(cls.attrs, p.attrs[0])?.typeText?.some(isContext);
    }
    if (p.attrs.length) return false;
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const s = this.scopes[i].fn, pt = own(s.paramTypes, p.root);
      const types = own(s.localTypes, p.root) ?? (pt !== undefined ? [pt] : undefined);
      if (types) return types.some(isContext);
    }
    return false;
  }

  /** `task.add_done_callback(cb)` on what is no executor's future (an asyncio task or
   *  future): the task's loop runs cb once it is done, and that loop is this thread's, as
   *  neither `create_task` nor `add_done_callback` may be called from another. A call of cb
   *  here, with the future, holding none of the locks held now (cb runs later, from the loop). */
  private laterCall(n: SyntaxNode, cb: SyntaxNode | undefined, ctx: Ctx): void {
    if (!cb) return;
    const partial = this.partialGiven(cb, ctx);
    const target = partial ? partial.fn : cb;
    const tp = target.type === 'identifier' || target.type === 'attribute' ? this.pathOf(target) : undefined;
    if (!tp) return;
    const fut = child(child(n, 'function')!, 'object');
    const args = [...(partial?.bound ?? []).map(a => this.argText(a, ctx)), fut ? this.short(fut) : '<future>'];
    this.addCall({ ...ctx, locks: [] }, n, this.resolveAlias(ctx, tp), args, nameTable(), false);
    const calls = ctx.scope.fn.calls;
    calls[calls.length - 1].later = true;
  }

  /** A callable given as `functools.partial(f, a, …)`, or as a local bound to one: f and the
   *  positional arguments it binds. */
  private partialGiven(n: SyntaxNode, ctx: Ctx): { fn: SyntaxNode; bound: SyntaxNode[] } | undefined {
    return n.type === 'call' ? this.partialParts(n) : n.type === 'identifier' && !ctx.shadow?.has(this.t(n)) ? ctx.scope.partials?.get(this.t(n)) : undefined;
  }

  /** A `functools.partial(f, a, …)` call's f and the positional arguments it binds. */
  private partialParts(call: SyntaxNode): { fn: SyntaxNode; bound: SyntaxNode[] } | undefined {
    const f = child(call, 'function'), fp = f && this.pathOf(f);
    const pc = fp ? this.canonical(fp) : undefined;
    if (!pc || !PARTIAL.has(pc)) return undefined;
    const [first, ...bound] = namedChildren(child(call, 'arguments') ?? call).filter(a => a.type !== 'keyword_argument' && a.type !== 'comment');
    return first ? { fn: first, bound } : undefined;
  }

  /** An element added to another object's attribute (`s.batch.append(r)` with `s` a local
   *  or parameter): FunctionSummary.elementAdds, which the analysis reads as the attribute's
   *  class would its own adds (Program.foreignAdds). A local, a parameter, or a construction. */
  private noteForeignAdd(obj: ExprPath, added: SyntaxNode, ctx: Ctx): void {
    const fn = ctx.scope.fn;
    if (obj.attrs.length !== 1 || obj.root === fn.selfParam || obj.root.startsWith('<') || ctx.shadow?.has(obj.root) || fn.kind === 'module') return;
    if (!hasParam(fn, obj.root) && !ctx.scope.locals.has(obj.root)) return;
    let item: string | undefined;
    if (added.type === 'identifier') {
      const name = this.t(added);
      if (hasParam(fn, name) || ctx.scope.locals.has(name)) item = name;
    } else if (added.type === 'call') {
      const f = this.dottedText(child(added, 'function'));
      if (f && classLike(f)) item = `${f}()`;
    }
    if (!item) return;
    const add = `${obj.root}.${obj.attrs[0]}=${item}`;
    if (!(fn.elementAdds ??= []).includes(add) && fn.elementAdds.length < MAX_ELEMENT_TYPES * 2) fn.elementAdds.push(add);
  }

  /** `self.<attr>` (one attribute of self) and its note so far in the class's table. */
  private selfAttr(obj: ExprPath): { table: Record<string, AttrInfo>; name: string; info: AttrInfo } | undefined {
    if (obj.attrs.length !== 1) return undefined;
    const cls = this.selfClass(obj.root);
    const info = cls && own(cls.attrs, obj.attrs[0]);
    return info ? { table: cls!.attrs, name: obj.attrs[0], info } : undefined;
  }

  /** A parameter of fn (not self) added to or put on the attribute: AttrInfo.addedParams. */
  private noteAddedParam(held: { table: Record<string, AttrInfo>; name: string; info: AttrInfo }, fn: FunctionSummary, p: string, item = ''): void {
    if (p === fn.selfParam || !hasParam(fn, p)) return;
    const n: AttrNote = { line: held.info.line, column: held.info.column, addedParam: `${fn.qualname}:${p}${item}` };
    this.applyTableNote(held.table, held.name, n);
  }

  /** Class-like type texts (`Job`, `jobs.Job`) on the attribute's element types (`typeText`) or
   *  queued types (`queued`), a few at most. */
  private noteTypes(held: { table: Record<string, AttrInfo>; name: string; info: AttrInfo }, texts: string[] | undefined, field: 'typeText' | 'queued' | 'functions'): void {
    const { table, name, info } = held;
    for (const t of texts ?? []) {
      // (a class's name, or what a call of the method's own names makes, IN_FUNCTION)
      if ((field !== 'functions' && !classLike(t) && !t.startsWith(IN_FUNCTION)) || (info[field]?.length ?? 0) >= MAX_ELEMENT_TYPES || info[field]?.includes(t)) continue;
      this.applyTableNote(table, name, { line: info.line, column: info.column, [field]: t });
    }
  }

  /** What a local bound to `value` holds the elements of (Scope.copies): a copy of a
   *  container (`list(x)`, `sorted(x)`, `x.copy()`, `x[:]`) or one of a mapping's values
   *  (`m.get(k)`, `m.setdefault(k, d)`, `m.pop(k)`, `m[k]`). */
  private copyOf(value: SyntaxNode, ctx: Ctx): { text: string; values: boolean } | undefined {
    const of = (n: SyntaxNode | undefined, values: boolean) => {
      if (!n) return undefined;
      const c = n.type === 'identifier' ? ctx.scope.copies?.get(this.t(n)) : n.type === 'call' || n.type === 'subscript' ? this.copyOf(n, ctx) : undefined;
      if (c) return values ? { text: c.text, values: true } : c;
      const text = this.dottedText(n);
      return text ? { text: this.aliasedText(ctx, text), values } : undefined;
    };
    if (value.type === 'call') {
      const f = child(value, 'function'), args = child(value, 'arguments');
      const a = args ? namedChildren(args) : [];
      if (f?.type === 'identifier' && ELEMENT_PRESERVING.has(this.t(f)) && a.length === 1) return of(a[0], false);
      if (f?.type !== 'attribute') return undefined;
      const m = this.t(child(f, 'attribute') ?? f);
      if (m === 'copy' && !a.length) return of(child(f, 'object'), false);
      if ((m === 'get' || m === 'setdefault' || m === 'pop') && a.length) return of(child(f, 'object'), true);
      return undefined;
    }
    if (value.type === 'subscript') {
      const sub = child(value, 'subscript');
      return of(child(value, 'value'), sub?.type !== 'slice');
    }
    return undefined;
  }

  /** `for w in self.workers:` (also `list(…)`, `sorted(…)`, …) and `for w in d.values():`,
   *  `for k, w in d.items():`: w's local type is an element of the container
   *  (`<each>self.workers`, `<values>d`), typed from the container's annotation
   *  (Program.elementsOf). */
  private loopVariable(left: SyntaxNode, right: SyntaxNode, ctx: Ctx, comprehension = false): void {
    const local = (n: SyntaxNode) => (comprehension ? shadowed({ root: this.t(n), attrs: [] }).root : this.t(n));
    const pattern = (n: SyntaxNode | undefined) => !!n && (n.type === 'pattern_list' || n.type === 'tuple_pattern');
    // (the element: a name, or a tuple unpacked, `for key, (send, close) in self._cache.items()`)
    let elem: SyntaxNode | undefined = left;
    let of = right;
    let values = false;
    if (right.type === 'call') {
      const f = child(right, 'function'), args = child(right, 'arguments');
      const a = args ? namedChildren(args) : [];
      if (f?.type === 'identifier' && ELEMENT_PRESERVING.has(this.t(f)) && a.length === 1) of = a[0];
      else if (f?.type === 'identifier' && this.t(f) === 'enumerate' && a.length === 1 && pattern(left)) {
        const parts = namedChildren(left);
        elem = parts.length === 2 ? parts[1] : undefined;
        of = a[0];
      } else if (f?.type === 'attribute' && !a.length) {
        const m = child(f, 'attribute'), o = child(f, 'object');
        const method = m ? this.t(m) : '';
        if (o && (method === 'values' || method === 'copy')) { of = o; values = method === 'values'; }
        else if (o && method === 'items' && pattern(left)) {
          const parts = namedChildren(left);
          elem = parts.length === 2 ? parts[1] : undefined;
          of = o;
          values = true;
        } else return;
      } else if (!this.copyOf(right, ctx)) {
        // (what a call returns, looped over: `for handler in self._handlers.prefix_search(name):`,
        // botocore's emitter; its elements, Program.elementsOf on the call's result)
        const callee = f && (f.type === 'attribute' || f.type === 'identifier') ? this.dottedText(f) : undefined;
        if (callee && left.type === 'identifier' && !classLike(callee) && !BUILTIN_TYPES.has(callee) && ctx.scope.fn.kind !== 'module') this.setLocalType(ctx.scope.fn, local(left), [`${EACH_OF}${this.aliasedText(ctx, callee)}()`]);
        return;
      }
    }
    const name = elem?.type === 'identifier' ? elem : undefined;
    const copy = of.type === 'identifier' ? ctx.scope.copies?.get(this.t(of)) : of.type === 'call' || of.type === 'subscript' ? this.copyOf(of, ctx) : undefined;
    if (copy && name) { this.setLocalType(ctx.scope.fn, local(name), [`${copy.values ? NESTED_OF : values ? VALUES_OF : EACH_OF}${copy.text}`]); return; }
    const text = (name || pattern(elem)) && !copy ? this.dottedText(of) : undefined;
    if (text && name) this.setLocalType(ctx.scope.fn, local(name), [`${values ? VALUES_OF : EACH_OF}${this.aliasedText(ctx, text)}`]);
    // (each name of the tuple one item of the tuples added, as `send, close = self._cache[key]`)
    else if (text && ctx.scope.fn.kind !== 'module') namedChildren(elem!).forEach((t, i) => { if (t.type === 'identifier') this.setLocalType(ctx.scope.fn, local(t), [`${TUPLE_OF}${i}|${this.aliasedText(ctx, text)}.__getitem__`]); });
  }

  /** The values an expression may be: either side of `a or b` and of `a if c else b`. */
  private valueSides(x: SyntaxNode): SyntaxNode[] {
    if (x.type === 'parenthesized_expression') { const [inner] = namedChildren(x); return inner ? this.valueSides(inner) : [x]; }
    if (x.type === 'boolean_operator') {
      const l = child(x, 'left'), r = child(x, 'right'), op = child(x, 'operator');
      return l && r && op && this.t(op) === 'or' ? [...this.valueSides(l), ...this.valueSides(r)] : [x];
    }
    if (x.type === 'conditional_expression') { const p = namedChildren(x); return p.length === 3 ? [...this.valueSides(p[0]), ...this.valueSides(p[2])] : [x]; }
    return [x];
  }

  private noteAttr(table: Record<string, AttrInfo>, name: string, at: SyntaxNode, value: SyntaxNode | undefined, type: SyntaxNode | undefined, ctx: Ctx, level?: AttrNote['level'], handed?: boolean): void {
    // (`self.handler = handler if handler else Handler()`, `handler or Handler()`: each side
    // is a value the attribute may hold, as two assignments would be; a container either way
    // is one, containerType)
    const sides = value && (value.type === 'conditional_expression' || value.type === 'boolean_operator') && !this.containerType(value, type) ? this.valueSides(value) : undefined;
    if (sides && sides.length > 1) { for (const side of sides) this.noteAttr(table, name, at, side, type, ctx, level, handed && !MADE_VALUES.has(side.type)); return; }
    const n = this.attrNote(at, value, type, ctx);
    // `global Pool; from .impl import Pool as p; Pool = p` (a lazy re-export, PEP 562
    // `__getattr__`): the global means what the import names
    if (table === this.out.globals && ctx.scope.fn.kind !== 'module' && value?.type === 'identifier') {
      const v = this.t(value);
      if (this.out.imports.some(i => i.name === v)) n.alias = v;
    }
    if (level) n.level = level;
    if (handed) n.handed = true;
    // (`__all__ = [...]`; and a class body's list of names, `public = ['create', 'incref']`,
    // which a getattr(self, name) dispatch may test names against)
    // (and a subclass's that adds to its base's, `public = Server.public + ['track_segment']`:
    // the base's names come with it, by a `Base.attr` entry the analysis reads: Program.listedNames)
    let listed = value, base: string | undefined;
    if (value?.type === 'binary_operator' && table !== this.out.globals && level === 'class') {
      const l = child(value, 'left'), r = child(value, 'right');
      if (l?.type === 'attribute' && DOTTED_NAME.test(this.t(l)) && (r?.type === 'list' || r?.type === 'tuple')) { listed = r; base = this.t(l); }
    }
    if ((listed?.type === 'list' || listed?.type === 'tuple') && ((table === this.out.globals && name === '__all__') || (table !== this.out.globals && level === 'class'))) {
      const items = namedChildren(listed);
      const names = items.filter(c => c.type === 'string').map(c => stringValue(this.t(c))).filter((x): x is string => x !== undefined);
      if (names.length && (name === '__all__' || names.length === items.length)) n.names = base ? [`${LISTED_FROM}${base}`, ...names] : names;
    }
    this.applyTableNote(table, name, n);
    if (table !== this.out.globals && level !== 'class' && ctx.scope.fn.selfParam && value) this.noteHeld(table, name, value, ctx);
    // (a table of other classes' functions, `_channel_handler_table = {MSG_DATA: Channel._feed}`,
    // called with the object first, `self._channel_handler_table[t](chan, m)`: paramiko's
    // transport; Program.storedFunctions)
    if (table !== this.out.globals && (value?.type === 'dictionary' || value?.type === 'list' || value?.type === 'tuple')) {
      const items = literalValues(value);
      let kept = 0;
      // (and classes, `_kex_info = {"group1": KexGroup1, …}`: calling an item makes one)
      const ownMethods = ctx.scope.cls && !ctx.scope.fn.selfParam ? ctx.scope.cls.methods : [];
      for (const v of items) {
        const t = v?.type === 'attribute' || (v?.type === 'identifier' && !ownMethods.includes(this.t(v))) ? this.dottedText(v) : undefined;
        const root = t?.split('.', 1)[0];
        if (!t || root === ctx.scope.fn.selfParam || hasParam(ctx.scope.fn, root!) || ctx.scope.locals.has(root!) || kept++ >= MAX_STORED_FUNCTIONS) continue;
        this.applyTableNote(table, name, { line: n.line, column: n.column, functions: this.aliasedText(ctx, t) });
      }
    }
  }

  /** What a method keeps on self for later calls (a worker's job slot, a callback):
   *  `self._cb = cb` with cb a parameter (not `__init__`'s, which its construction sites
   *  type: fromParams) holds what callers hand cb (AttrInfo.addedParams); `self._job = (fn,
   *  deliver)` holds a tuple, item i as a queue's would be (`queuedAt`, `addedParams` with
   *  `#i`), for `fn, deliver = self._job`. */
  private noteHeld(table: Record<string, AttrInfo>, name: string, value: SyntaxNode, ctx: Ctx): void {
    const info = own(table, name);
    if (!info || info.container) return;
    const held = { table, name, info };
    const fn = ctx.scope.fn;
    const tuple = value.type === 'parenthesized_expression' ? namedChildren(value)[0] : value;
    if (tuple?.type === 'tuple') { namedChildren(tuple).forEach((x, i) => this.noteQueuedItem(held, x, ctx, i)); return; }
    if (value.type !== 'identifier' || fn.name === '__init__') return;
    const p = this.t(value);
    if (hasParam(fn, p) && p !== fn.selfParam && !boundTypes(fn, p).length && !typedOtherThanCallable(fn, p)) this.noteAddedParam(held, fn, p);
  }

  /** A note on a class's or the module's table; on the module's globals it is also an effect
   *  later statements see (SummaryMemo), its line relative to the statement's. */
  private applyTableNote(table: Record<string, AttrInfo>, name: string, n: AttrNote): void {
    applyNote(table, name, n);
    if (this.effects && table === this.out.globals) this.effects.push({ key: `n ${name} ${JSON.stringify({ ...n, line: 0, column: 0 })}`, kind: 'note', name, note: { ...n, line: n.line - this.segmentLine } });
  }

  /** What a call value constructs, canonical (`threading.Lock`, `threading.Semaphore`, through
   *  imports and aliases): a lock (LOCK_CONSTRUCTORS) or a counting semaphore (countingCount). */
  private constructionCanon(value: SyntaxNode): string | undefined {
    if (value.type !== 'call') return undefined;
    const f = child(value, 'function');
    const fp = f ? this.pathOf(f) : undefined;
    return fp ? this.canonical(fp) ?? contextSemaphore(fp) : undefined;
  }


  /** A semaphore construction (SEMAPHORE_CONSTRUCTORS) with a count other than a literal 1, the
   *  first argument or `value=`; none is the default, 1. */
  private countingCount(call: SyntaxNode, canon: string): boolean {
    if (!SEMAPHORE_CONSTRUCTORS.has(canon)) return false;
    const args = child(call, 'arguments');
    if (!args) return false;
    const items = namedChildren(args);
    const kw = items.find(x => x.type === 'keyword_argument' && child(x, 'name') && this.t(child(x, 'name')!) === 'value');
    const v = kw ? child(kw, 'value') : items.find(x => x.type !== 'keyword_argument' && x.type !== 'comment');
    return !!v && this.t(v).trim() !== '1';
  }



  /** The classes a literal or comprehension's elements are made by, `[Worker(i) for i in
   *  range(n)]`, `[Reader(), Writer()]` (a few at most), as an annotation `List[Worker]` would
   *  name them; undefined where one is anything else. */
  private madeElements(value: SyntaxNode): string[] | undefined {
    const items = value.type === 'list_comprehension' || value.type === 'set_comprehension' ? [child(value, 'body')] : value.type === 'list' || value.type === 'tuple' || value.type === 'set' ? namedChildren(value) : [];
    const made = items.map(x => (x?.type === 'call' ? this.dottedText(child(x, 'function')) : undefined));
    const classes = [...new Set(made)];
    return made.length && classes.every(t => t !== undefined && classLike(t)) && classes.length <= MAX_ELEMENT_TYPES ? classes as string[] : undefined;
  }

  /** A container made through a class attribute naming its constructor (urllib3's
   *  `ContainerCls = OrderedDict`, then `self._container = self.ContainerCls()`). */
  private factoryContainer(value: SyntaxNode | undefined, ctx: Ctx): string | undefined {
    const f = value?.type === 'call' ? child(value, 'function') : undefined;
    const fp = f && this.pathOf(f);
    const held = fp && fp.root === ctx.scope.fn.selfParam ? this.selfAttr(fp) : undefined;
    for (const a of held?.info.aliases ?? []) {
      const [root, ...attrs] = a.split('.');
      const c = this.canonical({ root, attrs }) ?? (attrs.length ? undefined : root);
      const t = c ? own(CONTAINER_CONSTRUCTORS, c) : undefined;
      if (t) return t;
    }
    return undefined;
  }

  /** A copy of a container this file knows (`self.opts = DEFAULTS.copy()`, `self.env =
   *  self._base.copy()`, `copy.copy(self._map)`): a container of its type. */
  private copiedContainer(value: SyntaxNode | undefined, ctx: Ctx): string | undefined {
    if (value?.type !== 'call' || namedChildren(child(value, 'arguments') ?? value).length > 1) return undefined;
    const f = child(value, 'function');
    const fp = f && this.pathOf(f);
    if (!fp) return undefined;
    const one = namedChildren(child(value, 'arguments') ?? value)[0];
    const of = fp.attrs[fp.attrs.length - 1] === 'copy' && !one ? child(f!, 'object') : ['copy.copy', 'copy.deepcopy'].includes(this.canonical(fp) ?? '') ? one : undefined;
    const p = of && this.pathOf(of);
    if (!p || ctx.shadow?.has(p.root)) return undefined;
    const held = p.attrs.length === 1 ? this.selfAttr(p) : this.moduleGlobal(p, ctx);
    return held?.info.container;
  }

  /** An attrs or dataclasses field's declaration (`attr.ib(factory=deque)`, `attrs.field(
   *  default=attr.Factory(dict))`, `field(default_factory=threading.Lock)`): the factory it
   *  names, or null for a field with none; undefined for any other value. */
  private fieldFactory(value: SyntaxNode | undefined): SyntaxNode | null | undefined {
    if (value?.type !== 'call') return undefined;
    const canon = this.constructionCanon(value);
    if (!canon || !FIELD_DECLARATIONS.has(canon)) return undefined;
    let found: SyntaxNode | null = null;
    for (const a of namedChildren(child(value, 'arguments') ?? value)) {
      if (a.type !== 'keyword_argument') continue;
      const k = this.t(child(a, 'name') ?? a), v = child(a, 'value');
      if (!v) continue;
      if (k === 'factory' || k === 'default_factory') found = v;
      else if (k === 'default' && v.type === 'call' && /(^|\.)Factory$/.test(this.constructionCanon(v) ?? '')) found = namedChildren(child(v, 'arguments') ?? v)[0] ?? null;
    }
    return found && (found.type === 'identifier' || found.type === 'attribute') ? found : null;
  }

  private attrNote(at: SyntaxNode, value: SyntaxNode | undefined, type: SyntaxNode | undefined, ctx: Ctx): AttrNote {
    const s = this.span(at);
    const n: AttrNote = { line: s.line, column: s.column };
    // (a field: what its factory makes, as a call of it would; a lock too)
    const factory = this.fieldFactory(value);
    if (factory !== undefined) {
      const fp = factory && this.pathOf(factory);
      const canon = fp ? this.canonical(fp) ?? (fp.attrs.length ? undefined : fp.root) : undefined;
      const ct = this.containerType(undefined, type) ?? (canon ? own(CONTAINER_CONSTRUCTORS, canon) : undefined);
      if (ct) n.container = ct;
      if (type) n.typeText = this.t(type);
      if (canon && LOCK_CONSTRUCTORS.has(canon)) n.call = { lock: true };
      else if (factory && fp && !ct && !type) n.call = { lock: false, callee: this.t(factory) };
      return n;
    }
    // (an object of a class made here under a looser annotation, `_cache: MutableMapping =
    // LRUCache(50)`: the class made, whose own methods (and locks) run, not the annotation's)
    const madeClass = type && value?.type === 'call' ? this.dottedText(child(value, 'function')) : undefined;
    if (madeClass && classLike(madeClass) && !own(CONTAINER_CONSTRUCTORS, this.constructionCanon(value!) ?? madeClass)) type = undefined;
    // (a class, not an object of it, `context_class: t.Type[Context] = Context`: what the value
    // names, an alias, Program.getAttr; the annotation types no instance)
    if (type && /^(?:typing\.|t\.)?[Tt]ype\[/.test(this.t(type))) type = undefined;
    const ct = this.containerType(value, type) ?? this.copiedContainer(value, ctx) ?? this.factoryContainer(value, ctx);
    if (ct) n.container = ct;
    if (type) n.typeText = this.t(type);
    // (`[Worker(i) for i in range(n)]`, `[Reader(), Writer()]`: the elements' classes, as an
    // annotation `List[Worker]` would name them; a few at most)
    else if (ct && value) {
      const classes = this.madeElements(value);
      if (classes) n.elementTypes = classes;
    }
    // (`self.mgr = mgr`, `self.status = mgr.status` in __init__, mgr unannotated: typed later
    // from the construction sites)
    const fn = ctx.scope.fn;
    const text = fn.kind === 'method' && fn.name === '__init__' ? this.dottedText(value) : undefined;
    const root = text?.split('.', 1)[0];
    // (and one annotated as a callable, `get_renderable: Optional[Callable[[], R]]`: what is
    // handed is a function, which the annotation does not name)
    const rootType = text ? own(fn.paramTypes, root!) : undefined;
    // (or as a container, `all_jobs: dict`: the one handed, which the annotation does not name)
    if (text && root !== fn.selfParam && fn.params.includes(root!) && (!rootType || CALLABLE_TYPE.test(rootType) || (text === root && containerAnnotation(rootType)))) n.fromParam = text;
    // (a dispatch table of self's methods, `{"put": self.on_put, …}` or `[self.a, self.b]`;
    // in a class body, of the functions defined above it, `fallback_mapping = {'__str__':
    // fallback_str}`, which a call hands self itself: `self.fallback_mapping[m](self, …)`)
    const body = !!ctx.scope.cls && !fn.selfParam;
    if (ct && value && (fn.selfParam || body) && (value.type === 'dictionary' || value.type === 'list' || value.type === 'tuple')) {
      const items = literalValues(value);
      const names = items.map(v => (body ? (v?.type === 'identifier' && ctx.scope.cls!.methods.includes(this.t(v)) ? this.t(v) : undefined)
        : v?.type === 'attribute' && child(v, 'object')?.type === 'identifier' && this.t(child(v, 'object')!) === fn.selfParam ? this.t(child(v, 'attribute')!) : undefined));
      if (names.length && names.every(x => x !== undefined)) n.methodValues = names as string[];
    }
    // (a container method of another attribute of self's, `self._append = self._queue.append`)
    if (fn.selfParam && value?.type === 'attribute') {
      const parts = this.dottedText(value)?.split('.');
      if (parts?.length === 3 && parts[0] === fn.selfParam && (READ_METHODS.has(parts[2]) || WRITE_METHODS.has(parts[2]))) n.boundMethod = `${parts[1]}.${parts[2]}`;
    }
    // (an executor class held to be called later, `self._executor_cls = executor_cls`,
    // `pool_cls = ThreadPoolExecutor`: AttrInfo.executorClass)
    const vp = value?.type === 'identifier' || value?.type === 'attribute' ? this.pathOf(value) : undefined;
    const exClass = vp ? this.executorClassOf(vp) : undefined;
    if (exClass) n.executorClass = exClass;
    if (value?.type === 'call') {
      const f = child(value, 'function');
      const fp = f ? this.pathOf(f) : undefined;
      const canon = fp ? this.canonical(fp) : undefined;
      const call: NonNullable<AttrNote['call']> = { lock: false };
      const sem = canon ?? (fp ? contextSemaphore(fp) : undefined);
      if (sem && this.countingCount(value, sem)) call.counting = true;
      else if (sem && LOCK_CONSTRUCTORS.has(sem)) {
        call.lock = true;
        const args = child(value, 'arguments');
        const wrapped = args ? namedChildren(args)[0] : undefined;
        if (wrapped && /Condition$/.test(sem) && this.pathOf(wrapped)) call.lockOf = this.t(wrapped);
      }
      const ex = this.executorOf(value);
      if (ex) call.executor = ex;
      // (a type only when the table has no lock for the name: applyNote decides)
      // (`cls()` in a classmethod: the class)
      if (f && fp && !ct && !call.lock && !call.counting) call.callee = fn.classmethod && fn.className && this.t(f) === fn.selfParam ? fn.className : this.inFunction(fp, ctx) ?? this.t(f);
      // (a call of an item, `self._kex_info[name](self)`: one of the classes or functions the
      // container holds, paramiko's key exchange engines)
      const item = f?.type === 'subscript' && fn.kind !== 'module' ? this.dottedText(child(f, 'value')) : undefined;
      if (item && !ct && !call.lock && !call.counting) call.callee = `${IN_FUNCTION}${fn.qualname}|${ITEM_OF}${this.aliasedText(ctx, item)}`;
      n.call = call;
    } else if (value?.type === 'attribute' && LOCK_NAME.test(this.t(child(value, 'attribute') ?? value))) {
      // another object's lock under a name of this one's: the same lock
      n.lockOf = this.t(value);
    } else if (value?.type === 'attribute' && DOTTED_NAME.test(this.t(value)) && (ctx.scope.cls || ctx.scope.fn.kind === 'module' || this.globalName(ctx, value))) {
      n.alias = this.t(value);
    } else if (value?.type === 'identifier') {
      const v = this.t(value);
      // in a method, `self.reg = REG` (a module global): self.reg is REG (Program.classContainer)
      if (ctx.scope.cls || ctx.scope.fn.kind === 'module' || this.globalName(ctx, value)) n.alias = v;
      else {
        // (a parameter or local bound to a module global first, `if objtable is None: objtable =
        // objecttable`: self.objtable may be that global, idlelib's rpc)
        const al = ctx.scope.aliases.get(v);
        if (al && !ctx.scope.fn.params.includes(al.root) && !ctx.scope.locals.has(al.root) && ctx.scope.fn.selfParam !== al.root) n.alias = [al.root, ...al.attrs].join('.');
      }
      const pt0 = own(ctx.scope.fn.paramTypes, v), lt = own(ctx.scope.fn.localTypes, v), lc = own(ctx.scope.fn.localContainers, v);
      const pt = pt0 && !CALLABLE_TYPE.test(pt0) ? pt0 : undefined;
      if (pt || lt || lc) n.name = {};
      if (pt) n.name!.paramType = pt;
      const bound = boundTypes(ctx.scope.fn, v);
      if (bound.length) n.name!.localTypes = bound;
      if (lc) n.name!.container = lc.type;
    }
    return n;
  }

  private containerType(value: SyntaxNode | undefined, type: SyntaxNode | undefined): string | undefined {
    if (type) {
      const t = containerAnnotation(this.t(type));
      if (t) return t;
    }
    if (!value) return undefined;
    switch (value.type) {
      case 'dictionary': case 'dictionary_comprehension': return 'dict';
      case 'set': case 'set_comprehension': return 'set';
      case 'list': case 'list_comprehension': return 'list';
      case 'binary_operator': { // [None] * n
        const l = child(value, 'left'), r = child(value, 'right');
        return l?.type === 'list' || r?.type === 'list' ? 'list' : undefined;
      }
      // `args if args is not None else []`, `x or {}`: a container whichever branch is one
      case 'conditional_expression': case 'boolean_operator': case 'parenthesized_expression': {
        const parts = namedChildren(value);
        // (of a conditional, the condition is the middle part: not a value)
        for (const part of value.type === 'conditional_expression' ? [parts[0], parts[2]] : parts) {
          const t = part && this.containerType(part, undefined);
          if (t) return t;
        }
        return undefined;
      }
      case 'call': {
        const f = child(value, 'function');
        const p = f ? this.pathOf(f) : undefined;
        if (!p) return undefined;
        const c = this.canonical(p) ?? (p.attrs.length === 0 ? p.root : undefined);
        return c ? own(CONTAINER_CONSTRUCTORS, c) : undefined;
      }
    }
    return undefined;
  }

  private executorOf(call: SyntaxNode): 'thread' | 'process' | undefined {
    const f = child(call, 'function');
    const p = f ? this.pathOf(f) : undefined;
    return p ? this.executorClassOf(p) : undefined;
  }

  /** The kind of executor a path names the class of: a constructor (through imports and
   *  aliases), a parameter defaulting to one (`executor_cls=ThreadPoolExecutor`: what the
   *  callers that leave it out make), or an attribute of self holding one
   *  (AttrInfo.executorClass, noted by a method before, `__init__` as a rule). */
  private executorClassOf(p: ExprPath): 'thread' | 'process' | undefined {
    const c = this.canonical(p);
    if (c) return own(EXECUTOR_CONSTRUCTORS, c);
    const fn = this.scopes[this.scopes.length - 1]?.fn;
    if (!p.attrs.length && fn?.params.includes(p.root)) {
      const d = own(fn.paramDefaults ?? {}, p.root);
      const dc = d !== undefined && DOTTED_NAME.test(d) ? this.canonicalText(d) : undefined;
      return dc ? own(EXECUTOR_CONSTRUCTORS, dc) : undefined;
    }
    const cls = p.attrs.length === 1 ? this.selfClass(p.root) : undefined;
    return cls && own(cls.attrs, p.attrs[0])?.executorClass;
  }

  // ---- expressions ----
  /** identifier or attribute chain rooted at an identifier (or `super()`). */
  private pathOf(n: SyntaxNode): ExprPath | undefined {
    const attrs: string[] = [];
    let cur = n;
    while (cur.type === 'attribute') {
      const a = child(cur, 'attribute');
      const o = child(cur, 'object');
      if (!a || !o) return undefined;
      attrs.unshift(this.t(a));
      cur = o;
    }
    if (cur.type === 'identifier') return { root: this.t(cur), attrs };
    // `type(self).x` in a statement the grammar read as a `type` alias (typeAliasMisread)
    if (cur === this.typeCallArgs && attrs.length) return this.classOf(namedChildren(cur), attrs);
    if (cur.type === 'call' && attrs.length) {
      const f = child(cur, 'function');
      if (f?.type === 'identifier' && this.t(f) === 'super') return { root: '<super>', attrs };
      // `type(self).members`: the class of self (Program.getAttr reads `__class__`)
      if (f?.type === 'identifier' && this.t(f) === 'type') {
        const args = child(cur, 'arguments');
        const cls = this.classOf(args?.type === 'argument_list' ? namedChildren(args) : [], attrs);
        if (cls) return cls;
      }
      // `Runner().start_all()`: a method of the object just made.
      const inner = f ? this.pathOf(f) : undefined;
      if (inner && !inner.root.startsWith('<')) return { root: `<call:${[inner.root, ...inner.attrs].join('.')}>`, attrs };
    }
    // `self.infos[k].offsets`: an item of a named container (ITEM_OF), typed from its element
    // types where they are known (Program.evalRoot); `cache[job]._set(...)` with those
    // unknown, or `f()[0].x`: a receiver of unknown type, resolved (if at all) by method name.
    if (cur.type === 'subscript' && attrs.length) {
      const of = this.dottedText(child(cur, 'value'));
      return { root: of ? ITEM_OF + of : '<expr>', attrs };
    }
    return undefined;
  }

  /** `type(x).attrs`, from type's one argument: `x.__class__.attrs` (Program.getAttr reads it). */
  private classOf(args: SyntaxNode[], attrs: string[]): ExprPath | undefined {
    const of = args.length === 1 ? this.pathOf(args[0]) : undefined;
    return of && !of.root.startsWith('<') ? { root: of.root, attrs: [...of.attrs, '__class__', ...attrs] } : undefined;
  }

  /** A name or attribute chain's text (`mgr`, `self.status`, `logging.getLogger`). */
  private dottedText(n: SyntaxNode | undefined): string | undefined {
    if (!n || (n.type !== 'identifier' && n.type !== 'attribute')) return undefined;
    const t = this.t(n);
    return DOTTED_NAME.test(t) ? t : undefined;
  }

  /** The root of a dotted name, when it is a module global as the function sees it (not self). */
  private globalName(ctx: Ctx, value: SyntaxNode): boolean {
    const p = this.pathOf(value);
    return !!p && !p.root.startsWith('<') && p.root !== ctx.scope.fn.selfParam && this.sharedName(ctx, p.root);
  }

  /** A name a function body sees as the same object in every run: its self, or a module global
   *  (neither a local nor a parameter of the function). */
  private sharedName(ctx: Ctx, name: string): boolean {
    const fn = ctx.scope.fn;
    if (fn.kind === 'module' || ctx.scope.cls) return false;
    return name === fn.selfParam || (!ctx.scope.locals.has(name) && !fn.params.includes(name));
  }

  /** The paths a value may be when it is one of several (Scope.choices): the branches of a
   *  conditional or a boolean operator, or the items of a tuple or list literal a loop goes
   *  over; undefined for any other value, or when none of its parts is a path. Parts that are
   *  not paths (`None`, a call) are left out: they start or call nothing. */
  private alternatives(value: SyntaxNode, ctx: Ctx, loop = false): ExprPath[] | undefined {
    // (a tuple or list is one of its items only as what a loop goes over)
    const items = loop && (value.type === 'tuple' || value.type === 'list' || (value.type === 'parenthesized_expression' && namedChildren(value)[0]?.type === 'tuple'));
    if (!items && value.type !== 'conditional_expression' && value.type !== 'boolean_operator') return undefined;
    const out: ExprPath[] = [];
    const visit = (v: SyntaxNode | undefined): void => {
      if (!v) return;
      switch (v.type) {
        case 'parenthesized_expression': for (const c of namedChildren(v)) visit(c); return;
        case 'tuple': case 'list': if (items && (v === value || v.parent === value)) for (const c of namedChildren(v)) visit(c); return;
        // (of a conditional, the condition is the middle part: not a value)
        case 'conditional_expression': { const parts = namedChildren(v); visit(parts[0]); visit(parts[2]); return; }
        case 'boolean_operator': visit(child(v, 'left')); visit(child(v, 'right')); return;
        case 'identifier': case 'attribute': {
          const p = this.pathOf(v);
          if (!p) return;
          const more = !p.attrs.length && !ctx.shadow?.has(p.root) ? ctx.scope.choices?.get(p.root) : undefined;
          for (const q of more ?? [this.resolveAlias(ctx, p)]) if (!out.some(o => o.root === q.root && sameStrings(o.attrs, q.attrs))) out.push(q);
        }
      }
    };
    visit(value);
    return out.length ? out : undefined;
  }

  /** The paths a path through a name bound to one of several stands for (Scope.choices):
   *  `d[k]` with `d = self.a if f else self.b` is `self.a[k]` or `self.b[k]`. */
  private choicesOf(ctx: Ctx, raw: ExprPath): ExprPath[] | undefined {
    const alts = ctx.shadow?.has(raw.root) ? undefined : ctx.scope.choices?.get(raw.root);
    return alts && raw.attrs.length ? alts.map(a => ({ root: a.root, attrs: [...a.attrs, ...raw.attrs] })) : alts;
  }

  private resolveAlias(ctx: Ctx, p: ExprPath): ExprPath {
    // (`mgr = self.mgr; mgr.infos[0].offsets`: the item root's container through the alias too)
    if (p.root.startsWith(ITEM_OF)) {
      const of = this.aliasedText(ctx, p.root.slice(ITEM_OF.length));
      return of === p.root.slice(ITEM_OF.length) ? p : { root: ITEM_OF + of, attrs: p.attrs };
    }
    const a = ctx.scope.aliases.get(p.root);
    return a ? { root: a.root, attrs: [...a.attrs, ...p.attrs] } : p;
  }

  /** A dotted text through a local alias (`mgr = self.mgr`: `mgr.infos` is `self.mgr.infos`),
   *  for the texts local types and lock texts keep. */
  private aliasedText(ctx: Ctx, text: string): string {
    if (!ctx.scope.aliases.size || !DOTTED_NAME.test(text)) return text;
    const dot = text.indexOf('.');
    const a = ctx.scope.aliases.get(dot < 0 ? text : text.slice(0, dot));
    return a ? [a.root, ...a.attrs].join('.') + (dot < 0 ? '' : text.slice(dot)) : text;
  }

  /** A thread object's name as its start and its join() write it: a local (or parameter) is
   *  qualified by its function, so another function's `t.join()` is another thread's. */
  private joinName(ctx: Ctx, text: string, binding = false): string {
    const root = text.split('.', 1)[0];
    const fn = ctx.scope.fn;
    // (`t = Thread(…)` binds t, a local, before it is in the scope's locals)
    const local = ctx.scope.locals.has(root) || fn.params.includes(root) || (binding && root === text && !ctx.scope.declaredGlobal.has(root));
    return fn.kind !== 'module' && !ctx.scope.cls && root !== fn.selfParam && local ? `${fn.qualname}:${text}` : text;
  }

  /** The argument texts of a `with m(…):` call, for its lock text (a name through its local
   *  alias, as a held lock's). */
  private managerArgs(call: SyntaxNode, ctx: Ctx): string {
    const argsNode = child(call, 'arguments');
    if (argsNode?.type !== 'argument_list') return '';
    const out: string[] = [];
    for (const a of namedChildren(argsNode)) {
      if (a.type === 'keyword_argument') {
        const k = child(a, 'name'), v = child(a, 'value');
        if (k && v) out.push(`${this.t(k)}=${this.lockText(ctx, this.short(v))}`);
      } else out.push(this.lockText(ctx, this.short(a)));
    }
    return out.join(', ');
  }

  /** A held lock's text, through a local alias (`lock = self._lock; with lock:` holds
   *  `self._lock`, the name every other function uses for it). */
  private lockText(ctx: Ctx, text: string): string {
    return this.aliasedText(ctx, text);
  }

  /** canonical() of a dotted text (`concurrent.futures.ThreadPoolExecutor`). */
  private canonicalText(text: string): string | undefined {
    const [root, ...attrs] = text.split('.');
    return this.canonical({ root, attrs });
  }

  private canonical(p: ExprPath): string | undefined {
    const base = this.canon.get(p.root);
    if (!base) return undefined;
    return [base, ...p.attrs].join('.');
  }

  private expr(n: SyntaxNode, ctx: Ctx): void { this.nested(n, ctx, this.exprInner); }

  /** Whether a call's result is read whole where it is: the first argument of a reading
   *  builtin, what a `for` iterates, the right of `in`. */
  private readsResult(n: SyntaxNode): boolean {
    const p = n.parent;
    if (!p) return false;
    if (p.type === 'for_statement' || p.type === 'for_in_clause') return n.field === 'right';
    if (p.type === 'comparison_operator') {
      const i = p.children.indexOf(n);
      return i > 0 && (p.children[i - 1].type === 'in' || p.children[i - 1].type === 'not in');
    }
    if (p.type !== 'argument_list' || namedChildren(p)[0] !== n) return false;
    const f = p.parent ? child(p.parent, 'function') : undefined;
    return f?.type === 'identifier' && READING_BUILTINS.has(this.t(f));
  }

  private exprInner(n: SyntaxNode, ctx: Ctx): void {
    switch (n.type) {
      case 'identifier': case 'attribute': {
        const path = this.pathOf(n);
        if (!path) break;
        this.use(n, path, ctx);
        // `self.jobs[k].state`, `Runner().name`: the subscript or call the chain starts from is
        // an access or a call of its own (as call() walks it for `self.jobs[k].run()`)
        if (path.root === '<expr>' || path.root.startsWith('<call:') || path.root.startsWith(ITEM_OF)) {
          let base = n;
          while (base.type === 'attribute') base = child(base, 'object') ?? base;
          if (base !== n) this.expr(base, ctx);
        }
        return;
      }
      case 'call': return this.call(n, ctx);
      case 'subscript': return this.subscript(n, ctx);
      case 'lambda': {
        const body = child(n, 'body');
        const params = child(n, 'parameters');
        if (body) this.expr(body, params ? withShadow(ctx, boundNames(params, this.text)) : ctx);
        return;
      }
      case 'list_comprehension': case 'set_comprehension': case 'dictionary_comprehension': case 'generator_expression': {
        const names: string[] = [];
        for (const c of namedChildren(n)) {
          if (c.type !== 'for_in_clause') continue;
          const left = child(c, 'left'), right = child(c, 'right');
          // (`[w.counts for w in self.workers]`: w an element, as a for loop's; its root is
          // the comprehension's own, `<local:w>`; not over an earlier clause's name)
          const over = right && this.dottedText(right)?.split('.', 1)[0];
          if (left && right && !(over && (names.includes(over) || ctx.shadow?.has(over)))) this.loopVariable(left, right, ctx, true);
          for (const l of children(c, 'left')) names.push(...boundNames(l, this.text));
        }
        const inner = withShadow({ ...ctx, inLoop: true }, names);
        for (const c of namedChildren(n)) this.expr(c, inner);
        return;
      }
      case 'for_in_clause': {
        const right = child(n, 'right');
        if (right) this.expr(right, ctx);
        for (const c of children(n, 'right').slice(1)) this.expr(c, ctx);
        return;
      }
      case 'named_expression': {
        const name = child(n, 'name'), value = child(n, 'value');
        if (value) this.expr(value, ctx);
        if (name) this.bind(ctx, this.t(name));
        return;
      }
      case 'string': case 'concatenated_string':
        for (const c of n.children) if (c.type === 'interpolation' || c.type === 'string') for (const e of namedChildren(c)) if (e.type !== 'string_content') this.expr(e, ctx);
        return;
      case 'assignment': case 'augmented_assignment': return this.assignment(n, ctx);
      case 'yield': {
        const fn = ctx.scope.fn;
        if (fn.kind === 'module') break;
        // (the locks held at every yield: a context manager's, held in its `with` body)
        if (!fn.generator) { if (ctx.locks.length) fn.yieldLocks = [...ctx.locks]; }
        else if (fn.yieldLocks) { const kept = fn.yieldLocks.filter(l => ctx.locks.includes(l)); fn.yieldLocks = kept.length ? kept : undefined; }
        fn.generator = true;
        break;
      }
      case 'keyword_argument': { const v = child(n, 'value'); if (v) this.expr(v, ctx); return; }
      case 'integer': case 'float': case 'true': case 'false': case 'none': case 'comment': case 'ellipsis': case 'string_content':
        return;
    }
    if (isStatement(n)) { this.statement(n, ctx); return; }
    for (const c of n.children) if (c.named) this.expr(c, ctx);
  }

  /** A path used as a value: classify what its context does with it. */
  private use(n: SyntaxNode, rawPath: ExprPath, ctx: Ctx): void {
    const path = this.resolveAlias(ctx, rawPath);
    const p = n.parent;
    const isAttr = path.attrs.length > 0;
    if (isAttr && (path.root === ctx.scope.fn.selfParam || this.selfClass(path.root) || this.typedRoot(ctx, path.root))) {
      // `self.x` read may run a property getter; so may `source.x` with `source: Peer`, or a
      // local with a type (typedRoot).
      this.addCall(ctx, n, path, [], {}, true);
    }
    if (!p) return;
    switch (p.type) {
      case 'argument_list': {
        const call = p.parent;
        const f = call ? child(call, 'function') : undefined;
        const fname = f?.type === 'identifier' ? this.t(f) : undefined;
        const fpath = f ? this.pathOf(f) : undefined;
        const fcanon = fpath ? this.canonical(fpath) : undefined;
        if (fcanon && MUTATING_FUNCTIONS.has(fcanon) && p.children.filter(c => c.named)[0] === n) {
          const rest = p.children.filter(c => c.named).slice(1);
          this.recordAccess(ctx, n, path, 'write', fcanon.split('.').pop()!, undefined, rest.length ? this.short(rest[rest.length - 1]) : undefined);
        } else if (fname === 'exec' && !ctx.scope.locals.has(fname) && p.children.filter(c => c.named).indexOf(n) >= 1) {
          // (`exec(code, self.locals)`: the code's assignments and definitions go into it)
          this.recordAccess(ctx, n, path, 'write', 'exec');
        } else if (fname && READING_BUILTINS.has(fname)) this.recordAccess(ctx, n, path, 'read', fname);
        // (`copy.deepcopy(self._meta)`, `json.dumps(self.state)`: a library function that walks it)
        else if (fcanon && READING_FUNCTIONS.has(fcanon) && p.children.filter(c => c.named)[0] === n) this.recordAccess(ctx, n, path, 'read', fcanon);
        // (`snap.update(self._hot)`: the method iterates it here)
        else if (f?.type === 'attribute' && ITERATING_METHODS.has(this.t(child(f, 'attribute') ?? f))) this.recordAccess(ctx, n, path, 'read', 'iter');
        else this.recordAccess(ctx, n, path, 'read', 'pass');
        return;
      }
      case 'keyword_argument': return this.recordAccess(ctx, n, path, 'read', 'pass');
      case 'comparison_operator': {
        const idx = p.children.indexOf(n);
        const op = p.children[idx - 1];
        if (op && (op.type === 'in' || op.type === 'not in')) {
          const left = p.children.slice(0, idx - 1).filter(c => c.named).pop();
          return this.recordAccess(ctx, n, path, 'read', op.type, left ? this.short(left) : undefined, undefined, false, true);
        }
        if (isAttr) this.recordAccess(ctx, n, path, 'read', 'compare');
        return;
      }
      case 'for_statement': case 'for_in_clause':
        if (n.field === 'right') this.recordAccess(ctx, n, path, 'read', 'iter');
        return;
      case 'if_statement': case 'while_statement': case 'elif_clause': case 'not_operator': case 'boolean_operator': case 'conditional_expression': case 'assert_statement':
        return this.recordAccess(ctx, n, path, 'read', 'truth');
      case 'return_statement': case 'yield':
        if (isAttr) this.recordAccess(ctx, n, path, 'read', 'return');
        return;
      case 'list_splat': case 'dictionary_splat':
        return this.recordAccess(ctx, n, path, 'read', 'unpack');
      case 'delete_statement': case 'expression_list':
        if (p.type === 'delete_statement' || p.parent?.type === 'delete_statement') return this.recordAccess(ctx, n, path, 'write', 'del');
        if (isAttr) this.recordAccess(ctx, n, path, 'read', 'ref');
        return;
      default:
        if (isAttr && p.type !== 'decorator') this.recordAccess(ctx, n, path, 'read', 'ref');
    }
  }

  private subscript(n: SyntaxNode, ctx: Ctx): void {
    const value = child(n, 'value');
    const indices = children(n, 'subscript');
    for (const i of indices) this.expr(i, ctx);
    if (!value) return;
    let raw = this.pathOf(value);
    // (`self._cache()[k] = v`: an access of what the call returns, Program.returnedContainers;
    // the call is a call too)
    if (!raw && value.type === 'call') {
      const f = child(value, 'function');
      const fp = f && (f.type === 'attribute' || f.type === 'identifier') ? this.pathOf(f) : undefined;
      if (fp && !fp.root.startsWith('<') && !classLike([fp.root, ...fp.attrs].join('.'))) {
        this.expr(value, ctx);
        raw = { root: `<call:${[fp.root, ...fp.attrs].join('.')}>`, attrs: [] };
      }
    }
    if (!raw) { this.expr(value, ctx); return; }
    const path = this.resolveAlias(ctx, raw);
    if (path.attrs.length && (this.selfClass(path.root) || this.typedRoot(ctx, path.root))) this.addCall(ctx, value, path, [], {}, true);
    // (`self.slots[0].meta[k] = v`, `make().d[k]`: the item read or the call the chain starts
    // from is an access or a call of its own, as in exprInner)
    if (raw.root === '<expr>' || raw.root.startsWith('<call:') || raw.root.startsWith(ITEM_OF)) {
      let base = value;
      while (base.type === 'attribute') base = child(base, 'object') ?? base;
      if (base !== value) this.expr(base, ctx);
    }
    const key = indices.map(i => this.short(i)).join(', ');
    // Climb through d[k][j] and d[k].m: an element written is a write of d.
    let top = n;
    while (top.parent && ((top.parent.type === 'subscript' && top.field === 'value') || (top.parent.type === 'attribute' && top.field === 'object'))) top = top.parent;
    const target = assignContext(top);
    if (top !== n) {
      // (`self.infos[k].offsets.append(x)`, `d[k].x = v`: a write of the element's attribute,
      // made through an ITEM_OF path, where the element's type is known; only where it is not,
      // a write of d: DirectAccess.item)
      const item = n.parent?.type === 'attribute' && n.field === 'object' && !(top === n.parent && !target) && this.dottedText(value) !== undefined;
      if (target) {
        const v = target.value ? this.short(target.value) : undefined;
        return this.recordAccess(ctx, n, path, 'write', target.kind === 'del' ? 'element-del' : target.kind === 'augassign' ? 'element-augassign' : 'element-set', key, v, target.kind === 'augassign', false, false, item);
      }
      if (top.type === 'attribute' && top.parent?.type === 'call' && top.field === 'function') {
        const m = this.t(child(top, 'attribute')!);
        if (WRITE_METHODS.has(m)) {
          const args = child(top.parent, 'arguments');
          const first = args ? namedChildren(args)[0] : undefined;
          return this.recordAccess(ctx, n, path, 'write', `element.${m}`, key, first ? this.short(first) : undefined, false, false, false, item);
        }
      }
      return this.recordAccess(ctx, n, path, 'read', 'getitem', key);
    }
    if (target) {
      const v = target.value ? (target.kind === 'augassign' ? `${target.op} ${this.short(target.value)}` : this.short(target.value)) : undefined;
      const op = target.kind === 'del' ? 'delitem' : target.kind === 'augassign' ? 'augassign' : 'setitem';
      // (a dict subclass's own __setitem__ / __delitem__ runs here: CallSite.dunder)
      const dunder = target.kind === 'del' ? '__delitem__' : '__setitem__';
      // (on self too, `self[key] = default` in LRUCache.setdefault; not in that method itself)
      if (path.attrs.length || path.root !== ctx.scope.fn.selfParam || ctx.scope.fn.name !== dunder) this.addCall(ctx, n, { root: path.root, attrs: [...path.attrs, dunder] }, target.kind === 'del' ? [key] : [key, v ?? ''], {}, 'dunder');
      return this.recordAccess(ctx, n, path, 'write', op, key, v, target.kind === 'augassign');
    }
    this.recordAccess(ctx, n, path, 'read', 'getitem', key);
  }

  /** `job = self.jobs.pop()` / `.popleft()`: an element of the container; `req =
   *  self.pending.pop(room)` / `.get(room)`: one of the mapping's values (Program.elementsOf
   *  types them from what is put in). */
  private takenElement(call: SyntaxNode, ctx: Ctx): string | undefined {
    const f = child(call, 'function');
    if (f?.type !== 'attribute') return undefined;
    const m = child(f, 'attribute'), o = this.dottedText(child(f, 'object'));
    const argsNode = child(call, 'arguments');
    const n = argsNode ? namedChildren(argsNode).length : 0;
    if (!m || !o) return undefined;
    const method = this.t(m);
    if ((method === 'pop' && n === 0) || method === 'popleft') return EACH_OF + this.aliasedText(ctx, o);
    if ((method === 'pop' || method === 'get') && n >= 1) return VALUES_OF + this.aliasedText(ctx, o);
    return undefined;
  }

  /** `getattr(self, name)`: which of self's methods it names (GETATTR_OF), when the name is a
   *  string, starts with one, or is a variable the function may test against a list. */
  private getattrOfSelf(call: SyntaxNode, fn: FunctionSummary): string | undefined {
    const callee = child(call, 'function');
    if (callee?.type !== 'identifier' || this.t(callee) !== 'getattr') return undefined;
    const argsNode = child(call, 'arguments');
    const args = argsNode ? namedChildren(argsNode).filter(a => a.type !== 'keyword_argument') : [];
    // (self, or in a closure the enclosing method's self)
    if (args.length < 2 || args[0].type !== 'identifier' || (this.t(args[0]) !== fn.selfParam && !this.selfClass(this.t(args[0])))) return undefined;
    const n = args[1];
    // (not through a local bound to such a name, `mname = 'do_' + self.command`: in the
    // stdlib that fans every request handler out to every `do_*` of every handler class)
    if (n.type === 'identifier') return `?${this.t(n)}`;
    const whole = n.type === 'string' ? stringValue(this.t(n)) : undefined;
    if (whole !== undefined) return `=${whole}`;
    const start = this.literalStart(n);
    return start ? `^${start}` : undefined;
  }

  /** `f"handle_{kind}"` and `"do_" + cmd`: the literal start of a name made of it. */
  private literalStart(n: SyntaxNode): string | undefined {
    const start = n.type === 'string' ? /^[fF][rR]?('|")([A-Za-z_][\w]*)\{/.exec(this.t(n))?.[2]
      : n.type === 'binary_operator' && namedChildren(n)[0]?.type === 'string' ? stringValue(this.t(namedChildren(n)[0])) : undefined;
    return start && /^[A-Za-z_]\w*$/.test(start) ? start : undefined;
  }

  /** `isinstance(obj, PlaceHolder)` on a local: obj may be one, so its methods are those the
   *  call resolves to (`obj.append(x)` is PlaceHolder.append, logging's _fixupParents). Added
   *  to what it was bound to (NARROWED: Program.evalRoot keeps both), wherever in the function
   *  (no flow: a local tested against a class is of it somewhere); a parameter too, besides
   *  what it is given (Program.withNarrowed). */
  private narrowed(obj: SyntaxNode, cls: SyntaxNode, ctx: Ctx): void {
    const fn = ctx.scope.fn;
    if (obj.type !== 'identifier') return;
    const name = this.t(obj);
    if (name === fn.selfParam) return;
    const classes = cls.type === 'tuple' || cls.type === 'parenthesized_expression' ? namedChildren(cls) : [cls];
    const texts = classes.filter(c => c.type === 'identifier' || c.type === 'attribute').filter(c => this.pathOf(c)).map(c => NARROWED + this.t(c));
    if (!texts.length) return;
    const was = own(fn.localTypes, name) ?? [];
    const add = texts.filter(t => !was.includes(t));
    if (add.length) this.setLocalType(fn, name, [...was, ...add]);
  }

  /** The paths a dict, list or tuple literal's items are, where every item is one (a few). */
  private literalCallees(value: SyntaxNode | undefined): ExprPath[] | undefined {
    if (value?.type === 'parenthesized_expression') value = namedChildren(value)[0];
    if (value?.type !== 'dictionary' && value?.type !== 'list' && value?.type !== 'tuple') return undefined;
    const items = literalValues(value).filter(c => c?.type !== 'comment');
    const paths = items.map(v => (v?.type === 'identifier' || v?.type === 'attribute' ? this.pathOf(v) : undefined));
    return paths.length && paths.length <= MAX_STORED_FUNCTIONS && paths.every(p => p !== undefined) ? paths as ExprPath[] : undefined;
  }

  private call(n: SyntaxNode, ctx: Ctx): void {
    const f = child(n, 'function');
    const argsNode = child(n, 'arguments');
    const args: SyntaxNode[] = [];
    const kwargs: Record<string, SyntaxNode> = Object.create(null);
    if (argsNode?.type === 'argument_list') {
      for (const a of namedChildren(argsNode)) {
        if (a.type === 'keyword_argument') {
          const k = child(a, 'name'), v = child(a, 'value');
          if (k && v) kwargs[this.t(k)] = v;
        } else args.push(a);
      }
    } else if (argsNode) args.push(argsNode); // generator argument
    // (`getattr(self, "handle_" + kind)(msg)`: a call of the methods it names, GETATTR_OF)
    const dispatch = f?.type === 'call' ? this.getattrOfSelf(f, ctx.scope.fn) : undefined;
    // (`self.handlers[kind](msg)`: a call of what the container holds, ITEM_OF)
    const table = f?.type === 'subscript' ? this.dottedText(child(f, 'value')) : undefined;
    // (`{CREATED: self.on_created, DELETED: self.on_deleted}[kind](event)`: a call of each
    // item, watchdog's event handlers)
    const literal = f?.type === 'subscript' && !table ? this.literalCallees(child(f, 'value')) : undefined;
    const raw = dispatch ? { root: GETATTR_OF + dispatch, attrs: [] } : table ? { root: ITEM_OF + table, attrs: [] } : literal ? literal[0] : f ? this.pathOf(f) : undefined;
    const path = raw ? (dispatch ? raw : this.resolveAlias(ctx, raw)) : undefined;
    const lambdaTargets = new Set<SyntaxNode>();
    if (path && path.root === 'isinstance' && !path.attrs.length && args.length === 2) this.narrowed(args[0], args[1], ctx);
    // (`ctx.run(f, x)`, `self.context.copy().run(f)` with a contextvars.Context: a call of f, here)
    const ran = f && args[0] && args[0].type !== 'list_splat' && this.contextRun(f, ctx) ? this.pathOf(args[0]) : undefined;
    if (ran) this.addCall(ctx, n, this.resolveAlias(ctx, ran), args.slice(1).map(a => this.argText(a, ctx)), nameTable(), false);
    if (path) {
      const argTexts = args.map(a => this.argText(a, ctx)), kwargTexts = nameTable<string>();
      for (const k in kwargs) kwargTexts[k] = this.argText(kwargs[k], ctx);
      // (a name bound to one of several functions, `cb = self._a if x else self._b; cb(v)`: a
      // call of each)
      const alts = literal ? literal.map(p => this.resolveAlias(ctx, p)) : raw && !dispatch && !table ? this.choicesOf(ctx, raw) : undefined;
      // (in a forked child, `process_obj._bootstrap()`: another process's run, no call here)
      if (ctx.forkChild && !path.root.startsWith('<')) ctx.scope.fn.starts.push({ ...this.span(n), kind: 'process', via: 'os.fork', inLoop: ctx.inLoop, target: path, ...(argTexts.length ? { args: argTexts } : {}) });
      else for (const callee of alts ?? [path]) for (const v of this.argChoices(args, kwargs, argTexts, kwargTexts, ctx)) this.addCall(ctx, n, callee, v.args, v.kwargs, false);
      // (`server.handle_request()` on a plain server: its handler's request methods, here)
      const served = path.attrs.length && SERVE_METHODS.has(path.attrs[path.attrs.length - 1]) ? this.servedBy(ctx, [path.root, ...path.attrs.slice(0, -1)].join('.')) : undefined;
      if (served) this.addCall(ctx, n, { root: `<call:${served}>`, attrs: [HANDLER_CALL] }, [], {}, false);
      // (the item read itself, `FACTORIES[kind]`, is an access of the container)
      if (table) this.expr(f!, ctx);
      else if (literal) { const key = child(f!, 'subscript'); if (key) this.expr(key, ctx); }
      // (what the call returns read whole, `len(self.tags())`, `for x in registry():`, `k in
      // self.tags()`: a read of it, Program.returnedContainers)
      // (an object made to be iterated, `for chunk in ChunkIterator(body)`: its `__iter__` and
      // `__next__` run here, CallGraph.resolve)
      if (raw === path && !dispatch && !table && !literal && !path.root.startsWith('<') && this.readsResult(n) && (!classLike([path.root, ...path.attrs].join('.')) || this.iteratedHere(n)) && !BUILTIN_TYPES.has(path.root))
        this.use(n, { root: `<call:${[path.root, ...path.attrs].join('.')}>`, attrs: [] }, ctx);
      const start = this.threadStart(n, path, args, kwargs, ctx);
      if (start?.lambdaNode) lambdaTargets.add(start.lambdaNode);
      // (`run_coroutine_threadsafe(self._fetch(i), loop)`: the coroutine's body runs on the
      // loop's thread, not here; its arguments are evaluated here)
      if (start?.inline) this.addCall(start.done ? { ...ctx, locks: [...ctx.locks, start.done] } : ctx, n, start.inline, [this.short(child(child(n, 'function')!, 'object') ?? n)], {}, false);
      else if (!start && path.attrs[path.attrs.length - 1] === 'add_done_callback') this.laterCall(n, args[0] ?? kwargs.fn, ctx);
      if (start?.coroutine) {
        lambdaTargets.add(start.coroutine);
        const al = child(start.coroutine, 'arguments');
        if (al) for (const x of namedChildren(al)) this.expr(x.type === 'keyword_argument' ? child(x, 'value') ?? x : x, ctx);
      }
      // A written `x.m(...)` is placed at `x`; an alias (`pop = self.d.pop; pop(k)`, taken
      // for speed in loops) at the name called.
      const objNode = f?.type === 'attribute' ? child(f, 'object') : f?.type === 'identifier' && raw !== path ? f : undefined;
      if (path.attrs.length > 0 && objNode) {
        const m = path.attrs[path.attrs.length - 1];
        const obj: ExprPath = { root: path.root, attrs: path.attrs.slice(0, -1) };
        // (what is put on a queue of self's, its get() hands out: AttrInfo.queued)
        if ((m === 'put' || m === 'put_nowait') && args[0]) this.noteQueued(obj, args[0], ctx);
        if (READ_METHODS.has(m) || WRITE_METHODS.has(m)) {
          if (obj.attrs.length && (this.selfClass(obj.root) || this.typedRoot(ctx, obj.root))) this.addCall(ctx, objNode, obj, [], {}, true);
          const write = WRITE_METHODS.has(m);
          // (`k in d.keys()`: the membership test it is, `k in d`)
          const test = m === 'keys' && !args.length ? membershipOf(n) : undefined;
          if (test) this.recordAccess(ctx, objNode, obj, 'read', test.op, this.short(test.key), undefined, false, true);
          else {
            const key = (write ? KEYED_WRITES.has(m) : m === 'get' || m === '__contains__' || m === '__getitem__') && args[0] ? this.short(args[0]) : undefined;
            const value = VALUED_WRITES.has(m) && args[1] ? this.short(args[1]) : ARG_VALUE_WRITES.has(m) && args.length ? this.short(args[args.length - 1]) : undefined;
            this.recordAccess(ctx, objNode, obj, write ? 'write' : 'read', m, key, value, false, m === 'get' || m === '__contains__');
          }
          const added = ELEMENT_ADDERS.has(m) ? args[m === 'insert' || m === 'setdefault' ? 1 : 0] : undefined;
          if (added) this.noteElement(obj, added, ctx, m !== 'setdefault');
          // (a registry of lists: `self._subs.setdefault(topic, []).append(cb)`, `m[k].append(cb)`
          // adds to the mapping's values, flattened as Scope.copies reads them back)
          const inner = added && m !== 'setdefault' && !obj.attrs.length ? valuesHolder(obj.root) : undefined;
          if (inner) { const [root, ...attrs] = inner.split('.'); this.noteElement({ root, attrs }, added!, ctx, true); }
        } else if (obj.attrs.length && (obj.root === ctx.scope.fn.selfParam || this.selfClass(obj.root) || this.typedRoot(ctx, obj.root))) {
          this.addCall(ctx, objNode, obj, [], {}, true);
        }
      }
      if ((path.root.startsWith('<call:') || path.root === '<expr>' || path.root.startsWith(ITEM_OF)) && f) {
        // the inner call (`threading.Thread(target=…)` in `threading.Thread(…).start()`) is a call too
        let base = f;
        while (base.type === 'attribute') base = child(base, 'object') ?? base;
        if (base !== f) this.expr(base, ctx);
      }
    } else if (f) {
      // `ThreadPoolExecutor().submit(fn)`: an executor made and used in one expression.
      const obj = f.type === 'attribute' ? child(f, 'object') : undefined;
      const m = f.type === 'attribute' ? child(f, 'attribute') : undefined;
      const ex = obj?.type === 'call' ? this.executorOf(obj) : undefined;
      if (ex && m && EXECUTOR_METHODS.has(this.t(m))) {
        const start = this.threadStart(n, { root: '<executor>', attrs: [this.t(m)] }, args, kwargs, ctx, ex);
        if (start?.lambdaNode) lambdaTargets.add(start.lambdaNode);
      }
      this.expr(f, ctx);
    }
    for (const a of args) if (!lambdaTargets.has(a)) this.expr(a, ctx);
    for (const v of Object.values(kwargs)) if (!lambdaTargets.has(v)) this.expr(v, ctx);
  }

  /** Whether a `stop()`'s receiver may be an object whose method joins a thread (acquireRelease). */
  private mayJoin(obj: SyntaxNode, ctx: Ctx): boolean {
    const p = this.pathOf(obj);
    if (!p || p.root.startsWith('<')) return false;
    const fn = ctx.scope.fn;
    if (p.root === fn.selfParam) return p.attrs.length <= 1;
    if (p.attrs.length) return false;
    if (hasParam(fn, p.root)) return true;
    // (a module global made by a class-like call, `runner = Runner()`, read at the top level or
    // in a function, `def main(): runner.stop()`)
    return boundTypes(fn, p.root).some(classLike) || ((fn.kind === 'module' || !ctx.scope.locals.has(p.root)) && !!own(this.out.globals, p.root)?.typeText?.some(classLike));
  }

  /** Scope.startStatements for a start point at `at` (and, at the module's level, an effect a
   *  memo's segment brings back). */
  private noteStartStatement(ctx: Ctx, at: { line: number; column: number }, n: SyntaxNode): void {
    const line = this.startStatement(n);
    // (a class body's code is its function's, the module's at the top level: noted there, and
    // so an effect a later statement taken over from the memo sees, as the function's own)
    let scope = ctx.scope;
    if (scope.cls) for (let i = this.scopes.length - 1; i >= 0; i--) if (this.scopes[i].fn === scope.fn && !this.scopes[i].cls) { scope = this.scopes[i]; break; }
    (scope.startStatements ??= new Map()).set(`${at.line}:${at.column}`, line);
    const rel = this.segmentLine;
    if (this.effects && scope === this.moduleScope) this.effects.push({ key: `s ${at.line - rel} ${at.column} ${line - rel}`, kind: 'startStatement', at: at.line - rel, column: at.column, line: line - rel });
  }

  /** The first line of what a start point (a thread start, a `start()` call) comes after: its
   *  statement, or the outermost loop it is in, in its function (beforeStarts). */
  private startStatement(n: SyntaxNode): number {
    let line = this.line(statementOf(n) ?? n);
    for (let p = n.parent; p; p = p.parent) {
      if (p.type === 'function_definition' || p.type === 'lambda' || p.type === 'class_definition' || p.type === 'module') break;
      if (p.type === 'for_statement' || p.type === 'while_statement') line = this.line(p);
    }
    return line;
  }

  /** An argument's text; a local name (not a parameter) bound to a path, `handler_class =
   *  SimpleHandler`, `lk = self._lock`, as that path (what callers hand a parameter is read
   *  from these texts). */
  private argText(a: SyntaxNode, ctx: Ctx): string {
    // (not a parameter, `if handler is None: handler = Default` keeps what callers hand too;
    // not a local container, `data = {}` in one branch and `data = environ` in the other; not
    // one of several, argChoices)
    const name = a.type === 'identifier' ? this.t(a) : '';
    const fn = ctx.scope.fn;
    if (!name || ctx.shadow?.has(name) || fn.params.includes(name) || own(fn.localContainers, name) || ctx.scope.choices?.has(name)) return this.short(a);
    const alias = ctx.scope.aliases.get(name);
    return alias && !alias.root.startsWith('<') ? [alias.root, ...alias.attrs].join('.') : this.short(a);
  }

  /** The argument texts of a call, and once more per path the first argument bound to one
   *  of several names may be (`handler_class = A if cgi else B`, an `if`/`else` binding each;
   *  `for cb in (self.a, self.b)`): a call handing each. */
  private argChoices(args: SyntaxNode[], kwargs: Record<string, SyntaxNode>, argTexts: string[], kwargTexts: Record<string, string>, ctx: Ctx): { args: string[]; kwargs: Record<string, string> }[] {
    const one = [{ args: argTexts, kwargs: kwargTexts }];
    if (!ctx.scope.choices?.size) return one;
    const choices = (a: SyntaxNode) => (a.type === 'identifier' && !ctx.shadow?.has(this.t(a)) ? ctx.scope.choices!.get(this.t(a)) : undefined);
    const i = args.findIndex(a => choices(a));
    const k = i < 0 ? Object.keys(kwargs).find(x => choices(kwargs[x])) : undefined;
    const alts = i >= 0 ? choices(args[i]) : k !== undefined ? choices(kwargs[k]) : undefined;
    if (!alts) return one;
    // (and the name itself: what is not a path among its values, `h = make()`, is read from it)
    return [...one, ...alts.slice(0, MAX_ARG_CHOICES).map(p => {
      const text = [p.root, ...p.attrs].join('.');
      return i >= 0 ? { args: argTexts.map((t, j) => (j === i ? text : t)), kwargs: kwargTexts } : { args: argTexts, kwargs: withName(kwargTexts, k!, text) };
    }).filter(v => (i >= 0 ? v.args[i] !== argTexts[i] : v.kwargs[k!] !== kwargTexts[k!]))];
  }

  private addCall(ctx: Ctx, n: SyntaxNode, callee: ExprPath, args: string[], kwargs: Record<string, string>, property: boolean | 'setter' | 'dunder'): void {
    if (ctx.shadow?.has(callee.root)) callee = shadowed(callee);
    // built field by field (no spread): this runs for every call in the file
    const li = this.lines, l = li.lineOf(n.start), el = li.lineOf(n.end);
    const c: CallSite = { line: l + 1, column: li.columnOf(n.start, l) + 1, endLine: el + 1, endColumn: li.columnOf(n.end, el) + 1, callee, args, kwargs, locks: ctx.locks, inLoop: ctx.inLoop };
    if (property === 'setter') c.setter = true;
    else if (property === 'dunder') c.dunder = true;
    else if (property) c.property = true;
    else if (n.type === 'call' && this.iteratedHere(n)) c.iterated = true;
    // (a constructor by its name's case: Thread subclasses' objects joined later, ThreadModel)
    const last = callee.attrs.length ? callee.attrs[callee.attrs.length - 1] : callee.root;
    if (n.type === 'call' && classLike(last) && !property) {
      const bound = this.boundName(n, ctx);
      if (bound) c.boundTo = bound;
      const once = bound ? this.startedOnce(n, ctx) : undefined;
      if (once) c.once = once;
    }
    // (a `start()` that may be a start point: model.startPoints decides, from the summary)
    if (last === 'start' && !args.length && !property && n.type === 'call') this.noteStartStatement(ctx, c, n);
    ctx.scope.fn.calls.push(c);
  }

  /** What a submit's future is, as its result() names it: `ex.submit(f).result()` the submit
   *  itself (`fn:<result ex.submit(f)>`), else the name it is bound to or the list it is an
   *  element of (boundName: `fut = ex.submit(f)`, `[ex.submit(f, x) for x in xs]`). */
  private futureName(n: SyntaxNode, ctx: Ctx): string | undefined {
    const p = n.parent;
    if (p?.type === 'attribute' && n.field === 'object' && this.t(child(p, 'attribute') ?? p) === 'result' && p.parent?.type === 'call') return this.inlineFuture(n, ctx);
    return this.boundName(n, ctx);
  }
  /** Named by its text, not its place (a statement taken over moved keeps its texts): two
   *  alike in one function are one name, joined by neither (ThreadModel's boundUses). */
  private inlineFuture(submit: SyntaxNode, ctx: Ctx): string {
    return `${ctx.scope.fn.qualname}:<result ${this.t(submit).replace(/\s+/g, '')}>`;
  }

  /** The tasks a statement waits for (held, JOINED, by the statements after it): leaving
   *  `with ThreadPoolExecutor() as ex:` (poolExit), and the waits its expression makes for sure
   *  (callWaits). */
  private waits(n: SyntaxNode, ctx: Ctx): string[] {
    if (n.type === 'with_statement') return this.poolExit(n, ctx);
    if (n.type !== 'expression_statement') return [];
    const out: string[] = [];
    const stack: SyntaxNode[] = [n];
    while (stack.length) {
      const x = stack.pop()!;
      // (not what runs only maybe, or later: a branch of `a if c else b`, the right of `and`
      // or `or`, a lazy generator, a lambda, a nested function; nor a filtered comprehension's)
      if (MAYBE_RUN.has(x.type) || (COMPREHENSIONS.has(x.type) && x.children.some(c => c.type === 'if_clause'))) continue;
      for (const c of x.children) stack.push(c);
      if (x.type === 'call') this.callWaits(x, n, ctx, out);
      // (`await fut` on a name an executor's future is bound to)
      else if (x.type === 'await' && namedChildren(x)[0]?.type === 'identifier') out.push(JOINED + this.joinName(ctx, this.t(namedChildren(x)[0])));
    }
    return out;
  }

  /** Leaving `with ThreadPoolExecutor() as ex:`: its shutdown(wait=True) ends every task given
   *  to ex (not a multiprocessing ThreadPool's, whose exit terminates them). */
  private poolExit(n: SyntaxNode, ctx: Ctx): string[] {
    const out: string[] = [];
    const clause = n.children.find(c => c.type === 'with_clause');
    for (const item of clause ? clause.children.filter(c => c.type === 'with_item') : []) {
      const v = child(item, 'value') ?? namedChildren(item)[0];
      if (v?.type !== 'as_pattern') continue;
      const made = namedChildren(v)[0], alias = child(v, 'alias');
      const target = alias && (alias.type === 'as_pattern_target' ? namedChildren(alias)[0] : alias);
      const canon = made && this.constructionCanon(made);
      if (target?.type === 'identifier' && canon && THREAD_POOL_EXECUTORS.has(canon)) out.push(this.eachJoined(ctx, this.t(target)));
    }
    return out;
  }

  /** The join text of every element of the list a name holds, or of every task of the
   *  executor it holds (ThreadStart.pool): `<joined>fn:futs[]`. */
  private eachJoined(ctx: Ctx, text: string): string {
    return JOINED + this.joinName(ctx, text) + EACH_JOINED;
  }

  /** What one call of a statement waits for: `wait(futs)` (all of them, unless it returns at
   *  the first), `await loop.run_in_executor(None, f)`, `await asyncio.to_thread(f)`, `ex.shutdown()` (not `wait=` anything but True), a future's `result()`
   *  (`fut.result()`, `ex.submit(f).result()`, each of a list's in a comprehension over it). */
  private callWaits(x: SyntaxNode, stmt: SyntaxNode, ctx: Ctx, out: string[]): void {
    const f = child(x, 'function');
    const argList = child(x, 'arguments');
    const args = argList ? namedChildren(argList).filter(a => a.type !== 'comment') : [];
    const fp = f && (f.type === 'identifier' || f.type === 'attribute') ? this.pathOf(f) : undefined;
    if (fp && TO_THREAD.has(this.canonical(fp) ?? '') && x.parent?.type === 'await') { out.push(JOINED + this.inlineFuture(x, ctx)); return; }
    if (fp && this.canonical(fp) === 'concurrent.futures.wait') {
      if (args.length === 1 && DOTTED_NAME.test(this.t(args[0]))) out.push(this.eachJoined(ctx, this.t(args[0])));
      return;
    }
    if (f?.type !== 'attribute') return;
    const obj = child(f, 'object'), name = this.t(child(f, 'attribute') ?? f);
    if (!obj) return;
    if (name === 'run_in_executor' && x.parent?.type === 'await') { out.push(JOINED + this.inlineFuture(x, ctx)); return; }
    if (name === 'shutdown' && obj.type === 'identifier') {
      // (a local or global executor's: an attribute's, `self._pool`, is each object's own)
      const wait = args.find(a => a.type === 'keyword_argument' && this.t(child(a, 'name') ?? a) === 'wait');
      const value = wait ? child(wait, 'value') : args[0]?.type === 'keyword_argument' ? undefined : args[0];
      if ((!value || this.t(value) === 'True') && this.executorKind({ root: this.t(obj), attrs: [] }) === 'thread') out.push(this.eachJoined(ctx, this.t(obj)));
      return;
    }
    if (name !== 'result' || args.length) return;
    if (obj.type === 'call') {
      const of = child(obj, 'function');
      if (of?.type === 'attribute' && this.t(child(of, 'attribute') ?? of) === 'submit') out.push(JOINED + this.inlineFuture(obj, ctx));
      return;
    }
    if (obj.type !== 'identifier') { if (DOTTED_NAME.test(this.t(obj))) out.push(JOINED + this.joinName(ctx, this.t(obj))); return; }
    // (the variable of a comprehension over a list of futures: each of them)
    const v = this.t(obj);
    for (let a = x.parent; a && a !== stmt; a = a.parent) {
      if (!COMPREHENSIONS.has(a.type)) continue;
      const clauses = a.children.filter(c => c.type === 'for_in_clause');
      const over = clauses.find(c => { const l = child(c, 'left'); return l?.type === 'identifier' && this.t(l) === v; });
      if (!over) continue;
      const right = child(over, 'right');
      if (clauses.length === 1 && right && DOTTED_NAME.test(this.t(right))) out.push(this.eachJoined(ctx, this.t(right)));
      return;
    }
    out.push(JOINED + this.joinName(ctx, v));
  }

  /** Plain servers made with a handler class (`server = TCPServer(addr, Handler)`), by
   *  serverKey: the handler's text, a name of the module's (what `Thread(target=
   *  server.serve_forever)` then runs, ThreadStart.serving). */
  private readonly servers = new Map<string, string>();

  private serverKey(ctx: Ctx, text: string): string | undefined {
    const fn = ctx.scope.fn;
    const [root, ...attrs] = text.split('.');
    if (root === fn.selfParam && attrs.length === 1 && fn.className && !fn.classmethod) return `${fn.className}:self.${attrs[0]}`;
    if (attrs.length || ctx.shadow?.has(root)) return undefined;
    if (fn.kind === 'module' || ctx.scope.declaredGlobal.has(root)) return `:${root}`;
    return ctx.scope.locals.has(root) || hasParam(fn, root) ? `${fn.qualname}:${root}` : `:${root}`;
  }

  private noteServer(ctx: Ctx, text: string, value: SyntaxNode): void {
    if (value.type !== 'call') return;
    const f = child(value, 'function');
    const fp = f && this.pathOf(f);
    if (!fp || !PLAIN_SERVERS.has(this.canonical(fp) ?? '')) return;
    const items = namedChildren(child(value, 'arguments') ?? value);
    const kw = items.find(x => x.type === 'keyword_argument' && this.t(child(x, 'name') ?? x) === 'RequestHandlerClass');
    const handler = kw ? child(kw, 'value') : items.filter(x => x.type !== 'keyword_argument')[1];
    const h = handler && DOTTED_NAME.test(this.t(handler)) ? this.t(handler) : undefined;
    const root = h?.split('.', 1)[0];
    const key = this.serverKey(ctx, text);
    // (a name of the module's, which the start's function reads as this one does)
    if (!h || !key || hasParam(ctx.scope.fn, root!) || ctx.scope.locals.has(root!) && ctx.scope.fn.kind !== 'module') return;
    this.servers.set(key, h);
    if (this.effects && ctx.scope === this.moduleScope) this.effects.push({ key: `s ${key} ${h}`, kind: 'server', name: key, handler: h });
  }

  /** The handler a plain server's text names in fn (serverKey, looked up as written there). */
  private servedBy(ctx: Ctx, text: string): string | undefined {
    const key = this.serverKey(ctx, text);
    return key && this.servers.get(key);
  }

  /** A thread bound to a module global only where that global is None, `if _poller is None:
   *  _poller = Thread(…)` (a lazy singleton): at most one runs, however often this does; bound
   *  so to self's attribute, one per object (ThreadStart.once). */
  private startedOnce(n: SyntaxNode, ctx: Ctx): 'program' | 'object' | undefined {
    const a = n.parent?.type === 'assignment' && n.field === 'right' ? n.parent : undefined;
    const left = a && child(a, 'left');
    const fn = ctx.scope.fn;
    const name = left && (left.type === 'identifier' || left.type === 'attribute') ? this.t(left) : undefined;
    // (a module global's: one thread; or, in a method, self's attribute, `if self._t is None:
    // self._t = Thread(…)`: one per object)
    const once = !name ? undefined : left!.type === 'identifier' ? (fn.kind === 'module' || ctx.scope.declaredGlobal.has(name) ? 'program' : undefined)
      : fn.kind === 'method' && !fn.classmethod && fn.selfParam && name.startsWith(`${fn.selfParam}.`) && name.indexOf('.', fn.selfParam.length + 1) < 0 ? 'object' : undefined;
    if (!once) return undefined;
    for (let c: SyntaxNode = a!; c.parent && c.type !== 'function_definition'; c = c.parent) {
      const p = c.parent;
      if (p.type !== 'if_statement' || c.field !== 'consequence') continue;
      const test = this.t(child(p, 'condition') ?? p).replace(/\s+/g, ' ').trim();
      if (test === `${name} is None` || test === `not ${name}`) return once;
    }
    return undefined;
  }

  /** What a call's result is bound to (`self._thread = t = X(…)`: the attribute, which another
   *  method joins), as a join names it (joinName). */
  private boundName(n: SyntaxNode, ctx: Ctx): string | undefined {
    const names: string[] = [];
    for (let c: SyntaxNode = n; c.parent?.type === 'assignment' && c.field === 'right'; c = c.parent) {
      const left = child(c.parent, 'left');
      if (left && DOTTED_NAME.test(this.t(left))) names.push(this.t(left));
    }
    const bound = names.find(x => x.startsWith(`${ctx.scope.fn.selfParam}.`)) ?? names[0];
    return bound ? this.joinName(ctx, bound, true) : this.listedIn(n, ctx);
  }

  /** The list a call's result is made an element of, as a join loop names it (EACH_JOINED):
   *  `threads = [Thread(…) for …]` (the comprehension's element), `threads.append(Thread(…))`. */
  private listedIn(n: SyntaxNode, ctx: Ctx): string | undefined {
    const p = n.parent;
    // (and an element of a list literal, `ts = [Thread(…), Thread(…)]`)
    if ((p?.type === 'list_comprehension' && n.field === 'body') || p?.type === 'list') {
      const a = p.parent;
      const left = a?.type === 'assignment' && p.field === 'right' ? child(a, 'left') : undefined;
      return left && DOTTED_NAME.test(this.t(left)) ? this.joinName(ctx, this.t(left), true) + EACH_JOINED : undefined;
    }
    if (p?.type === 'argument_list' && namedChildren(p).length === 1) {
      const f = p.parent?.type === 'call' ? child(p.parent, 'function') : undefined;
      const obj = f?.type === 'attribute' ? child(f, 'object') : undefined, attr = f && child(f, 'attribute');
      if (obj && attr && this.t(attr) === 'append' && DOTTED_NAME.test(this.t(obj))) return this.joinName(ctx, this.t(obj)) + EACH_JOINED;
    }
    return undefined;
  }

  /** Whether the value of `n` (a call) is iterated where it stands: the right of a `for`, an
   *  unpacking, `yield from`, or the argument of a consuming call (through lazy wrappers such as
   *  `enumerate`). */
  private iteratedHere(n: SyntaxNode): boolean {
    let cur = n;
    for (let depth = 0; depth < 8; depth++) {
      const p = cur.parent;
      if (!p) return false;
      switch (p.type) {
        case 'for_statement': case 'for_in_clause': return cur.field === 'right';
        case 'list_splat': case 'dictionary_splat': return true;
        case 'yield': return /^yield\s+from\b/.test(this.t(p));
        case 'parenthesized_expression': cur = p; continue;
        case 'argument_list': {
          const call = p.parent;
          const f = call?.type === 'call' ? child(call, 'function') : undefined;
          const a = f?.type === 'attribute' ? child(f, 'attribute') : f;
          const name = a?.type === 'identifier' ? this.t(a) : undefined;
          if (!call || !name) return false;
          if (CONSUMING_CALLS.has(name)) return true;
          // (any other call it is handed to is taken as passing it on: iterated where that
          // call's result is, `for s in filter_control(simplify(self._buf)):`, rich's export)
          cur = call;
          continue;
        }
        default: return false;
      }
    }
    return false;
  }

  private recordAccess(ctx: Ctx, n: SyntaxNode, target: ExprPath, access: 'read' | 'write', op: string, key?: string, value?: string, readWrite = false, check = false, chosen = false, item = false): void {
    // (through a name bound to one of several: an access of each; `fn = fn or self._b` has the
    // name itself among them)
    const alts = chosen ? undefined : this.choicesOf(ctx, target);
    if (alts) {
      for (const t of alts) this.recordAccess(ctx, n, t, access, op, key, value, readWrite, check, true, item);
      return;
    }
    if (ctx.shadow?.has(target.root)) target = shadowed(target);
    const sp = ctx.scope.fn.selfParam;
    if (!target.attrs.length && (target.root === '<super>' || target.root === 'self' || target.root === sp)) {
      // A method's own object used as a container (`self[k] = v`, `super().__delitem__(k)`,
      // `self.setdefault(k, 0)`, `for x in self` in a dict subclass): an access of whatever
      // container its callers call it on (`self.items.add(k)`, re-rooted there); passing or
      // returning self is not one.
      if (!sp || ctx.scope.fn.classmethod || ctx.scope.fn.staticmethod || !selfContainerOp(op)) return;
      target = { root: sp, attrs: [] };
    }
    const li = this.lines, l = li.lineOf(n.start), el = li.lineOf(n.end);
    const a: DirectAccess = { line: l + 1, column: li.columnOf(n.start, l) + 1, endLine: el + 1, endColumn: li.columnOf(n.end, el) + 1, target, access, op, locks: ctx.locks };
    if (key !== undefined) a.key = key;
    if (value !== undefined) a.value = value;
    if (readWrite) a.readWrite = true;
    if (check) a.check = true;
    if (item) a.item = true;
    if (ctx.region !== undefined && ctx.locks.length) a.region = ctx.region;
    ctx.scope.fn.accesses.push(a);
  }

  // ---- thread starts ----
  private threadStart(n: SyntaxNode, path: ExprPath, args: SyntaxNode[], kwargs: Record<string, SyntaxNode>, ctx: Ctx, inlineExecutor?: 'thread' | 'process'): { lambdaNode?: SyntaxNode; coroutine?: SyntaxNode; inline?: ExprPath; done?: string } | undefined {
    // (a parameter defaulting to a known constructor, `ServerClass=ThreadingTCPServer`: what
    // the callers that leave it out make)
    const dflt = ctx.scope.fn.params.includes(path.root) ? own(ctx.scope.fn.paramDefaults ?? {}, path.root) : undefined;
    const canon = this.canonical(path) ?? (dflt ? this.canonicalText(dflt) : undefined);
    let kind: StartKind | undefined;
    let target: SyntaxNode | undefined;
    let many = false;
    let via = canon ?? path.attrs.join('.');
    let name: string | undefined;
    let targetArgs: SyntaxNode[] | undefined;
    let handler = false;
    let loop: string | undefined;
    let coroutine: SyntaxNode | undefined;
    let maker: ExprPath | undefined;
    let pool: string | undefined, futureOf: string | undefined, doneOf: string | undefined;
    const tupleItems = (t: SyntaxNode | undefined) => t && ['tuple', 'list', 'parenthesized_expression'].includes(t.type) ? namedChildren(t) : undefined;
    // (a hook run in a forked child, `os.register_at_fork(after_in_child=self._afterfork)`,
    // multiprocessing's `util.register_after_fork(self, Queue._after_fork)`: another process)
    if (canon === 'os.register_at_fork' && kwargs.after_in_child) { kind = 'process'; target = kwargs.after_in_child; via = 'register_at_fork'; }
    else if (canon && /(^|\.)util\.register_after_fork$/.test(canon) && args.length === 2) { kind = 'process'; target = args[1]; targetArgs = [args[0]]; via = 'register_after_fork'; }
    else if (canon && THREAD_CONSTRUCTORS.has(canon)) { kind = 'thread'; target = kwargs.target ?? args[1]; targetArgs = tupleItems(kwargs.args ?? args[3]); const nm = kwargs.name ?? args[2]; if (nm?.type === 'string') name = this.t(nm).replace(/^[rbuf]*["']|["']$/g, ''); }
    else if (canon && TIMER_CONSTRUCTORS.has(canon)) { kind = 'timer'; target = kwargs.function ?? args[1]; targetArgs = tupleItems(kwargs.args ?? args[2]); }
    else if (canon && THREADING_SERVERS.has(canon)) { kind = 'thread'; target = kwargs.RequestHandlerClass ?? args[1]; many = true; handler = true; }
    else if (canon && START_NEW_THREAD.has(canon)) { kind = 'thread'; target = args[0]; targetArgs = tupleItems(args[1]); }
    else if (canon && PROCESS_CONSTRUCTORS.has(canon)) { kind = 'process'; target = kwargs.target ?? args[1]; targetArgs = tupleItems(kwargs.args); }
    else if (canon && TO_THREAD.has(canon)) {
      // (the loop's default executor's, as run_in_executor(None, f) is; `await
      // asyncio.to_thread(f)` has f returned when the await does)
      kind = 'executor'; target = args[0] ?? kwargs.func; via = 'to_thread'; targetArgs = args.slice(1);
      futureOf = n.parent?.type === 'await' ? this.inlineFuture(n, ctx) : this.boundName(n, ctx);
    }
    else if ((path.attrs.length ? path.attrs[path.attrs.length - 1] : path.root) === 'Process' && kwargs.target) {
      // `ctx.Process(target=…)`, `self._mp_context.Process(…)`: a multiprocessing context; `.dummy` is threads.
      kind = /dummy/.test(canon ?? this.t(child(n, 'function')!)) ? 'thread' : 'process'; target = kwargs.target; targetArgs = tupleItems(kwargs.args);
      if (kind === 'process' && !canon) maker = this.resolveAlias(ctx, path);
    }
    else if ((path.attrs.length ? path.attrs[path.attrs.length - 1] : path.root) === 'Thread' && kwargs.target) { kind = 'thread'; target = kwargs.target; targetArgs = tupleItems(kwargs.args); }
    else if (path.attrs.length && path.attrs[path.attrs.length - 1] === 'add_done_callback' && this.executorFuture({ root: path.root, attrs: path.attrs.slice(0, -1) }, ctx)) {
      // `fut = pool.submit(work); fut.add_done_callback(cb)`: cb runs on the pool's thread that
      // completes the future (its manager thread for a process pool), one per future
      // (once per future: many only as its registration is, in a loop)
      kind = 'executor'; target = args[0] ?? kwargs.fn; via = 'add_done_callback';
      const fut = child(child(n, 'function')!, 'object');
      // (one future's, not a loop's, whose callbacks are each after their own task only; with
      // the callback's text: two callbacks of one future are not one after the other)
      if (fut && target && !ctx.inLoop && DOTTED_NAME.test(this.t(fut))) doneOf = `${this.joinName(ctx, this.t(fut))}@${this.t(target).replace(/\s+/g, '')}`;
    }
    else if (path.attrs.length && LOOP_SCHEDULERS.has(path.attrs[path.attrs.length - 1]) && !this.executorKind({ root: path.root, attrs: path.attrs.slice(0, -1) })) {
      // `loop.call_soon_threadsafe(cb, x)`: cb runs on the loop's thread (ThreadStart.loop)
      const m = path.attrs[path.attrs.length - 1], at = LOOP_SCHEDULERS.get(m)!;
      kind = 'thread'; target = args[at] ?? kwargs.callback; via = m; targetArgs = args.slice(at + 1);
      loop = this.short(child(child(n, 'function')!, 'object')!);
    }
    else if (canon && RUN_COROUTINE_THREADSAFE.has(canon) && args[0]?.type === 'call' && (args[1] ?? kwargs.loop)) {
      // `asyncio.run_coroutine_threadsafe(self._fetch(u), self.loop)`: the coroutine runs there
      const a = child(args[0], 'arguments');
      kind = 'thread'; target = child(args[0], 'function'); targetArgs = a ? namedChildren(a).filter(x => x.type !== 'keyword_argument' && x.type !== 'comment') : [];
      coroutine = args[0];
      loop = this.short((args[1] ?? kwargs.loop)!);
    }
    else if (path.attrs.length && path.attrs[path.attrs.length - 1] === 'run_in_executor') {
      kind = 'executor'; target = args[1]; via = 'run_in_executor'; targetArgs = args.slice(2);
      // (`await loop.run_in_executor(None, f)`: f has returned when the await does)
      // (or `fut = loop.run_in_executor(…)`, then `await fut`)
      futureOf = n.parent?.type === 'await' ? this.inlineFuture(n, ctx) : this.boundName(n, ctx);
    }
    else if (path.attrs.length && EXECUTOR_METHODS.has(path.attrs[path.attrs.length - 1])) {
      const m = path.attrs[path.attrs.length - 1];
      const recv: ExprPath = { root: path.root, attrs: path.attrs.slice(0, -1) };
      const ex = inlineExecutor ?? this.executorKind(recv);
      if (ex) { kind = ex === 'process' ? 'process' : 'executor'; target = args[0] ?? kwargs.fn ?? kwargs.func; many = EXECUTOR_MANY.has(m); via = `${recv.attrs.length ? recv.attrs[recv.attrs.length - 1] : recv.root}.${m}`; if (!many) targetArgs = args.slice(1); }
      // (a named executor's tasks: joined by leaving its `with`, or its shutdown())
      const fnNode = child(n, 'function'), recvNode = fnNode && child(fnNode, 'object');
      // (a local's or a global's: an attribute's, `self._pool`, is each object's own, which one
      // object's shutdown does not end)
      if (ex === 'thread' && !inlineExecutor && recvNode?.type === 'identifier') pool = this.joinName(ctx, this.t(recvNode)) + EACH_JOINED;
      // (and one submitted task: by its future's result(), `fut = ex.submit(f); fut.result()`,
      // `ex.submit(f).result()`)
      if (ex === 'thread' && m === 'submit') futureOf = this.futureName(n, ctx);
    }
    if (!kind || !target) return undefined;
    const start: ThreadStart = { ...this.span(n), kind, via, inLoop: ctx.inLoop };
    // (what comes before its statement comes before the thread: finishScope, STARTED)
    this.noteStartStatement(ctx, start, n);
    (ctx.scope.startLoops ??= new Map()).set(`${start.line}:${start.column}`, loopOf(n));
    if (name) start.name = name;
    // `self._worker = Thread(…)`: joined as `self._worker.join()`
    const bound = kind === 'thread' || kind === 'timer' ? this.boundName(n, ctx) : futureOf;
    if (bound && !handler) start.boundTo = bound;
    const once = (kind === 'thread' || kind === 'timer') && !handler ? this.startedOnce(n, ctx) : undefined;
    if (kind === 'thread' && !handler && !ctx.inLoop && this.joinedRightAfter(n)) start.joinedNext = true;
    if (once) start.once = once;
    if (pool) start.pool = pool;
    if (doneOf) start.future = doneOf;
    if (many) start.many = true;
    if (handler) start.handler = true;
    if (maker) start.maker = maker;
    if (loop) start.loop = loop;
    let t = target;
    const partial = this.partialGiven(t, ctx);
    if (partial) { t = partial.fn; targetArgs = [...partial.bound, ...(targetArgs ?? [])]; }
    // (`ctx.run` with ctx a contextvars.Context runs its first argument: `loop.run_in_executor(
    // None, ctx.run, func, *args)`, `Thread(target=ctx.run, args=(run,))`)
    if (targetArgs?.length && targetArgs[0].type !== 'list_splat' && this.contextRun(t, ctx)) { t = targetArgs[0]; targetArgs = targetArgs.slice(1); }
    if (targetArgs?.length && targetArgs.every(x => x.type !== 'list_splat' && x.type !== 'dictionary_splat')) {
      start.args = targetArgs.map(x => this.short(x));
      // (`args=(Job(r),)`: made by the start itself, each time; locals: perStartArgs)
      const made = targetArgs.flatMap((x, arg) => { const m = this.isMaking(x); return m ? [{ arg, made: [m] }] : []; });
      if (made.length) start.perStart = made;
    }
    let lambdaNode: SyntaxNode | undefined;
    if (t.type === 'lambda') {
      start.lambda = this.lambdaFunction(t, ctx);
      lambdaNode = target;
    } else {
      // (an object made to be the target, `pool.submit(Task(…))`, `Thread(target=Job())`: its
      // `__call__`, on the object the start made)
      const made = t.type === 'call' ? this.dottedText(child(t, 'function')) : undefined;
      const tp0 = made && classLike(made) ? { root: `<call:${made}>`, attrs: ['__call__'] } : this.pathOf(t);
      if (!tp0) return undefined;
      // (a comprehension's own variable, `[Thread(target=t.run) for t in jobs]`: not the
      // function's `t`)
      const tp = ctx.shadow?.has(tp0.root) ? shadowed(tp0) : tp0;
      // (a name bound to one of several functions: a start of each; of a conditional's, one
      // of them runs, ThreadStart.oneOf)
      const alts = this.choicesOf(ctx, tp);
      if (alts) {
        const oneOf = alts.length > 1 && !tp.attrs.length && !ctx.scope.eachChoice?.has(tp.root);
        for (const a of alts) ctx.scope.fn.starts.push(oneOf ? { ...start, target: a, oneOf } : { ...start, target: a });
        return { lambdaNode, ...(coroutine ? { coroutine } : {}) };
      }
      start.target = this.resolveAlias(ctx, tp);
      // `Thread(target=self.loop.run_forever)`: the thread runs that loop
      const ta = start.target.attrs;
      // `Thread(target=server.serve_forever)` on a plain server: its handler, one request at a time
      const served = kind === 'thread' && !handler && ta.length && SERVE_METHODS.has(ta[ta.length - 1]) ? this.servedBy(ctx, [tp.root, ...tp.attrs.slice(0, -1)].join('.')) : undefined;
      if (served) { const [r, ...a] = served.split('.'); start.target = { root: r, attrs: a }; start.handler = true; start.serving = true; }
      if (kind === 'thread' && !loop && ta.length && LOOP_RUNNERS.has(ta[ta.length - 1])) start.runsLoop = [start.target.root, ...ta.slice(0, -1)].join('.');
    }
    ctx.scope.fn.starts.push(start);
    // (a done-callback added to a future that is already done runs at once, on this thread)
    // (after the task too, where its future is named: DONE)
    const inline = via === 'add_done_callback' && start.target ? { inline: start.target, ...(doneOf ? { done: DONE + doneOf } : {}) } : {};
    return { lambdaNode, ...(coroutine ? { coroutine } : {}), ...inline };
  }

  /** Whether a path is a future an executor's `submit` returned: a local or an attribute of
   *  self bound to it (`fut = self.pool.submit(…)`), or the call itself
   *  (`pool.submit(…).add_done_callback`). */
  private executorFuture(p: ExprPath, ctx: Ctx): boolean {
    const made = (text: string) => {
      const i = text.lastIndexOf('.');
      if (i < 0 || text.slice(i + 1) !== 'submit') return false;
      const r = text.slice(0, i).split('.');
      return !!this.executorKind({ root: r[0], attrs: r.slice(1) });
    };
    if (p.root.startsWith('<call:') && !p.attrs.length) return made(p.root.slice(6, -1));
    // (an attribute of self bound to one, `self._future = self._pool.submit(…)`: its types)
    if (p.attrs.length === 1) {
      const cls = this.selfClass(p.root);
      return !!cls && !!own(cls.attrs, p.attrs[0])?.typeText?.some(made);
    }
    if (p.attrs.length) return false;
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const types = own(this.scopes[i].fn.localTypes, p.root);
      if (types) return types.some(made);
    }
    return false;
  }

  private executorKind(recv: ExprPath): 'thread' | 'process' | undefined {
    if (recv.attrs.length === 0) {
      for (let i = this.scopes.length - 1; i >= 0; i--) {
        const e = own(this.scopes[i].fn.localExecutors, recv.root);
        if (e) return e;
      }
      const g = own(this.out.globals, recv.root)?.executor;
      if (g) return g;
    } else if (recv.attrs.length === 1) {
      const cls = this.selfClass(recv.root);
      const e = cls ? own(cls.attrs, recv.attrs[0])?.executor : undefined;
      if (e) return e;
    }
    // (an item of a container, `self.senders[peer].submit(x)`: its element types say, ITEM_OF)
    if (recv.root.startsWith(ITEM_OF)) return undefined;
    // Not bound where we can see it: trust a name that says executor or pool.
    const last = recv.attrs.length ? recv.attrs[recv.attrs.length - 1] : recv.root;
    if (/process/i.test(last) && /pool|executor/i.test(last)) return 'process';
    if (/executor|(^|_)pool$|threadpool/i.test(last)) return 'thread';
    return undefined;
  }

  /** A lambda given as a thread target becomes a function of its own, so its calls are followed. */
  private lambdaFunction(n: SyntaxNode, ctx: Ctx): string {
    const base = `${ctx.scope.prefix}<lambda>`;
    const count = (this.lambdaCount.get(base) ?? 0) + 1;
    this.lambdaCount.set(base, count);
    this.effects?.push({ key: `l ${base} ${count}`, kind: 'lambda', base, count });
    const qualname = count === 1 ? base : `${base}#${count}`;
    const fn = this.newFunction(qualname, '<lambda>', 'lambda', n, ctx.scope.fn.kind === 'module' ? undefined : ctx.scope.fn.qualname);
    const params = child(n, 'parameters');
    if (params) this.params(params, fn);
    const scope: Scope = { fn, prefix: `${qualname}.<locals>.`, symbols: [], aliases: new Map(ctx.scope.aliases), declaredGlobal: new Set(), locals: new Set(fn.params), firstInner: this.out.functions.length };
    // (and the names bound to one of several, `lambda: record(k)`)
    inheritChoices(scope, ctx.scope);
    this.scopes.push(scope);
    const body = child(n, 'body');
    if (body) this.expr(body, { scope, locks: [], inLoop: false });
    this.finishScope(scope);
    this.scopes.pop();
    return qualname;
  }
}

/** What a method does with its own object that is a container's operation: items, membership,
 *  iteration, whole reads and the container methods (not `str(self)`, passing or returning it). */
const SELF_ITEM_OPS = new Set(['next', 'setitem', 'delitem', 'augassign', 'getitem', 'element-set', 'element-del', 'element-augassign', 'in', 'not in', 'iter',
  'len', 'list', 'sorted', 'dict', 'set', 'tuple', 'frozenset', 'any', 'all', 'sum', 'max', 'min', 'enumerate', 'reversed', 'zip']);
function selfContainerOp(op: string): boolean {
  return SELF_ITEM_OPS.has(op) || op.startsWith('element.') || READ_METHODS.has(op) || WRITE_METHODS.has(op);
}

/** The method an augmented assignment calls on an object that has it (`x += h`: `x.__iadd__(h)`). */
const INPLACE_DUNDERS: Record<string, string> = {
  '+=': '__iadd__', '-=': '__isub__', '*=': '__imul__', '/=': '__itruediv__', '//=': '__ifloordiv__', '%=': '__imod__',
  '|=': '__ior__', '&=': '__iand__', '^=': '__ixor__', '<<=': '__ilshift__', '>>=': '__irshift__', '@=': '__imatmul__', '**=': '__ipow__',
};

const CLAUSES = new Set(['elif_clause', 'else_clause', 'except_clause', 'except_group_clause', 'finally_clause', 'case_clause']);
const STATEMENTS = new Set(['expression_statement', 'if_statement', 'for_statement', 'while_statement', 'try_statement',
  'with_statement', 'function_definition', 'class_definition', 'decorated_definition', 'return_statement',
  'delete_statement', 'raise_statement', 'pass_statement', 'break_statement', 'continue_statement', 'global_statement',
  'nonlocal_statement', 'import_statement', 'import_from_statement', 'assert_statement', 'match_statement', 'block',
  'print_statement', 'exec_statement', 'future_import_statement', 'type_alias_statement']);
/** Arrays grown by push keep room for 16 more elements: for the stdlib's summaries, 20 MB of
 *  empty slots held as long as the index. Replaced by exact copies once, at the end, and empty
 *  arrays and tables by one shared frozen one (a summary is never changed once made; frozen, a
 *  change would throw rather than leak into every summary). */
function compact(s: FileSummary, list: ListFix = exact): void {
  const pool = new ItemPool();
  for (const f of s.functions) { compactFunction(f, false, list); compactItems(f.calls, f.accesses, f.starts, list, pool); }
  for (const c of s.classes) compactClass(c, list);
  s.classes = list(s.classes); s.functions = list(s.functions); s.imports = list(s.imports);
  compactSymbols(s.symbols, list);
}

/** A summary that came through JSON (from a worker or the cache) is exact already, but JSON.parse
 *  makes a new `[]` or `{}` for every empty one: 160,000 arrays and 90,000 tables for the stdlib's
 *  summaries (10 MB), each now the shared frozen one. */
export function shareEmpties(s: FileSummary): FileSummary {
  compact(s, shared);
  return s;
}

type ListFix = <T>(a: T[]) => T[];

function compactPath(p: ExprPath, list: ListFix = exact): void { p.attrs = list(p.attrs); }

/** The function's own lists and tables; with `items`, its calls, accesses and starts too. */
function compactFunction(f: FunctionSummary, items: boolean, list: ListFix = exact): void {
  f.params = list(f.params); f.decorators = list(f.decorators); f.nested = list(f.nested); f.locals = list(f.locals);
  f.calls = list(f.calls); f.accesses = list(f.accesses); f.starts = list(f.starts);
  f.paramTypes = table(f.paramTypes); f.localTypes = table(f.localTypes); f.localContainers = table(f.localContainers); f.localExecutors = table(f.localExecutors);
  if (items) compactItems(f.calls, f.accesses, f.starts, list);
}

function compactItems(calls: CallSite[], accesses: DirectAccess[], starts: ThreadStart[], list: ListFix = exact, pool = new ItemPool()): void {
  for (const c of calls) { c.callee = pool.path(c.callee, list); c.args = pool.texts(c.args, list); c.locks = pool.texts(c.locks, list); c.kwargs = table(c.kwargs); }
  for (const a of accesses) { a.target = pool.path(a.target, list); a.locks = pool.texts(a.locks, list); }
  for (const st of starts) { if (st.target) compactPath(st.target, list); if (st.args) st.args = list(st.args); }
}

/** One object per distinct callee or target path, and per list of texts (held locks, call
 *  arguments), in a file (or, for an open document's summary by statement, in a function): a
 *  file writes `self._lock` and `self.items` many times, and each came as objects of its own
 *  (from JSON, or cut from the tree): 136,000 paths and their attribute lists in the stdlib's
 *  summaries. Never changed once the summary is made, so they can be shared. */
class ItemPool {
  private readonly paths = new Map<string, ExprPath>();
  private readonly textLists = new Map<string, string[]>();
  path(p: ExprPath, list: ListFix): ExprPath {
    const key = p.attrs.length ? `${p.root}\0${p.attrs.join('.')}` : p.root;
    let q = this.paths.get(key);
    if (!q) { compactPath(p, list); this.paths.set(key, (q = p)); }
    return q;
  }
  texts(l: string[], list: ListFix): string[] {
    if (!l.length) return list(l);
    const key = l.length === 1 ? l[0] : `${l.length}\0${l.join('\0')}`;
    let q = this.textLists.get(key);
    if (!q) this.textLists.set(key, (q = list(l)));
    return q;
  }
}

function compactClass(c: ClassSummary, list: ListFix = exact): void {
  c.bases = list(c.bases); for (const b of c.bases) compactPath(b, list); c.methods = list(c.methods); c.decorators = list(c.decorators); c.baseTexts = list(c.baseTexts); c.attrs = table(c.attrs);
}

/** Most symbols are leaves, and none has threads yet: their lists the shared empty one. */
function compactSymbols(syms: SymbolInfo[], list: ListFix): void {
  for (const sym of syms) {
    sym.threads = list(sym.threads);
    if (sym.children.length) compactSymbols(sym.children, list); else sym.children = NONE;
  }
}

const NONE: never[] = Object.freeze([]) as unknown as never[];
const NO_ENTRIES: Record<string, never> = Object.freeze(nameTable<never>());

function exact<T>(a: T[]): T[] { return a.length ? a.slice() : NONE; }
function shared<T>(a: T[]): T[] { return a.length ? a : NONE; }

function table<T>(o: Record<string, T>): Record<string, T> {
  for (const _ in o) return o;
  return NO_ENTRIES;
}

function isStatement(n: SyntaxNode): boolean { return STATEMENTS.has(n.type); }

/** A closure's view of its function's names bound to one of several (Scope.choices), less
 *  those it binds itself (its parameters). */
function inheritChoices(scope: Scope, from: Scope): void {
  if (!from.choices?.size) return;
  const choices = new Map([...from.choices].filter(([k]) => !scope.locals.has(k)));
  if (!choices.size) return;
  scope.choices = choices;
  const each = [...from.eachChoice ?? []].filter(k => choices.has(k));
  if (each.length) scope.eachChoice = new Set(each);
}

function innermostValue(a: SyntaxNode): SyntaxNode | undefined {
  let cur: SyntaxNode | undefined = a;
  while (cur && cur.type === 'assignment') cur = child(cur, 'right');
  return cur;
}

/** Is `n` (possibly inside a tuple target) written by an assignment, augmented assignment or del? */
function assignContext(n: SyntaxNode): { kind: 'assign' | 'augassign' | 'del'; value?: SyntaxNode; op?: string } | undefined {
  let cur = n;
  while (cur.parent && ['pattern_list', 'tuple_pattern', 'list_pattern', 'parenthesized_expression', 'tuple', 'list', 'expression_list'].includes(cur.parent.type)
    && cur.parent.parent && ['assignment', 'delete_statement', 'for_statement', 'pattern_list', 'tuple_pattern', 'expression_list', 'tuple', 'list_pattern'].includes(cur.parent.parent.type)) cur = cur.parent;
  const p = cur.parent;
  if (!p) return undefined;
  if (p.type === 'assignment' && cur.field === 'left') {
    const v = innermostValue(p);
    return { kind: 'assign', value: cur === n ? v : undefined };
  }
  if (p.type === 'augmented_assignment' && cur.field === 'left') {
    return { kind: 'augassign', value: child(p, 'right'), op: p.children.find(c => !c.named)?.type };
  }
  if (p.type === 'delete_statement') return { kind: 'del' };
  if (p.type === 'for_statement' && cur.field === 'left') return { kind: 'assign' };
  return undefined;
}

/** The names an `if`'s branches bind to a path (Scope.aliases), branch by branch: a name one
 *  branch binds to `self._a` and another to `self._b` (or that was `self._a` before an `if`
 *  with no else) is one of them after it. Nested `if`s count as their branch's bindings. A
 *  parameter is itself before: `if handler is None: handler = Default` leaves it what callers
 *  hand, or Default. */
class BranchBindings {
  private readonly before: Map<string, ExprPath>;
  private start?: Map<string, ExprPath>;
  private readonly bound = new Map<string, ExprPath[]>();
  private readonly branchesBinding = new Map<string, number>();
  private count = 0;
  constructor(private readonly aliases: Map<string, ExprPath>, private readonly params: readonly string[]) { this.before = new Map(aliases); }
  enter(): void { this.start = new Map(this.aliases); }
  leave(): void {
    this.count++;
    for (const [name, p] of this.aliases) {
      if (this.start!.get(name) === p) continue;
      const l = this.bound.get(name) ?? [];
      if (!l.some(q => samePath(q, p))) l.push(p);
      this.bound.set(name, l);
      this.branchesBinding.set(name, (this.branchesBinding.get(name) ?? 0) + 1);
    }
  }
  /** The names bound to two paths or more over the branches (and before, unless every branch
   *  binds it and there is an else). */
  merged(hasElse: boolean): [string, ExprPath[]][] {
    const out: [string, ExprPath[]][] = [];
    for (const [name, paths] of this.bound) {
      const all = [...paths];
      const prior = this.before.get(name) ?? (this.params.includes(name) ? { root: name, attrs: NONE } : undefined);
      if (prior && !(hasElse && this.branchesBinding.get(name) === this.count) && !all.some(q => samePath(q, prior))) all.unshift(prior);
      if (all.length > 1 && this.aliases.has(name)) out.push([name, all]);
    }
    return out;
  }
}

function samePath(a: ExprPath, b: ExprPath): boolean {
  return a.root === b.root && a.attrs.length === b.attrs.length && a.attrs.every((x, i) => x === b.attrs[i]);
}

/** The statement a node is in (its ancestor whose parent is a block or the module). */
function statementOf(n: SyntaxNode): SyntaxNode | undefined {
  let s: SyntaxNode = n;
  while (s.parent && s.parent.type !== 'block' && s.parent.type !== 'module') s = s.parent;
  return s.parent ? s : undefined;
}

/** Method names that may end a thread and wait for it (a `join()` kept at their end). */
const STOPPING = /^_*(stop|close|shutdown|join|terminate|finish|wait|kill|quit|halt|end)(_\w*)?$/i;

/** Statements that leave a block for good (what follows it in the block is not reached). */
const EXITS = new Set(['raise_statement', 'return_statement', 'continue_statement', 'break_statement']);

/** `x.acquire()` / `x.release()`: the lock is `x`. */
function lockMethod(obj: string, method: string): { text: string; acquire: boolean } | undefined {
  return method === 'acquire' || method === 'release' ? { text: obj, acquire: method === 'acquire' } : undefined;
}

/** The statement, of its own and outside any loop of the function, where the local `b` is let
 *  go: stored (`self.box = b`, `self.jobs[k] = b`), handed to a call as a statement
 *  (`self._ready.append(b)`, `q.put(b)`) or returned (FunctionSummary.made: its uses before
 *  count as fresh). Not an alias (`c = b`), whose uses are not followed. */
function letGo(id: SyntaxNode): { stmt: SyntaxNode; loop: number } | undefined {
  const p = id.parent!;
  let stmt: SyntaxNode | undefined;
  if (p.type === 'assignment' && id.field === 'right' && p.parent?.type === 'expression_statement') {
    const left = child(p, 'left');
    if (left?.type !== 'attribute' && left?.type !== 'subscript') return undefined;
    stmt = p.parent;
  } else if (p.type === 'return_statement') stmt = p;
  else if (p.type === 'argument_list' && p.parent?.type === 'call' && p.parent.parent?.type === 'expression_statement') stmt = p.parent.parent;
  else {
    // (by keyword too, `add_provider(config_store=store)`; and a call whose result is returned
    // or bound, `return Prepared(headers)`, `req = Prepared(headers)`: let go there)
    const list = p.type === 'keyword_argument' && id.field === 'value' ? p.parent : p;
    const call = list?.type === 'argument_list' ? list.parent : undefined;
    if (call?.type !== 'call') return undefined;
    const up = call.parent?.type === 'assignment' && call.field === 'right' ? call.parent : call;
    if (up.parent?.type === 'expression_statement' || up.parent?.type === 'return_statement') stmt = up.parent;
    else return undefined;
  }
  // (and the loop it is in: loopOf)
  return { stmt, loop: loopOf(stmt) };
}

/** What makes a thread-local object (its attributes each thread's own). */
const THREAD_LOCAL_NAMES = new Set(['threading.local', '_threading_local.local']);

/** A name only compared or tested (`if span is None:`, `not span`): it goes nowhere. */
function testedOnly(id: SyntaxNode): boolean {
  const p = id.parent;
  return !!p && (p.type === 'comparison_operator' || p.type === 'not_operator' || ((p.type === 'if_statement' || p.type === 'while_statement' || p.type === 'elif_clause') && id.field === 'condition'));
}

/** A name passed whole as an argument of a call (`decorate(span, n)`, `f(x=span)`). */
function lentTo(id: SyntaxNode): boolean {
  const p = id.parent;
  const list = p?.type === 'keyword_argument' && id.field === 'value' ? p.parent : p;
  return list?.type === 'argument_list' && list.parent?.type === 'call';
}

/** A dict literal's values, or a list's, tuple's or set's items (comments among them). */
function literalValues(value: SyntaxNode): (SyntaxNode | undefined)[] {
  return value.type === 'dictionary' ? namedChildren(value).filter(c => c.type === 'pair').map(c => child(c, 'value')) : namedChildren(value);
}

/** How a name is used: `use` where it is (`b.m(…)`, `b.x.m(…)`, `b.x[k]`, `b.x = v`), the
 *  object going nowhere; `value` for an attribute of it taken as a value (`f(b.items)`,
 *  `target=b.run`: a bound method takes the object with it); `bare` for the name itself. */
function receiverUse(id: SyntaxNode, text: (n: SyntaxNode) => string): 'use' | 'value' | 'bare' {
  let top = id;
  while (top.parent?.type === 'attribute' && top.field === 'object') top = top.parent;
  const p = top.parent;
  // (iterated over, or read whole by a builtin that keeps nothing of it: `for x in b.items`,
  // `len(b.lines)`, `str(b)`; the elements may go on, the object does not)
  const consumed = !!p && (((p.type === 'for_statement' || p.type === 'for_in_clause') && top.field === 'right')
    || (p.type === 'argument_list' && p.parent?.type === 'call' && (consumingCall(p.parent, text) || (top === id && unkeptBy(p.parent, text)))));
  // (an item of it read or written, `h[k] = v`: the object goes nowhere, its __setitem__ runs)
  // (called, `start_response(status, headers)`: run, not kept)
  if (top === id) return consumed || (p?.type === 'subscript' && id.field === 'value') || (p?.type === 'call' && id.field === 'function') ? 'use' : 'bare';
  if (!p) return 'value';
  return consumed || (p.type === 'call' && top.field === 'function') || (p.type === 'subscript' && top.field === 'value')
    || ((p.type === 'assignment' || p.type === 'augmented_assignment') && top.field === 'left')
    // (tested, the attribute's value going nowhere: `if b.items:`, `b.x is None`)
    || (TESTS.has(p.type) && (top.field === 'condition' || p.type === 'not_operator' || p.type === 'comparison_operator')) ? 'use' : 'value';
}

/** Builtins that read a container whole and keep no reference to it (what they return is new;
 *  not min/max, which may return the container itself, an element of a list of lists). */
const CONSUMING_BUILTINS = new Set(['len', 'list', 'tuple', 'sorted', 'sum', 'any', 'all', 'str', 'repr', 'bool', 'set', 'frozenset', 'dict', 'print']);

/** Builtins handed an object that keep nothing of it (`setattr(self, name, v)` in a
 *  constructor, `isinstance(x, C)`); not getattr, whose result may be a bound method of it. */
const UNKEPT_BUILTINS = new Set(['setattr', 'hasattr', 'delattr', 'isinstance', 'issubclass', 'type', 'id', 'hash', 'callable']);
function unkeptBy(call: SyntaxNode, text: (n: SyntaxNode) => string): boolean {
  const f = child(call, 'function');
  return f?.type === 'identifier' && UNKEPT_BUILTINS.has(text(f));
}

/** A call of a consuming builtin, or a string's join (`", ".join(b.names)`). */
function consumingCall(call: SyntaxNode, text: (n: SyntaxNode) => string): boolean {
  const f = child(call, 'function');
  if (!f) return false;
  if (f.type === 'identifier') return CONSUMING_BUILTINS.has(text(f));
  return f.type === 'attribute' && child(f, 'object')?.type === 'string' && text(child(f, 'attribute') ?? f) === 'join';
}

/** The line of a module's first top-level call (a constructor's too: `srv = Server()` whose
 *  `__init__` starts a thread), after which its code may run beside a thread that call
 *  started. */
function firstCall(fn: FunctionSummary): number {
  let first = Infinity;
  for (const c of fn.calls) if (c.line < first && !c.property && !c.setter && !c.dunder) first = c.line;
  return first;
}

/** Where an attribute's value is only tested. */
const TESTS = new Set(['if_statement', 'elif_clause', 'while_statement', 'not_operator', 'comparison_operator']);

/** A callable's annotation (`Callable[[], str]`, `Optional[Callable[..., None]]`): names no class. */
/** The container type an annotation names (`dict`, `Optional[Dict[str, Job]]`, `deque`). */
function containerAnnotation(text: string): string | undefined {
  const t = text.replace(/["']/g, '').replace(/\b(typing|t|collections|collections\.abc|weakref)\./g, '');
  const m = /^(?:Optional\[|Final\[|ClassVar\[)?([A-Za-z_]\w*)/.exec(t);
  return m ? own(CONTAINER_ANNOTATIONS, m[1]) : undefined;
}

/** Field declarations of attrs and dataclasses, whose factory makes each instance's value. */
const FIELD_DECLARATIONS = new Set(['attr.ib', 'attr.attrib', 'attr.attr', 'attr.field', 'attrs.field', 'dataclasses.field']);

/** The test a call's result is the right side of (`k in d.keys()`, `k not in d.keys()`): its
 *  operator and the key tested. */
function membershipOf(call: SyntaxNode): { op: string; key: SyntaxNode } | undefined {
  let cur = call;
  while (cur.parent?.type === 'parenthesized_expression') cur = cur.parent;
  const p = cur.parent;
  if (p?.type !== 'comparison_operator') return undefined;
  const i = p.children.indexOf(cur);
  const op = p.children[i - 1];
  if (!op || (op.type !== 'in' && op.type !== 'not in')) return undefined;
  const key = p.children.slice(0, i - 1).filter(c => c.named).pop();
  return key ? { op: op.type, key } : undefined;
}

/** A parameter annotated as something other than a callable: what callers hand it is no
 *  function to be called later (`add(self, h: Callable[[int], None])` still takes one). */
function typedOtherThanCallable(fn: FunctionSummary, p: string): boolean {
  const t = own(fn.paramTypes, p);
  return t !== undefined && !CALLABLE_TYPE.test(t);
}

const CALLABLE_TYPE = /(^|[^\w.])(typing\.|t\.|collections\.abc\.)?Callable\b/;

/** A multiprocessing context's semaphore, `ctx.BoundedSemaphore(maxsize)`,
 *  `self._ctx.Semaphore(0)` (queues.py): counted as multiprocessing's is. */
function contextSemaphore(p: ExprPath): string | undefined {
  const last = p.attrs[p.attrs.length - 1];
  return last === 'Semaphore' || last === 'BoundedSemaphore' ? `multiprocessing.${last}` : undefined;
}

/** A path rooted at a name a comprehension or lambda binds: a root no other name resolves to. */
function shadowed(p: ExprPath): ExprPath {
  return { root: `<local:${p.root}>`, attrs: p.attrs };
}

function withShadow(ctx: Ctx, names: string[]): Ctx {
  if (!names.length) return ctx;
  return { ...ctx, shadow: new Set([...(ctx.shadow ?? []), ...names]) };
}

/** The identifiers a target or parameter list binds (`k, (a, b)`, `x, *rest, key=1`). */
function boundNames(n: SyntaxNode, text: string): string[] {
  const out: string[] = [];
  const stack = [n];
  while (stack.length) {
    const x = stack.pop()!;
    // (a default value or an annotation binds nothing)
    if (x.field === 'value' || x.field === 'type' || x.field === 'default') continue;
    if (x.type === 'identifier') out.push(text.slice(x.start, x.end));
    else for (const c of x.children) stack.push(c);
  }
  return out;
}

/** The text of a plain string literal (`'x'`, `"x"`, `r'x'`), undefined for another (an
 *  f-string, a concatenation). */
function stringValue(text: string): string | undefined {
  const m = /^[rRuU]?('''|"""|'|")([\s\S]*)\1$/.exec(text);
  return m && !/[\\{]/.test(m[2]) ? m[2] : undefined;
}

const BRANCHES = new Set(['if_statement', 'elif_clause', 'else_clause', 'try_statement', 'except_clause', 'except_group_clause', 'match_statement', 'case_clause', 'conditional_expression', 'boolean_operator']);

/** Whether a node is under a branch of its loop or function (`if`, `try`, `match`): it may not
 *  run in every round. */
function conditional(n: SyntaxNode): boolean {
  for (let p = n.parent; p; p = p.parent) {
    if (p.type === 'for_statement' || p.type === 'while_statement' || p.type === 'function_definition' || p.type === 'lambda' || p.type === 'class_definition' || p.type === 'module') return false;
    if (BRANCHES.has(p.type)) return true;
  }
  return false;
}

/** What may run only in part, or later: no wait inside it is made for sure (Summarizer.waits). */
const MAYBE_RUN = new Set(['conditional_expression', 'boolean_operator', 'generator_expression', 'lambda', 'function_definition', 'class_definition']);
/** Comprehensions that run at once. */
const COMPREHENSIONS = new Set(['list_comprehension', 'set_comprehension', 'dictionary_comprehension']);

/** The mapping whose value a path root is an item of: `<call:m.setdefault>`, `<item>m`. */
function valuesHolder(root: string): string | undefined {
  const m = /^<call:([A-Za-z_][\w.]*)\.setdefault>$/.exec(root);
  if (m) return m[1];
  return root.startsWith(ITEM_OF) && DOTTED_NAME.test(root.slice(ITEM_OF.length)) ? root.slice(ITEM_OF.length) : undefined;
}

/** The loop a node is in, as the loop's start offset; -1 in none (of its function: a loop
 *  around the function's definition runs the function's body in no round of its own). */
function loopOf(n: SyntaxNode): number {
  for (let p = n.parent; p; p = p.parent) {
    // (a comprehension is a loop too: `[Thread(target=f, args=(shared,)) for _ in r]` hands
    // every thread the one object made before it)
    if (p.type === 'for_statement' || p.type === 'while_statement' || COMPREHENSIONS.has(p.type) || p.type === 'generator_expression') return p.start;
    if (p.type === 'function_definition' || p.type === 'lambda' || p.type === 'class_definition' || p.type === 'module') return -1;
  }
  return -1;
}


/** `Base.__init__(self, …)`, `Base.m(self)`: self handed as the first argument to a method of
 *  one of its class's bases, called on it as `super().m()` would (Program.leaks follows it). */
function baseCall(id: SyntaxNode, bases: ExprPath[] | undefined, text: (n: SyntaxNode) => string): boolean {
  const args = id.parent;
  if (!bases?.length || args?.type !== 'argument_list' || namedChildren(args)[0] !== id) return false;
  const f = args.parent?.type === 'call' ? child(args.parent, 'function') : undefined;
  const obj = f?.type === 'attribute' ? child(f, 'object') : undefined;
  if (!obj) return false;
  const t = text(obj);
  return bases.some(b => [b.root, ...b.attrs].join('.') === t);
}

/** A copy of a name table with one more name (nameTable). */
function withName<T>(t: Record<string, T>, name: string, v: T): Record<string, T> {
  const out = nameTable<T>();
  for (const k in t) out[k] = t[k];
  out[name] = v;
  return out;
}
