// Seeded, reproducible mutations of Python sources, and the check each mutant must pass:
// the engine never throws, stays within its time bound, and its JSON keeps the contract.
import { Analysis } from '../../src/core/analysis';
import { summarizeBytes } from '../../src/core/index';
import { PythonParser } from '../../src/core/parser';

/** mulberry32: small, fast, reproducible. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function mutate(src: Buffer, rand: () => number): Buffer {
  const pick = (n: number) => Math.floor(rand() * n);
  let b = Buffer.from(src);
  const rounds = 1 + pick(4);
  for (let r = 0; r < rounds; r++) {
    if (!b.length) b = Buffer.from('x');
    const i = pick(b.length), len = Math.min(b.length - i, 1 + pick(64));
    switch (pick(6)) {
      case 0: b = Buffer.concat([b.subarray(0, i), b.subarray(i + len)]); break; // delete a range
      case 1: b = Buffer.concat([b.subarray(0, i + len), b.subarray(i, i + len), b.subarray(i + len)]); break; // duplicate it
      case 2: { // swap two ranges
        const j = pick(b.length), l2 = Math.min(b.length - j, len);
        const x = Buffer.from(b.subarray(i, i + len)), y = Buffer.from(b.subarray(j, j + l2));
        if (i + len <= j) b = Buffer.concat([b.subarray(0, i), y, b.subarray(i + len, j), x, b.subarray(j + l2)]);
        break;
      }
      case 3: { // delete or duplicate a line
        const lines = b.toString('latin1').split('\n');
        const k = pick(lines.length);
        if (rand() < 0.5) lines.splice(k, 1); else lines.splice(k, 0, lines[k]);
        b = Buffer.from(lines.join('\n'), 'latin1');
        break;
      }
      case 4: b[i] = pick(256); break; // a random byte
      case 5: b = Buffer.concat([b.subarray(0, i), Buffer.from(['(', '[', ':', '\t', '"""', '\r', '\0', 'def ', 'class '][pick(9)]), b.subarray(i)]); break;
    }
  }
  return b;
}

export const TIME_BOUND_MS = 5000;

/** Returns a problem description, or undefined when the mutant passes. */
export function check(parser: PythonParser, input: Buffer, name: string): string | undefined {
  const t0 = Date.now();
  try {
    const s = summarizeBytes(parser, input, name, 'fuzz', false);
    const a = new Analysis([s], { mainThread: 'main', threads: {} });
    const j = JSON.parse(JSON.stringify(a.report));
    if (j.version !== 1 || !Array.isArray(j.files) || !Array.isArray(j.threads) || !Array.isArray(j.containers) || !Array.isArray(j.findings)) return 'report shape broken';
    for (const f of j.files) if (typeof f.path !== 'string' || !Array.isArray(f.errors) || !Array.isArray(f.symbols)) return 'file entry broken';
    for (const c of j.containers) for (const x of c.accesses) if (!(x.line >= 1 && x.column >= 1) || (x.access !== 'read' && x.access !== 'write')) return `bad access ${JSON.stringify(x)}`;
    if (s.warnings.some(w => w.startsWith('analysis failed'))) return s.warnings.find(w => w.startsWith('analysis failed'));
  } catch (e) {
    return `threw: ${(e as Error).stack ?? e}`;
  }
  const ms = Date.now() - t0;
  return ms > TIME_BOUND_MS ? `took ${ms} ms` : undefined;
}
