// "Threads & Methods": the active file's classes → methods / nested defs, each tagged with the
// thread(s) it runs on; or, grouped by thread, each thread → the functions it reaches.
import * as vscode from 'vscode';
import type { PFileModel, PSymbol, PThread } from '../protocol/requests';
import type { ActiveModel } from './activeModel';
import { threadIcon, threadLabel, threadTitle } from './colors';
import { contains, escapeMd, revealCommand, shortLocation } from './convert';
import type { StatusController } from './status';

export type ThreadsNode = SymbolNode | ThreadNode;

export interface SymbolNode {
  kind: 'symbol';
  id: string;
  sym: PSymbol;
  parent?: ThreadsNode;
  children: SymbolNode[];
  /** Set when listed under a thread (group-by-thread mode). */
  underThread?: PThread;
}

export interface ThreadNode {
  kind: 'thread';
  id: string;
  thread: PThread;
  children: SymbolNode[];
}

export type Grouping = 'class' | 'thread';

/** `Manager._start_bootstrap_thread.<locals>.bootstrap_thread` → `Manager._start_bootstrap_thread.bootstrap_thread`. */
export function shortQualname(q: string): string {
  return q.replace(/\.<locals>/g, '');
}

export class ThreadsView implements vscode.TreeDataProvider<ThreadsNode>, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<ThreadsNode | undefined | void>();
  readonly onDidChangeTreeData = this.emitter.event;
  readonly treeView: vscode.TreeView<ThreadsNode>;
  private readonly disposables: vscode.Disposable[] = [this.emitter];
  private roots: ThreadsNode[] = [];
  private threadsById = new Map<string, PThread>();
  private grouping: Grouping = 'class';
  private revealTimer: NodeJS.Timeout | undefined;

  constructor(private readonly active: ActiveModel, private readonly status: StatusController) {
    this.treeView = vscode.window.createTreeView('threadline.threads', { treeDataProvider: this, showCollapseAll: true });
    this.disposables.push(this.treeView);
    this.disposables.push(active.onDidChange(() => this.rebuild()));
    this.disposables.push(status.onDidChange(() => this.updateMessage()));
    this.disposables.push(vscode.window.onDidChangeTextEditorSelection(e => {
      if (this.active.uri && e.textEditor.document.uri.toString() === this.active.uri.toString()) this.scheduleReveal(e.textEditor);
    }));
    this.disposables.push(this.treeView.onDidChangeVisibility(e => {
      const ed = vscode.window.activeTextEditor;
      if (e.visible && ed) this.scheduleReveal(ed);
    }));
    void vscode.commands.executeCommand('setContext', 'threadline.groupedByThread', false);
    this.rebuild();
  }

  get groupedBy(): Grouping { return this.grouping; }

  setGrouping(g: Grouping): void {
    if (g === this.grouping) return;
    this.grouping = g;
    void vscode.commands.executeCommand('setContext', 'threadline.groupedByThread', g === 'thread');
    this.rebuild();
  }

  /** Current top-level nodes (test API). */
  get rootNodes(): readonly ThreadsNode[] { return this.roots; }

  private rebuild(): void {
    const model = this.active.model;
    this.threadsById = new Map((model?.threads ?? []).map(t => [t.id, t]));
    this.roots = model ? (this.grouping === 'class' ? this.byClass(model) : this.byThread(model)) : [];
    this.updateMessage();
    this.emitter.fire();
    const ed = vscode.window.activeTextEditor;
    if (ed) this.scheduleReveal(ed);
  }

  private updateMessage(): void {
    const model = this.active.model;
    const st = this.status.current;
    if (!this.active.uri) this.treeView.message = undefined;
    else if (this.active.error) this.treeView.message = `Threadline could not analyze this file: ${this.active.error}`;
    else if (st?.state === 'indexing' && !st.cached) this.treeView.message = `Indexing the workspace (${st.files}/${st.total} files)… thread tags may still change.`;
    else if (st?.state === 'error') this.treeView.message = `Threadline: ${st.message ?? 'the server failed'} — see Show Logs.`;
    else if (model && model.symbols.length === 0) this.treeView.message = 'No classes or functions in this file.';
    else this.treeView.message = undefined;
    const name = this.active.uri ? this.active.uri.path.split('/').pop() : undefined;
    this.treeView.description = name ? `${name}${this.grouping === 'thread' ? ' · by thread' : ''}` : undefined;
  }

  private byClass(model: PFileModel): ThreadsNode[] {
    const seen = new Map<string, number>();
    const uid = (base: string) => { const n = seen.get(base) ?? 0; seen.set(base, n + 1); return n ? `${base}#${n}` : base; };
    const build = (sym: PSymbol, parent: SymbolNode | undefined): SymbolNode => {
      const node: SymbolNode = { kind: 'symbol', id: uid(`c:${sym.qualname}`), sym, parent, children: [] };
      node.children = sym.children.map(c => build(c, node));
      return node;
    };
    return model.symbols.map(s => build(s, undefined));
  }

  private byThread(model: PFileModel): ThreadsNode[] {
    const flat: PSymbol[] = [];
    const walk = (s: PSymbol) => { if (s.kind !== 'class') flat.push(s); s.children.forEach(walk); };
    model.symbols.forEach(walk);
    const ids = new Set<string>(model.threads.map(t => t.id));
    for (const s of flat) for (const t of s.threads) ids.add(t);
    const threads = [...ids].map(id => this.thread(id)).sort((a, b) => a.color - b.color || a.id.localeCompare(b.id));
    return threads.map(thread => {
      const node: ThreadNode = { kind: 'thread', id: `t:${thread.id}`, thread, children: [] };
      node.children = flat.filter(s => s.threads.includes(thread.id)).map(sym => ({
        kind: 'symbol', id: `t:${thread.id}:${sym.qualname}:${sym.selectionRange.start.line}`, sym, parent: node, children: [], underThread: thread,
      }));
      return node;
    }).filter(n => n.children.length > 0 || model.threads.some(t => t.id === n.thread.id));
  }

  private thread(id: string): PThread {
    return this.threadsById.get(id) ?? { id, name: id, kind: 'thread', entry: '', instances: 'one', color: 0, startedAt: [] };
  }

  getChildren(node?: ThreadsNode): ThreadsNode[] {
    return node ? node.children : this.roots;
  }

  getParent(node: ThreadsNode): ThreadsNode | undefined {
    return node.kind === 'symbol' ? node.parent : undefined;
  }

  getTreeItem(node: ThreadsNode): vscode.TreeItem {
    return node.kind === 'thread' ? this.threadItem(node) : this.symbolItem(node);
  }

  private threadItem(node: ThreadNode): vscode.TreeItem {
    const t = node.thread;
    const item = new vscode.TreeItem(t.id, vscode.TreeItemCollapsibleState.Expanded);
    item.id = node.id;
    item.iconPath = threadIcon(t);
    const n = node.children.length;
    item.description = [t.instances === 'many' ? '×many' : '', t.name && t.name !== t.id ? `"${t.name}"` : '', t.kind !== t.id ? t.kind : '',
      t.entry && t.entry !== t.id ? shortQualname(t.entry) : '', `${n} function${n === 1 ? '' : 's'}`].filter(Boolean).join(' · ');
    item.contextValue = 'threadline.thread';
    const md = new vscode.MarkdownString(undefined, true);
    md.appendMarkdown(`$(circle-filled) **Thread ${escapeMd(threadTitle(t, t.id))}**${t.instances === 'many' ? ' — started many times, several run at once' : ''}\n\n`);
    md.appendMarkdown(`Kind: \`${t.kind}\`${t.entry ? ` · entry \`${t.entry}\`` : ''}\n\n`);
    if (t.ownParams?.length) md.appendMarkdown(`Each start gives it its own ${t.ownParams.map(p => `\`${p}\``).join(', ')}: what its instances do to ${t.ownParams.length === 1 ? 'it' : 'them'} is no race among them\n\n`);
    if (t.startedAt.length) md.appendMarkdown(`Started at: ${t.startedAt.map(l => `\`${shortLocation(l)}\``).join(', ')}\n\n`);
    item.tooltip = md;
    const target = t.entryLocation ?? t.startedAt[0];
    if (target) item.command = revealCommand(target, 'Go to Thread Entry');
    return item;
  }

  private symbolItem(node: SymbolNode): vscode.TreeItem {
    const s = node.sym;
    const collapsible = node.children.length
      ? (s.kind === 'class' || node.parent?.kind === 'symbol' ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed)
      : vscode.TreeItemCollapsibleState.None;
    const item = new vscode.TreeItem(s.name, collapsible);
    item.id = node.id;
    item.contextValue = `threadline.${s.kind}`;
    if (node.underThread) {
      // grouped by thread: where the function lives, the call path in the tooltip
      const owner = s.qualname.endsWith(`.${s.name}`) ? s.qualname.slice(0, -s.name.length - 1) : '';
      const path = s.threadPaths[node.underThread.id] ?? [];
      item.description = [shortQualname(owner), path.length > 1 ? `via ${shortQualname(path[path.length - 2])}` : ''].filter(Boolean).join(' · ');
      item.iconPath = new vscode.ThemeIcon(s.kind === 'method' ? 'symbol-method' : 'symbol-function');
    } else if (s.kind === 'class') {
      item.iconPath = new vscode.ThemeIcon('symbol-class');
      item.description = s.detail || undefined;
    } else {
      item.iconPath = threadIcon(s.threads.length ? this.thread(s.threads[0]) : undefined);
      item.description = s.threads.length ? s.threads.map(id => threadLabel(this.threadsById.get(id), id)).join(', ') : 'no thread';
    }
    item.tooltip = this.symbolTooltip(node);
    item.command = revealCommand({ uri: s.location.uri, range: s.selectionRange }, 'Go to Definition');
    return item;
  }

  private symbolTooltip(node: SymbolNode): vscode.MarkdownString {
    const s = node.sym;
    const md = new vscode.MarkdownString(undefined, true);
    md.appendMarkdown(`**${escapeMd(s.qualname)}**`);
    if (s.detail) md.appendMarkdown(` \`${s.detail.replace(/`/g, "'")}\``);
    md.appendMarkdown(`\n\n${s.kind} · \`${shortLocation({ uri: s.location.uri, range: s.selectionRange })}\`\n\n`);
    const ids = node.underThread ? [node.underThread.id] : s.threads;
    if (s.kind === 'class' && !node.underThread) return md;
    if (!ids.length) { md.appendMarkdown('_Not reached from any thread entry._'); return md; }
    md.appendMarkdown(`Runs on ${ids.length === 1 ? 'one thread' : `${ids.length} threads`}:\n\n`);
    for (const id of ids) {
      const t = this.threadsById.get(id);
      const path = s.threadPaths[id] ?? [];
      md.appendMarkdown(`- $(circle-filled) **${escapeMd(threadTitle(t, id))}**`);
      if (path.length) md.appendMarkdown(` — ${path.map(p => `\`${p}\``).join(' → ')}`);
      md.appendMarkdown('\n');
    }
    return md;
  }

  /** The innermost symbol whose range holds the position (first match in thread mode). */
  nodeAt(pos: vscode.Position): SymbolNode | undefined {
    let best: SymbolNode | undefined;
    const size = (n: SymbolNode) => {
      const r = n.sym.location.range;
      return (r.end.line - r.start.line) * 1e6 + (r.end.character - r.start.character);
    };
    const visit = (n: ThreadsNode) => {
      if (n.kind === 'symbol' && contains(n.sym.location.range, pos) && (!best || size(n) < size(best))) best = n;
      n.children.forEach(visit);
    };
    this.roots.forEach(visit);
    return best;
  }

  private scheduleReveal(editor: vscode.TextEditor): void {
    if (this.revealTimer) clearTimeout(this.revealTimer);
    this.revealTimer = setTimeout(() => {
      this.revealTimer = undefined;
      if (!this.treeView.visible || !this.active.uri || editor.document.uri.toString() !== this.active.uri.toString()) return;
      const node = this.nodeAt(editor.selection.active);
      if (node && this.treeView.selection[0]?.id !== node.id) {
        this.treeView.reveal(node, { select: true, focus: false, expand: false }).then(undefined, () => undefined);
      }
    }, 120);
  }

  dispose(): void {
    if (this.revealTimer) clearTimeout(this.revealTimer);
    this.disposables.forEach(d => d.dispose());
  }
}
