// Loading web-tree-sitter and the Python grammar. Versions are pinned exactly in package.json:
// web-tree-sitter 0.25.10 loads tree-sitter-wasms 0.1.13's ABI-14 grammar; 0.26+ does not.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Language, Parser, Tree } from 'web-tree-sitter';

export interface PythonParser {
  parser: Parser;
  language: Language;
}

let loading: Promise<PythonParser> | undefined;

/** Where the two wasm files are: beside the bundle in dist/, or in node_modules when run from sources. */
function wasmPath(file: string): string {
  const tried: string[] = [];
  for (let dir = __dirname, i = 0; i < 5; dir = path.dirname(dir), i++) {
    for (const c of [path.join(dir, file), path.join(dir, 'dist', file)]) {
      if (fs.existsSync(c)) return c;
      tried.push(c);
    }
  }
  throw new Error(`cannot find ${file} (looked in ${tried.join(', ')}); run npm run build`);
}

export function loadPython(): Promise<PythonParser> {
  loading ??= (async () => {
    const runtime = wasmPath('tree-sitter.wasm');
    await Parser.init({ locateFile: () => runtime });
    const language = await Language.load(fs.readFileSync(wasmPath('tree-sitter-python.wasm')));
    const parser = new Parser();
    parser.setLanguage(language);
    return { parser, language };
  })();
  return loading;
}

/** Per-file parse budget: a pathological input stops instead of hanging the caller. */
export const PARSE_TIMEOUT_MS = 5000;

export function parseText(p: PythonParser, text: string, old?: Tree | null): Tree | null {
  const deadline = Date.now() + PARSE_TIMEOUT_MS;
  return p.parser.parse(text, old ?? null, { progressCallback: () => Date.now() > deadline });
}
