// An open document's summary takes over the top-level statements an edit did not touch
// (src/core/segments.ts). Whatever the edit, the summary must be the one a full walk of the
// new text gives, byte for byte, and the previous summary must be left as it was (the analysis
// still holds it). Seeded edits on the fixtures and threaded standard-library files, and edits
// aimed at what one statement leaves for the next: imports, aliases, globals, `global`,
// module-level locks, lambdas, annotations, a class defined twice.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { pythonFiles } from './sources';
import { summarizeText } from '../../src/core/index';
import { FileSummary, FunctionSummary } from '../../src/core/model';
import { loadPython, PythonParser } from '../../src/core/parser';
import { shiftedFrom, SummaryMemo } from '../../src/core/segments';
import { lineShift } from '../../src/core/shape';
import type { MirrorState } from '../../src/core/syntax';
import { rng } from '../fuzz/mutate';
import { assertSame } from './same';

const root = path.resolve(__dirname, '../../..');
const stdlib = (() => {
  const r = spawnSync('python3', ['-c', "import sysconfig;print(sysconfig.get_paths()['stdlib'])"], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : '';
})();
const STDLIB = ['concurrent/futures/thread.py', 'queue.py', 'socketserver.py', 'sched.py'];

/** Lines typed at a random place: each changes what the statements after it see. */
const INSERTS = [
  'import threading as th', 'from collections import OrderedDict as Dict', 'Thread = th.Thread', 'pool = ThreadPoolExecutor()',
  'global shared', 'shared = {}', 'shared: dict = {}', 'lock = threading.Lock()', 'lock.acquire()', 'lock.release()',
  'threading.Thread(target=lambda: shared.clear()).start()', '# threadline: thread=worker', 'def added(self):\n    self.d["k"] = 1',
  'class Dup:\n    def m(self):\n        self.x = {}', 'with ThreadPoolExecutor() as ex:\n    ex.submit(print)', 'x = y = {}',
];

function edit(text: string, rand: () => number): string {
  const lines = text.split('\n');
  const k = Math.floor(rand() * (lines.length + 1));
  const pick = Math.floor(rand() * 7);
  if (pick === 0) { lines.splice(k, 0, INSERTS[Math.floor(rand() * INSERTS.length)]); return lines.join('\n'); }
  if (pick === 1) { lines.splice(k, 0, ''); return lines.join('\n'); }
  if (pick === 2) { lines.splice(k, 1); return lines.join('\n'); }
  if (pick === 3 && k < lines.length) { lines.splice(k, 0, lines[k]); return lines.join('\n'); }
  // a character typed, or taken out, somewhere
  const at = Math.floor(rand() * (text.length + 1));
  return pick === 4 ? text.slice(0, at) + text.slice(at + 1) : text.slice(0, at) + (pick === 5 ? ' ' : 'x') + text.slice(at);
}

/** Summarizes `texts` one after another as an open document is; each against a full walk. */
function follow(p: PythonParser, name: string, texts: string[]): { reused: number; walked: number } {
  const mirror: MirrorState = {}, memo: SummaryMemo = {};
  let prev: FileSummary | undefined, prevJson = '';
  let reused = 0, walked = 0;
  texts.forEach((text, i) => {
    const s = summarizeText(p, text, 'm.py', 'm', false, [], { mirror, memo });
    const full = summarizeText(p, text, 'm.py', 'm', false);
    assertSame(JSON.stringify(s, null, 1), JSON.stringify(full, null, 1), `${name} step ${i}: the summary is the full walk's`);
    if (prev) {
      assertSame(JSON.stringify(prev), prevJson, `${name} step ${i}: the previous summary is unchanged`);
      // what the analysis is told of moved functions holds
      const before = new Set(prev.functions);
      for (const f of s.functions) {
        const k = shiftedFrom.get(f);
        if (k && before.has(k.from)) assert.equal(lineShift({ ...k.from }, { ...f }), k.shift, `${name} step ${i}: ${f.qualname} moved by ${k.shift}`);
      }
    }
    if (i > 0) { reused += memo.reused ?? 0; walked += memo.walked ?? 0; }
    prev = s; prevJson = JSON.stringify(s);
  });
  return { reused, walked };
}

test('an open document\'s summary takes over untouched statements and equals the full walk: seeded edits', async () => {
  const p = await loadPython();
  const files = pythonFiles(path.join(root, 'test/fixtures'));
  for (const f of STDLIB) if (stdlib && fs.existsSync(path.join(stdlib, f))) files.push(path.join(stdlib, f));
  let reused = 0, walked = 0;
  for (const [n, file] of files.entries()) {
    const rand = rng(20261204 + n);
    let text = fs.readFileSync(file, 'utf8');
    const texts = [text];
    for (let i = 0; i < 24; i++) texts.push((text = edit(text, rand)));
    const t0 = Date.now();
    const r = follow(p, path.relative(root, file), texts);
    if (process.env.SEG_DEBUG) process.stderr.write(`${path.relative(root, file)} ${Date.now() - t0} ms ${JSON.stringify(r)}\n`);
    reused += r.reused; walked += r.walked;
  }
  // most statements of a long file are outside any one edit (a file left broken by an edit is
  // walked whole until it parses again)
  assert.ok(reused > walked, `taken over ${reused}, walked ${walked}`);
});

test('statements whose effects reach later ones: each scripted edit equals the full walk', async () => {
  const p = await loadPython();
  const base = [
    'import threading', 'from concurrent.futures import ThreadPoolExecutor', '', 'shared = {}', 'lock = threading.Lock()', '',
    'def worker():', '    shared["k"] = 1', '', '# threadline: thread=worker', 'def annotated():', '    shared.pop("k")', '',
    'class Store:', '    def __init__(self):', '        self.d = {}', '        self.pool = ThreadPoolExecutor()', '    def put(self, k):', '        self.pool.submit(self.d.clear)', '',
    'threading.Thread(target=worker).start()', 'threading.Thread(target=lambda: shared.clear()).start()', '',
  ];
  const variants: [string, (l: string[]) => void][] = [
    ['an import changed', l => { l[0] = 'import threading as threading2'; }],
    ['an alias bound', l => { l.splice(3, 0, 'Thread = threading.Thread'); }],
    ['the global changed kind', l => { l[3] = 'shared = []'; }],
    ['a global statement at module level', l => { l.splice(3, 0, 'global shared'); }],
    ['the lock taken at module level', l => { l.splice(5, 0, 'lock.acquire()'); }],
    ['the lock let go again', l => { l.splice(20, 0, 'lock.release()'); }],
    ['a lambda before the lambda', l => { l.splice(20, 0, 'threading.Thread(target=lambda: print()).start()'); }],
    ['the annotation taken away', l => { l[9] = '# no annotation'; }],
    ['an annotation added above a def', l => { l.splice(6, 0, '# threadline: thread=other'); }],
    ['a class defined twice', l => { l.push('class Store:', '    def again(self):', '        self.d = []'); }],
    ['a class defined twice, then once', l => { l.push('class Store2:', '    def again(self):', '        self.d = []'); }],
    ['an executor bound in a with at module level', l => { l.splice(20, 0, 'with ThreadPoolExecutor() as shared_pool:', '    pass'); }],
    ['two statements on a line', l => { l[3] = 'shared = {}; other = {}'; }],
    ['the first of them edited', l => { l[3] = 'shared = {}; other = {}'.replace('shared', 'sharex'); }],
    ['nesting too deep', l => { l.splice(4, 0, 'x = ' + '['.repeat(420) + ']'.repeat(420)); }],
    ['nesting too deep, then a line above it', l => { l.splice(0, 0, ''); }],
    // (a fork's child branch is told from the name a statement before bound: Scope.forks)
    ['a fork, and its child branch after it', l => { l.push('import os', 'pid = os.fork()', 'if pid:', '    os._exit(0)', 'else:', '    worker()'); }],
    ['a line between the fork and the test', l => { l.splice(l.indexOf('if pid:'), 0, ''); }],
    ['the fork\'s name bound again', l => { l.splice(l.indexOf('if pid:'), 0, 'pid = None'); }],
  ];
  const texts = [base.join('\n')];
  let lines = base.slice();
  for (const [, change] of variants) {
    change(lines);
    texts.push(lines.join('\n'));
    // and each one typed inside a body after it
    lines = lines.map(l => (l === '    shared["k"] = 1' ? '    shared["k"] = 12' : l === '    shared["k"] = 12' ? '    shared["k"] = 1' : l));
    texts.push(lines.join('\n'));
  }
  const r = follow(p, 'scripted', texts);
  assert.ok(r.reused > 0 && r.walked > 0, JSON.stringify(r));
});

test('a thread made, started and joined at the top level: the statement that makes it reads the ones after it', async () => {
  const p = await loadPython();
  // (ThreadStart.joinedNext reads the statements after the one that makes the thread: one
  // taken over must read the same, Segment.ahead)
  const base = ['import threading', '', 'def worker():', '    pass', '', 'admin = threading.Thread(target=worker)', 'admin.start()', 'admin.join()'];
  const texts = [
    base,
    base.slice(0, 7),
    [...base.slice(0, 7), 'worker()', 'admin.join()'],
    base,
    [...base.slice(0, 6), 'admin.run()', ...base.slice(6)],
  ].map(l => l.join('\n'));
  const r = follow(p, 'joined', texts);
  assert.ok(r.reused > 0, JSON.stringify(r));
});

test('a function moved by every keystroke holds only the version before it, not all of them', async () => {
  const p = await loadPython();
  const mirror: MirrorState = {}, memo: SummaryMemo = {};
  const body = ['import threading', '', 'class Store:', '    def put(self, k):', '        self.d[k] = 1', '', 'def worker():', '    pass'];
  const put = (s: FileSummary) => s.functions.find(f => f.qualname === 'Store.put')!;
  let before: FunctionSummary | undefined;
  // a new line above it at each step, as typing Enter does
  for (let n = 0; n < 4; n++) {
    const now = put(summarizeText(p, [body[0], ...Array(n).fill(''), ...body.slice(1)].join('\n'), 'm.py', 'm', false, [], { mirror, memo }));
    if (before) {
      const link = shiftedFrom.get(now);
      assert.ok(link, `step ${n}: Store.put was taken over, moved`);
      assert.equal(link.from, before, `step ${n}: from the version before`);
      assert.equal(link.shift, 1);
      // (the version before no longer links to its own earlier one: a chain of them all would
      // stay reachable from the current one)
      assert.equal(shiftedFrom.get(before), undefined, `step ${n}: the version before holds no earlier one`);
    }
    before = now;
  }
});
