// The one validated configuration of the site (the README lists every variable).
// Everything that reads process.env goes through here, so a bad value stops the server
// at start with a message that names the variable instead of failing later.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { ipVersion, normalizeIp } from './http/ip';
import { registerInstance } from './instances';
import type { S3Settings } from './storage/storage-s3';

registerInstance('settings', import.meta.url);

/** Surrounding spaces are ignored, and an empty value counts as unset. */
const emptyToUndefined = (v: unknown) => {
  if (typeof v !== 'string') return v;
  const trimmed = v.trim();
  return trimmed === '' ? undefined : trimmed;
};
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

const TRUSTED_PROXIES_RULE = 'must be a comma-separated list of IP addresses, such as 127.0.0.1,::1';
/** The first entry of a TRUSTED_PROXIES value that is not an IP address, if any. */
const badProxyEntry = (list: string) => list.split(',').find((entry) => ipVersion(entry.trim()) === 0);

/** How much the server logs: one line per request at info, more at debug, nothing at silent. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const envSchema = z.object({
  PORT: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a port number between 1 and 65535 (or 0 for any free port)' })
      .int('must be a port number between 1 and 65535 (or 0 for any free port)')
      .min(0, 'must be a port number between 1 and 65535 (or 0 for any free port)')
      .max(65535, 'must be a port number between 1 and 65535 (or 0 for any free port)')
      .default(4321),
  ),
  HOST: z.preprocess(emptyToUndefined, z.string().min(1).default('127.0.0.1')),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().min(1).default('./data')),
  UPLOADS_DIR: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  STORAGE: z.preprocess(
    emptyToUndefined,
    z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
  ),
  S3_ENDPOINT: z.preprocess(
    emptyToUndefined,
    z
      .url({
        protocol: /^https?$/,
        error: 'must be the S3 API address, such as https://<account>.r2.cloudflarestorage.com',
      })
      .optional(),
  ),
  S3_REGION: optionalString,
  S3_BUCKET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
      )
      .optional(),
  ),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z.preprocess(
    emptyToUndefined,
    z.enum(['0', '1', 'true', 'false'], { error: 'must be 1 or 0' }).default('0'),
  ),
  MEDIA_PUBLIC_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({
        protocol: /^https?$/,
        error: 'must be the public address of the bucket or its CDN, such as https://media.example.ie',
      })
      .optional(),
  ),
  SITE_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL such as https://example.ie' })
      .optional(),
  ),
  OWNER_EMAIL: z.preprocess(
    emptyToUndefined,
    z.email({ error: 'must be an e-mail address' }).default('owner@example.com'),
  ),
  OWNER_PASSWORD: z.preprocess(
    emptyToUndefined,
    z.string().min(8, 'must be at least 8 characters').max(128).optional(),
  ),
  AUTH_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  SEED_DEMO: z.preprocess(
    emptyToUndefined,
    z.enum(['0', '1', 'true', 'false'], { error: 'must be 1 or 0' }).default('1'),
  ),
  PAYPAL_CLIENT_ID: optionalString,
  PAYPAL_CLIENT_SECRET: optionalString,
  PAYPAL_ENV: z.preprocess(
    emptyToUndefined,
    z.enum(['sandbox', 'live'], { error: 'must be sandbox or live' }).default('sandbox'),
  ),
  PAYPAL_API_BASE: z.preprocess(emptyToUndefined, z.url({ error: 'must be a URL' }).optional()),
  PAYPAL_MODE: z.preprocess(
    emptyToUndefined,
    z.enum(['test'], { error: 'must be test, or unset' }).optional(),
  ),
  STRIPE_SECRET_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, {
        error: 'must be a Stripe secret key, starting sk_test_ (or sk_live_ for real payments)',
      })
      .optional(),
  ),
  STRIPE_PUBLISHABLE_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^pk_(test|live)_[A-Za-z0-9]+$/, {
        error: 'must be a Stripe publishable key, starting pk_test_',
      })
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .startsWith('whsec_', { error: 'must be the webhook signing secret, starting whsec_' })
      .optional(),
  ),
  /** Stripe's API at another address (a local double in tests). */
  STRIPE_API_BASE: z.preprocess(emptyToUndefined, z.url({ error: 'must be a URL' }).optional()),
  /** Live Stripe keys take real money: they are refused unless this says so (1 or true). */
  STRIPE_ALLOW_LIVE: optionalString,
  PRODIGI_API_KEY: optionalString,
  PRODIGI_ENV: z.preprocess(
    emptyToUndefined,
    z.enum(['sandbox', 'live'], { error: 'must be sandbox or live' }).default('sandbox'),
  ),
  PRODIGI_API_BASE: z.preprocess(emptyToUndefined, z.url({ error: 'must be a URL' }).optional()),
  LAB_SEND_EVERY_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a number of seconds between 1 and 3600' })
      .int('must be a number of seconds between 1 and 3600')
      .min(1, 'must be a number of seconds between 1 and 3600')
      .max(3600, 'must be a number of seconds between 1 and 3600')
      .default(5),
  ),
  PAYMENT_RECHECK_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a number of seconds between 1 and 86400' })
      .int('must be a number of seconds between 1 and 86400')
      .min(1, 'must be a number of seconds between 1 and 86400')
      .max(86400, 'must be a number of seconds between 1 and 86400')
      .default(600),
  ),
  GALLERY_MAX_FILE_GB: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a number of gigabytes above 0 (20 by default)' })
      .positive('must be a number of gigabytes above 0 (20 by default)')
      .max(1024, 'must be at most 1024 (1 TB)')
      .default(20),
  ),
  VISITOR_COUNTING: z.preprocess(
    emptyToUndefined,
    z.enum(['0', '1', 'true', 'false'], { error: 'must be 1 or 0' }).default('1'),
  ),
  VISITS_FLUSH_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a number of seconds between 1 and 3600' })
      .int('must be a number of seconds between 1 and 3600')
      .min(1, 'must be a number of seconds between 1 and 3600')
      .max(3600, 'must be a number of seconds between 1 and 3600')
      .default(60),
  ),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: z.preprocess(emptyToUndefined, z.url({ error: 'must be a URL' }).optional()),
  OPENAI_MODEL: optionalString,
  SOCIAL_PROFILE_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^https$/, error: 'must be an https:// URL of your photo-sharing profile' }).optional(),
  ),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  MAIL_FROM: optionalString,
  FFMPEG_PATH: optionalString,
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  ),
  TRUSTED_PROXIES: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((list) => badProxyEntry(list) === undefined, {
        error: (issue) => `${TRUSTED_PROXIES_RULE} ("${badProxyEntry(String(issue.input))}" is not one)`,
      })
      .optional(),
  ),
});

