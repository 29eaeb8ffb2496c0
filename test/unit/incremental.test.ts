// Analysis.update must give exactly what a fresh Analysis over the same files gives. Seeded
// edits (typing a space, a new line, deleting, duplicating or moving lines — body edits and
// declaration edits alike) on every fixture workspace and on threaded standard-library
// packages; after each one the whole report and the per-file access lists are compared, and so
// are the findings' change log (what was removed and added since the last step) and the server's
// diagnostics kept from it, against those of the fresh Analysis.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Analysis, FindingsMark } from '../../src/core/analysis';
import { discover } from '../../src/core/files';
import { summarizeText } from '../../src/core/index';
import { FileSummary } from '../../src/core/model';
import type { FindingReport, SymbolInfo } from '../../src/core/report';
import { loadPython, PythonParser } from '../../src/core/parser';
import { FindingDiagnostics } from '../../src/server/diagnostics';
import type { SummaryMemo } from '../../src/core/segments';
import type { MirrorState } from '../../src/core/syntax';
import { rng } from '../fuzz/mutate';
import { assertSame } from './same';

const fixtures = path.resolve(__dirname, '..', '..', '..', 'test', 'fixtures');
const options = { mainThread: 'main', threads: {} };
/** More seeds for a long local run: INCREMENTAL_ROUNDS=20. Each round compares every update
 *  with a fresh analysis; the counts of how edits were applied are checked on the first
 *  round's seed only (another seed may, say, define a class twice, and then every later edit
 *  rebuilds, rightly), so a long run goes on comparing after such a round. */
const ROUNDS = Number(process.env.INCREMENTAL_ROUNDS ?? 1);

interface Workspace { name: string; files: { path: string; module: string; isPackage: boolean; text: string }[] }

function workspace(name: string, dirs: string[], rel: string): Workspace {
  const { files } = discover(dirs, { exclude: ['**/__pycache__/**'] });
  return { name, files: files.map(f => ({ path: path.relative(rel, f.abs), module: f.module, isPackage: f.isPackage, text: fs.readFileSync(f.abs, 'utf8') })) };
}

