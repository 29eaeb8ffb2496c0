// "Shared State": each shared container the active file sees (its classes' own and inherited ones
// first) → Writes (n) / Reads (n) → every access, direct or through a helper, in whatever file.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { ContainerAccessesRequest, PAccess, PContainer, PContainerAccesses, PThread } from '../protocol/requests';
import type { ActiveModel } from './activeModel';
import { threadColor, threadTitle } from './colors';
import { escapeMd, revealCommand, shortLocation } from './convert';
import type { StatusController } from './status';

export type StateNode = ContainerNode | GroupNode | AccessNode;
export interface ContainerNode { kind: 'container'; id: string; container: PContainer }
export interface GroupNode { kind: 'group'; id: string; access: 'write' | 'read'; parent: ContainerNode; children: AccessNode[] }
export interface AccessNode { kind: 'access'; id: string; access: PAccess; parent: GroupNode }

export function statusRegex(): RegExp {
  const src = vscode.workspace.getConfiguration('threadline').get<string>('statusPattern', 'status|state');
  try { return new RegExp(src || 'status|state', 'i'); } catch { return /status|state/i; }
}

export class StateView implements vscode.TreeDataProvider<StateNode>, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<StateNode | undefined | void>();
  readonly onDidChangeTreeData = this.emitter.event;
  readonly treeView: vscode.TreeView<StateNode>;
  private readonly disposables: vscode.Disposable[] = [this.emitter];
  private roots: ContainerNode[] = [];
  private accesses = new Map<string, Promise<GroupNode[]>>();
  private threads = new Map<string, PThread>();

  constructor(private readonly client: LanguageClient, private readonly active: ActiveModel, private readonly status: StatusController) {
    this.treeView = vscode.window.createTreeView('threadline.state', { treeDataProvider: this, showCollapseAll: true });
    this.disposables.push(this.treeView);
    this.disposables.push(active.onDidChange(() => this.rebuild()));
    this.disposables.push(status.onDidChange(() => this.updateMessage()));
    this.disposables.push(vscode.workspace.onDidChangeConfiguration(e => { if (e.affectsConfiguration('threadline.statusPattern')) this.rebuild(); }));
    this.rebuild();
  }

  get rootNodes(): readonly ContainerNode[] { return this.roots; }

  private rebuild(): void {
    const model = this.active.model;
    this.accesses.clear();
    this.threads = new Map((model?.threads ?? []).map(t => [t.id, t]));
    const re = statusRegex();
    const rank = (c: PContainer) => (c.inFile ? 0 : 2) + (re.test(c.attr) ? 0 : 1);
    this.roots = (model?.containers ?? [])
      .slice()
      .sort((a, b) => rank(a) - rank(b) || a.attr.localeCompare(b.attr) || a.owner.localeCompare(b.owner))
      .map(container => ({ kind: 'container', id: `s:${container.id}`, container }));
    this.updateMessage();
    this.emitter.fire();
  }

  private updateMessage(): void {
    const st = this.status.current;
    if (!this.active.uri) this.treeView.message = undefined;
    else if (st?.state === 'indexing' && !st.cached) this.treeView.message = `Indexing the workspace (${st.files}/${st.total} files)…`;
    else if (this.active.model && this.roots.length === 0) this.treeView.message = 'No shared dicts, sets or lists in the classes of this file.';
    else this.treeView.message = undefined;
  }

  getChildren(node?: StateNode): vscode.ProviderResult<StateNode[]> {
    if (!node) return this.roots;
    if (node.kind === 'container') return this.groups(node);
    if (node.kind === 'group') return node.children;
    return [];
  }

  getParent(node: StateNode): StateNode | undefined {
    return node.kind === 'container' ? undefined : node.parent;
  }

  private groups(node: ContainerNode): Promise<GroupNode[]> {
    let p = this.accesses.get(node.container.id);
    if (!p) {
      p = this.client.sendRequest(ContainerAccessesRequest, { containerId: node.container.id, writesOnly: false })
        .then(res => {
          // accesses in other files can run on threads the file model does not list
          for (const t of res?.threads ?? []) if (!this.threads.has(t.id)) this.threads.set(t.id, t);
          return toGroups(node, res);
        })
        .catch(e => { this.accesses.delete(node.container.id); throw e; });
      this.accesses.set(node.container.id, p);
    }
    return p;
  }

  getTreeItem(node: StateNode): vscode.TreeItem {
    switch (node.kind) {
      case 'container': return this.containerItem(node);
      case 'group': {
        const n = node.children.length;
        const item = new vscode.TreeItem(`${node.access === 'write' ? 'Writes' : 'Reads'} (${n})`,
          n === 0 ? vscode.TreeItemCollapsibleState.None
            : node.access === 'write' ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed);
        item.id = node.id;
        item.iconPath = new vscode.ThemeIcon(node.access === 'write' ? 'edit' : 'eye');
        const threads = new Set(node.children.flatMap(c => c.access.threads));
        item.description = threads.size ? `on ${[...threads].join(', ')}` : undefined;
        item.contextValue = `threadline.${node.access}s`;
        return item;
      }
      case 'access': return this.accessItem(node);
    }
  }

  private containerItem(node: ContainerNode): vscode.TreeItem {
    const c = node.container;
    const expand = c.inFile && statusRegex().test(c.attr);
    const item = new vscode.TreeItem(c.attr, expand ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed);
    item.id = node.id;
    item.iconPath = new vscode.ThemeIcon('symbol-field');
    item.description = `${c.owner}${c.type ? ` · ${c.type}` : ''} · ${c.writes} write${c.writes === 1 ? '' : 's'}, ${c.reads} read${c.reads === 1 ? '' : 's'}`;
    item.contextValue = 'threadline.container';
    const md = new vscode.MarkdownString(undefined, true);
    md.appendMarkdown(`**${escapeMd(c.owner)}.${escapeMd(c.attr)}**${c.type ? ` \`${c.type}\`` : ''}\n\n`);
    if (c.summary) md.appendMarkdown(`${escapeMd(c.summary)}\n\n`);
    md.appendMarkdown(`Defined at \`${shortLocation(c.definedAt)}\``);
    if (!c.inFile) md.appendMarkdown(' · not a container of this file\'s classes, accessed from here');
    item.tooltip = md;
    return item;
  }

  private accessItem(node: AccessNode): vscode.TreeItem {
    const a = node.access;
    const item = new vscode.TreeItem(a.label, vscode.TreeItemCollapsibleState.None);
    item.id = node.id;
    const t = a.threads.length ? this.threads.get(a.threads[0]) : undefined;
    item.iconPath = new vscode.ThemeIcon(a.access === 'write' ? 'edit' : 'eye', t ? threadColor(t.color) : undefined);
    item.tooltip = accessTooltip(a, node.parent.parent.container, this.threads);
    item.command = revealCommand(a.location, 'Go to Access');
    item.contextValue = `threadline.access.${a.access}`;
    const uri = vscode.Uri.parse(a.location.uri);
    const here = this.active.uri?.toString() === uri.toString();
    if (!here) item.description = vscode.workspace.asRelativePath(uri, false);
    return item;
  }

  dispose(): void { this.disposables.forEach(d => d.dispose()); }
}

