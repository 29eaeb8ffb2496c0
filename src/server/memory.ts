// The server's heap limit on growth. V8 lets the heap grow to two or more times what survived
// the last full collection before the next one, so the first index peaked at nearly twice its
// live data (the stdlib: 180 MB live, 310–355 MB resident at the peak). Growing by half at most
// keeps the peak near the live data (≈ 300 MB) at the cost of more full collections: the same
// time on the stdlib, ≈ 10 % more for a full analysis of the 5,000-file synthetic workspace
// (npm run bench). V8 reads the flag at each collection, so setting it at startup is enough.
import * as v8 from 'node:v8';

export const HEAP_GROWING_PERCENT = 50;

export function limitHeapGrowth(): void {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
