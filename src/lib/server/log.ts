// The server's log: one JSON line per event on stdout (pino), for journald or any log shipper.
// Each request gets an id; every line written while that request is answered carries it (through
// AsyncLocalStorage), so an error can be matched with its request. Nothing secret is written:
// request bodies and headers are never logged, the paths of signed upload links lose their token,
// and fields named like secrets are redacted wherever they appear.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import pino, { type Logger } from 'pino';
import { getConfig } from './config';
import { registerInstance } from './instances';

registerInstance('log', import.meta.url);

export type RequestRole = 'owner' | 'user' | 'anonymous';

export interface RequestContext {
  reqId: string;
  role: RequestRole;
}

const context = new AsyncLocalStorage<RequestContext>();

const SECRET_KEYS = [
  'password',
  'currentPassword',
  'newPassword',
  'confirmPassword',
  'token',
  'access_token',
  'accessToken',
  'refresh_token',
  'secret',
  'clientSecret',
  'client_secret',
  'authorization',
  'cookie',
  'set-cookie',
  'card',
  'cardNumber',
  'cvv',
];

let logger: Logger | undefined;

export function getLog(): Logger {
  logger ??= pino(
    {
      level: getConfig().logLevel,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: SECRET_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`]),
        censor: '[redacted]',
      },
      mixin: () => {
        const ctx = context.getStore();
        return ctx ? { reqId: ctx.reqId } : {};
      },
    },
    pino.destination({ dest: 1, sync: false }),
  );
  return logger;
}

/** Writes what the log holds so far; called before the process exits. */
export function flushLog(): void {
  logger?.flush();
}

/** Runs `fn` as the answer to one request, with a fresh request id. */
export function withRequest<T>(fn: (ctx: RequestContext) => T): T {
  const ctx: RequestContext = { reqId: randomBytes(6).toString('base64url'), role: 'anonymous' };
  return context.run(ctx, () => fn(ctx));
}

/** Records who is asking (set once the session is read), for the request's log line. */
export function setRequestRole(role: RequestRole): void {
  const ctx = context.getStore();
  if (ctx) ctx.role = role;
}

const TOKEN_IN_PATH = /^(\/api\/objects\/signed\/|\/api\/auth\/reset-password\/)[^/]+/i;

/** The path as the log shows it: no query string, and no token that a path may carry. */
export function loggablePath(url: string | undefined): string {
  const path = (url ?? '/').split('?')[0] ?? '/';
  return path.replace(TOKEN_IN_PATH, '$1[token]').slice(0, 300);
}
