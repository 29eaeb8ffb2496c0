// Threadline's VS Code extension: starts the language server and shows what it knows in the
// sidebar (Threads & Methods, Shared State), the References view and a language status item.
// The client never parses Python: every bit of data comes from the server (src/protocol).
import * as vscode from 'vscode';
import { LanguageClient, State } from 'vscode-languageclient/node';
import { ModelChangedNotification, PFileModel, StatusNotification } from '../protocol/requests';
import { ActiveModel } from './activeModel';
import { createClient } from './client';
import type { RestartDecision } from './restartPolicy';
import { registerCommands, showError } from './commands';
import { StateView } from './stateView';
import { StatusController } from './status';
import { ThreadsView } from './threadsView';

/** What activate() returns; used by the e2e suite. */
export interface ThreadlineApi {
  client: LanguageClient;
  fileModel(uri: vscode.Uri | string): Promise<PFileModel>;
  /** Resolves once the server reports state `ready`. */
  ready(): Promise<void>;
  threadsView: ThreadsView;
  stateView: StateView;
}

let client: LanguageClient | undefined;

export function activate(context: vscode.ExtensionContext): ThreadlineApi {
  const log = vscode.window.createOutputChannel('Threadline', { log: true });
  context.subscriptions.push(log);
  const status = new StatusController();
  context.subscriptions.push(status);

  // set while the connection is closed and the error handler has decided what happens next
  let closed: RestartDecision | undefined;
  const c = (client = createClient(context, log, d => {
    closed = d;
    status.failed(d.restart ? `the Threadline server stopped; restarting (attempt ${d.attempt})` : d.message);
  }));
  context.subscriptions.push({ dispose: () => { void c.dispose(); } });
  const active = new ActiveModel(c, log);
  context.subscriptions.push(active);
  const threadsView = new ThreadsView(active, status);
  const stateView = new StateView(c, active, status);
  context.subscriptions.push(threadsView, stateView);
  registerCommands(context, { client: c, log, active, threads: threadsView });

  context.subscriptions.push(c.onNotification(StatusNotification, s => status.update(s)));
  context.subscriptions.push(c.onNotification(ModelChangedNotification, () => void active.refresh(150)));
  let hasRun = false;
  context.subscriptions.push(c.onDidChangeState(e => {
    if (e.newState === State.Stopped && e.oldState === State.Running) {
      if (!closed) status.failed('the Threadline server stopped');
      active.clear();
    }
    if (e.newState === State.Running) {
      closed = undefined;
      active.followEditor();
      // a restarted server: refetch the views now rather than at its first modelChanged
      if (hasRun) void active.refresh();
      hasRun = true;
    }
  }));

  void vscode.commands.executeCommand('setContext', 'threadline.active', true);
  active.followEditor();
  c.start().then(
    () => { log.info(`server started (${context.asAbsolutePath('dist/server.js')})`); void active.refresh(); },
    e => {
      const msg = e instanceof Error ? e.message : String(e);
      log.error(`the Threadline server failed to start: ${msg}`);
      status.failed(msg);
      void showError(`Threadline: the language server failed to start: ${msg}`, log);
    },
  );

  return {
    client: c,
    fileModel: uri => active.fetchFor(typeof uri === 'string' ? vscode.Uri.parse(uri) : uri),
    ready: () => status.ready(),
    threadsView,
    stateView,
  };
}

export function deactivate(): Thenable<void> | undefined {
  const c = client;
  client = undefined;
  return c?.stop();
}
