// The server's model of the workspace: a summary per Python file (from disk, or from the open
// document's tree), and the latest Analysis over all of them; before the first analysis of a
// restart, the last session's results when the files are as they were then (core/views.ts).
import * as fs from 'node:fs';
import * as path from 'node:path';
import picomatch from 'picomatch';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Analysis } from '../core/analysis';
import { CONFIG_FILE, parseConfig, ThreadlineConfig } from '../core/config';
import { discover, excludeTest, importRoot, moduleName, posixPath as posix } from '../core/files';
import { summarizeTree } from '../core/index';
import { FileSummary } from '../core/model';
import { PythonParser } from '../core/parser';
import { Job, summarizeJob } from '../core/pool';
import { SummaryCache } from '../core/cache';
import { ResultsCache } from '../core/snapshot';
import { FileAccess, ResultsView, SnapshotView } from '../core/views';
import { OpenDocument } from './documents';

export interface ServerSettings {
  mainThread: string;
  threads: Record<string, string>;
  statusPattern: string;
  diagnosticsEnabled: boolean;
  diagnosticsSeverity: 'Error' | 'Warning' | 'Information' | 'Hint';
  inlayHints: boolean;
  include: string[];
  exclude: string[];
  extraRoots: string[];
  maxFileSize: number;
  maxOpenTrees: number;
  /** Threads for the index's parsing, this one included; 0: one per core. */
  indexThreads: number;
}

export const DEFAULT_SETTINGS: ServerSettings = {
  mainThread: 'main', threads: {}, statusPattern: 'status|state', diagnosticsEnabled: true, diagnosticsSeverity: 'Warning',
  inlayHints: true, include: ['**/*.py'], exclude: ['**/.git/**', '**/.venv/**', '**/venv/**', '**/node_modules/**', '**/__pycache__/**', '**/site-packages/**'],
  extraRoots: [], maxFileSize: 2_000_000, maxOpenTrees: 16, indexThreads: 0,
};

