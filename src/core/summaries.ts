// Pass 3: helper summaries. A function that reads or writes a container — directly or through
// its callees — makes each of its call sites an access in the caller, with the helper chain in
// `via` and the call's arguments bound to the helper's parameters in key and value.
import { DirectAccess, Span } from './model';
import { CallGraph } from './callgraph';
import { FnInfo, Program } from './program';

export interface EffectiveAccess {
  container: string;
  access: 'read' | 'write';
  op: string;
  key?: string;
  value?: string;
  readWrite?: boolean;
  check?: boolean;
  locks: string[];
  via: string[];
  /** Where it shows in this function: the access itself, or the helper call. */
  site: Span;
  /** The direct access at the end of the chain. */
  origin: { fn: FnInfo; access: DirectAccess };
}

const MAX_VIA = 8;
const MAX_PER_FUNCTION = 4000;
const MAX_SCC_ROUNDS = 6;

export class HelperSummaries {
  readonly direct = new Map<FnInfo, EffectiveAccess[]>();
  readonly effective = new Map<FnInfo, EffectiveAccess[]>();
  /** Set when a limit cut the propagation short, for the log. */
  truncated = 0;

  constructor(private readonly program: Program, private readonly graph: CallGraph) {
    for (const fn of program.fns.values()) this.direct.set(fn, this.resolveDirect(fn));
    for (const comp of graph.sccs()) {
      const cyclic = comp.length > 1 || graph.callees(comp[0]).includes(comp[0]);
      for (let round = 0; round < (cyclic ? MAX_SCC_ROUNDS : 1); round++) {
        let changed = false;
        for (const fn of comp) {
          const before = this.effective.get(fn)?.length ?? -1;
          this.effective.set(fn, this.compute(fn));
          if (this.effective.get(fn)!.length !== before) changed = true;
        }
        if (!changed) break;
      }
    }
  }

  private resolveDirect(fn: FnInfo): EffectiveAccess[] {
    const out: EffectiveAccess[] = [];
    for (const a of fn.s.accesses) {
      const ids = this.program.containersOf(fn, a.target);
      for (const id of ids) {
        const e: EffectiveAccess = {
          container: id, access: a.access, op: a.op, locks: this.program.locksOf(a.locks), via: [],
          site: { line: a.line, column: a.column, endLine: a.endLine, endColumn: a.endColumn }, origin: { fn, access: a },
        };
        if (a.key !== undefined) e.key = a.key;
        if (a.value !== undefined) e.value = a.value;
        if (a.readWrite) e.readWrite = true;
        if (a.check) e.check = true;
        out.push(e);
      }
    }
    return out;
  }

  private compute(fn: FnInfo): EffectiveAccess[] {
    const out = [...this.direct.get(fn)!];
    const seen = new Set(out.map(keyOf));
    for (const call of this.graph.calls.get(fn) ?? []) {
      for (const t of call.targets) {
        const inner = this.effective.get(t.fn);
        if (!inner?.length) continue;
        const binding = bindArguments(t.fn, t.bound, call.site.args, call.site.kwargs);
        const name = t.fn.s.qualname;
        for (const a of inner) {
          if (a.via.length >= MAX_VIA || a.via.includes(name) || t.fn === fn) continue;
          const e: EffectiveAccess = {
            ...a,
            via: [name, ...a.via],
            locks: union(call.locks, a.locks),
            site: { line: call.site.line, column: call.site.column, endLine: call.site.endLine, endColumn: call.site.endColumn },
          };
          if (a.key !== undefined) e.key = substitute(a.key, binding);
          if (a.value !== undefined) e.value = substitute(a.value, binding);
          const k = keyOf(e);
          if (seen.has(k)) continue;
          if (out.length >= MAX_PER_FUNCTION) { this.truncated++; return out; }
          seen.add(k);
          out.push(e);
        }
      }
    }
    return out;
  }
}

function keyOf(e: EffectiveAccess): string {
  return `${e.container}|${e.access}|${e.op}|${e.site.line}:${e.site.column}|${e.key ?? ''}|${e.value ?? ''}|${e.via.join('>')}`;
}

function union(a: string[], b: string[]): string[] {
  if (!a.length) return b;
  if (!b.length) return a;
  return [...new Set([...a, ...b])];
}

/** Parameter name → argument text at this call. */
export function bindArguments(fn: FnInfo, bound: boolean, args: string[], kwargs: Record<string, string>): Map<string, string> {
  const params = bound ? fn.s.params.slice(1) : fn.s.params;
  const m = new Map<string, string>();
  let i = 0;
  for (const p of params) {
    if (p.startsWith('*')) break;
    if (i < args.length && !args[i].startsWith('*')) m.set(p, args[i]);
    i++;
  }
  for (const [k, v] of Object.entries(kwargs)) if (params.includes(k)) m.set(k, v);
  return m;
}

export function substitute(text: string, binding: Map<string, string>): string {
  if (!binding.size) return text;
  return text.replace(/(?<![\w.'"])[A-Za-z_]\w*(?![\w'"])/g, w => binding.get(w) ?? w);
}
