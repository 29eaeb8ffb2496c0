// A file's declarations: what the rest of the program can see of it (module, imports, classes
// and their bases/attributes/methods, signatures, module names). Two summaries with the same
// declarations differ only in bodies and positions, so an edit between them can be applied to
// an Analysis in place: resolution, MRO and the container table stay valid.
import { ClassSummary, FileSummary, FunctionSummary, nameTable } from './model';
import { shiftedClassFrom, shiftedFrom } from './segments';
import { JOINED } from './vocabulary';

/** Body fields: what a function does, not what it declares. Resolution of other functions never
 *  reads them (locals and local types are looked up only from the function and its closures,
 *  which are in the same file and re-resolved with it). */
const BODY = new Set<keyof FunctionSummary>(['line', 'endLine', 'column', 'calls', 'accesses', 'starts', 'locals', 'localTypes', 'localExecutors', 'made', 'selfEscapes', 'selfValues', 'selfLent', 'returns', 'keptParams', 'returnsMade']);

const noPos = (info: { line: number; column: number }) => ({ ...info, line: 0, column: 0 });
const mapValues = <T, U>(r: Record<string, T>, f: (v: T) => U): Record<string, U> => {
  const out = nameTable<U>();
  for (const k in r) out[k] = f(r[k]);
  return out;
};

/** Two lists of names (threads, locks, call paths) alike. */
export function sameStrings(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Whether two summaries of a file declare the same things (module, imports, globals, classes,
 *  function signatures and locals; positions aside): what an in-place update needs. Compared
 *  piece by piece, each piece's key memoized per object: an open document's next summary takes
 *  most of its classes and functions over (segments.ts), so a keystroke keys only what it
 *  walked again, and no key of the whole file (tens of kilobytes) is built per keystroke. */
export function sameDeclarations(a: FileSummary, b: FileSummary): boolean {
  if (a === b) return true;
  if (a.functions.length !== b.functions.length || a.classes.length !== b.classes.length || headKey(a) !== headKey(b)) return false;
  for (let i = 0; i < a.classes.length; i++) if (classKey(a.classes[i]) !== classKey(b.classes[i])) return false;
  for (let i = 0; i < a.functions.length; i++) if (functionKey(a.functions[i]) !== functionKey(b.functions[i])) return false;
  return true;
}

/** The file-level part: module, package, imports, globals (positions aside). */
const headKeys = new WeakMap<FileSummary, string>();
function headKey(f: FileSummary): string {
  let k = headKeys.get(f);
  if (k === undefined) {
    k = `${JSON.stringify(f.module)}|${f.isPackage}|${JSON.stringify(f.imports)}|${JSON.stringify(mapValues(f.globals, noPos))}`;
    headKeys.set(f, k);
  }
  return k;
}

const classKeys = new WeakMap<ClassSummary, string>();
const functionKeys = new WeakMap<FunctionSummary, string>();

function classKey(c: ClassSummary): string {
  let k = classKeys.get(c);
  if (k === undefined) {
    const from = shiftedClassFrom.get(c);
    k = from ? classKey(from) : JSON.stringify({ ...c, line: 0, endLine: 0, column: 0, attrs: mapValues(c.attrs, noPos) });
    classKeys.set(c, k);
  }
  return k;
}

function functionKey(fn: FunctionSummary): string {
  let k = functionKeys.get(fn);
  if (k === undefined) {
    const from = shiftedFrom.get(fn);
    if (from) k = functionKey(from.from);
    else {
      const d: Record<string, unknown> = {};
      for (const [key, v] of Object.entries(fn)) if (!BODY.has(key as keyof FunctionSummary)) d[key] = v;
      d.localContainers = mapValues(fn.localContainers, noPos);
      // (the joins a function waits for itself, `self.raw.close()`, `t.join()`, are its body's:
      // typed in or out, Analysis.update redoes them in place (ownJoins); an `__enter__`'s, which
      // the statements of every `with` on its object hold, stay declared)
      if (fn.acquired && fn.name !== '__enter__') {
        const kept = fn.acquired.filter(t => !t.startsWith(JOINED));
        d.acquired = kept.length ? kept : undefined;
      }
      k = JSON.stringify(d);
    }
    functionKeys.set(fn, k);
  }
  return k;
}

/** How a method calls the method of its name up the MRO: through super() (`'super'`), through a
 *  base class named (`Base.m(self, …)`: `'base'`), or not at all. `Program.overriddenAway` reads
 *  it for the overridden methods' containers and calls: an edit that changes it redoes them. */
export function callsUp(fn: FunctionSummary): 'super' | 'base' | undefined {
  let up: 'base' | undefined;
  for (const c of fn.calls) {
    const last = c.callee.attrs.length ? c.callee.attrs[c.callee.attrs.length - 1] : undefined;
    if (last !== fn.name) continue;
    if (c.callee.root === '<super>' && c.callee.attrs.length === 1) return 'super';
    if (fn.selfParam && c.args[0] === fn.selfParam && c.callee.root !== fn.selfParam && !c.callee.root.startsWith('<')) up = 'base';
  }
  // (or runs it on a thread, `Thread(target=super().eval)`: on this object too)
  if (fn.starts.some(st => st.target?.root === '<super>' && st.target.attrs.length === 1 && st.target.attrs[0] === fn.name)) return 'super';
  return up;
}

/** Same body (and position): between two summaries with the same declarations, such a function
 *  resolves, summarizes and reports exactly as before, unless an enclosing function's body
 *  changed (a closure resolves names through its parents' locals). */
export function sameBody(a: FunctionSummary, b: FunctionSummary): boolean {
  // (a statement the edit did not touch gives the same object again: segments.ts)
  if (a === b) return true;
  for (const k of BODY) if (!sameJson(a[k], b[k])) return false;
  return true;
}

/** The line offset between two bodies that are the same but for where they are (a new line
 *  above moves a function without changing it): every `line` and `endLine` in them differs by
 *  it, and nothing else does. Undefined when they differ otherwise, or not at all. */
export function lineShift(a: FunctionSummary, b: FunctionSummary): number | undefined {
  const known = shiftedFrom.get(b);
  if (known && known.from === a) return known.shift;
  const d = b.line - a.line;
  if (d === 0 || b.endLine - a.endLine !== d) return undefined;
  for (const k of BODY) if (k !== 'line' && k !== 'endLine' && !sameJson(a[k], b[k], d)) return undefined;
  return d;
}

/** Deep equality of plain JSON values (util.isDeepStrictEqual is ten times slower on these). */
function sameJson(a: unknown, b: unknown, shift = 0): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i], shift)) return false;
    return true;
  }
  const x = a as Record<string, unknown>, y = b as Record<string, unknown>;
  // for-in instead of Object.keys: no arrays made for the thousands of small objects compared
  let n = 0;
  for (const k in x) {
    n++;
    if (!Object.prototype.hasOwnProperty.call(y, k)) return false;
    // with a shift: the lines of spans (calls, accesses, starts) moved by it
    if (shift && (k === 'line' || k === 'endLine') && typeof x[k] === 'number') { if ((x[k] as number) + shift !== y[k]) return false; }
    else if (!sameJson(x[k], y[k], shift)) return false;
  }
  for (const _ in y) n--;
  if (n !== 0) return false;
  return true;
}

/** The joins a function waits for itself among what it acquires (FunctionSummary.acquired):
 *  what functionKey leaves out of a function's declarations, but for an `__enter__`. */
export function ownJoins(fn: FunctionSummary): string {
  return fn.acquired?.filter(t => t.startsWith(JOINED)).join('\n') ?? '';
}
