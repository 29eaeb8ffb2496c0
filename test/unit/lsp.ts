// A small LSP client for the unit tests and the bench: spawns the built dist/server.js
// (--stdio) and speaks JSON-RPC to it, like test/unit/server.test.ts, but one server per call so a test can start
// servers on its own workspaces, with its own initializationOptions, and restart them.
import * as assert from 'node:assert/strict';
import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createMessageConnection, MessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import { PStatus, StatusNotification } from '../../src/protocol/requests';
import { SERVER_NODE_FLAGS } from '../../src/protocol/launch';

export const repo = path.resolve(__dirname, '..', '..', '..');
export const fixture = (name: string) => path.join(repo, 'test', 'fixtures', name);

export interface Server {
  proc: ChildProcess;
  conn: MessageConnection;
  /** window/logMessage texts, in order. */
  logs: string[];
  /** threadline/status notifications, in order. */
  statuses: PStatus[];
  diagnostics: Map<string, any[]>;
  /** textDocument/publishDiagnostics notifications received, per URI. */
  diagnosticsSent: Map<string, number>;
  /** Resolves at the first `ready` status. */
  ready: Promise<void>;
  /** Resolves when the server asks for its first work-done progress: it has listed the files. */
  progressRequested: Promise<void>;
  workspace: string;
  uri(rel: string): string;
  open(rel: string, text?: string, version?: number): string;
  stop(): Promise<void>;
}

export interface StartOptions {
  initializationOptions?: unknown;
  /** The built server to run (default: this repo's dist/server.js; the bench runs its own). */
  server?: string;
  /** Answer window/workDoneProgress/create only once this resolves (holds the first index). */
  holdProgress?: Promise<void>;
  cwd?: string;
  /** Skip waiting for the first `ready`. */
  noWait?: boolean;
}

export async function startServer(workspace: string, opts: StartOptions = {}): Promise<Server> {
  const proc = spawn(process.execPath, [...SERVER_NODE_FLAGS, opts.server ?? path.join(repo, 'dist', 'server.js'), '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'], cwd: opts.cwd });
  const conn = createMessageConnection(new StreamMessageReader(proc.stdout!), new StreamMessageWriter(proc.stdin!));
  const logs: string[] = [];
  const statuses: PStatus[] = [];
  const diagnostics = new Map<string, any[]>();
  const diagnosticsSent = new Map<string, number>();
  let readyResolve!: () => void;
  const ready = new Promise<void>(r => (readyResolve = r));
  conn.onNotification('textDocument/publishDiagnostics', (p: any) => { diagnostics.set(p.uri, p.diagnostics); diagnosticsSent.set(p.uri, (diagnosticsSent.get(p.uri) ?? 0) + 1); });
  conn.onNotification(StatusNotification.method, (s: PStatus) => { statuses.push(s); if (s.state !== 'indexing') readyResolve(); });
  conn.onNotification('window/logMessage', (p: { message: string }) => { logs.push(p.message); });
  let progressResolve!: () => void;
  const progressRequested = new Promise<void>(r => (progressResolve = r));
  conn.onRequest('window/workDoneProgress/create', async () => { progressResolve(); await opts.holdProgress; return null; });
  conn.onRequest('client/registerCapability', () => null);
  conn.onRequest('workspace/inlayHint/refresh', () => null);
  conn.onNotification('$/progress', () => undefined);
  conn.listen();
  const root = pathToFileURL(workspace).href;
  const init: any = await conn.sendRequest('initialize', {
    processId: process.pid, rootUri: root, capabilities: { window: { workDoneProgress: true } },
    workspaceFolders: [{ uri: root, name: path.basename(workspace) }], initializationOptions: opts.initializationOptions,
  });
  assert.equal(init.capabilities.hoverProvider, true);
  await conn.sendNotification('initialized', {});
  const uri = (rel: string) => pathToFileURL(path.join(workspace, rel)).href;
  const server: Server = {
    proc, conn, logs, statuses, diagnostics, diagnosticsSent, ready, progressRequested, workspace, uri,
    open(rel, text, version = 1) {
      const u = rel.includes(':') ? rel : uri(rel);
      void conn.sendNotification('textDocument/didOpen', {
        textDocument: { uri: u, languageId: 'python', version, text: text ?? fs.readFileSync(path.join(workspace, rel), 'utf8') },
      });
      return u;
    },
    async stop() {
      const exited = new Promise<void>(r => (proc.exitCode !== null ? r() : proc.once('exit', () => r())));
      try {
        await Promise.race([conn.sendRequest('shutdown'), new Promise(r => setTimeout(r, 2000))]);
        void conn.sendNotification('exit');
      } catch { /* already gone */ }
      const t = setTimeout(() => proc.kill(), 3000);
      await exited;
      clearTimeout(t);
      conn.dispose();
    },
  };
  if (!opts.noWait) await ready;
  return server;
}

/** A fresh copy of a fixture folder under the OS temp folder (removed by the caller); `under`:
 *  folders between the temporary folder and the copy. */
export function copyFixture(name: string, under = ''): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `threadline-${name}-`));
  const ws = path.join(dir, under, name);
  fs.cpSync(fixture(name), ws, { recursive: true });
  fs.rmSync(path.join(ws, 'expected.json'), { force: true });
  return ws;
}

/** 0-based position of the n-th occurrence of `needle` in `text`. */
export function find(text: string, needle: string, nth = 0): { line: number; character: number } {
  let at = -1;
  for (let i = 0; i <= nth; i++) at = text.indexOf(needle, at + 1);
  assert.ok(at >= 0, `${needle} not found`);
  const before = text.slice(0, at).split('\n');
  return { line: before.length - 1, character: before[before.length - 1].length };
}

export const sleep = (ms: number) => new Promise(r => setTimeout(r, ms));
