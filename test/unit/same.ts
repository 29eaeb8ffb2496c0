// Equality of large values (summaries, reports, mirrors) with a short failure message. A plain
// assert.deepEqual or assert.equal on them attaches both values to the error, and node's test
// runner then works on a diff of two 100 KB values for longer than CI waits: one failing step
// made `npm test` spin for over twenty minutes. Here the failure says where they first differ.
import * as assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';

const CONTEXT = 4;

export function assertSame(actual: unknown, expected: unknown, what: string): void {
  if (isDeepStrictEqual(actual, expected)) return;
  const a = lines(actual), e = lines(expected);
  let i = 0;
  while (i < a.length && i < e.length && a[i] === e[i]) i++;
  const show = (l: string[]) => l.slice(Math.max(0, i - CONTEXT), i + CONTEXT).map((x, k) => `${Math.max(0, i - CONTEXT) + k === i ? '>' : ' '} ${x.slice(0, 200)}`).join('\n');
  const note = a.length === e.length && i === a.length ? ' (the same JSON: they differ in what JSON does not show, such as undefined properties or key order)' : '';
  assert.fail(`${what}: differs at line ${i + 1} of ${e.length} of the expected JSON${note}\nexpected:\n${show(e)}\nactual:\n${show(a)}`);
}

function lines(v: unknown): string[] {
  return (typeof v === 'string' ? v : JSON.stringify(v, null, 1) ?? String(v)).split('\n');
}
