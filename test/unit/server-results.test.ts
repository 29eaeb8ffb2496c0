// A restarted server answers from the results its last session kept (<cacheDir>/results) while
// it redoes the index, when every file is as those results were made of: the same answers as
// the first session's, before the index is done, and the same after. A file changed between
// sessions, or an edit while they answer, sets them aside. Over JSON-RPC to dist/server.js.
import { test, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ContainerAccessesRequest, ContainersRequest, FileModelRequest, ServerInfoRequest } from '../../src/protocol/requests';
import { copyFixture, find, Server, startServer } from './lsp';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'threadline-results-'));
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

const FILES = ['pkg/backend.py', 'pkg/common.py', 'pkg/sender.py'];
const SERVED = /answering from the results of the last session/;

async function until(what: string, ok: () => boolean, ms = 20_000): Promise<void> {
  const t0 = Date.now();
  while (!ok()) {
    if (Date.now() - t0 > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise(r => setTimeout(r, 20));
  }
}

/** Everything the views show (the model's version and indexing flag aside). */
async function answers(s: Server) {
  const models = [];
  for (const f of FILES) {
    const { version: _v, indexing: _i, ...m } = await s.conn.sendRequest(FileModelRequest, { textDocument: { uri: s.uri(f) } });
    models.push(m);
  }
  const containers = await s.conn.sendRequest(ContainersRequest, {});
  const accesses = [];
  for (const c of containers) accesses.push(await s.conn.sendRequest(ContainerAccessesRequest, { containerId: c.id, writesOnly: false }));
  const text = fs.readFileSync(path.join(s.workspace, 'pkg/backend.py'), 'utf8');
  const pos = find(text, 'self.request_status.get');
  const at = { textDocument: { uri: s.uri('pkg/backend.py') }, position: { line: pos.line, character: pos.character + 6 } };
  const hover = await s.conn.sendRequest('textDocument/hover', at);
  const highlights = await s.conn.sendRequest('textDocument/documentHighlight', at);
  return { models, containers, accesses, hover, highlights };
}

async function firstSession(ws: string, cacheDir: string) {
  const s = await startServer(ws, { initializationOptions: { cacheDir } });
  try {
    await until('the results to be kept', () => s.logs.some(l => /results kept for the next session/.test(l)));
    const want = await answers(s);
    assert.ok(want.models[0].symbols.length && want.accesses.some(a => a && a.accesses.some(x => x.via.length)), 'answers worth comparing');
    await until('diagnostics', () => s.diagnostics.size > 0);
    return { want, diagnostics: new Map(s.diagnostics) };
  } finally { await s.stop(); }
}

test('a restart on unchanged files answers from the last session\'s results before its index is done: the same answers', async () => {
  const ws = copyFixture('motivating');
  const cacheDir = path.join(tmp, 'same');
  const { want, diagnostics } = await firstSession(ws, cacheDir);
  // the index of the second session is held (its progress is not answered) while it answers
  let release!: () => void;
  const held = new Promise<void>(r => (release = r));
  const s = await startServer(ws, { initializationOptions: { cacheDir }, holdProgress: held, noWait: true });
  try {
    // asked at once (while the files are hashed): answered from the results, not after the index
    const first = await s.conn.sendRequest(FileModelRequest, { textDocument: { uri: s.uri(FILES[0]) } });
    assert.ok(s.logs.some(l => SERVED.test(l)), s.logs.join('\n'));
    assert.equal((await s.conn.sendRequest(ServerInfoRequest, {})).cache?.hits, 0, 'no summary read yet');
    const { version: _v, indexing: _i, ...firstModel } = first;
    assert.deepEqual(firstModel, want.models[0]);
    const early = await answers(s);
    assert.deepEqual(early, want);
    const st = s.statuses[s.statuses.length - 1];
    assert.equal(st.state, 'indexing');
    assert.equal(st.cached, true);
    await until('the diagnostics', () => s.diagnostics.size === diagnostics.size);
    assert.deepEqual(new Map(s.diagnostics), diagnostics);
    release();
    await s.ready;
    assert.deepEqual(await answers(s), want);
    const info = await s.conn.sendRequest(ServerInfoRequest, {});
    assert.equal(info.cache?.hits, 4, 'the index read the summaries from the cache');
    assert.match(info.lastAnalysis, /full analysis/);
    // the same results are not written again
    await new Promise(r => setTimeout(r, 300));
    assert.ok(!s.logs.some(l => /results kept/.test(l)), s.logs.join('\n'));
  } finally {
    release();
    await s.stop();
    fs.rmSync(path.dirname(ws), { recursive: true, force: true });
  }
});

test('a file changed between sessions: its results are not used, and the answers are of the new file', async () => {
  const ws = copyFixture('motivating');
  const cacheDir = path.join(tmp, 'changed');
  await firstSession(ws, cacheDir);
  const file = path.join(ws, 'pkg/backend.py');
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8') + '\n\ndef added_between_sessions():\n    pass\n');
  const s = await startServer(ws, { initializationOptions: { cacheDir } });
  try {
    assert.ok(!s.logs.some(l => SERVED.test(l)), s.logs.join('\n'));
    const m = await s.conn.sendRequest(FileModelRequest, { textDocument: { uri: s.uri('pkg/backend.py') } });
    assert.ok(m.symbols.some(x => x.name === 'added_between_sessions'));
    // the new results are kept for the next session
    await until('the new results to be kept', () => s.logs.some(l => /results kept for the next session/.test(l)));
  } finally {
    await s.stop();
    fs.rmSync(path.dirname(ws), { recursive: true, force: true });
  }
});

test('an edit while the last session\'s results answer: the next answer waits for the analysis of the edit', async () => {
  const ws = copyFixture('motivating');
  const cacheDir = path.join(tmp, 'edit');
  await firstSession(ws, cacheDir);
  let release!: () => void;
  const held = new Promise<void>(r => (release = r));
  const s = await startServer(ws, { initializationOptions: { cacheDir }, holdProgress: held, noWait: true });
  try {
    await until('the last session\'s results', () => s.logs.some(l => SERVED.test(l)));
    const text = fs.readFileSync(path.join(ws, 'pkg/backend.py'), 'utf8');
    // opening a file as it is on disk keeps them
    const uri = s.open('pkg/backend.py', text, 1);
    const before = await s.conn.sendRequest(FileModelRequest, { textDocument: { uri } });
    assert.ok(!before.symbols.some(x => x.name === 'typed_meanwhile'));
    assert.equal(before.version, 1, 'the open document\'s version: the results are of its text');
    // position answers in the open document come from them too
    const pos = find(text, 'self.request_status.get');
    const h: any = await s.conn.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: pos.line, character: pos.character + 6 } });
    assert.match(h?.contents.value ?? '', /written on 3 threads/);
    assert.ok(!s.logs.some(l => /set aside/.test(l)), s.logs.join('\n'));
    await s.conn.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 2 }, contentChanges: [{ text: text + '\n\ndef typed_meanwhile():\n    pass\n' }],
    });
    const pending = s.conn.sendRequest(FileModelRequest, { textDocument: { uri } });
    await new Promise(r => setTimeout(r, 200));
    release();
    const m = await pending;
    assert.equal(m.version, 2);
    assert.ok(m.symbols.some(x => x.name === 'typed_meanwhile'));
    assert.ok(s.logs.some(l => /set aside \(backend\.py changed\)/.test(l)), s.logs.join('\n'));
  } finally {
    release();
    await s.stop();
    fs.rmSync(path.dirname(ws), { recursive: true, force: true });
  }
});
