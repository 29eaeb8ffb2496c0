// Persistent summary cache: one JSON file per (engine version, file identity, content hash).
// A file that does not parse or does not match is treated as absent and rewritten, never
// trusted; a cache folder that cannot be written is given up on, once, with a message.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ENGINE_BUILD, ENGINE_VERSION, FileSummary } from './model';
import { summaryFromJson, summaryJson } from './wire';

const isObj = (x: unknown): x is Record<string, unknown> => !!x && typeof x === 'object' && !Array.isArray(x);
const arr = (x: unknown) => Array.isArray(x);

/** The shape the engine relies on, checked all the way down: a damaged entry is never used. */
function wellFormed(s: FileSummary): boolean {
  if (typeof s.module !== 'string' || typeof s.lines !== 'number' || !arr(s.errors) || !arr(s.warnings) || !arr(s.imports) || !isObj(s.globals) || !arr(s.symbols)) return false;
  if (!arr(s.functions) || !s.functions.every(f => isObj(f) && typeof f.qualname === 'string' && typeof f.name === 'string' && arr(f.params) && arr(f.locals)
    && arr(f.calls) && arr(f.accesses) && arr(f.starts) && arr(f.nested) && arr(f.decorators) && isObj(f.paramTypes) && isObj(f.localTypes)
    && isObj(f.localContainers) && isObj(f.localExecutors)
    && f.calls.every(c => isObj(c) && isObj(c.callee) && arr(c.args) && arr(c.locks)) && f.accesses.every(a => isObj(a) && isObj(a.target) && arr(a.locks)))) return false;
  if (!arr(s.classes) || !s.classes.every(c => isObj(c) && typeof c.qualname === 'string' && arr(c.bases) && arr(c.methods) && isObj(c.attrs))) return false;
  return s.imports.every(i => isObj(i) && typeof i.name === 'string' && typeof i.module === 'string');
}

/** Old engine versions and old file contents pile up; past this the oldest entries go. */
export const DEFAULT_MAX_CACHE_BYTES = 256 * 1024 * 1024;

export class SummaryCache {
  /** False once a write failed (the folder is read-only, or the disk is full). */
  writable = true;
  hits = 0;
  misses = 0;
  rejected = 0;

  constructor(readonly dir: string, private readonly onProblem: (message: string) => void = () => undefined) {}

  /** The size limit is part of the key: a file summarized under another limit may be skeleton only. */
  key(bytes: Uint8Array, path_: string, module: string, isPackage: boolean, maxFileSize: number): string {
    return createHash('sha256').update(`${ENGINE_VERSION}\0${ENGINE_BUILD}\0${path_}\0${module}\0${isPackage}\0${maxFileSize}\0`).update(bytes).digest('hex');
  }

  private file(key: string): string { return path.join(this.dir, key.slice(0, 2), `${key}.json`); }

  get(key: string, path_: string): FileSummary | undefined {
    let text: string;
    try { text = fs.readFileSync(this.file(key), 'utf8'); } catch { this.misses++; return undefined; }
    try {
      const s = summaryFromJson(text) as FileSummary & { cacheKey?: string };
      if (s.engine !== ENGINE_VERSION || s.cacheKey !== key || s.path !== path_ || !wellFormed(s)) throw new Error('stale');
      // a copy without the key, not `delete` (which would leave the summary a slow dictionary)
      const { cacheKey: _, ...summary } = s;
      this.hits++;
      return summary;
    } catch {
      this.rejected++;
      this.misses++;
      return undefined;
    }
  }

  /** Keeps the folder under a size: oldest entries (by last write) go first, and leftover
   *  temporary files of interrupted writes. Returns the number of files removed. */
  prune(maxBytes = DEFAULT_MAX_CACHE_BYTES): number {
    const entries: { f: string; size: number; mtime: number }[] = [];
    let removed = 0;
    let subdirs: string[];
    try { subdirs = fs.readdirSync(this.dir); } catch { return 0; }
    for (const d of subdirs) {
      let names: string[];
      try { names = fs.readdirSync(path.join(this.dir, d)); } catch { continue; }
      for (const n of names) {
        const f = path.join(this.dir, d, n);
        try {
          const st = fs.statSync(f);
          if (n.endsWith('.tmp') && Date.now() - st.mtimeMs > 60_000) { fs.rmSync(f, { force: true }); removed++; continue; }
          if (n.endsWith('.json')) entries.push({ f, size: st.size, mtime: st.mtimeMs });
        } catch { /* gone meanwhile */ }
      }
    }
    let total = entries.reduce((n, e) => n + e.size, 0);
    entries.sort((a, b) => a.mtime - b.mtime);
    for (const e of entries) {
      if (total <= maxBytes) break;
      try { fs.rmSync(e.f, { force: true }); total -= e.size; removed++; } catch { /* read-only: leave it */ }
    }
    return removed;
  }

  /** `json`: the summary's JSON text when there is one already (a worker's result): written
   *  with the key added, not stringified again. */
  put(key: string, s: FileSummary, json?: string): void {
    if (!this.writable) return;
    const f = this.file(key);
    // write-then-rename: a crash mid-write leaves no half file under the real name
    const tmp = `${f}.${process.pid}.tmp`;
    try {
      fs.mkdirSync(path.dirname(f), { recursive: true });
      // (the same text either way: the key last, after the summary's own fields)
      fs.writeFileSync(tmp, json !== undefined && json.endsWith('}') && json.length > 2 ? `${json.slice(0, -1)},"cacheKey":${JSON.stringify(key)}}` : summaryJson(s, { cacheKey: key }));
      fs.renameSync(tmp, f);
    } catch (e) {
      this.writable = false;
      // a full disk leaves the part written: give the space back now (prune gets what a crash leaves)
      try { fs.rmSync(tmp, { force: true }); } catch { /* left to prune */ }
      this.onProblem(`summary cache at ${this.dir} is not writable (${(e as Error).message}): going on without it`);
    }
  }
}