export function settingsFrom(raw: unknown): ServerSettings {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, any>;
  const s = { ...DEFAULT_SETTINGS };
  if (typeof r.mainThread === 'string' && r.mainThread) s.mainThread = r.mainThread;
  if (r.threads && typeof r.threads === 'object') s.threads = Object.fromEntries(Object.entries(r.threads).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  if (typeof r.statusPattern === 'string') s.statusPattern = r.statusPattern;
  const d = r.diagnostics ?? {};
  if (typeof d.enabled === 'boolean') s.diagnosticsEnabled = d.enabled;
  if (['Error', 'Warning', 'Information', 'Hint'].includes(d.severity)) s.diagnosticsSeverity = d.severity;
  if (typeof r.inlayHints?.enabled === 'boolean') s.inlayHints = r.inlayHints.enabled;
  for (const k of ['include', 'exclude', 'extraRoots'] as const) if (Array.isArray(r[k])) s[k] = r[k].filter((x: unknown) => typeof x === 'string');
  if (typeof r.maxFileSize === 'number' && r.maxFileSize > 0) s.maxFileSize = r.maxFileSize;
  if (typeof r.maxOpenTrees === 'number' && r.maxOpenTrees >= 1) s.maxOpenTrees = Math.floor(r.maxOpenTrees);
  if (typeof r.indexThreads === 'number' && r.indexThreads >= 0) s.indexThreads = Math.floor(r.indexThreads);
  return s;
}

export function uriToPath(uri: string): string {
  return uri.startsWith('file:') ? fileURLToPath(uri) : uri;
}
/** URIs of paths already converted: answers name thousands of files (thread starts, accesses,
 *  diagnostics) and pathToFileURL costs microseconds each. */
const uris = new Map<string, string>();
const MAX_REMEMBERED_URIS = 200_000;

export function pathToUri(p: string): string {
  let u = uris.get(p);
  if (u === undefined) {
    u = path.isAbsolute(p) ? pathToFileURL(p).href : p;
    if (uris.size >= MAX_REMEMBERED_URIS) uris.clear();
    uris.set(p, u);
  }
  return u;
}

/** A module name for a buffer with no file (untitled:, or another scheme): one per URI, so two
 *  untitled buffers that both define `class Box` stay two classes. No dots: it is not a package. */
export function bufferModule(uri: string): string {
  return `__${uri.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '')}__`;
}

/** A file of the background index left to summarize (`prepareFromDisk`). */
export interface DiskJob { job: Job; key?: string; stamp: number }

/** Past this many changed files (a branch switch), one full analysis beats updates one by one. */
const MAX_INCREMENTAL_FILES = 32;

export class WorkspaceIndex {
  /** Summaries by absolute path (or by URI for untitled documents). */
  private readonly summaries = new Map<string, FileSummary>();
  /** Documents whose summary came from the editor buffer (newer than the disk). */
  private readonly fromEditor = new Set<string>();
  /** The document version each editor-made summary was made from. */
  private readonly docVersions = new Map<string, number>();
  /** `docVersions` as the latest analysis saw them: answers for other versions would be stale. */
  private analyzedVersions = new Map<string, number>();
  /** Bumped for a path each time its summary is set or dropped (see `acceptFromDisk`). */
  private readonly stamps = new Map<string, number>();
  /** Disk summaries that came from the cache rather than from the file. */
  private readonly fromCache = new Set<string>();
  roots: string[] = [];
  analysis: Analysis | undefined;
  /** Bumped on every re-analysis; the client refetches on change. */
  version = 0;
  config: ThreadlineConfig = { mainThread: 'main', threads: {} };
  configError: string | undefined;

  /** Summaries of unchanged files survive a restart (the extension's global storage folder). */
  private readonly cache: SummaryCache | undefined;
  /** So do the results of the last analysis of the files as they are on disk (`writeResults`). */
  private readonly results: ResultsCache | undefined;
  /** The summary key of each disk file as last read (a results snapshot's key is made of them). */
  private readonly diskKeys = new Map<string, string>();
  /** Open documents' texts, whose summaries are in the index (for their keys). */
  private readonly docTexts = new Map<string, string>();
  /** The last session's results, answering until the first analysis is made, with the key of
   *  each file they were made from: dropped as soon as a file differs from its key. */
  private snapshot: { view: SnapshotView; keys: Map<string, string> } | undefined;
  /** The key of the results last read or written (the same results are not written again). */
  private resultsKey: string | undefined;
  /** Set once the cache could not be written (SummaryCache then stops trying and says so once). */
  private cacheProblem: string | undefined;
  private rejectedReported = 0;

  constructor(private readonly parser: PythonParser, public settings: ServerSettings, private readonly log: (m: string) => void, cacheDir?: string) {
    this.cache = cacheDir ? new SummaryCache(path.join(cacheDir, 'summaries'), m => { this.cacheProblem = m; log(m); }) : undefined;
    this.results = cacheDir ? new ResultsCache(path.join(cacheDir, 'results'), log) : undefined;
  }

  /** What the features read: the analysis, or the last session's results until there is one. */
  get view(): ResultsView | undefined {
    return this.analysis ?? this.snapshot?.view;
  }

  /** A restart (no analysis yet) with a results cache: `serveSnapshot` may find the last session's. */
  get canServeSnapshot(): boolean {
    return !!this.results && !this.analysis;
  }

  /** True while answers come from the last session's results (no analysis yet). */
  get servingSnapshot(): boolean {
    return !this.analysis && !!this.snapshot;
  }

  /** The snapshot no longer matches (a file or a setting changed): requests wait for the analysis. */
  dropSnapshot(why: string): void {
    if (!this.snapshot) return;
    this.snapshot = undefined;
    if (!this.analysis) this.log(`results of the last session set aside (${why}): answers wait for the analysis`);
  }

  /** A file's content differs from the one the snapshot's results were made of. */
  private checkSnapshot(abs: string, key: string | undefined): void {
    if (this.snapshot && (key === undefined || this.snapshot.keys.get(abs) !== key)) this.dropSnapshot(`${path.basename(abs)} changed`);
  }

  /** The summary key of what a path's summary would be made of now: an open document's text, or
   *  the file's bytes (read and hashed; undefined when unreadable, or with no cache). */
  keyNow(abs: string): string | undefined {
    if (!this.cache) return undefined;
    const text = this.docTexts.get(abs);
    if (text !== undefined) return this.keyOf(Buffer.from(text, 'utf8'), abs);
    let bytes: Uint8Array;
    try { bytes = fs.readFileSync(abs); } catch { return undefined; }
    const key = this.keyOf(bytes, abs);
    this.diskKeys.set(abs, key);
    return key;
  }

  private keyOf(bytes: Uint8Array, abs: string): string {
    const m = this.moduleFor(abs);
    return this.cache!.key(bytes, abs, m.module, m.isPackage, this.settings.maxFileSize);
  }

  private analysisOptions(): { mainThread: string; threads: Record<string, string> } {
    const mainThread = this.settings.mainThread !== 'main' ? this.settings.mainThread : this.config.mainThread;
    return { mainThread, threads: { ...this.config.threads, ...this.settings.threads } };
  }

  /** One results file per set of folders and settings (not of contents). */
  private resultsSlot(): string {
    return JSON.stringify({ server: 1, roots: this.roots, extraRoots: this.extraRoots(), include: this.settings.include, exclude: this.excludes() });
  }

  /** Everything the analysis reads: options, and each file's path and summary key, by path. */
  private resultsKeyOf(keys: Map<string, string>): string {
    const files = [...keys].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([p, key]) => ({ path: p, key }));
    return ResultsCache.key({ options: this.analysisOptions(), maxFileSize: this.settings.maxFileSize }, files);
  }

  /** With the keys of every file of the workspace as it is now (`keyNow`): the last session's
   *  results, if they were made of exactly those, answer until the first analysis. */
  serveSnapshot(keys: Map<string, string>): boolean {
    if (!this.results || this.analysis) return false;
    // an open buffer with no file (untitled) would be in the analysis and not in the snapshot
    for (const p of this.fromEditor) if (!keys.has(p)) return false;
    const key = this.resultsKeyOf(keys);
    // (the findings only when the diagnostics are made, after the first answers)
    const hit = this.results.get(this.resultsSlot(), key, true);
    if (!hit) return false;
    try {
      this.snapshot = { view: new SnapshotView(hit), keys };
    } catch (e) {
      this.log(`${(e as Error).message}: not used`);
      return false;
    }
    this.resultsKey = key;
    this.version++;
    return true;
  }

  /** The current analysis's results kept for the next session, when they are of every file as it
   *  is on disk (an open document as saved): a restart hashes the files and, when they match,
   *  answers from these while it redoes the index. Written a chunk at a time, `pause` between
   *  chunks (requests are answered meanwhile); given up when the analysis changes meanwhile.
   *  Not written again when unchanged. Says what it did: the time taken, or why not. */
  async writeResults(pause: () => Promise<void>): Promise<{ ms: number } | 'unchanged' | 'not on disk' | 'busy' | 'given up' | 'failed'> {
    const a = this.analysis;
    // (a cache folder that cannot be written has been said once, by the summary cache)
    if (!this.results || this.cacheProblem || !a || this.pending.size) return 'not on disk';
    if (this.resultsWriting) return 'busy';
    const keys = new Map<string, string>();
    for (const p of this.summaries.keys()) {
      let key: string | undefined;
      if (this.fromEditor.has(p)) {
        const text = this.docTexts.get(p);
        let disk: Buffer;
        try { disk = fs.readFileSync(p); } catch { return 'not on disk'; } // untitled, or gone from disk
        const bytes = Buffer.from(text ?? '', 'utf8');
        if (text === undefined || !bytes.equals(disk)) return 'not on disk'; // unsaved changes
        key = this.keyOf(bytes, p);
      } else key = this.diskKeys.get(p);
      if (!key) return 'not on disk';
      keys.set(p, key);
    }
    const key = this.resultsKeyOf(keys);
    if (key === this.resultsKey) return 'unchanged';
    const t0 = Date.now();
    const version = this.version;
    this.resultsWriting = true;
    try {
      const snapshot = { report: { ...a.report, findings: a.report.findings }, limits: a.limitsHit(), warnings: [], views: a.viewTables() };
      const ok = await this.results.putInSteps(this.resultsSlot(), key, snapshot, pause, () => this.analysis === a && this.version === version);
      if (!ok) return this.analysis === a && this.version === version ? 'failed' : 'given up';
      this.resultsKey = key;
      return { ms: Date.now() - t0 };
    } finally {
      this.resultsWriting = false;
    }
  }
  private resultsWriting = false;

  /** For threadline/serverInfo. */
  cacheInfo(): { dir: string; writable: boolean; hits: number; misses: number; rejected: number } | null {
    const c = this.cache;
    return c ? { dir: c.dir, writable: !this.cacheProblem, hits: c.hits, misses: c.misses, rejected: c.rejected } : null;
  }

  /** One log line when cache entries were found corrupt or stale since the last report (they
   *  are ignored and rewritten), so a damaged cache is said, once per index, not silently redone. */
  reportCacheRejects(): void {
    const c = this.cache;
    if (!c || c.rejected === this.rejectedReported) return;
    const n = c.rejected - this.rejectedReported;
    this.rejectedReported = c.rejected;
    this.log(`summary cache at ${c.dir}: ${n} unreadable or stale entr${n === 1 ? 'y' : 'ies'} ignored and rewritten`);
  }

  setRoots(folders: string[]): void {
    this.roots = folders;
    this.loadConfig();
  }

  loadConfig(): void {
    this.dropSnapshot('threadline.json read again');
    this.configError = undefined;
    this.config = { mainThread: 'main', threads: {} };
    for (const r of this.roots) {
      const p = path.join(r, CONFIG_FILE);
      if (!fs.existsSync(p)) continue;
      try { this.config = parseConfig(fs.readFileSync(p, 'utf8'), p); } catch (e) { this.configError = (e as Error).message; this.log(this.configError); }
      break;
    }
  }


  /** Python files of the workspace, for the background index; or only those under `dir` (a
   *  folder that appeared), unless the folder itself is excluded. */
  discoverFiles(dir?: string): { abs: string; module: string; isPackage: boolean }[] {
    if (!this.roots.length) return [];
    const exclude = this.excludes();
    if (dir) {
      const excluded = excludeTest(exclude);
      if (this.roots.concat(this.extraRoots()).some(r => excluded(dir, r, true))) return [];
    }
    const { files } = discover(dir ? [dir] : [...this.roots, ...this.extraRoots()], { exclude, onWarning: w => this.log(w) });
    const covered = this.coverage();
    return files.filter(f => covered(f.abs));
  }

  private excludes(): string[] {
    return [...this.settings.exclude, ...(this.config.exclude ?? [])];
  }

  /** Whether a path is one the index covers (include/exclude settings and threadline.json), for
   *  file events: the watcher reports every *.py, including those under excluded folders. */
  accepts(abs: string): boolean {
    return this.coverage()(abs);
  }

  /** The include/exclude test, built once per use: discovery applies it to every file. */
  private coverage(): (abs: string) => boolean {
    if (!this.roots.length) return () => false;
    const excluded = excludeTest(this.excludes());
    const included = picomatch(this.settings.include, { dot: true });
    const roots = this.roots.concat(this.extraRoots());
    return abs => roots.some(r => {
      const rel = path.relative(r, abs);
      return !rel.startsWith('..') && !path.isAbsolute(rel) && included(posix(rel)) && !excluded(abs, r);
    });
  }

  /** Paths of the summaries made from an open document. */
  editorPaths(): string[] {
    return [...this.fromEditor];
  }

  /** Paths of the summaries read from disk (not from an open document). */
  diskPaths(): string[] {
    return [...this.summaries.keys()].filter(k => !this.fromEditor.has(k));
  }

  /** Extra import roots from the settings and threadline.json, relative to the first workspace folder. */
  private extraRoots(): string[] {
    if (!this.roots.length) return [];
    return [...this.settings.extraRoots, ...(this.config.extraRoots ?? [])].map(r => path.resolve(this.roots[0], r)).filter(r => fs.existsSync(r));
  }

  /** After an index: keep the cache folder under its size. */
  pruneCache(): void {
    const n = this.cache?.prune() ?? 0;
    if (n) this.log(`summary cache: removed ${n} old entries`);
  }

  private moduleFor(abs: string): { module: string; isPackage: boolean } {
    return moduleName(abs, [...this.roots, ...this.extraRoots()].map(r => importRoot(r)));
  }

  /** A disk file read for the index: its cached summary is taken at once; a miss comes back as
   *  a job for the summarizing pool, whose result goes to `acceptFromDisk`. */
  prepareFromDisk(abs: string, skipCache = false, knownKey?: string): DiskJob | undefined {
    if (this.fromEditor.has(abs)) return undefined;
    const stamp = this.touch(abs);
    this.fromCache.delete(abs);
    // a key `keyNow` just made: a cache hit needs no second read
    const known = knownKey && !skipCache ? this.cache?.get(knownKey, abs) : undefined;
    if (known) {
      this.diskKeys.set(abs, knownKey!);
      this.fromCache.add(abs);
      this.setFromDisk(abs, known);
      return undefined;
    }
    let bytes: Uint8Array;
    try { bytes = fs.readFileSync(abs); } catch (e) { this.log(`cannot read ${abs}: ${(e as Error).message}`); this.drop(abs); return undefined; }
    const m = this.moduleFor(abs);
    const key = this.cache?.key(bytes, abs, m.module, m.isPackage, this.settings.maxFileSize);
    if (key) this.diskKeys.set(abs, key); else this.diskKeys.delete(abs);
    this.checkSnapshot(abs, key);
    const cached = key && !skipCache && key !== knownKey ? this.cache!.get(key, abs) : undefined;
    if (cached) {
      this.fromCache.add(abs);
      this.setFromDisk(abs, cached);
      return undefined;
    }
    // the bytes go with the job: the summary is of what the key was made from
    return { job: { abs, path: abs, module: m.module, isPackage: m.isPackage, maxFileSize: this.settings.maxFileSize, bytes }, key, stamp };
  }

  /** A pool result: dropped when the file changed, went or was opened since it was read. */
  acceptFromDisk(d: DiskJob, s: FileSummary | string, json?: string): void {
    const abs = d.job.abs;
    if (this.stamps.get(abs) !== d.stamp || this.fromEditor.has(abs)) return;
    if (typeof s === 'string') { this.log(s); this.drop(abs); return; }
    if (d.key) this.cache!.put(d.key, s, json);
    this.setFromDisk(abs, s);
  }

  indexFromDisk(abs: string, skipCache = false): void {
    const d = this.prepareFromDisk(abs, skipCache);
    if (d) this.acceptFromDisk(d, summarizeJob(this.parser, d.job));
  }

  private setFromDisk(abs: string, s: FileSummary): void {
    // said whether the summary is fresh or cached, so a restart with a warm cache logs the same
    for (const w of s.warnings) this.log(`${abs}: ${w}`);
    this.summaries.set(abs, s);
    this.pending.add(abs);
  }

  /** The path's summary goes (the next analysis leaves the file out). */
  private drop(abs: string): void {
    this.touch(abs);
    this.diskKeys.delete(abs);
    this.checkSnapshot(abs, undefined);
    this.summaries.delete(abs);
    this.pending.add(abs);
  }

  /** A path's summary is about to change (or go): results of reads made before are stale. */
  private touch(abs: string): number {
    const n = (this.stamps.get(abs) ?? 0) + 1;
    this.stamps.set(abs, n);
    return n;
  }

  indexDocument(d: OpenDocument): void {
    const key = uriToPath(d.uri);
    const m = d.uri.startsWith('file:') ? this.moduleFor(key) : { module: bufferModule(d.uri), isPackage: false };
    const text = d.doc.getText();
    if (!d.tree) { this.log(`${key}: parse timed out`); return; }
    this.touch(key);
    this.docTexts.set(key, text);
    if (this.snapshot) this.checkSnapshot(key, d.uri.startsWith('file:') && this.cache ? this.keyOf(Buffer.from(text, 'utf8'), key) : undefined);
    this.summaries.set(key, summarizeTree(this.parser, d.tree, text, key, m.module, m.isPackage, [], { maxFileSize: this.settings.maxFileSize, mirror: (d.mirror ??= {}), memo: (d.memo ??= {}) }));
    this.pending.add(key);
    this.fromEditor.add(key);
    this.fromCache.delete(key);
    this.docVersions.set(key, d.doc.version);
  }

  /** The analysis threw: if summaries from the cache were in it, one of them may be damaged in a
   *  way the cache's checks let through. Re-summarize those files from disk (rewriting their
   *  entries) and say how many; 0 when none came from the cache. */
  resummarizeCached(): number {
    const list = [...this.fromCache];
    for (const abs of list) this.indexFromDisk(abs, true);
    return list.length;
  }

  /** The version of an open document the latest analysis was made from (undefined: not from an
   *  editor buffer). When it differs from the document's current version, the analysis is stale
   *  for that document (its reparse failed, or the analysis did), and its ranges must not be used. */
  analyzedVersion(uri: string): number | undefined {
    // the last session's results are in use only while every open document matches them
    if (this.servingSnapshot) return this.docVersions.get(uriToPath(uri));
    return this.analyzedVersions.get(uriToPath(uri));
  }

  /** The editor closed it: the disk is the truth again. */
  releaseDocument(uri: string): void {
    const key = uriToPath(uri);
    this.fromEditor.delete(key);
    this.docVersions.delete(key);
    this.docTexts.delete(key);
    if (uri.startsWith('file:') && fs.existsSync(key)) this.indexFromDisk(key); else this.drop(key);
  }

  /** The file is gone from disk. An open document keeps its summary (the editor buffer wins until
   *  it is closed; releaseDocument then finds no file and drops it). */
  remove(abs: string): void {
    if (this.fromEditor.has(abs)) return;
    this.touch(abs);
    this.diskKeys.delete(abs);
    this.checkSnapshot(abs, undefined);
    if (this.summaries.delete(abs)) this.pending.add(abs);
    this.fromCache.delete(abs);
  }

  /** A folder is gone: every disk summary under it goes too (the watcher reports only the folder). */
  removeUnder(dir: string): number {
    let n = 0;
    for (const k of this.diskPaths()) if (k.startsWith(dir + path.sep)) { this.drop(k); this.fromCache.delete(k); n++; }
    return n;
  }

  get fileCount(): number { return this.summaries.size; }

  /** Re-analysis after summaries changed: the changed files applied to the current analysis one
   *  by one (each redoing only what it can affect), or a new analysis when there is none yet,
   *  the options changed, or so many files changed that one full pass is cheaper. */
  analyze(): Analysis {
    const options = this.analysisOptions();
    const optionsKey = JSON.stringify(options);
    const versions = new Map(this.docVersions);
    const t0 = Date.now();
    // Files that would each rebuild everything (new, gone, declarations changed): past one, a
    // single full analysis is cheaper than a rebuild per file.
    const rebuilds = this.analysis ? [...this.pending].filter(p => !this.analysis!.fitsInPlace(p, this.summaries.get(p))).length : 0;
    if (this.analysis && optionsKey === this.optionsKey && this.pending.size <= MAX_INCREMENTAL_FILES && rebuilds <= 1) {
      const modes: string[] = [];
      for (const p of this.pending) modes.push(this.analysis.update(p, this.summaries.get(p)).mode);
      this.lastRun = `${this.pending.size} changed file${this.pending.size === 1 ? '' : 's'} applied (${[...new Set(modes)].join(', ') || 'nothing to do'})`;
    } else {
      this.analysis = new Analysis([...this.summaries.values()], options);
      this.lastRun = `full analysis of ${this.summaries.size} files`;
    }
    this.lastRun += ` in ${Date.now() - t0} ms`;
    // the analysis answers from now on
    this.snapshot = undefined;
    this.pending.clear();
    this.optionsKey = optionsKey;
    this.analyzedVersions = versions;
    this.version++;
    return this.analysis;
  }

  /** Say what the last analyze() did, for the log. */
  lastRun = '';
  /** Paths whose summary changed (or went) since the last analysis. */
  private readonly pending = new Set<string>();
  private optionsKey = '';

  /** A full analysis next time (an analysis failed: do not build on it). */
  dropAnalysis(): void {
    this.analysis = undefined;
  }

  /** Accesses in a file, for hovers and highlights. */
  accessesIn(uri: string): FileAccess[] {
    return this.view?.accessesIn(uriToPath(uri)) ?? [];
  }
}

