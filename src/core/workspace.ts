// Analyzing folders from disk: discovery, config, summaries, analysis. Used by the CLI and the bench.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Analysis } from './analysis';
import { findConfig, loadConfig, ThreadlineConfig } from './config';
import { DEFAULT_EXCLUDES, discover } from './files';
import { DEFAULT_MAX_FILE_SIZE } from './index';
import { FileSummary } from './model';
import { SummaryCache } from './cache';
import type { Report } from './report';
import { ResultsCache } from './snapshot';
import { Job, summarizeFiles, threadsFor } from './pool';

export interface AnalyzePathsOptions {
  configFile?: string;
  mainThread?: string;
  exclude?: string[];
  roots?: string[];
  maxFileSize?: number;
  /** Threads for parsing and summarizing, this one included (default: one per core). */
  jobs?: number;
  /** Folder of the persistent summary cache. */
  cacheDir?: string;
  onWarning?: (w: string) => void;
  onProgress?: (done: number, total: number) => void;
  /** Report paths relative to this folder. */
  relativeTo?: string;
}

/** The files of a run, each with its path as shown and (with a cache) its summary key. */
interface Run {
  config: ThreadlineConfig;
  files: { abs: string; module: string; isPackage: boolean }[];
  shown: string[];
  /** Summary keys (undefined: no cache, or the file could not be read). */
  keys: (string | undefined)[];
  /** The bytes each key was made of: a miss is summarized from them, not read again (a file
   *  changed in between would have its new summary cached under the old key). */
  bytes: (Uint8Array | undefined)[];
  cache?: SummaryCache;
}

function startRun(inputs: string[], opts: AnalyzePathsOptions): Run {
  const dir = inputs.length === 1 && fs.existsSync(inputs[0]) && fs.statSync(inputs[0]).isDirectory() ? inputs[0] : path.dirname(inputs[0] ?? '.');
  const cfgFile = opts.configFile ?? findConfig(dir);
  const config: ThreadlineConfig = cfgFile ? loadConfig(cfgFile) : { mainThread: 'main', threads: {} };
  if (opts.mainThread) config.mainThread = opts.mainThread;
  const { files } = discover(inputs, { exclude: opts.exclude ?? [...DEFAULT_EXCLUDES, ...(config.exclude ?? [])], roots: opts.roots, extraRoots: (config.extraRoots ?? []).map(r => path.resolve(dir, r)), onWarning: opts.onWarning });
  const rel = opts.relativeTo ?? process.cwd();
  const cache = opts.cacheDir ? new SummaryCache(opts.cacheDir, m => opts.onWarning?.(m)) : undefined;
  const shown = files.map(f => path.relative(rel, f.abs).split(path.sep).join('/') || f.abs);
  const bytes: (Uint8Array | undefined)[] = new Array(files.length);
  const keys = files.map((f, i) => {
    if (!cache) return undefined;
    try { bytes[i] = fs.readFileSync(f.abs); } catch (e) { opts.onWarning?.(`cannot read ${shown[i]}: ${(e as Error).message}`); return undefined; }
    return cache.key(bytes[i]!, shown[i], f.module, f.isPackage, opts.maxFileSize ?? DEFAULT_MAX_FILE_SIZE);
  });
  return { config, files, shown, keys, bytes, cache };
}

export async function analyzePaths(inputs: string[], opts: AnalyzePathsOptions = {}): Promise<{ analysis: Analysis; report: Analysis['report']; summaries: FileSummary[]; config: ThreadlineConfig; reused: number }> {
  const run = startRun(inputs, opts);
  return { ...(await analyzeRun(run, opts)), config: run.config };
}

