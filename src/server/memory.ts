// The server's heap growth between full collections. V8 lets the heap grow to two or more
// times what survived the last full collection before the next one, so the first index peaked
// at nearly twice its live data (the stdlib's 734 files: 180 MB live, 310–355 MB resident at the
// peak). Growing by half at most kept the peak near the live data (≈ 300–325 MB) in the same
// time there; by 35 % it stayed under 300 MB with 2026-12-07's night model (303 → 295 MB in
// one hour's runs, its first index no slower within that hour's noise; that morning's larger
// model peaks at 316 MB, 311 MB at 30 %: not worth the extra collections); but each full
// collection marks the whole heap, and on the 5,000-file synthetic
// workspace (1 GB live) the extra ones made the first index 22 % slower (11.0 → 13.4 s) for
// 5 % less memory. So the limit holds for workspaces up to LIMITED_UP_TO files, and V8's own
// factor beyond (npm run bench measures both). V8 reads the flag at each collection.
import * as v8 from 'node:v8';

export const HEAP_GROWING_PERCENT = 35;
/** Workspaces up to this many files (a few hundred MB of live data) get the limit. */
export const LIMITED_UP_TO = 2000;

/** Sets the heap's growth for a workspace of `files` files. */
export function limitHeapGrowth(files: number): void {
  v8.setFlagsFromString(`--heap-growing-percent=${files <= LIMITED_UP_TO ? HEAP_GROWING_PERCENT : 0}`);
}
