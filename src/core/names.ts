// One string per distinct name in the summaries made on this thread. Node texts are cut from
// the file's text, so every `self` of a file was a string of its own: the stdlib's summaries
// made on one thread held 560,000 strings for 68,000 distinct texts (15 MB). Summaries that
// come from a worker or the cache need none of this: JSON.parse already makes one string per
// distinct short text.

/** Past this many names the table starts over (a server runs for days; names typed come and go):
 *  strings already handed out stay valid, only later ones are not shared with them. */
const MAX_NAMES = 1_000_000;

let table = new Map<string, string>();

/** The one string for `s`'s text. A slice of the file's text is stored as a copy: V8 makes a
 *  slice of 13+ characters a view that keeps the whole text alive, and names outlive it. */
export function intern(s: string): string {
  let v = table.get(s);
  if (v === undefined) {
    if (table.size >= MAX_NAMES) table = new Map();
    v = s.length < 13 ? s : (' ' + s).slice(1);
    table.set(v, v);
  }
  return v;
}

/** Lets the table go, after many files were summarized in one go (a workspace's index): their
 *  strings stay shared with each other, and the table (3.5 MB of hash table for the stdlib's
 *  names) is not kept for the few names an edit brings. */
export function forgetNames(): void {
  if (table.size) table = new Map();
}
