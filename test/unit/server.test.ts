// The built server, spoken to over a real JSON-RPC connection on stdio.
import { test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createMessageConnection, MessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import {
  ContainerAccessesRequest, ContainerAtRequest, ContainersRequest, FileModelRequest, PStatus, ServerInfoRequest, StatusNotification,
} from '../../src/protocol/requests';

const repo = path.resolve(__dirname, '..', '..', '..');
const workspace = path.join(repo, 'test', 'fixtures', 'motivating');
const uriOf = (rel: string) => pathToFileURL(path.join(workspace, rel)).href;

let proc: ChildProcess;
let conn: MessageConnection;
const diagnostics = new Map<string, any[]>();
let readyResolve: () => void;
const ready = new Promise<void>(r => (readyResolve = r));

before(async () => {
  proc = spawn(process.execPath, [path.join(repo, 'dist', 'server.js'), '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  conn = createMessageConnection(new StreamMessageReader(proc.stdout!), new StreamMessageWriter(proc.stdin!));
  conn.onNotification('textDocument/publishDiagnostics', (p: any) => { diagnostics.set(p.uri, p.diagnostics); });
  conn.onNotification(StatusNotification.method, (s: PStatus) => { if (s.state === 'ready') readyResolve(); });
  conn.onNotification('window/logMessage', () => undefined);
  conn.onRequest('window/workDoneProgress/create', () => null);
  conn.onRequest('client/registerCapability', () => null);
  conn.onRequest('workspace/inlayHint/refresh', () => null);
  conn.onNotification('$/progress', () => undefined);
  conn.listen();
  const init: any = await conn.sendRequest('initialize', {
    processId: process.pid, rootUri: pathToFileURL(workspace).href, capabilities: { window: { workDoneProgress: true } },
    workspaceFolders: [{ uri: pathToFileURL(workspace).href, name: 'motivating' }],
  });
  assert.equal(init.capabilities.hoverProvider, true);
  await conn.sendNotification('initialized', {});
  await ready;
});

after(() => {
  conn?.dispose();
  proc?.kill();
});

function open(rel: string): string {
  const uri = uriOf(rel);
  conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'python', version: 1, text: fs.readFileSync(path.join(workspace, rel), 'utf8') } });
  return uri;
}

/** 0-based position of the n-th occurrence of `needle` in the file. */
function find(text: string, needle: string, nth = 0): { line: number; character: number } {
  let at = -1;
  for (let i = 0; i <= nth; i++) at = text.indexOf(needle, at + 1);
  assert.ok(at >= 0, `${needle} not found`);
  const before = text.slice(0, at).split('\n');
  return { line: before.length - 1, character: before[before.length - 1].length };
}

const backendText = () => fs.readFileSync(path.join(workspace, 'pkg/backend.py'), 'utf8');

test('hover on a read of the status dict names the container, op and threads', async () => {
  const uri = open('pkg/backend.py');
  const pos = find(backendText(), 'self.request_status.get');
  const h: any = await conn.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: pos.line, character: pos.character + 6 } });
  assert.ok(h, 'a hover');
  const v: string = h.contents.value;
  assert.match(v, /BaseManager\.request_status/);
  assert.match(v, /\*\*read\*\* `get`/);
  assert.match(v, /runs on `main`/);
  assert.match(v, /written on 3 threads/);
  assert.match(v, /command:threadline\.findStatusWrites/);
});

test('hover on a helper call is a write with the bound value', async () => {
  const uri = uriOf('pkg/backend.py');
  const pos = find(backendText(), 'self.update_status(msg.room, KVPoll.Failed)');
  const h: any = await conn.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: pos.line, character: pos.character + 8 } });
  const v: string = h.contents.value;
  assert.match(v, /\*\*write\*\* `setitem` · key `msg.room` · value `KVPoll.Failed` · via `BaseManager.update_status`/);
  assert.match(v, /runs on `bootstrap_thread`/);
});

