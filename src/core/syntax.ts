// A plain-JS mirror of the tree-sitter tree: one walk with a TreeCursor copies the named
// nodes (and the few keyword/operator tokens the analysis needs) into objects, so every
// later pass runs in JavaScript without crossing into wasm for each node.
import * as TreeSitter from 'web-tree-sitter';
import type { Language, Tree, TreeCursor } from 'web-tree-sitter';

export interface SyntaxNode {
  type: string;
  /** Field name in the parent (`name`, `body`, `left` …), or '' */
  field: string;
  start: number;
  end: number;
  children: SyntaxNode[];
  parent: SyntaxNode | null;
  named: boolean;
  /** tree-sitter's error or missing node */
  error?: 'error' | 'missing';
}

/** Anonymous tokens kept in the mirror: keywords, and operators that change meaning. */
const KEPT_TOKENS = new Set(['in', 'not in', 'not', 'is', 'is not', 'async', 'await', '*', '**', 'and', 'or',
  '+=', '-=', '*=', '/=', '//=', '%=', '|=', '&=', '^=', '<<=', '>>=', '@=', '**=', '=', ':=']);

interface LanguageTables { types: string[]; fields: string[]; keep: boolean[]; named: boolean[] }
const tables = new WeakMap<Language, LanguageTables>();

function tablesFor(lang: Language): LanguageTables {
  let t = tables.get(lang);
  if (!t) {
    const types: string[] = [];
    const keep: boolean[] = [];
    const named: boolean[] = [];
    for (let i = 0; i < lang.nodeTypeCount; i++) {
      const name = lang.nodeTypeForId(i) ?? '';
      types.push(name);
      named.push(lang.nodeTypeIsNamed(i));
      keep.push(named[i] || KEPT_TOKENS.has(name));
    }
    const fields: string[] = [''];
    for (let i = 1; i <= lang.fieldCount; i++) fields.push(lang.fieldNameForId(i) ?? '');
    t = { types, fields, keep, named };
    tables.set(lang, t);
  }
  return t;
}

/** How the walk moves a cursor and reads its node. Through the wasm functions (when the bundle
 *  exposes them, scripts/build.mjs) each reads the cursor from the transfer buffer and the moves
 *  write it back, so the walk never copies the cursor through JavaScript; through the public
 *  TreeCursor every getter and move copies it in and out. */
interface CursorCalls {
  typeId(): number;
  fieldId(): number;
  startIndex(): number;
  endIndex(): number;
  isMissing(): boolean;
  firstChild(): boolean;
  nextSibling(): boolean;
  parent(): boolean;
}
type WasmCall = (tree: number) => number;
let wasmCalls: Record<keyof CursorCalls, WasmCall> | null | undefined;

function exposedWasmCalls(): Record<keyof CursorCalls, WasmCall> | null {
  if (wasmCalls !== undefined) return wasmCalls;
  const expose = (TreeSitter as unknown as { __wasm?: () => { module?: Record<string, unknown> } }).__wasm;
  const m = expose?.().module;
  // Until Parser.init has run the module is not there: ask again next time.
  if (!m) return null;
  const f = (name: string) => m[`_ts_tree_cursor_${name}_wasm`] as WasmCall | undefined;
  const calls = {
    typeId: f('current_node_type_id'), fieldId: f('current_field_id'), startIndex: f('start_index'), endIndex: f('end_index'),
    isMissing: f('current_node_is_missing'), firstChild: f('goto_first_child'), nextSibling: f('goto_next_sibling'), parent: f('goto_parent'),
  };
  wasmCalls = Object.values(calls).every(fn => typeof fn === 'function') ? (calls as Record<keyof CursorCalls, WasmCall>) : null;
  return wasmCalls;
}

/** The last mirror of a document and the text it came from. The next mirror of that document
 *  takes over its top-level statements that lie wholly outside the edit (shifting those after
 *  it in place), and walks only the rest: a keystroke re-mirrors one statement, not the file.
 *  Kept only for trees without errors (error recovery may regroup text the edit did not touch). */
export interface MirrorState { root?: SyntaxNode; text?: string }

export function mirrorTree(tree: Tree, lang: Language, state?: MirrorState, text?: string): SyntaxNode {
  const reuse = state && text !== undefined ? reusable(tree, state, text) : undefined;
  const root = exposedWasmCalls() ? mirrorDirect(tree, lang, reuse) : mirrorWithCursor(tree, lang, reuse);
  if (state) {
    // the old nodes now belong to the new mirror
    const keep = text !== undefined && !tree.rootNode.hasError;
    state.root = keep ? root : undefined;
    state.text = keep ? text : undefined;
  }
  return root;
}

