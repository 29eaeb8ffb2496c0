// Indexing state from StatusNotification: the language status item, progress in the views,
// and the ready() promise of the test API.
import * as vscode from 'vscode';
import type { PStatus } from '../protocol/requests';

export const VIEW_IDS = ['threadline.threads', 'threadline.state'] as const;

export class StatusController implements vscode.Disposable {
  private readonly item: vscode.LanguageStatusItem;
  private readonly emitter = new vscode.EventEmitter<PStatus>();
  readonly onDidChange = this.emitter.event;
  private status: PStatus | undefined;
  private progressDone: (() => void) | undefined;
  private progressReport: ((s: PStatus) => void) | undefined;
  private resolveReady!: () => void;
  private readonly readyPromise = new Promise<void>(r => (this.resolveReady = r));

  constructor() {
    this.item = vscode.languages.createLanguageStatusItem('threadline.status', { language: 'python' });
    this.item.name = 'Threadline';
    this.item.text = 'Threadline: starting';
    this.item.busy = true;
    this.item.command = { title: 'Show Logs', command: 'threadline.showLogs' };
  }

  get current(): PStatus | undefined { return this.status; }
  get isIndexing(): boolean { return this.status?.state === 'indexing'; }

  /** Resolves once the server has reported state `ready` at least once. */
  ready(): Promise<void> { return this.readyPromise; }

  update(s: PStatus): void {
    this.status = s;
    const item = this.item;
    item.severity = vscode.LanguageStatusSeverity.Information;
    if (s.state === 'indexing') {
      item.text = `Threadline: indexing ${s.files}/${s.total}`;
      item.detail = s.message ?? (s.cached ? 'showing the last session\'s results (no file changed); edits wait for the index' : 'reading the workspace');
      item.busy = true;
      this.startProgress(s);
    } else if (s.state === 'ready') {
      item.text = 'Threadline: ready';
      item.detail = s.message ?? `${s.total || s.files} Python files indexed`;
      item.busy = false;
      this.stopProgress();
      this.resolveReady();
    } else {
      item.text = 'Threadline: error';
      item.detail = s.message ?? 'see the logs';
      item.severity = vscode.LanguageStatusSeverity.Error;
      item.busy = false;
      this.stopProgress();
    }
    void vscode.commands.executeCommand('setContext', 'threadline.ready', s.state === 'ready');
    this.emitter.fire(s);
  }

  failed(message: string): void {
    this.update({ state: 'error', files: 0, total: 0, message });
  }

  /** Progress bars on top of both views while indexing runs. */
  private startProgress(s: PStatus): void {
    if (this.progressDone) { this.progressReport?.(s); return; }
    const done = new Promise<void>(r => (this.progressDone = r));
    const reporters: ((s: PStatus) => void)[] = [];
    this.progressReport = st => reporters.forEach(f => f(st));
    for (const viewId of VIEW_IDS) {
      void vscode.window.withProgress({ location: { viewId } }, progress => {
        let last = 0;
        reporters.push(st => {
          if (st.total > 0) {
            const pct = Math.min(100, (st.files / st.total) * 100);
            progress.report({ increment: Math.max(0, pct - last) });
            last = pct;
          }
        });
        return done;
      });
    }
    this.progressReport(s);
  }

  private stopProgress(): void {
    this.progressDone?.();
    this.progressDone = undefined;
    this.progressReport = undefined;
  }

  dispose(): void {
    this.stopProgress();
    this.item.dispose();
    this.emitter.dispose();
  }
}
