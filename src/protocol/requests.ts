// Custom LSP requests and notifications shared by the server (src/server) and the
// client (src/client). Positions are LSP positions: 0-based lines, UTF-16 columns.
import { NotificationType, RequestType } from 'vscode-languageserver-protocol';

export interface PLocation {
  uri: string;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
}

export interface PThread {
  id: string;
  name: string;
  kind: string;
  entry: string;
  instances: 'one' | 'many';
  /** Parameters of the entry each start gives an object of its own (ThreadReport.ownParams). */
  ownParams?: string[];
  /** Stable palette index for the thread's color (0..7); main is always 0. */
  color: number;
  startedAt: PLocation[];
  entryLocation?: PLocation;
}

export interface PSymbol {
  kind: 'class' | 'function' | 'method';
  name: string;
  qualname: string;
  detail: string;
  location: PLocation;
  selectionRange: PLocation['range'];
  threads: string[];
  /** For each thread: the call path from that thread's entry to this function. */
  threadPaths: Record<string, string[]>;
  children: PSymbol[];
}

export interface PAccess {
  location: PLocation;
  access: 'read' | 'write';
  op: string;
  function: string;
  threads: string[];
  via: string[];
  key?: string;
  value?: string;
  locks: string[];
  readWrite?: boolean;
  /** One-line label: `line · function · op · value · [thread] · via helper · lock`. */
  label: string;
}

export interface PContainer {
  id: string;
  owner: string;
  attr: string;
  type: string;
  definedAt: PLocation;
  writes: number;
  reads: number;
  /** "written on 3 threads: transfer_worker ×4, …; read on …; no common lock" */
  summary: string;
  /** True when the container is defined in a class of the file or inherited by one. */
  inFile: boolean;
}

export interface PFileModel {
  uri: string;
  version: number | null;
  symbols: PSymbol[];
  /** The threads the file has to do with: main, those its functions run on, those started or
   *  entered in it (not every thread of the workspace). */
  threads: PThread[];
  containers: PContainer[];
  indexing: boolean;
}

export interface PContainerAccesses {
  container: PContainer;
  accesses: PAccess[];
  /** The threads the accesses run on. */
  threads: PThread[];
}

export interface TextDocumentParams { textDocument: { uri: string } }
export interface PositionParams extends TextDocumentParams { position: { line: number; character: number } }

/** The active file's skeleton with thread tags, and the shared containers it sees. */
export const FileModelRequest = new RequestType<TextDocumentParams, PFileModel, void>('threadline/fileModel');
/** The container accessed at a position (directly or through a helper call), if any. */
export const ContainerAtRequest = new RequestType<PositionParams, { containerId: string | null }, void>('threadline/containerAt');
/** Every shared container in the workspace, for the Quick Pick. */
export const ContainersRequest = new RequestType<{ pattern?: string }, PContainer[], void>('threadline/containers');
/** Accesses of one container, across files: writes only or all. */
export const ContainerAccessesRequest = new RequestType<{ containerId: string; writesOnly: boolean }, PContainerAccesses | null, void>('threadline/containerAccesses');
/** What the server process is and how its summary cache fares: for the log, and for tests that
 *  restart the server (a new `pid` is a new process). */
export interface PServerInfo {
  pid: number;
  version: string;
  /** Date.now() when the process started. */
  startedAt: number;
  /** The analysis counter: bumped on every re-analysis. */
  analysisVersion: number;
  files: number;
  cache: { dir: string; writable: boolean; hits: number; misses: number; rejected: number } | null;
  /** What the last re-analysis did: "1 changed file applied (in place) in 3 ms", "full analysis of N files in … ms". */
  lastAnalysis: string;
  /** The server process's memory, in MB: resident now, the peak resident since it started, the
   *  JavaScript heap in use and committed, and memory outside it (array buffers: the parser's
   *  WebAssembly memory among them). */
  memory: { rssMB: number; peakRssMB: number; heapUsedMB: number; heapTotalMB: number; externalMB: number };
}
export const ServerInfoRequest = new RequestType<Record<string, never>, PServerInfo, void>('threadline/serverInfo');
/** Re-read configuration and files, then re-analyze. */
export const RefreshRequest = new RequestType<Record<string, never>, { files: number }, void>('threadline/refresh');

export interface PStatus {
  state: 'indexing' | 'ready' | 'error'; files: number; total: number; message?: string;
  /** While indexing: the views already show the last session's results, which the server found
   *  to match every file (they will not change when the index is done). */
  cached?: boolean;
}
/** Indexing state for the language status item and the views. */
export const StatusNotification = new NotificationType<PStatus>('threadline/status');
/** The analysis changed: the client refetches its views. */
export const ModelChangedNotification = new NotificationType<{ version: number }>('threadline/modelChanged');
