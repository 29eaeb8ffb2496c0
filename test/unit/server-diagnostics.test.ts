// Diagnostics after an edit: only the files whose findings changed are sent again, and what the
// editor holds is what a fresh server would send. File models list the threads their file has
// to do with, not every thread of the workspace.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ContainerAccessesRequest, FileModelRequest, PFileModel } from '../../src/protocol/requests';
import { sleep, startServer } from './lsp';

/** A class whose worker thread writes a dict that a main-thread method reads: one race. */
const module = (name: string) => [
  'import threading',
  '',
  '',
  `class ${name}:`,
  '    def __init__(self):',
  '        self.items = {}',
  '        self.lock = threading.Lock()',
  '',
  '    def start(self):',
  `        threading.Thread(target=self.worker, name="${name.toLowerCase()}-worker").start()`,
  '',
  '    def worker(self):',
  '        self.items["k"] = 1',
  '',
  '    def read(self):',
  '        return self.items.get("k")',
  '',
].join('\n');

function workspace(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadline-diag-'));
  for (const n of ['Alpha', 'Beta', 'Gamma']) fs.writeFileSync(path.join(dir, `${n.toLowerCase()}.py`), module(n));
  return dir;
}

async function until<T>(what: string, f: () => T | undefined): Promise<T> {
  for (let i = 0; i < 100; i++) { const v = f(); if (v !== undefined) return v; await sleep(50); }
  assert.fail(`timed out waiting for ${what}`);
}

test('an edit that takes a race away re-sends only its file; undoing it brings the race back', async () => {
  const dir = workspace();
  const s = await startServer(dir);
  try {
    const [alpha, beta, gamma] = ['alpha.py', 'beta.py', 'gamma.py'].map(f => s.uri(f));
    await until('diagnostics of the three files', () => ([alpha, beta, gamma].every(u => s.diagnostics.get(u)?.length === 2) ? true : undefined));
    assert.match(s.diagnostics.get(alpha)![0].message, /Alpha\.items is written on Alpha\.worker/);
    const text = module('Alpha');
    s.open('alpha.py', text);
    await s.conn.sendRequest(FileModelRequest.method, { textDocument: { uri: alpha } });
    const sentBefore = new Map(s.diagnosticsSent);
    // the write under the lock, and the read too: no race left in alpha.py
    const locked = text.replace('        self.items["k"] = 1', '        with self.lock:\n            self.items["k"] = 1')
      .replace('        return self.items.get("k")', '        with self.lock:\n            return self.items.get("k")');
    await s.conn.sendNotification('textDocument/didChange', { textDocument: { uri: alpha, version: 2 }, contentChanges: [{ text: locked }] });
    await s.conn.sendRequest(FileModelRequest.method, { textDocument: { uri: alpha } });
    await until('alpha.py cleared', () => (s.diagnostics.get(alpha)?.length === 0 ? true : undefined));
    await sleep(300);
    assert.equal(s.diagnosticsSent.get(beta), sentBefore.get(beta), 'beta.py was not sent again');
    assert.equal(s.diagnosticsSent.get(gamma), sentBefore.get(gamma), 'gamma.py was not sent again');
    assert.equal(s.diagnostics.get(beta)?.length, 2, "at the write and at the read");
    // a new line above everything: alpha.py has nothing to show still, and nothing is sent
    const sentLocked = new Map(s.diagnosticsSent);
    await s.conn.sendNotification('textDocument/didChange', { textDocument: { uri: alpha, version: 3 }, contentChanges: [{ text: '\n' + locked }] });
    await s.conn.sendRequest(FileModelRequest.method, { textDocument: { uri: alpha } });
    await sleep(300);
    assert.deepEqual(s.diagnosticsSent, sentLocked, 'nothing changed: nothing sent');
    await s.conn.sendNotification('textDocument/didChange', { textDocument: { uri: alpha, version: 4 }, contentChanges: [{ text }] });
    await s.conn.sendRequest(FileModelRequest.method, { textDocument: { uri: alpha } });
    const back = await until('the race back in alpha.py', () => (s.diagnostics.get(alpha)?.length ? s.diagnostics.get(alpha) : undefined));
    assert.match(back[0].message, /Alpha\.items is written on Alpha\.worker/);
    assert.equal(back[0].range.start.line, 12, 'at the write, line 13');
    assert.equal(s.diagnosticsSent.get(beta), sentBefore.get(beta));
  } finally {
    await s.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("a file model lists main and its own threads; a container's accesses bring the threads they run on", async () => {
  const dir = workspace();
  const s = await startServer(dir);
  try {
    const model = (await s.conn.sendRequest(FileModelRequest.method, { textDocument: { uri: s.uri('beta.py') } })) as PFileModel;
    assert.deepEqual(model.threads.map(t => t.id).sort(), ['Beta.worker', 'main']);
    const colors = new Set(model.threads.map(t => t.color));
    assert.equal(colors.size, 2, 'distinct colors');
    const acc = (await s.conn.sendRequest(ContainerAccessesRequest, { containerId: 'alpha.Alpha.items', writesOnly: false }))!;
    assert.deepEqual(acc.threads.map(t => t.id).sort(), ['Alpha.worker', 'main']);
    // a thread keeps its color from one answer to the next
    const main = acc.threads.find(t => t.id === 'main')!;
    assert.equal(main.color, model.threads.find(t => t.id === 'main')!.color);
    // the entry's location follows an edit that moves it and not the start site (the thread
    // list itself stays)
    const uri = s.uri('beta.py');
    const entryLine = () => model.threads.find(t => t.id === 'Beta.worker')!.entryLocation!.range.start.line;
    assert.equal(entryLine(), 11, 'def worker, line 12');
    s.open('beta.py', module('Beta'));
    await s.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ range: { start: { line: 11, character: 0 }, end: { line: 11, character: 0 } }, text: '\n' }] });
    const moved = (await s.conn.sendRequest(FileModelRequest.method, { textDocument: { uri } })) as PFileModel;
    assert.equal(moved.version, 2);
    assert.equal(moved.threads.find(t => t.id === 'Beta.worker')!.entryLocation!.range.start.line, 12);
  } finally {
    await s.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
