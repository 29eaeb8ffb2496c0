// Analyzing folders from disk: discovery, config, summaries, analysis. Used by the CLI and the bench.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Analysis } from './analysis';
import { findConfig, loadConfig, ThreadlineConfig } from './config';
import { DEFAULT_EXCLUDES, discover } from './files';
import { summarizeBytes } from './index';
import { FileSummary } from './model';
import { loadPython } from './parser';
import { SummaryCache } from './cache';
import { defaultJobs, Job, summarizeInWorkers, workerScript } from './pool';

/** Below this many files, starting workers costs more than it saves. */
const PARALLEL_THRESHOLD = 24;

export interface AnalyzePathsOptions {
  configFile?: string;
  mainThread?: string;
  exclude?: string[];
  roots?: string[];
  maxFileSize?: number;
  /** Worker threads for parsing and summarizing (default: one per core). */
  jobs?: number;
  /** Folder of the persistent summary cache. */
  cacheDir?: string;
  onWarning?: (w: string) => void;
  onProgress?: (done: number, total: number) => void;
  /** Report paths relative to this folder. */
  relativeTo?: string;
}

export async function analyzePaths(inputs: string[], opts: AnalyzePathsOptions = {}): Promise<{ analysis: Analysis; report: Analysis['report']; summaries: FileSummary[]; config: ThreadlineConfig }> {
  const dir = inputs.length === 1 && fs.existsSync(inputs[0]) && fs.statSync(inputs[0]).isDirectory() ? inputs[0] : path.dirname(inputs[0] ?? '.');
  const cfgFile = opts.configFile ?? findConfig(dir);
  const config: ThreadlineConfig = cfgFile ? loadConfig(cfgFile) : { mainThread: 'main', threads: {} };
  if (opts.mainThread) config.mainThread = opts.mainThread;
  const { files } = discover(inputs, { exclude: opts.exclude ?? [...DEFAULT_EXCLUDES, ...(config.exclude ?? [])], roots: opts.roots, extraRoots: (config.extraRoots ?? []).map(r => path.resolve(dir, r)), onWarning: opts.onWarning });
  const rel = opts.relativeTo ?? process.cwd();
  const cache = opts.cacheDir ? new SummaryCache(opts.cacheDir, m => opts.onWarning?.(m)) : undefined;
  const slots: (FileSummary | undefined)[] = new Array(files.length);
  const todo: { i: number; job: Job; key?: string }[] = [];
  files.forEach((f, i) => {
    const shown = path.relative(rel, f.abs).split(path.sep).join('/') || f.abs;
    let key: string | undefined;
    if (cache) {
      let bytes: Uint8Array;
      try { bytes = fs.readFileSync(f.abs); } catch (e) { opts.onWarning?.(`cannot read ${shown}: ${(e as Error).message}`); return; }
      key = cache.key(bytes, shown, f.module, f.isPackage);
      const hit = cache.get(key, shown);
      if (hit) { slots[i] = hit; return; }
    }
    todo.push({ i, key, job: { abs: f.abs, path: shown, module: f.module, isPackage: f.isPackage, maxFileSize: opts.maxFileSize } });
  });
  const progress = opts.onProgress;
  const jobs = opts.jobs ?? defaultJobs();
  let done = files.length - todo.length;
  if (jobs > 1 && todo.length >= PARALLEL_THRESHOLD && workerScript()) {
    const results = await summarizeInWorkers(todo.map(t => t.job), jobs, d => progress?.(done + d, files.length));
    results.forEach((r, k) => { if (typeof r === 'string') opts.onWarning?.(r); else slots[todo[k].i] = r; });
  } else {
    const parser = await loadPython();
    for (const t of todo) {
      let bytes: Uint8Array;
      try { bytes = fs.readFileSync(t.job.abs); } catch (e) { opts.onWarning?.(`cannot read ${t.job.path}: ${(e as Error).message}`); continue; }
      slots[t.i] = summarizeBytes(parser, bytes, t.job.path, t.job.module, t.job.isPackage, { maxFileSize: opts.maxFileSize });
      progress?.(++done, files.length);
    }
  }
  const summaries: FileSummary[] = [];
  for (const t of todo) { const s = slots[t.i]; if (s && cache && t.key) cache.put(t.key, s); }
  cache?.prune();
  for (const s of slots) if (s) { summaries.push(s); for (const w of s.warnings) opts.onWarning?.(`${s.path}: ${w}`); }
  const analysis = new Analysis(summaries, { mainThread: config.mainThread, threads: config.threads });
  return { analysis, report: analysis.report, summaries, config };
}
