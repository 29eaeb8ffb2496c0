// The client's restart policy for a server that dies (src/client/restartPolicy.ts; the e2e suite
// kills the real server and checks it comes back): delays double, and after too many crashes in
// the window the server is left stopped with a message.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DEFAULT_RESTART, RestartPolicy } from '../../src/client/restartPolicy';
import { repo } from './lsp';

test('restarts after doubling delays, then gives up with a message', () => {
  const p = new RestartPolicy({ baseDelayMs: 100, maxDelayMs: 1000, maxRestarts: 5, windowMs: 60_000 });
  const t0 = 1_000_000;
  const got = [0, 1, 2, 3, 4].map(i => p.onClosed(t0 + i * 1000));
  assert.deepEqual(got.map(d => (d.restart ? d.delayMs : -1)), [100, 200, 400, 800, 1000]);
  assert.deepEqual(got.map(d => (d.restart ? d.attempt : -1)), [1, 2, 3, 4, 5]);
  const last = p.onClosed(t0 + 5000);
  assert.equal(last.restart, false);
  assert.match(!last.restart ? last.message : '', /stopped 6 times in the last 1 minute and will not be restarted/);
});

test('crashes older than the window are forgotten: a server that ran a while restarts quickly again', () => {
  const p = new RestartPolicy({ baseDelayMs: 100, maxDelayMs: 10_000, maxRestarts: 2, windowMs: 60_000 });
  assert.deepEqual(p.onClosed(0), { restart: true, delayMs: 100, attempt: 1 });
  assert.deepEqual(p.onClosed(1000), { restart: true, delayMs: 200, attempt: 2 });
  assert.deepEqual(p.onClosed(61_500), { restart: true, delayMs: 100, attempt: 1 });
  assert.deepEqual(p.onClosed(62_000), { restart: true, delayMs: 200, attempt: 2 });
  assert.equal(p.onClosed(62_500).restart, false);
});

test('the defaults restart within a second the first time, and the client uses the policy', () => {
  const d = new RestartPolicy().onClosed();
  assert.ok(d.restart && d.delayMs <= 1000 && d.delayMs > 0);
  assert.ok(DEFAULT_RESTART.maxRestarts >= 4, 'at least what vscode-languageclient allows');
  // the LanguageClientOptions must keep an error handler that restarts (not DoNotRestart on close)
  const client = fs.readFileSync(path.join(repo, 'src/client/client.ts'), 'utf8');
  assert.match(client, /errorHandler:\s*restartingErrorHandler\(/);
  assert.match(client, /action:\s*CloseAction\.Restart/);
});
