// The server's log: one JSON line per event on stdout (pino), for journald or any log shipper.
// Each request gets an id; every line written while that request is answered carries it (through
// AsyncLocalStorage), so an error can be matched with its request. Nothing secret is written:
// request bodies and headers are never logged, the paths of signed upload links lose their token,
// and fields named like secrets are redacted wherever they appear.
import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type Logger } from 'pino';
import { getConfig } from './config';
import { registerInstance } from './instances';
import { pooledRandomBytes } from './random-pool';

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
let destination: ReturnType<typeof pino.destination> | undefined;

/**
 * The most log text held in memory while stdout is not read fast enough (journald busy, a pipe's
 * reader stalled). Writes are asynchronous so that a slow reader never slows the site; beyond this
 * limit new lines are dropped rather than held, because an unbounded buffer would grow by the whole
 * request log (about 1 MB a second under load) until the process runs out of memory. The dropped
 * lines are counted and reported in a warning once the reader catches up.
 */
const LOG_BUFFER_BYTES = 4 * 1024 * 1024;
/** How long after the first dropped line the count is reported (tried again while still full). */
const DROP_REPORT_MS = 2000;

let droppedLines = 0;
let dropReport: NodeJS.Timeout | undefined;

const dest = () => {
  if (destination) return destination;
  destination = pino.destination({ dest: 1, sync: false, maxLength: LOG_BUFFER_BYTES });
  destination.on('drop', (text: string | Buffer) => {
    droppedLines += countLines(text);
    dropReport ??= setTimeout(reportDrops, DROP_REPORT_MS).unref();
  });
  return destination;
};

function countLines(text: string | Buffer): number {
  const s = String(text);
  let n = 0;
  for (let i = s.indexOf('\n'); i !== -1; i = s.indexOf('\n', i + 1)) n++;
  return Math.max(1, n);
}

/** Writes one warning with the number of lines dropped so far; if it is dropped too, tries later. */
function reportDrops(): void {
  dropReport = undefined;
  const dropped = droppedLines;
  droppedLines = 0;
  dest().write(
    `{"level":40,"time":"${new Date().toISOString()}","droppedLines":${dropped},"msg":"log lines dropped: standard output was not read fast enough"}\n`,
  );
  // The warning itself was dropped (the handler counted it and scheduled another try): keep the
  // count of the lines it was meant to report, without the warning.
  if (dropReport) droppedLines += dropped - 1;
}

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

/** Whether info lines are written at the configured level (pino's numeric levels). */
let requestLinesOn: boolean | undefined;

/**
 * Writes the line of one answered request, in the same JSON form as getLog()'s lines (pino's level,
 * time, fields, msg) and to the same destination. It is formatted here rather than by pino because
 * this line is written for every request, cached answers included, where pino's generic
 * serialisation (and its redaction's wildcard paths) costs more than the rest of the answer. Every
 * field is a known value set by the front: the id is base64url, the role one of three words, the
 * numbers numbers; the method and the path (which already lost its token in loggablePath) are
 * JSON-escaped.
 */
export function logRequest(line: RequestLine): void {
  requestLinesOn ??= (pino.levels.values[getConfig().logLevel] ?? Number.POSITIVE_INFINITY) <= 30;
  if (!requestLinesOn) return;
  const aborted = line.aborted ? ',"aborted":true' : '';
  queueLine(
    `{"level":30,"time":"${new Date().toISOString()}","reqId":"${line.reqId}","method":${JSON.stringify(line.method ?? '')},"path":${JSON.stringify(line.path)},"status":${line.status},"ms":${line.ms},"role":"${line.role}"${aborted},"msg":"request"}\n`,
  );
}

/**
 * Request lines wait for the end of the event loop's turn and go out together: one write for all
 * the requests answered in a turn, instead of one trip to the I/O thread pool for each, which cost
 * more than a cached answer itself.
 */
let queued = '';

function queueLine(text: string): void {
  if (!queued) setImmediate(writeQueued);
  queued += text;
}

function writeQueued(): void {
  if (!queued) return;
  const text = queued;
  queued = '';
  dest().write(text);
}

/** Writes what the log holds so far, and the count of any lines dropped; called before exit. */
export function flushLog(): void {
  writeQueued();
  // One destination holds every line. A stdout that cannot be written any more (its reader gone)
  // is no reason to fail the stop.
  try {
    destination?.flushSync();
    if (droppedLines) {
      clearTimeout(dropReport);
      reportDrops();
      destination?.flushSync();
    }
  } catch {}
}

const ID_BYTES = 6;

function nextRequestId(): string {
  return pooledRandomBytes(ID_BYTES).toString('base64url');
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

// A gallery link /g/{token} is a password: its token never reaches a log line.
const TOKEN_IN_PATH = /^(\/api\/objects\/signed\/|\/api\/auth\/reset-password\/|\/g\/)[^/]+/i;

/** The path as the log shows it: no query string, and no token that a path may carry. */
export function loggablePath(url: string | undefined): string {
  const raw = url ?? '/';
  const q = raw.indexOf('?');
  const path = q === -1 ? raw : raw.slice(0, q);
  const tokened = path.replace(TOKEN_IN_PATH, '$1[token]');
  return tokened.length > 300 ? tokened.slice(0, 300) : tokened;
}