/** What STORAGE=s3 cannot run without, each with what to put there. */
const S3_NEEDS = {
  S3_REGION:
    'is needed with STORAGE=s3: the bucket region (auto for Cloudflare R2, as your provider names it otherwise)',
  S3_BUCKET: 'is needed with STORAGE=s3: the name of the bucket that keeps the media',
  S3_ACCESS_KEY_ID:
    'is needed with STORAGE=s3: the access key id of a key that may read and write the bucket',
  S3_SECRET_ACCESS_KEY: 'is needed with STORAGE=s3: the secret of that access key',
  MEDIA_PUBLIC_URL:
    'is needed with STORAGE=s3: the public address (CDN or bucket) the photos are served from',
} as const;

/** Settings that contradict each other or are missing together, each named by the variable to change. */
const checkedEnvSchema = envSchema
  .refine((env) => !(env.PAYPAL_MODE === 'test' && env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET), {
    path: ['PAYPAL_MODE'],
    error: 'must be unset when PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are set (test mode takes no money)',
  })
  .superRefine((env, ctx) => {
    const keys = [env.STRIPE_SECRET_KEY, env.STRIPE_PUBLISHABLE_KEY];
    if (keys.some(Boolean) && !keys.every(Boolean)) {
      const missing = env.STRIPE_SECRET_KEY ? 'STRIPE_PUBLISHABLE_KEY' : 'STRIPE_SECRET_KEY';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'must be set too: card payments need both Stripe keys',
      });
    }
    const live = keys.some((k) => k?.includes('_live_'));
    const test = keys.some((k) => k?.includes('_test_'));
    if (live && test) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_PUBLISHABLE_KEY'],
        message: 'must be of the same kind (test or live) as STRIPE_SECRET_KEY',
      });
    }
    if (live && !isOn(env.STRIPE_ALLOW_LIVE)) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: 'is a live key, which takes real money: set STRIPE_ALLOW_LIVE=1 to use it',
      });
    }
  })
  .superRefine((env, ctx) => {
    if (env.STORAGE !== 's3') return;
    for (const [name, message] of Object.entries(S3_NEEDS)) {
      if (!env[name as keyof typeof S3_NEEDS]) ctx.addIssue({ code: 'custom', path: [name], message });
    }
  });

export type Env = z.infer<typeof envSchema>;

/** A yes/no variable: 1 or true is yes. */
function isOn(value: string | undefined): boolean {
  return value === '1' || value === 'true';
}

export type PaypalMode = 'live' | 'sandbox' | 'test' | 'off';

/** The payment backend the site runs (see Config.paypal.mode). */
function paypalMode(env: Env, siteUrl: string): PaypalMode {
  if (env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET) return env.PAYPAL_ENV;
  if (env.PAYPAL_MODE === 'test' || !siteUrl.startsWith('https://')) return 'test';
  return 'off';
}

