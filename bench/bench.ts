// npm run bench: the engine over the Python standard library of this machine, against
// parse-only in the same run. Prints a table and JSON; figures go into the README.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Analysis } from '../src/core/analysis';
import { discover } from '../src/core/files';
import * as os from 'node:os';
import { summarizeBytes, summarizeTree } from '../src/core/index';
import { defaultJobs } from '../src/core/pool';
import { analyzePaths } from '../src/core/workspace';
import { FileSummary } from '../src/core/model';
import { loadPython } from '../src/core/parser';
import { decodeSource } from '../src/core/source';

function stdlibDir(): string {
  const arg = process.argv.find(a => a.startsWith('--stdlib='));
  if (arg) return arg.slice('--stdlib='.length);
  const r = spawnSync('python3', ['-c', "import sysconfig;print(sysconfig.get_paths()['stdlib'])"], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error('python3 not found: pass --stdlib=DIR');
  return r.stdout.trim();
}

async function main() {
  const dir = stdlibDir();
  const { files } = discover([dir], { exclude: ['**/test/**', '**/tests/**', '**/idle_test/**', '**/site-packages/**', '**/__pycache__/**'] });
  const inputs = files.map(f => ({ ...f, bytes: fs.readFileSync(f.abs) }));
  const texts = inputs.map(f => decodeSource(f.bytes).text);
  const lines = texts.reduce((n, t) => n + t.split('\n').length, 0);
  const p = await loadPython();
  // warm-up: let the JIT see both paths before timing
  for (let i = 0; i < Math.min(40, inputs.length); i++) { p.parser.parse(texts[i])?.delete(); summarizeBytes(p, inputs[i].bytes, inputs[i].abs, inputs[i].module, inputs[i].isPackage); }

  const t0 = process.hrtime.bigint();
  for (const t of texts) p.parser.parse(t)?.delete();
  const parseOnly = Number(process.hrtime.bigint() - t0) / 1e9;

  const t1 = process.hrtime.bigint();
  const summaries: FileSummary[] = inputs.map(f => summarizeBytes(p, f.bytes, path.relative(dir, f.abs), f.module, f.isPackage));
  const t2 = process.hrtime.bigint();
  const analysis = new Analysis(summaries, { mainThread: 'main', threads: {} });
  const t3 = process.hrtime.bigint();
  const summarize = Number(t2 - t1) / 1e9, cross = Number(t3 - t2) / 1e9, full = summarize + cross;
  const r = analysis.report;
  // RSS once the stdlib is indexed and analyzed (the runs below only add to it)
  const indexRssMB = Math.round(process.memoryUsage().rss / 1048576);

  // Cold index from disk with 1 worker (in-thread) and N workers, then a warm start from the cache.
  const exclude = ['**/test/**', '**/tests/**', '**/idle_test/**', '**/site-packages/**', '**/__pycache__/**'];
  const jobs = defaultJobs();
  const time = async (f: () => Promise<unknown>) => { const t = process.hrtime.bigint(); await f(); return Number(process.hrtime.bigint() - t) / 1e9; };
  const cold1 = await time(() => analyzePaths([dir], { exclude, jobs: 1, relativeTo: dir }));
  const coldN = await time(() => analyzePaths([dir], { exclude, jobs, relativeTo: dir }));
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadline-bench-cache-'));
  const coldCached = await time(() => analyzePaths([dir], { exclude, jobs, relativeTo: dir, cacheDir }));
  const warm = await time(() => analyzePaths([dir], { exclude, jobs, relativeTo: dir, cacheDir }));
  fs.rmSync(cacheDir, { recursive: true, force: true });

  // A one-character edit in a ~2,700-line file: incremental reparse + summary of that file
  // (200 edits), and the cross-file passes over the whole index (measured separately).
  const big = inputs.map((f, i) => ({ f, i, n: texts[i].split('\n').length })).sort((a, b) => Math.abs(a.n - 2700) - Math.abs(b.n - 2700))[0];
  let text = texts[big.i];
  let tree = p.parser.parse(text)!;
  const per: number[] = [];
  for (let k = 0; k < 200; k++) {
    // a space typed at the end of a line: harmless to the syntax, like most keystrokes
    const at = text.indexOf('\n', Math.floor((k / 200) * text.length));
    const t = process.hrtime.bigint();
    const next = text.slice(0, at) + ' ' + text.slice(at);
    const before = text.slice(0, at);
    const row = before.split('\n').length - 1;
    const column = at - (before.lastIndexOf('\n') + 1);
    tree.edit({ startIndex: at, oldEndIndex: at, newEndIndex: at + 1, startPosition: { row, column }, oldEndPosition: { row, column }, newEndPosition: { row, column: column + 1 } });
    const t2 = p.parser.parse(next, tree)!;
    tree.delete();
    tree = t2;
    text = next;
    summarizeTree(p, tree, text, big.f.abs, big.f.module, big.f.isPackage);
    per.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  tree.delete();
  per.sort((a, b) => a - b);
  const reanalyze: number[] = [];
  for (let k = 0; k < 3; k++) { const t = process.hrtime.bigint(); new Analysis(summaries, { mainThread: 'main', threads: {} }); reanalyze.push(Number(process.hrtime.bigint() - t) / 1e6); }
  const edit = { file: path.relative(dir, big.f.abs), lines: big.n, fileP50ms: +per[100].toFixed(1), fileP95ms: +per[190].toFixed(1), crossFileMs: Math.round(Math.min(...reanalyze)) };

  // For reference: tools a user would otherwise run, where installed.
  const ctags = spawnSync('ctags', ['--version'], { encoding: 'utf8' });
  let ctagsSeconds: number | null = null;
  if (ctags.status === 0 && /Universal Ctags/.test(ctags.stdout)) {
    const t = process.hrtime.bigint();
    spawnSync('ctags', ['-R', '-f', '/dev/null', '--languages=Python', '--exclude=test', '--exclude=tests', '--exclude=site-packages', dir]);
    ctagsSeconds = +(Number(process.hrtime.bigint() - t) / 1e9).toFixed(2);
  }
  const pyright = spawnSync('pyright', ['--version'], { encoding: 'utf8' }).status === 0 ? 'installed: not run by default' : null;

  const result = {
    stdlib: dir, files: inputs.length, lines,
    parseOnlySeconds: +parseOnly.toFixed(3),
    summarizeSeconds: +summarize.toFixed(3),
    crossFileSeconds: +cross.toFixed(3),
    fullAnalysisSeconds: +full.toFixed(3),
    ratioToParseOnly: +(full / parseOnly).toFixed(2),
    linesPerSecond: Math.round(lines / full),
    indexRssMB,
    peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
    threads: r.threads.length, containers: r.containers.length,
    accesses: r.containers.reduce((n, c) => n + c.accesses.length, 0), findings: r.findings.length,
    node: process.version,
    workers: jobs,
    coldIndex1WorkerSeconds: +cold1.toFixed(2), coldIndexNWorkersSeconds: +coldN.toFixed(2), speedupNWorkers: +(cold1 / coldN).toFixed(2),
    coldWithCacheWriteSeconds: +coldCached.toFixed(2), warmFromCacheSeconds: +warm.toFixed(2), warmOverCold: +(warm / coldN).toFixed(2),
    edit, ctagsSeconds, pyright,
  };
  const rows: [string, string][] = [
    ['files', String(result.files)], ['lines', String(result.lines)],
    ['parse only (s)', String(result.parseOnlySeconds)], ['full analysis (s)', `${result.fullAnalysisSeconds} (per-file ${result.summarizeSeconds} + cross-file ${result.crossFileSeconds})`],
    ['ratio full / parse-only', `${result.ratioToParseOnly}×`], ['lines/s (full)', String(result.linesPerSecond)],
    ['RSS after indexing + analysis (MB)', `${result.indexRssMB} (process peak over all runs ${result.peakRssMB})`],
    [`cold index from disk, 1 / ${jobs} workers (s)`, `${result.coldIndex1WorkerSeconds} / ${result.coldIndexNWorkersSeconds} (${result.speedupNWorkers}x faster)`],
    ['warm start from cache (s)', `${result.warmFromCacheSeconds} (${Math.round(result.warmOverCold * 100)}% of cold)`],
    [`1-char edit in ${edit.file} (${edit.lines} lines)`, `file p50 ${edit.fileP50ms} ms, p95 ${edit.fileP95ms} ms; cross-file passes ${edit.crossFileMs} ms`],
    ['Universal Ctags, same files (s)', ctagsSeconds === null ? 'not installed' : String(ctagsSeconds)],
    ['threads / containers / accesses / findings', `${result.threads} / ${result.containers} / ${result.accesses} / ${result.findings}`],
  ];
  const w = Math.max(...rows.map(r => r[0].length));
  for (const [k, v] of rows) console.log(`${k.padEnd(w)}  ${v}`);
  console.log(JSON.stringify(result));
}

main().catch(e => { console.error(e); process.exit(1); });
