// npm run bench: the engine over the Python standard library of this machine, against
// parse-only in the same run. Prints a table and JSON; figures go into the README.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Analysis } from '../src/core/analysis';
import { discover } from '../src/core/files';
import { summarizeBytes } from '../src/core/index';
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
  const result = {
    stdlib: dir, files: inputs.length, lines,
    parseOnlySeconds: +parseOnly.toFixed(3),
    summarizeSeconds: +summarize.toFixed(3),
    crossFileSeconds: +cross.toFixed(3),
    fullAnalysisSeconds: +full.toFixed(3),
    ratioToParseOnly: +(full / parseOnly).toFixed(2),
    linesPerSecond: Math.round(lines / full),
    peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
    threads: r.threads.length, containers: r.containers.length,
    accesses: r.containers.reduce((n, c) => n + c.accesses.length, 0), findings: r.findings.length,
    node: process.version,
  };
  const rows: [string, string][] = [
    ['files', String(result.files)], ['lines', String(result.lines)],
    ['parse only (s)', String(result.parseOnlySeconds)], ['full analysis (s)', `${result.fullAnalysisSeconds} (per-file ${result.summarizeSeconds} + cross-file ${result.crossFileSeconds})`],
    ['ratio full / parse-only', `${result.ratioToParseOnly}×`], ['lines/s (full)', String(result.linesPerSecond)],
    ['peak RSS (MB)', String(result.peakRssMB)],
    ['threads / containers / accesses / findings', `${result.threads} / ${result.containers} / ${result.accesses} / ${result.findings}`],
  ];
  const w = Math.max(...rows.map(r => r[0].length));
  for (const [k, v] of rows) console.log(`${k.padEnd(w)}  ${v}`);
  console.log(JSON.stringify(result));
}

main().catch(e => { console.error(e); process.exit(1); });