test('file model: skeleton with thread tags and the inherited container', async () => {
  const uri = uriOf('pkg/backend.py');
  const m = await conn.sendRequest(FileModelRequest, { textDocument: { uri } });
  const mgr = m.symbols.find(s => s.name === 'Manager')!;
  const tw = mgr.children.find(s => s.name === 'transfer_worker')!;
  assert.deepEqual(tw.threads, ['transfer_worker']);
  const boot = mgr.children.find(s => s.name === '_start_bootstrap_thread')!.children.find(s => s.name === 'bootstrap_thread')!;
  assert.equal(boot.qualname, 'Manager._start_bootstrap_thread.<locals>.bootstrap_thread');
  assert.deepEqual(boot.threads, ['bootstrap_thread']);
  const cs = mgr.children.find(s => s.name === 'check_status')!;
  assert.deepEqual(cs.threads, ['main']);
  assert.deepEqual(cs.threadPaths.main, ['Sender.poll', 'Manager.check_status']);
  const rs = m.containers.find(c => c.attr === 'request_status')!;
  assert.equal(rs.inFile, true);
  assert.equal(rs.owner, 'BaseManager');
  assert.equal(m.threads.find(t => t.id === 'transfer_worker')!.instances, 'many');
});

test('container accesses list helper writes across files; containerAt finds the container', async () => {
  const uri = uriOf('pkg/backend.py');
  const pos = find(backendText(), 'self.update_status(room, KVPoll.Transferring)');
  const at = await conn.sendRequest(ContainerAtRequest, { textDocument: { uri }, position: { line: pos.line, character: pos.character + 6 } });
  assert.equal(at.containerId, 'pkg.common.BaseManager.request_status');
  const res = (await conn.sendRequest(ContainerAccessesRequest, { containerId: at.containerId!, writesOnly: true }))!;
  const files = new Set(res.accesses.map(a => path.basename(a.location.uri)));
  assert.deepEqual([...files].sort(), ['backend.py', 'common.py', 'sender.py']);
  assert.ok(res.accesses.some(a => a.value === 'KVPoll.Transferring' && a.via[0] === 'BaseManager.update_status' && a.threads.includes('transfer_worker')));
  assert.ok(res.accesses.every(a => a.access === 'write'));
  const all = await conn.sendRequest(ContainersRequest, { pattern: 'status|state' });
  assert.ok(all.some(c => c.id === 'pkg.common.BaseManager.request_status'));
  assert.ok(!all.some(c => c.attr === 'transfer_infos'));
});

test('document highlights carry read and write kinds', async () => {
  const uri = uriOf('pkg/common.py');
  open('pkg/common.py');
  const text = fs.readFileSync(path.join(workspace, 'pkg/common.py'), 'utf8');
  const pos = find(text, 'self.request_status[room] = status');
  const hl: any[] = await conn.sendRequest('textDocument/documentHighlight', { textDocument: { uri }, position: { line: pos.line, character: pos.character + 6 } });
  assert.ok(hl.some(h => h.kind === 3), 'a write');
  assert.ok(hl.some(h => h.kind === 2), 'a read');
});

test('inlay hints name the threads at def lines', async () => {
  const uri = uriOf('pkg/backend.py');
  const hints: any[] = await conn.sendRequest('textDocument/inlayHint', { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 200, character: 0 } } });
  const tw = find(backendText(), 'def transfer_worker');
  assert.ok(hints.some(h => h.position.line === tw.line && /transfer_worker ×many/.test(h.label)));
});

test('findings arrive as diagnostics with related information', async () => {
  const common = uriOf('pkg/common.py');
  for (let i = 0; i < 50 && !diagnostics.get(common)?.length; i++) await new Promise(r => setTimeout(r, 50));
  const list = diagnostics.get(common) ?? [];
  assert.ok(list.some(d => d.code === 'race' && d.relatedInformation.length >= 1), 'a race diagnostic');
  assert.ok(list.some(d => d.code === 'check-then-act'));
});

