// UI pass: drives the real workbench (code-server) in Debian chromium with playwright-core and
// checks what a user sees: the Threads & Methods tree with thread labels, the Shared State view
// with the helper writes, a hover on a dict access, and "Find All Status Writes" in the
// References view. Screenshots go to $SHOTS (test/e2e/screenshots/). Env: CS_URL, CS_FOLDER.
const { chromium } = require('playwright-core');
const fs = require('fs');
const os = require('os');
const path = require('path');

const URL = process.env.CS_URL || 'http://127.0.0.1:8931/';
const FOLDER = process.env.CS_FOLDER || path.resolve(__dirname, '../fixtures/motivating');
const SHOTS = process.env.SHOTS || path.resolve(__dirname, 'screenshots');
const STOP_AFTER = process.env.UI_STOP_AFTER || ''; // step name: stop there with success (development)
fs.mkdirSync(SHOTS, { recursive: true });
const t0 = Date.now();
const log = (...a) => console.log(`[ui ${((Date.now() - t0) / 1000).toFixed(2)}s]`, ...a);
const results = { steps: [] };
const VIEWLET = '[id="workbench.view.extension.threadline"]';
const REFS = '[id="workbench.view.extension.references-view"]';
const THREADLINE_ICON = '.activitybar .action-item a[aria-label^="Threadline"], .activitybar .action-label[aria-label^="Threadline"]';

async function refRows(page) {
  return page.evaluate(sel => [...document.querySelectorAll(`${sel} .monaco-list-row`)].map(r => ({
    label: (r.querySelector('.label-name')?.textContent ?? '').trim(),
    description: (r.querySelector('.label-description')?.textContent ?? '').trim(),
    level: Number(r.getAttribute('aria-level') || 0),
  })), REFS);
}
async function refMessage(page) {
  return page.evaluate(sel => [...document.querySelectorAll(`${sel} .message`)].map(m => (m.textContent ?? '').trim()).join(' ').trim(), REFS);
}

