// threadline.json: read as data, checked field by field, with messages that name the field.
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface ThreadlineConfig {
  mainThread: string;
  threads: Record<string, string>;
  exclude?: string[];
  extraRoots?: string[];
}

export const CONFIG_FILE = 'threadline.json';

export class ConfigError extends Error {}

export function parseConfig(text: string, where = CONFIG_FILE): ThreadlineConfig {
  let raw: unknown;
  try { raw = JSON.parse(text); } catch (e) { throw new ConfigError(`${where}: not valid JSON: ${(e as Error).message}`); }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new ConfigError(`${where}: expected an object`);
  const o = raw as Record<string, unknown>;
  const known = new Set(['mainThread', 'threads', 'exclude', 'extraRoots', '$schema']);
  for (const k of Object.keys(o)) if (!known.has(k)) throw new ConfigError(`${where}: unknown field "${k}" (known: mainThread, threads, exclude, extraRoots)`);
  const cfg: ThreadlineConfig = { mainThread: 'main', threads: {} };
  if (o.mainThread !== undefined) {
    if (typeof o.mainThread !== 'string' || !/^[\w.-]+$/.test(o.mainThread)) throw new ConfigError(`${where}: "mainThread" must be a thread name (letters, digits, _ . -)`);
    cfg.mainThread = o.mainThread;
  }
  if (o.threads !== undefined) {
    if (!o.threads || typeof o.threads !== 'object' || Array.isArray(o.threads)) throw new ConfigError(`${where}: "threads" must map qualname globs to thread names`);
    for (const [g, n] of Object.entries(o.threads as Record<string, unknown>)) {
      if (typeof n !== 'string' || !n) throw new ConfigError(`${where}: "threads.${g}" must be a thread name`);
      cfg.threads[g] = n;
    }
  }
  for (const k of ['exclude', 'extraRoots'] as const) {
    if (o[k] === undefined) continue;
    if (!Array.isArray(o[k]) || !(o[k] as unknown[]).every(x => typeof x === 'string')) throw new ConfigError(`${where}: "${k}" must be an array of strings`);
    cfg[k] = o[k] as string[];
  }
  return cfg;
}

/** threadline.json in the folder, or undefined when there is none. */
export function findConfig(dir: string): string | undefined {
  const p = path.join(dir, CONFIG_FILE);
  return fs.existsSync(p) ? p : undefined;
}

export function loadConfig(file: string): ThreadlineConfig {
  return parseConfig(fs.readFileSync(file, 'utf8'), file);
}
