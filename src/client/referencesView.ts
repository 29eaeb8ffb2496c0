// Results of "Find All Status Writes" / "Find All Accesses" in VS Code's References view, through
// the built-in references-view extension's API (setInput with a SymbolTreeInput); every entry
// is labeled `line · function · op · value · [thread] · via helper · lock`. Falls back to the
// references peek (editor.action.showReferences) when that extension is missing.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { ContainerAccessesRequest, PAccess, PContainer, PContainerAccesses, PThread } from '../protocol/requests';
import { threadColor } from './colors';
import { plural, toLocation, toRange, toUri } from './convert';
import { accessTooltip } from './stateView';

// The subset of references-view's public API (vscode/extensions/references-view/src/references-view.d.ts).
interface SymbolTree { setInput(input: SymbolTreeInput<unknown>): void; getInput(): SymbolTreeInput<unknown> | undefined }
interface SymbolTreeInput<T> {
  readonly contextValue: string;
  readonly title: string;
  readonly location: vscode.Location;
  resolve(): vscode.ProviderResult<SymbolTreeModel<T>>;
  with(location: vscode.Location): SymbolTreeInput<T>;
}
interface SymbolTreeModel<T> {
  message: string | undefined;
  provider: vscode.TreeDataProvider<T>;
  navigation?: { nearest(uri: vscode.Uri, position: vscode.Position): T | undefined; next(from: T): T; previous(from: T): T; location(item: T): vscode.Location | undefined };
  highlights?: { getEditorHighlights(item: T, uri: vscode.Uri): vscode.Range[] | undefined };
  dispose?(): void;
}

type RefItem = FileItem | AccessItem;
interface FileItem { kind: 'file'; uri: vscode.Uri; children: AccessItem[] }
interface AccessItem { kind: 'access'; access: PAccess; location: vscode.Location; parent: FileItem; preview: string }

export interface ShownResult {
  container: PContainer;
  accesses: PAccess[];
  locations: vscode.Location[];
  /** 'references-view' or 'peek' */
  shownIn: string;
}

export async function showAccesses(
  client: LanguageClient,
  containerId: string,
  writesOnly: boolean,
  anchor: vscode.Location | undefined,
  threads: () => Map<string, PThread>,
): Promise<ShownResult | undefined> {
  const fetch = () => client.sendRequest(ContainerAccessesRequest, { containerId, writesOnly });
  const first = await fetch();
  if (!first) return undefined;
  const container = first.container;
  const locations = first.accesses.map(a => toLocation(a.location));
  const location = anchor ?? (await containerAnchor(container));
  const title = `${writesOnly ? 'Writes' : 'Accesses'} of ${container.owner}.${container.attr}`;
  let shownIn = 'peek';
  const refView = vscode.extensions.getExtension<SymbolTree>('vscode.references-view');
  const api = refView ? await refView.activate().then(x => x, () => undefined) : undefined;
  if (api && typeof api.setInput === 'function') {
    let cached: PContainerAccesses | undefined = first;
    const input = (loc: vscode.Location): SymbolTreeInput<RefItem> => ({
      contextValue: 'threadline.accesses',
      title,
      location: loc,
      async resolve() {
        const data = cached ?? (await fetch());
        cached = undefined; // refresh / history re-run fetches again
        return data ? await buildModel(data, writesOnly, new Map([...threads(), ...data.threads.map(t => [t.id, t] as const)])) : undefined;
      },
      with: (l: vscode.Location) => input(l),
    });
    api.setInput(input(location));
    shownIn = 'references-view';
  } else {
    await vscode.commands.executeCommand('editor.action.showReferences', location.uri, location.range.start, locations);
  }
  return { container, accesses: first.accesses, locations, shownIn };
}

/** The lock part of a container summary (`…; no common lock` → ` · no common lock`). */
function lockClause(summary: string | undefined): string {
  const last = summary?.split(';').pop()?.trim();
  return last && /lock/i.test(last) ? ` · ${last}` : '';
}

/** Where the References view anchors the result when the command did not start from the cursor:
 *  the container's name on its defining line (references-view drops inputs whose position is not
 *  on a word). */
