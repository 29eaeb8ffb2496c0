// Per-function values of a pass, in a slot per function (FnInfo.ord) instead of a Map entry:
// a program has tens of thousands of functions and several passes keep a table of them each,
// where a Map entry costs three to four times a slot.
import type { FnInfo } from './program';

/** A Map from FnInfo by its ord, for the tables only read by function (never iterated: a
 *  Map's insertion order is not kept). A Program's ords never change (in-place updates keep
 *  its FnInfos; a rebuild makes new passes with new tables). */
export class FnTable<V> {
  private slots: (V | undefined)[] = [];

  get(fn: FnInfo): V | undefined { return this.slots[fn.ord]; }
  has(fn: FnInfo): boolean { return this.slots[fn.ord] !== undefined; }
  set(fn: FnInfo, v: V): this {
    const s = this.slots;
    // (filled up to it, not written past the end: an array written far past its end turns
    // into a dictionary)
    while (s.length < fn.ord) s.push(undefined);
    s[fn.ord] = v;
    return this;
  }
  delete(fn: FnInfo): boolean {
    const had = this.slots[fn.ord] !== undefined;
    if (fn.ord < this.slots.length) this.slots[fn.ord] = undefined;
    return had;
  }
  clear(): void { this.slots = []; }
}
