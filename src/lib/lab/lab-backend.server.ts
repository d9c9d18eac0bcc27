// The print lab of this installation: Prodigi with a key (its sandbox unless PRODIGI_ENV=live);
// without one, while payments are test payments, the built-in lab double in this process, whose
// orders nobody makes (they move on by themselves, to show the owner what a real order does); and
// no lab at all on a site taking real money without a key.
import { getConfig } from '~/lib/platform/server/config';
import { registerInstance } from '~/lib/platform/server/instances';
import type { Lab } from './lab';
import { ProdigiClient } from './prodigi-client.server';
import { ProdigiFake } from './prodigi-fake.server';

registerInstance('print lab client', import.meta.url);

/** How long the demo's lab double waits before each move of an order (production, then sent). */
const DEMO_STEP_MS = 60_000;

let lab: Lab | null | undefined;
let demoFake: ProdigiFake | undefined;

/** The one lab client of the process, or null when the lab is off (see Config.lab.mode). */
export function getLab(): Lab | null {
  if (lab !== undefined) return lab;
  const config = getConfig().lab;
  if (config.mode === 'off') {
    lab = null;
  } else if (config.mode === 'test') {
    demoFake = new ProdigiFake();
    demoFake.autoAdvanceMs = DEMO_STEP_MS;
    demoFake.baseUrl = 'http://lab-double.invalid/v4.0';
    lab = new ProdigiClient({ apiKey: demoFake.apiKey, baseUrl: demoFake.baseUrl, fetch: demoFake.fetch });
  } else {
    lab = new ProdigiClient({ apiKey: config.apiKey as string, baseUrl: config.apiBase });
  }
  return lab;
}

/** The lab double this process runs in test mode, if it runs one. */
export function demoLabDouble(): ProdigiFake | undefined {
  getLab();
  return demoFake;
}

/** Forgets the client (tests that change the configuration). */
export function resetLabForTests(): void {
  lab = undefined;
  demoFake = undefined;
}
