// Python files for tests that run over the fixtures and standard-library files.
import * as fs from 'node:fs';
import * as path from 'node:path';

/** Every `.py` file under `dir`, depth first. */
export function pythonFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...pythonFiles(p));
    else if (e.name.endsWith('.py')) out.push(p);
  }
  return out;
}
