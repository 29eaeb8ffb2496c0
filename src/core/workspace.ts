// Analyzing folders from disk: discovery, config, summaries, analysis. Used by the CLI and the bench.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Analysis } from './analysis';
import { findConfig, loadConfig, ThreadlineConfig } from './config';
import { DEFAULT_EXCLUDES, discover } from './files';
import { summarizeBytes } from './index';
import { FileSummary } from './model';
import { loadPython } from './parser';

export interface AnalyzePathsOptions {
  configFile?: string;
  mainThread?: string;
  exclude?: string[];
  roots?: string[];
  maxFileSize?: number;
  onWarning?: (w: string) => void;
  /** Report paths relative to this folder. */
  relativeTo?: string;
}

export async function analyzePaths(inputs: string[], opts: AnalyzePathsOptions = {}): Promise<{ analysis: Analysis; report: Analysis['report']; summaries: FileSummary[]; config: ThreadlineConfig }> {
  const dir = inputs.length === 1 && fs.existsSync(inputs[0]) && fs.statSync(inputs[0]).isDirectory() ? inputs[0] : path.dirname(inputs[0] ?? '.');
  const cfgFile = opts.configFile ?? findConfig(dir);
  const config: ThreadlineConfig = cfgFile ? loadConfig(cfgFile) : { mainThread: 'main', threads: {} };
  if (opts.mainThread) config.mainThread = opts.mainThread;
  const { files } = discover(inputs, { exclude: opts.exclude ?? [...DEFAULT_EXCLUDES, ...(config.exclude ?? [])], roots: opts.roots ?? config.extraRoots, onWarning: opts.onWarning });
  const parser = await loadPython();
  const rel = opts.relativeTo ?? process.cwd();
  const summaries: FileSummary[] = [];
  for (const f of files) {
    const shown = path.relative(rel, f.abs).split(path.sep).join('/') || f.abs;
    let bytes: Uint8Array;
    try { bytes = fs.readFileSync(f.abs); } catch (e) { opts.onWarning?.(`cannot read ${shown}: ${(e as Error).message}`); continue; }
    const s = summarizeBytes(parser, bytes, shown, f.module, f.isPackage, { maxFileSize: opts.maxFileSize });
    for (const w of s.warnings) opts.onWarning?.(`${shown}: ${w}`);
    summaries.push(s);
  }
  const analysis = new Analysis(summaries, { mainThread: config.mainThread, threads: config.threads });
  return { analysis, report: analysis.report, summaries, config };
}
