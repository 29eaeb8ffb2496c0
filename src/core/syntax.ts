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

export function mirrorTree(tree: Tree, lang: Language): SyntaxNode {
  return exposedWasmCalls() ? mirrorDirect(tree, lang) : mirrorWithCursor(tree, lang);
}

/** The walk through the wasm functions themselves. */
export function mirrorDirect(tree: Tree, lang: Language): SyntaxNode {
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
  });
}

/** The walk through the public TreeCursor. */
export function mirrorWithCursor(tree: Tree, lang: Language): SyntaxNode {
  return walk(tree, lang, c => ({
    typeId: () => c.nodeTypeId, fieldId: () => c.currentFieldId, startIndex: () => c.startIndex, endIndex: () => c.endIndex,
    isMissing: () => c.nodeIsMissing, firstChild: () => c.gotoFirstChild(), nextSibling: () => c.gotoNextSibling(), parent: () => c.gotoParent(),
  }));
}

function walk(tree: Tree, lang: Language, callsFor: (c: TreeCursor) => CursorCalls): SyntaxNode {
  const { types, fields, keep, named } = tablesFor(lang);
  // Each cursor call crosses into wasm: ask about missing nodes only when there are errors.
  // (Asked before the cursor calls start: rootNode writes a node into the transfer buffer.)
  const mayMiss = tree.rootNode.hasError;
  const c = tree.walk();
  try {
    const { typeId, fieldId, startIndex, endIndex, isMissing, firstChild, nextSibling, parent: gotoParent } = callsFor(c);
    const root: SyntaxNode = { type: 'module', field: '', start: startIndex(), end: endIndex(), children: [], parent: null, named: true };
    // Explicit stack: no recursion, so 500-deep nesting cannot overflow.
    let parent = root;
    const stack: SyntaxNode[] = [];
    if (!firstChild()) return root;
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
        if (!gotoParent() || stack.length === 0) return root;
        parent = stack.pop()!;
      }
    }
  } finally {
    // frees the cursor's stack, which the JS handle still names after direct moves
    c.delete();
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
