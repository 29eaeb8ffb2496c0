// The server's first index on every core (src/core/pool.ts): a workspace big enough for the
// pool gives the answers a one-thread index gives; a pool result read before the file changed
// is dropped, not laid over the newer summary (nor cached); a folder created later goes to the
// pool too.
import { after, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadPython } from '../../src/core/parser';
import { defaultJobs, summarizeJob } from '../../src/core/pool';
import { ContainerAccessesRequest, ServerInfoRequest } from '../../src/protocol/requests';
import { DEFAULT_SETTINGS, WorkspaceIndex } from '../../src/server/workspaceIndex';
import { copyFixture, startServer } from './lsp';

const RS = 'pkg.common.BaseManager.request_status';
const SUBS = 40;
const sub = (k: number) => [
  'import threading',
  'from pkg.common import BaseManager, KVPoll',
  '',
  '',
  `class Sub${k}(BaseManager):`,
  '    def start(self):',
  `        threading.Thread(target=self.run, name="sub${k}").start()`,
  '',
  '    def run(self):',
  '        self.update_status("room", KVPoll.Failed)',
  '',
].join('\n');

const made: string[] = [];
after(() => { for (const d of made) fs.rmSync(d, { recursive: true, force: true }); });

for (const indexThreads of [0, 1]) {
  const threads = indexThreads || defaultJobs();
  test(`a ${SUBS + 4}-file workspace indexed on ${threads} thread(s) (indexThreads ${indexThreads}): every helper write through a subclass, on its thread`, async () => {
    const ws = copyFixture('motivating');
    made.push(path.dirname(ws));
    for (let k = 0; k < SUBS; k++) fs.writeFileSync(path.join(ws, 'pkg', `sub${k}.py`), sub(k));
    const s = await startServer(ws, { initializationOptions: { settings: { indexThreads } } });
    try {
      const total = (await s.conn.sendRequest(ServerInfoRequest, {})).files;
      assert.equal(total, SUBS + 4);
      const line = s.logs.find(l => /^indexed \d+ files in/.test(l)) ?? '';
      assert.match(line, new RegExp(`\\(${total} parsed on ${threads} threads?, 0 reused\\)`));
      const r = (await s.conn.sendRequest(ContainerAccessesRequest, { containerId: RS, writesOnly: true }))!;
      for (let k = 0; k < SUBS; k++) {
        const w = r.accesses.filter(a => a.location.uri.endsWith(`/pkg/sub${k}.py`));
        assert.equal(w.length, 2, `sub${k}.py: ${w.map(a => a.label).join('; ')}`); // update_status writes twice
        for (const a of w) assert.deepEqual(a.threads, [`Sub${k}.run`]); // targets named `run` alike: by qualname
      }
    } finally {
      await s.stop();
    }
  });
}

test(`a folder of ${SUBS} files created after the first index (one watcher event) is summarized on the pool; requests wait for it`, async () => {
  const ws = copyFixture('motivating');
  made.push(path.dirname(ws));
  const threads = defaultJobs();
  const s = await startServer(ws, { initializationOptions: { settings: { indexThreads: 0 } } });
  try {
    assert.equal((await s.conn.sendRequest(ServerInfoRequest, {})).files, 4);
    const folder = path.join(ws, 'pkg', 'subs');
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, '__init__.py'), '');
    for (let k = 0; k < SUBS; k++) fs.writeFileSync(path.join(folder, `sub${k}.py`), sub(k));
    void s.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ type: 1, uri: pathToFileURL(folder).href }] });
    // the next request is answered once the folder's files are in and analyzed
    const r = (await s.conn.sendRequest(ContainerAccessesRequest, { containerId: RS, writesOnly: true }))!;
    for (let k = 0; k < SUBS; k++) {
      const w = r.accesses.filter(a => a.location.uri.endsWith(`/pkg/subs/sub${k}.py`));
      assert.equal(w.length, 2, `sub${k}.py: ${w.map(a => a.label).join('; ')}`);
      for (const a of w) assert.deepEqual(a.threads, [`Sub${k}.run`]);
    }
    assert.equal((await s.conn.sendRequest(ServerInfoRequest, {})).files, SUBS + 5);
    assert.ok(s.logs.some(l => l.startsWith(`${SUBS + 1} files changed on disk summarized in `) && l.endsWith(` on ${threads} thread${threads > 1 ? 's' : ''}`)), s.logs.join('\n'));
  } finally {
    await s.stop();
  }
});

test('a pool result read before the file changed is dropped; one read after is taken and cached', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tl-server-pool-'));
  made.push(dir);
  const ws = path.join(dir, 'ws'), file = path.join(ws, 'a.py');
  fs.mkdirSync(ws);
  fs.writeFileSync(file, 'def old():\n    pass\n');
  const parser = await loadPython();
  const index = new WorkspaceIndex(parser, DEFAULT_SETTINGS, () => undefined, path.join(dir, 'cache'));
  index.setRoots([ws]);
  const names = () => index.analyze().program.fileAt(file)?.functions.map(f => f.qualname);
  const stale = index.prepareFromDisk(file)!;
  assert.ok(stale, 'a miss: a job for the pool');
  fs.writeFileSync(file, 'def new():\n    pass\n');
  index.indexFromDisk(file); // the watcher's event, handled while the pool had the file
  index.acceptFromDisk(stale, summarizeJob(parser, stale.job));
  assert.deepEqual(names(), ['<module>', 'new']);
  // the stale summary did not go into the cache under its key either
  fs.writeFileSync(file, 'def old():\n    pass\n');
  const again = index.prepareFromDisk(file);
  assert.ok(again, 'the old content is still a miss');
  assert.equal(again.key, stale.key);
  index.acceptFromDisk(again, summarizeJob(parser, again.job));
  assert.deepEqual(names(), ['<module>', 'old']);
  assert.equal(index.prepareFromDisk(file), undefined, 'now a hit');
  assert.deepEqual(names(), ['<module>', 'old']);
});
