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
import type { FileSummary } from '../../src/core/model';

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

/** A class writing its dict before and after `deep`, in the same file: what must survive it. */
const around = (deep: string) => [
  'class Before:', '    def __init__(self):', '        self.a = {}', '    def w(self, k):', '        self.a[k] = 1',
  deep,
  'class After:', '    def __init__(self):', '        self.b = {}', '    def w(self, k):', '        self.b[k] = 2', '',
].join('\n');
const writesOf = (s: FileSummary, qualname: string) =>
  s.functions.filter(f => f.qualname === qualname).flatMap(f => f.accesses.filter(a => a.access === 'write').map(a => `${[a.target.root, ...a.target.attrs].join('.')}@${a.line}`));

test('500 nested blocks (if/def/class/while/with): within 5 s, a warning naming the indentation limit, the code around still analyzed', async () => {
  // CPython itself stops at 100 levels ("too many levels of indentation"). The grammar keeps each
  // indentation width in a byte: past 255 columns the nesting is misread, so that is said.
  const p = await loadPython();
  const kinds = ['if x:', 'def f{i}():', 'class C{i}:', 'while x:', 'with lock:'];
  for (const [unit, name] of [[' ', '1 space'], ['    ', '4 spaces'], ['\t', 'tabs']] as const) {
    const width = unit === '\t' ? 8 : unit.length;
    const deep = ['def deep(x):'];
    for (let i = 1; i <= 500; i++) deep.push(unit.repeat(i) + kinds[i % kinds.length].replace('{i}', String(i)));
    deep.push(unit.repeat(501) + 'y = 1');
    const src = around(deep.join('\n'));
    const t0 = Date.now();
    const s = summarizeText(p, src, 'nest.py', 'nest', false);
    assert.ok(Date.now() - t0 < 5000, `${name}: ${Date.now() - t0} ms`);
    assert.ok(!s.warnings.some(w => /analysis failed/.test(w)), `${name}: ${s.warnings.join('; ')}`);
    const firstTooDeep = 6 + Math.ceil(256 / width); // line of `def deep` is 6, level i is on line 6 + i
    assert.ok(s.warnings.includes(`indentation deeper than 255 columns at line ${firstTooDeep}: past the parser's limit, the nesting from there on is not parsed reliably`),
      `${name}: ${s.warnings.join('; ')}`);
    assert.deepEqual(writesOf(s, 'Before.w'), ['self.a@5'], name);
    assert.deepEqual(writesOf(s, 'After.w'), [`self.b@${6 + 502 + 4}`], name);
  }
});

test('blocks indented up to 255 columns parse whole and say nothing', async () => {
  const p = await loadPython();
  const deep = ['def deep(self, k):'];
  for (let i = 1; i <= 62; i++) deep.push('    '.repeat(i) + (i % 2 ? 'if k:' : 'for j in k:'));
  deep.push('    '.repeat(63) + 'self.c[k] = 3'); // column 253
  const s = summarizeText(p, around(deep.join('\n')), 'nest.py', 'nest', false);
  assert.deepEqual(s.warnings, []);
  assert.deepEqual(s.errors, []);
  assert.deepEqual(writesOf(s, 'deep'), ['self.c@69']);
  assert.deepEqual(writesOf(s, 'After.w'), [`self.b@${6 + 64 + 4}`]);
});

test('500 nested brackets of every kind inside a method: within 5 s, the inside skipped with a warning, the writes around it kept', async () => {
  const p = await loadPython();
  const open = ['g(', '[', '(', '{0: ', '{', 'self.d.get('], close = [')', ']', ')', '}', '}', ')'];
  let expr = 'self.d.pop(k)';
  for (let i = 0; i < 500; i++) expr = open[i % open.length] + expr + close[i % close.length];
  const deep = ['class Mid:', '    def __init__(self):', '        self.d = {}', '    def m(self, k):',
    '        self.d[k] = 1', `        y = ${expr}`, '        self.d[k + 1] = 2'].join('\n');
  const t0 = Date.now();
  const s = summarizeText(p, around(deep), 'br.py', 'br', false);
  assert.ok(Date.now() - t0 < 5000);
  assert.deepEqual(s.errors, []);
  assert.ok(s.warnings.some(w => /^nesting deeper than 400 levels at line 11: the inside is not analyzed$/.test(w)), s.warnings.join('; '));
  assert.deepEqual(writesOf(s, 'Mid.m'), ['self.d@10', 'self.d@12'], 'the writes before and after the deep line');
  assert.ok(!s.functions.find(f => f.qualname === 'Mid.m')!.accesses.some(a => a.op === 'pop'), 'the innermost call is past the limit');
  assert.deepEqual(writesOf(s, 'Before.w'), ['self.a@5']);
  assert.deepEqual(writesOf(s, 'After.w'), ['self.b@17']);
});
