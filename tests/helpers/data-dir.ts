// A data directory of its own for the tests of one file: DATA_DIR points at a fresh temporary folder
// while they run (mail goes to its outbox/, uploads under uploads/, the signing secret is made there),
// with no SMTP and no PayPal credentials, and the owner at owner@example.com.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { resetConfigForTests } from '~/lib/platform/server/config';
import { STORAGE_VARIABLES, storageEnvFor } from './test-storage';

const VARIABLES = [
  'DATA_DIR',
  'UPLOADS_DIR',
  ...STORAGE_VARIABLES,
  'OWNER_EMAIL',
  'SMTP_URL',
  'MAIL_FROM',
  'PAYPAL_CLIENT_ID',
  'PAYPAL_CLIENT_SECRET',
];

export function tempDataDir(label = 'service'): { readonly dir: string } {
  const state = { dir: '' };
  const saved = new Map<string, string | undefined>();
  beforeAll(async () => {
    state.dir = mkdtempSync(join(tmpdir(), `wicklow-${label}-`));
    for (const name of VARIABLES) {
      saved.set(name, process.env[name]);
      delete process.env[name];
    }
    process.env.DATA_DIR = state.dir;
    process.env.UPLOADS_DIR = join(state.dir, 'uploads');
    Object.assign(process.env, await storageEnvFor(state.dir));
    process.env.OWNER_EMAIL = 'owner@example.com';
    resetConfigForTests();
  });
  afterAll(() => {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetConfigForTests();
    rmSync(state.dir, { recursive: true, force: true });
  });
  return state;
}
