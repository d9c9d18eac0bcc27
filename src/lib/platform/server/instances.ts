// Every module that holds state for the whole process (the database connection, the auth
// instance, the PayPal client and fake, the media queue, rate limits, mail, the settings)
// registers itself here when it is loaded. A second copy of such a module in one process throws.
//
// Two copies happen when two bundles each include the server modules (as the front's own bundle once
// did): each copy opens its own database connection, runs its own media queue and keeps its own
// rate-limit counters, and an error thrown by one copy is not an `instanceof` the other's class.
// The server is therefore built as one bundle (server/astro-entry.ts), and this check keeps it so.
//
// The record lives on globalThis under a plain name on purpose: it has to see every copy of this
// module too. It only detects; it never hands state from one copy to another.

const RECORD = '__wicklowInstances';

type Record_ = Map<string, string>;

function record(): Record_ {
  const g = globalThis as { [RECORD]?: Record_ };
  g[RECORD] ??= new Map();
  return g[RECORD];
}

export class SecondInstanceError extends Error {
  readonly code = 'SECOND_INSTANCE';
}

/**
 * Records that the module at `moduleUrl` (its import.meta.url) holds the process-wide `name`.
 * The same module evaluated again (a test runner re-importing a file) is allowed; a different
 * copy of it is not.
 */
export function registerInstance(name: string, moduleUrl: string): void {
  const seen = record();
  const first = seen.get(name);
  if (first !== undefined && first !== moduleUrl) {
    throw new SecondInstanceError(
      `A second copy of the ${name} module was loaded (${moduleUrl}; the first is ${first}). ` +
        'Every stateful module must exist once per process: import it from one bundle only.',
    );
  }
  seen.set(name, moduleUrl);
}

/** The names registered so far, for diagnostics and tests. */
export function registeredInstances(): string[] {
  return [...record().keys()].sort();
}
