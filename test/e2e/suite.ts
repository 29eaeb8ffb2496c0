// Extension-host pass: runs inside the real VS Code extension host (code-server), against the
// installed build, on the motivating fixture workspace (pkg/common.py, pkg/backend.py, pkg/sender.py).
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { ThreadlineApi } from '../../src/client/extension';
import type { PContainer, PServerInfo } from '../../src/protocol/requests';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const mochaMod = require('mocha'); // mocha 12 exports { Mocha, default }
const Mocha: typeof import('mocha') = mochaMod.Mocha ?? mochaMod.default ?? mochaMod;

const EXT_ID = 'threadline.threadline';

function file(rel: string): vscode.Uri {
  return vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, rel);
}

async function open(rel: string): Promise<vscode.TextEditor> {
  const doc = await vscode.workspace.openTextDocument(file(rel));
  return vscode.window.showTextDocument(doc, { preview: false });
}

/** Position of the `nth` occurrence of `needle` in the document, moved `offset` characters in. */
function posOf(doc: vscode.TextDocument, needle: string, offset = 0, nth = 0): vscode.Position {
  let at = -1;
  for (let i = 0; i <= nth; i++) at = doc.getText().indexOf(needle, at + 1);
  assert.ok(at >= 0, `${needle} not found in ${doc.uri.path}`);
  return doc.positionAt(at + offset);
}

