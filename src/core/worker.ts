// A worker thread of the pool (pool.ts): summarizes the files sent to it.
import { parentPort } from 'node:worker_threads';
import { loadPython } from './parser';
import { Job, summarizeJob } from './pool';
import { summaryJson } from './wire';

export interface WorkRequest extends Job { id: number }

const ready = loadPython();
parentPort?.on('message', async (req: WorkRequest) => {
  const r = summarizeJob(await ready, req);
  // a JSON string crosses threads faster than a structured clone of the nested summary
  parentPort!.postMessage(typeof r === 'string' ? { id: req.id, failed: r } : { id: req.id, json: summaryJson(r, undefined, true) });
});
