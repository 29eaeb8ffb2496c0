// Summarizing many files on worker_threads, one per core by default. Falls back to the
// calling thread when the worker script is not there (running from sources).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { FileSummary } from './model';
import type { WorkRequest } from './worker';

export interface Job { abs: string; path: string; module: string; isPackage: boolean; maxFileSize?: number }

export function workerScript(): string | undefined {
  for (let dir = __dirname, i = 0; i < 4; dir = path.dirname(dir), i++) {
    const p = path.join(dir, 'worker.js');
    if (fs.existsSync(p)) return p;
    const d = path.join(dir, 'dist', 'worker.js');
    if (fs.existsSync(d)) return d;
  }
  return undefined;
}

export function defaultJobs(): number {
  return typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
}

/** Jobs sent to a worker before its first result comes back. */
const IN_FLIGHT = 4;

/** Summaries in job order; `onDone` reports progress. A job that fails yields an error string. */
export async function summarizeInWorkers(jobs: Job[], workers: number, onDone?: (done: number) => void): Promise<(FileSummary | string)[]> {
  const script = workerScript();
  if (!script) throw new Error('dist/worker.js not found: run npm run build');
  const n = Math.max(1, Math.min(workers, jobs.length));
  const results: (FileSummary | string)[] = new Array(jobs.length);
  // Largest files first, so no worker is left with a big one at the end while the others idle
  // (results stay in job order).
  const size = (j: Job) => { try { return fs.statSync(j.abs).size; } catch { return 0; } };
  const sizes = jobs.map(size);
  const order = jobs.map((_, i) => i).sort((a, b) => sizes[b] - sizes[a] || a - b);
  let next = 0, done = 0;
  await Promise.all(Array.from({ length: n }, () => new Promise<void>((resolve, reject) => {
    const w = new Worker(script);
    let inFlight = 0;
    const feed = () => {
      if (next >= jobs.length) { if (!inFlight) void w.terminate().then(() => resolve()); return; }
      const id = order[next++];
      inFlight++;
      const req: WorkRequest = { id, ...jobs[id] };
      w.postMessage(req);
    };
    w.on('message', (m: { id: number; json?: string; error?: string }) => {
      inFlight--;
      // the next job first: the worker is not kept waiting while this result is parsed here
      feed();
      results[m.id] = m.json !== undefined ? JSON.parse(m.json) as FileSummary : `cannot read ${jobs[m.id].path}: ${m.error}`;
      onDone?.(++done);
    });
    w.on('error', reject);
    // a few jobs queued per worker, so it never waits for a round trip between two files
    for (let k = 0; k < IN_FLIGHT; k++) feed();
  })));
  return results;
}