/** `reused`: summaries read from the cache. */
async function analyzeRun(run: Run, opts: AnalyzePathsOptions, warnings?: string[]): Promise<{ analysis: Analysis; report: Analysis['report']; summaries: FileSummary[]; reused: number }> {
  const { files, shown, keys, bytes, cache, config } = run;
  const slots: (FileSummary | undefined)[] = new Array(files.length);
  const todo: { i: number; job: Job; key?: string }[] = [];
  let reused = 0;
  files.forEach((f, i) => {
    const key = keys[i];
    if (cache) {
      if (key === undefined) return; // unreadable: said by startRun
      const hit = cache.get(key, shown[i]);
      if (hit) { slots[i] = hit; reused++; return; }
    }
    todo.push({ i, key, job: { abs: f.abs, path: shown[i], module: f.module, isPackage: f.isPackage, maxFileSize: opts.maxFileSize, bytes: bytes[i] } });
  });
  // (the jobs hold the bytes now, until each is summarized: summarizeFiles)
  bytes.fill(undefined);
  const progress = opts.onProgress;
  const done = files.length - todo.length;
  const threads = threadsFor(todo.length, opts.jobs);
  // each result cached as it comes (a worker's in the JSON it came in)
  const onResult = (k: number, r: FileSummary | string, json?: string) => { const key = todo[k].key; if (typeof r !== 'string' && cache && key) cache.put(key, r, json); };
  const results = await summarizeFiles(todo.map(t => t.job), { threads, onDone: d => progress?.(done + d, files.length), onWarning: opts.onWarning, onResult });
  results.forEach((r, k) => { if (typeof r === 'string') opts.onWarning?.(r); else slots[todo[k].i] = r; });
  const summaries: FileSummary[] = [];
  cache?.prune();
  for (const s of slots) if (s) {
    summaries.push(s);
    for (const w of s.warnings) { const line = `${s.path}: ${w}`; warnings?.push(line); opts.onWarning?.(line); }
  }
  const analysis = new Analysis(summaries, analysisOptions(config));
  return { analysis, report: analysis.report, summaries, reused };
}

const analysisOptions = (config: ThreadlineConfig) => ({ mainThread: config.mainThread, threads: config.threads });

/** The report of a run, as the CLI prints it. With a cache, a run over the same files, unchanged,
 *  with the same options, reads the whole report from the cache (snapshot.ts) instead of
 *  summarizing and analyzing: no Analysis is made then. */
export async function reportPaths(inputs: string[], opts: AnalyzePathsOptions = {}): Promise<{ report: Report; limits: string[]; config: ThreadlineConfig; fromCache: boolean }> {
  const run = startRun(inputs, opts);
  const results = opts.cacheDir ? new ResultsCache(path.join(opts.cacheDir, 'results'), m => opts.onWarning?.(m)) : undefined;
  const options = analysisOptions(run.config);
  const slot = JSON.stringify({ inputs: inputs.map(i => path.resolve(i)), relativeTo: path.resolve(opts.relativeTo ?? process.cwd()), roots: opts.roots, exclude: opts.exclude, configFile: opts.configFile, options });
  // every file read (one that cannot be is left out of the analysis, and of no key)
  const key = results && run.keys.every(k => k !== undefined)
    ? ResultsCache.key({ options, maxFileSize: opts.maxFileSize ?? DEFAULT_MAX_FILE_SIZE }, run.keys.map((k, i) => ({ path: run.shown[i], key: k! }))) : undefined;
  const hit = key ? results!.get(slot, key) : undefined;
  if (hit) {
    for (const w of hit.warnings) opts.onWarning?.(w);
    run.cache?.prune(); // what interrupted runs left goes, hit or not
    opts.onProgress?.(run.files.length, run.files.length);
    return { report: hit.report, limits: hit.limits, config: run.config, fromCache: true };
  }
  const warnings: string[] = [];
  const { analysis, report } = await analyzeRun(run, opts, warnings);
  const limits = analysis.limitsHit();
  // (a summary cache that could not be written has said so: the same disk is not tried again)
  if (key && run.cache?.writable) results!.put(slot, key, { report: { ...report, findings: report.findings }, limits, warnings });
  return { report, limits, config: run.config, fromCache: false };
}
