// Findings as LSP diagnostics, kept per file: an analysis that changed a few findings
// republishes only the files they land on. A large workspace has 100,000 findings; converting
// and sending all of them after every keystroke took seconds and tens of MB of JSON.
import { createHash } from 'node:crypto';
import { sep } from 'node:path';
import { Diagnostic, DiagnosticSeverity } from 'vscode-languageserver';
import type { FindingsMark } from '../core/analysis';
import type { ResultsView } from '../core/views';
import type { FindingReport } from '../core/report';
import { range } from './features';
import { pathToUri } from './workspaceIndex';

export interface DiagnosticsOptions {
  severity: 'Error' | 'Warning' | 'Information' | 'Hint';
  /** Workspace folders: messages name files relative to them. */
  roots: string[];
}

const SEVERITY: Record<DiagnosticsOptions['severity'], DiagnosticSeverity> = {
  Error: DiagnosticSeverity.Error, Warning: DiagnosticSeverity.Warning, Information: DiagnosticSeverity.Information, Hint: DiagnosticSeverity.Hint,
};

/** Where a finding shows: a race at both of its accesses, a check-then-act at its check. */
const places = (f: FindingReport) => (f.kind === 'race' ? f.accesses.slice(0, 2) : f.accesses.slice(0, 1));

export class FindingDiagnostics {
  private analysis: ResultsView | undefined;
  private mark: FindingsMark | undefined;
  private optionsKey = '';
  /** The findings showing in each file (by path, as the engine names files). */
  private readonly byPath = new Map<string, Set<FindingReport>>();
  /** A hash of the list last sent per URI; absent when none, or an empty one, was sent. */
  private readonly sent = new Map<string, string>();

  /** The URIs whose diagnostics changed since the last call, with their new lists (an empty
   *  list clears a URI). No analysis, or no options (diagnostics turned off): everything clears. */
  refresh(analysis: ResultsView | undefined, opts: DiagnosticsOptions | undefined): Map<string, Diagnostic[]> {
    const key = opts ? JSON.stringify(opts) : '';
    const changes = analysis && opts && analysis === this.analysis && key === this.optionsKey ? analysis.findingChangesSince?.(this.mark) : undefined;
    const dirty = new Set<string>();
    if (changes) {
      for (const f of changes.removed) for (const p of places(f)) { this.byPath.get(p.path)?.delete(f); dirty.add(p.path); }
      for (const f of changes.added) for (const p of places(f)) this.add(p.path, f, dirty);
    } else {
      // start over: every file shown before is redone (and cleared if nothing lands there now)
      for (const p of this.byPath.keys()) dirty.add(p);
      this.byPath.clear();
      if (analysis && opts) for (const f of analysis.report.findings) for (const p of places(f)) this.add(p.path, f, dirty);
    }
    this.analysis = analysis;
    this.mark = analysis?.findingsMark?.();
    this.optionsKey = key;
    const out = new Map<string, Diagnostic[]>();
    for (const p of dirty) {
      const uri = pathToUri(p);
      const list = opts ? this.diagnosticsOf(p, opts) : [];
      if (!list.length) this.byPath.delete(p);
      // a file whose findings were redone alike (a full recompute) is not sent again
      const hash = list.length ? createHash('sha1').update(JSON.stringify(list)).digest('base64') : undefined;
      if (hash === this.sent.get(uri)) continue;
      if (hash) this.sent.set(uri, hash); else this.sent.delete(uri);
      out.set(uri, list);
    }
    return out;
  }

  private add(path: string, f: FindingReport, dirty: Set<string>): void {
    let s = this.byPath.get(path);
    if (!s) this.byPath.set(path, (s = new Set()));
    s.add(f);
    dirty.add(path);
  }

  /** A file's diagnostics: findings landing on the same place merge into one, with all their
   *  related information. In position order, the same however the findings arrived. */
  private diagnosticsOf(path: string, opts: DiagnosticsOptions): Diagnostic[] {
    const found = [...(this.byPath.get(path) ?? [])].sort(compareFindings);
    const merged = new Map<string, { d: Diagnostic; count: number; related: Set<string> }>();
    const relative = (m: string) => opts.roots.reduce((s, r) => s.split(r.endsWith(sep) ? r : r + sep).join(''), m);
    for (const f of found) {
      for (const at of places(f)) {
        if (at.path !== path) continue;
        const key = `${at.line}|${at.column}|${f.kind}`;
        const d = toDiagnostic(f, at, SEVERITY[opts.severity], relative);
        const prev = merged.get(key);
        if (!prev) { merged.set(key, { d, count: 1, related: new Set(d.relatedInformation!.map(relatedKey)) }); continue; }
        prev.count++;
        for (const r of d.relatedInformation ?? []) {
          const k = relatedKey(r);
          if (!prev.related.has(k)) { prev.related.add(k); prev.d.relatedInformation!.push(r); }
        }
      }
    }
    const out: Diagnostic[] = [];
    for (const { d, count } of merged.values()) {
      if (count > 1) d.message += ` (and ${count - 1} more finding${count > 2 ? 's' : ''} here: see related information)`;
      out.push(d);
    }
    return out.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character || String(a.code).localeCompare(String(b.code)));
  }
}

const relatedKey = (r: NonNullable<Diagnostic['relatedInformation']>[number]) => `${r.location.uri}|${r.location.range.start.line}|${r.message}`;

/** A total order of findings, whatever order they were added in. */
function compareFindings(a: FindingReport, b: FindingReport): number {
  const x = a.accesses[0], y = b.accesses[0];
  return x.line - y.line || x.column - y.column || a.kind.localeCompare(b.kind) || a.message.localeCompare(b.message)
    || JSON.stringify(a.accesses).localeCompare(JSON.stringify(b.accesses));
}

function toDiagnostic(f: FindingReport, at: FindingReport['accesses'][number], severity: DiagnosticSeverity, relative: (m: string) => string): Diagnostic {
  const r = range(at.line, at.column, at.line, at.column + 1);
  return {
    range: r, severity, source: 'threadline', code: f.kind, message: relative(f.message),
    relatedInformation: f.accesses.filter(x => x !== at).map(x => ({
      location: { uri: pathToUri(x.path), range: range(x.line, x.column, x.line, x.column + 1) },
      message: `${x.access} ${x.op} on ${x.threads.join(', ')}: ${x.callPath.join(' → ')}${x.locks.length ? ` holding ${x.locks.join(', ')}` : ''}`,
    })),
  };
}
