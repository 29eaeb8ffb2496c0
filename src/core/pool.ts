// Summarizing many files on threads: the calling thread and `threads - 1` worker_threads take
// files from one queue, so N threads are N summarizers (the caller is not left idle waiting for
// results). Runs on the calling thread alone when the worker script is not there (sources).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { summarizeBytes } from './index';
import { forgetNames } from './names';
import { summaryFromJson } from './wire';
import { FileSummary } from './model';
import { loadPython, PythonParser } from './parser';
import type { WorkRequest } from './worker';

export interface Job {
  abs: string; path: string; module: string; isPackage: boolean; maxFileSize?: number;
  /** The file's bytes, when already read (a cache key made of them): not read again. */
  bytes?: Uint8Array;
}

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

/** Below this many files to summarize, starting workers costs more than it saves. */
const MIN_FILES_FOR_WORKERS = 24;

/** The threads for `count` files: `requested` (0 or absent: one per core), or 1 for few files. */
export function threadsFor(count: number, requested?: number): number {
  return count >= MIN_FILES_FOR_WORKERS ? requested || defaultJobs() : 1;
}

/** Jobs sent to a worker before its first result comes back. */
const IN_FLIGHT = 4;

const failedJob = (job: Job, message: string) => `cannot read ${job.path}: ${message}`;

/** One job on this thread (what a worker does with one: worker.ts). */
export function summarizeJob(parser: PythonParser, job: Job): FileSummary | string {
  try {
    return summarizeBytes(parser, job.bytes ?? fs.readFileSync(job.abs), job.path, job.module, job.isPackage, { maxFileSize: job.maxFileSize });
  } catch (e) {
    return failedJob(job, (e as Error).message);
  }
}

export interface PoolOptions {
  /** Threads in all, the calling one included (default: one per core). */
  threads?: number;
  onDone?: (done: number) => void;
  /** Said when a worker stops before its jobs are done (they are then done on this thread). */
  onWarning?: (message: string) => void;
  /** Each result as it is made (job index), with the JSON text it came in when a worker made it
   *  (a cache can write that instead of stringifying the summary again). */
  onResult?: (index: number, result: FileSummary | string, json?: string) => void;
  /** The workers' script (default: worker.js beside this bundle). */
  script?: string;
}

/** Summaries in job order. A job that fails yields an error string; a worker that dies has its
 *  jobs redone on the calling thread, so no result is lost with it. */
export async function summarizeFiles(jobs: Job[], opts: PoolOptions = {}): Promise<(FileSummary | string)[]> {
  const results: (FileSummary | string)[] = new Array(jobs.length);
  const threads = Math.max(1, Math.min(opts.threads ?? defaultJobs(), jobs.length));
  const script = threads > 1 ? opts.script ?? workerScript() : undefined;
  // Largest files first from the front (workers), smallest from the back (this thread, which
  // also takes the workers' results between two of its own files, so it holds them up least).
  const sizes = jobs.map(j => { try { return fs.statSync(j.abs).size; } catch { return 0; } });
  const order = jobs.map((_, i) => i).sort((a, b) => sizes[b] - sizes[a] || a - b);
  let front = 0, back = order.length, done = 0, live = 0;
  const redo: number[] = [];
  let wake: (() => void) | undefined;
  const finish = (id: number, r: FileSummary | string, json?: string) => {
    results[id] = r;
    // (a file's bytes are let go once it is summarized: the stdlib's 15 MB of source were held
    // through the analysis that follows, by the caller's job list)
    jobs[id].bytes = undefined;
    opts.onResult?.(id, r, json);
    opts.onDone?.(++done);
  };
  for (let k = 0; script && k < threads - 1; k++) {
    const w = new Worker(script);
    const inFlight = new Set<number>();
    let failure = '';
    live++;
    const feed = () => {
      if (front < back) {
        const id = order[front++];
        inFlight.add(id);
        const req: WorkRequest = { id, ...jobs[id] };
        w.postMessage(req);
      } else if (!inFlight.size) void w.terminate();
    };
    w.on('message', (m: { id: number; json?: string; failed?: string }) => {
      inFlight.delete(m.id);
      feed(); // the next job first: the worker is not kept waiting while this result is parsed here
      finish(m.id, m.json !== undefined ? summaryFromJson(m.json) : m.failed ?? failedJob(jobs[m.id], 'no result'), m.json);
    });
    w.on('error', e => { failure = e.message; });
    w.on('exit', code => {
      live--;
      if (inFlight.size) {
        opts.onWarning?.(`a summarizing thread stopped (${failure || `exit code ${code}`}): its ${inFlight.size} file(s) are done on the main thread`);
        redo.push(...inFlight);
        inFlight.clear();
      }
      wake?.();
    });
    // a few jobs queued per worker, so it never waits for a round trip between two files
    for (let q = 0; q < IN_FLIGHT; q++) feed();
  }
  const parser = await loadPython();
  for (;;) {
    const id = redo.length ? redo.pop() : front < back ? order[--back] : undefined;
    if (id !== undefined) {
      finish(id, summarizeJob(parser, jobs[id]));
      // the workers' results and their next jobs wait for this thread, and in the server so do
      // requests: let them through between two files
      await new Promise<void>(r => setImmediate(r));
      continue;
    }
    if (!live) break;
    await new Promise<void>(r => { wake = r; });
    wake = undefined;
  }
  forgetNames();
  return results;
}
