// The Threadline language server: the only code that knows LSP. It owns the engine, keeps
// open documents in sync with incremental reparses, and indexes the workspace in the background.
import {
  createConnection, DidChangeWatchedFilesNotification, FileChangeType, InitializeResult, ProposedFeatures, TextDocumentSyncKind,
} from 'vscode-languageserver/node';
import * as path from 'node:path';
import { loadPython, PythonParser } from '../core/parser';
import {
  ContainerAccessesRequest, ContainerAtRequest, ContainersRequest, FileModelRequest, ModelChangedNotification, RefreshRequest, StatusNotification,
} from '../protocol/requests';
import { OpenDocuments } from './documents';
import { accessesAt, diagnostics, fileModel, highlights, hover, inlayHints, toPAccess, toPContainer } from './features';
import { DEFAULT_SETTINGS, pathToUri, settingsFrom, uriToPath, WorkspaceIndex } from './workspaceIndex';

const connection = createConnection(ProposedFeatures.all);
const log = (m: string) => connection.console.log(m);
const ANALYZE_DEBOUNCE_MS = 120;

let parser: PythonParser;
let index: WorkspaceIndex;
let docs: OpenDocuments;
let indexing = false;
let ready: Promise<void> = Promise.resolve();
let analyzeTimer: NodeJS.Timeout | undefined;
let publishedDiagnostics = new Set<string>();
let folders: string[] = [];

connection.onInitialize(async params => {
  parser = await loadPython();
  const opts = (params.initializationOptions ?? {}) as { settings?: unknown; cacheDir?: string };
  index = new WorkspaceIndex(parser, settingsFrom(opts.settings ?? DEFAULT_SETTINGS), log, typeof opts.cacheDir === 'string' ? opts.cacheDir : undefined);
  docs = new OpenDocuments(parser);
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
    serverInfo: { name: 'threadline', version: '0.1.0' },
  };
  return result;
});

connection.onInitialized(() => {
  void connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: '**/*.py' }, { globPattern: '**/threadline.json' }] }).catch(() => undefined);
  ready = indexWorkspace();
});

function status(state: 'indexing' | 'ready' | 'error', files: number, total: number, message?: string): void {
  void connection.sendNotification(StatusNotification, { state, files, total, message });
}

/** Background index with work-done progress; yields between files so requests keep flowing. */
async function indexWorkspace(): Promise<void> {
  indexing = true;
  const files = index.discoverFiles();
  const progress = await connection.window.createWorkDoneProgress().catch(() => undefined);
  progress?.begin('Threadline: indexing', 0, `0/${files.length} files`, false);
  status('indexing', 0, files.length);
  const t0 = Date.now();
  let lastReport = 0;
  for (let i = 0; i < files.length; i++) {
    const f = files[i];
    if (!docs.get(pathToUri(f.abs))) index.indexFromDisk(f.abs);
    if (Date.now() - lastReport > 100 || i === files.length - 1) {
      lastReport = Date.now();
      progress?.report(Math.round(((i + 1) / files.length) * 100), `${i + 1}/${files.length} files`);
      status('indexing', i + 1, files.length);
    }
    if (i % 8 === 7) await new Promise(r => setImmediate(r));
  }
  analyzeNow();
  progress?.done();
  indexing = false;
  log(`indexed ${files.length} files in ${Date.now() - t0} ms${index.configError ? ` (config error: ${index.configError})` : ''}`);
  status(index.configError ? 'error' : 'ready', files.length, files.length, index.configError);
}

function analyzeNow(): void {
  if (analyzeTimer) { clearTimeout(analyzeTimer); analyzeTimer = undefined; }
  const t0 = Date.now();
  try {
    index.analyze();
  } catch (e) {
    log(`analysis failed: ${(e as Error).stack ?? e}`);
    return;
  }
  log(`analyzed ${index.fileCount} files in ${Date.now() - t0} ms`);
  publishDiagnostics();
  void connection.sendNotification(ModelChangedNotification, { version: index.version });
  void connection.languages.inlayHint.refresh().catch(() => undefined);
}

function scheduleAnalyze(): void {
  if (analyzeTimer) clearTimeout(analyzeTimer);
  analyzeTimer = setTimeout(analyzeNow, ANALYZE_DEBOUNCE_MS);
}

/** Requests wait for the first index, and for a pending re-analysis, so they never answer stale ranges. */
async function current(): Promise<void> {
  await ready;
  if (analyzeTimer) analyzeNow();
}

function publishDiagnostics(): void {
  const next = index.settings.diagnosticsEnabled ? diagnostics(index) : new Map();
  for (const uri of publishedDiagnostics) if (!next.has(uri)) void connection.sendDiagnostics({ uri, diagnostics: [] });
  for (const [uri, list] of next) void connection.sendDiagnostics({ uri, diagnostics: list });
  publishedDiagnostics = new Set(next.keys());
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
  for (const ch of p.changes) {
    const abs = uriToPath(ch.uri);
    if (path.basename(abs) === 'threadline.json') { configChanged = true; continue; }
    if (!abs.endsWith('.py')) continue;
    if (ch.type === FileChangeType.Deleted) index.remove(abs);
    else if (!docs.get(ch.uri)) index.indexFromDisk(abs);
  }
  if (configChanged) index.loadConfig();
  scheduleAnalyze();
});
connection.onDidChangeConfiguration(p => {
  const s = (p.settings as { threadline?: unknown } | undefined)?.threadline;
  if (s) { index.settings = settingsFrom(s); scheduleAnalyze(); }
});

connection.onHover(async p => { await current(); return hover(index, p.textDocument.uri, p.position); });
connection.onDocumentHighlight(async p => { await current(); return highlights(index, p.textDocument.uri, p.position); });
connection.languages.inlayHint.on(async p => {
  await current();
  const d = docs.get(p.textDocument.uri);
  const lines = d?.doc.getText().split(/\r\n|\r|\n/);
  return inlayHints(index, p.textDocument.uri, l => lines?.[l], p.range);
});

connection.onRequest(FileModelRequest, async p => {
  await current();
  return fileModel(index, p.textDocument.uri, docs.get(p.textDocument.uri)?.doc.version ?? null, indexing);
});
connection.onRequest(ContainerAtRequest, async p => {
  await current();
  const hits = accessesAt(index, p.textDocument.uri, p.position);
  return { containerId: hits[0]?.container ?? null };
});
connection.onRequest(ContainersRequest, async p => {
  await current();
  const a = index.analysis;
  if (!a) return [];
  let re: RegExp | undefined;
  try { re = p.pattern ? new RegExp(p.pattern, 'i') : undefined; } catch { re = undefined; }
  return a.report.containers.filter(c => !re || re.test(c.attr) || re.test(c.id)).map(c => toPContainer(a, c, false));
});
connection.onRequest(ContainerAccessesRequest, async p => {
  await current();
  const a = index.analysis;
  const c = a?.report.containers.find(x => x.id === p.containerId);
  if (!a || !c) return null;
  const list = c.accesses.filter(x => !p.writesOnly || x.access === 'write');
  return { container: toPContainer(a, c, false), accesses: list.map(x => toPAccess(a, x)) };
});
connection.onRequest(RefreshRequest, async () => {
  await ready;
  index.loadConfig();
  ready = indexWorkspace();
  await ready;
  return { files: index.fileCount };
});

process.on('uncaughtException', e => log(`uncaught: ${e.stack ?? e}`));
connection.listen();
