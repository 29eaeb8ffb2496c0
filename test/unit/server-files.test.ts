// Files deleted, created, renamed or changed on disk, also while the first index runs: the
// server's index ends consistent with the disk. Over JSON-RPC to dist/server.js, on a temp copy of
// test/fixtures/motivating; file events are sent as the editor's watcher would send them. The
// copy sits in a folder named `site-packages` (an installed package opened as a workspace):
// the exclude globs (`**/site-packages/**` among them) are relative to the workspace folder,
// so it is indexed.
import { test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  ContainerAccessesRequest, ContainersRequest, FileModelRequest, PContainerAccesses, RefreshRequest, ServerInfoRequest,
} from '../../src/protocol/requests';
import { copyFixture, Server, startServer } from './lsp';

const RS = 'pkg.common.BaseManager.request_status';
const Created = 1, Changed = 2, Deleted = 3;

const EXTRA = [
  'from pkg.backend import Manager',
  'from pkg.common import KVPoll',
  '',
  '',
  'class Extra:',
  '    def __init__(self, mgr: Manager):',
  '        self.mgr = mgr',
  '',
  '    def fail(self, room):',
  '        self.mgr.update_status(room, KVPoll.Failed)',
  '',
].join('\n');

let ws: string;
let server: Server;
before(async () => {
  ws = copyFixture('motivating', 'site-packages');
  server = await startServer(ws);
});
after(async () => {
  await server?.stop();
  fs.rmSync(path.dirname(path.dirname(ws)), { recursive: true, force: true });
});

const abs = (rel: string) => path.join(ws, rel);
const uriOf = (rel: string) => pathToFileURL(abs(rel)).href;
function events(s: Server, ...changes: [number, string][]): void {
  void s.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: changes.map(([type, rel]) => ({ type, uri: pathToFileURL(path.join(s.workspace, rel)).href })) });
}
async function accesses(s: Server): Promise<PContainerAccesses> {
  const r = await s.conn.sendRequest(ContainerAccessesRequest, { containerId: RS, writesOnly: false });
  assert.ok(r, `${RS} is gone`);
  return r!;
}
const filesOf = (r: PContainerAccesses) => [...new Set(r.accesses.map(a => path.relative(ws, new URL(a.location.uri).pathname)))].sort();
const symbolNames = async (s: Server, rel: string) =>
  (await s.conn.sendRequest(FileModelRequest, { textDocument: { uri: pathToFileURL(path.join(s.workspace, rel)).href } })).symbols.map(x => x.name);

test('deleted, created and changed files: the deleted one\'s accesses are gone, the new one\'s are there', async () => {
  assert.deepEqual(filesOf(await accesses(server)), ['pkg/backend.py', 'pkg/common.py', 'pkg/sender.py']);
  fs.rmSync(abs('pkg/sender.py'));
  fs.writeFileSync(abs('pkg/extra.py'), EXTRA);
  const backend = fs.readFileSync(abs('pkg/backend.py'), 'utf8');
  fs.writeFileSync(abs('pkg/backend.py'), backend.replace('    def register(self, room, info):', '    def drop(self, room):\n        self.request_status.pop(room, None)\n\n    def register(self, room, info):'));
  events(server, [Deleted, 'pkg/sender.py'], [Created, 'pkg/extra.py'], [Changed, 'pkg/backend.py']);
  const r = await accesses(server);
  assert.deepEqual(filesOf(r), ['pkg/backend.py', 'pkg/common.py', 'pkg/extra.py']);
  assert.ok(r.accesses.some(a => a.location.uri === uriOf('pkg/extra.py') && a.value === 'KVPoll.Failed' && a.via[0] === 'BaseManager.update_status'));
  assert.ok(r.accesses.some(a => a.location.uri === uriOf('pkg/backend.py') && a.op === 'pop' && a.function === 'Manager.drop'), 'the changed file is re-read');
  assert.deepEqual(await symbolNames(server, 'pkg/sender.py'), []);
  assert.deepEqual(await symbolNames(server, 'pkg/extra.py'), ['Extra']);
  // three files that would each rebuild (gone, new, a new method): one full analysis instead
  assert.match((await server.conn.sendRequest(ServerInfoRequest, {})).lastAnalysis, /^full analysis of \d+ files/);
});

test('a body change on disk is applied in place', async () => {
  const backend = fs.readFileSync(abs('pkg/backend.py'), 'utf8');
  fs.writeFileSync(abs('pkg/backend.py'), backend.replace('        self.request_status.pop(room, None)', '        self.request_status.clear()'));
  events(server, [Changed, 'pkg/backend.py']);
  const r = await accesses(server);
  assert.ok(r.accesses.some(a => a.op === 'clear' && a.function === 'Manager.drop'));
  assert.match((await server.conn.sendRequest(ServerInfoRequest, {})).lastAnalysis, /^1 changed file applied \(in place\)/);
});

