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
let requestLogger: Logger | undefined;
let destination: ReturnType<typeof pino.destination> | undefined;

const dest = () => {
  destination ??= pino.destination({ dest: 1, sync: false });
  return destination;
};

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
    dest(),
  );
  return logger;
}

/** The fields of the one line written per request; all of them set by the front itself. */
export interface RequestLine {
  reqId: string;
  method: string | undefined;
  path: string;
  status: number;
  ms: number;
  role: RequestRole;
  aborted?: true;
}

/**
 * Writes the line of one answered request, in the same form and to the same place as getLog().
 * Its logger has no redaction: every field is a fixed, known value (the path already lost its
 * token in loggablePath), and redaction's wildcard paths cost more than the rest of a cached answer.
 */
export function logRequest(line: RequestLine): void {
  requestLogger ??= pino(
    { level: getConfig().logLevel, base: undefined, timestamp: pino.stdTimeFunctions.isoTime },
    dest(),
  );
  requestLogger.info(line, 'request');
}

/** Writes what the log holds so far; called before the process exits. */
export function flushLog(): void {
  // One destination holds both loggers' lines.
  (logger ?? requestLogger)?.flush();
}

/** Random bytes drawn in batches: one call into the crypto library per 1,024 request ids. */
const ID_BYTES = 6;
let idPool = Buffer.alloc(0);
let idOffset = 0;

function nextRequestId(): string {
  if (idOffset + ID_BYTES > idPool.length) {
    idPool = randomBytes(ID_BYTES * 1024);
    idOffset = 0;
  }
  idOffset += ID_BYTES;
  return idPool.toString('base64url', idOffset - ID_BYTES, idOffset);
}

/** Runs `fn` as the answer to one request, with a fresh request id. */
export function withRequest<T>(fn: (ctx: RequestContext) => T): T {
  const ctx: RequestContext = { reqId: nextRequestId(), role: 'anonymous' };
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
