// threadline CLI: a thin shell over src/core.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { reportPaths } from '../core/workspace';
import { formatTextLines, jsonPieces } from '../core/format';
import { ConfigError } from '../core/config';
import { filterReport } from '../core/filter';

const USAGE = `usage: threadline analyze [options] PATH...

Shows which thread each Python function runs on and every read and write of shared
containers (through helpers and across files), with the locks held and race findings.
PATH is a file or a folder (every *.py below it, skipping .git, node_modules,
__pycache__, virtualenvs, site-packages and build/dist).

options:
  --format text|json   output format (default: text)
  --root DIR           import root (repeatable; default: each folder and its parent
                       packages, plus src/ layouts)
  --config FILE        threadline.json to use (default: <folder>/threadline.json)
  --dict NAME          only containers whose name (or id) matches NAME (a regex)
  --writes             only writes
  --thread NAME        only accesses that run on thread NAME
  --main-thread NAME   name of the main thread (default: main, or the config's)
  --exclude GLOB       skip paths matching GLOB, relative to each folder given, or an
                       absolute GLOB (repeatable; replaces the default list)
  --max-file-size N    files over N bytes get their skeleton only (default 2000000)
  --jobs N             threads for parsing, this one included (default: one per core)
  --cache DIR          keep file summaries in DIR; unchanged files are not parsed again,
                       and a run over the same unchanged files reads its whole report
                       from DIR (other --dict/--writes/--thread filters included)
  -o, --output FILE    write to FILE instead of stdout
  -h, --help           this help

exit status: 0 on success, 2 on bad usage or an unreadable path, 1 on an internal error.
`;

class UsageError extends Error {}

async function main(argv: string[]): Promise<number> {
  if (argv[0] === 'analyze') argv = argv.slice(1);
  else if (argv.length && !argv[0].startsWith('-') && !fs.existsSync(argv[0])) throw new UsageError(`unknown command "${argv[0]}" (the command is: threadline analyze PATH...)`);
  const inputs: string[] = [];
  const roots: string[] = [];
  const exclude: string[] = [];
  let format = 'text', config: string | undefined, mainThread: string | undefined, output: string | undefined;
  let jobs: number | undefined, cacheDir: string | undefined;
  let maxFileSize: number | undefined, dict: string | undefined, thread: string | undefined, writes = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const val = () => { const v = argv[++i]; if (v === undefined) throw new UsageError(`${a} needs a value`); return v; };
    if (a === '-h' || a === '--help') { process.stdout.write(USAGE); return 0; }
    else if (a === '--format') { format = val(); if (format !== 'text' && format !== 'json') throw new UsageError(`--format must be text or json, not "${format}"`); }
    else if (a === '--root') roots.push(val());
    else if (a === '--config') config = val();
    else if (a === '--dict') dict = val();
    else if (a === '--writes') writes = true;
    else if (a === '--thread') thread = val();
    else if (a === '--main-thread') mainThread = val();
    else if (a === '--exclude') exclude.push(val());
    else if (a === '--max-file-size') { maxFileSize = Number(val()); if (!Number.isFinite(maxFileSize) || maxFileSize <= 0) throw new UsageError('--max-file-size must be a positive number'); }
    else if (a === '-o' || a === '--output') output = val();
    else if (a === '--jobs') { jobs = Number(val()); if (!Number.isInteger(jobs) || jobs < 1) throw new UsageError('--jobs must be a positive integer'); }
    else if (a === '--cache') cacheDir = val();
    else if (a.startsWith('-')) throw new UsageError(`unknown option ${a}`);
    else inputs.push(a);
  }
  if (!inputs.length) throw new UsageError('no file or folder given');
  for (const p of [...inputs, ...roots, ...(config ? [config] : [])]) {
    try { fs.accessSync(p, fs.constants.R_OK); } catch { throw new UsageError(`cannot read ${p}`); }
  }
  if (dict !== undefined) { try { new RegExp(dict); } catch { throw new UsageError(`--dict: not a valid pattern: ${dict}`); } }
  const warnings: string[] = [];
  const { report, limits } = await reportPaths(inputs, {
    configFile: config, mainThread, exclude: exclude.length ? exclude : undefined, roots: roots.length ? roots : undefined, maxFileSize,
    onWarning: w => warnings.push(w), relativeTo: process.cwd(), jobs, cacheDir,
    // a progress line on a terminal, never into a pipe
    onProgress: process.stderr.isTTY ? (d, t) => { if (d === t || d % 25 === 0) process.stderr.write(`\rthreadline: ${d}/${t} files${d === t ? '\n' : ''}`); } : undefined,
  });
  for (const w of warnings) process.stderr.write(`threadline: ${w}\n`);
  for (const w of limits) process.stderr.write(`threadline: ${w}\n`);
  const shown = filterReport(report, { dict, writesOnly: writes, thread });
  // Written in pieces: the whole stdlib's report is longer than one JavaScript string may be.
  const fd = output ? fs.openSync(path.resolve(output), 'w') : 1;
  try {
    // Each piece encoded straight into one buffer, written when full: joining the pieces into a
    // string and encoding that again was half the time of writing the synthetic workspace's
    // 336 MB of JSON.
    const buf = Buffer.allocUnsafe(OUTPUT_BUFFER);
    let used = 0;
    const flush = () => { if (used) writeAll(fd, buf.subarray(0, used)); used = 0; };
    const pieces = format === 'json' ? withEnd(jsonPieces(shown), '\n') : formatTextLines(shown, { thread }).map(l => l + '\n');
    for (const piece of pieces) {
      // (UTF-8 takes at most 3 bytes per UTF-16 unit)
      if (piece.length * 3 > OUTPUT_BUFFER - used) {
        flush();
        if (piece.length * 3 > OUTPUT_BUFFER) { writeAll(fd, Buffer.from(piece, 'utf8')); continue; }
      }
      used += buf.write(piece, used, 'utf8');
    }
    flush();
  } catch (e) {
    // the reader went away (`| head`): what it wanted it has
    if ((e as NodeJS.ErrnoException).code !== 'EPIPE') throw e;
  } finally {
    if (output) fs.closeSync(fd);
  }
  return 0;
}

function* withEnd(pieces: Iterable<string>, end: string): Generator<string> {
  yield* pieces;
  yield end;
}

const OUTPUT_BUFFER = 1 << 20;

/** writeSync to a pipe may write part of the buffer (or find it full): write it all. */
function writeAll(fd: number, buf: Buffer): void {
  for (let off = 0; off < buf.length;) {
    try { off += fs.writeSync(fd, buf, off); } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5); // the reader is behind: wait a little
    }
  }
}

main(process.argv.slice(2)).then(code => { process.exitCode = code; }, e => {
  if (e instanceof UsageError) { process.stderr.write(`threadline: ${e.message}\n`); process.exitCode = 2; }
  else if (e instanceof ConfigError) { process.stderr.write(`threadline: ${e.message}\n`); process.exitCode = 2; }
  else { process.stderr.write(`threadline: internal error: ${(e as Error).stack ?? e}\n`); process.exitCode = 1; }
});
