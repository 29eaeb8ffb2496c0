// Odd input: encodings, line endings, syntax errors, extremes. Each has its stated outcome.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { loadPython } from '../../src/core/parser';
import { summarizeBytes, summarizeText } from '../../src/core/index';
import { Analysis } from '../../src/core/analysis';
import { FileSummary } from '../../src/core/model';

const CLASS = (nl: string) => ['class A:', '    def __init__(self):', '        self.d = {}', '    def w(self, k):', '        self.d[k] = 1', ''].join(nl);

const writes = (s: FileSummary) => s.functions.flatMap(f => f.accesses.filter(a => a.op === 'setitem').map(a => `${a.line}:${a.column}`));

test('CRLF, lone CR and a BOM keep lines and columns right', async () => {
  const p = await loadPython();
  const lf = summarizeText(p, CLASS('\n'), 'a.py', 'a', false);
  const crlf = summarizeText(p, CLASS('\r\n'), 'a.py', 'a', false);
  const cr = summarizeText(p, CLASS('\r'), 'a.py', 'a', false);
  const bom = summarizeBytes(p, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(CLASS('\n'))]), 'a.py', 'a', false);
  assert.deepEqual(writes(lf), ['5:9'], JSON.stringify(lf.functions.map(f => [f.qualname, f.accesses])));
  assert.deepEqual(writes(crlf), ['5:9']);
  assert.deepEqual(writes(cr), ['5:9']);
  assert.deepEqual(writes(bom), ['5:9']);
  assert.equal(lf.lines, 5);
});

test('binary content is skipped with a warning; non-UTF-8 is decoded and reported', async () => {
  const p = await loadPython();
  const bin = summarizeBytes(p, Buffer.alloc(200, 0), 'b.py', 'b', false);
  assert.deepEqual(bin.warnings, ['binary file skipped']);
  const latin = summarizeBytes(p, Buffer.from('S = {}\ndef f():\n    S["\xe9"] = 1\n', 'latin1'), 'l.py', 'l', false);
  assert.match(latin.warnings.join(), /not valid UTF-8/);
  assert.equal(latin.functions.find(f => f.name === 'f')!.accesses[0].key, '"\uFFFD"');
});

test('a syntax error in one method loses nothing outside the broken block', async () => {
  const p = await loadPython();
  const good = CLASS('\n') + '    def r(self, k):\n        return self.d.get(k)\n';
  const broken = CLASS('\n') + '    def x(self):\n        v = [1, 2,\n' + '    def r(self, k):\n        return self.d.get(k)\n';
  const a = summarizeText(p, good, 'g.py', 'g', false);
  const b = summarizeText(p, broken, 'g.py', 'g', false);
  assert.ok(b.errors.length > 0 && b.errors[0].line === 7, JSON.stringify(b.errors));
  const reads = (s: FileSummary) => s.functions.filter(f => f.name === 'r').flatMap(f => f.accesses.map(x => `${x.op}@${x.line}`));
  assert.deepEqual(reads(a), ['get@7']);
  assert.deepEqual(reads(b), ['get@9']);
  assert.deepEqual(writes(b), writes(a));
});

test('extremes finish: deep nesting, many methods, cyclic inheritance, mutual recursion', async () => {
  const p = await loadPython();
  // 100 nested blocks (the grammar's indent stack is bounded) and 500 nested brackets
  let deep = 'def f(x):\n';
  for (let i = 1; i <= 100; i++) deep += ' '.repeat(i) + (i % 2 ? 'if x:\n' : 'while x:\n');
  deep += ' '.repeat(101) + 'y = ' + '['.repeat(500) + ']'.repeat(500) + '\n';
  const d = summarizeText(p, deep, 'd.py', 'd', false);
  assert.equal(d.symbols.length, 1, JSON.stringify([d.errors.slice(0, 3), d.warnings]));
  let many = 'class M:\n    def __init__(self):\n        self.s = {}\n';
  for (let i = 0; i < 10000; i++) many += `    def m${i}(self):\n        self.s[${i}] = self.m${(i + 1) % 10000}()\n`;
  const m = summarizeText(p, many, 'm.py', 'm', false);
  const cyc = summarizeText(p, 'class A(B):\n    def f(self):\n        self.g()\nclass B(A):\n    def g(self):\n        self.f()\n', 'c.py', 'c', false);
  const a = new Analysis([m, cyc], { mainThread: 'main', threads: {} });
  assert.equal(a.report.files.length, 2);
  const s = a.report.containers.find(c => c.attr === 's')!;
  assert.ok(s.accesses.length >= 10000);
});
