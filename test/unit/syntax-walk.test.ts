// The tree mirror walks through the wasm functions directly (see scripts/build.mjs); the public
// TreeCursor walk is the reference. Both must give the same mirror on every kind of input:
// the fixtures, threaded standard library files, broken code (ERROR and MISSING nodes),
// non-ASCII text (UTF-16 offsets) and deep nesting.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { pythonFiles } from './sources';
import { loadPython } from '../../src/core/parser';
import { MirrorState, mirrorDirect, mirrorTree, mirrorWithCursor, SyntaxNode } from '../../src/core/syntax';
import { assertSame } from './same';

function flat(n: SyntaxNode, out: string[] = [], depth = 0): string[] {
  // iterative: 500-deep inputs are among the cases
  const stack: [SyntaxNode, number][] = [[n, depth]];
  while (stack.length) {
    const [x, d] = stack.pop()!;
    out.push(`${d} ${x.type} ${x.field} ${x.start}-${x.end} ${x.named ? 'n' : 'a'} ${x.error ?? ''} ${x.parent ? x.parent.start : '-'}`);
    for (let i = x.children.length - 1; i >= 0; i--) stack.push([x.children[i], d + 1]);
  }
  return out;
}

const root = path.resolve(__dirname, '../../..');
const stdlib = (() => {
  const r = spawnSync('python3', ['-c', "import sysconfig;print(sysconfig.get_paths()['stdlib'])"], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : '';
})();
const STDLIB = ['concurrent/futures/thread.py', 'queue.py', 'socketserver.py', 'logging/handlers.py', 'multiprocessing/pool.py', 'threading.py', 'asyncio/base_events.py'];

const CASES: Record<string, string> = {
  'unclosed bracket': 'def f(:\n    x = [1, 2\n    return x\nclass C:\n  def g(self): self.d["k"] = 1\n',
  'missing colon': 'class A\n    def f(self)\n        pass\n',
  'stray tokens': 'x = = 1\n)))\ndef ok():\n    return {"a": 1}\n',
  'non-ASCII offsets': 'def f():\n    d["é中😀"] = "ü"  # ß\n    return d.get("😀")\n',
  'deep nesting': 'x = ' + '['.repeat(500) + ']'.repeat(500) + '\n' + Array.from({ length: 100 }, (_, i) => ' '.repeat(i) + 'if x:\n').join('') + ' '.repeat(100) + 'pass\n',
  'empty': '',
  'only a comment': '# nothing here\n',
};

test('the direct walk is what mirrorTree uses in the bundle', async () => {
  const p = await loadPython();
  const tree = p.parser.parse('x = 1\n')!;
  try {
    assert.doesNotThrow(() => mirrorDirect(tree, p.language), 'the build exposes the wasm functions');
    assertSame(flat(mirrorTree(tree, p.language)), flat(mirrorWithCursor(tree, p.language)), 'the direct walk');
  } finally { tree.delete(); }
});

test('direct walk and cursor walk give the same mirror: fixtures, stdlib, broken and odd input', async () => {
  const p = await loadPython();
  const inputs: [string, string][] = Object.entries(CASES);
  for (const f of pythonFiles(path.join(root, 'test/fixtures'))) inputs.push([path.relative(root, f), fs.readFileSync(f, 'utf8')]);
  for (const f of STDLIB) {
    const abs = path.join(stdlib, f);
    if (stdlib && fs.existsSync(abs)) inputs.push([f, fs.readFileSync(abs, 'utf8')]);
  }
  assert.ok(inputs.length > Object.keys(CASES).length + 5, 'fixtures were found');
  let errors = 0;
  for (const [name, text] of inputs) {
    const tree = p.parser.parse(text)!;
    try {
      if (tree.rootNode.hasError) errors++;
      // twice in a row: the walk leaves nothing behind that changes the next one
      const a = flat(mirrorDirect(tree, p.language)), b = flat(mirrorWithCursor(tree, p.language)), c = flat(mirrorDirect(tree, p.language));
      assertSame(a, b, name);
      assertSame(c, b, `${name} (second walk)`);
    } finally { tree.delete(); }
  }
  assert.ok(errors >= 3, 'broken inputs were among the cases');
});

/** Edits as typing makes them: a character, a new line, a deleted character, a pasted statement. */
function seededEdits(text: string, seed: number, count: number): string[] {
  let x = seed;
  const rnd = (n: number) => { x = (x * 1103515245 + 12345) % 2147483648; return x % Math.max(1, n); };
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const at = rnd(text.length + 1);
    const kind = rnd(5);
    if (kind === 0) text = text.slice(0, at) + ' ' + text.slice(at);
    else if (kind === 1) text = text.slice(0, at) + '\n' + text.slice(at);
    else if (kind === 2) text = text.slice(0, at) + text.slice(at + 1);
    else if (kind === 3) text = text.slice(0, at) + 'x' + text.slice(at);
    else text = text.slice(0, at) + '\ndef added(self):\n    self.d["k"] = 1\n' + text.slice(at);
    out.push(text);
  }
  return out;
}