async function containerAnchor(c: PContainer): Promise<vscode.Location> {
  const loc = toLocation(c.definedAt);
  try {
    const doc = await vscode.workspace.openTextDocument(loc.uri);
    const start = loc.range.start;
    if (doc.getWordRangeAtPosition(start)) return loc;
    const text = doc.lineAt(start.line).text;
    const at = text.indexOf(c.attr);
    const col = at >= 0 ? at : text.length - text.trimStart().length;
    return new vscode.Location(loc.uri, new vscode.Position(start.line, col));
  } catch {
    return loc;
  }
}

async function buildModel(data: PContainerAccesses, writesOnly: boolean, threads: Map<string, PThread>): Promise<SymbolTreeModel<RefItem>> {
  const files = new Map<string, FileItem>();
  for (const a of data.accesses) {
    const key = a.location.uri;
    let f = files.get(key);
    if (!f) files.set(key, (f = { kind: 'file', uri: toUri(key), children: [] }));
    f.children.push({ kind: 'access', access: a, location: toLocation(a.location), parent: f, preview: '' });
  }
  const roots = [...files.values()];
  for (const f of roots) {
    f.children.sort((x, y) => x.location.range.start.compareTo(y.location.range.start));
    try {
      const doc = await vscode.workspace.openTextDocument(f.uri);
      for (const c of f.children) c.preview = doc.lineAt(c.location.range.start.line).text.trim();
    } catch { /* preview is optional */ }
  }
  const flat = roots.flatMap(f => f.children);
  const emitter = new vscode.EventEmitter<RefItem | undefined>();
  const c = data.container;
  const n = data.accesses.length;
  const threadCount = new Set(data.accesses.flatMap(a => a.threads)).size;
  const provider: vscode.TreeDataProvider<RefItem> = {
    onDidChangeTreeData: emitter.event,
    getChildren: (item?: RefItem) => (item ? (item.kind === 'file' ? item.children : []) : roots),
    getParent: (item: RefItem) => (item.kind === 'access' ? item.parent : undefined),
    getTreeItem(item: RefItem): vscode.TreeItem {
      if (item.kind === 'file') {
        const t = new vscode.TreeItem(item.uri, vscode.TreeItemCollapsibleState.Expanded);
        t.iconPath = vscode.ThemeIcon.File;
        const dir = vscode.workspace.asRelativePath(item.uri, false).split('/').slice(0, -1).join('/');
        t.description = `${dir ? dir + ' · ' : ''}${plural(item.children.length, writesOnly ? 'write' : 'access')}`;
        t.contextValue = 'file-item';
        return t;
      }
      const a = item.access;
      const t = new vscode.TreeItem(a.label, vscode.TreeItemCollapsibleState.None);
      const th = a.threads.length ? threads.get(a.threads[0]) : undefined;
      t.iconPath = new vscode.ThemeIcon(a.access === 'write' ? 'edit' : 'eye', th ? threadColor(th.color) : undefined);
      t.description = item.preview || undefined;
      t.tooltip = accessTooltip(a, c, threads);
      t.contextValue = 'reference-item';
      t.command = { title: 'Open', command: 'vscode.open', arguments: [item.location.uri, { selection: item.location.range.with({ end: item.location.range.start }) }] };
      return t;
    },
  };
  const idx = (it: RefItem) => (it.kind === 'access' ? flat.indexOf(it) : flat.indexOf(it.children[0]));
  return {
    message: `${plural(n, writesOnly ? 'write' : 'access')} of ${c.owner}.${c.attr} in ${plural(roots.length, 'file')} on ${plural(threadCount, 'thread')}${lockClause(c.summary)}`,
    provider,
    navigation: {
      nearest(uri, position) {
        const same = flat.filter(x => x.location.uri.toString() === uri.toString());
        return same.find(x => x.location.range.contains(position)) ?? same[0] ?? flat[0];
      },
      next: from => flat[(idx(from) + 1) % flat.length],
      previous: from => flat[(idx(from) - 1 + flat.length) % flat.length],
      location: it => (it.kind === 'access' ? it.location : new vscode.Location(it.uri, new vscode.Position(0, 0))),
    },
    highlights: {
      getEditorHighlights: (_it, uri) => flat.filter(x => x.location.uri.toString() === uri.toString()).map(x => toRange(x.access.location.range)),
    },
    dispose: () => emitter.dispose(),
  };
}
