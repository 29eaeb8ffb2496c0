// The language client: starts dist/server.js over IPC and wires the custom notifications.
import * as vscode from 'vscode';
import {
  CloseAction, CloseHandlerResult, ErrorAction, ErrorHandler, LanguageClient, LanguageClientOptions, ServerOptions, State, TransportKind,
} from 'vscode-languageclient/node';
import { RestartDecision, RestartPolicy } from './restartPolicy';
import { SERVER_NODE_FLAGS } from '../protocol/launch';

export const CLIENT_ID = 'threadline';
/** Commands the server may link to from hover markdown (`command:threadline.findStatusWrites?…`). */
export const HOVER_COMMANDS = ['threadline.findStatusWrites', 'threadline.findAccesses', 'threadline.showThreadMap', 'vscode.open'];

/** The `threadline.*` settings as one plain object, sent as initializationOptions.settings (the
 *  same shape as the `threadline` section of workspace/didChangeConfiguration). */
export function readSettings(scope?: vscode.ConfigurationScope): Record<string, unknown> {
  const c = vscode.workspace.getConfiguration('threadline', scope);
  return {
    mainThread: c.get<string>('mainThread', 'main'),
    threads: c.get<Record<string, string>>('threads', {}),
    statusPattern: c.get<string>('statusPattern', 'status|state'),
    diagnostics: {
      enabled: c.get<boolean>('diagnostics.enabled', true),
      severity: c.get<string>('diagnostics.severity', 'Warning'),
    },
    inlayHints: { enabled: c.get<boolean>('inlayHints.enabled', true) },
    include: c.get<string[]>('include', ['**/*.py']),
    exclude: c.get<string[]>('exclude', []),
    extraRoots: c.get<string[]>('extraRoots', []),
    maxFileSize: c.get<number>('maxFileSize', 2000000),
    maxOpenTrees: c.get<number>('maxOpenTrees', 16),
    indexThreads: c.get<number>('indexThreads', 0),
    trace: { server: c.get<string>('trace.server', 'off') },
  };
}

/** Like vscode-languageclient's default handler (which restarts at once, 4 times in 3 minutes),
 *  but a server that dies is restarted after a delay that doubles with each crash, and left
 *  stopped, with a message, after too many. `onClosed` lets the status item say what happens. */
export function restartingErrorHandler(log: vscode.LogOutputChannel, onClosed: (d: RestartDecision) => void, policy = new RestartPolicy()): ErrorHandler {
  return {
    error: (_error, _message, count) => ({ action: count !== undefined && count <= 3 ? ErrorAction.Continue : ErrorAction.Shutdown }),
    closed: async (): Promise<CloseHandlerResult> => {
      const d = policy.onClosed();
      onClosed(d);
      if (!d.restart) {
        log.error(d.message);
        return { action: CloseAction.DoNotRestart, message: d.message };
      }
      const message = `the Threadline server stopped: restart ${d.attempt} in ${d.delayMs} ms`;
      log.warn(message);
      await new Promise(r => setTimeout(r, d.delayMs));
      // handled: logged only, no notification for a restart that is expected to work
      return { action: CloseAction.Restart, message, handled: true };
    },
  };
}

export function createClient(context: vscode.ExtensionContext, log: vscode.LogOutputChannel, onClosed: (d: RestartDecision) => void = () => undefined): LanguageClient {
  // from the connection closing until the restarted server runs, the client still counts as
  // running: editor requests would fail with "Connection is disposed"; answer them with nothing
  let down = false;
  const module = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc, options: { execArgv: [...SERVER_NODE_FLAGS] } },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: [...SERVER_NODE_FLAGS, '--nolazy', '--inspect=6039'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'python' },
      { scheme: 'untitled', language: 'python' },
    ],
    // file events: the server registers workspace/didChangeWatchedFiles itself (**/*.py, **/threadline.json)
    synchronize: { configurationSection: 'threadline' },
    outputChannel: log,
    traceOutputChannel: log,
    diagnosticCollectionName: 'threadline',
    initializationOptions: () => ({ settings: readSettings(), cacheDir: context.globalStorageUri.fsPath }),
    markdown: { isTrusted: { enabledCommands: HOVER_COMMANDS }, supportThemeIcons: true },
    // never `closed: () => DoNotRestart`: a crashed server must come back (test/e2e/suite.ts kills it)
    errorHandler: restartingErrorHandler(log, d => { down = true; onClosed(d); }),
    middleware: {
      provideHover: (doc, pos, token, next) => (down ? undefined : next(doc, pos, token)),
      provideDocumentHighlights: (doc, pos, token, next) => (down ? undefined : next(doc, pos, token)),
      provideInlayHints: (doc, range, token, next) => (down ? undefined : next(doc, range, token)),
    },
  };
  const client = new LanguageClient(CLIENT_ID, 'Threadline', serverOptions, clientOptions);
  client.onDidChangeState(e => { if (e.newState === State.Running) down = false; });
  return client;
}