export type LabMode = 'live' | 'sandbox' | 'test' | 'off';

/**
 * The print lab the site sends orders to (see Config.lab.mode): Prodigi with a key; without one
 * the built-in lab double, but only while payments are test payments too, so real money never
 * buys a print that nobody will make.
 */
function labMode(env: Env, paypal: PaypalMode): LabMode {
  if (env.PRODIGI_API_KEY) return env.PRODIGI_ENV;
  return paypal === 'test' ? 'test' : 'off';
}

export interface Config {
  port: number;
  host: string;
  /** The database, the site secret, the outbox: what the site keeps besides media. */
  dataDir: string;
  /** Where stored media live on this machine (see uploadsFolder). */
  uploadsDir: string;
  /** How uploadsDir was chosen: UPLOADS_DIR, the default, or an earlier version's DATA_DIR/uploads. */
  uploadsFrom: UploadsFrom;
  /** Where media are stored: this machine's uploadsDir, or an S3-compatible bucket. */
  storage: StorageSettings;
  siteUrl: string;
  ownerEmail: string;
  ownerPassword: string | undefined;
  authSecret: string;
  seedDemo: boolean;
  paypal: {
    /**
     * live or sandbox with PayPal keys; without them test mode (the built-in PayPal fake: orders
     * are test orders and nobody pays), except on an https site unless PAYPAL_MODE=test says so:
     * there it is off, and the checkout is refused, so a live site never "sells" unpaid prints.
     */
    mode: PaypalMode;
    clientId: string | undefined;
    clientSecret: string | undefined;
    apiBase: string;
    /** How often payments PayPal held for review are asked about again (lib/checkout/payment-reconcile.server.ts). */
    recheckPendingMs: number;
  };
  lab: {
    /**
     * live or sandbox with a Prodigi key (the sandbox never prints or charges); test: the built-in
     * lab double, whose orders nobody makes (only while payments are in test mode); off: no key on a
     * site taking real money, so the lab's prints cannot be priced or sold.
     */
    mode: LabMode;
    apiKey: string | undefined;
    apiBase: string;
    /** PRODIGI_API_BASE: the lab's API at another address (a local double), whatever the key. */
    apiBaseOverride: string | undefined;
    /** How often the lab outbox is looked at for orders due to be sent (lib/lab/lab-sender.server.ts). */
    sendEveryMs: number;
  };
  /**
   * Card payments through Stripe, set in the environment (the owner may set keys in the admin too:
   * lib/payments/stripe-access.server.ts). Live keys are refused at start unless allowLive.
   */
  stripe: {
    secretKey: string | undefined;
    publishableKey: string | undefined;
    webhookSecret: string | undefined;
    /** STRIPE_API_BASE: Stripe's API at another address (the local double of the tests). */
    apiBase: string | undefined;
    allowLive: boolean;
  };
  openai: { apiKey: string | undefined; baseUrl: string | undefined; model: string };
  mail: { smtpUrl: string | undefined; from: string };
  /** The owner's photo-sharing profile, linked from the about section; not shown when unset. */
  socialProfileUrl: string | undefined;
  /** Origins a browser may send changes from: the site's own, and this machine's at PORT. */
  allowedOrigins: string[];
  /**
   * Reverse proxies whose X-Forwarded-For is believed (only its last entry, the one the proxy
   * added). Empty by default: the header is then never read.
   */
  trustedProxies: string[];
  /** The largest file the owner may upload to a client gallery, in bytes (20 GB unless set). */
  galleryMaxFileBytes: number;
  visits: {
    /** Whether page views are counted at all (lib/visits); off, nothing is counted or kept. */
    enabled: boolean;
    /**
     * How often the counts held in memory are written to the database, in one transaction. The
     * page cache ignores these writes (they are in tables no page shows).
     */
    flushEveryMs: number;
  };
  /** The ffmpeg binary for video posters and metadata removal; unset: the one from npm. */
  ffmpegPath: string | undefined;
  logLevel: LogLevel;
}

export class ConfigError extends Error {}

export type UploadsFrom = 'UPLOADS_DIR' | 'default' | 'DATA_DIR';

export type StorageSettings = { driver: 'local' } | { driver: 's3'; s3: S3Settings; mediaPublicUrl: string };

function storageSettings(env: Env): StorageSettings {
  if (env.STORAGE !== 's3') return { driver: 'local' };
  // Present: checkedEnvSchema refuses STORAGE=s3 without them.
  const need = (value: string | undefined) => value ?? '';
  return {
    driver: 's3',
    s3: {
      ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
      region: need(env.S3_REGION),
      bucket: need(env.S3_BUCKET),
      accessKeyId: need(env.S3_ACCESS_KEY_ID),
      secretAccessKey: need(env.S3_SECRET_ACCESS_KEY),
      forcePathStyle: env.S3_FORCE_PATH_STYLE === '1' || env.S3_FORCE_PATH_STYLE === 'true',
    },
    mediaPublicUrl: need(env.MEDIA_PUBLIC_URL).replace(/\/+$/, ''),
  };
}