async function poll<T>(what: string, fn: () => Promise<T | undefined> | T | undefined, timeout = 20000): Promise<T> {
  const end = Date.now() + timeout;
  let last: unknown;
  for (;;) {
    try { const v = await fn(); if (v) return v; last = v; } catch (e) { last = e; }
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${last instanceof Error ? last.message : JSON.stringify(last)}`);
    await new Promise(r => setTimeout(r, 200));
  }
}

function hoverText(hovers: vscode.Hover[]): string {
  return hovers.flatMap(h => h.contents.map(c => (typeof c === 'string' ? c : (c as vscode.MarkdownString).value))).join('\n');
}

function basenames(locs: vscode.Location[]): Set<string> {
  return new Set(locs.map(l => l.uri.path.split('/').pop()!));
}

function defineTests() {
  let api: ThreadlineApi;

  suite('Threadline in a real extension host', () => {
    suiteSetup(async function () {
      this.timeout(90000);
      const ext = vscode.extensions.getExtension<ThreadlineApi>(EXT_ID);
      assert.ok(ext, `extension ${EXT_ID} not found`);
      await open('pkg/backend.py');
      api = await ext!.activate();
      await Promise.race([
        api.ready(),
        new Promise((_, reject) => setTimeout(() => reject(new Error('api.ready() did not resolve in 60 s')), 60000)),
      ]);
    });

    test('the commands are registered', async () => {
      const all = new Set(await vscode.commands.getCommands(true));
      for (const c of ['threadline.findStatusWrites', 'threadline.findAccesses', 'threadline.showThreadMap', 'threadline.refresh',
        'threadline.showLogs', 'threadline.groupByThread', 'threadline.groupByClass']) assert.ok(all.has(c), `${c} missing`);
    });

    test('fileModel tags methods with their threads', async () => {
      const model = await api.fileModel(file('pkg/backend.py'));
      const flat = new Map<string, { threads: string[] }>();
      const walk = (s: typeof model.symbols[number]) => { flat.set(s.qualname, s); s.children.forEach(walk); };
      model.symbols.forEach(walk);
      const names = (ids: string[]) => ids.map(id => model.threads.find(t => t.id === id)?.name ?? id);
      const tw = flat.get('Manager.transfer_worker');
      assert.ok(tw, `no Manager.transfer_worker in ${[...flat.keys()].join(', ')}`);
      assert.ok(names(tw!.threads).some(n => /transfer_worker/.test(n)), `transfer_worker threads: ${tw!.threads}`);
      assert.ok(names(flat.get('Manager.check_status')!.threads).includes('main'));
      assert.ok([...flat.keys()].some(q => q.endsWith('bootstrap_thread')), 'nested bootstrap_thread missing');
      assert.ok(model.containers.some(c => c.attr === 'request_status' && c.inFile), 'request_status not an in-file container');
      assert.strictEqual(typeof model.threads[0]?.color, 'number');
    });

    test('the Threads & Methods view shows the active file', async () => {
      await open('pkg/backend.py');
      const roots = await poll('threads view roots', () => {
        const r = api.threadsView.rootNodes;
        return r.some(n => n.kind === 'symbol' && n.sym.name === 'Manager') ? r : undefined;
      });
      const mgr = roots.find(n => n.kind === 'symbol' && n.sym.name === 'Manager')!;
      const item = api.threadsView.getTreeItem(mgr.children.find(c => c.sym.name === 'transfer_worker')!);
      assert.match(String(item.description), /transfer_worker/);
      await vscode.commands.executeCommand('threadline.showThreadMap');
      assert.strictEqual(api.threadsView.groupedBy, 'thread');
      assert.ok(api.threadsView.rootNodes.some(n => n.kind === 'thread' && n.thread.id === 'main'));
      await vscode.commands.executeCommand('threadline.groupByClass');
      assert.strictEqual(api.threadsView.groupedBy, 'class');
    });

    test('the Shared State view lists request_status first', async () => {
      await open('pkg/backend.py');
      const roots = await poll('state view roots', () => (api.stateView.rootNodes.length ? api.stateView.rootNodes : undefined));
      assert.strictEqual(roots[0].container.attr, 'request_status');
      const groups = (await api.stateView.getChildren(roots[0])) as { kind: string; children: { access: { label: string } }[] }[];
      const writes = groups[0].children.map(c => c.access.label);
      assert.ok(writes.some(l => /via .*update_status/.test(l) && /KVPoll\.Transferring/.test(l)), writes.join('\n'));
    });

    test('hover on a dict access shows its threads', async () => {
      const ed = await open('pkg/backend.py');
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', ed.document.uri,
        posOf(ed.document, 'self.request_status.get', 'self.'.length + 2));
      const text = hoverText(hovers);
      assert.match(text, /request_status/);
      assert.match(text, /\bmain\b/);
      assert.match(text, /transfer_worker/); // the container's totals
    });

    test('hover on a helper call shows the write it makes', async () => {
      const ed = await open('pkg/backend.py');
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', ed.document.uri,
        posOf(ed.document, 'self.update_status(room, KVPoll.Transferring)', 'self.'.length + 2));
      const text = hoverText(hovers);
      assert.match(text, /request_status/);
      assert.match(text, /Transferring/);
    });

    test('document highlights carry Read and Write kinds', async () => {
      const ed = await open('pkg/common.py');
      const hl = await vscode.commands.executeCommand<vscode.DocumentHighlight[]>('vscode.executeDocumentHighlights', ed.document.uri,
        posOf(ed.document, 'self.request_status[room] = status', 'self.'.length + 2));
      const kinds = new Set(hl.map(h => h.kind));
      assert.ok(kinds.has(vscode.DocumentHighlightKind.Write), `kinds: ${[...kinds]}`);
      assert.ok(kinds.has(vscode.DocumentHighlightKind.Read), `kinds: ${[...kinds]}`);
    });

    test('inlay hints name the threads at def lines', async () => {
      const ed = await open('pkg/backend.py');
      const doc = ed.document;
      const hints = await poll('inlay hints', async () => {
        const h = await vscode.commands.executeCommand<vscode.InlayHint[]>('vscode.executeInlayHintProvider', doc.uri,
          new vscode.Range(0, 0, doc.lineCount, 0));
        return h.length ? h : undefined;
      });
      const label = (h: vscode.InlayHint) => (typeof h.label === 'string' ? h.label : h.label.map(p => p.value).join(''));
      const defLine = posOf(doc, 'def transfer_worker').line;
      const at = hints.filter(h => h.position.line === defLine).map(label).join(' ');
      assert.match(at, /transfer_worker/, `hints on line ${defLine + 1}: ${JSON.stringify(at)}`);
      const chk = hints.filter(h => h.position.line === posOf(doc, 'def check_status').line).map(label).join(' ');
      assert.match(chk, /\bmain\b/);
    });

    test('race findings are diagnostics with related information', async () => {
      for (const f of ['pkg/common.py', 'pkg/sender.py', 'pkg/backend.py']) await open(f);
      const diags = await poll('threadline diagnostics', () => {
        const all = vscode.languages.getDiagnostics().flatMap(([uri, ds]) => ds.map(d => ({ uri, d })))
          .filter(x => /threadline/i.test(x.d.source ?? ''));
        return all.some(x => (x.d.relatedInformation?.length ?? 0) > 0) ? all : undefined;
      }, 30000);
      for (const x of diags) console.log(`[suite] diagnostic ${vscode.workspace.asRelativePath(x.uri)}:${x.d.range.start.line + 1}:${x.d.range.start.character + 1} ${x.d.message.slice(0, 90)} (${x.d.relatedInformation?.length ?? 0} related)`);
      const race = diags.find(x => /request_status/.test(x.d.message));
      assert.ok(race, diags.map(x => x.d.message).join('\n'));
      assert.ok((race!.d.relatedInformation?.length ?? 0) >= 1);
      assert.strictEqual(race!.d.severity, vscode.DiagnosticSeverity.Warning);
    });

    test('Find All Status Writes at the cursor lists direct and helper writes in every file', async () => {
      const ed = await open('pkg/backend.py');
      const p = posOf(ed.document, 'self.request_status.get', 'self.'.length + 2);
      ed.selection = new vscode.Selection(p, p);
      const locs = await vscode.commands.executeCommand<vscode.Location[]>('threadline.findStatusWrites');
      assert.ok(Array.isArray(locs) && locs.length > 0, 'no locations');
      const files = basenames(locs);
      for (const f of ['common.py', 'backend.py', 'sender.py']) assert.ok(files.has(f), `no write in ${f}: ${[...files]}`);
    });

    test('Find All Accesses with a container id includes the reads', async () => {
      // by method name: a RequestType object from this bundle's own vscode-jsonrpc copy is not the client's
      const all = await api.client.sendRequest<PContainer[]>('threadline/containers', {});
      const rs = all.find(c => c.attr === 'request_status');
      assert.ok(rs, `containers: ${all.map(c => c.id)}`);
      const writes = await vscode.commands.executeCommand<vscode.Location[]>('threadline.findStatusWrites', { containerId: rs!.id });
      const every = await vscode.commands.executeCommand<vscode.Location[]>('threadline.findAccesses', rs!.id);
      assert.ok(every.length > writes.length, `accesses ${every.length} vs writes ${writes.length}`);
    });

    test('a killed server is restarted (with back-off); hover and the Threads view come back', async function () {
      this.timeout(60000);
      const ed = await open('pkg/backend.py');
      const hoverAt = posOf(ed.document, 'self.request_status.get', 'self.'.length + 2);
      await poll('threads view roots before the kill', () => api.threadsView.rootNodes.some(n => n.kind === 'symbol' && n.sym.name === 'Manager') || undefined);
      const before = await api.client.sendRequest<PServerInfo>('threadline/serverInfo', {});
      assert.strictEqual(api.client.serverProcess?.pid, before.pid, 'serverInfo names the process the client started');
      // every refresh of the Threads view from here on: was it empty, did it show Manager?
      const seen: ('empty' | 'Manager' | 'other')[] = [];
      const sub = api.threadsView.onDidChangeTreeData(() => {
        const r = api.threadsView.rootNodes;
        seen.push(!r.length ? 'empty' : r.some(n => n.kind === 'symbol' && n.sym.name === 'Manager') ? 'Manager' : 'other');
      });
      try {
        const killedAt = Date.now();
        process.kill(before.pid, 'SIGKILL');
        const after = await poll('a new server process', async () => {
          if (!api.client.isRunning()) return undefined;
          const i = await api.client.sendRequest<PServerInfo>('threadline/serverInfo', {});
          return i.pid !== before.pid ? i : undefined;
        }, 30000);
        console.log(`[suite] server ${before.pid} killed; restarted as ${after.pid}, ${after.startedAt - killedAt} ms later`);
        assert.ok(after.startedAt > before.startedAt);
        const text = await poll('hover after the restart', async () => {
          const t = hoverText(await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', ed.document.uri, hoverAt));
          return /request_status/.test(t) && /written on 3 threads/.test(t) ? t : undefined;
        }, 30000);
        assert.match(text, /\bmain\b/);
        // the view was emptied when the server died, then filled again from the new server
        await poll('the Threads view repopulated', () => {
          const i = seen.indexOf('empty');
          return i >= 0 && seen.indexOf('Manager', i) > i ? true : undefined;
        }, 30000);
        const mgr = api.threadsView.rootNodes.find(n => n.kind === 'symbol' && n.sym.name === 'Manager')!;
        assert.ok(mgr.children.some(c => c.sym.name === 'transfer_worker' && c.sym.threads.includes('transfer_worker')));
        const model = await api.fileModel(file('pkg/backend.py'));
        assert.ok(model.containers.some(c => c.attr === 'request_status'));
      } finally {
        sub.dispose();
      }
    });

    test('Refresh re-indexes', async () => {
      const res = await vscode.commands.executeCommand<{ files: number }>('threadline.refresh');
      assert.ok(res && res.files >= 3, JSON.stringify(res));
    });
  });
}

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'tdd', color: false, timeout: 30000, reporter: 'spec' });
  mocha.suite.emit('pre-require', globalThis, 'suite.js', mocha);
  defineTests();
  return new Promise((resolve, reject) => {
    mocha.run(failures => {
      console.log(`[suite] mocha finished: ${failures} failures`);
      failures ? reject(new Error(`${failures} tests failed`)) : resolve();
    });
  });
}
