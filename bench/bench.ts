// npm run bench: the engine over the Python standard library of this machine and over a
// generated 5,000-file workspace (bench/synth.ts), each against parse-only of the same files in
// the same process. Each part runs in its own child process (so one's memory does not inflate
// the other's); the parent prints one table and one JSON line. Figures go into the README.
//   node dist/bench.js [--stdlib=DIR] [--synth-files=N] [--only=stdlib|synth|server|rss|reference]
// (each part runs as `--part=NAME` in a process of its own; warm starts in fresh ones after it)
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import type { Tree } from 'web-tree-sitter';
import { Analysis } from '../src/core/analysis';
import { discover } from '../src/core/files';
import { summarizeText, summarizeTree } from '../src/core/index';
import { defaultJobs } from '../src/core/pool';
import { analyzePaths, reportPaths } from '../src/core/workspace';
import { loadPython, PythonParser } from '../src/core/parser';
import type { SummaryMemo } from '../src/core/segments';
import type { MirrorState } from '../src/core/syntax';
import { decodeSource } from '../src/core/source';
import { FileModelRequest, ServerInfoRequest } from '../src/protocol/requests';
import { limitHeapGrowth } from '../src/server/memory';
import { DEFAULT_SETTINGS } from '../src/server/workspaceIndex';
import { startServer } from '../test/unit/lsp';
import { SERVER_NODE_FLAGS } from '../src/protocol/launch';
import { writeSyntheticWorkspace } from './synth';

