// The CLI writes its JSON in pieces (a whole workspace's report outgrows one string): the pieces
// must join to exactly what JSON.stringify(value, null, 2) gives, on any shape of value.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { jsonPieces } from '../../src/core/format';
import { analyzePaths } from '../../src/core/workspace';

const same = (v: unknown) => assert.equal([...jsonPieces(v)].join(''), JSON.stringify(v, null, 2) ?? 'null', JSON.stringify(v));

test('pieces join to JSON.stringify on odd values', () => {
  for (const v of [null, 0, -1.5, 'a\nb "q" \u2028', true, [], {}, [[]], [{}], { a: undefined, b: 1 }, { f: () => 1, s: Symbol('x'), n: null },
    [undefined, () => 1, 2], { a: { b: { c: { d: [1, { e: 'x\ny' }] } } } }, [[[[[1, 2], []]]]], { d: new Date(0), m: new Map([[1, 2]]) },
    { nested: [{ x: [], y: {}, z: [{ w: 'deep\nline' }] }] }, { 'key "quoted"\n': [1] }])
    same(v);
});

test('pieces join to JSON.stringify on every fixture report', async () => {
  const fixtures = path.resolve(__dirname, '..', '..', '..', 'test', 'fixtures');
  for (const name of ['motivating', 'helpers_chain', 'inheritance', 'syntax_error']) {
    const { report } = await analyzePaths([path.join(fixtures, name)], { jobs: 1, relativeTo: fixtures });
    assert.ok(report.containers.length, name);
    same(report);
  }
});
