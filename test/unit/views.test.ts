// The views' answers (src/core/views.ts) from the results snapshot equal the live analysis's,
// question by question: every file, symbol, thread and container of the fixtures and of a
// generated workspace, after a round trip through the results cache on disk. A snapshot whose
// view tables do not fit its report is refused.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { writeSyntheticWorkspace } from '../../bench/synth';
import type { Analysis } from '../../src/core/analysis';
import type { SymbolInfo } from '../../src/core/report';
import { ResultsCache, ResultsSnapshot } from '../../src/core/snapshot';
import { ResultsView, SnapshotView } from '../../src/core/views';
import { analyzePaths } from '../../src/core/workspace';
import { assertSame } from './same';

const fixtures = path.resolve(__dirname, '..', '..', '..', 'test', 'fixtures');
const plain = (x: unknown) => JSON.parse(JSON.stringify(x));

/** The analysis's results written to a results cache and read back, as a restart reads them. */
function roundTrip(a: Analysis, dir: string): ResultsSnapshot {
  const cache = new ResultsCache(dir);
  cache.put('slot', 'key', { report: { ...a.report, findings: a.report.findings }, limits: a.limitsHit(), warnings: [], views: a.viewTables() });
  const hit = cache.get('slot', 'key');
  assert.ok(hit?.views, 'the snapshot comes back with its view tables');
  return hit;
}

/** Every answer a view gives, for every file, symbol, thread and container of the report. */
function answers(v: ResultsView): unknown {
  const r = v.report;
  const walk = (p: string, s: SymbolInfo): unknown[] => [s.qualname, v.threadPaths(p, s), ...s.children.flatMap(c => walk(p, c))];
  return plain({
    files: r.files.map(f => ({
      path: f.path, report: v.fileReport(f.path), own: v.ownContainers(f.path), accesses: v.accessesIn(f.path),
      paths: f.symbols.flatMap(s => walk(f.path, s)),
    })),
    entries: r.threads.map(t => [t.id, v.threadEntry(t.id)]),
    containers: r.containers.map(c => [v.containerReportOf(c.id), v.displayName(c.id)]),
    unknown: [v.fileReport('nowhere.py') ?? null, v.ownContainers('nowhere.py'), v.accessesIn('nowhere.py'), v.containerReportOf('no.such') ?? null, v.displayName('no.such'), v.threadEntry('no-such-thread') ?? null],
  });
}

async function compare(dir: string, label: string): Promise<{ paths: number; accesses: number }> {
  const { analysis } = await analyzePaths([dir], { relativeTo: dir, jobs: 1 });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tl-views-'));
  try {
    const view = new SnapshotView(roundTrip(analysis, tmp));
    const want = answers(analysis) as { files: { paths: unknown[]; accesses: unknown[] }[] };
    assertSame(answers(view), want, label);
    // (the comparison is of something: call paths and accesses were there to compare)
    const paths = want.files.flatMap(f => f.paths).filter(p => p && typeof p === 'object' && Object.values(p).some(l => (l as string[]).length > 1)).length;
    return { paths, accesses: want.files.reduce((n, f) => n + f.accesses.length, 0) };
  } finally { fs.rmSync(tmp, { recursive: true, force: true }); }
}

test('every fixture: the snapshot view answers what the analysis answers', async () => {
  let paths = 0, accesses = 0;
  for (const name of fs.readdirSync(fixtures)) {
    const n = await compare(path.join(fixtures, name), name);
    paths += n.paths; accesses += n.accesses;
  }
  assert.ok(paths > 10 && accesses > 100, `${paths} call paths of more than one step, ${accesses} accesses`);
});

test('a generated 60-file workspace (cross-file bases, every kind of thread): the same answers', async () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'tl-views-synth-'));
  try {
    writeSyntheticWorkspace(d, { files: 60 });
    const n = await compare(d, 'synthetic');
    assert.ok(n.paths > 50, `${n.paths} call paths`);
  } finally { fs.rmSync(d, { recursive: true, force: true }); }
});

test('view tables that do not fit the report are refused, not read', async () => {
  const { analysis } = await analyzePaths([path.join(fixtures, 'motivating')], { jobs: 1 });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tl-views-bad-'));
  try {
    const good = roundTrip(analysis, tmp);
    const t = good.views!;
    assert.ok(t.reach.some(x => x.length) && t.symbolFns.length, 'tables to damage');
    const damaged: [string, Partial<typeof t> | undefined][] = [
      ['none', undefined],
      ['an entry line short', { entryLines: t.entryLines.subarray(1) }],
      ['a symbol short', { symbolFns: t.symbolFns.subarray(1) }],
      ['a function number out of range', { symbolFns: t.symbolFns.map(() => t.fnNames.length) }],
      ['a reach pair cut', { reach: t.reach.map(x => (x.length ? x.subarray(1) : x)) }],
      ['a file\'s containers missing', { own: t.own.slice(1) }],
      ['not strings', { fnNames: t.fnNames.map(() => 7 as unknown as string) }],
    ];
    for (const [what, change] of damaged) {
      const views = change && { ...t, ...change };
      assert.throws(() => new SnapshotView({ ...good, views }), /results snapshot/, what);
    }
  } finally { fs.rmSync(tmp, { recursive: true, force: true }); }
});
