// The summary cache: hits for unchanged files, damaged entries rebuilt, the folder kept under a size.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { SummaryCache } from '../../src/core/cache';
import { analyzePaths } from '../../src/core/workspace';

const fixture = path.resolve(__dirname, '..', '..', '..', 'test', 'fixtures', 'motivating');

test('a warm run gives the same report from the cache; a damaged entry is redone', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tl-cache-'));
  try {
    const cold = await analyzePaths([fixture], { relativeTo: fixture, cacheDir: dir, jobs: 1 });
    const files = fs.readdirSync(dir).flatMap(d => fs.readdirSync(path.join(dir, d)).map(n => path.join(dir, d, n)));
    assert.equal(files.length, 4);
    fs.writeFileSync(files[0], '{"engine": 1, "truncated');
    const warm = await analyzePaths([fixture], { relativeTo: fixture, cacheDir: dir, jobs: 1 });
    assert.deepEqual(JSON.parse(JSON.stringify(warm.report)), JSON.parse(JSON.stringify(cold.report)));
    assert.doesNotThrow(() => JSON.parse(fs.readFileSync(files[0], 'utf8')), 'rewritten');
  } finally { fs.rmSync(dir, { recursive: true, force: true }); }
});

test('prune keeps the folder under its size, oldest first, and clears stale temporary files', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tl-cache-'));
  try {
    fs.mkdirSync(path.join(dir, 'ab'));
    for (let i = 0; i < 10; i++) {
      const f = path.join(dir, 'ab', `e${i}.json`);
      fs.writeFileSync(f, 'x'.repeat(1000));
      const t = new Date(Date.now() - (10 - i) * 3600_000);
      fs.utimesSync(f, t, t);
    }
    const tmp = path.join(dir, 'ab', 'e0.json.123.tmp');
    fs.writeFileSync(tmp, 'half');
    const old = new Date(Date.now() - 3600_000);
    fs.utimesSync(tmp, old, old);
    const removed = new SummaryCache(dir).prune(4500);
    assert.equal(removed, 7);
    assert.deepEqual(fs.readdirSync(path.join(dir, 'ab')).sort(), ['e6.json', 'e7.json', 'e8.json', 'e9.json']);
  } finally { fs.rmSync(dir, { recursive: true, force: true }); }
});
