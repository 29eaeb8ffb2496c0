// The FileModel of the active Python editor, shared by both sidebar views. Refetched when the
// active editor changes and when the server reports ModelChangedNotification.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { FileModelRequest, PFileModel } from '../protocol/requests';
import { isPython } from './convert';

export class ActiveModel implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<void>();
  readonly onDidChange = this.emitter.event;
  private readonly disposables: vscode.Disposable[] = [this.emitter];
  private seq = 0;
  private timer: NodeJS.Timeout | undefined;
  uri: vscode.Uri | undefined;
  model: PFileModel | undefined;
  error: string | undefined;

  constructor(private readonly client: LanguageClient, private readonly log: vscode.LogOutputChannel) {
    this.disposables.push(vscode.window.onDidChangeActiveTextEditor(() => this.followEditor()));
    this.disposables.push(vscode.window.onDidChangeVisibleTextEditors(() => this.followEditor()));
    this.disposables.push(vscode.workspace.onDidCloseTextDocument(doc => {
      if (this.uri && doc.uri.toString() === this.uri.toString()) this.followEditor();
    }));
  }

  /** The document to show: the active editor if it is Python; if focus is elsewhere (a panel,
   *  a tree view) the last Python file stays as long as it is still visible. */
  private pickUri(): vscode.Uri | undefined {
    const active = vscode.window.activeTextEditor;
    if (active) return isPython(active.document) ? active.document.uri : undefined;
    if (this.uri && vscode.window.visibleTextEditors.some(e => e.document.uri.toString() === this.uri!.toString())) return this.uri;
    return vscode.window.visibleTextEditors.find(e => isPython(e.document))?.document.uri;
  }

  followEditor(): void {
    const uri = this.pickUri();
    void vscode.commands.executeCommand('setContext', 'threadline.hasPythonEditor', !!uri);
    if (uri?.toString() === this.uri?.toString()) return;
    this.uri = uri;
    if (!uri) { this.model = undefined; this.error = undefined; this.seq++; this.emitter.fire(); return; }
    void this.refresh();
  }

  /** Refetch the model of the current document (debounced when `delay` is given). */
  refresh(delay = 0): Promise<void> | void {
    if (delay > 0) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = setTimeout(() => { this.timer = undefined; void this.refresh(); }, delay);
      return;
    }
    return this.fetch();
  }

  private async fetch(): Promise<void> {
    const uri = this.uri;
    const seq = ++this.seq;
    if (!uri) return;
    try {
      const model = await this.client.sendRequest(FileModelRequest, { textDocument: { uri: this.client.code2ProtocolConverter.asUri(uri) } });
      if (seq !== this.seq) return;
      this.model = model ?? undefined;
      this.error = undefined;
    } catch (e) {
      if (seq !== this.seq) return;
      this.error = e instanceof Error ? e.message : String(e);
      this.log.warn(`threadline/fileModel failed for ${uri.toString()}: ${this.error}`);
    }
    this.emitter.fire();
  }

  /** The server stopped: what it said no longer stands. The views empty (the status item says why)
   *  until the restarted server answers; a fetch still in flight is dropped. */
  clear(): void {
    if (this.timer) { clearTimeout(this.timer); this.timer = undefined; }
    this.seq++;
    this.model = undefined;
    this.error = undefined;
    this.emitter.fire();
  }

  /** Fetch the model of any document, without changing the views (test API). */
  async fetchFor(uri: vscode.Uri): Promise<PFileModel> {
    return this.client.sendRequest(FileModelRequest, { textDocument: { uri: this.client.code2ProtocolConverter.asUri(uri) } });
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.disposables.forEach(d => d.dispose());
  }
}
