// The language client: starts dist/server.js over IPC and wires the custom notifications.
import * as vscode from 'vscode';
import { LanguageClient, LanguageClientOptions, ServerOptions, TransportKind } from 'vscode-languageclient/node';

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
    trace: { server: c.get<string>('trace.server', 'off') },
  };
}

export function createClient(context: vscode.ExtensionContext, log: vscode.LogOutputChannel): LanguageClient {
  const module = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6039'] } },
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
  };
  return new LanguageClient(CLIENT_ID, 'Threadline', serverOptions, clientOptions);
}
