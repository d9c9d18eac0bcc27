// The owner's Prodigi key entered in the admin: checked with the lab (here its local double) before
// it is kept, kept encrypted, used from then on, and removable. Nothing is saved when the lab
// refuses the key or cannot be reached.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '~/lib/platform/server/db';
import { readSecret } from '~/lib/platform/server/secrets/stored-secrets';
import { appMeta } from '~db/schema';
import { memoryDb } from '~tests/helpers/db';
import { LAB_KEY_SECRET, labAccess, resetLab } from './lab-backend.server';
import { labKeyState, removeLabKey, saveLabKey } from './lab-keys.server';
import { ProdigiClient } from './prodigi-client.server';
import { startProdigiFakeServer } from './prodigi-fake.server';

let fake: Awaited<ReturnType<typeof startProdigiFakeServer>>;
let db: Db;
const toFake = (key: string) => new ProdigiClient({ apiKey: key, baseUrl: fake.url, timeoutMs: 2000 });
const refusal = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (err) {
    return err as { status: number; message: string };
  }
  throw new Error('not refused');
};

beforeAll(async () => {
  fake = await startProdigiFakeServer();
});
afterAll(() => fake.stop());
beforeEach(() => {
  fake.fake.down = false;
  db = memoryDb();
  resetLab();
});

describe("the owner's lab key", () => {
  it('keeps a key the lab accepts, encrypted, and uses it from then on', async () => {
    expect(labKeyState(db)).toEqual({ keyFrom: 'none', environment: null });
    const state = await saveLabKey(db, { apiKey: fake.fake.apiKey, environment: 'sandbox' }, toFake);
    expect(state).toEqual({ keyFrom: 'admin', environment: 'sandbox' });
    expect(labAccess(db)).toMatchObject({ mode: 'sandbox', keyFrom: 'admin', apiKey: fake.fake.apiKey });
    expect(readSecret(db, LAB_KEY_SECRET)).toBe(fake.fake.apiKey);
    expect(JSON.stringify(db.select().from(appMeta).all())).not.toContain(fake.fake.apiKey);
  });

  it('refuses a key the lab does not accept, and keeps nothing', async () => {
    const err = await refusal(saveLabKey(db, { apiKey: 'sandbox_wrong-key', environment: 'live' }, toFake));
    expect(err).toMatchObject({ status: 422 });
    expect(err.message).toContain('did not accept this key for its live API');
    expect(readSecret(db, LAB_KEY_SECRET)).toBeNull();
    expect(labKeyState(db).keyFrom).toBe('none');
  });

  it('keeps nothing while the lab cannot be reached', async () => {
    fake.fake.down = true;
    const err = await refusal(saveLabKey(db, { apiKey: fake.fake.apiKey, environment: 'sandbox' }, toFake));
    expect(err).toMatchObject({ status: 503 });
    expect(readSecret(db, LAB_KEY_SECRET)).toBeNull();
  });

  it('removes the key: the lab goes back to what the server settings say', async () => {
    await saveLabKey(db, { apiKey: fake.fake.apiKey, environment: 'live' }, toFake);
    expect(labAccess(db).mode).toBe('live');
    expect(removeLabKey(db)).toEqual({ keyFrom: 'none', environment: null });
    expect(readSecret(db, LAB_KEY_SECRET)).toBeNull();
    expect(labAccess(db).keyFrom).toBe('none');
  });
});