/** The walk through the wasm functions themselves. */
export function mirrorDirect(tree: Tree, lang: Language, reuse?: Reuse): SyntaxNode {
  const w = exposedWasmCalls();
  if (!w) throw new Error('the tree-sitter wasm functions are not exposed by this build');
  // the tree's address in wasm memory, as TreeCursor passes it
  const t = (tree as unknown as { [0]: number })[0];
  return walk(tree, lang, c => {
    // A getter copies the cursor into the transfer buffer; from here on only calls that keep it
    // there are made.
    void c.startIndex;
    return {
      typeId: () => w.typeId(t), fieldId: () => w.fieldId(t), startIndex: () => w.startIndex(t), endIndex: () => w.endIndex(t),
      isMissing: () => w.isMissing(t) === 1, firstChild: () => w.firstChild(t) === 1, nextSibling: () => w.nextSibling(t) === 1, parent: () => w.parent(t) === 1,
    };
  }, reuse);
}

/** The walk through the public TreeCursor. */
export function mirrorWithCursor(tree: Tree, lang: Language, reuse?: Reuse): SyntaxNode {
  return walk(tree, lang, c => ({
    typeId: () => c.nodeTypeId, fieldId: () => c.currentFieldId, startIndex: () => c.startIndex, endIndex: () => c.endIndex,
    isMissing: () => c.nodeIsMissing, firstChild: () => c.gotoFirstChild(), nextSibling: () => c.gotoNextSibling(), parent: () => c.gotoParent(),
  }), reuse);
}

/** The last mirror (`old`) and what of it may stand for new nodes: the text before the edit
 *  (`prefix` long) and after it (`suffix` long) is the same; a node wholly inside either, of the
 *  same type, field and extent (shifted by `delta` after the edit), is the same subtree. After
 *  the edit, only from `lineAfter` on (the first line that starts in the unchanged text): in
 *  Python a node's lines mean what their indentation says, and the indentation of a node that
 *  starts on the edit's line may have changed with the same text after it (`        with` made
 *  `       with` nests the next line's `with` inside it). */
export interface Reuse { old: SyntaxNode; prefix: number; suffix: number; length: number; delta: number; lineAfter: number }

