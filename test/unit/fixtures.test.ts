// Data-driven: each folder under test/fixtures is a workspace; its expected.json is the
// engine's exact JSON for it. Run with UPDATE_EXPECTED=1 to rewrite (then review the diff).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { analyzePaths } from '../../src/core/workspace';
import { assertSame } from './same';

const root = path.resolve(__dirname, '..', '..', '..', 'test', 'fixtures');

for (const name of fs.readdirSync(root).sort()) {
  const dir = path.join(root, name);
  if (!fs.statSync(dir).isDirectory()) continue;
  test(`fixture ${name}`, async () => {
    const { report } = await analyzePaths([dir], { relativeTo: dir });
    const actual = JSON.parse(JSON.stringify(report));
    const file = path.join(dir, 'expected.json');
    if (process.env.UPDATE_EXPECTED) fs.writeFileSync(file, JSON.stringify(actual, null, 2) + '\n');
    assert.ok(fs.existsSync(file), `${file} is missing (run with UPDATE_EXPECTED=1 and review it)`);
    assertSame(actual, JSON.parse(fs.readFileSync(file, 'utf8')), path.relative(process.cwd(), file));
  });
}
