// The owner's Prodigi key, entered in the admin: checked with the lab before it is kept (a key the
// lab refuses is never saved), stored encrypted (stored-secrets.ts), and used from the next call
// on. A key in the server's environment (PRODIGI_API_KEY) comes first and cannot be replaced here.
import type { Db } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { saveSecret } from '~/lib/platform/server/secrets/stored-secrets';
import { appMeta } from '~db/schema';
import { isLabRefused, isLabUnavailable } from './lab';
import { LAB_ENVIRONMENT_KEY, LAB_KEY_SECRET, labAccess, prodigiBase, resetLab } from './lab-backend.server';
import type { LabKeyInput, LabKeyState } from './lab-key-schemas';
import { forgetLabQuotes } from './lab-quotes.server';
import { ProdigiClient } from './prodigi-client.server';

/** A product every Prodigi account can read, to check that a key opens the API. */
const KNOWN_SKU = 'GLOBAL-FAP-16X24';

export function labKeyState(db: Db): LabKeyState {
  const access = labAccess(db);
  const environment = access.mode === 'live' || access.mode === 'sandbox' ? access.mode : null;
  return { keyFrom: access.keyFrom, environment };
}

const FROM_ENVIRONMENT =
  'The lab’s key is set in the server’s environment (PRODIGI_API_KEY), which comes first: change it there.';

/**
 * Checks the key with the lab, then keeps it. A key the lab refuses is a 422; the lab unreachable
 * a 503; a key in the environment a 409. Nothing is saved in those cases.
 */
export async function saveLabKey(
  db: Db,
  input: LabKeyInput,
  client = (key: string, base: string) =>
    new ProdigiClient({ apiKey: key, baseUrl: base, timeoutMs: 10_000 }),
): Promise<LabKeyState> {
  if (labAccess(db).keyFrom === 'environment') throw new HttpError(409, FROM_ENVIRONMENT);
  const where = input.environment === 'live' ? 'live API' : 'sandbox';
  try {
    await client(input.apiKey, prodigiBase(input.environment)).productPrintAreas(KNOWN_SKU);
  } catch (err) {
    if (isLabRefused(err) && (err.status === 401 || err.status === 403)) {
      throw new HttpError(
        422,
        `Prodigi did not accept this key for its ${where}. Check that it is the ${where} key from your Prodigi dashboard.`,
        { field: 'apiKey' },
      );
    }
    if (isLabUnavailable(err)) {
      throw new HttpError(
        503,
        'Prodigi could not be reached to check the key; nothing was saved. Try again in a minute.',
      );
    }
    // Any other answer came from the API with the key accepted (the product itself is not needed).
    if (!isLabRefused(err)) throw err;
  }
  db.transaction((tx) => {
    saveSecret(tx, LAB_KEY_SECRET, input.apiKey);
    tx.insert(appMeta)
      .values({ key: LAB_ENVIRONMENT_KEY, value: input.environment })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: input.environment, updatedAt: new Date() } })
      .run();
  });
  resetLab();
  forgetLabQuotes();
  return labKeyState(db);
}

/** Removes the admin's key: the lab is then the test double (test payments) or off. */
export function removeLabKey(db: Db): LabKeyState {
  if (labAccess(db).keyFrom === 'environment') throw new HttpError(409, FROM_ENVIRONMENT);
  saveSecret(db, LAB_KEY_SECRET, null);
  resetLab();
  forgetLabQuotes();
  return labKeyState(db);
}
