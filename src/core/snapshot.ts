// Persistent results: the whole report of one analysis, kept beside the summary cache. Its key
// is made of everything the analysis reads (engine version, options, every file's summary key
// in order), so a hit is the report a fresh analysis would give, byte for byte; a run over the
// same files that changed any of them misses and rewrites it. Stored with V8's serializer (the
// report's shared arrays stay shared) after a SHA-256 of the payload: a damaged file is seen
// before it is read, and dropped, never trusted.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as v8 from 'node:v8';
import { ENGINE_BUILD, ENGINE_VERSION } from './model';
import type { AccessReport, ContainerReport, FindingAccess, FindingReport, Report } from './report';
import type { ViewTables } from './views';

/** What a run gives besides the report: the limits it hit and its files' warnings, in order. */
export interface ResultsSnapshot {
  report: Report;
  limits: string[];
  warnings: string[];
  /** The language server's: what its views need beyond the report (views.ts). */
  views?: ViewTables;
}

const MAGIC = Buffer.from('TLRESULT');
const DIGEST = 32;
/** Snapshots kept (one per set of inputs and options); the oldest go past this. */
export const MAX_SNAPSHOTS = 4;

const isArr = Array.isArray;

/** The containers' accesses and the findings (most of a report) in columns: one string table,
 *  one table of string lists, and a fixed count of numbers per access, per finding and per
 *  finding access. V8's deserializer makes every object and string of a generic payload one by
 *  one (0.3–0.6 s for the stdlib's 168,890 accesses; for the synthetic workspace's 121,653
 *  findings, with the garbage collection it sets off, most of a warm start); these columns are
 *  read back in a fraction of that, each string made once. */
interface Columns {
  strings: string[]; lists: number[][];
  /** Accesses per container, and ACCESS_FIELDS numbers per access. */
  counts: number[]; cols: Int32Array;
  /** FINDING_FIELDS numbers per finding (the last: its access count), FINDING_ACCESS_FIELDS per finding access. */
  findings: Int32Array; findingAccesses: Int32Array;
}
const ACCESS_FIELDS = 14;
const FINDING_FIELDS = 4;
const FINDING_ACCESS_FIELDS = 9;
const NONE = -1;

function encodeColumns(containers: ContainerReport[], findings: FindingReport[]): Columns {
  const strings: string[] = [], stringIds = new Map<string, number>();
  const str = (x: string) => { let i = stringIds.get(x); if (i === undefined) { stringIds.set(x, (i = strings.length)); strings.push(x); } return i; };
  const lists: number[][] = [], byArray = new Map<string[], number>(), byText = new Map<string, number>();
  const list = (l: string[]) => {
    let i = byArray.get(l);
    if (i === undefined) {
      const text = l.join('\0') + `\0${l.length}`;
      i = byText.get(text);
      if (i === undefined) { byText.set(text, (i = lists.length)); lists.push(l.map(str)); }
      byArray.set(l, i);
    }
    return i;
  };
  const counts = containers.map(c => c.accesses.length);
  const cols = new Int32Array(counts.reduce((n, k) => n + k, 0) * ACCESS_FIELDS);
  let o = 0;
  for (const c of containers) for (const a of c.accesses) {
    cols[o++] = str(a.path); cols[o++] = a.line; cols[o++] = a.column; cols[o++] = a.endLine; cols[o++] = a.endColumn;
    cols[o++] = str(a.access); cols[o++] = str(a.op); cols[o++] = str(a.function);
    cols[o++] = list(a.threads); cols[o++] = list(a.via); cols[o++] = list(a.locks);
    cols[o++] = a.key === undefined ? NONE : str(a.key); cols[o++] = a.value === undefined ? NONE : str(a.value); cols[o++] = a.readWrite ? 1 : 0;
  }
  const fcols = new Int32Array(findings.length * FINDING_FIELDS);
  const acols = new Int32Array(findings.reduce((n, f) => n + f.accesses.length, 0) * FINDING_ACCESS_FIELDS);
  let fo = 0, ao = 0;
  for (const f of findings) {
    fcols[fo++] = str(f.kind); fcols[fo++] = str(f.container); fcols[fo++] = str(f.message); fcols[fo++] = f.accesses.length;
    for (const a of f.accesses) {
      acols[ao++] = str(a.path); acols[ao++] = a.line; acols[ao++] = a.column; acols[ao++] = str(a.access); acols[ao++] = str(a.op); acols[ao++] = str(a.function);
      acols[ao++] = list(a.threads); acols[ao++] = list(a.callPath); acols[ao++] = list(a.locks);
    }
  }
  return { strings, lists, counts, cols, findings: fcols, findingAccesses: acols };
}

