// Bundles every entry point with esbuild into dist/ and copies the two wasm files beside them.
import * as esbuild from 'esbuild';
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
