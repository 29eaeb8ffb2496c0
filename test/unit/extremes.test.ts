// Extremes each finish within a stated bound, with a clear message where a limit was hit.
import { after, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadPython } from '../../src/core/parser';
import { summarizeText } from '../../src/core/index';
import { analyzePaths } from '../../src/core/workspace';
import { discover } from '../../src/core/files';

const made: string[] = [];
const tmp = () => { const d = fs.mkdtempSync(path.join(os.tmpdir(), 'tl-extreme-')); made.push(d); return d; };
after(() => { for (const d of made) fs.rmSync(d, { recursive: true, force: true }); });

test('a 100,000-line file is analyzed in full within 20 s', async () => {
  const p = await loadPython();
  const lines = ['import threading', 'class Big:', '    def __init__(self):', '        self.d = {}'];
  for (let i = 0; lines.length < 100000; i++) lines.push(`    def m${i}(self, k):`, `        self.d[k] = ${i}`);
  const src = lines.join('\n') + '\n';
  const t0 = Date.now();
  const s = summarizeText(p, src, 'big.py', 'big', false);
  assert.ok(Date.now() - t0 < 20000);
  assert.ok(s.lines >= 100000);
  assert.ok(s.functions.length > 49000);
  assert.deepEqual(s.errors, []);
});

test('a single 5 MB line is skeleton-only with a message, within 20 s', async () => {
  const p = await loadPython();
  const src = 'X = [' + '1, '.repeat(1_700_000) + ']\ndef f():\n    return X\n';
  const t0 = Date.now();
  const s = summarizeText(p, src, 'wide.py', 'wide', false);
  assert.ok(Date.now() - t0 < 20000);
  assert.ok(s.warnings.some(w => /skeleton only/.test(w)), s.warnings.join());
  assert.deepEqual(s.symbols.map(x => x.name), ['f']);
});

test('import cycles and two modules with the same name on different roots resolve without looping', async () => {
  const d = tmp();
  fs.mkdirSync(path.join(d, 'a', 'pkg'), { recursive: true });
  fs.mkdirSync(path.join(d, 'b', 'pkg'), { recursive: true });
  for (const r of ['a', 'b']) fs.writeFileSync(path.join(d, r, 'pkg', '__init__.py'), '');
  fs.writeFileSync(path.join(d, 'a', 'pkg', 'one.py'), 'from pkg.two import helper\nSTATE = {}\ndef start():\n    helper()\n');
  fs.writeFileSync(path.join(d, 'a', 'pkg', 'two.py'), 'from pkg.one import STATE\nfrom pkg.two import helper as again\ndef helper():\n    STATE["k"] = 1\n');
  fs.writeFileSync(path.join(d, 'b', 'pkg', 'one.py'), 'OTHER = {}\n');
  const t0 = Date.now();
  const { report } = await analyzePaths([path.join(d, 'a'), path.join(d, 'b')], { relativeTo: d, jobs: 1 });
  assert.ok(Date.now() - t0 < 10000);
  const state = report.containers.find(c => c.attr === 'STATE')!;
  assert.ok(state.accesses.some(a => a.function === 'start' && a.via[0] === 'helper'), 'the cross-module helper write');
  assert.equal(report.files.length, 5);
});

test('a symlink loop in the workspace is visited once and said', () => {
  const d = tmp();
  fs.mkdirSync(path.join(d, 'src'));
  fs.writeFileSync(path.join(d, 'src', 'm.py'), 'x = 1\n');
  fs.symlinkSync(d, path.join(d, 'src', 'loop'));
  const warnings: string[] = [];
  const t0 = Date.now();
  const { files } = discover([d], { onWarning: w => warnings.push(w) });
  assert.ok(Date.now() - t0 < 5000);
  assert.equal(files.length, 1);
  assert.ok(warnings.some(w => /symlink loop/.test(w)), warnings.join());
});

test('deep and cyclic inheritance and recursive helpers terminate', async () => {
  let src = 'class C0:\n    def __init__(self):\n        self.d = {}\n    def h(self, n):\n        self.d[n] = n\n        self.h(n - 1)\n';
  for (let i = 1; i < 300; i++) src += `class C${i}(C${i - 1}):\n    def h${i}(self):\n        self.h(${i})\n`;
  src += 'class X(Y):\n    pass\nclass Y(X):\n    def f(self):\n        self.g()\n    def g(self):\n        self.f()\n';
  const d = tmp();
  fs.writeFileSync(path.join(d, 'deep.py'), src);
  const t0 = Date.now();
  const { report } = await analyzePaths([d], { relativeTo: d, jobs: 1 });
  assert.ok(Date.now() - t0 < 10000);
  const dd = report.containers.find(c => c.attr === 'd')!;
  assert.ok(dd.accesses.some(a => a.function === 'C299.h299' && a.via[0] === 'C0.h'));
});
