// The results cache (src/core/snapshot.ts): a run over unchanged files reads the whole report
// from the cache and it is the report a fresh analysis gives; any change of a file or an option
// misses; a damaged snapshot is detected, dropped and rewritten.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ENGINE_BUILD } from '../../src/core/model';
import { MAX_SNAPSHOTS, ResultsCache } from '../../src/core/snapshot';
import { analyzePaths, reportPaths } from '../../src/core/workspace';

const fixtures = path.resolve(__dirname, '..', '..', '..', 'test', 'fixtures');
const plain = (x: unknown) => JSON.parse(JSON.stringify(x));

/** A copy of two fixtures (one with a syntax error, for its warnings) to edit. */
function workspace(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'tl-snap-'));
  for (const f of ['motivating', 'syntax_error']) fs.cpSync(path.join(fixtures, f), path.join(d, 'ws', f), { recursive: true });
  return d;
}

async function run(d: string, extra: { mainThread?: string } = {}) {
  const warnings: string[] = [];
  const r = await reportPaths([path.join(d, 'ws')], { relativeTo: d, cacheDir: path.join(d, 'cache'), jobs: 1, onWarning: w => warnings.push(w), ...extra });
  return { ...r, warnings };
}

async function fresh(d: string, extra: { mainThread?: string } = {}) {
  const warnings: string[] = [];
  const r = await analyzePaths([path.join(d, 'ws')], { relativeTo: d, jobs: 1, onWarning: w => warnings.push(w), ...extra });
  return { report: plain(r.report), limits: r.analysis.limitsHit(), warnings };
}

const snapshots = (d: string) => fs.readdirSync(path.join(d, 'cache', 'results')).filter(n => n.endsWith('.bin')).map(n => path.join(d, 'cache', 'results', n));

test('the build gives the engine an identity for its caches', () => {
  assert.match(ENGINE_BUILD, /^[0-9a-f]{16}$/);
});

test('a second run over unchanged files reads the report a fresh analysis gives, warnings and all', async () => {
  const d = workspace();
  try {
    const cold = await run(d);
    assert.equal(cold.fromCache, false);
    const warm = await run(d);
    assert.equal(warm.fromCache, true);
    const want = await fresh(d);
    assert.deepEqual(plain(warm.report), want.report);
    assert.deepEqual(plain(cold.report), want.report);
    assert.deepEqual(warm.limits, want.limits);
    assert.ok(want.warnings.some(w => /syntax errors/.test(w)), 'the fixture has a file warning');
    assert.deepEqual(warm.warnings, want.warnings);
    assert.deepEqual(cold.warnings, want.warnings);
    // optional fields come back only where they were set, as the engine makes them
    const keyed = warm.report.containers.flatMap(c => c.accesses).filter(a => a.key !== undefined);
    assert.ok(keyed.length && warm.report.containers.flatMap(c => c.accesses).some(a => !('key' in a)));
  } finally { fs.rmSync(d, { recursive: true, force: true }); }
});

test('findings read later (the language server\'s first answers need none) are the same findings, read when asked for', async () => {
  const d = workspace();
  try {
    const { analysis } = await analyzePaths([path.join(d, 'ws')], { relativeTo: d, jobs: 1 });
    const eager = plain(analysis.report);
    assert.ok(eager.findings.length > 0, 'findings to read later');
    const cache = new ResultsCache(path.join(d, 'cache', 'results'));
    assert.ok(cache.put('slot', 'k', { report: { ...analysis.report, findings: analysis.report.findings }, limits: [], warnings: [] }));
    const later = cache.get('slot', 'k', true);
    assert.ok(later, 'read, its findings left for later');
    assert.ok(Object.getOwnPropertyDescriptor(later.report, 'findings')?.get, 'not read yet');
    assert.deepEqual(plain(later.report.findings), eager.findings);
    assert.ok(!Object.getOwnPropertyDescriptor(later.report, 'findings')?.get, 'read once, then kept');
    assert.deepEqual(plain(later.report), eager);
    assert.deepEqual(plain(cache.get('slot', 'k')!.report), eager);
  } finally { fs.rmSync(d, { recursive: true, force: true }); }
});

test('an edited file, or another option, misses; the new report is the fresh one', async () => {
  const d = workspace();
  try {
    await run(d);
    const f = path.join(d, 'ws', 'motivating', 'pkg', fs.readdirSync(path.join(d, 'ws', 'motivating', 'pkg')).find(n => n.endsWith('.py') && n !== '__init__.py')!);
    fs.appendFileSync(f, '\n\ndef added_later(d):\n    d["k"] = 1\n');
    const edited = await run(d);
    assert.equal(edited.fromCache, false);
    assert.deepEqual(plain(edited.report), (await fresh(d)).report);
    assert.ok(edited.report.files.some(x => x.symbols.some(s => s.name === 'added_later')));
    assert.equal((await run(d)).fromCache, true);
    const other = await run(d, { mainThread: 'ui' });
    assert.equal(other.fromCache, false);
    assert.equal(other.report.mainThread, 'ui');
    assert.deepEqual(plain(other.report), (await fresh(d, { mainThread: 'ui' })).report);
  } finally { fs.rmSync(d, { recursive: true, force: true }); }
});

test('a damaged snapshot (a flipped byte, cut short, or not one at all) is not used, and is rewritten', async () => {
  const d = workspace();
  try {
    await run(d);
    const [file] = snapshots(d);
    const good = fs.readFileSync(file);
    const flipped = Buffer.from(good);
    flipped[flipped.length - 100] ^= 0x40;
    for (const bad of [flipped, good.subarray(0, good.length >> 1), Buffer.from('not a snapshot at all')]) {
      fs.writeFileSync(file, bad);
      const r = await run(d);
      assert.equal(r.fromCache, false);
      assert.deepEqual(plain(r.report), (await fresh(d)).report);
      assert.ok(!fs.readFileSync(file).equals(bad), 'rewritten');
      assert.equal((await run(d)).fromCache, true);
    }
    // counted as rejected (a stale key is a plain miss)
    const cache = new ResultsCache(path.join(d, 'other'));
    const small = { report: { version: 1 as const, mainThread: 'main', files: [], threads: [], containers: [], findings: [] }, limits: [], warnings: [] };
    cache.put('slot', 'k1', small);
    assert.deepEqual(cache.get('slot', 'k1'), small);
    assert.equal(cache.get('slot', 'k2'), undefined);
    assert.equal(cache.rejected, 0);
    const [one] = fs.readdirSync(path.join(d, 'other'));
    const b = fs.readFileSync(path.join(d, 'other', one));
    b[b.length - 1] ^= 1;
    fs.writeFileSync(path.join(d, 'other', one), b);
    assert.equal(cache.get('slot', 'k1'), undefined);
    assert.equal(cache.rejected, 1);
  } finally { fs.rmSync(d, { recursive: true, force: true }); }
});

test(`at most ${MAX_SNAPSHOTS} snapshots are kept, the newest`, async () => {
  const d = workspace();
  try {
    for (let i = 0; i < MAX_SNAPSHOTS + 2; i++) await run(d, { mainThread: `m${i}` });
    assert.equal(snapshots(d).length, MAX_SNAPSHOTS);
    assert.equal((await run(d, { mainThread: `m${MAX_SNAPSHOTS + 1}` })).fromCache, true);
    assert.equal((await run(d, { mainThread: 'm0' })).fromCache, false);
  } finally { fs.rmSync(d, { recursive: true, force: true }); }
});
