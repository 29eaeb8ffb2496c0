// OpenDocuments keeps trees for the most recently edited documents only; a document whose tree
// was dropped is parsed in full at its next change and ends up with the same tree as one kept.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { loadPython } from '../../src/core/parser';
import { OpenDocuments } from '../../src/server/documents';

const text = (i: number) => `class C${i}:\n    def m(self):\n        self.d = {}\n        self.d[${i}] = 1\n`;

test('open trees are bounded (LRU), and an evicted document reparses in full on its next edit', async () => {
  const p = await loadPython();
  const docs = new OpenDocuments(p, 3);
  for (let i = 0; i < 6; i++) docs.open(`file:///w/m${i}.py`, 'python', 1, text(i));
  assert.equal(docs.treeCount, 3);
  assert.deepEqual(docs.all().map(d => !!d.tree), [false, false, false, true, true, true]);
  // touching m3 keeps it; the next open evicts m4, the least recently used
  docs.change('file:///w/m3.py', 2, [{ range: { start: { line: 3, character: 0 }, end: { line: 3, character: 0 } }, text: '        pass\n' }]);
  docs.open('file:///w/m6.py', 'python', 1, text(6));
  assert.deepEqual(docs.all().filter(d => d.tree).map(d => d.uri).sort(), ['file:///w/m3.py', 'file:///w/m5.py', 'file:///w/m6.py']);
  // m0 lost its tree: an edit parses it in full, and it is kept again (evicting m5)
  const d = docs.change('file:///w/m0.py', 2, [{ range: { start: { line: 3, character: 8 }, end: { line: 3, character: 8 } }, text: 'x = 1; ' }])!;
  assert.ok(d.tree);
  assert.equal(d.tree.rootNode.toString(), p.parser.parse(d.doc.getText())!.rootNode.toString());
  assert.equal(d.doc.getText().split('\n')[3], '        x = 1; self.d[0] = 1');
  assert.equal(docs.treeCount, 3);
  assert.equal(docs.get('file:///w/m5.py')!.tree, null);
  docs.close('file:///w/m0.py');
  assert.equal(docs.treeCount, 2);
});
