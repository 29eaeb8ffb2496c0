// The Threadline commands: Find All Status Writes, Find All Accesses, Show Thread Map, Refresh,
// Show Logs, and the group-by toggles of the Threads & Methods view.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { ContainerAtRequest, ContainersRequest, PContainer, PThread, RefreshRequest } from '../protocol/requests';
import type { ActiveModel } from './activeModel';
import { isPython } from './convert';
import { showAccesses } from './referencesView';
import { statusRegex } from './stateView';
import type { ThreadsView } from './threadsView';

export interface CommandDeps {
  client: LanguageClient;
  log: vscode.LogOutputChannel;
  active: ActiveModel;
  threads: ThreadsView;
}

interface Picked { id: string; anchor?: vscode.Location }

/** A container id from a command argument: an id string, `{ containerId }` (hover links), or a
 *  Shared State tree node (inline actions). */
function containerIdFromArg(arg: unknown): string | undefined {
  if (typeof arg === 'string' && arg) return arg;
  if (arg && typeof arg === 'object' && !(arg instanceof vscode.Uri)) {
    const o = arg as { containerId?: unknown; kind?: string; container?: PContainer; parent?: unknown };
    if (typeof o.containerId === 'string') return o.containerId;
    if (o.kind === 'container' && o.container) return o.container.id;
    if ((o.kind === 'group' || o.kind === 'access') && o.parent) return containerIdFromArg(o.parent);
  }
  return undefined;
}

export function registerCommands(context: vscode.ExtensionContext, deps: CommandDeps): void {
  const { client, log, active, threads } = deps;
  const reg = (id: string, fn: (...args: unknown[]) => unknown) => context.subscriptions.push(vscode.commands.registerCommand(id, fn));

  const threadMap = (): Map<string, PThread> => new Map((active.model?.threads ?? []).map(t => [t.id, t]));

  async function pickContainer(arg: unknown, statusFirst: boolean): Promise<Picked | undefined> {
    const fromArg = containerIdFromArg(arg);
    if (fromArg) return { id: fromArg };
    const editor = vscode.window.activeTextEditor;
    if (editor && isPython(editor.document)) {
      const pos = editor.selection.active;
      const at = await client.sendRequest(ContainerAtRequest, {
        textDocument: { uri: client.code2ProtocolConverter.asUri(editor.document.uri) },
        position: { line: pos.line, character: pos.character },
      });
      if (at?.containerId) {
        const word = editor.document.getWordRangeAtPosition(pos) ?? new vscode.Range(pos, pos);
        return { id: at.containerId, anchor: new vscode.Location(editor.document.uri, word) };
      }
    }
    return quickPick(statusFirst);
  }

  async function quickPick(statusFirst: boolean): Promise<Picked | undefined> {
    type Item = vscode.QuickPickItem & { container?: PContainer };
    const items = (async (): Promise<Item[]> => {
      const all = await client.sendRequest(ContainersRequest, {});
      const re = statusRegex();
      const toItem = (c: PContainer): Item => ({
        label: `$(symbol-field) ${c.attr}`,
        description: `${c.owner}${c.type ? ` · ${c.type}` : ''} · ${c.writes}W ${c.reads}R`,
        detail: c.summary || undefined,
        container: c,
      });
      const sorted = all.slice().sort((a, b) => Number(b.inFile) - Number(a.inFile) || a.attr.localeCompare(b.attr) || a.owner.localeCompare(b.owner));
      if (!statusFirst) return sorted.map(toItem);
      const hits = sorted.filter(c => re.test(c.attr) || re.test(c.id));
      const rest = sorted.filter(c => !hits.includes(c));
      const out: Item[] = [];
      if (hits.length) out.push({ label: `Matching "${re.source}"`, kind: vscode.QuickPickItemKind.Separator }, ...hits.map(toItem));
      if (rest.length) out.push({ label: 'Other containers', kind: vscode.QuickPickItemKind.Separator }, ...rest.map(toItem));
      return out;
    })();
    const picked = await vscode.window.showQuickPick(items, {
      title: statusFirst ? 'Threadline: Find All Status Writes' : 'Threadline: Find All Accesses',
      placeHolder: statusFirst ? 'Pick a shared container to list every write of (status-like names first)' : 'Pick a shared container to list every read and write of',
      matchOnDescription: true,
      matchOnDetail: true,
    });
    return picked?.container ? { id: picked.container.id } : undefined;
  }

  async function find(arg: unknown, writesOnly: boolean): Promise<vscode.Location[]> {
    try {
      const picked = await pickContainer(arg, writesOnly);
      if (!picked) return [];
      const shown = await showAccesses(client, picked.id, writesOnly, picked.anchor, threadMap);
      if (!shown) {
        void vscode.window.showInformationMessage(`Threadline: no container ${picked.id} in the index.`);
        return [];
      }
      log.info(`${writesOnly ? 'writes' : 'accesses'} of ${picked.id}: ${shown.locations.length} (shown in ${shown.shownIn})`);
      return shown.locations;
    } catch (e) {
      const msg = e instanceof Error ? e.message : String(e);
      log.error(`find ${writesOnly ? 'writes' : 'accesses'} failed: ${msg}`);
      void showError(`Threadline: ${msg}`, log);
      return [];
    }
  }

  reg('threadline.findStatusWrites', arg => find(arg, true));
  reg('threadline.findAccesses', arg => find(arg, false));
  reg('threadline.groupByThread', () => threads.setGrouping('thread'));
  reg('threadline.groupByClass', () => threads.setGrouping('class'));
  reg('threadline.showThreadMap', async () => {
    threads.setGrouping('thread');
    await vscode.commands.executeCommand('threadline.threads.focus');
  });
  reg('threadline.refresh', async () => {
    try {
      const res = await client.sendRequest(RefreshRequest, {});
      await active.refresh();
      log.info(`refresh: ${res?.files ?? 0} files`);
      return res;
    } catch (e) {
      void showError(`Threadline: refresh failed: ${e instanceof Error ? e.message : String(e)}`, log);
      return undefined;
    }
  });
  reg('threadline.showLogs', () => log.show(true));
}

export async function showError(message: string, log: vscode.LogOutputChannel): Promise<void> {
  const choice = await vscode.window.showErrorMessage(message, 'Show Logs');
  if (choice === 'Show Logs') log.show(true);
}