test('a renamed file moves its accesses and its module name', async () => {
  fs.renameSync(abs('pkg/extra.py'), abs('pkg/extra2.py'));
  events(server, [Deleted, 'pkg/extra.py'], [Created, 'pkg/extra2.py']);
  const r = await accesses(server);
  assert.deepEqual(filesOf(r), ['pkg/backend.py', 'pkg/common.py', 'pkg/extra2.py']);
  assert.ok(r.accesses.some(a => a.location.uri === uriOf('pkg/extra2.py') && a.function === 'Extra.fail'));
  assert.deepEqual(await symbolNames(server, 'pkg/extra.py'), []);
  assert.deepEqual(await symbolNames(server, 'pkg/extra2.py'), ['Extra']);
});

test('a folder created or deleted as a whole (one event for the folder) enters and leaves the index', async () => {
  fs.mkdirSync(abs('pkg/sub'));
  fs.writeFileSync(abs('pkg/sub/__init__.py'), '');
  fs.writeFileSync(abs('pkg/sub/more.py'), EXTRA.replace('class Extra', 'class More'));
  events(server, [Created, 'pkg/sub']);
  assert.ok(filesOf(await accesses(server)).includes('pkg/sub/more.py'), 'the new folder\'s file is indexed');
  fs.rmSync(abs('pkg/sub'), { recursive: true });
  events(server, [Deleted, 'pkg/sub']);
  assert.deepEqual(filesOf(await accesses(server)), ['pkg/backend.py', 'pkg/common.py', 'pkg/extra2.py']);
  assert.deepEqual(await symbolNames(server, 'pkg/sub/more.py'), []);
});

test('a file event under an excluded folder (.venv) does not index it', async () => {
  const before = (await server.conn.sendRequest(ServerInfoRequest, {})).files;
  fs.mkdirSync(abs('.venv/lib'), { recursive: true });
  fs.writeFileSync(abs('.venv/lib/vendored.py'), 'VENDORED = {}\n\ndef put(k):\n    VENDORED[k] = 1\n');
  events(server, [Created, '.venv/lib/vendored.py'], [Created, '.venv']);
  const all = await server.conn.sendRequest(ContainersRequest, {});
  assert.ok(!all.some(c => /VENDORED/.test(c.id)), all.map(c => c.id).join(', '));
  assert.equal((await server.conn.sendRequest(ServerInfoRequest, {})).files, before);
});

test('a file deleted with no event at all is dropped by Refresh', async () => {
  fs.rmSync(abs('pkg/extra2.py'));
  assert.ok(filesOf(await accesses(server)).includes('pkg/extra2.py'), 'no event: still indexed');
  await server.conn.sendRequest(RefreshRequest, {});
  assert.deepEqual(filesOf(await accesses(server)), ['pkg/backend.py', 'pkg/common.py']);
});

test('an open document outlives its file\'s deletion until it is closed', async () => {
  fs.writeFileSync(abs('pkg/extra3.py'), EXTRA);
  const uri = server.open('pkg/extra3.py');
  fs.rmSync(abs('pkg/extra3.py'));
  events(server, [Deleted, 'pkg/extra3.py']);
  assert.deepEqual(await symbolNames(server, 'pkg/extra3.py'), ['Extra'], 'the editor buffer wins while open');
  void server.conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
  assert.deepEqual(await symbolNames(server, 'pkg/extra3.py'), []);
  assert.ok(!filesOf(await accesses(server)).includes('pkg/extra3.py'));
});

test('files deleted, created and changed while the first index runs: the index ends as the disk is', async () => {
  const ws2 = copyFixture('motivating');
  let release!: () => void;
  const hold = new Promise<void>(r => (release = r));
  // the server has listed the files and waits (for its progress token) before reading them
  const s = await startServer(ws2, { holdProgress: hold, noWait: true });
  try {
    await s.progressRequested;
    const at = (rel: string) => path.join(ws2, rel);
    fs.rmSync(at('pkg/sender.py')); // listed, then gone before it is read; its event comes late
    fs.writeFileSync(at('pkg/extra.py'), EXTRA); // created mid-index, event at once
    events(s, [Created, 'pkg/extra.py']);
    fs.writeFileSync(at('pkg/common.py'), fs.readFileSync(at('pkg/common.py'), 'utf8') + '\n    def forget(self, room):\n        del self.request_status[room]\n');
    events(s, [Changed, 'pkg/common.py']);
    release();
    await s.ready;
    events(s, [Deleted, 'pkg/sender.py']);
    const r = (await s.conn.sendRequest(ContainerAccessesRequest, { containerId: RS, writesOnly: false }))!;
    const files = [...new Set(r.accesses.map(a => path.relative(ws2, new URL(a.location.uri).pathname)))].sort();
    assert.deepEqual(files, ['pkg/backend.py', 'pkg/common.py', 'pkg/extra.py']);
    assert.ok(r.accesses.some(a => a.op === 'delitem' && a.function === 'BaseManager.forget'), r.accesses.map(a => a.label).join('\n'));
    assert.ok(s.logs.some(l => /cannot read .*sender\.py/.test(l)), 'the vanished file is said in the log');
    assert.equal((await s.conn.sendRequest(ServerInfoRequest, {})).files, 4); // pkg/__init__, backend, common, extra
  } finally {
    release();
    await s.stop();
    fs.rmSync(path.dirname(ws2), { recursive: true, force: true });
  }
});
