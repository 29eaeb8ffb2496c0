// What the fuzzer mutates: the project's fixtures and a sample of the machine's standard library.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface CorpusFile { name: string; bytes: Buffer }

/** The checkout: the nearest folder above this bundle with a package.json. */
function findRepo(): string {
  let d = __dirname;
  while (!fs.existsSync(path.join(d, 'package.json')) && path.dirname(d) !== d) d = path.dirname(d);
  return d;
}
const repo = findRepo();

export function corpus(stdlibSample: number): CorpusFile[] {
  const out: CorpusFile[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p); else if (e.name.endsWith('.py')) out.push({ name: path.relative(repo, p), bytes: fs.readFileSync(p) });
    }
  };
  walk(path.join(repo, 'test', 'fixtures'));
  const r = spawnSync('python3', ['-c', "import sysconfig;print(sysconfig.get_paths()['stdlib'])"], { encoding: 'utf8' });
  const std = r.status === 0 ? r.stdout.trim() : '';
  const names = ['threading.py', 'queue.py', 'socketserver.py', 'concurrent/futures/thread.py', 'logging/handlers.py', 'multiprocessing/pool.py',
    'sched.py', 'selectors.py', 'asyncio/base_events.py', 'http/server.py', 'json/decoder.py', 'argparse.py', 'collections/__init__.py',
    'functools.py', 'typing.py', 'dataclasses.py', 'textwrap.py', 'shutil.py', 'tempfile.py', 'weakref.py'];
  for (const n of names.slice(0, stdlibSample)) {
    const p = path.join(std, n);
    if (std && fs.existsSync(p)) out.push({ name: n, bytes: fs.readFileSync(p) });
  }
  return out;
}
