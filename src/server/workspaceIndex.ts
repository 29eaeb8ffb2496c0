// The server's model of the workspace: a summary per Python file (from disk, or from the open
// document's tree), and the latest Analysis over all of them.
import * as fs from 'node:fs';
import * as path from 'node:path';
import picomatch from 'picomatch';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Analysis } from '../core/analysis';
import { CONFIG_FILE, parseConfig, ThreadlineConfig } from '../core/config';
import { discover, importRoot, moduleName } from '../core/files';
import { summarizeBytes, summarizeTree } from '../core/index';
import { FileSummary } from '../core/model';
import { PythonParser } from '../core/parser';
import { SummaryCache } from '../core/cache';
import type { AccessReport } from '../core/report';
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
}

export const DEFAULT_SETTINGS: ServerSettings = {
  mainThread: 'main', threads: {}, statusPattern: 'status|state', diagnosticsEnabled: true, diagnosticsSeverity: 'Warning',
  inlayHints: true, include: ['**/*.py'], exclude: ['**/.git/**', '**/.venv/**', '**/venv/**', '**/node_modules/**', '**/__pycache__/**', '**/site-packages/**'],
  extraRoots: [], maxFileSize: 2_000_000,
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
  return s;
}

export function uriToPath(uri: string): string {
  return uri.startsWith('file:') ? fileURLToPath(uri) : uri;
}
export function pathToUri(p: string): string {
  return path.isAbsolute(p) ? pathToFileURL(p).href : p;
}

export class WorkspaceIndex {
  /** Summaries by absolute path (or by URI for untitled documents). */
  private readonly summaries = new Map<string, FileSummary>();
  /** Documents whose summary came from the editor buffer (newer than the disk). */
  private readonly fromEditor = new Set<string>();
  roots: string[] = [];
  analysis: Analysis | undefined;
  /** Bumped on every re-analysis; the client refetches on change. */
  version = 0;
  config: ThreadlineConfig = { mainThread: 'main', threads: {} };
  configError: string | undefined;

  /** Summaries of unchanged files survive a restart (the extension's global storage folder). */
  private readonly cache: SummaryCache | undefined;

  constructor(private readonly parser: PythonParser, public settings: ServerSettings, private readonly log: (m: string) => void, cacheDir?: string) {
    this.cache = cacheDir ? new SummaryCache(path.join(cacheDir, 'summaries'), m => log(m)) : undefined;
  }

  setRoots(folders: string[]): void {
    this.roots = folders;
    this.loadConfig();
  }

  loadConfig(): void {
    this.configError = undefined;
    this.config = { mainThread: 'main', threads: {} };
    for (const r of this.roots) {
      const p = path.join(r, CONFIG_FILE);
      if (!fs.existsSync(p)) continue;
      try { this.config = parseConfig(fs.readFileSync(p, 'utf8'), p); } catch (e) { this.configError = (e as Error).message; this.log(this.configError); }
      break;
    }
  }

  /** Python files of the workspace, for the background index. */
  discoverFiles(): { abs: string; module: string; isPackage: boolean }[] {
    if (!this.roots.length) return [];
    const extra = [...this.settings.extraRoots, ...(this.config.extraRoots ?? [])].map(r => path.resolve(this.roots[0], r)).filter(r => fs.existsSync(r));
    const { files } = discover([...this.roots, ...extra], {
      exclude: [...this.settings.exclude, ...(this.config.exclude ?? [])], onWarning: w => this.log(w),
    });
    const included = picomatch(this.settings.include, { dot: true });
    return files.filter(f => this.roots.concat(extra).some(r => included(path.relative(r, f.abs).split(path.sep).join('/'))));
  }

  private moduleFor(abs: string): { module: string; isPackage: boolean } {
    return moduleName(abs, [...this.roots, ...this.settings.extraRoots].map(r => importRoot(r)));
  }

  indexFromDisk(abs: string): void {
    if (this.fromEditor.has(abs)) return;
    let bytes: Uint8Array;
    try { bytes = fs.readFileSync(abs); } catch (e) { this.log(`cannot read ${abs}: ${(e as Error).message}`); this.summaries.delete(abs); return; }
    const m = this.moduleFor(abs);
    const key = this.cache?.key(bytes, abs, m.module, m.isPackage);
    const cached = key ? this.cache!.get(key, abs) : undefined;
    if (cached) { this.summaries.set(abs, cached); return; }
    const s = summarizeBytes(this.parser, bytes, abs, m.module, m.isPackage, { maxFileSize: this.settings.maxFileSize });
    for (const w of s.warnings) this.log(`${abs}: ${w}`);
    if (key) this.cache!.put(key, s);
    this.summaries.set(abs, s);
  }

  indexDocument(d: OpenDocument): void {
    const key = uriToPath(d.uri);
    const m = d.uri.startsWith('file:') ? this.moduleFor(key) : { module: '__untitled__', isPackage: false };
    const text = d.doc.getText();
    if (!d.tree) { this.log(`${key}: parse timed out`); return; }
    this.summaries.set(key, summarizeTree(this.parser, d.tree, text, key, m.module, m.isPackage, [], { maxFileSize: this.settings.maxFileSize }));
    this.fromEditor.add(key);
  }

  /** The editor closed it: the disk is the truth again. */
  releaseDocument(uri: string): void {
    const key = uriToPath(uri);
    this.fromEditor.delete(key);
    if (uri.startsWith('file:') && fs.existsSync(key)) this.indexFromDisk(key); else this.summaries.delete(key);
  }

  remove(abs: string): void {
    this.summaries.delete(abs);
    this.fromEditor.delete(abs);
  }

  get fileCount(): number { return this.summaries.size; }

  analyze(): Analysis {
    const mainThread = this.settings.mainThread !== 'main' ? this.settings.mainThread : this.config.mainThread;
    this.analysis = new Analysis([...this.summaries.values()], { mainThread, threads: { ...this.config.threads, ...this.settings.threads } });
    this.version++;
    return this.analysis;
  }

  summaryOf(uri: string): FileSummary | undefined { return this.summaries.get(uriToPath(uri)); }

  /** Accesses in a file, for hovers and highlights. */
  accessesIn(uri: string): { container: string; access: AccessReport }[] {
    const a = this.analysis;
    const key = uriToPath(uri);
    if (!a) return [];
    const out: { container: string; access: AccessReport }[] = [];
    for (const [cid, list] of a.accessesByContainer) for (const acc of list) if (acc.path === key) out.push({ container: cid, access: acc });
    return out;
  }
}