test('incremental edits move the ranges: no stale answer after a change', async () => {
  const uri = uriOf('pkg/backend.py');
  const text = backendText();
  const pos = find(text, 'self.request_status.get');
  // insert two lines above check_status in two incremental changes
  conn.sendNotification('textDocument/didChange', {
    textDocument: { uri, version: 2 },
    contentChanges: [
      { range: { start: { line: pos.line, character: 0 }, end: { line: pos.line, character: 0 } }, text: '        # one\n' },
      { range: { start: { line: pos.line, character: 0 }, end: { line: pos.line, character: 0 } }, text: '        # two\n' },
    ],
  });
  const h: any = await conn.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: pos.line + 2, character: pos.character + 6 } });
  assert.ok(h, 'hover at the moved position');
  assert.match(h.contents.value, /\*\*read\*\* `get`/);
  assert.equal(h.range.start.line, pos.line + 2);
  const old: any = await conn.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: pos.line, character: pos.character + 6 } });
  assert.equal(old, null, 'the old position is a comment now');
});

test('changing the exclude setting redoes the index: excluded files leave, restored ones come back', async () => {
  const writesIn = async () => {
    const res = (await conn.sendRequest(ContainerAccessesRequest, { containerId: 'pkg.common.BaseManager.request_status', writesOnly: true }))!;
    return new Set(res.accesses.map(a => path.basename(a.location.uri)));
  };
  const settings = (exclude: string[]) => ({ settings: { threadline: { exclude, diagnostics: { enabled: true, severity: 'Warning' }, inlayHints: { enabled: true } } } });
  const until = async (want: boolean) => {
    for (let i = 0; i < 100; i++) { if ((await writesIn()).has('sender.py') === want) return; await new Promise(r => setTimeout(r, 50)); }
    assert.fail(`sender.py ${want ? 'never came back' : 'was never dropped'}`);
  };
  assert.ok((await writesIn()).has('sender.py'));
  conn.sendNotification('workspace/didChangeConfiguration', settings(['**/sender.py']));
  await until(false);
  conn.sendNotification('workspace/didChangeConfiguration', settings(['**/.venv/**']));
  await until(true);
});

test("a helper's body edit reaches its callers in other files, applied in place", async () => {
  const rel = 'pkg/common.py';
  const uri = open(rel);
  const text = fs.readFileSync(path.join(workspace, rel), 'utf8');
  const pos = find(text, 'self.request_status[room] = status');
  const line = { start: { line: pos.line, character: pos.character }, end: { line: pos.line, character: pos.character + 'self.request_status[room] = status'.length } };
  conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ range: line, text: 'self.request_status.pop(room, None)' }] });
  const res = (await conn.sendRequest(ContainerAccessesRequest, { containerId: 'pkg.common.BaseManager.request_status', writesOnly: true }))!;
  const viaHelper = res.accesses.filter(a => a.via[0] === 'BaseManager.update_status' && path.basename(a.location.uri) === 'backend.py');
  assert.ok(viaHelper.length > 0);
  assert.ok(viaHelper.some(a => a.op === 'pop'), 'the callers in backend.py now pop through the helper');
  const info = await conn.sendRequest(ServerInfoRequest, {});
  assert.match(info.lastAnalysis, /1 changed file applied \(in place\)/);
  // and back
  const back = { start: line.start, end: { line: pos.line, character: pos.character + 'self.request_status.pop(room, None)'.length } };
  conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: 3 }, contentChanges: [{ range: back, text: 'self.request_status[room] = status' }] });
  const again = (await conn.sendRequest(ContainerAccessesRequest, { containerId: 'pkg.common.BaseManager.request_status', writesOnly: true }))!;
  assert.ok(!again.accesses.some(a => a.op === 'pop'));
  // awaited: the connection is disposed right after the last test
  await conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
  await conn.sendRequest(ServerInfoRequest, {});
});
