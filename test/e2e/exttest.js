// Extension-host pass: mocha (dist/test/suite.js) inside code-server's Node extension host.
// The workbench is opened with a `payload` URL parameter carrying extensionDevelopmentPath and
// extensionTestsPath (as @vscode/test-web does); it calls window.codeAutomationExit(code) when
// mocha ends. Env: CS_PORT, CS_FOLDER, EXT_DIR, EXT_TESTS, SHOTS.
const { chromium } = require('playwright-core');
const fs = require('fs'), os = require('os'), path = require('path');
const PORT = process.env.CS_PORT || '8932';
const EXT = process.env.EXT_DIR || path.resolve(__dirname, '../..');
const TESTS = process.env.EXT_TESTS || path.join(EXT, 'dist/test/suite.js');
const FOLDER = process.env.CS_FOLDER || path.resolve(__dirname, '../fixtures/motivating');
const SHOTS = process.env.SHOTS || path.resolve(__dirname, 'screenshots');
const TIMEOUT = Number(process.env.EXT_TIMEOUT_MS || 180000);
const noise = /Creating a socket|connection token|Service Worker|ChatSession|builtin extensions|^\s+at |Ignoring the error|punycode/;
const t0 = Date.now();
(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const remote = p => `vscode-remote://127.0.0.1:${PORT}${p}`;
  const payload = JSON.stringify([['extensionDevelopmentPath', remote(EXT)], ['extensionTestsPath', remote(TESTS)]]);
  const url = `http://127.0.0.1:${PORT}/?folder=${encodeURIComponent(FOLDER)}&payload=${encodeURIComponent(payload)}`;
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'chromium-profile-'));
  const ctx = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium', headless: true, viewport: { width: 1400, height: 1000 },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = ctx.pages()[0] || await ctx.newPage();
  let done;
  const exited = new Promise(r => (done = r));
  await page.exposeFunction('codeAutomationLog', (type, args) => {
    const line = require('util').format(...args);
    if (!noise.test(line)) console.log(line);
  });
  await page.exposeFunction('codeAutomationExit', code => done(code));
  await page.goto(url);
  const timer = setTimeout(() => done('timeout'), TIMEOUT);
  const code = await exited; clearTimeout(timer);
  console.log(`codeAutomationExit(${code}) after ${((Date.now() - t0) / 1000).toFixed(1)}s`);
  await page.screenshot({ path: path.join(SHOTS, '20-exthost-done.png') }).catch(() => {});
  await ctx.close(); fs.rmSync(profile, { recursive: true, force: true });
  process.exit(code === 0 ? 0 : 1);
})().catch(e => { console.error(e); process.exit(1); });
