// A summary's JSON text, as a worker hands it to the main thread and the cache stores it. Its
// name tables (model.ts, nameTable: a class's attributes, a function's local types, a call's
// keywords …) are written as flat `[name, value, name, value …]` arrays, not objects: JSON.parse
// would give every distinct first name of a table one more transition of V8's root object map,
// which the stdlib's summaries fill, and from then on every object built by adding properties
// (a spread, `{}` then keys) gets a hidden class of its own (about 9 KB and 25 µs each).
import type { FileSummary } from './model';
import { nameTable } from './model';
import { shareEmpties } from './summarize';

/** The empty table of every summary read (shareEmpties would share one anyway). */
const NO_NAMES: Record<string, never> = Object.freeze(nameTable<never>());

/** A name table in the JSON: nameTable makes them, and nothing else has no prototype. */
function isNameTable(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && Object.getPrototypeOf(v) === null;
}

function pairs(t: Record<string, unknown>): unknown[] {
  const out: unknown[] = [];
  for (const k in t) out.push(k, t[k]);
  return out;
}

/** JSON.stringify's replacer for a summary not to be changed: its name tables as pairs. */
function pairsOf(_key: string, v: unknown): unknown {
  return isNameTable(v) ? pairs(v) : v;
}

/** The summary's JSON text, `extra` fields added at the end. `consume`: the summary is not
 *  used after (a worker's): its tables are turned into arrays in place, and JSON.stringify
 *  runs without a replacer, which costs a call for every value (twice the time). */
export function summaryJson(s: FileSummary, extra?: Record<string, string>, consume = false): string {
  if (!consume) return JSON.stringify(extra ? { ...s, ...extra } : s, pairsOf);
  const w = s as unknown as Record<string, unknown>;
  w.globals = pairs(s.globals);
  for (const c of s.classes) (c as unknown as Record<string, unknown>).attrs = pairs(c.attrs);
  for (const f of s.functions) {
    const g = f as unknown as Record<string, unknown>;
    g.paramTypes = pairs(f.paramTypes); g.localTypes = pairs(f.localTypes);
    g.localContainers = pairs(f.localContainers); g.localExecutors = pairs(f.localExecutors);
    if (f.paramDefaults !== undefined) g.paramDefaults = pairs(f.paramDefaults);
    if (f.made !== undefined) g.made = pairs(f.made);
    // (a call's keywords may be one table shared by calls: each call gets its own array)
    for (const c of f.calls) (c as unknown as Record<string, unknown>).kwargs = pairs(c.kwargs);
  }
  return JSON.stringify(extra ? { ...s, ...extra } : s);
}

/** The table a `[name, value …]` array of the JSON stands for; throws on anything else (a
 *  damaged or older cache file is never used). */
function tableOf<T>(pairs: unknown): Record<string, T> {
  if (!Array.isArray(pairs) || pairs.length % 2) throw new Error('not a name table');
  if (!pairs.length) return NO_NAMES as Record<string, T>;
  const t = nameTable<T>();
  for (let i = 0; i < pairs.length; i += 2) {
    const k = pairs[i];
    if (typeof k !== 'string') throw new Error('not a name table');
    t[k] = pairs[i + 1] as T;
  }
  return t;
}

/** A summary from its JSON text (summaryJson), its name tables made again. Throws on text that
 *  is not one: the caller says what it came from. */
export function summaryFromJson(text: string): FileSummary {
  const s = JSON.parse(text) as FileSummary;
  if (!s || typeof s !== 'object' || !Array.isArray(s.functions) || !Array.isArray(s.classes)) throw new Error('not a summary');
  s.globals = tableOf(s.globals);
  for (const c of s.classes) c.attrs = tableOf(c.attrs);
  for (const f of s.functions) {
    f.paramTypes = tableOf(f.paramTypes); f.localTypes = tableOf(f.localTypes);
    f.localContainers = tableOf(f.localContainers); f.localExecutors = tableOf(f.localExecutors);
    if (f.paramDefaults !== undefined) f.paramDefaults = tableOf(f.paramDefaults);
    if (f.made !== undefined) f.made = tableOf(f.made);
    if (!Array.isArray(f.calls)) throw new Error('not a summary');
    for (const c of f.calls) c.kwargs = tableOf(c.kwargs);
  }
  return shareEmpties(s);
}
