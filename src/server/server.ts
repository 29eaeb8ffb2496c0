// The Threadline language server: the only code that knows LSP. It owns the engine, keeps
// open documents in sync with incremental reparses, and indexes the workspace in the background.
import {
  CancellationToken, createConnection, DidChangeWatchedFilesNotification, FileChangeType, InitializeResult, LSPErrorCodes, ProposedFeatures,
  ResponseError, TextDocumentSyncKind, WatchKind,
} from 'vscode-languageserver/node';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadPython, PythonParser } from '../core/parser';
import {
  ContainerAccessesRequest, ContainerAtRequest, ContainersRequest, FileModelRequest, ModelChangedNotification, RefreshRequest, ServerInfoRequest, PServerInfo,
  StatusNotification,
} from '../protocol/requests';
import { FindingDiagnostics } from './diagnostics';
import { OpenDocuments } from './documents';
import { accessesAt, fileModel, highlights, hover, inlayHints, threadsOf, toPAccess, toPContainer } from './features';
import { summarizeFiles, threadsFor } from '../core/pool';
import { DEFAULT_SETTINGS, DiskJob, pathToUri, settingsFrom, uriToPath, WorkspaceIndex } from './workspaceIndex';
import { limitHeapGrowth } from './memory';

const connection = createConnection(ProposedFeatures.all);
const log = (m: string) => connection.console.log(m);
const ANALYZE_DEBOUNCE_MS = 120;
const PROGRESS_WAIT_MS = 5000;
const RESULTS_WRITE_IDLE_MS = 2000;
const DIAGNOSTICS_AFTER_ANSWERS_MS = 20;
const SERVER_VERSION = '0.1.0';
const startedAt = Date.now();

let parser: PythonParser;
let index: WorkspaceIndex;
let docs: OpenDocuments;
let indexing = false;
let ready: Promise<void> = Promise.resolve();
/** Resolves once a restart has decided whether the last session's results answer (`ready` then
 *  only for requests they cannot answer). */
let checked: Promise<void> = Promise.resolve();
let analyzeTimer: NodeJS.Timeout | undefined;
let resultsTimer: NodeJS.Timeout | undefined;
const published = new FindingDiagnostics();
let folders: string[] = [];

connection.onInitialize(async params => {
  parser = await loadPython();
  const opts = (params.initializationOptions ?? {}) as { settings?: unknown; cacheDir?: string };
  index = new WorkspaceIndex(parser, settingsFrom(opts.settings ?? DEFAULT_SETTINGS), log, typeof opts.cacheDir === 'string' ? opts.cacheDir : undefined);
  docs = new OpenDocuments(parser, index.settings.maxOpenTrees);
  folders = (params.workspaceFolders ?? []).map(f => uriToPath(f.uri));
  if (!folders.length && params.rootUri) folders = [uriToPath(params.rootUri)];
  index.setRoots(folders);
  const result: InitializeResult = {
    capabilities: {
      textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
      hoverProvider: true,
      documentHighlightProvider: true,
      inlayHintProvider: true,
      workspace: { workspaceFolders: { supported: true } },
    },
    serverInfo: { name: 'threadline', version: SERVER_VERSION },
  };
  return result;
});

connection.onInitialized(() => {
  void connection.client.register(DidChangeWatchedFilesNotification.type, {
    watchers: [
      { globPattern: '**/*.py' },
      { globPattern: '**/threadline.json' },
      // a folder deleted, created or renamed is reported as one event for the folder, which
      // `**/*.py` does not match: without this its files would stay in (or never enter) the index
      { globPattern: '**/*', kind: WatchKind.Create | WatchKind.Delete },
    ],
  }).catch(() => undefined);
  ready = indexWorkspace();
});

function status(state: 'indexing' | 'ready' | 'error', files: number, total: number, message?: string): void {
  void connection.sendNotification(StatusNotification, { state, files, total, message, ...(state === 'indexing' && index.servingSnapshot ? { cached: true } : {}) });
}

