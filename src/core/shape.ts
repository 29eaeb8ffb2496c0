// A file's declarations: what the rest of the program can see of it (module, imports, classes
// and their bases/attributes/methods, signatures, module names). Two summaries with the same
// declarations differ only in bodies and positions, so an edit between them can be applied to
// an Analysis in place: resolution, MRO and the container table stay valid.
import { FileSummary, FunctionSummary } from './model';

/** Body fields: what a function does, not what it declares. Resolution of other functions never
 *  reads them (locals and local types are looked up only from the function and its closures,
 *  which are in the same file and re-resolved with it). */
const BODY = new Set<keyof FunctionSummary>(['line', 'endLine', 'column', 'calls', 'accesses', 'starts', 'locals', 'localTypes', 'localExecutors']);

const noPos = (info: { line: number; column: number }) => ({ ...info, line: 0, column: 0 });
const mapValues = <T, U>(r: Record<string, T>, f: (v: T) => U): Record<string, U> => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, f(v)]));

/** Keys of summaries already seen: the server asks before and during an update. */
const keys = new WeakMap<FileSummary, string>();

export function declarationKey(f: FileSummary): string {
  let k = keys.get(f);
  if (k === undefined) keys.set(f, (k = computeKey(f)));
  return k;
}

function computeKey(f: FileSummary): string {
  return JSON.stringify({
    module: f.module, isPackage: f.isPackage, imports: f.imports,
    globals: mapValues(f.globals, noPos),
    classes: f.classes.map(c => ({ ...c, line: 0, endLine: 0, column: 0, attrs: mapValues(c.attrs, noPos) })),
    functions: f.functions.map(fn => {
      const d: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(fn)) if (!BODY.has(k as keyof FunctionSummary)) d[k] = v;
      d.localContainers = mapValues(fn.localContainers, noPos);
      return d;
    }),
  });
}
