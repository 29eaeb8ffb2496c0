// A summary's name tables (a class's attributes, a function's local types, a call's keywords …)
// are tables without a prototype, and cross threads and the cache as `[name, value …]` arrays
// (src/core/wire.ts): Python names never become V8 hidden classes. Once V8's root object map
// had its maximum of transitions from them, every object built by adding properties got a
// hidden class of its own, and an edit of the stdlib's _pyio.py spent most of its time there.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as v8 from 'node:v8';
import { pythonFiles } from './sources';
import { summarizeText } from '../../src/core/index';
import { FileSummary, own } from '../../src/core/model';
import { loadPython } from '../../src/core/parser';
import { summaryFromJson, summaryJson } from '../../src/core/wire';
import { assertSame } from './same';

const fixtures = path.resolve(__dirname, '../../../test/fixtures');

test('every fixture: the summary through its JSON is the same summary, name tables and all', async () => {
  const p = await loadPython();
  for (const f of pythonFiles(fixtures)) {
    const rel = path.relative(fixtures, f);
    const s = summarizeText(p, fs.readFileSync(f, 'utf8'), rel, rel.replace(/\.py$/, '').replace(/[\\/]/g, '.'), false);
    const text = summaryJson(s);
    const back = summaryFromJson(text);
    assertSame(summaryJson(back), text, rel);
    const tables = [back.globals, ...back.classes.map(c => c.attrs), ...back.functions.flatMap(fn => [fn.paramTypes, fn.localTypes, fn.localContainers, fn.localExecutors, ...fn.calls.map(c => c.kwargs)])];
    assert.ok(tables.every(t => Object.getPrototypeOf(t) === null), `${rel}: tables without a prototype`);
    const raw = JSON.parse(text) as { globals: unknown; functions: { paramTypes: unknown; calls: { kwargs: unknown }[] }[] };
    assert.ok(Array.isArray(raw.globals) && raw.functions.every(fn => Array.isArray(fn.paramTypes) && fn.calls.every(c => Array.isArray(c.kwargs))), `${rel}: tables as arrays in the JSON`);
  }
});

test('names that are properties of every JavaScript object are Python names like any other', async () => {
  const p = await loadPython();
  const src = [
    'import threading',
    '__proto__ = {}',
    'constructor = {}',
    'class Box:',
    '    toString = 1',
    '    def __init__(self, hasOwnProperty: dict):',
    '        self.__proto__ = {}',
    '        self.constructor = threading.Lock()',
    '        threading.Thread(target=self.run, valueOf=1).start()',
    '    def run(self):',
    '        with self.constructor:',
    '            self.__proto__["k"] = 1',
    '',
  ].join('\n');
  const s = summarizeText(p, src, 'box.py', 'box', false);
  for (const t of [s, summaryFromJson(summaryJson(s))]) {
    assert.ok(own(t.globals, '__proto__') && own(t.globals, 'constructor'));
    const box = t.classes.find(c => c.name === 'Box')!;
    assert.equal(own(box.attrs, 'constructor')?.lock, true);
    assert.equal(own(box.attrs, '__proto__')?.container, 'dict');
    assert.ok(own(box.attrs, 'toString'));
    assert.equal(own(box.attrs, 'hasOwnProperty'), undefined);
    const init = t.functions.find(f => f.qualname === 'Box.__init__')!;
    assert.equal(own(init.paramTypes, 'hasOwnProperty'), 'dict');
    assert.ok(init.calls.some(c => own(c.kwargs, 'valueOf') === '1'));
    assert.equal(Object.getPrototypeOf(box.attrs), null);
  }
});

test('a damaged table in a summary\'s JSON is refused, not read', async () => {
  const p = await loadPython();
  const s = summarizeText(p, 'class A:\n    x = 1\n', 'a.py', 'a', false);
  const raw = JSON.parse(summaryJson(s)) as { classes: { attrs: unknown }[] };
  for (const bad of [{ x: 1 }, ['x'], [1, 2], 'x']) {
    raw.classes[0].attrs = bad;
    assert.throws(() => summaryFromJson(JSON.stringify(raw)), /name table/);
  }
});

test('thousands of distinct Python names, summarized here and through the JSON, leave V8\'s root map room', async () => {
  // (an object built by adding the same new name twice shares one hidden class, until the root
  // object map has its maximum of transitions: from then on each gets its own)
  v8.setFlagsFromString('--allow-natives-syntax');
  const sameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;
  let n = 0;
  const rootHasRoom = () => {
    const name = `zzFresh${n++}`;
    const a: Record<string, number> = {}, b: Record<string, number> = {};
    a[name] = 1; b[name] = 2;
    return sameMap(a, b);
  };
  assert.ok(rootHasRoom(), 'room at the start');
  const p = await loadPython();
  const lines = ['import threading'];
  for (let i = 0; i < 2500; i++) {
    lines.push(`g${i} = {}`, `class C${i}:`, `    a${i} = 1`, `    def m(self, p${i}: int, q${i}=None):`, `        l${i} = threading.Lock()`,
      `        self.s${i} = {}`, `        f(k${i}=1)`);
  }
  const s: FileSummary = summarizeText(p, lines.join('\n') + '\n', 'many.py', 'many', false);
  assert.equal(s.classes.length, 2500);
  assert.ok(rootHasRoom(), 'room after the summary');
  const back = summaryFromJson(summaryJson(s));
  assert.equal(back.classes.length, 2500);
  assert.ok(rootHasRoom(), 'room after its JSON is read');
});