/** Background index with work-done progress; yields between files so requests keep flowing. */
async function indexWorkspace(): Promise<void> {
  indexing = true;
  const t0 = Date.now();
  const files = index.discoverFiles();
  limitHeapGrowth(files.length);
  // a file gone from disk since the last index (deleted with no event reaching us) leaves it too
  const onDisk = new Set(files.map(f => f.abs));
  for (const p of index.diskPaths()) if (!onDisk.has(p)) index.remove(p);
  // A restart: when every file is as the last session's results were made of, they answer at
  // once (the files are hashed, the results read), and the index below runs behind them.
  const keys = new Map<string, string>();
  if (index.canServeSnapshot) {
    let done!: () => void;
    checked = new Promise(r => (done = r));
    try {
      // the editor's didOpen of the documents it restored come right after `initialized`: they
      // are taken first, so their texts (and open files outside the workspace) are in the key
      await new Promise(r => setImmediate(r));
      for (let i = 0; i < files.length; i++) {
        const key = index.keyNow(files[i].abs);
        if (key) keys.set(files[i].abs, key);
        if (i % 32 === 31) await new Promise(r => setImmediate(r));
      }
      const readable = keys.size === files.length;
      // open documents outside the workspace's files are in the analysis too
      for (const p of index.editorPaths()) if (!keys.has(p)) { const key = index.keyNow(p); if (key) keys.set(p, key); }
      if (readable && index.serveSnapshot(keys)) {
        log(`answering from the results of the last session (${files.length} files unchanged, checked in ${Date.now() - t0} ms) while the index is rebuilt`);
        status('indexing', 0, files.length);
        void connection.sendNotification(ModelChangedNotification, { version: index.version });
      }
    } finally { done(); }
    // The requests that waited for this go first, and their answers out: the connection writes
    // them from a setImmediate of its own (a timer alone can fire before it, the diagnostics of
    // thousands of files then holding the answers back a second).
    for (let k = 0; k < 2; k++) await new Promise(r => setImmediate(r));
    await new Promise(r => setTimeout(r, DIAGNOSTICS_AFTER_ANSWERS_MS));
    if (index.servingSnapshot) publishDiagnostics();
  }
  // A client that never answers must not stall the index: wait for it a few seconds at most.
  const progress = await Promise.race([
    connection.window.createWorkDoneProgress().catch(() => undefined),
    new Promise<undefined>(r => setTimeout(() => r(undefined), PROGRESS_WAIT_MS)),
  ]);
  progress?.begin('Threadline: indexing', 0, `0/${files.length} files`, false);
  status('indexing', 0, files.length);
  let lastReport = 0;
  const report = (done: number) => {
    if (Date.now() - lastReport < 100 && done < files.length) return;
    lastReport = Date.now();
    progress?.report(Math.round((done / files.length) * 100), `${done}/${files.length} files`);
    status('indexing', done, files.length);
  };
  // cache hits at once; the misses on every core (pool.ts), this thread among them
  const misses: DiskJob[] = [];
  for (let i = 0; i < files.length; i++) {
    const f = files[i];
    const d = docs.get(pathToUri(f.abs)) ? undefined : index.prepareFromDisk(f.abs, false, keys.get(f.abs));
    if (d) misses.push(d);
    report(i + 1 - misses.length);
    if (i % 8 === 7) await new Promise(r => setImmediate(r));
  }
  const hits = files.length - misses.length;
  const threads = await summarizeFromDisk(misses, n => report(hits + n));
  report(files.length);
  analyzeNow();
  index.pruneCache();
  progress?.done();
  indexing = false;
  index.reportCacheRejects();
  log(`indexed ${files.length} files in ${Date.now() - t0} ms (${misses.length} parsed on ${threads} thread${threads > 1 ? 's' : ''}, ${hits} reused)${index.configError ? ` (config error: ${index.configError})` : ''}`);
  status(index.configError ? 'error' : 'ready', files.length, files.length, index.configError);
  scheduleResultsWrite(0);
}

/** Files read for the index (`prepareFromDisk`), summarized on the pool (every core, this
 *  thread among them, yielding between files so requests get through) and put in the index; a
 *  result whose file changed, went or was opened meanwhile is dropped (`acceptFromDisk`).
 *  Returns the threads used. */
async function summarizeFromDisk(jobs: DiskJob[], onDone?: (done: number) => void): Promise<number> {
  const threads = threadsFor(jobs.length, index.settings.indexThreads);
  // each result as it comes: cached in the JSON a worker sent it in, not stringified again here
  await summarizeFiles(jobs.map(d => d.job), { threads, onDone, onWarning: log, onResult: (k, r, json) => index.acceptFromDisk(jobs[k], r, json) });
  return threads;
}

function analyzeNow(): void {
  if (analyzeTimer) { clearTimeout(analyzeTimer); analyzeTimer = undefined; }
  try {
    index.analyze();
  } catch (e) {
    // An update that threw may have left the analysis half-done: start afresh, once. A cache
    // entry can be damaged yet pass the cache's checks: those files are re-read from disk first.
    index.dropAnalysis();
    const n = index.resummarizeCached();
    log(`analysis failed (${(e as Error).message})${n ? `; ${n} files from the cache re-read without it` : ''}: a full analysis follows`);
    try {
      index.analyze();
    } catch (e2) {
      log(`analysis failed: ${(e2 as Error).stack ?? e2}`);
      return;
    }
  }
  log(`analyzed ${index.fileCount} files: ${index.lastRun}`);
  for (const w of index.analysis?.limitsHit() ?? []) log(w);
  publishDiagnostics();
  void connection.sendNotification(ModelChangedNotification, { version: index.version });
  void connection.languages.inlayHint.refresh().catch(() => undefined);
  scheduleResultsWrite();
}

