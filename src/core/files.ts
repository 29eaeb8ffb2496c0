// Finding Python files and naming their modules the way Python's import system would.
import * as fs from 'node:fs';
import * as path from 'node:path';
import picomatch from 'picomatch';

export interface SourceFile {
  /** Absolute path. */
  abs: string;
  module: string;
  isPackage: boolean;
}

export const DEFAULT_EXCLUDES = ['**/.git/**', '**/node_modules/**', '**/__pycache__/**', '**/.venv/**', '**/venv/**', '**/.env/**', '**/env/**', '**/site-packages/**', '**/.tox/**', '**/.nox/**', '**/build/**', '**/dist/**'];

/** The test of exclude globs. A glob is matched against the path relative to the folder
 *  searched (an input folder, a workspace root), so that `gen/**` means that folder's `gen`,
 *  and a project kept under a folder named like an excluded one (`~/build/app`, `~/env/x`,
 *  a package in `site-packages` given by its path) is not excluded whole. A glob written as an
 *  absolute path is matched against the absolute path. Folders are tested with a trailing `/`. */
export function excludeTest(globs: string[]): (abs: string, root: string, isDir?: boolean) => boolean {
  const isAbs = (g: string) => g.startsWith('/') || /^[A-Za-z]:[\\/]/.test(g);
  const rel = globs.filter(g => !isAbs(g)), abs = globs.filter(isAbs);
  const relMatch = rel.length ? picomatch(rel, { dot: true }) : undefined;
  const absMatch = abs.length ? picomatch(abs, { dot: true }) : undefined;
  return (p, root, isDir = false) => {
    const tail = isDir ? '/' : '';
    if (absMatch?.(posixPath(path.resolve(p)) + tail)) return true;
    if (!relMatch) return false;
    const r = path.relative(path.resolve(root), path.resolve(p));
    return r !== '' && !r.startsWith('..') && !path.isAbsolute(r) && relMatch(posixPath(r) + tail);
  };
}

/** A path with `/` between its parts, as globs are written. */
export function posixPath(p: string): string {
  return p.split(path.sep).join('/');
}

/** The folder imports are relative to: climb out of packages (folders with `__init__.py`). */
export function importRoot(dir: string): string {
  let d = path.resolve(dir);
  while (fs.existsSync(path.join(d, '__init__.py')) && path.dirname(d) !== d) d = path.dirname(d);
  return d;
}

export function moduleName(abs: string, roots: string[]): { module: string; isPackage: boolean } {
  let best: string | undefined;
  for (const r of roots) {
    const rel = path.relative(r, abs);
    if (!rel.startsWith('..') && !path.isAbsolute(rel) && (!best || rel.length < best.length)) best = rel;
  }
  const rel = best ?? path.basename(abs);
  const parts = rel.replace(/\.pyi?$/, '').split(path.sep).filter(Boolean);
  const isPackage = parts[parts.length - 1] === '__init__';
  if (isPackage) parts.pop();
  return { module: parts.join('.') || path.basename(path.dirname(abs)), isPackage };
}

export interface DiscoverOptions {
  exclude?: string[];
  /** Import roots; by default each input's folder climbed out of its packages, plus `src/` layouts. */
  roots?: string[];
  /** More import roots, added to the default or given ones (`extraRoots` in threadline.json). */
  extraRoots?: string[];
  /** Called for what could not be read (permission, symlink loop), so it is said, not lost. */
  onWarning?: (message: string) => void;
}

/** Python files under the given files or folders. Symlinked folders are followed once each. */
export function discover(inputs: string[], opts: DiscoverOptions = {}): { files: SourceFile[]; roots: string[] } {
  const isExcluded = excludeTest(opts.exclude ?? DEFAULT_EXCLUDES);
  const defaults = inputs.flatMap(i => {
    const dir = fs.existsSync(i) && fs.statSync(i).isFile() ? path.dirname(i) : i;
    const src = path.join(dir, 'src');
    return fs.existsSync(src) && fs.statSync(src).isDirectory() ? [importRoot(dir), path.resolve(src)] : [importRoot(dir)];
  });
  const roots = [...new Set([...(opts.roots?.length ? opts.roots.map(r => path.resolve(r)) : defaults), ...(opts.extraRoots ?? []).map(r => path.resolve(r))])];
  const found: string[] = [];
  const seenDirs = new Set<string>();
  const walk = (dir: string, root: string) => {
    let real: string;
    try { real = fs.realpathSync(dir); } catch (e) { opts.onWarning?.(`cannot read ${dir}: ${(e as Error).message}`); return; }
    if (seenDirs.has(real)) { opts.onWarning?.(`skipped ${dir}: already visited (symlink loop?)`); return; }
    seenDirs.add(real);
    let entries: fs.Dirent[];
    try { entries = fs.readdirSync(dir, { withFileTypes: true }); } catch (e) { opts.onWarning?.(`cannot read ${dir}: ${(e as Error).message}`); return; }
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const e of entries) {
      const p = path.join(dir, e.name);
      let isDir = e.isDirectory(), isFile = e.isFile();
      if (e.isSymbolicLink()) {
        try { const st = fs.statSync(p); isDir = st.isDirectory(); isFile = st.isFile(); } catch { opts.onWarning?.(`skipped broken symlink ${p}`); continue; }
      }
      if (isDir) { if (!isExcluded(p, root, true)) walk(p, root); }
      else if (isFile && e.name.endsWith('.py') && !isExcluded(p, root)) found.push(p);
    }
  };
  for (const i of inputs) {
    let st: fs.Stats;
    try { st = fs.statSync(i); } catch (e) { opts.onWarning?.(`cannot read ${i}: ${(e as Error).message}`); continue; }
    if (st.isDirectory()) walk(i, i);
    else found.push(i);
  }
  const files = [...new Set(found.map(f => path.resolve(f)))].map(abs => ({ abs, ...moduleName(abs, roots) }));
  return { files, roots };
}
