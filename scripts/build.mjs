// Bundles every entry point with esbuild into dist/ and copies the two wasm files beside them.
import * as esbuild from 'esbuild';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';

const entries = {
  'cli': 'src/cli/main.ts',
  'server': 'src/server/server.ts',
  'extension': 'src/client/extension.ts',
  'bench': 'bench/bench.ts',
  'synth': 'bench/synth.ts',
  'worker': 'src/core/worker.ts',
  'test/suite': 'test/e2e/suite.ts',
  'fuzz': 'test/fuzz/run.ts',
};
for (const f of existsSync('test/unit') ? readdirSync('test/unit') : []) {
  if (f.endsWith('.test.ts')) entries[`test/unit/${f.replace(/\.ts$/, '')}`] = `test/unit/${f}`;
}
// The tree mirror (src/core/syntax.ts) walks the whole tree once per file. Through the public
// TreeCursor every step copies the cursor in and out of wasm memory; the wasm functions
// themselves keep it in the transfer buffer between calls. This exposes the module and that
// buffer (web-tree-sitter is pinned exactly, and test/unit/syntax-walk.test.ts checks both walks
// give the same mirror), so the walk calls them directly: about 5x faster.
const exposeWasm = {
  name: 'expose-tree-sitter-wasm',
  setup(build) {
    build.onLoad({ filter: /web-tree-sitter[\\/]tree-sitter\.cjs$/ }, args => ({
      contents: readFileSync(args.path, 'utf8') + '\nmodule.exports.__wasm = () => ({ module: C, transferBuffer: TRANSFER_BUFFER });\n',
      loader: 'js',
    }));
  },
};
// The engine's identity for the caches: its sources and the pinned grammar packages. Cached
// summaries and reports of another build are not used (src/core/model.ts, ENGINE_BUILD).
const engineHash = createHash('sha256');
for (const f of readdirSync('src/core').filter(n => n.endsWith('.ts')).sort()) engineHash.update(f).update(readFileSync(`src/core/${f}`));
for (const p of ['web-tree-sitter', 'tree-sitter-wasms']) engineHash.update(JSON.parse(readFileSync(`node_modules/${p}/package.json`, 'utf8')).version);
const present = Object.fromEntries(Object.entries(entries).filter(([, src]) => existsSync(src)));
mkdirSync('dist', { recursive: true });
await esbuild.build({
  entryPoints: present,
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  external: ['vscode', 'mocha'],
  logLevel: 'warning',
  // the ESM build reads import.meta.url, which a CommonJS bundle lacks: use the CommonJS build
  alias: { 'web-tree-sitter': './node_modules/web-tree-sitter/tree-sitter.cjs' },
  plugins: [exposeWasm],
  define: { __ENGINE_BUILD__: JSON.stringify(engineHash.digest('hex').slice(0, 16)) },
});
// the CLI is the package's `bin`: it needs its interpreter line
const cli = 'dist/cli.js';
if (existsSync(cli)) {
  const text = readFileSync(cli, 'utf8');
  if (!text.startsWith('#!')) writeFileSync(cli, '#!/usr/bin/env node\n' + text);
  chmodSync(cli, 0o755);
}
copyFileSync('node_modules/web-tree-sitter/tree-sitter.wasm', 'dist/tree-sitter.wasm');
copyFileSync('node_modules/tree-sitter-wasms/out/tree-sitter-python.wasm', 'dist/tree-sitter-python.wasm');
