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
import type { AccessReport, FindingAccess, FindingReport, Report } from './report';
import type { ViewTables } from './views';

/** What a run gives besides the report: the limits it hit and its files' warnings, in order. */
export interface ResultsSnapshot {
  report: Report;
  limits: string[];
  warnings: string[];
  /** The language server's: what its views need beyond the report (views.ts). */
  views?: ViewTables;
}

const MAGIC = Buffer.from('TLRESUL2');
const DIGEST = 32;
/** Snapshots kept (one per set of inputs and options); the oldest go past this. */
export const MAX_SNAPSHOTS = 4;
/** Accesses, and findings, per chunk (≈ 140 KB of columns: a step of a paused write stays
 *  under ≈ 30 ms on the stdlib); files per chunk. */
const CHUNK = 2_500;
const FILES_CHUNK = 50;

const isArr = Array.isArray;

/** The containers' accesses and the findings (most of a report) in columns: a string table, a
 *  table of string lists, and a fixed count of numbers per access, per finding and per finding
 *  access. V8's deserializer makes every object and string of a generic payload one by one
 *  (0.3–0.6 s for the stdlib's 168,890 accesses; for the synthetic workspace's 121,653
 *  findings, with the garbage collection it sets off, most of a warm start); these columns are
 *  read back in a fraction of that, each string made once.
 *
 *  The file is a sequence of chunks, each serialized on its own: the head (the report without
 *  files, accesses and findings; their counts), the files, the view tables, then CHUNK accesses
 *  or findings at a time, each with its own string and list tables. Neither the whole payload
 *  (the synthetic workspace's is 95 MB) nor a table of every string is ever in memory: what a
 *  chunk makes dies young, where tables kept over the whole write grew the server's heap by
 *  tens of MB. A writer can pause between chunks (the language server answers requests then). */
interface Head { engine: number; key: string; snapshot: ResultsSnapshot; counts: number[]; findings: number; findingChunks: number }
/** The report's files, and the view tables, follow the head in chunks of their own. */
interface Files { files: ResultsSnapshot['report']['files'] }
interface Views { views: ViewTables }
interface Chunk {
  strings: string[]; lists: number[][];
  /** ACCESS_FIELDS numbers per access; or FINDING_FIELDS per finding (the last: its access
   *  count) and FINDING_ACCESS_FIELDS per finding access. */
  cols?: Int32Array; findings?: Int32Array; findingAccesses?: Int32Array;
}
const ACCESS_FIELDS = 14;
const FINDING_FIELDS = 4;
const FINDING_ACCESS_FIELDS = 9;
const NONE = -1;

/** Numbers for a chunk's strings and string lists, handed out in order. */
class Encoder {
  private readonly stringIds = new Map<string, number>();
  private readonly byArray = new Map<string[], number>();
  private readonly byText = new Map<string, number>();
  private strings: string[] = [];
  private lists: number[][] = [];
  private stringCount = 0;
  private listCount = 0;

  str(x: string): number {
    let i = this.stringIds.get(x);
    if (i === undefined) { this.stringIds.set(x, (i = this.stringCount++)); this.strings.push(x); }
    return i;
  }

  list(l: string[]): number {
    let i = this.byArray.get(l);
    if (i === undefined) {
      const text = l.join('\0') + `\0${l.length}`;
      i = this.byText.get(text);
      if (i === undefined) { this.byText.set(text, (i = this.listCount++)); this.lists.push(l.map(x => this.str(x))); }
      this.byArray.set(l, i);
    }
    return i;
  }

  take(): { strings: string[]; lists: number[][] } {
    const out = { strings: this.strings, lists: this.lists };
    this.strings = [];
    this.lists = [];
    return out;
  }
}

