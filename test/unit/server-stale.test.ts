// Stale results and cancellation, over a real JSON-RPC connection to dist/server.js: a request
// made after edit N is answered from version N (never N−1's ranges), however fast the edits come,
// and a request cancelled before it could be answered is answered RequestCancelled without
// breaking the ones after it.
import { test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CancellationTokenSource } from 'vscode-jsonrpc/node';
import { ContainerAccessesRequest, FileModelRequest, PFileModel, PSymbol } from '../../src/protocol/requests';
import { find, fixture, Server, startServer } from './lsp';

const workspace = fixture('motivating');
const backendText = fs.readFileSync(path.join(workspace, 'pkg/backend.py'), 'utf8');
const RS = 'pkg.common.BaseManager.request_status';
/** The read `self.request_status.get(...)` in check_status, and the `def check_status` line above it. */
const getAt = find(backendText, 'self.request_status.get');
const defLine = find(backendText, '    def check_status').line;
const onGet = (shift: number) => ({ line: getAt.line + shift, character: getAt.character + 6 });

let server: Server;
before(async () => { server = await startServer(workspace); });
after(async () => { await server?.stop(); });

function symbol(m: PFileModel, qualname: string): PSymbol | undefined {
  const walk = (list: PSymbol[]): PSymbol | undefined => {
    for (const s of list) { if (s.qualname === qualname) return s; const c = walk(s.children); if (c) return c; }
    return undefined;
  };
  return walk(m.symbols);
}

/** didChange inserting one comment line above `def check_status` (not awaited: fire and go on). */
function insertAbove(uri: string, version: number, text = `    # edit ${version}\n`): void {
  void server.conn.sendNotification('textDocument/didChange', {
    textDocument: { uri, version },
    contentChanges: [{ range: { start: { line: defLine, character: 0 }, end: { line: defLine, character: 0 } }, text }],
  });
}

test('20 rapid edits, each followed at once by a hover: every hover answers its own version', async () => {
  const uri = server.open('pkg/backend.py');
  const hovers: Promise<any>[] = [];
  for (let i = 1; i <= 20; i++) {
    insertAbove(uri, i + 1);
    hovers.push(server.conn.sendRequest('textDocument/hover', { textDocument: { uri }, position: onGet(i) }));
  }
  const answers = await Promise.all(hovers);
  answers.forEach((h, k) => {
    const shift = k + 1;
    assert.ok(h, `hover after edit ${shift}: null (answered from an older version?)`);
    assert.match(h.contents.value, /\*\*read\*\* `get`/);
    assert.equal(h.range.start.line, getAt.line + shift, `hover after edit ${shift} carries another version's range`);
  });
  const model = await server.conn.sendRequest(FileModelRequest, { textDocument: { uri } });
  assert.equal(model.version, 21);
  assert.equal(symbol(model, 'Manager.check_status')!.location.range.start.line, defLine + 20);
  server.conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
});

test('a burst of edits (one a full replace) then hover, file model and accesses at once: all match the final text', async () => {
  const uri = server.open('pkg/backend.py');
  for (let v = 2; v <= 11; v++) insertAbove(uri, v);
  // version 12: the whole text again, with 5 lines above check_status (the edits so far are gone)
  const lines = backendText.split('\n');
  lines.splice(defLine, 0, ...Array.from({ length: 5 }, (_, i) => `    # full ${i}`));
  void server.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: 12 }, contentChanges: [{ text: lines.join('\n') }] });
  for (let v = 13; v <= 22; v++) insertAbove(uri, v);
  const shift = 5 + 10;
  const [h, stale, model, acc, hl] = await Promise.all([
    server.conn.sendRequest<any>('textDocument/hover', { textDocument: { uri }, position: onGet(shift) }),
    server.conn.sendRequest<any>('textDocument/hover', { textDocument: { uri }, position: onGet(shift - 1) }),
    server.conn.sendRequest(FileModelRequest, { textDocument: { uri } }),
    server.conn.sendRequest(ContainerAccessesRequest, { containerId: RS, writesOnly: false }),
    server.conn.sendRequest<any[]>('textDocument/documentHighlight', { textDocument: { uri }, position: onGet(shift) }),
  ]);
  assert.ok(h, 'hover at the final position');
  assert.equal(h.range.start.line, getAt.line + shift);
  // one line up is `def check_status` now: nothing there, though version 21 had the read on it
  assert.equal(stale, null);
  assert.equal(model.version, 22);
  assert.equal(symbol(model, 'Manager.check_status')!.location.range.start.line, defLine + shift);
  assert.equal(symbol(model, 'Manager.register')!.location.range.start.line, find(backendText, '    def register').line + shift);
  const reads = acc!.accesses.filter(a => a.location.uri === uri && a.op === 'get');
  assert.deepEqual(reads.map(a => a.location.range.start.line), [getAt.line + shift]);
  assert.ok(hl.some(x => x.range.start.line === getAt.line + shift && x.kind === 2));
  server.conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
});

test('a request cancelled while the first index runs is answered RequestCancelled; the next ones are answered', async () => {
  let release!: () => void;
  // the server waits for its work-done progress before indexing: holding that answer holds the
  // first index, so the requests below are certainly waiting when the cancellation arrives
  const hold = new Promise<void>(r => (release = r));
  const s = await startServer(workspace, { holdProgress: hold, noWait: true });
  try {
    const uri = s.uri('pkg/backend.py');
    const params = { textDocument: { uri }, position: onGet(0) };
    const cancelled = new CancellationTokenSource();
    const a = s.conn.sendRequest<any>('textDocument/hover', params, cancelled.token);
    const b = s.conn.sendRequest(FileModelRequest, { textDocument: { uri } }, cancelled.token);
    const c = s.conn.sendRequest<any>('textDocument/hover', params);
    cancelled.cancel();
    await s.progressRequested;
    await new Promise(r => setTimeout(r, 50)); // the cancellation is on the wire before the index can finish
    release();
    await assert.rejects(a, (e: any) => e.code === -32800, 'the cancelled hover is answered RequestCancelled');
    await assert.rejects(b, (e: any) => e.code === -32800, 'the cancelled file model is answered RequestCancelled');
    const hc = await c;
    assert.ok(hc, 'the request that was not cancelled is answered');
    assert.match(hc.contents.value, /BaseManager\.request_status/);
    assert.equal(hc.range.start.line, getAt.line);
    // and the server goes on answering
    const m = await s.conn.sendRequest(FileModelRequest, { textDocument: { uri } });
    assert.ok(symbol(m, 'Manager.transfer_worker'));
    const late = new CancellationTokenSource();
    const d = await s.conn.sendRequest<any>('textDocument/hover', params, late.token);
    late.cancel(); // after the answer: nothing to cancel, nothing breaks
    assert.ok(d);
    assert.ok(await s.conn.sendRequest<any>('textDocument/hover', params));
  } finally {
    release();
    await s.stop();
  }
});
