// Turning bytes on disk into the text the parser sees, the way an editor would show it.

export interface DecodedSource {
  text: string;
  /** Problems a user should hear about: odd encodings, binary content. */
  warnings: string[];
  binary: boolean;
}

const BINARY_SAMPLE = 8192;

/** Decodes UTF-8 (BOM stripped); bytes that are not UTF-8 fall back to Latin-1, with a warning. */
export function decodeSource(bytes: Uint8Array): DecodedSource {
  const warnings: string[] = [];
  const sample = bytes.subarray(0, Math.min(bytes.length, BINARY_SAMPLE));
  let nul = 0;
  for (const b of sample) if (b === 0) nul++;
  // A few NULs can sit in a text file; a real binary has many.
  if (nul > 0 && nul * 100 > sample.length) {
    return { text: '', warnings: ['binary file skipped'], binary: true };
  }
  let start = 0;
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(start));
  } catch {
    // Replace the bad bytes (U+FFFD), as an editor shows them; the rest keeps its positions.
    text = new TextDecoder('utf-8').decode(bytes.subarray(start));
    const bad = (text.match(/\uFFFD/g) ?? []).length;
    warnings.push(`file is not valid UTF-8: ${bad} undecodable byte sequence(s) replaced`);
  }
  if (nul > 0) warnings.push(`file contains ${nul} NUL byte(s)`);
  return { text, warnings, binary: false };
}

/** Line starts for offset → (line, column) in UTF-16 units; \r\n, \n and lone \r all end a line. */
export class LineIndex {
  readonly starts: number[];
  constructor(text: string) {
    const starts = [0];
    // Without CRs, the native search finds line ends several times faster than a char loop.
    if (!text.includes('\r')) for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    else for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) starts.push(i + 1);
      else if (c === 13) {
        if (text.charCodeAt(i + 1) === 10) i++;
        starts.push(i + 1);
      }
    }
    this.starts = starts;
    this.endsWithNewline = starts.length > 1 && starts[starts.length - 1] === text.length || text.length === 0;
  }
  /** Lines as an editor numbers them: a final newline does not start another line. */
  get lineCount(): number { return this.starts.length - (this.endsWithNewline ? 1 : 0); }
  private readonly endsWithNewline: boolean;
  /** The last answer: the summarizer asks mostly in order, so most look-ups are on that line. */
  private hint = 0;

  /** 0-based line of an offset. */
  lineOf(offset: number): number {
    const s = this.starts;
    const h = this.hint;
    if (s[h] <= offset && (h + 1 >= s.length || s[h + 1] > offset)) return h;
    if (h + 1 < s.length && s[h + 1] <= offset && (h + 2 >= s.length || s[h + 2] > offset)) return (this.hint = h + 1);
    let lo = 0, hi = s.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (s[mid] <= offset) lo = mid; else hi = mid - 1;
    }
    return (this.hint = lo);
  }
  columnOf(offset: number, line = this.lineOf(offset)): number { return offset - this.starts[line]; }
}
