// The pinned grammar loads and parses modern Python without errors.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { loadPython } from '../../src/core/parser';
import { summarizeText } from '../../src/core/index';

const MODERN = `import asyncio
from dataclasses import dataclass

@dataclass(frozen=True)
class Point:
    x: int
    y: int

async def fetch(q):
    if (n := len(q)) > 3:
        print(f"{n=} items, first {q[0]!r:>10}")
    match q:
        case [Point(x=0, y=y), *rest]:
            return y
        case {"k": v}:
            return v
        case _:
            return None
`;

test('the pinned grammar parses match, walrus, f-strings, decorators and async def', async () => {
  const p = await loadPython();
  const tree = p.parser.parse(MODERN)!;
  assert.equal(tree.rootNode.hasError, false, 'no syntax errors');
  tree.delete();
  const s = summarizeText(p, MODERN, 'modern.py', 'modern', false);
  assert.deepEqual(s.errors, []);
  const names = s.symbols.map(x => `${x.kind} ${x.qualname}${x.async ? ' async' : ''}`);
  assert.deepEqual(names, ['class Point', 'function fetch async']);
  assert.deepEqual(s.symbols[0].decorators, ['dataclass(frozen=True)']);
});

test('columns are UTF-16 code units, as the editor counts them', async () => {
  const p = await loadPython();
  const text = 'class A:\n    def f(self):\n        s = "héllo😀"; self.d["k"] = 1\n    def __init__(self):\n        self.d = {}\n';
  const s = summarizeText(p, text, 'u.py', 'u', false);
  const f = s.functions.find(x => x.qualname === 'A.f')!;
  const w = f.accesses.find(a => a.op === 'setitem')!;
  assert.equal(w.column, text.split('\n')[2].indexOf('self.d') + 1);
});
