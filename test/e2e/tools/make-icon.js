// Renders media/icon.svg to media/icon.png (128x128) with Debian chromium: node test/e2e/tools/make-icon.js
const { chromium } = require('playwright-core');
const fs = require('fs');
(async () => {
  const b = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  const p = await b.newPage({ viewport: { width: 128, height: 128 } });
  await p.setContent(`<html><body style="margin:0;background:transparent">${fs.readFileSync(require('path').resolve(__dirname, '../../../media/icon.svg'), 'utf8')}</body></html>`);
  await p.screenshot({ path: require('path').resolve(__dirname, '../../../media/icon.png'), omitBackground: true });
  await b.close();
})();