/**
 * The media folder: UPLOADS_DIR when set; otherwise uploads/ beside the project (the working
 * directory `npm start` runs in), except for a site whose media an earlier version kept in
 * DATA_DIR/uploads: those are read where they are, and the start says so (server/boot.ts).
 */
export function uploadsFolder(
  uploadsDir: string | undefined,
  dataDir: string,
): { dir: string; from: UploadsFrom } {
  if (uploadsDir) return { dir: resolve(uploadsDir), from: 'UPLOADS_DIR' };
  const earlier = join(dataDir, 'uploads');
  if (existsSync(earlier)) return { dir: earlier, from: 'DATA_DIR' };
  return { dir: resolve('uploads'), from: 'default' };
}

/** Parses the environment; throws ConfigError naming every bad variable. Pure: no files touched. */
export function parseEnv(env: NodeJS.ProcessEnv): Env {
  const result = checkedEnvSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** The secret is generated once and kept in the data directory, so sessions survive restarts. */
function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export function buildConfig(env: Env): Config {
  const dataDir = resolve(env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const paypalBase =
    env.PAYPAL_ENV === 'live' ? 'https://api-m.paypal.com' : 'https://api-m.sandbox.paypal.com';
  // Unset, it follows PORT, so a site started on another port still links to itself.
  const siteUrl = (env.SITE_URL ?? `http://localhost:${env.PORT || 4321}`).replace(/\/+$/, '');
  const uploads = uploadsFolder(env.UPLOADS_DIR, dataDir);
  const payments = paypalMode(env, siteUrl);
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir,
    uploadsDir: uploads.dir,
    uploadsFrom: uploads.from,
    storage: storageSettings(env),
    siteUrl,
    ownerEmail: env.OWNER_EMAIL.trim().toLowerCase(),
    ownerPassword: env.OWNER_PASSWORD,
    authSecret: env.AUTH_SECRET ?? loadOrCreateSecret(dataDir),
    seedDemo: env.SEED_DEMO === '1' || env.SEED_DEMO === 'true',
    paypal: {
      mode: payments,
      clientId: env.PAYPAL_CLIENT_ID,
      clientSecret: env.PAYPAL_CLIENT_SECRET,
      apiBase: env.PAYPAL_API_BASE ?? paypalBase,
      recheckPendingMs: env.PAYMENT_RECHECK_SECONDS * 1000,
    },
    lab: {
      mode: labMode(env, payments),
      apiKey: env.PRODIGI_API_KEY,
      apiBase:
        env.PRODIGI_API_BASE ??
        (env.PRODIGI_ENV === 'live'
          ? 'https://api.prodigi.com/v4.0'
          : 'https://api.sandbox.prodigi.com/v4.0'),
      apiBaseOverride: env.PRODIGI_API_BASE,
      sendEveryMs: env.LAB_SEND_EVERY_SECONDS * 1000,
    },
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      apiBase: env.STRIPE_API_BASE,
      allowLive: isOn(env.STRIPE_ALLOW_LIVE),
    },
    openai: {
      apiKey: env.OPENAI_API_KEY,
      baseUrl: env.OPENAI_BASE_URL,
      model: env.OPENAI_MODEL ?? 'gpt-4o-mini',
    },
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM ?? env.OWNER_EMAIL },
    allowedOrigins: [new URL(siteUrl).origin, `http://localhost:${env.PORT}`, `http://127.0.0.1:${env.PORT}`],
    socialProfileUrl: env.SOCIAL_PROFILE_URL,
    trustedProxies: env.TRUSTED_PROXIES ? env.TRUSTED_PROXIES.split(',').map(normalizeIp) : [],
    galleryMaxFileBytes: Math.round(env.GALLERY_MAX_FILE_GB * 1024 ** 3),
    visits: {
      enabled: env.VISITOR_COUNTING === '1' || env.VISITOR_COUNTING === 'true',
      flushEveryMs: env.VISITS_FLUSH_SECONDS * 1000,
    },
    ffmpegPath: env.FFMPEG_PATH,
    logLevel: env.LOG_LEVEL,
  };
}

let cached: Config | undefined;

/** The process-wide config, parsed on first use. */
export function getConfig(): Config {
  cached ??= buildConfig(parseEnv(process.env));
  return cached;
}

/** For tests that change the environment between cases. */
export function resetConfigForTests(): void {
  cached = undefined;
}
