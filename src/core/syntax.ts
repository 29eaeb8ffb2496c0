// A plain-JS mirror of the tree-sitter tree: one walk with a TreeCursor copies the named
// nodes (and the few keyword/operator tokens the analysis needs) into objects, so every
// later pass runs in JavaScript without crossing into wasm for each node.
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

export function mirrorTree(tree: Tree, lang: Language): SyntaxNode {
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
