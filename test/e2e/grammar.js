// Checks syntaxes/threadline-annotation.tmLanguage.json with the TextMate engine VS Code uses
// (vscode-textmate + vscode-oniguruma, taken from the code-server install): the injection must
// scope `# threadline: thread=NAME` inside Python comments and leave other comments alone.
const fs = require('fs');
const path = require('path');
const os = require('os');
const CS_DIR = process.env.THREADLINE_CS_DIR || path.join(os.homedir(), '.cache/threadline-e2e/cs');
const VS = path.join(CS_DIR, 'node_modules/code-server/lib/vscode');
const tm = require(path.join(VS, 'node_modules/vscode-textmate'));
const onig = require(path.join(VS, 'node_modules/vscode-oniguruma'));
const ROOT = path.resolve(__dirname, '../..');
const manifest = require(path.join(ROOT, 'package.json'));

(async () => {
  await onig.loadWASM(fs.readFileSync(path.join(VS, 'node_modules/vscode-oniguruma/release/onig.wasm')).buffer);
  const contrib = manifest.contributes.grammars.find(g => g.scopeName === 'threadline.annotation.injection');
  if (!contrib || !contrib.injectTo.includes('source.python')) throw new Error('grammar contribution missing');
  const files = {
    'source.python': path.join(VS, 'extensions/python/syntaxes/MagicPython.tmLanguage.json'),
    'source.regexp.python': path.join(VS, 'extensions/python/syntaxes/MagicRegExp.tmLanguage.json'),
    'threadline.annotation.injection': path.join(ROOT, contrib.path),
  };
  const registry = new tm.Registry({
    onigLib: Promise.resolve({ createOnigScanner: p => new onig.OnigScanner(p), createOnigString: s => new onig.OnigString(s) }),
    loadGrammar: async scope => files[scope] ? tm.parseRawGrammar(fs.readFileSync(files[scope], 'utf8'), files[scope]) : null,
    getInjections: scope => (scope === 'source.python' ? ['threadline.annotation.injection'] : undefined),
  });
  const g = await registry.loadGrammar('source.python');
  const scopesOf = line => {
    const r = g.tokenizeLine(line, tm.INITIAL);
    return r.tokens.map(t => ({ text: line.slice(t.startIndex, t.endIndex), scopes: t.scopes }));
  };
  const find = (toks, text) => toks.find(t => t.text === text);
  const failures = [];
  const check = (line, text, scope, want = true) => {
    const t = find(scopesOf(line), text);
    const has = !!t && t.scopes.some(s => s.startsWith(scope));
    if (has !== want) failures.push(`${JSON.stringify(line)}: ${JSON.stringify(text)} ${want ? 'lacks' : 'has'} ${scope}; got ${JSON.stringify(t && t.scopes)}`);
  };
  check('    def loop(self):  # threadline: thread=poller', 'threadline', 'keyword.control.directive.threadline');
  check('    def loop(self):  # threadline: thread=poller', 'poller', 'entity.name.function.thread.threadline');
  check('    def loop(self):  # threadline: thread=poller', 'thread', 'variable.parameter.threadline');
  check('# threadline: thread=bootstrap-2', 'bootstrap-2', 'entity.name.function.thread.threadline');
  check('# threadline: thread=bootstrap-2', 'threadline', 'comment.line.number-sign.python');
  check('# just a comment about threadline usage', 'threadline', 'keyword.control.directive.threadline', false);
  check('x = "threadline: thread=nope"', 'nope', 'entity.name.function.thread.threadline', false);
  if (failures.length) { console.error('grammar: FAIL\n  ' + failures.join('\n  ')); process.exit(1); }
  console.log('grammar: ok (7 checks)');
})().catch(e => { console.error(e); process.exit(1); });
