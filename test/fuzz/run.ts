// npm run fuzz -- --minutes N [--seed S]: a longer fuzz run; crashing inputs are saved under
// test/fuzz-crashes/ for a regression test (test/unit/fuzz.test.ts replays them).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadPython } from '../../src/core/parser';
import { corpus } from './corpus';
import { check, mutate, rng } from './mutate';

async function main() {
  const arg = (k: string, d: number) => { const i = process.argv.indexOf(k); return i > 0 ? Number(process.argv[i + 1]) : d; };
  const minutes = arg('--minutes', 1), seed = arg('--seed', Date.now() % 100000);
  const p = await loadPython();
  const files = corpus(60);
  const rand = rng(seed);
  const out = path.resolve(__dirname, '..', 'test', 'fuzz-crashes');
  const end = Date.now() + minutes * 60000;
  let tried = 0, crashes = 0;
  while (Date.now() < end) {
    const f = files[Math.floor(rand() * files.length)];
    const m = mutate(f.bytes, rand);
    tried++;
    const problem = check(p, m, f.name);
    if (problem) {
      crashes++;
      fs.mkdirSync(out, { recursive: true });
      const file = path.join(out, `crash-${seed}-${tried}.py`);
      fs.writeFileSync(file, m);
      console.log(`${file}: ${problem.split('\n')[0]}`);
    }
  }
  console.log(JSON.stringify({ seed, minutes, inputsTried: tried, crashes }));
  process.exitCode = crashes ? 1 : 0;
}
main();