/** The chunks of a snapshot, made one at a time. */
function* chunks(engine: number, key: string, snapshot: ResultsSnapshot): Generator<Head | Files | Views | Chunk> {
  const r = snapshot.report;
  const findings = r.findings;
  const containers = r.containers.map(c => ({ ...c, accesses: [] }));
  const { views, ...rest } = snapshot;
  yield { engine, key, snapshot: { ...rest, report: { ...r, files: [], containers, findings: [] } }, counts: r.containers.map(c => c.accesses.length), findings: findings.length,
    findingChunks: Math.ceil(findings.length / CHUNK) };
  for (let from = 0; from < r.files.length; from += FILES_CHUNK) yield { files: r.files.slice(from, from + FILES_CHUNK) };
  if (views) yield { views };
  // the accesses in container order, CHUNK at a time (container k, its access j)
  for (let k = 0, j = 0; k < r.containers.length;) {
    const part: AccessReport[] = [];
    for (; k < r.containers.length && part.length < CHUNK; j = 0, k++) {
      const list = r.containers[k].accesses;
      while (j < list.length && part.length < CHUNK) part.push(list[j++]);
      if (j < list.length) break;
    }
    if (!part.length) continue;
    const e = new Encoder();
    const cols = new Int32Array(part.length * ACCESS_FIELDS);
    let o = 0;
    for (const a of part) {
      cols[o++] = e.str(a.path); cols[o++] = a.line; cols[o++] = a.column; cols[o++] = a.endLine; cols[o++] = a.endColumn;
      cols[o++] = e.str(a.access); cols[o++] = e.str(a.op); cols[o++] = e.str(a.function);
      cols[o++] = e.list(a.threads); cols[o++] = e.list(a.via); cols[o++] = e.list(a.locks);
      cols[o++] = a.key === undefined ? NONE : e.str(a.key); cols[o++] = a.value === undefined ? NONE : e.str(a.value); cols[o++] = a.readWrite ? 1 : 0;
    }
    yield { ...e.take(), cols };
  }
  for (let from = 0; from < findings.length; from += CHUNK) {
    const part = findings.slice(from, from + CHUNK);
    const e = new Encoder();
    const fcols = new Int32Array(part.length * FINDING_FIELDS);
    const acols = new Int32Array(part.reduce((n, f) => n + f.accesses.length, 0) * FINDING_ACCESS_FIELDS);
    let fo = 0, ao = 0;
    for (const f of part) {
      fcols[fo++] = e.str(f.kind); fcols[fo++] = e.str(f.container); fcols[fo++] = e.str(f.message); fcols[fo++] = f.accesses.length;
      for (const a of f.accesses) {
        acols[ao++] = e.str(a.path); acols[ao++] = a.line; acols[ao++] = a.column; acols[ao++] = e.str(a.access); acols[ao++] = e.str(a.op); acols[ao++] = e.str(a.function);
        acols[ao++] = e.list(a.threads); acols[ao++] = e.list(a.callPath); acols[ao++] = e.list(a.locks);
      }
    }
    yield { ...e.take(), findings: fcols, findingAccesses: acols };
  }
}

/** The accesses and findings back from the chunks after the head, field for field as the engine
 *  makes them (optional fields only when set, keys in the engine's order: the CLI's JSON is the
 *  same text). With `later`, the findings' chunks are read when `report.findings` is first read
 *  (the language server's first answers need the accesses only). */