/** The accesses and findings back, field for field as the engine makes them (optional fields
 *  only when set, keys in the engine's order: the CLI's JSON is the same text). */
function decodeColumns(report: Report, enc: Columns): void {
  const { strings, counts, cols, findings: fcols, findingAccesses: acols } = enc;
  const containers = report.containers;
  const bad = () => new Error('malformed columns');
  if (!isArr(strings) || !isArr(enc.lists) || !isArr(counts) || !(cols instanceof Int32Array) || counts.length !== containers.length
    || cols.length !== counts.reduce((n, k) => n + k, 0) * ACCESS_FIELDS
    || !(fcols instanceof Int32Array) || !(acols instanceof Int32Array) || fcols.length % FINDING_FIELDS || acols.length % FINDING_ACCESS_FIELDS) throw bad();
  const s = (i: number) => { const x = strings[i]; if (typeof x !== 'string') throw bad(); return x; };
  const lists = enc.lists.map(l => { if (!isArr(l)) throw bad(); return l.map(s); });
  const l = (i: number) => { const x = lists[i]; if (!x) throw bad(); return x; };
  let o = 0;
  containers.forEach((c, k) => {
    const out: AccessReport[] = new Array(counts[k]);
    for (let j = 0; j < out.length; j++, o += ACCESS_FIELDS) {
      const r: AccessReport = {
        path: s(cols[o]), line: cols[o + 1], column: cols[o + 2], endLine: cols[o + 3], endColumn: cols[o + 4],
        access: s(cols[o + 5]) as AccessReport['access'], op: s(cols[o + 6]), function: s(cols[o + 7]), threads: l(cols[o + 8]), via: l(cols[o + 9]), locks: l(cols[o + 10]),
      };
      if (cols[o + 11] !== NONE) r.key = s(cols[o + 11]);
      if (cols[o + 12] !== NONE) r.value = s(cols[o + 12]);
      if (cols[o + 13]) r.readWrite = true;
      out[j] = r;
    }
    c.accesses = out;
  });
  const findings: FindingReport[] = new Array(fcols.length / FINDING_FIELDS);
  let ao = 0;
  for (let j = 0, fo = 0; j < findings.length; j++, fo += FINDING_FIELDS) {
    const n = fcols[fo + 3];
    if (n < 0 || ao + n * FINDING_ACCESS_FIELDS > acols.length) throw bad();
    const accesses: FindingAccess[] = new Array(n);
    for (let q = 0; q < n; q++, ao += FINDING_ACCESS_FIELDS) {
      accesses[q] = {
        path: s(acols[ao]), line: acols[ao + 1], column: acols[ao + 2], access: s(acols[ao + 3]) as FindingAccess['access'], op: s(acols[ao + 4]), function: s(acols[ao + 5]),
        threads: l(acols[ao + 6]), callPath: l(acols[ao + 7]), locks: l(acols[ao + 8]),
      };
    }
    findings[j] = { kind: s(fcols[fo]) as FindingReport['kind'], container: s(fcols[fo + 1]), message: s(fcols[fo + 2]), accesses };
  }
  if (ao !== acols.length) throw bad();
  report.findings = findings;
}

/** The report's outline, checked after the digest: a payload of another shape is not used. */
function wellFormed(s: ResultsSnapshot): boolean {
  const r = s?.report;
  return !!r && r.version === 1 && typeof r.mainThread === 'string' && isArr(r.files) && isArr(r.threads) && isArr(r.containers) && isArr(r.findings)
    && isArr(s.limits) && isArr(s.warnings) && r.containers.every(c => c && typeof c.id === 'string' && isArr(c.accesses))
    && r.files.every(f => f && typeof f.path === 'string' && isArr(f.symbols));
}

