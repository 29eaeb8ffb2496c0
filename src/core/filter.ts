// Narrowing a report to what was asked for (`--dict`, `--writes`, `--thread`).
import type { Report } from './report';

export interface ReportFilter { dict?: string; writesOnly?: boolean; thread?: string }

export function filterReport(r: Report, f: ReportFilter): Report {
  if (!f.dict && !f.writesOnly && !f.thread) return r;
  const re = f.dict ? new RegExp(f.dict) : undefined;
  const containers = r.containers
    .filter(c => !re || re.test(c.attr) || re.test(c.id))
    .map(c => ({ ...c, accesses: c.accesses.filter(a => (!f.writesOnly || a.access === 'write') && (!f.thread || a.threads.includes(f.thread))) }))
    .filter(c => !f.thread && !f.writesOnly ? true : c.accesses.length > 0);
  const ids = new Set(containers.map(c => c.id));
  const findings = r.findings.filter(x => ids.has(x.container) && (!f.thread || x.accesses.some(a => a.threads.includes(f.thread!))));
  return { ...r, containers, findings };
}