/** Poll fn() until it returns a truthy value; throws with the last value after the timeout. */
async function until(what, fn, timeout = 30000, every = 250) {
  const end = Date.now() + timeout;
  let last;
  for (;;) {
    try { last = await fn(); if (last && !(Array.isArray(last) && !last.length)) return last; } catch (e) { last = String(e); }
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(last)}`);
    await new Promise(r => setTimeout(r, every));
  }
}

/** Rows of the tree in the pane whose title is `title`: [{label, description, text, level}]. */
async function paneRows(page, container, title) {
  return page.evaluate(([container, title]) => {
    const root = document.querySelector(container);
    if (!root) return [];
    const pane = [...root.querySelectorAll('.pane')].find(p => (p.querySelector('.pane-header .title')?.textContent ?? '').trim().toLowerCase() === title.toLowerCase());
    if (!pane) return [];
    return [...pane.querySelectorAll('.pane-body .monaco-list-row')].map(r => ({
      label: (r.querySelector('.label-name')?.textContent ?? '').trim(),
      description: (r.querySelector('.label-description')?.textContent ?? '').trim(),
      text: (r.textContent ?? '').trim(),
      level: Number(r.getAttribute('aria-level') || 0),
    }));
  }, [container, title]);
}

async function step(name, page, fn) {
  const s = Date.now();
  try {
    const r = await fn();
    results.steps.push({ name, ok: true, seconds: (Date.now() - s) / 1000, ...(r && typeof r === 'object' ? { detail: r } : {}) });
    log('ok  ', name);
  } catch (e) {
    results.steps.push({ name, ok: false, error: String(e && e.message || e) });
    log('FAIL', name, String(e && e.message || e));
    await page.screenshot({ path: path.join(SHOTS, `99-failure-${name}.png`) }).catch(() => {});
    throw e;
  }
  if (STOP_AFTER === name) throw Object.assign(new Error('stop'), { stop: true });
}

/** Drag the sash right of the side bar so tree labels are readable in the screenshots. */
async function widenSidebar(page, width = 520) {
  const sb = await page.locator('.part.sidebar').first().boundingBox();
  if (!sb || sb.width >= width) return;
  const x = sb.x + sb.width, y = sb.y + sb.height / 2;
  await page.mouse.move(x - 1, y);
  await page.mouse.down();
  await page.mouse.move(sb.x + width, y, { steps: 8 });
  await page.mouse.up();
}

/** Screen box of `word` inside the first visible editor line whose text contains `lineText`
 *  (Monaco merges same-colored tokens into one span, so measure a DOM Range on the text node). */
async function wordBox(page, lineText, word) {
  return page.evaluate(([lineText, word]) => {
    for (const line of document.querySelectorAll('.editor-instance .monaco-editor .view-line')) {
      if (!(line.textContent ?? '').replace(/\u00a0/g, ' ').includes(lineText)) continue;
      const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const i = (n.textContent ?? '').indexOf(word);
        if (i < 0) continue;
        const r = document.createRange();
        r.setStart(n, i); r.setEnd(n, i + word.length);
        const b = r.getBoundingClientRect();
        return { x: b.x, y: b.y, width: b.width, height: b.height };
      }
    }
    return null;
  }, [lineText, word]);
}

async function hoverWord(page, lineText, word, textRe) {
  let text = '';
  for (let i = 0; i < 15 && !textRe.test(text); i++) {
    try {
      // token spans are re-rendered after tokenization: measure again each try
      const box = await wordBox(page, lineText, word);
      if (!box) throw new Error('word not rendered');
      await page.mouse.move(box.x + 2, box.y + box.height / 2);
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 5 });
      await page.waitForSelector('.monaco-hover:not(.hidden) .hover-contents', { timeout: 3000 });
      await page.waitForTimeout(300);
      text = (await page.locator('.monaco-hover:not(.hidden)').first().innerText()).trim();
    } catch (e) { await page.mouse.move(5, 5); await page.waitForTimeout(400); }
  }
  return text;
}

(async () => {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'chromium-profile-'));
  const ctx = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1500, height: 1000 },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = ctx.pages()[0] || await ctx.newPage();
  page.setDefaultTimeout(30000);
  const consoleErrors = [];
  page.on('console', m => { if (m.type() === 'error') consoleErrors.push(m.text()); });
  try {
    await step('workbench', page, async () => {
      await page.goto(`${URL}?folder=${encodeURIComponent(FOLDER)}`);
      await page.waitForSelector('.monaco-workbench');
      await page.waitForSelector('.explorer-folders-view .monaco-list-row');
      await page.screenshot({ path: path.join(SHOTS, '01-workbench.png') });
    });

    await step('welcome', page, async () => {
      // no Python editor yet: the views show their welcome content
      await page.locator(THREADLINE_ICON).first().click();
      await page.waitForSelector(`${VIEWLET} .welcome-view-content:has-text("Open a Python file")`);
      await page.screenshot({ path: path.join(SHOTS, '01b-welcome.png') });
      await page.locator('.activitybar .action-label[aria-label^="Explorer"]').first().click();
      await page.mouse.move(800, 600); // the activity bar tooltip would cover the first explorer row
      await page.waitForSelector('.explorer-folders-view .monaco-list-row');
      await page.waitForTimeout(300);
    });

    await step('open-backend', page, async () => {
      const row = name => page.locator('.explorer-folders-view .monaco-list-row', { hasText: new RegExp(`^\\s*${name.replace('.', '\\.')}\\s*$`) }).first();
      if (!(await row('backend.py').isVisible().catch(() => false))) await row('pkg').click();
      await row('backend.py').click();
      await page.waitForSelector('.monaco-editor .view-lines:has-text("class Manager")');
      await page.screenshot({ path: path.join(SHOTS, '02-backend-open.png') });
    });

    await step('threads-view', page, async () => {
      await page.locator(THREADLINE_ICON).first().click();
      await page.waitForSelector(VIEWLET);
      await widenSidebar(page);
      const rows = await until('Threads & Methods rows with thread labels', async () => {
        const rows = await paneRows(page, VIEWLET, 'Threads & Methods');
        const by = n => rows.find(r => r.label === n);
        return by('transfer_worker') && /transfer_worker/.test(by('transfer_worker').description)
          && by('check_status') && /\bmain\b/.test(by('check_status').description)
          && by('bootstrap_thread') ? rows : null;
      }, 60000);
      results.threads = rows.map(r => `${'  '.repeat(Math.max(0, r.level - 1))}${r.label}  ${r.description}`);
      await page.screenshot({ path: path.join(SHOTS, '03-threads-view.png') });
      return { rows: results.threads };
    });

    await step('shared-state', page, async () => {
      const rows = await until('Shared State rows: request_status with writes via update_status', async () => {
        const rows = await paneRows(page, VIEWLET, 'Shared State');
        const i = rows.findIndex(r => r.label === 'request_status');
        if (i < 0) return null;
        const labels = rows.map(r => r.label);
        const via = labels.filter(l => /via BaseManager\.update_status/.test(l));
        return via.some(l => /KVPoll\.Failed/.test(l)) && via.some(l => /KVPoll\.Transferring/.test(l)) ? rows : null;
      }, 30000);
      results.sharedState = rows.map(r => `${'  '.repeat(Math.max(0, r.level - 1))}${r.label}  ${r.description}`);
      await page.screenshot({ path: path.join(SHOTS, '04-shared-state.png') });
      return { rows: results.sharedState };
    });

    await step('hover', page, async () => {
      // clicking a method in the tree reveals it in the editor
      await page.locator(`${VIEWLET} .monaco-list-row`, { hasText: /^\s*check_status/ }).first().click();
      await page.waitForSelector('.editor-instance .monaco-editor .view-line:has-text("return self.request_status.get")');
      const text = await hoverWord(page, 'return self.request_status.get', 'request_status', /main/);
      results.hover = text;
      await page.screenshot({ path: path.join(SHOTS, '05-hover.png') });
      if (!/request_status/.test(text) || !/\bmain\b/.test(text)) throw new Error(`hover text does not mention the threads: ${JSON.stringify(text)}`);
      return { hover: text };
    });

    await step('group-by-thread', page, async () => {
      await page.mouse.move(5, 5);
      await page.keyboard.press('Escape');
      const header = page.locator(`${VIEWLET} .pane-header`, { hasText: 'Threads & Methods' }).first();
      await header.hover();
      await header.locator('.action-label[aria-label="Group by Thread"]').click();
      const rows = await until('threads grouped by thread', async () => {
        const rows = await paneRows(page, VIEWLET, 'Threads & Methods');
        const top = rows.filter(r => r.level === 1).map(r => r.label);
        return top.includes('main') && top.includes('transfer_worker') && top.some(l => /bootstrap/.test(l)) ? rows : null;
      });
      await page.screenshot({ path: path.join(SHOTS, '06-grouped-by-thread.png') });
      await header.hover();
      await header.locator('.action-label[aria-label="Group by Class"]').click();
      return { rows: rows.map(r => `${'  '.repeat(Math.max(0, r.level - 1))}${r.label}  ${r.description}`) };
    });

    await step('find-status-writes', page, async () => {
      // cursor on request_status in check_status, then the command palette
      const box = await until('request_status in check_status', () => wordBox(page, 'return self.request_status.get', 'request_status'));
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await page.keyboard.press('F1');
      await page.waitForSelector('.quick-input-widget:not([style*="display: none"]) input');
      await page.keyboard.type('Threadline: Find All Status Writes');
      await page.waitForSelector('.quick-input-list .monaco-list-row:has-text("Find All Status Writes")');
      await page.screenshot({ path: path.join(SHOTS, '07-command-palette.png') });
      await page.keyboard.press('Enter');
      const rows = await until('References view listing the writes', async () => {
        const rows = await page.evaluate(sel => [...document.querySelectorAll(`${sel} .monaco-list-row`)].map(r => ({
          label: (r.querySelector('.label-name')?.textContent ?? '').trim(),
          description: (r.querySelector('.label-description')?.textContent ?? '').trim(),
          level: Number(r.getAttribute('aria-level') || 0),
        })), REFS);
        const files = rows.filter(r => r.level === 1).map(r => r.label);
        const entries = rows.filter(r => r.level === 2).map(r => r.label);
        const ok = ['common.py', 'backend.py', 'sender.py'].every(f => files.includes(f))
          && entries.some(l => /KVPoll\.Failed/.test(l) && /bootstrap/.test(l))
          && entries.some(l => /KVPoll\.Transferring/.test(l) && /transfer_worker/.test(l))
          && entries.some(l => /KVPoll\.Failed/.test(l) && /\bmain\b/.test(l));
        return ok ? rows : null;
      }, 30000);
      results.references = rows.map(r => `${'  '.repeat(Math.max(0, r.level - 1))}${r.label}  ${r.description}`);
      results.referencesMessage = await until('References view message', () => page.evaluate(sel =>
        [...document.querySelectorAll(`${sel} .message`)].map(m => (m.textContent ?? '').trim()).join(' ').trim(), REFS), 10000);
      if (!/\b\d+ writes of \S*request_status in 3 files/.test(results.referencesMessage)) throw new Error(`References view message: ${results.referencesMessage}`);
      await page.screenshot({ path: path.join(SHOTS, '08-references-view.png') });
      return { rows: results.references, message: results.referencesMessage };
    });

    await step('hover-link', page, async () => {
      // the hover's "Show all accesses" command link (trusted markdown) opens the References view
      await page.locator(THREADLINE_ICON).first().click();
      const text = await hoverWord(page, 'return self.request_status.get', 'request_status', /Show all accesses/);
      if (!/Show all accesses/.test(text)) throw new Error(`no command links in the hover: ${JSON.stringify(text)}`);
      await page.locator('.monaco-hover:not(.hidden) a', { hasText: 'Show all accesses' }).first().click();
      const msg = await until('References view with all accesses', async () => {
        const m = await refMessage(page);
        return /\baccesses of \S*request_status/.test(m) && (await refRows(page)).length > 3 ? m : null;
      });
      await page.screenshot({ path: path.join(SHOTS, '10-hover-link-accesses.png') });
      return { message: msg };
    });

    await step('quick-pick', page, async () => {
      // cursor on no container: the command offers a Quick Pick, status-like names first
      await page.locator(THREADLINE_ICON).first().click();
      const box = await until('import line', () => wordBox(page, 'import threading', 'threading'));
      await page.mouse.click(box.x + 2, box.y + box.height / 2);
      await page.keyboard.press('F1');
      await page.waitForSelector('.quick-input-widget:not([style*="display: none"]) input');
      await page.keyboard.type('Threadline: Find All Status Writes');
      await page.waitForSelector('.quick-input-list .monaco-list-row:has-text("Find All Status Writes")');
      await page.keyboard.press('Enter');
      const rows = await until('the container Quick Pick', async () => {
        const rows = (await page.locator('.quick-input-widget .quick-input-list .monaco-list-row').allInnerTexts()).map(t => t.replace(/\s+/g, ' ').trim());
        const i = rows.findIndex(r => /request_status/.test(r)), j = rows.findIndex(r => /transfer_infos/.test(r));
        return i >= 0 && j > i && rows.some(r => /Other containers/.test(r)) ? rows : null;
      });
      await page.screenshot({ path: path.join(SHOTS, '11-quick-pick.png') });
      await page.keyboard.type('request_status');
      await page.keyboard.press('Enter');
      const msg = await until('References view with the writes', async () => {
        const m = await refMessage(page);
        return /\bwrites of \S*request_status/.test(m) ? m : null;
      });
      return { rows, message: msg };
    });

    await step('language-status', page, async () => {
      await page.locator('.statusbar-item[id="status.languageStatus"]').first().click();
      const text = await until('Threadline language status', async () => {
        const t = await page.locator('.monaco-hover:not(.hidden), .context-view').first().innerText().catch(() => '');
        return /Threadline: ready/.test(t) ? t : null;
      }, 10000);
      await page.waitForTimeout(600); // fade-in
      await page.screenshot({ path: path.join(SHOTS, '12-language-status.png') });
      await page.keyboard.press('Escape');
      return { text: text.replace(/\s+/g, ' ').trim() };
    });

    await step('sidebar-final', page, async () => {
      await page.locator(THREADLINE_ICON).first().click();
      await page.waitForTimeout(500);
      await page.screenshot({ path: path.join(SHOTS, '09-sidebar.png') });
    });
    results.ok = true;
  } catch (e) {
    results.ok = !!(e && e.stop);
    if (!results.ok) results.error = String(e && e.stack || e);
  } finally {
    results.consoleErrors = consoleErrors.filter(t => !/Service Worker|ChatSession|punycode/.test(t)).slice(0, 10);
    results.seconds = (Date.now() - t0) / 1000;
    console.log(JSON.stringify(results, null, 2));
    await ctx.close();
    fs.rmSync(profile, { recursive: true, force: true });
    process.exit(results.ok ? 0 : 1);
  }
})();
