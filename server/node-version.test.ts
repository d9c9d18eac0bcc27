import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nodeTooOld, OLDEST_NODE } from './node-version.mjs';

describe('the oldest Node the site runs on', () => {
  it('is the one package.json asks npm for', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
    expect(pkg.engines.node).toBe(`>=${OLDEST_NODE}`);
  });

  it('turns away an older Node with the reason and the way out', () => {
    const reason = nodeTooOld('20.20.2');
    expect(reason).toContain('needs Node 24.11.0 or newer');
    expect(reason).toContain('this is Node 20.20.2');
    expect(reason).toContain('npm start');
    expect(nodeTooOld('24.10.9')).toBeDefined();
    expect(nodeTooOld('v22.18.0')).toBeDefined();
  });

  it('lets Node 24.11 and anything newer run', () => {
    for (const v of ['24.11.0', '24.22.3', 'v24.11.1', '25.0.0', '26.10.0']) {
      expect(nodeTooOld(v)).toBeUndefined();
    }
  });

  it('is what the tests run on', () => {
    expect(nodeTooOld(process.versions.node)).toBeUndefined();
  });
});

// The machines this site is built on may have an older system Node (/usr/bin/node); started on it,
// the built site says why it cannot run instead of serving.
const SYSTEM_NODE = '/usr/bin/node';
const systemVersion = existsSync(SYSTEM_NODE)
  ? spawnSync(SYSTEM_NODE, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim()
  : '';
describe.skipIf(!systemVersion || !nodeTooOld(systemVersion))(`the site on Node ${systemVersion}`, () => {
  it('stops at start with the reason', () => {
    const run = spawnSync(SYSTEM_NODE, ['scripts/start.mjs'], { encoding: 'utf8', timeout: 30_000 });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`this is Node ${systemVersion}`);
  });

  it('stops the built server with the reason, before it listens', () => {
    const run = spawnSync(SYSTEM_NODE, ['dist/server/entry.mjs'], {
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, PORT: '0', DATA_DIR: '/nonexistent-data-dir-for-node-check' },
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`this is Node ${systemVersion}`);
  });
});