/** Edits come in bursts: the analysis runs once the burst is over. While the index runs, not at
 *  all (its end analyzes everything; an analysis of half the files would be shown and thrown away). */
function scheduleAnalyze(): void {
  if (analyzeTimer) clearTimeout(analyzeTimer);
  analyzeTimer = setTimeout(() => { if (!indexing) analyzeNow(); else analyzeTimer = undefined; }, ANALYZE_DEBOUNCE_MS);
}

/** The results are kept for the next session: those of an index as soon as the requests
 *  waiting for it are answered (the files are as on disk then, unless an open document has
 *  unsaved changes), later ones once the workspace is quiet (writing them takes a few hundred
 *  ms for thousands of files: not between two keystrokes). */
function scheduleResultsWrite(delay = RESULTS_WRITE_IDLE_MS): void {
  if (resultsTimer) clearTimeout(resultsTimer);
  resultsTimer = setTimeout(() => {
    resultsTimer = undefined;
    if (indexing || analyzeTimer) return; // another analysis is coming: it schedules the write
    index.writeResults(() => new Promise(r => setImmediate(r))).then(r => {
      if (typeof r === 'object') log(`results kept for the next session in ${r.ms} ms`);
      // the results changed while they were written (or another write was under way): again, later
      else if (r === 'given up' || r === 'busy') scheduleResultsWrite();
    }, e => log(`keeping the results failed: ${(e as Error).message}`));
  }, delay);
  resultsTimer.unref();
}

/** Requests wait for the first index, and for a pending re-analysis, so they never answer stale
 *  ranges. A request cancelled meanwhile (the client moved on) is answered RequestCancelled. */
async function current(token?: CancellationToken): Promise<void> {
  // (the last session's results answer while they match every file: nothing to wait for)
  await checked;
  if (index.servingSnapshot) return;
  await ready;
  if (token?.isCancellationRequested) throw new ResponseError(LSPErrorCodes.RequestCancelled, 'request cancelled');
  if (analyzeTimer) analyzeNow();
}

/** True when the latest analysis is not of the open document's current version (its reparse or
 *  the analysis failed): position-based answers would carry another version's ranges. */
function staleFor(uri: string): boolean {
  const d = docs.get(uri);
  return !!d && index.analyzedVersion(uri) !== d.doc.version;
}

/** Only the files whose diagnostics changed are sent (FindingDiagnostics follows the findings'
 *  changes). */
function publishDiagnostics(): void {
  const s = index.settings;
  const changed = published.refresh(index.view, s.diagnosticsEnabled ? { severity: s.diagnosticsSeverity, roots: index.roots } : undefined);
  for (const [uri, list] of changed) void connection.sendDiagnostics({ uri, diagnostics: list });
}

connection.onDidOpenTextDocument(p => {
  const d = docs.open(p.textDocument.uri, p.textDocument.languageId, p.textDocument.version, p.textDocument.text);
  index.indexDocument(d);
  scheduleAnalyze();
});
connection.onDidChangeTextDocument(p => {
  const d = docs.change(p.textDocument.uri, p.textDocument.version, p.contentChanges);
  if (!d) return;
  index.indexDocument(d);
  scheduleAnalyze();
});
connection.onDidCloseTextDocument(p => {
  docs.close(p.textDocument.uri);
  index.releaseDocument(p.textDocument.uri);
  scheduleAnalyze();
});
connection.onDidChangeWatchedFiles(p => {
  let configChanged = false;
  let changed = false;
  // files to summarize: read now (a later event or an open document supersedes them), summarized
  // on the pool after the loop, so a created folder of hundreds of files uses every core and
  // requests still get through
  const jobs: DiskJob[] = [];
  const fromDisk = (abs: string) => { const d = index.prepareFromDisk(abs); if (d) jobs.push(d); };
  for (const ch of p.changes) {
    // only file: URIs name something on this disk; anything else is not read
    if (!ch.uri.startsWith('file:')) continue;
    const abs = uriToPath(ch.uri);
    if (path.basename(abs) === 'threadline.json') { configChanged = true; continue; }
    if (!abs.endsWith('.py')) {
      if (ch.type === FileChangeType.Deleted) changed = index.removeUnder(abs) > 0 || changed;
      else if (ch.type === FileChangeType.Created && isDirectory(abs)) {
        for (const f of index.discoverFiles(abs)) {
          if (!docs.get(pathToUri(f.abs))) { fromDisk(f.abs); changed = true; }
        }
      }
      continue;
    }
    changed = true;
    if (ch.type === FileChangeType.Deleted) index.remove(abs);
    else if (!docs.get(ch.uri) && index.accepts(abs)) fromDisk(abs);
  }
  if (jobs.length) {
    // requests wait for these as for the first index (`current` awaits `ready`)
    ready = ready.then(async () => {
      const t0 = Date.now();
      const threads = await summarizeFromDisk(jobs);
      if (jobs.length > 1) log(`${jobs.length} files changed on disk summarized in ${Date.now() - t0} ms on ${threads} thread${threads > 1 ? 's' : ''}`);
      scheduleAnalyze();
    }).catch(e => log(`summarizing changed files failed: ${(e as Error).stack ?? e}`));
  }
  if (configChanged) {
    index.loadConfig();
    // the status item shows a config error until the file is fixed, and no longer
    if (!indexing) status(index.configError ? 'error' : 'ready', index.fileCount, index.fileCount, index.configError);
  }
  if (changed || configChanged) scheduleAnalyze();
});