test('a mirror that reuses the last one (an open document) is the full mirror, edit after edit', async () => {
  const p = await loadPython();
  const files = [...pythonFiles(path.join(root, 'test/fixtures')).slice(0, 6), ...(stdlib ? STDLIB.slice(0, 3).map(f => path.join(stdlib, f)) : [])];
  const inputs: [string, string][] = files.map(f => [path.basename(f), fs.readFileSync(f, 'utf8')]);
  // an edit deep inside nested blocks: the old nodes around it are taken over at every depth
  inputs.push(['deep blocks', Array.from({ length: 60 }, (_, i) => ' '.repeat(i) + `if x${i}:\n` + ' '.repeat(i + 1) + `y${i} = [${i}]\n`).join('') + ' '.repeat(60) + 'pass\n']);
  let reused = 0, nested = 0;
  for (const [k, [name, original]] of inputs.entries()) {
    const state: MirrorState = {};
    let tree = p.parser.parse(original)!;
    mirrorTree(tree, p.language, state, original);
    for (const [i, text] of seededEdits(original, k + 1, 25).entries()) {
      tree.delete();
      tree = p.parser.parse(text)!;
      const had = state.root?.children.slice() ?? [];
      const below = new Set<SyntaxNode>();
      for (const c of had) for (const x of descendants(c)) below.add(x);
      const inc = mirrorTree(tree, p.language, state, text);
      reused += inc.children.filter(c => had.includes(c)).length;
      // inside the statements the edit is in (new nodes), old nodes taken over
      for (const c of inc.children) if (!had.includes(c)) for (const x of descendants(c)) if (below.has(x)) nested++;
      assertSame(flat(inc), flat(mirrorWithCursor(tree, p.language)), `${name} edit ${i}`);
    }
    tree.delete();
  }
  assert.ok(reused > 0, 'statements outside the edits were taken over');
  assert.ok(nested > 0, 'nodes outside the edits inside the edited statements were taken over');
});

test('a mirror reused across an edit to indentation: the same text after it may nest otherwise', async () => {
  const p = await loadPython();
  // One space taken out of the first `with`'s indentation: the text after the edit is the
  // same (the deleted space may as well be the one before `with`), but the second `with` is
  // now inside the first. The old block after the edit has the same type and extent.
  const before = 'class A:\n    def audit(self):\n        with self.guard:\n            pass\n        with self.guard:\n\n            self.notes.clear()\n';
  const pairs: [string, string][] = [
    [before.replace('            pass\n', ''), before.replace('            pass\n', '').replace('        with self.guard:\n        with', '       with self.guard:\n        with')],
    [before, before.replace('    def audit', '  def audit')],
    ['if a:\n    x = 1\n    y = 2\n', 'if a:\n  x = 1\n  y = 2\n'],
  ];
  for (const [i, [a, b]] of pairs.entries()) {
    const state: MirrorState = {};
    const ta = p.parser.parse(a)!, tb = p.parser.parse(b)!;
    try {
      if (ta.rootNode.hasError || tb.rootNode.hasError) continue;
      mirrorTree(ta, p.language, state, a);
      assertSame(flat(mirrorTree(tb, p.language, state, b)), flat(mirrorWithCursor(tb, p.language)), `case ${i}`);
    } finally { ta.delete(); tb.delete(); }
  }
});

function descendants(n: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [], stack = [...n.children];
  while (stack.length) { const x = stack.pop()!; out.push(x); stack.push(...x.children); }
  return out;
}