const EXCLUDE = ['**/test/**', '**/tests/**', '**/idle_test/**', '**/site-packages/**', '**/__pycache__/**'];
const arg = (name: string) => process.argv.find(a => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const seconds = (t: bigint) => Number(process.hrtime.bigint() - t) / 1e9;
const ms = (t: bigint) => Number(process.hrtime.bigint() - t) / 1e6;
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
const round = (x: number, d = 2) => +x.toFixed(d);

function stdlibDir(): string {
  const a = arg('stdlib');
  if (a) return a;
  const r = spawnSync('python3', ['-c', "import sysconfig;print(sysconfig.get_paths()['stdlib'])"], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error('python3 not found: pass --stdlib=DIR');
  return r.stdout.trim();
}

/** Warm starts, each timed in a fresh process once the part's own process has exited (run by
 *  `warmStarts`): the part leaves the caches its cold run wrote, and the folders to remove. */
interface WarmPending { dir: string; exclude: string[]; jobs: number; cacheDir: string; remove: string[] }

/** Parse-only and the index of a folder on 1 thread and on N threads; then one more run that
 *  writes the summary and results caches for the warm starts (`warmStarts`, after this part). */
async function coldWarm(p: PythonParser, dir: string, exclude: string[]) {
  const { files } = discover([dir], { exclude });
  const texts = files.map(f => decodeSource(fs.readFileSync(f.abs)).text);
  const lines = texts.reduce((n, t) => n + t.split('\n').length, 0);
  for (let i = 0; i < Math.min(40, texts.length); i++) p.parser.parse(texts[i])?.delete(); // warm-up
  const t0 = process.hrtime.bigint();
  for (const t of texts) p.parser.parse(t)?.delete();
  const parseOnly = seconds(t0);
  const jobs = defaultJobs();
  let t = process.hrtime.bigint();
  const one = await analyzePaths([dir], { exclude, jobs: 1, relativeTo: dir });
  const cold1 = seconds(t);
  const r = one.report;
  const counts = { threads: r.threads.length, containers: r.containers.length, accesses: r.containers.reduce((n, c) => n + c.accesses.length, 0), findings: r.findings.length };
  t = process.hrtime.bigint();
  await analyzePaths([dir], { exclude, jobs, relativeTo: dir });
  const coldN = seconds(t);
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadline-bench-cache-'));
  await reportPaths([dir], { exclude, jobs, relativeTo: dir, cacheDir });
  const warm: WarmPending = { dir, exclude, jobs, cacheDir, remove: [cacheDir] };
  return {
    files: files.length, lines, parseOnlySeconds: round(parseOnly, 3), workers: jobs,
    cold1WorkerSeconds: round(cold1), coldNWorkersSeconds: round(coldN), ratio1WorkerToParseOnly: round(cold1 / parseOnly),
    speedupNWorkers: round(cold1 / coldN), ...counts, warm,
    analysis: one.analysis, summaries: one.summaries, texts: new Map(files.map((f, i) => [path.relative(dir, f.abs).split(path.sep).join('/'), texts[i]])),
  };
}

/** The warm starts of a part, each in a fresh process started from this (small) one after the
 *  part's process has exited: a start next to a process holding the part's analyses (gigabytes
 *  for the synthetic workspace, its garbage collector busy on the other core) took up to twice
 *  as long. The CLI's (the whole report from the results cache, as `--cache` does) and the
 *  server's restart without LSP (summaries from the cache, the analysis redone). */
function warmStarts(part: { warm?: WarmPending; coldNWorkersSeconds: number }) {
  const w = part.warm;
  if (!w) return {};
  try {
    const run = (mode: string) => {
      const child = spawnSync(process.execPath, [__filename, `--${mode}=${JSON.stringify(w)}`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
      if (child.status !== 0) throw new Error(`the ${mode} run failed (exit ${child.status})`);
      const r = JSON.parse(child.stdout.trim().split('\n').pop()!) as { seconds: number; fromCache: boolean };
      if (!r.fromCache) throw new Error(`the ${mode} run did not read the cache`);
      return r.seconds;
    };
    const warm = run('warm-report'), warmAnalysis = run('warm-analysis');
    return { warmSeconds: round(warm), warmOverCold: round(warm / part.coldNWorkersSeconds),
      warmAnalysisSeconds: round(warmAnalysis), warmAnalysisOverCold: round(warmAnalysis / part.coldNWorkersSeconds) };
  } finally {
    for (const d of w.remove) fs.rmSync(d, { recursive: true, force: true });
  }
}

/** The file the edits go to: the one nearest 2,700 lines. */
function editedFile(texts: Map<string, string>): string {
  return [...texts].sort((a, b) => Math.abs(a[1].split('\n').length - 2700) - Math.abs(b[1].split('\n').length - 2700))[0][0];
}

/** One-character edits in a ~2,700-line file of the indexed workspace, as the server does them:
 *  tree.edit + incremental reparse, summary of the tree, Analysis.update. */
function edits(p: PythonParser, analysis: Analysis, texts: Map<string, string>, count: number) {
  const file = editedFile(texts), original = texts.get(file)!;
  const s0 = analysis.program.fileAt(file)!;
  let text = original;
  let tree: Tree = p.parser.parse(text)!;
  const total: number[] = [], file_: number[] = [], update: number[] = [];
  const mirror: MirrorState = {}, memo: SummaryMemo = {}; // as the server keeps them per open document
  for (let k = 0; k < count; k++) {
    // a space at the end of a line, or a new line: harmless to the syntax, like most keystrokes
    const at = text.indexOf('\n', Math.floor((k / count) * (text.length - 1)));
    const ch = k % 2 ? '\n' : ' ';
    const before = text.slice(0, at);
    const row = before.split('\n').length - 1, column = at - (before.lastIndexOf('\n') + 1);
    const t = process.hrtime.bigint();
    const next = text.slice(0, at) + ch + text.slice(at);
    tree.edit({ startIndex: at, oldEndIndex: at, newEndIndex: at + 1, startPosition: { row, column }, oldEndPosition: { row, column },
      newEndPosition: ch === '\n' ? { row: row + 1, column: 0 } : { row, column: column + 1 } });
    const t2 = p.parser.parse(next, tree)!;
    tree.delete();
    tree = t2;
    text = next;
    const s = summarizeTree(p, tree, text, file, s0.module, s0.isPackage, [], { mirror, memo });
    const mid = process.hrtime.bigint();
    analysis.update(file, s);
    update.push(ms(mid));
    total.push(ms(t));
    file_.push(total[total.length - 1] - update[update.length - 1]);
  }
  tree.delete();
  for (const l of [total, file_, update]) l.sort((a, b) => a - b);
  return { file, lines: original.split('\n').length, edits: count, p50ms: round(pct(total, 0.5), 1), p95ms: round(pct(total, 0.95), 1),
    fileP50ms: round(pct(file_, 0.5), 1), updateP50ms: round(pct(update, 0.5), 1), updateP95ms: round(pct(update, 0.95), 1) };
}

/** Typing inside a called name: a letter added at the end of the name of a call that resolves
 *  (its edge goes), then taken out (it comes back), at calls spread over the same file. Each
 *  one changes the call graph, so the thread model, inherited locks and traversals are redone
 *  for what the change reaches. */
function callEdits(p: PythonParser, analysis: Analysis, texts: Map<string, string>, file: string, count: number) {
  const original = texts.get(file)!;
  const s0 = analysis.program.fileAt(file)!;
  const lines = original.split('\n');
  // resolved calls of the file, by position: where the called name ends
  const sites: { line: number; at: number }[] = [];
  for (const fn of analysis.program.functionsOf(s0)) for (const c of analysis.graph.calls.get(fn) ?? []) {
    const callee = c.site.callee, name = callee.attrs.length ? callee.attrs[callee.attrs.length - 1] : callee.root;
    const m = new RegExp(`\\b${name}\\s*\\(`, 'g');
    m.lastIndex = c.site.line === c.site.endLine ? c.site.column : 0;
    const hit = m.exec(lines[c.site.line - 1] ?? '');
    if (hit) sites.push({ line: c.site.line - 1, at: hit.index + name.length });
  }
  sites.sort((a, b) => a.line - b.line || a.at - b.at);
  const chosen = Array.from({ length: Math.min(count / 2, sites.length) }, (_, i) => sites[Math.floor((i * sites.length) / Math.min(count / 2, sites.length))]);
  const times: number[] = [];
  let redone = 0;
  const mirror: MirrorState = {}, memo: SummaryMemo = {}; // as the server keeps them per open document
  summarizeText(p, original, file, s0.module, s0.isPackage, [], { mirror, memo });
  for (const site of chosen) for (const back of [false, true]) {
    const l = lines[site.line];
    const edited = lines.slice();
    if (!back) edited[site.line] = l.slice(0, site.at) + 'x' + l.slice(site.at);
    const t = process.hrtime.bigint();
    const stats = analysis.update(file, summarizeText(p, edited.join('\n'), file, s0.module, s0.isPackage, [], { mirror, memo }));
    times.push(ms(t));
    if (stats.mode === 'in place' && stats.threadsRedone) redone++;
  }
  times.sort((a, b) => a - b);
  return { file, edits: times.length, threadsRedoneInPlace: redone, p50ms: round(pct(times, 0.5), 1), p95ms: round(pct(times, 0.95), 1), maxMs: round(times[times.length - 1], 1),
    // (for the server part: the same calls, as LSP positions)
    sites: chosen.map(c => ({ line: c.line, character: c.at })) };
}

async function stdlibPart() {
  const p = await loadPython();
  const dir = stdlibDir();
  const r = await coldWarm(p, dir, EXCLUDE);
  // (call edits first: each pair leaves the file as it was read)
  const callEdit = callEdits(p, r.analysis, r.texts, editedFile(r.texts), 20);
  const edit = edits(p, r.analysis, r.texts, 200);
  const { analysis: _a, summaries: _s, texts: _t, ...figures } = r;
  return { stdlib: dir, ...figures, edit, callEdit };
}

async function synthPart() {
  const p = await loadPython();
  const n = Number(arg('synth-files') ?? 5000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadline-synth-'));
  let handedOn = false;
  try {
    const t = process.hrtime.bigint();
    const ws = writeSyntheticWorkspace(dir, { files: n });
    const generateSeconds = round(seconds(t));
    const r = await coldWarm(p, dir, ['**/__pycache__/**']);
    const callEdit = callEdits(p, r.analysis, r.texts, editedFile(r.texts), 20);
    const edit = edits(p, r.analysis, r.texts, 200);
    // A 1-line change in the base class's helper used by the 50 subclasses, back and forth.
    const rel = path.relative(dir, ws.baseFile).split(path.sep).join('/');
    const s0 = r.analysis.program.fileAt(rel)!;
    const lines = fs.readFileSync(ws.baseFile, 'utf8').split('\n');
    const original = lines[ws.helperLine - 1];
    const changed = original.replace(/self\.request_status\[key\] = value/, 'self.request_status.pop(key, None)');
    if (changed === original) throw new Error(`helper line is not the expected write: ${original}`);
    const times: number[] = [];
    let reached = 0;
    for (let k = 0; k < 20; k++) {
      lines[ws.helperLine - 1] = k % 2 ? original : changed;
      const text = lines.join('\n');
      const t0 = process.hrtime.bigint();
      r.analysis.update(rel, summarizeText(p, text, rel, s0.module, s0.isPackage));
      times.push(ms(t0));
      if (k % 2 === 0) {
        const c = r.analysis.accessesByContainer.get('core.base.StatusBase.request_status') ?? [];
        reached = new Set(c.filter(a => a.op === 'pop' && a.via[0] === ws.helperName).map(a => a.path)).size;
      }
    }
    times.sort((a, b) => a - b);
    const { analysis: _a, summaries: _s, texts: _t, ...figures } = r;
    // the workspace stays for the warm starts, which remove it
    figures.warm.remove.push(dir);
    handedOn = true;
    return { synthFiles: n, generateSeconds, ...figures, edit, callEdit,
      baseHelperChange: { helper: ws.helperName, subclassFiles: ws.subclassFiles.length, filesShowingTheChange: reached, p50ms: round(pct(times, 0.5), 1), maxMs: round(times[times.length - 1], 1) } };
  } finally {
    if (!handedOn) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The same kind of edits through the built language server over JSON-RPC, as the editor sends
 *  them: didChange, then a threadline/fileModel request, which waits for the re-analysis (and
 *  the diagnostics it publishes); timed from the change sent to the answer back. */
async function serverEdits(dir: string, exclude: string[], file: string, count: number, callSites?: { line: number; character: number }[]) {
  // with a summary cache, as the extension starts it (its storage folder): the first index writes
  // it, the restart after the edits reads it
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadline-bench-server-cache-'));
  const start = (noWait = false) => startServer(dir, { server: path.join(__dirname, 'server.js'), noWait,
    initializationOptions: { settings: { ...DEFAULT_SETTINGS, exclude: [...DEFAULT_SETTINGS.exclude, ...exclude] }, cacheDir } });
  const t0 = process.hrtime.bigint();
  const server = await start();
  const indexSeconds = seconds(t0);
  const sent = () => [...server.diagnosticsSent.values()].reduce((n, k) => n + k, 0);
  try {
    const { conn } = server;
    let text = fs.readFileSync(path.join(dir, file), 'utf8');
    const uri = server.open(file, text);
    await conn.sendRequest(FileModelRequest.method, { textDocument: { uri } });
    // the results kept for the next session are written once the first requests are answered:
    // the peak is read after that write
    const kept = await waitForLog(server.logs, /results kept for the next session in (\d+) ms/, 120_000);
    const resultsWriteMs = Number(kept[1]);
    const indexPeakRssMB = (await conn.sendRequest(ServerInfoRequest, {})).memory.peakRssMB;
    // First (on the file as read), typing in a called name: the first five calls the engine part
    // chose (handed on by the whole run; none when this part runs alone), each edited and back.
    const callTimes: number[] = [];
    let version = 1;
    for (const at of (callSites ?? []).slice(0, 5)) {
      for (const back of [false, true]) {
        const range = back ? { start: at, end: { line: at.line, character: at.character + 1 } } : { start: at, end: at };
        const t = process.hrtime.bigint();
        await conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: ++version }, contentChanges: [{ range, text: back ? '' : 'x' }] });
        const model: any = await conn.sendRequest(FileModelRequest.method, { textDocument: { uri } });
        callTimes.push(ms(t));
        if (model.version !== version) throw new Error(`server answered version ${model.version} for edit ${version}`);
      }
    }
    const atStart = sent();
    const times: number[] = [];
    for (let k = 0; k < count; k++) {
      const at = text.indexOf('\n', Math.floor((k / count) * (text.length - 1)));
      const ch = k % 2 ? '\n' : ' ';
      const before = text.slice(0, at);
      const line = before.split('\n').length - 1, character = at - (before.lastIndexOf('\n') + 1);
      text = before + ch + text.slice(at);
      const t = process.hrtime.bigint();
      await conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: ++version }, contentChanges: [{ range: { start: { line, character }, end: { line, character } }, text: ch }] });
      const model: any = await conn.sendRequest(FileModelRequest.method, { textDocument: { uri } });
      times.push(ms(t));
      if (model.version !== version) throw new Error(`server answered version ${model.version} for edit ${version}`);
    }
    times.sort((a, b) => a - b);
    const diagnosticsPerEdit = round((sent() - atStart) / count, 2);
    callTimes.sort((a, b) => a - b);
    const files = server.statuses[server.statuses.length - 1]?.files;
    await server.stop();
    // The restart: a new server on the same workspace and cache, timed to its first file model
    // (answered from the results the first one kept, the files being unchanged), and to the end
    // of its index (summaries from the cache, the analysis redone).
    const t1 = process.hrtime.bigint();
    const again = await start(true);
    try {
      const model: any = await again.conn.sendRequest(FileModelRequest.method, { textDocument: { uri: again.open(file) } });
      const restartSeconds = seconds(t1);
      if (!model.symbols.length) throw new Error('the restarted server\'s first file model is empty');
      const restartFromResults = again.logs.some(l => /answering from the results of the last session/.test(l));
      await again.ready;
      const restartIndexSeconds = seconds(t1);
      const info: any = await again.conn.sendRequest(ServerInfoRequest.method, {});
      if (!info.cache?.hits) throw new Error('the restarted server read nothing from its cache');
      return { file, files, indexSeconds: round(indexSeconds), indexPeakRssMB, resultsWriteMs, restartSeconds: round(restartSeconds), restartOverIndex: round(restartSeconds / indexSeconds), restartFromResults,
        restartIndexSeconds: round(restartIndexSeconds), restartIndexOverIndex: round(restartIndexSeconds / indexSeconds), restartPeakRssMB: info.memory.peakRssMB, restartCacheHits: info.cache.hits,
        edits: count, p50ms: round(pct(times, 0.5), 1), p95ms: round(pct(times, 0.95), 1), diagnosticsPerEdit,
        callEdits: callTimes.length, callP50ms: callTimes.length ? round(pct(callTimes, 0.5), 1) : null, callMaxMs: callTimes.length ? round(callTimes[callTimes.length - 1], 1) : null };
    } finally {
      await again.stop();
    }
  } finally {
    if (server.proc.exitCode === null) await server.stop();
    fs.rmSync(cacheDir, { recursive: true, force: true });
  }
}

/** The first log line that matches, waited for. */
async function waitForLog(logs: string[], re: RegExp, ms: number): Promise<RegExpMatchArray> {
  const t0 = Date.now();
  for (;;) {
    for (const l of logs) { const m = l.match(re); if (m) return m; }
    if (Date.now() - t0 > ms) throw new Error(`no log line ${re} in ${ms} ms:\n${logs.slice(-5).join('\n')}`);
    await new Promise(r => setTimeout(r, 20));
  }
}

/** Server edits on the stdlib's ~2,700-line file and in the synthetic workspace. */
async function serverPart() {
  // the file the engine part edits: the one nearest 2,700 lines
  const nearest = (dir: string, exclude: string[]) => discover([dir], { exclude }).files
    .map(f => ({ rel: path.relative(dir, f.abs).split(path.sep).join('/'), lines: fs.readFileSync(f.abs, 'utf8').split('\n').length }))
    .sort((a, b) => Math.abs(a.lines - 2700) - Math.abs(b.lines - 2700))[0].rel;
  const dir = stdlibDir();
  const sites = JSON.parse(process.env.THREADLINE_BENCH_CALL_SITES ?? '{}');
  const stdlib = await serverEdits(dir, EXCLUDE, nearest(dir, EXCLUDE), 100, sites.stdlib);
  const synthDir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadline-synth-'));
  try {
    writeSyntheticWorkspace(synthDir, { files: Number(arg('synth-files') ?? 5000) });
    const synth = await serverEdits(synthDir, [], nearest(synthDir, []), 100, sites.synth);
    return { stdlib, synth };
  } finally {
    fs.rmSync(synthDir, { recursive: true, force: true });
  }
}

/** Peak RSS of a process that indexes and analyzes the stdlib in its own thread, with the
 *  server's heap growth limit and Node flags (as the server does). */
async function rssPart() {
  const dir = stdlibDir();
  limitHeapGrowth(discover([dir], { exclude: EXCLUDE }).files.length); // as the server does (src/server/memory.ts)
  const { analysis } = await analyzePaths([dir], { exclude: EXCLUDE, jobs: 1, relativeTo: dir });
  const peak = Math.round(process.resourceUsage().maxRSS / 1024);
  // the peak moves by ±20 MB from run to run with the garbage collector's timing; the heap
  // still in use after a full collection (the index itself) does not
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
  return { stdlibIndexPeakRssMB: peak, liveHeapMB: Math.round(process.memoryUsage().heapUsed / 1048576), files: analysis.program.files.length };
}

/** The tools a user would otherwise run, where installed. */
async function referencePart() {
  const dir = stdlibDir();
  let ctagsSeconds: number | null = null;
  const ctags = spawnSync('ctags', ['--version'], { encoding: 'utf8' });
  if (ctags.status === 0 && /Universal Ctags/.test(ctags.stdout)) {
    const t = process.hrtime.bigint();
    spawnSync('ctags', ['-R', '-f', '/dev/null', '--languages=Python', '--exclude=test', '--exclude=tests', '--exclude=idle_test', '--exclude=site-packages', dir]);
    ctagsSeconds = round(seconds(t));
  }
  const pyright = [path.join(__dirname, '..', 'node_modules', '.bin', 'pyright'), 'pyright'].find(c => spawnSync(c, ['--version']).status === 0);
  let pyrightSeconds: number | null = null, pyrightFiles = 0;
  if (pyright) {
    // 64 files: the threaded modules first, then the rest of the stdlib in path order
    const { files } = discover([dir], { exclude: EXCLUDE });
    const first = ['threading.py', 'queue.py', 'socketserver.py', 'concurrent/futures/thread.py', 'concurrent/futures/_base.py', 'logging/handlers.py', 'logging/__init__.py', 'multiprocessing/pool.py'];
    const rel = (f: { abs: string }) => path.relative(dir, f.abs).split(path.sep).join('/');
    const chosen = [...files.filter(f => first.includes(rel(f))), ...files.filter(f => !first.includes(rel(f)))].slice(0, 64).map(f => f.abs);
    pyrightFiles = chosen.length;
    const t = process.hrtime.bigint();
    spawnSync(pyright, ['--outputjson', ...chosen], { encoding: 'utf8', maxBuffer: 1 << 28 });
    pyrightSeconds = round(seconds(t));
  }
  return { ctagsSeconds, pyrightSeconds, pyrightFiles };
}

const PARTS: Record<string, () => Promise<object>> = { stdlib: stdlibPart, synth: synthPart, server: serverPart, rss: rssPart, reference: referencePart };

async function main() {
  const warmReport = arg('warm-report');
  if (warmReport) {
    const { dir, exclude, jobs, cacheDir } = JSON.parse(warmReport) as WarmPending;
    const t = process.hrtime.bigint();
    const r = await reportPaths([dir], { exclude, jobs, relativeTo: dir, cacheDir });
    process.stdout.write(JSON.stringify({ seconds: seconds(t), fromCache: r.fromCache }) + '\n');
    return;
  }
  const warmAnalysis = arg('warm-analysis');
  if (warmAnalysis) {
    const { dir, exclude, jobs, cacheDir } = JSON.parse(warmAnalysis) as WarmPending;
    const t = process.hrtime.bigint();
    const { reused, summaries } = await analyzePaths([dir], { exclude, jobs, relativeTo: dir, cacheDir });
    process.stdout.write(JSON.stringify({ seconds: seconds(t), fromCache: reused === summaries.length }) + '\n');
    return;
  }
  const part = arg('part');
  if (part) { process.stdout.write(JSON.stringify(await PARTS[part]()) + '\n'); return; }
  const only = arg('only');
  if (only && !PARTS[only]) throw new Error(`--only=${only}: not one of ${Object.keys(PARTS).join(', ')}`);
  const result: Record<string, any> = { node: process.version, cores: defaultJobs() };
  for (const name of only ? [only] : Object.keys(PARTS)) {
    const extra = process.argv.slice(2).filter(a => !a.startsWith('--only='));
    // the server part types in the same called names as the engine parts
    const env = { ...process.env, THREADLINE_BENCH_CALL_SITES: JSON.stringify({ stdlib: result.stdlib?.callEdit?.sites, synth: result.synth?.callEdit?.sites }) };
    // (the RSS part as the server process runs: its Node flags)
    const flags = name === 'rss' ? SERVER_NODE_FLAGS : [];
    const r = spawnSync(process.execPath, ['--max-old-space-size=12288', ...flags, __filename, `--part=${name}`, ...extra], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 26, env });
    if (r.status !== 0) throw new Error(`bench part ${name} failed (exit ${r.status})`);
    const figures = JSON.parse(r.stdout.trim().split('\n').pop()!);
    const { warm: _w, ...rest } = figures;
    result[name] = { ...rest, ...warmStarts(figures) };
  }
  if (only) { console.log(JSON.stringify(result)); return; }
  const s = result.stdlib, y = result.synth, sv = result.server, ref = result.reference;
  const rows: [string, string, string][] = [
    ['', `stdlib (${s.files} files, ${s.lines} lines)`, `synthetic (${y.files} files, ${y.lines} lines)`],
    ['parse only (s)', `${s.parseOnlySeconds}`, `${y.parseOnlySeconds}`],
    ['cold index, full analysis, 1 thread (s)', `${s.cold1WorkerSeconds} (${s.ratio1WorkerToParseOnly}x parse-only)`, `${y.cold1WorkerSeconds} (${y.ratio1WorkerToParseOnly}x parse-only)`],
    [`cold index, ${s.workers} threads (s)`, `${s.coldNWorkersSeconds} (${s.speedupNWorkers}x faster than 1)`, `${y.coldNWorkersSeconds} (${y.speedupNWorkers}x faster than 1)`],
    ['warm start from the cache, report, fresh process (s)', `${s.warmSeconds} (${Math.round(s.warmOverCold * 100)}% of cold)`, `${y.warmSeconds} (${Math.round(y.warmOverCold * 100)}% of cold)`],
    ['warm start, summaries cached, analysis redone, fresh process (s)', `${s.warmAnalysisSeconds} (${Math.round(s.warmAnalysisOverCold * 100)}% of cold)`, `${y.warmAnalysisSeconds} (${Math.round(y.warmAnalysisOverCold * 100)}% of cold)`],
    ['language server: first index, with its cache written (s)', `${sv.stdlib.indexSeconds} (${sv.stdlib.files} files)`, `${sv.synth.indexSeconds} (${sv.synth.files} files)`],
    ['language server: the results kept for the next session, written in (ms)', `${sv.stdlib.resultsWriteMs}`, `${sv.synth.resultsWriteMs}`],
    ['language server restart on its cache, to the first file model (s)', ...[sv.stdlib, sv.synth].map(x => `${x.restartSeconds} (${Math.round(x.restartOverIndex * 100)}% of its first index${x.restartFromResults ? ', from the last session\'s results' : ', NOT from the last session\'s results'})`) as [string, string]],
    ['language server restart, to the end of its index (s)', ...[sv.stdlib, sv.synth].map(x => `${x.restartIndexSeconds} (${Math.round(x.restartIndexOverIndex * 100)}%); peak RSS ${x.restartPeakRssMB} MB`) as [string, string]],
    ['1-char edit to updated model, 200 edits', `${s.edit.file} (${s.edit.lines} lines): p50 ${s.edit.p50ms} ms, p95 ${s.edit.p95ms} ms (update p50 ${s.edit.updateP50ms} ms)`,
      `${y.edit.file} (${y.edit.lines} lines): p50 ${y.edit.p50ms} ms, p95 ${y.edit.p95ms} ms (update p50 ${y.edit.updateP50ms} ms)`],
    ['typing in a called name (its call edge goes, then comes back)', `${s.callEdit.edits} edits: p50 ${s.callEdit.p50ms} ms, p95 ${s.callEdit.p95ms} ms (${s.callEdit.threadsRedoneInPlace} redid threads in place)`,
      `${y.callEdit.edits} edits: p50 ${y.callEdit.p50ms} ms, p95 ${y.callEdit.p95ms} ms (${y.callEdit.threadsRedoneInPlace} redid threads in place)`],
    ['same edits through the server (didChange to fileModel answered), 100 edits', `p50 ${sv.stdlib.p50ms} ms, p95 ${sv.stdlib.p95ms} ms; ${sv.stdlib.diagnosticsPerEdit} diagnostics notifications per edit`,
      `p50 ${sv.synth.p50ms} ms, p95 ${sv.synth.p95ms} ms; ${sv.synth.diagnosticsPerEdit} diagnostics notifications per edit`],
    ['typing in a called name through the server', `${sv.stdlib.callEdits} edits: p50 ${sv.stdlib.callP50ms} ms, max ${sv.stdlib.callMaxMs} ms`,
      `${sv.synth.callEdits} edits: p50 ${sv.synth.callP50ms} ms, max ${sv.synth.callMaxMs} ms`],
    ['1-line change to a base helper used by 50 subclasses', '', `${y.baseHelperChange.p50ms} ms p50 (max ${y.baseHelperChange.maxMs}); seen in ${y.baseHelperChange.filesShowingTheChange}/${y.baseHelperChange.subclassFiles} subclass files`],
    ['peak RSS, stdlib index in one process, one thread (MB)', `${result.rss.stdlibIndexPeakRssMB} (live heap after it: ${result.rss.liveHeapMB})`, ''],
    ['peak RSS of the language server after its first index and file model (MB)', `${sv.stdlib.indexPeakRssMB}`, `${sv.synth.indexPeakRssMB}`],
    ['threads / containers / accesses / findings', `${s.threads} / ${s.containers} / ${s.accesses} / ${s.findings}`, `${y.threads} / ${y.containers} / ${y.accesses} / ${y.findings}`],
    ['Universal Ctags, same files (s)', ref.ctagsSeconds === null ? 'not installed' : `${ref.ctagsSeconds}`, ''],
    [`pyright, ${ref.pyrightFiles} stdlib files (s)`, ref.pyrightSeconds === null ? 'not installed' : `${ref.pyrightSeconds}`, ''],
  ];
  const w0 = Math.max(...rows.map(r => r[0].length)), w1 = Math.max(...rows.map(r => r[1].length));
  for (const [a, b, c] of rows) console.log(`${a.padEnd(w0)}  ${b.padEnd(w1)}  ${c}`);
  console.log(JSON.stringify(result));
}

main().catch(e => { console.error(e); process.exit(1); });
