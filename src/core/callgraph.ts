// The resolved call graph: each call site with the functions it may run.
import { CallSite } from './model';
import { CallTarget, ClassInfo, FnInfo, Program } from './program';

export interface ResolvedCall { site: CallSite; targets: CallTarget[]; locks: string[] }

export class CallGraph {
  readonly calls = new Map<FnInfo, ResolvedCall[]>();
  readonly callers = new Map<FnInfo, Set<FnInfo>>();
  /** Constructor call sites per class (Thread subclasses started from a loop run many at once). */
  readonly constructions = new Map<ClassInfo, { fn: FnInfo; site: CallSite }[]>();

  constructor(readonly program: Program) {
    for (const fn of program.fns.values()) {
      const list: ResolvedCall[] = [];
      for (const site of fn.s.calls) {
        const targets = program.callTargets(fn, site);
        if (!site.property) {
          for (const c of program.constructedClasses(fn, site)) {
            let l = this.constructions.get(c);
            if (!l) this.constructions.set(c, (l = []));
            l.push({ fn, site });
          }
        }
        if (!targets.length) continue;
        list.push({ site, targets, locks: program.locksOf(site.locks) });
        for (const t of targets) {
          let s = this.callers.get(t.fn);
          if (!s) this.callers.set(t.fn, (s = new Set()));
          s.add(fn);
        }
      }
      this.calls.set(fn, list);
    }
  }

  callees(fn: FnInfo): FnInfo[] {
    return (this.calls.get(fn) ?? []).flatMap(c => c.targets.map(t => t.fn));
  }

  private components?: FnInfo[][];

  /** Strongly connected components, callees before callers (Tarjan, iterative: no stack overflow
   *  on deep chains); computed once, shared by the helper summaries and the inherited locks. */
  sccs(): readonly FnInfo[][] {
    return (this.components ??= this.tarjan());
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
          out.push(comp);
        }
      }
    }
    return out;
  }
}
