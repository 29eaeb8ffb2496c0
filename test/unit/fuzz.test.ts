// A bounded, seeded fuzz pass (the long run is `npm run fuzz -- --minutes N`), and every saved
// crash replayed as a regression test.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadPython } from '../../src/core/parser';
import { corpus } from '../fuzz/corpus';
import { check, mutate, rng } from '../fuzz/mutate';

const COUNT = 400;
const BUDGET_MS = 60000;

test(`fuzz: ${COUNT} seeded mutants of fixtures and stdlib files`, async () => {
  const p = await loadPython();
  const files = corpus(8);
  assert.ok(files.length > 10);
  const rand = rng(20261202);
  const t0 = Date.now();
  const problems: string[] = [];
  let n = 0;
  for (; n < COUNT && Date.now() - t0 < BUDGET_MS; n++) {
    const f = files[Math.floor(rand() * files.length)];
    const m = mutate(f.bytes, rand);
    const problem = check(p, m, f.name);
    if (problem) problems.push(`#${n} from ${f.name}: ${problem.split('\n')[0]}`);
  }
  assert.deepEqual(problems, []);
  assert.ok(n >= 50, `only ${n} mutants within the budget`);
});

test('saved fuzz crashes stay fixed', async () => {
  const p = await loadPython();
  const dir = path.resolve(__dirname, '..', '..', '..', 'test', 'fuzz-crashes');
  for (const f of fs.existsSync(dir) ? fs.readdirSync(dir).filter(x => x.endsWith('.py')) : []) {
    assert.equal(check(p, fs.readFileSync(path.join(dir, f)), f), undefined, f);
  }
});