function isDirectory(abs: string): boolean {
  try { return fs.statSync(abs).isDirectory(); } catch { return false; }
}
connection.onDidChangeConfiguration(p => {
  const s = (p.settings as { threadline?: unknown } | undefined)?.threadline;
  if (!s) return;
  const before = index.settings;
  index.settings = settingsFrom(s);
  docs.maxTrees = index.settings.maxOpenTrees;
  // Settings that change which files are indexed, or how, need the index redone; the others a re-analysis.
  const reindex = (['include', 'exclude', 'extraRoots', 'maxFileSize'] as const).some(k => JSON.stringify(before[k]) !== JSON.stringify(index.settings[k]));
  index.dropSnapshot('settings changed');
  if (reindex) ready = ready.then(() => indexWorkspace());
  else scheduleAnalyze();
});

connection.onHover(async (p, token) => {
  await current(token);
  return staleFor(p.textDocument.uri) ? null : hover(index, p.textDocument.uri, p.position);
});
connection.onDocumentHighlight(async (p, token) => {
  await current(token);
  return staleFor(p.textDocument.uri) ? null : highlights(index, p.textDocument.uri, p.position);
});
connection.languages.inlayHint.on(async (p, token) => {
  await current(token);
  if (staleFor(p.textDocument.uri)) return null;
  const d = docs.get(p.textDocument.uri);
  const lines = d?.doc.getText().split(/\r\n|\r|\n/);
  return inlayHints(index, p.textDocument.uri, l => lines?.[l], p.range);
});

connection.onRequest(FileModelRequest, async (p, token) => {
  await current(token);
  // the version is the one the analysis was made from, so a client can tell a stale model
  return fileModel(index, p.textDocument.uri, docs.get(p.textDocument.uri) ? index.analyzedVersion(p.textDocument.uri) ?? null : null, indexing);
});
connection.onRequest(ContainerAtRequest, async (p, token) => {
  await current(token);
  if (staleFor(p.textDocument.uri)) return { containerId: null };
  const hits = accessesAt(index, p.textDocument.uri, p.position);
  return { containerId: hits[0]?.container ?? null };
});
connection.onRequest(ContainersRequest, async (p, token) => {
  await current(token);
  const a = index.view;
  if (!a) return [];
  let re: RegExp | undefined;
  try { re = p.pattern ? new RegExp(p.pattern, 'i') : undefined; } catch { re = undefined; }
  return a.report.containers.filter(c => !re || re.test(c.attr) || re.test(c.id)).map(c => toPContainer(a, c, false));
});
connection.onRequest(ContainerAccessesRequest, async (p, token) => {
  await current(token);
  const a = index.view;
  const c = a?.containerReportOf(p.containerId);
  if (!a || !c) return null;
  const list = c.accesses.filter(x => !p.writesOnly || x.access === 'write');
  return { container: toPContainer(a, c, false), accesses: list.map(x => toPAccess(a, x)), threads: threadsOf(a, list) };
});
connection.onRequest(RefreshRequest, async () => {
  await ready;
  index.loadConfig();
  ready = indexWorkspace();
  await ready;
  return { files: index.fileCount };
});

connection.onRequest(ServerInfoRequest, () => ({
  pid: process.pid, version: SERVER_VERSION, startedAt, analysisVersion: index?.version ?? 0, files: index?.fileCount ?? 0, cache: index?.cacheInfo() ?? null, lastAnalysis: index?.lastRun ?? '',
  memory: memoryFigures(),
}));

function memoryFigures(): PServerInfo['memory'] {
  const m = process.memoryUsage();
  const mb = (n: number) => Math.round(n / 1048576);
  return { rssMB: mb(m.rss), peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024), heapUsedMB: mb(m.heapUsed), heapTotalMB: mb(m.heapTotal), externalMB: mb(m.external) };
}

process.on('uncaughtException', e => log(`uncaught: ${e.stack ?? e}`));
connection.listen();