function reusable(tree: Tree, state: MirrorState, text: string): Reuse | undefined {
  const old = state.text, root = state.root;
  state.root = state.text = undefined;
  if (old === undefined || !root || tree.rootNode.hasError) return undefined;
  const max = Math.min(old.length, text.length);
  // in blocks first (a native compare), then character by character in the block that differs
  const B = 1024;
  let prefix = 0;
  while (prefix + B <= max && old.startsWith(text.slice(prefix, prefix + B), prefix)) prefix += B;
  while (prefix < max && old.charCodeAt(prefix) === text.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (suffix + B <= max - prefix && old.endsWith(text.slice(text.length - suffix - B, text.length - suffix), old.length - suffix)) suffix += B;
  while (suffix < max - prefix && old.charCodeAt(old.length - 1 - suffix) === text.charCodeAt(text.length - 1 - suffix)) suffix++;
  const after = text.length - suffix;
  const lineAfter = after === 0 || text.charCodeAt(after - 1) === 10 ? after : (text.indexOf('\n', after) + 1 || text.length + 1);
  return { old: root, prefix, suffix, length: text.length, delta: text.length - old.length, lineAfter };
}

function shift(n: SyntaxNode, delta: number): void {
  const stack = [n];
  while (stack.length) {
    const x = stack.pop()!;
    x.start += delta;
    x.end += delta;
    for (const c of x.children) stack.push(c);
  }
}

function walk(tree: Tree, lang: Language, callsFor: (c: TreeCursor) => CursorCalls, reuse?: Reuse): SyntaxNode {
  const tables = tablesFor(lang);
  // Each cursor call crosses into wasm: ask about missing nodes only when there are errors.
  // (Asked before the cursor calls start: rootNode writes a node into the transfer buffer.)
  const mayMiss = tree.rootNode.hasError;
  const c = tree.walk();
  try {
    const calls = callsFor(c);
    const root: SyntaxNode = { type: 'module', field: '', start: calls.startIndex(), end: calls.endIndex(), children: [], parent: null, named: true };
    // (no errors when reusing: reuse is only for trees without them)
    if (reuse) mirrorBelowReusing(calls, tables, root, reuse.old, reuse);
    else mirrorBelow(calls, tables, mayMiss, root);
    return root;
  } finally {
    // frees the cursor's stack, which the JS handle still names after direct moves
    c.delete();
  }
}

/** `mirrorBelow` for a node the edit is in (the module, then the statement, class, method …
 *  on the edit's path), whose last mirror was `old`: a child wholly before
 *  or after the edit that has an old counterpart of the same type, field and extent is that
 *  counterpart (shifted when after it); the child the edit is in is gone into the same way; the
 *  rest are mirrored. (Trees with errors are never reused, so no recovery regrouped what lies
 *  around the edit.) Explicit stack, as mirrorBelow; leaves the cursor on the node. */
function mirrorBelowReusing(calls: CursorCalls, tables: LanguageTables, top: SyntaxNode, old: SyntaxNode, reuse: Reuse): void {
  if (!calls.firstChild()) return;
  const { types, fields, keep, named } = tables;
  const after = reuse.length - reuse.suffix;
  // the node whose children the cursor is on, its old counterpart's children, the next of them
  let parent = top, olds = old.children, oi = 0;
  const stack: { parent: SyntaxNode; olds: SyntaxNode[]; oi: number }[] = [];
  for (;;) {
    const id = calls.typeId();
    if (keep[id]) {
      const type = types[id], field = fields[calls.fieldId()] ?? '', start = calls.startIndex(), end = calls.endIndex();
      const isAfter = start >= after;
      const oldStart = isAfter ? start - reuse.delta : start;
      while (oi < olds.length && olds[oi].start < oldStart) oi++;
      const o = oi < olds.length && olds[oi].start === oldStart && olds[oi].type === type && olds[oi].field === field ? olds[oi] : undefined;
      if (o && (end <= reuse.prefix ? o.end === end : isAfter && start >= reuse.lineAfter && o.end === end - reuse.delta)) {
        if (isAfter && reuse.delta) shift(o, reuse.delta);
        o.parent = parent;
        parent.children.push(o);
        oi++;
      } else {
        const node: SyntaxNode = { type, field, start, end, children: [], parent, named: named[id] ?? true };
        parent.children.push(node);
        if (!o || start >= reuse.prefix) mirrorBelow(calls, tables, false, node);
        else if (calls.firstChild()) {
          stack.push({ parent, olds, oi: oi + 1 });
          parent = node; olds = o.children; oi = 0;
          continue;
        }
      }
    }
    while (!calls.nextSibling()) {
      calls.parent();
      const up = stack.pop();
      if (!up) return;
      ({ parent, olds, oi } = up);
    }
  }
}

/** Mirrors the descendants of the cursor's node into `top`, and leaves the cursor on it. */
function mirrorBelow(calls: CursorCalls, tables: LanguageTables, mayMiss: boolean, top: SyntaxNode): void {
  const { typeId, fieldId, startIndex, endIndex, isMissing, firstChild, nextSibling, parent: gotoParent } = calls;
  const { types, fields, keep, named } = tables;
  // Explicit stack: no recursion, so 500-deep nesting cannot overflow.
  let parent = top;
  const stack: SyntaxNode[] = [];
  if (!firstChild()) return;
  for (;;) {
    const id = typeId();
    let node: SyntaxNode | null = null;
    const missing = mayMiss && isMissing();
    if (keep[id] || missing || id === 65535) {
      const type = types[id] ?? 'ERROR';
      node = { type, field: fields[fieldId()] ?? '', start: startIndex(), end: endIndex(), children: [], parent, named: named[id] ?? true };
      if (type === 'ERROR') node.error = 'error';
      else if (missing) node.error = 'missing';
      parent.children.push(node);
    }
    if (node && firstChild()) {
      stack.push(parent);
      parent = node;
      continue;
    }
    while (!nextSibling()) {
      gotoParent();
      if (stack.length === 0) return;
      parent = stack.pop()!;
    }
  }
}

export function child(n: SyntaxNode, field: string): SyntaxNode | undefined {
  for (const c of n.children) if (c.field === field) return c;
  return undefined;
}

export function children(n: SyntaxNode, field: string): SyntaxNode[] {
  return n.children.filter(c => c.field === field);
}

export function namedChildren(n: SyntaxNode): SyntaxNode[] {
  return n.children.filter(c => c.named && c.type !== 'comment');
}
