// The summarizing pool (src/core/pool.ts): on any number of threads, the summaries of the
// calling thread alone, in job order; a failed file and a dead worker each contained.
import { after, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { SummaryCache } from '../../src/core/cache';
import type { FileSummary } from '../../src/core/model';
import { Job, summarizeFiles } from '../../src/core/pool';
import { summaryJson } from '../../src/core/wire';
import { pythonFiles } from './sources';

const fixtures = path.resolve(__dirname, '../../../test/fixtures');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tl-pool-'));
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

const jobs: Job[] = pythonFiles(fixtures).map(abs => {
  const rel = path.relative(fixtures, abs).split(path.sep).join('/');
  return { abs, path: rel, module: rel.replace(/\.py$/, '').replace(/\//g, '.'), isPackage: rel.endsWith('__init__.py') };
});
// one that cannot be read, in the middle
jobs.splice(jobs.length >> 1, 0, { abs: path.join(tmp, 'gone.py'), path: 'gone.py', module: 'gone', isPackage: false });

test('the fixtures are enough files to keep two workers busy', () => assert.ok(jobs.length >= 20, `${jobs.length} jobs`));

// a summary from a worker has come through JSON, as one from the cache has: compared as such
const plain = (r: unknown) => JSON.parse(JSON.stringify(r));

test('1, 2 and 3 threads give the same results, in job order, each file reported done once', async () => {
  const alone = await summarizeFiles(jobs, { threads: 1 });
  for (const threads of [2, 3]) {
    const seen: number[] = [];
    const r = await summarizeFiles(jobs, { threads, onDone: d => seen.push(d) });
    assert.deepEqual(plain(r), plain(alone), `${threads} threads`);
    assert.deepEqual(seen, jobs.map((_, i) => i + 1));
  }
  alone.forEach((s, i) => { if (typeof s !== 'string') assert.equal(s.path, jobs[i].path); });
  const failed = alone.filter(s => typeof s === 'string');
  assert.equal(failed.length, 1);
  assert.match(failed[0] as string, /^cannot read gone\.py: ENOENT/);
});

test('each result is handed on as it is made, a worker\'s with its JSON; the cache writes that JSON as it writes the summary', async () => {
  const got = new Map<number, { r: unknown; json?: string }>();
  const r = await summarizeFiles(jobs, { threads: 2, onResult: (i, res, json) => { assert.ok(!got.has(i), `job ${i} twice`); got.set(i, { r: res, json }); } });
  assert.equal(got.size, jobs.length);
  let withJson = 0;
  for (const [i, { r: res, json }] of got) {
    assert.equal(res, r[i]);
    if (json !== undefined) { withJson++; assert.equal(json, summaryJson(res as FileSummary)); }
  }
  assert.ok(withJson > 0 && withJson < jobs.length, `${withJson} of ${jobs.length} came from the worker`);
  // the same file either way, and read back the same
  const cache = new SummaryCache(path.join(tmp, 'cache'));
  const [i, { r: res, json }] = [...got].find(([, g]) => g.json !== undefined)!;
  const s = res as FileSummary;
  cache.put('a'.repeat(64), s);
  cache.put('b'.repeat(64), s, json);
  const text = (k: string) => fs.readFileSync(path.join(tmp, 'cache', k.slice(0, 2), `${k}.json`), 'utf8');
  assert.equal(text('b'.repeat(64)), text('a'.repeat(64)).replace('a'.repeat(64), 'b'.repeat(64)));
  assert.deepEqual(plain(cache.get('b'.repeat(64), jobs[i].path)), plain(s));
});

test('a worker that dies has its files summarized on the calling thread, and says so', async () => {
  const crashing = path.join(tmp, 'crash.js');
  fs.writeFileSync(crashing, "require('node:worker_threads').parentPort.on('message', () => { throw new Error('boom'); });\n");
  const warnings: string[] = [];
  const r = await summarizeFiles(jobs, { threads: 3, script: crashing, onWarning: w => warnings.push(w) });
  assert.deepEqual(plain(r), plain(await summarizeFiles(jobs, { threads: 1 })));
  assert.equal(warnings.length, 2, warnings.join('\n'));
  for (const w of warnings) assert.match(w, /^a summarizing thread stopped \(boom\): its \d+ file\(s\) are done on the main thread$/);
});

/** Every empty list and table of a summary, and how many of them are not the shared frozen ones. */
function empties(s: FileSummary): { total: number; own: number } {
  let total = 0, own = 0;
  const see = (x: unknown[] | Record<string, unknown>) => {
    if (Array.isArray(x) ? x.length : Object.keys(x).length) return;
    total++;
    if (!Object.isFrozen(x)) own++;
  };
  const path = (p: { attrs: string[] }) => see(p.attrs);
  for (const f of s.functions) {
    for (const x of [f.params, f.decorators, f.nested, f.locals, f.calls, f.accesses, f.starts, f.paramTypes, f.localTypes, f.localContainers, f.localExecutors]) see(x);
    for (const c of f.calls) { path(c.callee); see(c.args); see(c.locks); see(c.kwargs); }
    for (const a of f.accesses) { path(a.target); see(a.locks); }
  }
  for (const c of s.classes) { for (const x of [c.bases, c.methods, c.decorators, c.baseTexts, c.attrs]) see(x); c.bases.forEach(path); }
  const syms = (l: FileSummary['symbols']) => { for (const y of l) { see(y.threads); see(y.children); syms(y.children); } };
  syms(s.symbols);
  return { total, own };
}

test('summaries from a worker and from the cache share their empty lists and tables, as those made here do', async () => {
  const got: { s: FileSummary; json?: string }[] = [];
  await summarizeFiles(jobs, { threads: 2, onResult: (_, res, json) => { if (typeof res !== 'string') got.push({ s: res, json }); } });
  const fromWorker = got.filter(g => g.json !== undefined), here = got.filter(g => g.json === undefined);
  assert.ok(fromWorker.length && here.length);
  const cache = new SummaryCache(path.join(tmp, 'cache-empties'));
  cache.put('c'.repeat(64), fromWorker[0].s, fromWorker[0].json);
  const cached = cache.get('c'.repeat(64), fromWorker[0].s.path)!;
  let total = 0;
  for (const [what, s] of [...fromWorker.map(g => ['worker', g.s] as const), ...here.map(g => ['this thread', g.s] as const), ['cache', cached] as const]) {
    const e = empties(s);
    total += e.total;
    assert.equal(e.own, 0, `${what}: ${s.path} has ${e.own} empty lists or tables of its own`);
  }
  assert.ok(total > 1000, `${total} empties seen`);
});
