// The print lab of this installation. Prodigi with a key: the key in the environment
// (PRODIGI_API_KEY, its sandbox unless PRODIGI_ENV=live) comes first, else the key the owner saved
// in the admin (stored encrypted, with its sandbox or live choice). Without a key, while payments
// are test payments, the built-in lab double in this process, whose orders nobody makes (they move
// on by themselves, to show the owner what a real order does); and no lab at all on a site taking
// real money without a key.
import { eq } from 'drizzle-orm';
import { getConfig, type LabMode } from '~/lib/platform/server/config';
import { type Db, getDb } from '~/lib/platform/server/db';
import { registerInstance } from '~/lib/platform/server/instances';
import { readSecret } from '~/lib/platform/server/secrets/stored-secrets';
import { appMeta } from '~db/schema';
import type { Lab } from './lab';
import { PRODIGI_LIVE, PRODIGI_SANDBOX, ProdigiClient } from './prodigi-client.server';
import { ProdigiFake } from './prodigi-fake.server';

registerInstance('print lab client', import.meta.url);

/** How long the demo's lab double waits before each move of an order (production, then sent). */
const DEMO_STEP_MS = 60_000;
/** Where the admin's key and its environment are kept (the key sealed, see stored-secrets.ts). */
export const LAB_KEY_SECRET = 'prodigi-api-key';
export const LAB_ENVIRONMENT_KEY = 'lab:environment';

/** Which lab the site uses now, and where its key came from. */
export interface LabAccess {
  mode: LabMode;
  keyFrom: 'environment' | 'admin' | 'none';
  apiKey: string | null;
  apiBase: string;
}

let access: LabAccess | undefined;
let lab: Lab | null | undefined;

/** The API address of Prodigi's live API or sandbox, unless PRODIGI_API_BASE names another. */
export function prodigiBase(environment: 'live' | 'sandbox'): string {
  return getConfig().lab.apiBaseOverride ?? (environment === 'live' ? PRODIGI_LIVE : PRODIGI_SANDBOX);
}

/** The lab's mode and key: the environment's, else the admin's, else test or off (Config.lab.mode). */
export function labAccess(db: Db = getDb()): LabAccess {
  if (access) return access;
  const config = getConfig().lab;
  if (config.apiKey) {
    access = { mode: config.mode, keyFrom: 'environment', apiKey: config.apiKey, apiBase: config.apiBase };
    return access;
  }
  const saved = readSecret(db, LAB_KEY_SECRET);
  if (saved) {
    const environment = savedEnvironment(db);
    access = { mode: environment, keyFrom: 'admin', apiKey: saved, apiBase: prodigiBase(environment) };
    return access;
  }
  access = { mode: config.mode, keyFrom: 'none', apiKey: null, apiBase: config.apiBase };
  return access;
}

/** The environment the owner chose for the key saved in the admin: the sandbox unless live was chosen. */
export function savedEnvironment(db: Db): 'live' | 'sandbox' {
  const row = db
    .select({ value: appMeta.value })
    .from(appMeta)
    .where(eq(appMeta.key, LAB_ENVIRONMENT_KEY))
    .get();
  return row?.value === 'live' ? 'live' : 'sandbox';
}

/** The lab's mode now (see LabAccess). */
export const labMode = (db?: Db): LabMode => labAccess(db).mode;

/** The one lab client of the process, or null when the lab is off. */
export function getLab(): Lab | null {
  if (lab !== undefined) return lab;
  const now = labAccess();
  if (now.mode === 'off') {
    lab = null;
  } else if (now.mode === 'test') {
    const double = new ProdigiFake();
    double.autoAdvanceMs = DEMO_STEP_MS;
    double.baseUrl = 'http://lab-double.invalid/v4.0';
    lab = new ProdigiClient({ apiKey: double.apiKey, baseUrl: double.baseUrl, fetch: double.fetch });
  } else {
    lab = new ProdigiClient({ apiKey: now.apiKey as string, baseUrl: now.apiBase });
  }
  return lab;
}

/** Forgets the lab's key and client: the owner saved or removed a key (and tests). */
export function resetLab(): void {
  access = undefined;
  lab = undefined;
}
