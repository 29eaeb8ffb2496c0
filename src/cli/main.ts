// threadline CLI: a thin shell over src/core.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { analyzePaths } from '../core/workspace';
import { formatText } from '../core/format';
import { ConfigError } from '../core/config';

const USAGE = `usage: threadline [options] <file-or-folder>...

Shows which thread each Python function runs on and every read and write of shared
containers (through helpers and across files), with locks and race findings.

options:
  --format text|json   output format (default: text)
  --config FILE        threadline.json to use (default: <folder>/threadline.json)
  --main-thread NAME   name of the main thread (default: main, or the config's)
  --exclude GLOB       skip matching paths (repeatable)
  --max-file-size N    files over N bytes get their skeleton only (default 2000000)
  -o, --output FILE    write to FILE instead of stdout
  -h, --help           this help
`;

async function main(argv: string[]): Promise<number> {
  const inputs: string[] = [];
  let format = 'text', config: string | undefined, mainThread: string | undefined, output: string | undefined;
  let maxFileSize: number | undefined;
  const exclude: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const val = () => { const v = argv[++i]; if (v === undefined) throw new UsageError(`${a} needs a value`); return v; };
    if (a === '-h' || a === '--help') { process.stdout.write(USAGE); return 0; }
    else if (a === '--format') { format = val(); if (format !== 'text' && format !== 'json') throw new UsageError(`--format must be text or json, not "${format}"`); }
    else if (a === '--config') config = val();
    else if (a === '--main-thread') mainThread = val();
    else if (a === '--exclude') exclude.push(val());
    else if (a === '--max-file-size') { maxFileSize = Number(val()); if (!Number.isFinite(maxFileSize) || maxFileSize <= 0) throw new UsageError('--max-file-size must be a positive number'); }
    else if (a === '-o' || a === '--output') output = val();
    else if (a.startsWith('-')) throw new UsageError(`unknown option ${a}`);
    else inputs.push(a);
  }
  if (!inputs.length) throw new UsageError('no file or folder given');
  for (const i of inputs) if (!fs.existsSync(i)) throw new UsageError(`no such file or folder: ${i}`);
  const warnings: string[] = [];
  const { report } = await analyzePaths(inputs, {
    configFile: config, mainThread, exclude: exclude.length ? exclude : undefined, maxFileSize,
    onWarning: w => warnings.push(w), relativeTo: process.cwd(),
  });
  for (const w of warnings) process.stderr.write(`threadline: ${w}\n`);
  const text = format === 'json' ? JSON.stringify(report, null, 2) + '\n' : formatText(report);
  if (output) fs.writeFileSync(path.resolve(output), text);
  else process.stdout.write(text);
  return 0;
}

class UsageError extends Error {}

main(process.argv.slice(2)).then(code => { process.exitCode = code; }, e => {
  if (e instanceof UsageError) { process.stderr.write(`threadline: ${e.message}\n\n${USAGE}`); process.exitCode = 2; }
  else if (e instanceof ConfigError) { process.stderr.write(`threadline: ${e.message}\n`); process.exitCode = 2; }
  else { process.stderr.write(`threadline: internal error: ${(e as Error).stack ?? e}\n`); process.exitCode = 1; }
});