function decodeChunks(head: Head, parts: unknown[], later?: { chunks: () => unknown[]; onProblem: (m: string) => void }): void {
  const report = head.snapshot.report;
  const containers = report.containers;
  const { counts } = head;
  const bad = () => new Error('malformed columns');
  if (!isArr(containers) || !isArr(counts) || counts.length !== containers.length || typeof head.findings !== 'number') throw bad();
  const strings: string[] = [];
  const lists: string[][] = [];
  const s = (i: number) => { const x = strings[i]; if (typeof x !== 'string') throw bad(); return x; };
  const l = (i: number) => { const x = lists[i]; if (!x) throw bad(); return x; };
  const tables = (c: Chunk) => {
    if (!c || !isArr(c.strings) || !isArr(c.lists)) throw bad();
    strings.length = 0;
    lists.length = 0;
    for (const x of c.strings) strings.push(x);
    for (const x of c.lists) { if (!isArr(x)) throw bad(); lists.push(x.map(s)); }
  };
  const accesses: AccessReport[] = [];
  const findingChunks: Chunk[] = [];
  for (const raw of parts) {
    const f = raw as Files, v = raw as Views;
    if (f && isArr(f.files)) { if (accesses.length || findingChunks.length) throw bad(); for (const x of f.files) report.files.push(x); continue; }
    if (v && v.views) { head.snapshot.views = v.views; continue; }
    const c = raw as Chunk;
    if (!c?.cols) { findingChunks.push(c); continue; }
    tables(c);
    const cols = c.cols;
    if (!(cols instanceof Int32Array) || cols.length % ACCESS_FIELDS || findingChunks.length) throw bad();
    for (let o = 0; o < cols.length; o += ACCESS_FIELDS) {
      const r: AccessReport = {
        path: s(cols[o]), line: cols[o + 1], column: cols[o + 2], endLine: cols[o + 3], endColumn: cols[o + 4],
        access: s(cols[o + 5]) as AccessReport['access'], op: s(cols[o + 6]), function: s(cols[o + 7]), threads: l(cols[o + 8]), via: l(cols[o + 9]), locks: l(cols[o + 10]),
      };
      if (cols[o + 11] !== NONE) r.key = s(cols[o + 11]);
      if (cols[o + 12] !== NONE) r.value = s(cols[o + 12]);
      if (cols[o + 13]) r.readWrite = true;
      accesses.push(r);
    }
  }
  if (accesses.length !== counts.reduce((n, k) => n + k, 0)) throw bad();
  let o = 0;
  containers.forEach((c, k) => { c.accesses = accesses.slice(o, (o += counts[k])); });
  const findingsOf = (chunks: unknown[]): FindingReport[] => {
    const findings: FindingReport[] = [];
    for (const raw of chunks) {
      const c = raw as Chunk;
      tables(c);
      const fcols = c.findings, acols = c.findingAccesses;
      if (!(fcols instanceof Int32Array) || !(acols instanceof Int32Array) || fcols.length % FINDING_FIELDS || acols.length % FINDING_ACCESS_FIELDS) throw bad();
      let ao = 0;
      for (let fo = 0; fo < fcols.length; fo += FINDING_FIELDS) {
        const n = fcols[fo + 3];
        if (n < 0 || ao + n * FINDING_ACCESS_FIELDS > acols.length) throw bad();
        const list: FindingAccess[] = new Array(n);
        for (let q = 0; q < n; q++, ao += FINDING_ACCESS_FIELDS) {
          list[q] = {
            path: s(acols[ao]), line: acols[ao + 1], column: acols[ao + 2], access: s(acols[ao + 3]) as FindingAccess['access'], op: s(acols[ao + 4]), function: s(acols[ao + 5]),
            threads: l(acols[ao + 6]), callPath: l(acols[ao + 7]), locks: l(acols[ao + 8]),
          };
        }
        findings.push({ kind: s(fcols[fo]) as FindingReport['kind'], container: s(fcols[fo + 1]), message: s(fcols[fo + 2]), accesses: list });
      }
      if (ao !== acols.length) throw bad();
    }
    if (findings.length !== head.findings) throw bad();
    return findings;
  };
  if (!later) { report.findings = findingsOf(findingChunks); return; }
  // read once, when first asked for; a digest-checked file that still does not decode (which
  // only a writer's bug could make) gives no findings, said once
  Object.defineProperty(report, 'findings', {
    configurable: true, enumerable: true,
    get() {
      let value: FindingReport[];
      try { value = findingsOf(later.chunks()); } catch (e) { value = []; later.onProblem(`results snapshot: findings unreadable (${(e as Error).message}), none shown until the analysis is done`); }
      Object.defineProperty(report, 'findings', { value, writable: true, enumerable: true, configurable: true });
      return value;
    },
  });
}