function toGroups(node: ContainerNode, res: PContainerAccesses | null): GroupNode[] {
  const accesses = res?.accesses ?? [];
  const group = (access: 'write' | 'read'): GroupNode => {
    const g: GroupNode = { kind: 'group', id: `${node.id}:${access}`, access, parent: node, children: [] };
    g.children = accesses.filter(a => a.access === access).map((a, i) => ({
      kind: 'access', id: `${g.id}:${a.location.uri}:${a.location.range.start.line}:${a.location.range.start.character}:${i}`, access: a, parent: g,
    }));
    return g;
  };
  return [group('write'), group('read')];
}

export function accessTooltip(a: PAccess, c: PContainer | undefined, threads: Map<string, PThread>): vscode.MarkdownString {
  const md = new vscode.MarkdownString(undefined, true);
  md.appendMarkdown(`**${a.access}${a.readWrite ? ' (read-modify-write)' : ''}** \`${a.op}\``);
  if (c) md.appendMarkdown(` of \`${c.owner}.${c.attr}\``);
  md.appendMarkdown(`\n\n`);
  const rows: [string, string][] = [];
  if (a.key !== undefined) rows.push(['key', `\`${a.key}\``]);
  if (a.value !== undefined) rows.push(['value', `\`${a.value}\``]);
  rows.push(['via', a.via.length ? a.via.map(v => `\`${v}\``).join(' → ') : 'direct']);
  rows.push(['locks', a.locks.length ? a.locks.map(l => `\`${l}\``).join(', ') : 'none']);
  rows.push(['threads', a.threads.length ? a.threads.map(id => `$(circle-filled) ${escapeMd(threadTitle(threads.get(id), id))}`).join(', ') : 'none found']);
  rows.push(['in', `\`${a.function}\` · \`${shortLocation(a.location)}\``]);
  md.appendMarkdown(rows.map(([k, v]) => `${k}: ${v}`).join('  \n'));
  return md;
}
