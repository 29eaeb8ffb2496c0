// The summary cache (initializationOptions.cacheDir → <cacheDir>/summaries) when it cannot be
// written or its files are damaged: the server goes on without it, says so once in the log, and
// answers exactly what it answers with a good cache. Over JSON-RPC to dist/server.js.
import { test, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  ContainerAccessesRequest, ContainersRequest, FileModelRequest, RefreshRequest, ServerInfoRequest,
} from '../../src/protocol/requests';
import { find, fixture, Server, startServer } from './lsp';

const workspace = fixture('motivating');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'threadline-cache-'));
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

const backendText = fs.readFileSync(path.join(workspace, 'pkg/backend.py'), 'utf8');
const cacheLines = (s: Server) => s.logs.filter(l => /cache/i.test(l));

/** Everything the views show, for comparing runs. */
async function snapshot(s: Server) {
  const files = ['pkg/backend.py', 'pkg/common.py', 'pkg/sender.py'];
  const models = [];
  for (const f of files) models.push(await s.conn.sendRequest(FileModelRequest, { textDocument: { uri: s.uri(f) } }));
  const containers = await s.conn.sendRequest(ContainersRequest, {});
  const accesses = [];
  for (const c of containers) accesses.push(await s.conn.sendRequest(ContainerAccessesRequest, { containerId: c.id, writesOnly: false }));
  const pos = find(backendText, 'self.request_status.get');
  const hover = await s.conn.sendRequest('textDocument/hover', { textDocument: { uri: s.uri('pkg/backend.py') }, position: { line: pos.line, character: pos.character + 6 } });
  return { models, containers, accesses, hover };
}

function cacheFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => { for (const e of fs.readdirSync(d, { withFileTypes: true })) e.isDirectory() ? walk(path.join(d, e.name)) : out.push(path.join(d, e.name)); };
  walk(path.join(dir, 'summaries'));
  return out.sort();
}

test('a cache folder that cannot be created: answers as usual, one log line about the cache', async () => {
  const file = path.join(tmp, 'file.txt');
  fs.writeFileSync(file, 'not a folder');
  // chmod 0555 does not stop root; a path under a regular file cannot be created by anyone
  const s = await startServer(workspace, { initializationOptions: { cacheDir: path.join(file, 'sub') } });
  try {
    const pos = find(backendText, 'self.request_status.get');
    const h: any = await s.conn.sendRequest('textDocument/hover', { textDocument: { uri: s.uri('pkg/backend.py') }, position: { line: pos.line, character: pos.character + 6 } });
    assert.ok(h, 'a hover');
    assert.match(h.contents.value, /written on 3 threads/);
    await s.conn.sendRequest(RefreshRequest, {}); // a second index: still no second message
    const info = await s.conn.sendRequest(ServerInfoRequest, {});
    assert.equal(info.cache?.writable, false);
    assert.equal(info.files, 4);
    assert.equal(cacheLines(s).length, 1, cacheLines(s).join('\n'));
    assert.match(cacheLines(s)[0], /not writable.*going on without it/);
  } finally {
    await s.stop();
  }
});

test('damaged cache files are ignored and rewritten, said once; results are identical to the first run', async () => {
  const cacheDir = path.join(tmp, 'cache');
  const first = await startServer(workspace, { initializationOptions: { cacheDir } });
  const want = await snapshot(first);
  const info1 = await first.conn.sendRequest(ServerInfoRequest, {});
  assert.deepEqual([info1.cache?.hits, info1.cache?.misses, info1.cache?.rejected], [0, 4, 0]);
  // the process's memory, for the bench and the log: peak ≥ resident now > heap in use > 0
  const m = info1.memory;
  assert.ok(m.heapUsedMB > 0 && m.rssMB > m.heapUsedMB && m.peakRssMB >= m.rssMB, JSON.stringify(m));
  assert.deepEqual(cacheLines(first), []);
  await first.stop();

  const entries = cacheFiles(cacheDir);
  assert.equal(entries.length, 4, entries.join('\n'));
  const byPath = new Map(entries.map(f => [JSON.parse(fs.readFileSync(f, 'utf8')).path as string, f]));
  const entry = (rel: string) => byPath.get(path.join(workspace, rel))!;
  fs.writeFileSync(entry('pkg/backend.py'), '\u0000garbage{{{ not json');
  const common = fs.readFileSync(entry('pkg/common.py'), 'utf8');
  fs.writeFileSync(entry('pkg/common.py'), common.slice(0, common.length >> 1)); // cut short
  const sender = JSON.parse(fs.readFileSync(entry('pkg/sender.py'), 'utf8'));
  fs.writeFileSync(entry('pkg/sender.py'), JSON.stringify({ ...sender, functions: 'not a list' }));

  const second = await startServer(workspace, { initializationOptions: { cacheDir } });
  try {
    assert.deepEqual(await snapshot(second), want);
    const info2 = await second.conn.sendRequest(ServerInfoRequest, {});
    assert.deepEqual([info2.cache?.hits, info2.cache?.rejected, info2.cache?.writable], [1, 3, true]);
    assert.equal(cacheLines(second).length, 1, cacheLines(second).join('\n'));
    assert.match(cacheLines(second)[0], /3 unreadable or stale entries ignored and rewritten/);
  } finally {
    await second.stop();
  }
  // rewritten: valid again, for the right files
  for (const rel of ['pkg/backend.py', 'pkg/common.py', 'pkg/sender.py']) {
    const e = JSON.parse(fs.readFileSync(entry(rel), 'utf8'));
    assert.equal(e.path, path.join(workspace, rel));
    assert.ok(Array.isArray(e.functions));
  }
  const third = await startServer(workspace, { initializationOptions: { cacheDir } });
  try {
    assert.deepEqual(await snapshot(third), want);
    const info3 = await third.conn.sendRequest(ServerInfoRequest, {});
    assert.deepEqual([info3.cache?.hits, info3.cache?.misses, info3.cache?.rejected], [4, 0, 0]);
    assert.deepEqual(cacheLines(third), []);
  } finally {
    await third.stop();
  }
});

test('a cache entry of the right key whose contents are not a summary: rejected, redone from disk, said once', async () => {
  const cacheDir = path.join(tmp, 'cache-shape');
  const first = await startServer(workspace, { initializationOptions: { cacheDir } });
  const want = await snapshot(first);
  await first.stop();
  // right engine, key and path, and `functions` is an array: only its element is wrong
  for (const f of cacheFiles(cacheDir)) {
    const e = JSON.parse(fs.readFileSync(f, 'utf8'));
    if (e.path === path.join(workspace, 'pkg/common.py')) fs.writeFileSync(f, JSON.stringify({ ...e, functions: [null] }));
  }
  const second = await startServer(workspace, { initializationOptions: { cacheDir } });
  try {
    assert.deepEqual(await snapshot(second), want);
    assert.equal(cacheLines(second).length, 1, cacheLines(second).join('\n'));
    // the cache's shape check rejects it (the server's retry without the cache is the second line of defense)
    assert.match(cacheLines(second)[0], /cache/);
  } finally {
    await second.stop();
  }
  const third = await startServer(workspace, { initializationOptions: { cacheDir } });
  try {
    assert.deepEqual(await snapshot(third), want, 'the entry was rewritten');
    assert.deepEqual(cacheLines(third), []);
  } finally {
    await third.stop();
  }
});
