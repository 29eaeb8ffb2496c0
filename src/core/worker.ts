// A worker thread: parses and summarizes files sent to it, so files are summarized in parallel.
import { parentPort } from 'node:worker_threads';
import * as fs from 'node:fs';
import { summarizeBytes } from './index';
import { loadPython } from './parser';

export interface WorkRequest { id: number; abs: string; path: string; module: string; isPackage: boolean; maxFileSize?: number }

const ready = loadPython();
parentPort?.on('message', async (req: WorkRequest) => {
  const p = await ready;
  try {
    const bytes = fs.readFileSync(req.abs);
    // a JSON string crosses threads faster than a structured clone of the nested summary
    parentPort!.postMessage({ id: req.id, json: JSON.stringify(summarizeBytes(p, bytes, req.path, req.module, req.isPackage, { maxFileSize: req.maxFileSize })) });
  } catch (e) {
    parentPort!.postMessage({ id: req.id, error: (e as Error).message });
  }
});
