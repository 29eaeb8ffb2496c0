// What a half-typed line costs the rest of the file: a call left open (`foo(`) swallows the
// lines after it, and tree-sitter may fold the whole module into one ERROR from line 1. The
// recovery must skip that statement alone, wherever its error shows, and keep every function of
// the file, and the accesses of every function but the broken one.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { summarizeText } from '../../src/core/index';
import { softKeywordsAsNames } from '../../src/core/recovery';
import { loadPython } from '../../src/core/parser';

const stdlib = (() => {
  const r = spawnSync('python3', ['-c', "import sysconfig;print(sysconfig.get_paths()['stdlib'])"], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : '';
})();
const FILES = ['_pyio.py', 'queue.py', 'socketserver.py', 'concurrent/futures/thread.py', 'logging/handlers.py'];
/** A line of a body that ends a simple statement (no colon, comma, open bracket or backslash at its end). */
const BODY_LINE = /^\s+[A-Za-z_][^#'"]*[^:,(\[{\\\s]$/;

test('an unclosed call typed into a body line skips that line only, and keeps the rest of the file', async t => {
  if (!stdlib) { t.skip('no python3 standard library on this machine'); return; }
  const p = await loadPython();
  let cases = 0;
  for (const f of FILES) {
    const abs = path.join(stdlib, f);
    if (!fs.existsSync(abs)) continue;
    const text = fs.readFileSync(abs, 'utf8');
    const lines = text.split('\n');
    const whole = summarizeText(p, text, f, 'm', false);
    // (the function around the broken line may see its names differently: a local it bound there is not bound)
    const accessesOf = (s: typeof whole, skip: number) => s.functions.filter(fn => fn.kind === 'module' || skip < fn.line || skip > fn.endLine)
      .map(fn => `${fn.qualname}:${fn.accesses.filter(a => a.line !== skip).length}`);
    // lines of code (a call or access is on them), not of a docstring, nor a continuation
    const code = new Set<number>();
    for (const fn of whole.functions) for (const x of [...fn.calls, ...fn.accesses]) if (x.line === x.endLine) code.add(x.line - 1);
    const isStart = (i: number) => code.has(i) && BODY_LINE.test(lines[i]) && !/[,(\[{\\]\s*$/.test(lines[i - 1] ?? '');
    for (let k = 1; k <= 8; k++) {
      let i = Math.floor((k / 9) * lines.length);
      while (i < lines.length && !isStart(i)) i++;
      // (the next line must start a statement of its own, as typing at a line's end leaves it)
      if (i + 1 >= lines.length || /^\s*[)\]}]/.test(lines[i + 1])) continue;
      const edited = [...lines.slice(0, i), lines[i] + ' + foo(', ...lines.slice(i + 1)].join('\n');
      const s = summarizeText(p, edited, f, 'm', false);
      const what = `${f}:${i + 1} ${JSON.stringify(lines[i].trim())}`;
      assert.ok(s.errors.length > 0, `${what}: the error is reported`);
      assert.ok(s.warnings.includes(`syntax errors: analysis skipped line ${i + 1}`), `${what}: ${s.warnings.join('; ')}`);
      assert.deepEqual(s.functions.map(fn => fn.qualname), whole.functions.map(fn => fn.qualname), `${what}: every function kept`);
      assert.deepEqual(accessesOf(s, i + 1), accessesOf(whole, i + 1), `${what}: every other access kept`);
      cases++;
    }
  }
  assert.ok(cases >= 20, `${cases} cases`);
});

test('`match` starting a statement with a bracket is a name unless a colon ends the statement', async () => {
  const cases: [string, boolean][] = [
    ['match["k"] = 1\n', true],
    ['    match [k] += 1  # a comment: not a colon\n', true],
    ['match(x)\n', true],
    ['match(x,\n      ":")\n', true],
    ['match (x):\n    case 1: pass\n', false],
    ['match [a,\n       b]:  # subject over two lines\n    case _: pass\n', false],
    ['match x:\n    case 1: pass\n', false],
    ['matches[0] = 1\n', false],
  ];
  for (const [src, renamed] of cases) {
    const out = softKeywordsAsNames(src);
    assert.equal(out !== undefined, renamed, src);
    if (out !== undefined) assert.equal(out.length, src.length, src);
  }
  // With another error later in the file: that block is skipped, and the name read is `match`.
  const p = await loadPython();
  const src = 'def f(d):\n    match(d)\n    match["k"] = 1\n\ndef g(:\n    pass\n\ndef h(d):\n    d.clear()\n';
  const s = summarizeText(p, src, 'm.py', 'm', false);
  assert.deepEqual(s.errors.map(e => e.line), [5]);
  const f = s.functions.find(fn => fn.qualname === 'f')!;
  assert.ok(f.calls.some(c => c.line === 2 && JSON.stringify(c).includes('"match"')), 'the call in f is kept, by its name');
  assert.ok(s.functions.some(fn => fn.qualname === 'h'), 'h after the broken def is kept');
  assert.ok(!src.includes('matc_') && !JSON.stringify(s).includes('matc_'), 'no parse-only name leaks into the summary');
});