export class ResultsCache {
  hits = 0;
  misses = 0;
  rejected = 0;
  private writable = true;

  constructor(readonly dir: string, private readonly onProblem: (message: string) => void = () => undefined) {}

  /** The key of a run: engine, options, and each file's path and summary key, in order. */
  static key(options: unknown, files: { path: string; key: string }[]): string {
    const h = createHash('sha256').update(`${ENGINE_VERSION}\0${ENGINE_BUILD}\0${JSON.stringify(options)}\0`);
    for (const f of files) h.update(`${f.path}\0${f.key}\0`);
    return h.digest('hex');
  }

  /** One file per `slot` (the run's inputs and options, not their contents): a run with
   *  changed files overwrites the snapshot of the one before. */
  private file(slot: string): string {
    return path.join(this.dir, `${createHash('sha256').update(slot).digest('hex').slice(0, 32)}.bin`);
  }

  get(slot: string, key: string): ResultsSnapshot | undefined {
    let buf: Buffer;
    try { buf = fs.readFileSync(this.file(slot)); } catch { this.misses++; return undefined; }
    try {
      if (buf.length < MAGIC.length + DIGEST || !buf.subarray(0, MAGIC.length).equals(MAGIC)) throw new Error('not a snapshot');
      const payload = buf.subarray(MAGIC.length + DIGEST);
      if (!createHash('sha256').update(payload).digest().equals(buf.subarray(MAGIC.length, MAGIC.length + DIGEST))) throw new Error('damaged');
      const stored = v8.deserialize(payload) as { engine: number; key: string; snapshot: ResultsSnapshot; columns: Columns };
      if (stored?.engine !== ENGINE_VERSION || stored.key !== key) { this.misses++; return undefined; } // stale: rewritten by this run
      if (!wellFormed(stored.snapshot)) throw new Error('malformed');
      decodeColumns(stored.snapshot.report, stored.columns);
      this.hits++;
      return stored.snapshot;
    } catch {
      this.rejected++;
      this.misses++;
      return undefined;
    }
  }

  put(slot: string, key: string, snapshot: ResultsSnapshot): void {
    if (!this.writable) return;
    const f = this.file(slot);
    const tmp = `${f}.${process.pid}.tmp`;
    try {
      const r = snapshot.report;
      const containers = r.containers.map(c => ({ ...c, accesses: [] }));
      const payload = v8.serialize({ engine: ENGINE_VERSION, key, snapshot: { ...snapshot, report: { ...r, containers, findings: [] } }, columns: encodeColumns(r.containers, r.findings) });
      fs.mkdirSync(this.dir, { recursive: true });
      const fd = fs.openSync(tmp, 'w');
      try {
        fs.writeSync(fd, MAGIC);
        fs.writeSync(fd, createHash('sha256').update(payload).digest());
        fs.writeSync(fd, payload);
      } finally { fs.closeSync(fd); }
      // write-then-rename: a crash mid-write leaves no half file under the real name
      fs.renameSync(tmp, f);
      this.prune();
    } catch (e) {
      this.writable = false;
      try { fs.rmSync(tmp, { force: true }); } catch { /* left behind: prune takes it */ }
      this.onProblem(`results cache at ${this.dir} is not writable (${(e as Error).message}): going on without it`);
    }
  }

  /** Keeps the newest MAX_SNAPSHOTS snapshots, and clears temporary files of interrupted writes. */
  prune(): void {
    let names: string[];
    try { names = fs.readdirSync(this.dir); } catch { return; }
    const entries: { f: string; mtime: number }[] = [];
    for (const n of names) {
      const f = path.join(this.dir, n);
      try {
        const st = fs.statSync(f);
        if (n.endsWith('.tmp') && Date.now() - st.mtimeMs > 60_000) fs.rmSync(f, { force: true });
        else if (n.endsWith('.bin')) entries.push({ f, mtime: st.mtimeMs });
      } catch { /* gone meanwhile */ }
    }
    entries.sort((a, b) => b.mtime - a.mtime);
    for (const e of entries.slice(MAX_SNAPSHOTS)) { try { fs.rmSync(e.f, { force: true }); } catch { /* read-only: leave it */ } }
  }
}
