// The CLI as a user runs it: the built dist/cli.js, its exit codes and its JSON contract.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const repo = path.resolve(__dirname, '..', '..', '..');
const cli = (args: string[], cwd = repo) => spawnSync(process.execPath, [path.join(repo, 'dist', 'cli.js'), ...args], { cwd, encoding: 'utf8' });

test('analyze --format json keeps the contract names', () => {
  const r = cli(['analyze', '--format', 'json', 'test/fixtures/motivating']);
  assert.equal(r.status, 0, r.stderr);
  const j = JSON.parse(r.stdout);
  assert.equal(j.version, 1);
  for (const k of ['files', 'threads', 'containers', 'findings']) assert.ok(Array.isArray(j[k]), k);
  const f = j.files.find((x: any) => x.path === 'test/fixtures/motivating/pkg/backend.py');
  assert.ok(f, 'paths relative to the current directory');
  for (const k of ['path', 'lines', 'errors', 'symbols']) assert.ok(k in f, k);
  const t = j.threads.find((x: any) => x.id === 'transfer_worker');
  for (const k of ['id', 'name', 'kind', 'entry', 'instances', 'startedAt']) assert.ok(k in t, k);
  const c = j.containers.find((x: any) => x.attr === 'request_status');
  for (const k of ['id', 'owner', 'attr', 'type', 'definedAt', 'accesses']) assert.ok(k in c, k);
  for (const k of ['path', 'line', 'column', 'access', 'op', 'function', 'threads', 'via', 'locks']) assert.ok(k in c.accesses[0], k);
  assert.ok(j.findings.every((x: any) => x.kind && x.container && x.message && x.accesses.every((a: any) => 'callPath' in a)));
});

test('--dict, --writes and --thread narrow the output', () => {
  const r = cli(['analyze', '--format', 'json', '--dict', 'request_status', '--writes', '--thread', 'bootstrap_thread', 'test/fixtures/motivating']);
  assert.equal(r.status, 0, r.stderr);
  const j = JSON.parse(r.stdout);
  assert.deepEqual(j.containers.map((c: any) => c.attr), ['request_status']);
  assert.ok(j.containers[0].accesses.length > 0);
  assert.ok(j.containers[0].accesses.every((a: any) => a.access === 'write' && a.threads.includes('bootstrap_thread')));
});

test('bad usage and unreadable paths exit 2 with a one-line message', () => {
  const missing = cli(['analyze', 'no/such/place']);
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /cannot read no\/such\/place/);
  assert.equal(cli(['analyze', '--format', 'xml', '.']).status, 2);
  assert.equal(cli(['analyze', '--bogus', '.']).status, 2);
  assert.equal(cli(['analyze']).status, 2);
});

test('a file that fails does not lose the others', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tl-cli-'));
  fs.writeFileSync(path.join(dir, 'good.py'), 'import threading\nD = {}\ndef w():\n    D["k"] = 1\nthreading.Thread(target=w).start()\nprint(D.get("k"))\n');
  fs.writeFileSync(path.join(dir, 'binary.py'), Buffer.from([0, 1, 2, 0, 0, 0, 255, 0, 0, 0]));
  fs.writeFileSync(path.join(dir, 'latin.py'), Buffer.from('x = "caf\xe9"\n', 'latin1'));
  fs.writeFileSync(path.join(dir, 'broken.py'), 'def f(:\n    pass\n');
  const r = cli(['analyze', '--format', 'json', dir]);
  assert.equal(r.status, 0, r.stderr);
  const j = JSON.parse(r.stdout);
  assert.match(r.stderr, /binary file skipped/);
  assert.match(r.stderr, /not valid UTF-8/);
  assert.ok(j.files.find((f: any) => f.path.endsWith('broken.py')).errors.length > 0);
  const d = j.containers.find((c: any) => c.attr === 'D');
  assert.ok(d.accesses.some((a: any) => a.access === 'write' && a.threads.includes('w')));
});

test('a report with pieces larger than the output buffer (and non-ASCII text) is written whole, to a file and to a pipe, as JSON.stringify gives it', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tl-cli-big-'));
  try {
    // one dict written 6,000 times: its accesses are one piece of more than a megabyte
    const lines = ['import threading', 'état = {}', 'def work():'];
    for (let i = 0; i < 6000; i++) lines.push(`    état["clé_${i}"] = "valeur ✓ ${i}"`);
    lines.push('threading.Thread(target=work).start()');
    fs.writeFileSync(path.join(dir, 'big.py'), lines.join('\n') + '\n');
    const out = path.join(dir, 'out.json');
    const r = cli(['analyze', '--format', 'json', '-o', out, dir], dir);
    assert.equal(r.status, 0, r.stderr);
    const text = fs.readFileSync(out, 'utf8');
    const j = JSON.parse(text);
    assert.equal(text, JSON.stringify(j, null, 2) + '\n');
    const c = j.containers.find((x: any) => x.attr === 'état');
    assert.equal(c.accesses.filter((a: any) => a.access === 'write').length, 6000);
    assert.ok(JSON.stringify(c.accesses, null, 2).length > 1 << 20, 'the accesses make one piece over the buffer');
    const piped = spawnSync(process.execPath, [path.join(repo, 'dist', 'cli.js'), 'analyze', '--format', 'json', dir], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 28 });
    assert.equal(piped.status, 0, piped.stderr);
    assert.equal(piped.stdout, text);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('exclude globs are relative to the folder given: a project under a folder named build, env or site-packages is analyzed', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tl-cli-'));
  try {
    for (const outer of ['build', 'env', 'site-packages']) {
      const ws = path.join(tmp, outer, 'app');
      fs.mkdirSync(path.join(ws, 'gen'), { recursive: true });
      fs.mkdirSync(path.join(ws, 'build'), { recursive: true });
      fs.writeFileSync(path.join(ws, 'main.py'), 'D = {}\n');
      fs.writeFileSync(path.join(ws, 'gen', 'made.py'), 'E = {}\n');
      fs.writeFileSync(path.join(ws, 'build', 'copy.py'), 'F = {}\n');
      fs.writeFileSync(path.join(ws, 'threadline.json'), JSON.stringify({ exclude: ['gen/**'] }));
      // run from elsewhere: the config's `gen/**` is the project's gen, and the project's own build/ is still skipped
      const paths = (args: string[]) => { const r = cli(['analyze', '--format', 'json', ...args], tmp); assert.equal(r.status, 0, r.stderr); return JSON.parse(r.stdout).files.map((f: { path: string }) => f.path); };
      assert.deepEqual(paths([path.join(outer, 'app')]), [`${outer}/app/main.py`], outer);
      assert.deepEqual(paths(['--exclude', path.join(ws, 'gen', '**'), ws]).map((p: string) => path.basename(p)).sort(), ['copy.py', 'main.py'], `${outer}: an absolute glob`);
    }
  } finally { fs.rmSync(tmp, { recursive: true, force: true }); }
});