/** `calls`: only called names changed (the edits that change call edges and threads). */
function edit(text: string, rand: () => number, calls = false): { text: string; kind: string } {
  const lines = text.split('\n');
  const k = Math.floor(rand() * lines.length);
  const pick = calls ? 6 + Math.floor(rand() * 2) : Math.floor(rand() * 8);
  // a called name changed: to another function of the file, or to nothing (call edges, threads)
  const sites = pick < 6 ? [] : lines.flatMap((l, i) => (/^\s*(def|class)\b/.test(l) ? [] : [...l.matchAll(/\b([A-Za-z_]\w*)\(/g)].map(m => ({ i, at: m.index!, name: m[1] }))));
  if (sites.length) {
    const defs = [...text.matchAll(/^\s*def ([A-Za-z_]\w*)/gm)].map(m => m[1]);
    const c = sites[Math.floor(rand() * sites.length)];
    const to = pick === 6 && defs.length ? defs[Math.floor(rand() * defs.length)] : c.name + 'x';
    const l = lines[c.i];
    lines[c.i] = l.slice(0, c.at) + to + l.slice(c.at + c.name.length);
    return { text: lines.join('\n'), kind: `call ${c.name} → ${to}` };
  }
  switch (pick) {
    case 0: lines[k] += ' '; return { text: lines.join('\n'), kind: 'space' };
    case 1: lines.splice(k, 0, ''); return { text: lines.join('\n'), kind: 'newline' };
    case 2: lines.splice(k, 1); return { text: lines.join('\n'), kind: 'delete line' };
    case 3: lines.splice(k, 0, lines[k]); return { text: lines.join('\n'), kind: 'duplicate line' };
    case 4: { // a line of the file typed again elsewhere, at that place's indentation
      const from = lines[Math.floor(rand() * lines.length)].trim();
      const indent = /^\s*/.exec(lines[k])![0];
      lines.splice(k, 0, indent + from);
      return { text: lines.join('\n'), kind: 'copy line' };
    }
    default: { // a character typed in the middle of a line
      const l = lines[k], at = Math.floor(rand() * (l.length + 1));
      lines[k] = l.slice(0, at) + 'x' + l.slice(at);
      return { text: lines.join('\n'), kind: 'type x' };
    }
  }
}

/** Where two JSON values first differ (for a message that says what, not a dump of both). */
function firstDifference(a: unknown, b: unknown, at = ''): string | undefined {
  if (a === b) return undefined;
  if (typeof a !== 'object' || typeof b !== 'object' || !a || !b || Array.isArray(a) !== Array.isArray(b)) return `${at || '.'}: ${JSON.stringify(a)?.slice(0, 300)} (update) vs ${JSON.stringify(b)?.slice(0, 300)} (fresh)`;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    const d = firstDifference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${at}${Array.isArray(a) ? `[${k}]` : `.${k}`}`);
    if (d) return d;
  }
  return undefined;
}

function same(a: Analysis, b: Analysis, paths: string[], what: string): void {
  const x = JSON.parse(JSON.stringify(a.report)), y = JSON.parse(JSON.stringify(b.report));
  const d = firstDifference(x, y);
  if (d) assert.fail(`${what}: the report differs at ${d}`);
  // (as JSON: the entries read their fields from the analysis that made them)
  for (const p of paths) assertSame(JSON.parse(JSON.stringify(a.accessesIn(p))), JSON.parse(JSON.stringify(b.accessesIn(p))), `${what}: accesses in ${p}`);
}

const diagnosticsOptions = { severity: 'Warning' as const, roots: [] };

/** Follows an Analysis as the server does: its findings by the change log, its diagnostics as
 *  sent. `check` compares both with a fresh Analysis after each step. */
class Follower {
  private mark: FindingsMark;
  private findings: Set<FindingReport>;
  private readonly shown = new FindingDiagnostics();
  private readonly sent = new Map<string, unknown[]>();
  /** Steps the change log answered (the others started over: a rebuild). */
  followed = 0;

  constructor(private readonly a: Analysis) {
    this.mark = a.findingsMark();
    this.findings = new Set(a.report.findings);
    this.take();
  }

  private take(): void {
    for (const [uri, list] of this.shown.refresh(this.a, diagnosticsOptions)) if (list.length) this.sent.set(uri, list); else this.sent.delete(uri);
  }

  check(fresh: Analysis, what: string): void {
    const changes = this.a.findingChangesSince(this.mark);
    const now = this.a.report.findings;
    if (changes) {
      this.followed++;
      for (const f of changes.removed) assert.ok(this.findings.delete(f), `${what}: a removed finding was not there: ${f.message}`);
      for (const f of changes.added) this.findings.add(f);
      assert.ok(this.findings.size === now.length && now.every(f => this.findings.has(f)), `${what}: the change log does not lead to the findings`);
    } else this.findings = new Set(now);
    this.mark = this.a.findingsMark();
    this.take();
    assertSame(this.sent, new FindingDiagnostics().refresh(fresh, diagnosticsOptions), `${what}: diagnostics`);
  }
}

function run(p: PythonParser, ws: Workspace, steps: number, seed: number, calls = false): Record<string, number> {
  const rand = rng(seed);
  const texts = new Map(ws.files.map(f => [f.path, f.text]));
  const sums = new Map<string, FileSummary>(ws.files.map(f => [f.path, summarizeText(p, f.text, f.path, f.module, f.isPackage)]));
  const a = new Analysis([...sums.values()], options);
  const follower = new Follower(a);
  const modes: Record<string, number> = {};
  const paths = ws.files.map(f => f.path);
  // each edited file summarized as an open document is: statements the edit did not touch
  // taken over, moved functions told to the update (segments.ts)
  const open = new Map<string, { mirror: MirrorState; memo: SummaryMemo }>();
  for (let n = 0; n < steps; n++) {
    const f = ws.files[Math.floor(rand() * ws.files.length)];
    const prev = texts.get(f.path)!;
    const e = edit(prev, rand, calls);
    texts.set(f.path, e.text);
    let doc = open.get(f.path);
    if (!doc) { open.set(f.path, (doc = { mirror: {}, memo: {} })); summarizeText(p, prev, f.path, f.module, f.isPackage, [], doc); }
    const s = summarizeText(p, e.text, f.path, f.module, f.isPackage, [], doc);
    sums.set(f.path, s);
    if (process.env.INCREMENTAL_DUMP) fs.writeFileSync(process.env.INCREMENTAL_DUMP, JSON.stringify([{ file: f.path, before: Object.fromEntries([...texts].map(([k, v]) => [k, k === f.path ? prev : v])), after: e.text }]));
    const stats = a.update(f.path, s);
    if (process.env.INCREMENTAL_DEBUG) process.stderr.write(`${n} ${e.kind} ${f.path} ${stats.mode} ${JSON.stringify(e.text.split('\n').filter((l, i) => l !== prev.split('\n')[i]).slice(0, 2))}\n`);
    modes[stats.mode] = (modes[stats.mode] ?? 0) + 1;
    if (stats.mode === 'in place' && stats.threadsRedone) modes['threads in place'] = (modes['threads in place'] ?? 0) + 1;
    // every finding redone in place: only when kept threads changed order (or a traversal was cut)
    if (stats.mode === 'in place' && stats.findings === 'all') {
      modes['all findings in place'] = (modes['all findings in place'] ?? 0) + 1;
      assert.ok(stats.threadsRedone || stats.ownership || a.limitsHit().length, `${ws.name} step ${n}: ${e.kind} in ${f.path} redid every finding with the same threads`);
    }
    const fresh = new Analysis([...sums.values()], options);
    const what = `${ws.name} step ${n}: ${e.kind} in ${f.path} (${stats.mode})`;
    same(a, fresh, paths, what);
    follower.check(fresh, what);
  }
  if (modes['in place']) assert.ok(follower.followed > 0, `${ws.name}: the findings' change log never answered`);
  // a file deleted, then back
  const gone = ws.files[Math.floor(rand() * ws.files.length)];
  const kept = sums.get(gone.path)!;
  sums.delete(gone.path);
  a.update(gone.path, undefined);
  same(a, new Analysis([...sums.values()], options), paths, `${ws.name}: ${gone.path} deleted`);
  sums.set(gone.path, kept);
  a.update(gone.path, kept);
  same(a, new Analysis([...sums.values()], options), paths, `${ws.name}: ${gone.path} back`);
  return modes;
}

for (const name of fs.readdirSync(fixtures).sort()) {
  const dir = path.join(fixtures, name);
  if (!fs.statSync(dir).isDirectory()) continue;
  test(`incremental = full: fixture ${name}, 30 seeded edits`, async () => {
    const p = await loadPython();
    for (let r = 0; r < ROUNDS; r++) {
      const modes = run(p, workspace(name, [dir], dir), 30, name.length * 7919 + r);
      if (r === 0) assert.ok((modes['in place'] ?? 0) > 0, `no edit was applied in place: ${JSON.stringify(modes)}`);
    }
  });
}

function stdlibPackages(): Workspace | undefined {
  const r = spawnSync('python3', ['-c', "import sysconfig;print(sysconfig.get_paths()['stdlib'])"], { encoding: 'utf8' });
  const std = r.status === 0 ? r.stdout.trim() : '';
  if (!std || !fs.existsSync(path.join(std, 'concurrent'))) return undefined;
  const dirs = ['concurrent', 'logging', 'threading.py', 'queue.py', 'socketserver.py', 'sched.py'].map(n => path.join(std, n));
  const ws = workspace('stdlib', [std], std);
  ws.files = ws.files.filter(f => dirs.some(d => path.join(std, f.path) === d || path.join(std, f.path).startsWith(d + path.sep)) && !f.path.includes('test'));
  assert.ok(ws.files.length >= 8, `${ws.files.length} files`);
  return ws;
}

test('incremental = full: threaded standard-library packages, 60 seeded edits', async t => {
  const ws = stdlibPackages();
  if (!ws) { t.skip('no python3 standard library on this machine'); return; }
  const p = await loadPython();
  for (let r = 0; r < ROUNDS; r++) {
    const modes = run(p, ws, 60, 20261202 + r);
    if (process.env.INCREMENTAL_DEBUG) process.stderr.write(`stdlib modes: ${JSON.stringify(modes)}\n`);
    if (r === 0) assert.ok((modes['in place'] ?? 0) >= 20, JSON.stringify(modes));
  }
});

// Call edges changed in place: the thread model is built from the previous one, inherited
// locks and traversals redone only for what the change reaches.
test('incremental = full: called names changed in the threaded standard-library packages, 30 seeded edits', async t => {
  const ws = stdlibPackages();
  if (!ws) { t.skip('no python3 standard library on this machine'); return; }
  const p = await loadPython();
  for (let r = 0; r < ROUNDS; r++) {
    const modes = run(p, ws, 30, 20261203 + r, true);
    if (process.env.INCREMENTAL_DEBUG) process.stderr.write(`stdlib call modes: ${JSON.stringify(modes)}\n`);
    if (r > 0) continue;
    assert.ok((modes['threads in place'] ?? 0) >= 5, `few edits changed threads or call edges in place: ${JSON.stringify(modes)}`);
    assert.ok((modes['all findings in place'] ?? 0) * 2 <= modes['threads in place']!, `call edits mostly redid every finding: ${JSON.stringify(modes)}`);
  }
});

/** Edits aimed at each thing an in-place update must notice, on a small two-file workspace. */
test('incremental = full: scripted edits (thread names, starts moved together, locks, helpers, calls)', async () => {
  const p = await loadPython();
  const base = [
    'import threading',
    'from store import Store',
    '',
    'class Service(Store):',
    '    def __init__(self):',
    '        super().__init__()',
    '        self.lock = threading.Lock()',
    '        self.log = []',
    '',
    '    def start(self):',
    '        threading.Thread(target=lambda: self.unknown_a(), daemon=True).start()',
    '        threading.Thread(target=self.work).start()',
    '',
    '        threading.Thread(target=self.poll).start()',
    '',
    '    def work(self):',
    '        self.put("k", 1)',
    '',
    '    def poll(self):',
    '        return self.items.get("k")',
    '',
    '    def note(self, x):',
    '        self.log.append(x)',
    '',
  ].join('\n');
  const store = ['class Store:', '    def __init__(self):', '        self.items = {}', '', '    def put(self, k, v):', '        self.items[k] = v', '',
    '    def note(self, x):', '        self.log = x', ''].join('\n');
  const ws: Workspace = { name: 'scripted', files: [
    { path: 'service.py', module: 'service', isPackage: false, text: base },
    { path: 'store.py', module: 'store', isPackage: false, text: store },
  ] };
  const steps: [string, (t: string) => string][] = [
    ['service.py', t => t.replace('self.unknown_a()', 'self.unknown_b()')], // lambda thread renamed
    ['service.py', t => t.replace('.start()\n\n        threading.Thread(target=self.poll)', '.start(); threading.Thread(target=self.poll)')], // two starts on one line
    ['service.py', t => t.replace('        self.put("k", 1)', '        with self.lock:\n            self.put("k", 1)')], // a lock around a helper call
    ['store.py', t => t.replace('self.items[k] = v', 'self.items.pop(k, None)')], // the helper's write changes
    ['service.py', t => t.replace('return self.items.get("k")', 'return self.missing("k")')], // a call to nothing
    ['store.py', t => t + '\n    def missing(self, k):\n        return self.items[k]\n'], // ... that now resolves (declarations change)
    ['service.py', t => t.replace('return self.missing("k")', 'self.work()\n        return self.missing("k")')], // a new call edge (callee first already)
    ['service.py', t => t.replace('            self.put("k", 1)', '            self.put("k", 1)\n            self.poll()')], // ... and back: a cycle
    ['service.py', t => t.replace('            self.poll()\n', '')], // the cycle broken again
    ['service.py', t => t.replace('self.work()\n', 'self.wrk()\n')], // a called name typed in: the edge goes
    ['service.py', t => t.replace('self.wrk()\n', 'self.work()\n')], // ... and comes back
    ['service.py', t => t.replace('target=self.work', 'target=self.poll')], // a start retargeted
    ['service.py', t => t.replace('        self.log.append(x)', '        super().note(x)\n        self.log.append(x)')], // the override calls the base back: Store.note writes Service.log
    ['service.py', t => t.replace('        super().note(x)\n', '')], // ... and no longer
    ['store.py', t => t.replace('        self.items.pop(k, None)', '        self.items.pop(k, None)\n        self.keep(v)') + '\n    def keep(self, x):\n        self.note(x)\n'], // the base calls a method on self ...
    ['service.py', t => t + '\n    def keep(self, x):\n        self.log.append(("kept", x))\n'], // ... that Service overrides, never calling it back: Store.keep's self.note() is not Service's
    ['service.py', t => t.replace('        self.log.append(("kept", x))', '        super().keep(x)\n        self.log.append(("kept", x))')], // now through super(): a Service runs Store.keep
    ['service.py', t => t.replace('        super().keep(x)\n', '        Store.keep(self, x)\n')], // ... through the base named
    ['service.py', t => t.replace('        Store.keep(self, x)\n', '')], // ... and no longer
    ['store.py', t => t + '\nclass Tracker:\n    def __init__(self, owner):\n        self.seen = owner.items\n\n    def mark(self):\n        self.seen["m"] = 1\n'], // a class typing an attribute from its constructor's parameter ...
    ['service.py', t => t.replace('from store import Store', 'from store import Store, Tracker').replace('    def poll(self):\n', '    def poll(self):\n        Tracker(self).mark()\n')], // ... made with self: its mark() writes Service's items (Store.items)
    ['service.py', t => t.replace('Tracker(self).mark()', 'Tracker(self.lock).mark()')], // ... with something else: it no longer does
    ['service.py', t => t.replace('Tracker(self.lock).mark()', 'Tracker(self).mark()')], // ... and again
    ['store.py', t => t + '\ndef make_tracker(owner):\n    return Tracker(owner)\n'], // a factory ...
    ['service.py', t => t.replace('from store import Store, Tracker', 'from store import Store, Tracker, make_tracker').replace('        Tracker(self).mark()\n', '        make_tracker(self).mark()\n')], // ... whose result's method is called
    ['store.py', t => t.replace('    return Tracker(owner)\n', '    return owner\n')], // it returns something else now: mark() is no longer reached
    ['store.py', t => t.replace('    return owner\n', '    yield owner\n')], // a generator: its result is none of ours
    ['store.py', t => t.replace('    yield owner\n', '    return Tracker(owner)\n')], // ... and the factory again
    ['store.py', t => 'import socketserver\n' + t + '\nclass Srv(socketserver.ThreadingMixIn, socketserver.TCPServer):\n    pass\n\nclass H1(socketserver.BaseRequestHandler):\n    def handle(self):\n        Store().put("h1", 1)\n\nclass H2(socketserver.BaseRequestHandler):\n    def handle(self):\n        Store().put("h2", 2)\n'], // a threading server and two handlers ...
    ['service.py', t => t.replace('from store import Store, Tracker, make_tracker', 'from store import H1, H2, Srv, Store, Tracker, make_tracker').replace('    def start(self):\n', '    def start(self):\n        Srv(("", 0), H1).serve_forever()\n')], // ... served with H1: its handle() is a thread
    ['service.py', t => t.replace('Srv(("", 0), H1)', 'Srv(("", 0), H2)')], // ... now with H2, in place
    ['store.py', t => t + '\nclass Plug:\n    def run_once(self):\n        self.step()\n\n    def step(self):\n        pass\n\nclass PA(Plug):\n    seen = {}\n\n    def step(self):\n        PA.seen[1] = 1\n\nclass PB(Plug):\n    seen = {}\n\n    def step(self):\n        PB.seen[1] = 1\n'], // a base whose self.step() each subclass overrides
    ['service.py', t => t.replace('from store import H1,', 'from store import PA, PB, Plug, H1,')],
    ['service.py', t => t.replace('    def poll(self):\n', '    def poll(self):\n        PA().run_once()\n')], // on the poll thread, on a PA: PA.step only
    ['service.py', t => t.replace('PA().run_once()', 'PB().run_once()')], // ... on a PB, in place: the thread's PA.step goes, PB.step comes
    ['service.py', t => t.replace('PB().run_once()', 'Plug().run_once()')], // ... on any Plug: both
    ['service.py', t => t.replace('    def start(self):\n', '    def start(self):\n        threading.Thread(target=relay, args=(self.note,)).start()\n') + '\ndef relay(cb):\n    cb(1)\n'], // a callback handed to a thread: Service.note runs on relay
    ['service.py', t => t.replace('args=(self.note,)', 'args=(self.work,)')], // ... another one, in place: Service.work runs on relay, note no longer
    ['store.py', t => t + '\ndef claim(table, k, v):\n    if k not in table:\n        table[k] = v\n'], // a helper testing then writing a container it is given ...
    ['service.py', t => t.replace('from store import PA,', 'from store import claim, PA,').replace('    def work(self):\n', '    def work(self):\n        claim(self.items, "c", 1)\n')], // ... given Store.items on the relay thread: a check-then-act in work, at the helper's lines
    ['store.py', t => t.replace('    if k not in table:\n', '    # first\n    if k not in table:\n')], // the helper's lines move: the finding quotes the new ones
    ['store.py', t => t.replace('    if k not in table:\n        table[k] = v\n', '    table[k] = v\n    if k not in table:\n        pass\n')], // the write before the test: none
    ['store.py', t => t.replace('    table[k] = v\n    if k not in table:\n        pass\n', '    if k not in table:\n        table[k] = v\n')], // ... and back
    ['store.py', t => t + '\ndef claim_all(table, k):\n    claim(table, k, 0)\n'], // a helper handing the container down ...
    ['service.py', t => t.replace('from store import claim,', 'from store import claim, claim_all,').replace('claim(self.items, "c", 1)', 'claim_all(self.items, "c")')], // ... called instead
    ['store.py', t => t.replace('    # first\n', '')], // the innermost helper's lines move again
    ['service.py', t => '\n\n' + t], // everything moves down
  ];
  const texts = new Map(ws.files.map(f => [f.path, f.text]));
  const sums = new Map<string, FileSummary>(ws.files.map(f => [f.path, summarizeText(p, f.text, f.path, f.module, f.isPackage)]));
  const a = new Analysis([...sums.values()], options);
  steps.forEach(([file, change], n) => {
    const f = ws.files.find(x => x.path === file)!;
    const next = change(texts.get(file)!);
    assert.notEqual(next, texts.get(file), `step ${n} changed nothing`);
    texts.set(file, next);
    sums.set(file, summarizeText(p, next, f.path, f.module, f.isPackage));
    const stats = a.update(file, sums.get(file)!);
    same(a, new Analysis([...sums.values()], options), ws.files.map(x => x.path), `scripted step ${n} (${stats.mode})`);
    // (the receiver steps: which subclass's step() the poll thread runs)
    const on = (cls: string) => `${cls}().run_once()`;
    const poll = (qual: string) => threadsIn(a, 'store.py', qual).includes('poll');
    if (next.includes(on('PA'))) assert.deepEqual([poll('PA.step'), poll('PB.step')], [true, false], `step ${n}`);
    if (next.includes(on('PB'))) assert.deepEqual([poll('PA.step'), poll('PB.step')], [false, true], `step ${n}`);
    if (next.includes(on('Plug'))) assert.deepEqual([poll('PA.step'), poll('PB.step')], [true, true], `step ${n}`);
    const relay = (qual: string) => threadsIn(a, 'service.py', qual).includes('relay');
    if (next.includes('args=(self.note,)')) assert.deepEqual([relay('Service.note'), relay('Service.work')], [true, false], `step ${n}`);
    if (next.includes('args=(self.work,)')) assert.deepEqual([relay('Service.note'), relay('Service.work')], [false, true], `step ${n}`);
    // (the helper steps: a check-then-act in Service.work through claim, while it tests first)
    const helperCheck = a.report.findings.find(x => x.kind === 'check-then-act' && x.message.includes('in Service.work through'));
    const claimText = texts.get('store.py')!;
    if (texts.get('service.py')!.includes('claim') && claimText.includes('    if k not in table:\n        table[k] = v')) {
      assert.ok(helperCheck, `step ${n}: ${a.report.findings.map(x => x.message).join('\n')}`);
      const testLine = claimText.split('\n').indexOf('    if k not in table:') + 1;
      assert.equal(helperCheck.accesses[0].line, testLine, `step ${n}`);
    } else assert.equal(helperCheck, undefined, `step ${n}`);
  });
  assert.ok(a.report.threads.some(t => t.id === 'unknown_b'), JSON.stringify(a.report.threads.map(t => t.id)));
});

/** A lock text written the same that takes another lock after an edit (`m: Manager = x` →
 *  `m: Other = x` above `with m.lock:`): the held locks of the visits and the callees'
 *  inherited ones are redone, at a call under it and at an access under it. */
test('incremental = full: a lock text that takes another lock once a type changes', async () => {
  const p = await loadPython();
  const base = (body: string) => [
    'import threading', '', 'TABLE = {}', '', '',
    'class Manager:', '    def __init__(self):', '        self.lock = threading.Lock()', '',
    '    def run(self):', '        with self.lock:', '            TABLE["x"] = 2', '', '',
    'class Other:', '    def __init__(self):', '        self.lock = threading.Lock()', '', '',
    'def helper():', '    TABLE["h"] = 1', '', '',
    'def t1(x):', '    m: Manager = x', '    with m.lock:', `        ${body}`, '', '',
    'def main():', '    mg = Manager()', '    threading.Thread(target=t1, args=(mg,)).start()', '    threading.Thread(target=mg.run).start()', '',
  ].join('\n');
  for (const body of ['helper()', 'TABLE["t"] = 3']) {
    let text = base(body);
    const sum = () => summarizeText(p, text, 'a.py', 'a', false);
    const a = new Analysis([sum()], options);
    for (const [from, to] of [['m: Manager = x', 'm: Other = x'], ['m: Other = x', 'm: Manager = x']]) {
      text = text.replace(from, to);
      const stats = a.update('a.py', sum());
      const fresh = new Analysis([sum()], options);
      same(a, fresh, ['a.py'], `${body}: ${to} (${stats.mode})`);
      // (under a Manager's lock no race with Manager.run; under an Other's, one)
      const t1 = a.report.findings.some(f => f.accesses.some(x => x.callPath.includes('t1')) && f.accesses.some(x => x.function === 'Manager.run'));
      assert.equal(t1, to.includes('Other'), `${body}: ${to}: ${a.report.findings.map(f => f.message).join('; ')}`);
    }
  }
});

/** A join a method waits for itself (`self._t.join()`, `self.raw.close()`) typed in or out is
 *  its body's: applied in place, the accesses after it held by it or no longer. An `__enter__`'s
 *  (held by every `with` on its object) and an `acquire` method's (what `with` on its object
 *  takes) stay declarations: those edits rebuild. Each step is checked against a fresh run. */
test('incremental = full: a join typed in and out of a method is applied in place', async () => {
  const p = await loadPython();
  let text = [
    'import threading', '',
    'class Raw:', '    def close(self):', '        pass', '', '',
    'class Guard:', '    def __init__(self, t):', '        self.t = t', '',
    '    def __enter__(self):', '        self.t.join()', '        return self', '',
    '    def __exit__(self, *a):', '        pass', '',
    '    def acquire(self):', '        self.t.join()', '', '',
    'class Pump:', '    def __init__(self):', '        self.items = {}', '        self.raw = Raw()',
    '        self._t = threading.Thread(target=self.run)', '        self._t.start()', '',
    '    def run(self):', '        self.items["k"] = 1', '',
    '    def stop(self):', '        if self._t is not None:', '            self._t.join()', '            self.items.clear()', '',
    '    def close(self):', '        if self.raw:', '            self.raw.close()', '            self.items.pop("k", None)', '',
    '    def finish(self):', '        self._t.join()', '',
    '    def guarded(self):', '        with Guard(self._t):', '            self.items["g"] = 2', '', '',
    'def main():', '    p = Pump()', '    p.stop()', '    p.close()', '    p.guarded()', '',
  ].join('\n');
  const sum = () => summarizeText(p, text, 'a.py', 'a', false);
  const a = new Analysis([sum()], options);
  const steps: [string, string, 'in place' | 'rebuilt'][] = [
    ['            self._t.join()\n            self.items.clear()', '            self._t.joinx()\n            self.items.clear()', 'in place'],
    ['            self._t.joinx()\n            self.items.clear()', '            self._t.join()\n            self.items.clear()', 'in place'],
    ['            self.raw.close()', '            self.raw.closex()', 'in place'],
    ['            self.raw.closex()', '            self.raw.close()', 'in place'],
    // (a join kept at the function's end is held by its callers after the call: declared)
    ['    def finish(self):\n        self._t.join()', '    def finish(self):\n        self._t.joinx()', 'rebuilt'],
    ['    def finish(self):\n        self._t.joinx()', '    def finish(self):\n        self._t.join()', 'rebuilt'],
    ['    def __enter__(self):\n        self.t.join()', '    def __enter__(self):\n        self.t.joinx()', 'rebuilt'],
    ['    def __enter__(self):\n        self.t.joinx()', '    def __enter__(self):\n        self.t.join()', 'rebuilt'],
    ['    def acquire(self):\n        self.t.join()', '    def acquire(self):\n        self.t.joinx()', 'rebuilt'],
    ['    def acquire(self):\n        self.t.joinx()', '    def acquire(self):\n        self.t.join()', 'rebuilt'],
  ];
  for (const [from, to, mode] of steps) {
    assert.ok(text.includes(from), from);
    text = text.replace(from, to);
    const stats = a.update('a.py', sum());
    same(a, new Analysis([sum()], options), ['a.py'], `${to.trim()} (${stats.mode})`);
    assert.equal(stats.mode, mode, to.trim());
  }
  // (after the join, Pump.stop's clear() holds it: no race with run's write; without it, one)
  const stopRaces = () => a.report.findings.some(f => f.kind === 'race' && f.accesses.some(x => x.function === 'Pump.stop'));
  assert.ok(!stopRaces(), a.report.findings.map(f => f.message).join('\n'));
  text = text.replace('            self._t.join()\n            self.items.clear()', '            self._t.joinx()\n            self.items.clear()');
  assert.equal(a.update('a.py', sum()).mode, 'in place');
  assert.ok(stopRaces(), a.report.findings.map(f => f.message).join('\n'));
});

test('incremental = full: a decorator\'s wrapper typed to call what it wraps, and back', async () => {
  const p = await loadPython();
  let text = [
    'import threading', '', 'CALLS = {}', '', '',
    'def counted(func):', '    def wrapper(*args):', '        CALLS[func.__name__] = 1', '        return func(*args)', '    return wrapper', '', '',
    'class Poller:', '    @counted', '    def fetch(self):', '        return 1', '',
    '    def _worker(self):', '        self.fetch()', '',
    '    def start(self):', '        threading.Thread(target=self._worker).start()', '', '',
    'def report():', '    return dict(CALLS)', '',
  ].join('\n');
  const sum = () => summarizeText(p, text, 'a.py', 'a', false);
  const a = new Analysis([sum()], options);
  const onWorker = () => a.report.containers.some(c => c.attr === 'CALLS' && c.accesses.some(x => x.access === 'write' && x.threads.includes('_worker')));
  assert.ok(onWorker(), 'the wrapper runs on the caller\'s thread');
  for (const [from, to, wrapped] of [['        return func(*args)', '        return other(*args)', false], ['        return other(*args)', '        return func(*args)', true]] as const) {
    text = text.replace(from, to);
    const stats = a.update('a.py', sum());
    same(a, new Analysis([sum()], options), ['a.py'], `${to.trim()} (${stats.mode})`);
    assert.equal(onWorker(), wrapped, to.trim());
  }
});

test('incremental = full: a thread joined back to back, its starter called from another thread and not', async () => {
  const p = await loadPython();
  let text = [
    'import threading', '', '',
    'class App:', '    def __init__(self):', '        self.items = []', '',
    '    def work(self):', '        self.items.append(1)', '',
    '    def run(self):', '        t = threading.Thread(target=self.work)', '        t.start()', '        t.join()', '',
    '    def other(self):', '        self.runx()', '', '',
    'def main():', '    app = App()', '    threading.Thread(target=app.other).start()', '    app.run()', '    app.items.clear()', '',
  ].join('\n');
  const sum = () => summarizeText(p, text, 'a.py', 'a', false);
  const a = new Analysis([sum()], options);
  const races = () => a.report.findings.filter(f => f.kind === 'race').length;
  assert.equal(races(), 0, 'started and joined on main alone: apart from main');
  for (const [from, to, apart] of [['        self.runx()', '        self.run()', false], ['        self.run()', '        self.runx()', true]] as const) {
    text = text.replace(from, to);
    const stats = a.update('a.py', sum());
    same(a, new Analysis([sum()], options), ['a.py'], `${to.trim()} (${stats.mode})`);
    assert.equal(races() === 0, apart, `${to.trim()}: ${a.report.findings.map(f => f.message).join('; ')}`);
  }
});

/** The thread ids of a function in a file, as reported. */
function threadsIn(a: Analysis, path: string, qualname: string): string[] {
  const walk = (l: SymbolInfo[]): SymbolInfo | undefined => {
    for (const x of l) { if (x.qualname === qualname) return x; const y = walk(x.children); if (y) return y; }
    return undefined;
  };
  return walk(a.fileReport(path)?.symbols ?? [])?.threads ?? [];
}

/** A function that both moved (a line taken out above it) and is redone (a callee's entries
 *  changed: the line taken out was that callee's write): its entries are shifted before the
 *  refresh compares them, so the races its accesses are in are redone for the move all the
 *  same (seeded: the constructors fixture, Conn._read's write deleted above Conn.poll). */
test('incremental = full: a moved function whose callee changed quotes its new lines in races', async () => {
  const p = await loadPython();
  let text = [
    'import threading', '', 'TABLE = {}', 'SEEN = {}', '', '',
    'def writer():', '    TABLE["k"] = 1', '', '',
    'def helper():', '    SEEN["a"] = 1', '    SEEN["b"] = 2', '', '',
    'def poll():', '    helper()', '    return TABLE.get("k")', '', '',
    'def main():', '    threading.Thread(target=poll).start()', '    threading.Thread(target=writer).start()', '',
  ].join('\n');
  const sum = () => summarizeText(p, text, 'a.py', 'a', false);
  const a = new Analysis([sum()], options);
  for (const [from, to] of [['    SEEN["b"] = 2\n', ''], ['    SEEN["a"] = 1\n', '    SEEN["a"] = 1\n    SEEN["c"] = 3\n\n']]) {
    text = text.replace(from, to);
    const stats = a.update('a.py', sum());
    assert.equal(stats.mode, 'in place');
    same(a, new Analysis([sum()], options), ['a.py'], `${JSON.stringify(to)} (${stats.mode})`);
    const race = a.report.findings.find(f => f.kind === 'race' && f.container === 'a.TABLE');
    assert.ok(race, a.report.findings.map(f => f.message).join('; '));
    assert.equal(race.accesses.find(x => x.function === 'poll')!.line, text.split('\n').indexOf('    return TABLE.get("k")') + 1);
  }
});

/** A helper that gains a caller above its other one (`self._size()` → `self._put(1)` in
 *  empty(), above put()): the two hold one lock by two texts, and its inherited lock is shown
 *  by the first caller's in program order, as a full build has its callers (seeded: the
 *  stdlib's queue.py, `Queue.empty` made to call `_put`). */
test('incremental = full: a new caller above the others names a helper\'s inherited lock', async () => {
  const p = await loadPython();
  let text = [
    'import threading', '', '',
    'class Q:', '    def __init__(self):', '        self.mutex = threading.Lock()', '        self.not_full = threading.Condition(self.mutex)', '        self.queue = []', '',
    '    def empty(self):', '        with self.mutex:', '            return not self._size()', '',
    '    def put(self, x):', '        with self.not_full:', '            self._put(x)', '',
    '    def _size(self):', '        return len(self.queue)', '',
    '    def _put(self, x):', '        self.queue.append(x)', '', '',
    'q = Q()', '', '',
    'def main():', '    threading.Thread(target=q.put, args=(1,)).start()', '    threading.Thread(target=q.empty).start()', '',
  ].join('\n');
  const sum = () => summarizeText(p, text, 'a.py', 'a', false);
  const a = new Analysis([sum()], options);
  for (const [from, to, lock] of [['self._size()', 'self._put(1)', 'self.mutex'], ['self._put(1)', 'self._size()', 'self.not_full']]) {
    text = text.replace(from, to);
    const stats = a.update('a.py', sum());
    assert.equal(stats.mode, 'in place');
    same(a, new Analysis([sum()], options), ['a.py'], `${to} (${stats.mode})`);
    const append = a.report.containers.find(c => c.id === 'a.Q.queue')!.accesses.find(x => x.function === 'Q._put')!;
    assert.deepEqual(append.locks, [lock], to);
  }
});

/** An object handed to a method only while the receiver is of the class that has it (`bus =
 *  Bus(); bus.subscribe(Printer())`): with `Busx()` there (unknown), the handed objects'
 *  methods no longer run on the thread that loops over the subscribers, as in a fresh
 *  analysis (seeded: element_types/registry.py, `Bus()` renamed). */
test('incremental = full: a handed object follows what its receiver is', async () => {
  const p = await loadPython();
  let text = fs.readFileSync(path.join(fixtures, 'element_types', 'registry.py'), 'utf8');
  const sum = () => summarizeText(p, text, 'registry.py', 'registry', false);
  const a = new Analysis([sum()], options);
  const threadsOf = (cls: string) => a.report.files[0].symbols.find(s => s.name === cls)!.children.find(s => s.name === 'handle')!.threads;
  assert.deepEqual(threadsOf('Printer'), ['_pump']);
  for (const [from, to] of [['    bus = Bus()', '    bus = Busx()'], ['    bus = Busx()', '    bus = Bus()']]) {
    text = text.replace(from, to);
    const stats = a.update('registry.py', sum());
    same(a, new Analysis([sum()], options), ['registry.py'], `${to} (${stats.mode})`);
  }
  assert.deepEqual(threadsOf('Printer'), ['_pump']);
});

/** The names holding a thread instance's own object follow edits of arguments only (`fill(2,
 *  job)` → `fill(2, other)`, same callee) and of what makes the object (`Job(r)` → `make(r)`, a
 *  factory handing out one object): the races among the instances come back and go again as
 *  in a fresh analysis (seeded: per_start/own_job.py). */
test('incremental = full: a thread instance\'s own object follows its arguments and maker', async () => {
  const p = await loadPython();
  let text = [
    'import threading', '', '',
    'class Job:', '    def __init__(self):', '        self.parts = {}', '', '',
    'SHARED = Job()', '', '',
    'def make():', '    return SHARED', '', '',
    'def fill(n, job: Job):', '    job.parts[n] = n', '', '',
    'def run(job, other):', '    fill(2, job)', '', '',
    'def main():', '    for r in range(3):', '        job = Job()', '        threading.Thread(target=run, args=(job, SHARED)).start()', '',
  ].join('\n');
  const sum = () => summarizeText(p, text, 'a.py', 'a', false);
  const a = new Analysis([sum()], options);
  const races = () => a.report.findings.filter(f => f.kind === 'race' && f.container === 'a.Job.parts').length;
  assert.equal(races(), 0);
  for (const [from, to, n] of [['fill(2, job)', 'fill(2, other)', 1], ['fill(2, other)', 'fill(2, job)', 0], ['job = Job()', 'job = make()', 1], ['job = make()', 'job = Job()', 0]] as const) {
    text = text.replace(from, to);
    const stats = a.update('a.py', sum());
    same(a, new Analysis([sum()], options), ['a.py'], `${to} (${stats.mode})`);
    assert.equal(races(), n, to);
  }
});

/** What a module's import calls decides which threads are started at import (IMPORTED,
 *  ThreadEntry.atImport): moving a call that starts a thread above the module's first start
 *  makes its thread an import's, which the import's later writes race with, as in a fresh
 *  analysis (seeded: a helper review's repro). */
test('incremental = full: a module\'s import calls decide which threads it starts', async () => {
  const p = await loadPython();
  let text = [
    'import threading', '', 'CONFIG = {}', '', '',
    'def a():', '    pass', '', '',
    'def worker():', '    CONFIG.pop("x", None)', '', '',
    'def serve():', '    threading.Thread(target=worker).start()', '', '',
    'def configure():', '    CONFIG["x"] = 1', '', '',
    'configure()', 'threading.Thread(target=a).start()', 'serve()', '',
  ].join('\n');
  const sum = () => summarizeText(p, text, 'a.py', 'a', false);
  const a = new Analysis([sum()], options);
  for (const [from, to] of [['threading.Thread(target=a).start()\nserve()', 'serve()\nthreading.Thread(target=a).start()'], ['serve()\nthreading.Thread(target=a).start()', 'threading.Thread(target=a).start()\nserve()']]) {
    text = text.replace(from, to);
    const stats = a.update('a.py', sum());
    same(a, new Analysis([sum()], options), ['a.py'], `${to} (${stats.mode})`);
  }
});

test('incremental = full: a second object of a class makes its lock one per object', async () => {
  const p = await loadPython();
  let text = [
    'import threading', '', 'REGISTRY = {}', '', '',
    'class Queue:', '    def __init__(self):', '        self._lock = threading.Lock()', '',
    '    def start(self, key):', '        with self._lock:', '            REGISTRY[key] = self', '', '',
    'def manager(q):', '    q.start("b")', '', '',
    'def main():', '    q = Queue()', '    threading.Thread(target=manager, args=(q,)).start()', '    q.start("a")', '',
  ].join('\n');
  const sum = () => summarizeText(p, text, 'a.py', 'a', false);
  const a = new Analysis([sum()], options);
  assert.equal(a.report.findings.length, 0);
  // (a second Queue, made on the manager's thread: two locks, a race; then one again)
  for (const [from, to, races] of [['    q.start("b")', '    Queue().start("b")', 1], ['    Queue().start("b")', '    q.start("b")', 0]] as const) {
    text = text.replace(from, to);
    const stats = a.update('a.py', sum());
    same(a, new Analysis([sum()], options), ['a.py'], `${to} (${stats.mode})`);
    assert.equal(a.report.findings.length, races, to);
  }
});
