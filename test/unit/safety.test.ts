// Safety: no code in src/ that evaluates strings, shells out or opens network connections;
// threadline.json is data with clear errors; and what package.json declares for untrusted and
// virtual workspaces is what the server does (only file: URIs are read from disk; untitled
// buffers are analyzed from their text).
import { test, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ConfigError, parseConfig } from '../../src/core/config';
import { ContainersRequest, FileModelRequest, ServerInfoRequest } from '../../src/protocol/requests';
import { copyFixture, find, fixture, repo, startServer } from './lsp';

// ---------------------------------------------------------------------------------------------
// What src/ may not contain. Comments are stripped first (a `// never eval(...)` is fine).

interface Rule { what: string; re: RegExp; allowIn?: string[]; unlessDefines?: RegExp }
const RULES: Rule[] = [
  { what: 'eval(', re: /(^|[^\w.$])eval\s*\(/ },
  { what: 'new Function / Function(…)', re: /\bnew\s+Function\b|(^|[^\w.$])Function\s*\(/ },
  { what: 'Worker with eval: true', re: /\beval\s*:\s*true\b/ },
  { what: 'child_process', re: /['"](node:)?child_process['"]/ },
  { what: 'spawn/exec/fork', re: /(^|[^\w.$])(spawn|spawnSync|exec|execSync|execFile|execFileSync|fork)\s*\(/ },
  { what: 'vm module', re: /['"](node:)?vm['"]/ },
  { what: 'network module', re: /['"](node:)?(http|https|http2|net|tls|dgram|dns)['"]/ },
  // a file's own `const fetch = () => …` / `fetch()` method is not the global
  { what: 'fetch(…)', re: /(^|[^\w.$])fetch\s*\(|globalThis\s*\.\s*fetch\b/, unlessDefines: /\b(const|let|function)\s+fetch\b|^\s*(private\s+)?(async\s+)?fetch\s*\(\)\s*:/m },
  { what: 'WebSocket / XMLHttpRequest / EventSource', re: /\b(WebSocket|XMLHttpRequest|EventSource)\b/ },
  { what: 'require(…) (everything is a static import)', re: /(^|[^\w.$])require\s*\(/ },
  // `import('./report').SymbolInfo` in a type position is not a dynamic import
  { what: 'dynamic import(…)', re: /(^|[^\w.$])import\s*\((?!\s*['"][^'"]+['"]\s*\)\s*\.\s*[A-Z])/ },
  { what: 'worker_threads', re: /['"](node:)?worker_threads['"]/, allowIn: ['src/core/pool.ts', 'src/core/worker.ts'] },
  { what: 'process.binding / dlopen', re: /process\s*\.\s*(binding|dlopen)\b/ },
];

function stripComments(src: string): string {
  return src
    .replace(/\/\*[\s\S]*?\*\//g, m => m.replace(/[^\n]/g, ' '))
    .replace(/(^|\s)\/\/.*$/gm, '$1');
}

function violations(rel: string, src: string): string[] {
  const out: string[] = [];
  const code = stripComments(src);
  code.split('\n').forEach((line, i) => {
    for (const r of RULES) {
      if (r.re.test(line) && !r.allowIn?.includes(rel) && !r.unlessDefines?.test(code)) out.push(`${rel}:${i + 1}: ${r.what}: ${line.trim()}`);
    }
  });
  return out;
}

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(repo, dir), { withFileTypes: true }).flatMap(e => {
    const rel = `${dir}/${e.name}`;
    return e.isDirectory() ? sources(rel) : /\.[cm]?[jt]s$/.test(e.name) ? [rel] : [];
  });
}

test('the scanner catches what it is meant to catch', () => {
  const bad = [
    'eval("1")', 'x = new Function("a", "return a")', 'const f = Function("return 1")', "import { spawn } from 'node:child_process';",
    "import * as cp from 'child_process';", "execSync('ls')", "import * as http from 'node:https';", 'await fetch(url)',
    'const m = require(name)', 'globalThis.fetch(u)', "const m = await import(spec)", "new Worker(code, { eval: true })", "import vm from 'vm';",
  ];
  for (const b of bad) assert.ok(violations('src/server/x.ts', b).length, `not caught: ${b}`);
  const fine = [
    '// never eval(x) here', '/* new Function */', "symbols: import('./report').SymbolInfo[];", 'retrieval(x)', 'obj.exec(x)',
    "const s = 'evaluated'", 'this.eval = 1', 'myFunction(x)', '/^x/.exec(s)', 'const fetch = () => 1;\nawait fetch();',
  ];
  for (const f of fine) assert.deepEqual(violations('src/server/x.ts', f), [], f);
  assert.deepEqual(violations('src/core/pool.ts', "import { Worker } from 'node:worker_threads';"), []);
  assert.ok(violations('src/server/x.ts', "import { Worker } from 'node:worker_threads';").length);
});

test('src/ evaluates no strings, starts no processes, opens no network connections', () => {
  const files = ['src/core', 'src/server', 'src/client', 'src/protocol', 'src/cli'].flatMap(sources);
  assert.ok(files.includes('src/server/server.ts') && files.includes('src/core/summarize.ts') && files.includes('src/client/extension.ts'));
  const found = files.flatMap(f => violations(f, fs.readFileSync(path.join(repo, f), 'utf8')));
  assert.deepEqual(found, []);
});

// ---------------------------------------------------------------------------------------------
// threadline.json

test('threadline.json: a valid file parses; every wrong field gets a message naming it', () => {
  assert.deepEqual(parseConfig(JSON.stringify({ $schema: 'x', mainThread: 'sched', threads: { 'Worker.run*': 'worker' }, exclude: ['gen/**'], extraRoots: ['lib'] })),
    { mainThread: 'sched', threads: { 'Worker.run*': 'worker' }, exclude: ['gen/**'], extraRoots: ['lib'] });
  assert.deepEqual(parseConfig('{}'), { mainThread: 'main', threads: {} });
  const cases: [string, RegExp][] = [
    ['{ "mainThread": "main", }', /^cfg\/threadline\.json: not valid JSON: /],
    ['', /not valid JSON/],
    ['[]', /^cfg\/threadline\.json: expected an object$/],
    ['"main"', /expected an object/],
    ['null', /expected an object/],
    ['{ "threadz": {} }', /unknown field "threadz" \(known: mainThread, threads, exclude, extraRoots\)/],
    ['{ "__proto__": { "x": 1 } }', /unknown field "__proto__"/],
    ['{ "mainThread": 3 }', /"mainThread" must be a thread name \(letters, digits, _ \. -\)/],
    ['{ "mainThread": "two words" }', /"mainThread" must be a thread name/],
    ['{ "threads": ["a"] }', /"threads" must map qualname globs to thread names/],
    ['{ "threads": { "A.run": 1 } }', /"threads\.A\.run" must be a thread name/],
    ['{ "threads": { "A.run": "" } }', /"threads\.A\.run" must be a thread name/],
    ['{ "exclude": "gen/**" }', /"exclude" must be an array of strings/],
    ['{ "extraRoots": [1] }', /"extraRoots" must be an array of strings/],
  ];
  for (const [text, re] of cases) {
    assert.throws(() => parseConfig(text, 'cfg/threadline.json'), (e: unknown) => {
      assert.ok(e instanceof ConfigError, `${text}: ${e}`);
      assert.match((e as Error).message, re, text);
      assert.ok(!(e as Error).message.includes('\n'), 'one line');
      return true;
    }, text);
  }
});

test('a broken threadline.json is reported by the server; it goes on with defaults and recovers when fixed', async () => {
  const ws = copyFixture('motivating');
  fs.writeFileSync(path.join(ws, 'threadline.json'), '{ "mainThread": "sched", "treads": {} }');
  const s = await startServer(ws);
  const statuses = s.statuses;
  try {
    for (let i = 0; i < 50 && !statuses.some(x => x.state !== 'indexing'); i++) await new Promise(r => setTimeout(r, 20));
    const last = statuses[statuses.length - 1];
    assert.equal(last.state, 'error');
    assert.match(last.message!, /threadline\.json: unknown field "treads"/);
    assert.ok(s.logs.some(l => /unknown field "treads"/.test(l)));
    const m = await s.conn.sendRequest(FileModelRequest, { textDocument: { uri: s.uri('pkg/backend.py') } });
    assert.ok(m.threads.some(t => t.id === 'main'), 'defaults: the main thread is "main"');
    fs.writeFileSync(path.join(ws, 'threadline.json'), '{ "mainThread": "sched" }');
    void s.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ type: 2, uri: s.uri('threadline.json') }] });
    const m2 = await s.conn.sendRequest(FileModelRequest, { textDocument: { uri: s.uri('pkg/backend.py') } });
    assert.ok(m2.threads.some(t => t.id === 'sched'), m2.threads.map(t => t.id).join(', '));
    for (let i = 0; i < 50 && statuses[statuses.length - 1].state === 'error'; i++) await new Promise(r => setTimeout(r, 20));
    assert.equal(statuses[statuses.length - 1].state, 'ready', 'the error status is cleared once the file is fixed');
  } finally {
    await s.stop();
    fs.rmSync(path.dirname(ws), { recursive: true, force: true });
  }
});

// ---------------------------------------------------------------------------------------------
// Untrusted and virtual workspaces

test('package.json declares what the code does: untrusted supported (limited), virtual not, documents are file: and untitled:', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8'));
  // no workspace code runs; the settings that read outside the workspace or run a workspace regex are restricted
  assert.equal(pkg.capabilities.untrustedWorkspaces.supported, 'limited');
  assert.deepEqual(pkg.capabilities.untrustedWorkspaces.restrictedConfigurations, ['threadline.extraRoots', 'threadline.statusPattern']);
  // the server reads the workspace's files with node:fs, so a virtual (vscode-vfs:) workspace has nothing it can read
  assert.equal(pkg.capabilities.virtualWorkspaces.supported, false);
  assert.match(pkg.capabilities.virtualWorkspaces.description, /from disk/);
  const client = fs.readFileSync(path.join(repo, 'src/client/client.ts'), 'utf8');
  const schemes = [...client.matchAll(/scheme:\s*'([^']+)'/g)].map(m => m[1]).sort();
  assert.deepEqual(schemes, ['file', 'untitled']);
});

const UNTITLED = [
  'import threading',
  '',
  '',
  'class Box:',
  '    def __init__(self):',
  '        self.items = {}',
  '        threading.Thread(target=self.fill).start()',
  '',
  '    def fill(self):',
  '        self.items["a"] = 1',
  '',
  '    def peek(self):',
  '        return self.items.get("a")',
  '',
].join('\n');

const tmpCwd = fs.mkdtempSync(path.join(os.tmpdir(), 'threadline-cwd-'));
after(() => fs.rmSync(tmpCwd, { recursive: true, force: true }));

test('untitled buffers are analyzed from their text; other schemes are never read from disk; nothing crashes', async () => {
  // what a server that took `vscode-vfs://host/pkg/evil.py` for a path would read, relative to its cwd
  fs.mkdirSync(path.join(tmpCwd, 'vscode-vfs:', 'host', 'pkg'), { recursive: true });
  fs.writeFileSync(path.join(tmpCwd, 'vscode-vfs:', 'host', 'pkg', 'evil.py'), 'EVIL = {}\n\ndef f(k):\n    EVIL[k] = 1\n');
  const s = await startServer(fixture('motivating'), { cwd: tmpCwd });
  try {
    const filesBefore = (await s.conn.sendRequest(ServerInfoRequest, {})).files;
    const u1 = s.open('untitled:Untitled-1', UNTITLED);
    const u2 = s.open('untitled:Untitled-2', UNTITLED.replace('self.items["a"] = 1', 'pass'));
    const vfs = s.open('vscode-vfs://github/owner/repo/pkg/remote.py', UNTITLED);
    const pos = find(UNTITLED, 'self.items.get');
    const h: any = await s.conn.sendRequest('textDocument/hover', { textDocument: { uri: u1 }, position: { line: pos.line, character: pos.character + 6 } });
    assert.ok(h, 'a hover in the untitled buffer');
    assert.match(h.contents.value, /Box\.items/);
    assert.match(h.contents.value, /written on 2 threads: Box\.fill ×1, main ×1/, 'the writes in Untitled-1 itself');
    const m1 = await s.conn.sendRequest(FileModelRequest, { textDocument: { uri: u1 } });
    const box = m1.symbols.find(x => x.name === 'Box')!;
    assert.deepEqual(box.children.find(c => c.name === 'fill')!.threads, ['Box.fill']);
    // the second buffer defines its own Box: its read sees no writer, Untitled-1's write is not its
    const h2: any = await s.conn.sendRequest('textDocument/hover', { textDocument: { uri: u2 }, position: { line: pos.line, character: pos.character + 6 } });
    assert.ok(h2, 'a hover in the second untitled buffer');
    assert.match(h2.contents.value, /written on 1 thread: main ×1;/);
    // a buffer of another scheme is only text from the editor: answered, not read, no crash
    const mv = await s.conn.sendRequest(FileModelRequest, { textDocument: { uri: vfs } });
    assert.equal(mv.uri, vfs);
    // file events for URIs that are not file: name nothing on this disk
    void s.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [
      { type: 1, uri: 'vscode-vfs://host/pkg/evil.py' }, { type: 2, uri: 'untitled:Untitled-1' }, { type: 3, uri: 'vscode-vfs://host/pkg' },
    ] });
    const all = await s.conn.sendRequest(ContainersRequest, {});
    assert.ok(!all.some(c => /EVIL/.test(c.id)), all.map(c => c.id).join(', '));
    assert.ok(!s.logs.some(l => /vscode-vfs:|evil\.py/.test(l)), s.logs.filter(l => /vfs|evil/.test(l)).join('\n'));
    for (const u of [u1, u2, vfs]) void s.conn.sendNotification('textDocument/didClose', { textDocument: { uri: u } });
    const info = await s.conn.sendRequest(ServerInfoRequest, {});
    assert.equal(info.files, filesBefore, 'closed buffers leave the index; nothing was added from disk');
    assert.equal((await s.conn.sendRequest(FileModelRequest, { textDocument: { uri: u1 } })).symbols.length, 0);
    // and the workspace files still answer
    assert.ok((await s.conn.sendRequest(ContainersRequest, { pattern: 'status' })).some(c => c.attr === 'request_status'));
  } finally {
    await s.stop();
  }
});
