// The text format, for people: skeleton with thread tags, containers with their writes and
// reads grouped by thread, then findings.
import type { AccessReport, Report, SymbolInfo } from './report';

function tag(threads: string[], instances: Map<string, string>): string {
  if (!threads.length) return '';
  return ` [${threads.map(t => (instances.get(t) === 'many' ? `${t} ×many` : t)).join(', ')}]`;
}

function accessLine(a: AccessReport): string {
  const parts = [`${a.path}:${a.line}`, a.function, a.readWrite ? `${a.op} (read+write)` : a.op];
  if (a.key !== undefined) parts.push(`key ${a.key}`);
  if (a.value !== undefined) parts.push(`value ${a.value}`);
  if (a.via.length) parts.push(`via ${a.via.join(' → ')}`);
  parts.push(a.locks.length ? `locks ${a.locks.join(', ')}` : 'no lock');
  return parts.join(' · ');
}

/** The text format as lines: a whole workspace's text can be longer than one string may be. */
export function formatTextLines(r: Report, opts: { thread?: string } = {}): string[] {
  const out: string[] = [];
  const inst = new Map(r.threads.map(t => [t.id, t.instances]));
  out.push('== Threads');
  for (const t of r.threads) {
    const started = t.startedAt.map(s => `${s.path}:${s.line}`).join(', ');
    out.push(`  ${t.id}${t.name !== t.id ? ` "${t.name}"` : ''} (${t.kind}${t.instances === 'many' ? ', many instances' : ''}${t.ownParams ? `, each with its own ${t.ownParams.join(', ')}` : ''})${t.entry ? ` entry ${t.entry}` : ''}${started ? ` started at ${started}` : ''}`);
  }
  for (const f of r.files) {
    out.push('', `== ${f.path} (${f.lines} lines)`);
    for (const e of f.errors) out.push(`  ! line ${e.line}:${e.column}: ${e.message}`);
    for (const w of f.warnings) out.push(`  ! ${w}`);
    const walk = (syms: SymbolInfo[], depth: number) => {
      for (const s of syms) {
        const kw = s.kind === 'class' ? 'class' : s.async ? 'async def' : 'def';
        out.push(`${'  '.repeat(depth + 1)}${s.line}-${s.endLine} ${kw} ${s.name}${s.kind === 'class' && s.bases ? `(${s.bases.join(', ')})` : ''}${tag(s.threads, inst)}`);
        walk(s.children, depth + 1);
      }
    };
    walk(f.symbols, 0);
  }
  out.push('', '== Shared containers');
  for (const c of r.containers) {
    out.push(`  ${c.ownerKind === 'module' ? c.owner + '.' : c.owner + '.'}${c.attr}: ${c.type} (defined ${c.definedAt.path}:${c.definedAt.line})`);
    for (const kind of ['write', 'read'] as const) {
      const list = c.accesses.filter(a => a.access === kind);
      if (!list.length) continue;
      out.push(`    ${kind === 'write' ? 'writes' : 'reads'}:`);
      const byThread = new Map<string, AccessReport[]>();
      for (const a of list) for (const t of a.threads.length ? a.threads : ['(no thread)']) {
        if (opts.thread && t !== opts.thread) continue; // --thread: only that thread's group
        let l = byThread.get(t);
        if (!l) byThread.set(t, (l = []));
        l.push(a);
      }
      for (const [t, l] of byThread) {
        out.push(`      on ${t}${inst.get(t) === 'many' ? ' ×many' : ''}:`);
        for (const a of l) out.push(`        ${accessLine(a)}`);
      }
    }
  }
  out.push('', `== Findings (${r.findings.length})`);
  for (const f of r.findings) {
    out.push(`  [${f.kind}] ${f.message}`);
    for (const a of f.accesses) out.push(`      ${a.access} ${a.op} at ${a.path}:${a.line} on ${a.threads.join(', ')} via ${a.callPath.join(' → ')}${a.locks.length ? ` holding ${a.locks.join(', ')}` : ''}`);
  }
  return out;
}

export function formatText(r: Report, opts: { thread?: string } = {}): string {
  return formatTextLines(r, opts).join('\n') + '\n';
}

/** The same text as JSON.stringify(value, null, 2), in pieces: the top levels piece by piece,
 *  below that an element at a time, so no one string outgrows V8's limit (~512 MiB). */
export function* jsonPieces(value: unknown, indent = '', depth = 0): Generator<string> {
  const inner = indent + '  ';
  if (depth < 3 && Array.isArray(value) && value.length) {
    yield '[\n';
    for (let i = 0; i < value.length; i++) {
      yield inner;
      // as JSON.stringify does: undefined and functions in arrays are null
      const v = value[i];
      yield* jsonPieces(v === undefined || typeof v === 'function' ? null : v, inner, depth + 1);
      yield i < value.length - 1 ? ',\n' : '\n';
    }
    yield indent + ']';
    return;
  }
  if (depth < 3 && value !== null && typeof value === 'object' && !Array.isArray(value) && typeof (value as { toJSON?: unknown }).toJSON !== 'function') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined && typeof v !== 'function' && typeof v !== 'symbol');
    if (entries.length) {
      yield '{\n';
      for (let i = 0; i < entries.length; i++) {
        yield `${inner}${JSON.stringify(entries[i][0])}: `;
        yield* jsonPieces(entries[i][1], inner, depth + 1);
        yield i < entries.length - 1 ? ',\n' : '\n';
      }
      yield indent + '}';
      return;
    }
  }
  if (!depth) { yield JSON.stringify(value, null, 2) ?? 'null'; return; }
  // Indented as it sits: stringified inside `depth` arrays, which JSON.stringify indents to the
  // right depth, and cut out of them (re-indenting every line with a replace was a third of
  // the time of writing a large report).
  let wrapped: unknown = value === undefined || typeof value === 'function' || typeof value === 'symbol' ? null : value;
  for (let i = 0; i < depth; i++) wrapped = [wrapped];
  const text = JSON.stringify(wrapped, null, 2);
  const { head, tail } = wrapping(depth);
  yield text.slice(head, text.length - tail);
}

/** How many characters `depth` arrays around a value add before and after it in
 *  JSON.stringify(…, null, 2): each opens on a line of its own, and the value's first line is
 *  indented as deep as it is (the caller has written that indentation already). */
function wrapping(depth: number): { head: number; tail: number } {
  let head = 0, tail = 0;
  for (let i = 0; i < depth; i++) { head += 2 * i + 2; tail += 2 * i + 2; }
  return { head: head + 2 * depth, tail };
}
