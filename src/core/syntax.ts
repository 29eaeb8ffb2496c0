// A plain-JS mirror of the tree-sitter tree: one walk with a TreeCursor copies the named
// nodes (and the few keyword/operator tokens the analysis needs) into objects, so every
// later pass runs in JavaScript without crossing into wasm for each node.
import * as TreeSitter from 'web-tree-sitter';
import type { Language, Tree } from 'web-tree-sitter';

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

/** The wasm functions behind TreeCursor, when the bundle exposes them (scripts/build.mjs). Each
 *  reads the cursor from the transfer buffer and the moves write it back, so a walk that makes
 *  only these calls never copies the cursor through JavaScript. */
interface CursorCalls {
  typeId(tree: number): number;
  fieldId(tree: number): number;
  startIndex(tree: number): number;
  endIndex(tree: number): number;
  isMissing(tree: number): number;
  firstChild(tree: number): number;
  nextSibling(tree: number): number;
  parent(tree: number): number;
}
let cursorCalls: CursorCalls | null | undefined;

function directCalls(): CursorCalls | null {
  if (cursorCalls !== undefined) return cursorCalls;
  const expose = (TreeSitter as unknown as { __wasm?: () => { module?: Record<string, unknown> } }).__wasm;
  const m = expose?.().module;
  const f = (name: string) => m?.[`_ts_tree_cursor_${name}_wasm`] as ((tree: number) => number) | undefined;
  const calls = {
    typeId: f('current_node_type_id'), fieldId: f('current_field_id'), startIndex: f('start_index'), endIndex: f('end_index'),
    isMissing: f('current_node_is_missing'), firstChild: f('goto_first_child'), nextSibling: f('goto_next_sibling'), parent: f('goto_parent'),
  };
  // Until Parser.init has run the module is not there: ask again next time.
  if (!m) return null;
  cursorCalls = Object.values(calls).every(fn => typeof fn === 'function') ? (calls as CursorCalls) : null;
  return cursorCalls;
}

export function mirrorTree(tree: Tree, lang: Language): SyntaxNode {
  const calls = directCalls();
  return calls ? mirrorDirect(tree, lang, calls) : mirrorWithCursor(tree, lang);
}

/** The same walk as mirrorWithCursor, through the wasm functions themselves. */
export function mirrorDirect(tree: Tree, lang: Language, calls: CursorCalls | null = directCalls()): SyntaxNode {
  if (!calls) throw new Error('the tree-sitter wasm functions are not exposed by this build');
  const { types, fields, keep, named } = tablesFor(lang);
  const { typeId, fieldId, startIndex, endIndex, isMissing, firstChild, nextSibling, parent: gotoParent } = calls;
  const c = tree.walk();
  // the tree's address in wasm memory, as TreeCursor passes it
  const t = (tree as unknown as { [0]: number })[0];
  try {
    const mayMiss = tree.rootNode.hasError;
    // A getter copies the cursor into the transfer buffer; from here on only calls that keep it
    // there are made (rootNode above wrote a node into it, hence this order).
    const root: SyntaxNode = { type: 'module', field: '', start: c.startIndex, end: endIndex(t), children: [], parent: null, named: true };
    let parent = root;
    const stack: SyntaxNode[] = [];
    if (!firstChild(t)) return root;
    for (;;) {
      const id = typeId(t);
      let node: SyntaxNode | null = null;
      const missing = mayMiss && isMissing(t) === 1;
      if (keep[id] || missing || id === 65535) {
        const type = types[id] ?? 'ERROR';
        node = { type, field: fields[fieldId(t)] ?? '', start: startIndex(t), end: endIndex(t), children: [], parent, named: named[id] ?? true };
        if (type === 'ERROR') node.error = 'error';
        else if (missing) node.error = 'missing';
        parent.children.push(node);
      }
      if (node && firstChild(t)) {
        stack.push(parent);
        parent = node;
        continue;
      }
      while (!nextSibling(t)) {
        if (!gotoParent(t) || stack.length === 0) return root;
        parent = stack.pop()!;
      }
    }
  } finally {
    // delete frees the cursor's stack, which the JS handle still names
    c.delete();
  }
}

/** The walk through the public TreeCursor (each step copies the cursor in and out of wasm). */
export function mirrorWithCursor(tree: Tree, lang: Language): SyntaxNode {
  const { types, fields, keep, named } = tablesFor(lang);
  const c = tree.walk();
  try {
    const root: SyntaxNode = { type: 'module', field: '', start: c.startIndex, end: c.endIndex, children: [], parent: null, named: true };
    // Explicit stack: no recursion, so 500-deep nesting cannot overflow.
    let parent = root;
    const stack: SyntaxNode[] = [];
    // Each cursor getter is a call into wasm: ask about missing nodes only when there are errors.
    const mayMiss = tree.rootNode.hasError;
    if (!c.gotoFirstChild()) return root;
    for (;;) {
      const id = c.nodeTypeId;
      let node: SyntaxNode | null = null;
      const missing = mayMiss && c.nodeIsMissing;
      if (keep[id] || missing || id === 65535) {
        const type = types[id] ?? 'ERROR';
        node = { type, field: fields[c.currentFieldId] ?? '', start: c.startIndex, end: c.endIndex, children: [], parent, named: named[id] ?? true };
        if (type === 'ERROR') node.error = 'error';
        else if (missing) node.error = 'missing';
        parent.children.push(node);
      }
      if (node && c.gotoFirstChild()) {
        stack.push(parent);
        parent = node;
        continue;
      }
      while (!c.gotoNextSibling()) {
        if (!c.gotoParent() || stack.length === 0) return root;
        parent = stack.pop()!;
      }
    }
  } finally {
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
