// The summary cache on a full disk, for real: dist/cli.js in a child process whose writes stop
// partway. Everywhere: a file-size limit (`ulimit -f`) with SIGXFSZ ignored (Node ignores it
// anyway), so a write past it stores what fits and then fails with EFBIG, as a disk that fills up
// mid-file does. Where this machine lets us mount one (root on Linux): a 64 KiB tmpfs, which fails
// with ENOSPC; skipped elsewhere.
// Outcomes: the report is byte for byte the one of a run without cache, the problem is said once,
// no half-written file is ever read back, and the next run fills in what is missing.
import { after, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const repo = path.resolve(__dirname, '..', '..', '..');
const cliJs = path.join(repo, 'dist', 'cli.js');
const posix = process.platform !== 'win32';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tl-cache-full-'));
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** 12 files whose cache entries grow from about 3 KB to 45 KB, so a 16 KiB limit falls partway. */
const ws = path.join(tmp, 'ws');
const FILES = 12;
fs.mkdirSync(ws);
for (let i = 0; i < FILES; i++) {
  const l = ['import threading', `class W${i}:`, '    def __init__(self):', '        self.d = {}',
    '        threading.Thread(target=self.run).start()', '    def run(self):', '        self.d["k"] = 1'];
  for (let j = 0; j < i * 4; j++) l.push(`    def m${j}(self, k):`, `        return self.d.get(k, ${j})`);
  fs.writeFileSync(path.join(ws, `m${String(i).padStart(2, '0')}.py`), l.join('\n') + '\n');
}

const LIMIT_KIB = 16;

/** The CLI on the workspace; with `limitKiB`, under `ulimit -f` (in 1 KiB blocks) and SIGXFSZ ignored. */
function analyze(cache?: string, limitKiB?: number) {
  const args = [cliJs, 'analyze', '--format', 'json', '--jobs', '1', ...(cache ? ['--cache', cache] : []), ws];
  const pre = limitKiB ? `trap '' XFSZ; ulimit -f ${limitKiB}; ` : '';
  // stdout and stderr are pipes, which the limit does not apply to
  return spawnSync('bash', ['-c', `${pre}exec "$0" "$@"`, process.execPath, ...args], { cwd: tmp, encoding: 'utf8' });
}

function cacheFiles(dir: string): { json: string[]; tmp: string[]; other: string[] } {
  const out = { json: [] as string[], tmp: [] as string[], other: [] as string[] };
  if (!fs.existsSync(dir)) return out;
  // the summary entries' folders (results/ holds the report snapshots: snapshot.test.ts)
  for (const d of fs.readdirSync(dir).filter(d => d !== 'results')) {
    for (const n of fs.readdirSync(path.join(dir, d))) {
      const f = path.join(dir, d, n);
      (n.endsWith('.json') ? out.json : n.endsWith('.tmp') ? out.tmp : out.other).push(f);
    }
  }
  return out;
}

/** Every file under an entry's name is whole: it parses and carries the key it is filed under. */
function assertEntriesWhole(files: string[]) {
  for (const f of files) {
    const key = path.basename(f, '.json');
    let e: { cacheKey?: string; functions?: unknown };
    assert.doesNotThrow(() => { e = JSON.parse(fs.readFileSync(f, 'utf8')); }, `${f} is whole JSON`);
    assert.equal(e!.cacheKey, key, f);
    assert.equal(path.basename(path.dirname(f)), key.slice(0, 2), f);
    assert.ok(Array.isArray(e!.functions), f);
  }
}

const lines = (s: string) => s.split('\n').filter(Boolean);

const base = posix ? analyze() : undefined;
const baseOk = () => {
  assert.equal(base!.status, 0, base!.stderr);
  assert.equal(base!.stderr, '', 'no warnings without a cache');
  assert.equal(JSON.parse(base!.stdout).files.length, FILES);
};

test('a disk that fills up mid-write (EFBIG past a file-size limit): same report, said once, no half entry, filled in on the next run', { skip: !posix }, () => {
  baseOk();
  const cache = path.join(tmp, 'efbig');
  const full = analyze(cache, LIMIT_KIB);
  assert.equal(full.status, 0, full.stderr);
  assert.equal(full.stdout, base!.stdout, 'the report of a run without cache');
  assert.equal(lines(full.stderr).length, 1, full.stderr);
  assert.match(full.stderr, /^threadline: summary cache at .* is not writable \(EFBIG: file too large, write\): going on without it\n$/);

  const c1 = cacheFiles(cache);
  assert.deepEqual(c1.tmp, [], 'the part of the failed write is removed');
  assert.deepEqual(c1.other, []);
  assert.ok(c1.json.length > 0 && c1.json.length < FILES, `written until the limit: ${c1.json.length}`);
  assertEntriesWhole(c1.json);
  for (const f of c1.json) assert.ok(fs.statSync(f).size <= LIMIT_KIB * 1024);

  // mark the entries the full run wrote: the next run must use them, not redo them
  const old = new Date(Date.now() - 3600_000);
  for (const f of c1.json) fs.utimesSync(f, old, old);
  const next = analyze(cache);
  assert.equal(next.status, 0, next.stderr);
  assert.equal(next.stdout, base!.stdout);
  assert.equal(next.stderr, '', 'room again: nothing to say');
  const c2 = cacheFiles(cache);
  assert.equal(c2.json.length, FILES, 'the missing entries are written');
  assert.deepEqual(c2.tmp, []);
  assertEntriesWhole(c2.json);
  // (to the millisecond: file systems keep times in their own units)
  for (const f of c1.json) assert.ok(Math.abs(fs.statSync(f).mtimeMs - old.getTime()) < 1.5, `${f} was read back, not redone`);
});

test('what a process killed mid-write leaves (a cut temporary file) is never read, and prune removes it once stale', { skip: !posix }, () => {
  baseOk();
  const cache = path.join(tmp, 'killed');
  assert.equal(analyze(cache).stdout, base!.stdout);
  // Node ignores SIGXFSZ, so the limit cannot kill it; what a kill mid-write leaves is the entry's
  // first LIMIT_KIB KiB under the temporary name, and no entry under the real one
  const c0 = cacheFiles(cache);
  assert.equal(c0.json.length, FILES);
  const entry = c0.json.map(f => ({ f, size: fs.statSync(f).size })).find(e => e.size > LIMIT_KIB * 1024)!.f;
  const half = `${entry}.99999.tmp`;
  fs.writeFileSync(half, fs.readFileSync(entry).subarray(0, LIMIT_KIB * 1024));
  fs.rmSync(entry);
  // (the report snapshot of the first run would answer without reading any summary)
  fs.rmSync(path.join(cache, 'results'), { recursive: true, force: true });

  const next = analyze(cache);
  assert.equal(next.status, 0, next.stderr);
  assert.equal(next.stdout, base!.stdout);
  assert.equal(next.stderr, '');
  const c1 = cacheFiles(cache);
  assert.equal(c1.json.length, FILES, 'the entry is redone');
  assertEntriesWhole(c1.json);
  assert.deepEqual(c1.tmp, [half], 'a fresh temporary file may be another process writing: kept');

  const stale = new Date(Date.now() - 120_000);
  fs.utimesSync(half, stale, stale);
  const third = analyze(cache);
  assert.equal(third.stdout, base!.stdout);
  assert.equal(third.stderr, '');
  const c2 = cacheFiles(cache);
  assert.deepEqual(c2.tmp, [], 'pruned at the end of the run');
  assert.equal(c2.json.length, FILES);
});

test('a cache on a full tmpfs (ENOSPC): same report, said once, no half entry, filled in once there is room', async t => {
  if (!posix || process.platform !== 'linux') return t.skip('Linux tmpfs only');
  const mnt = path.join(tmp, 'tmpfs');
  fs.mkdirSync(mnt);
  const m = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', mnt], { encoding: 'utf8' });
  if (m.error || m.status !== 0) return t.skip(`cannot mount a tmpfs here: ${m.error?.message ?? m.stderr.trim()}`);
  try {
    baseOk();
    const cache = path.join(mnt, 'c');
    const full = analyze(cache);
    assert.equal(full.status, 0, full.stderr);
    assert.equal(full.stdout, base!.stdout);
    assert.equal(lines(full.stderr).length, 1, full.stderr);
    assert.match(full.stderr, /summary cache at .* is not writable \(ENOSPC: no space left on device, write\): going on without it/);
    const c1 = cacheFiles(cache);
    assert.deepEqual(c1.tmp, [], 'the part of the failed write is removed');
    assert.ok(c1.json.length > 0 && c1.json.length < FILES, `${c1.json.length}`);
    assertEntriesWhole(c1.json);

    const r = spawnSync('mount', ['-o', 'remount,size=16m', mnt], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const next = analyze(cache);
    assert.equal(next.stdout, base!.stdout);
    assert.equal(next.stderr, '');
    const c2 = cacheFiles(cache);
    assert.equal(c2.json.length, FILES);
    assert.deepEqual(c2.tmp, []);
    assertEntriesWhole(c2.json);
  } finally {
    if (spawnSync('umount', [mnt]).status !== 0) spawnSync('umount', ['-l', mnt]);
  }
});