/** The report's outline, checked after the digest: a payload of another shape is not used. */
function wellFormed(s: ResultsSnapshot): boolean {
  const r = s?.report;
  // (findings read later are not read here: `get` checks their chunks when they are)
  const later = !!r && !!Object.getOwnPropertyDescriptor(r, 'findings')?.get;
  return !!r && r.version === 1 && typeof r.mainThread === 'string' && isArr(r.files) && isArr(r.threads) && isArr(r.containers) && (later || isArr(r.findings))
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

  /** With `findingsLater`, the findings are decoded when the report's `findings` is first read. */
  get(slot: string, key: string, findingsLater = false): ResultsSnapshot | undefined {
    let buf: Buffer;
    try { buf = fs.readFileSync(this.file(slot)); } catch { this.misses++; return undefined; }
    try {
      if (buf.length < MAGIC.length + DIGEST || !buf.subarray(0, MAGIC.length).equals(MAGIC)) throw new Error('not a snapshot');
      const payload = buf.subarray(MAGIC.length + DIGEST);
      if (!createHash('sha256').update(payload).digest().equals(buf.subarray(MAGIC.length, MAGIC.length + DIGEST))) throw new Error('damaged');
      const pieces: Buffer[] = [];
      for (let o = 0; o < payload.length;) {
        const n = payload.readUInt32LE(o);
        if (o + 4 + n > payload.length) throw new Error('cut short');
        pieces.push(payload.subarray(o + 4, o + 4 + n));
        o += 4 + n;
      }
      const head = v8.deserialize(pieces[0]) as Head;
      if (head?.engine !== ENGINE_VERSION || head.key !== key) { this.misses++; return undefined; } // stale: rewritten by this run
      if (!head.snapshot?.report || !isArr(head.snapshot.report.files) || !Number.isInteger(head.findingChunks) || head.findingChunks < 0 || head.findingChunks >= pieces.length) throw new Error('malformed');
      const split = pieces.length - head.findingChunks;
      const now = pieces.slice(1, findingsLater ? split : pieces.length).map(p => v8.deserialize(p));
      decodeChunks(head, now, findingsLater ? { chunks: () => pieces.slice(split).map(p => v8.deserialize(p)), onProblem: this.onProblem } : undefined);
      if (!wellFormed(head.snapshot)) throw new Error('malformed');
      this.hits++;
      return head.snapshot;
    } catch {
      this.rejected++;
      this.misses++;
      return undefined;
    }
  }

  /** Writes the snapshot (false when it could not be; said once). */
  put(slot: string, key: string, snapshot: ResultsSnapshot): boolean {
    const steps = this.writing(slot, key, snapshot);
    let r = steps.next();
    while (!r.done) r = steps.next();
    return r.value;
  }

  /** `put` a chunk at a time, with `pause` between chunks (the language server answers requests
   *  then). When `valid` turns false meanwhile (the results changed), the write is given up and
   *  nothing is left behind. */
  async putInSteps(slot: string, key: string, snapshot: ResultsSnapshot, pause: () => Promise<void>, valid: () => boolean): Promise<boolean> {
    const steps = this.writing(slot, key, snapshot);
    let r = steps.next();
    while (!r.done) {
      await pause();
      r = steps.next(valid());
    }
    return r.value;
  }

  /** Yields after each chunk; stops (false) when told the results are no longer valid. */
  private *writing(slot: string, key: string, snapshot: ResultsSnapshot): Generator<void, boolean, boolean | undefined> {
    if (!this.writable) return false;
    const f = this.file(slot);
    const tmp = `${f}.${process.pid}.tmp`;
    let fd: number | undefined;
    try {
      fs.mkdirSync(this.dir, { recursive: true });
      fd = fs.openSync(tmp, 'w');
      fs.writeSync(fd, MAGIC);
      fs.writeSync(fd, Buffer.alloc(DIGEST)); // the digest, once every chunk is written
      const hash = createHash('sha256');
      const size = Buffer.alloc(4);
      for (const chunk of chunks(ENGINE_VERSION, key, snapshot)) {
        const bytes = v8.serialize(chunk);
        size.writeUInt32LE(bytes.length);
        hash.update(size).update(bytes);
        fs.writeSync(fd, size);
        fs.writeSync(fd, bytes);
        if ((yield) === false) { fs.closeSync(fd); fd = undefined; fs.rmSync(tmp, { force: true }); return false; }
      }
      fs.writeSync(fd, hash.digest(), 0, DIGEST, MAGIC.length);
      fs.closeSync(fd);
      fd = undefined;
      // write-then-rename: a crash mid-write leaves no half file under the real name
      fs.renameSync(tmp, f);
      this.prune();
      return true;
    } catch (e) {
      this.writable = false;
      try { if (fd !== undefined) fs.closeSync(fd); fs.rmSync(tmp, { force: true }); } catch { /* left behind: prune takes it */ }
      this.onProblem(`results cache at ${this.dir} is not writable (${(e as Error).message}): going on without it`);
      return false;
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
