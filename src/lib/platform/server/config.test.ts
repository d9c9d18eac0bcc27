import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildConfig, ConfigError, parseEnv } from '~/lib/platform/server/config';
import { uploadsLine } from '../../../../server/boot';

/** A complete STORAGE=s3 configuration, as for Cloudflare R2 behind a CDN. */
const S3_SETTINGS = {
  STORAGE: 's3',
  S3_ENDPOINT: 'https://abc123.r2.cloudflarestorage.com',
  S3_REGION: 'auto',
  S3_BUCKET: 'wicklow-media',
  S3_ACCESS_KEY_ID: 'key-id',
  S3_SECRET_ACCESS_KEY: 'key-secret',
  MEDIA_PUBLIC_URL: 'https://media.example.ie/',
};

describe('config', () => {
  it('uses the documented defaults', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(4321);
    expect(env.HOST).toBe('127.0.0.1');
    expect(env.DATA_DIR).toBe('./data');
    expect(env.SITE_URL).toBeUndefined();
    expect(env.OWNER_EMAIL).toBe('owner@example.com');
    expect(env.SEED_DEMO).toBe('1');
    expect(env.PAYPAL_ENV).toBe('sandbox');
    expect(env.PAYMENT_RECHECK_SECONDS).toBe(600);
  });

  it('refuses a recheck interval that is not a whole number of seconds from 1 to 86400', () => {
    for (const bad of ['0', '-5', '1.5', 'soon', '90000'])
      expect(() => parseEnv({ PAYMENT_RECHECK_SECONDS: bad })).toThrow(/PAYMENT_RECHECK_SECONDS/);
    expect(parseEnv({ PAYMENT_RECHECK_SECONDS: '30' }).PAYMENT_RECHECK_SECONDS).toBe(30);
  });

  it('takes the largest gallery file in gigabytes, 20 by default, and refuses anything but a number above 0', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wicklow-config-'));
    expect(buildConfig(parseEnv({ DATA_DIR: dir })).galleryMaxFileBytes).toBe(20 * 1024 ** 3);
    expect(buildConfig(parseEnv({ DATA_DIR: dir, GALLERY_MAX_FILE_GB: '0.5' })).galleryMaxFileBytes).toBe(
      512 * 1024 ** 2,
    );
    for (const bad of ['0', '-1', 'lots', '2000'])
      expect(() => parseEnv({ GALLERY_MAX_FILE_GB: bad })).toThrow(/GALLERY_MAX_FILE_GB/);
  });

  it('the site address follows PORT unless SITE_URL is set', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wicklow-config-'));
    expect(buildConfig(parseEnv({ DATA_DIR: dir })).siteUrl).toBe('http://localhost:4321');
    expect(buildConfig(parseEnv({ DATA_DIR: dir, PORT: '8080' })).siteUrl).toBe('http://localhost:8080');
    expect(
      buildConfig(parseEnv({ DATA_DIR: dir, PORT: '8080', SITE_URL: 'https://wicklowlight.ie/' })).siteUrl,
    ).toBe('https://wicklowlight.ie');
  });

  it('refuses a bad PORT with a message that names the variable', () => {
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => parseEnv({ PORT: '70000' })).toThrow(/PORT: must be a port number between 1 and 65535/);
    expect(() => parseEnv({ PORT: '43.5' })).toThrow(/PORT/);
  });

  it('names every bad variable at once', () => {
    try {
      parseEnv({ PORT: '-1', SITE_URL: 'not a url', OWNER_EMAIL: 'nobody', PAYPAL_ENV: 'prod' });
      expect.unreachable();
    } catch (err) {
      const message = (err as Error).message;
      for (const name of ['PORT', 'SITE_URL', 'OWNER_EMAIL', 'PAYPAL_ENV']) expect(message).toContain(name);
    }
  });

  it('takes an https social profile link and refuses anything else', () => {
    expect(parseEnv({ SOCIAL_PROFILE_URL: 'https://www.instagram.com/someone/' }).SOCIAL_PROFILE_URL).toBe(
      'https://www.instagram.com/someone/',
    );
    expect(() => parseEnv({ SOCIAL_PROFILE_URL: 'javascript:alert(1)' })).toThrow(/SOCIAL_PROFILE_URL/);
    expect(parseEnv({}).SOCIAL_PROFILE_URL).toBeUndefined();
  });

  it('treats empty values as unset', () => {
    expect(parseEnv({ PORT: '', OWNER_PASSWORD: '' }).PORT).toBe(4321);
  });

  it('generates the auth secret once and keeps it in the data directory', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wicklow-config-'));
    const first = buildConfig(parseEnv({ DATA_DIR: dir }));
    const second = buildConfig(parseEnv({ DATA_DIR: dir }));
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.authSecret).toBe(first.authSecret);
    expect(readFileSync(join(dir, 'auth-secret'), 'utf8').trim()).toBe(first.authSecret);
  });

  it('normalises the owner e-mail and picks the PayPal mode', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wicklow-config-'));
    const test = buildConfig(parseEnv({ DATA_DIR: dir, OWNER_EMAIL: ' Owner@Example.COM ' }));
    expect(test.ownerEmail).toBe('owner@example.com');
    expect(test.paypal.mode).toBe('test');
    const live = buildConfig(
      parseEnv({ DATA_DIR: dir, PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 's', PAYPAL_ENV: 'live' }),
    );
    expect(live.paypal.mode).toBe('live');
    expect(live.paypal.apiBase).toBe('https://api-m.paypal.com');
  });

  it('runs an https site without PayPal keys with payments off, unless PAYPAL_MODE=test', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wicklow-config-'));
    const modeOf = (env: Record<string, string>) =>
      buildConfig(parseEnv({ DATA_DIR: dir, ...env })).paypal.mode;
    expect(modeOf({ SITE_URL: 'https://wicklow.example' })).toBe('off');
    // One key alone is no PayPal set-up either.
    expect(modeOf({ SITE_URL: 'https://wicklow.example', PAYPAL_CLIENT_ID: 'id' })).toBe('off');
    expect(modeOf({ SITE_URL: 'https://wicklow.example', PAYPAL_MODE: 'test' })).toBe('test');
    expect(modeOf({ SITE_URL: 'https://wicklow.example', PAYPAL_MODE: ' ' })).toBe('off');
    // On this machine (http, or SITE_URL unset) test mode stays the default.
    expect(modeOf({ SITE_URL: 'http://192.168.1.20:4321' })).toBe('test');
    expect(modeOf({})).toBe('test');
    expect(
      modeOf({ SITE_URL: 'https://wicklow.example', PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 's' }),
    ).toBe('sandbox');
  });

  it('PAYPAL_MODE: only test, and never beside PayPal keys, refused by name', () => {
    expect(() => parseEnv({ PAYPAL_MODE: 'live' })).toThrow(/PAYPAL_MODE: must be test, or unset/);
    expect(() =>
      parseEnv({ PAYPAL_MODE: 'test', PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 's' }),
    ).toThrow(/PAYPAL_MODE: must be unset when PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are set/);
    expect(parseEnv({ PAYPAL_MODE: 'test' }).PAYPAL_MODE).toBe('test');
  });

  it('TRUSTED_PROXIES: unset trusts no proxy; a list of IP addresses is kept; anything else is refused by name', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wicklow-config-'));
    expect(buildConfig(parseEnv({ DATA_DIR: dir })).trustedProxies).toEqual([]);
    expect(buildConfig(parseEnv({ DATA_DIR: dir, TRUSTED_PROXIES: '' })).trustedProxies).toEqual([]);
    expect(
      buildConfig(parseEnv({ DATA_DIR: dir, TRUSTED_PROXIES: ' 127.0.0.1 , ::1,::ffff:10.0.0.2 ' }))
        .trustedProxies,
    ).toEqual(['127.0.0.1', '::1', '10.0.0.2']);
    for (const bad of ['localhost', '10.0.0.0/8', '127.0.0.1,,::1', '300.1.1.1', '127.0.0.1; 10.0.0.1']) {
      expect(() => parseEnv({ TRUSTED_PROXIES: bad })).toThrow(
        /TRUSTED_PROXIES: must be a comma-separated list of IP addresses/,
      );
    }
  });
});

describe('the media folder', () => {
  const fresh = () => mkdtempSync(join(tmpdir(), 'wicklow-uploads-'));

  it('is UPLOADS_DIR when set, made absolute', () => {
    const dataDir = fresh();
    const config = buildConfig(parseEnv({ DATA_DIR: dataDir, UPLOADS_DIR: 'relative/media' }));
    expect(config.uploadsDir).toBe(resolve('relative/media'));
    expect(config.uploadsFrom).toBe('UPLOADS_DIR');
  });

  it('is uploads/ beside the project by default, not inside DATA_DIR', () => {
    const config = buildConfig(parseEnv({ DATA_DIR: fresh() }));
    expect(config.uploadsDir).toBe(resolve('uploads'));
    expect(config.uploadsFrom).toBe('default');
  });

  it('stays in DATA_DIR/uploads for a site an earlier version set up there, and the start says so', () => {
    const dataDir = fresh();
    mkdirSync(join(dataDir, 'uploads', 'originals'), { recursive: true });
    const config = buildConfig(parseEnv({ DATA_DIR: dataDir }));
    expect(config.uploadsDir).toBe(join(dataDir, 'uploads'));
    expect(config.uploadsFrom).toBe('DATA_DIR');
    expect(uploadsLine(config.uploadsDir, config.uploadsFrom)).toContain('set UPLOADS_DIR');
    expect(uploadsLine('/srv/media', 'UPLOADS_DIR')).toBe('Media files are in /srv/media.');
  });

  it('says at start that the media are in the bucket on S3, and the folder holds only work files', () => {
    const config = buildConfig(
      parseEnv({
        DATA_DIR: fresh(),
        UPLOADS_DIR: '/srv/media',
        ...S3_SETTINGS,
      }),
    );
    expect(uploadsLine(config.uploadsDir, config.uploadsFrom, config.storage)).toBe(
      'Media files are in the S3 bucket wicklow-media at https://abc123.r2.cloudflarestorage.com, the public ones served from https://media.example.ie; /srv/media holds only work files.',
    );
  });
});

describe('the store of media', () => {
  const S3 = S3_SETTINGS;

  it('is the local folder unless STORAGE says s3', () => {
    expect(buildConfig(parseEnv({ DATA_DIR: mkdtempSync(join(tmpdir(), 'w-')) })).storage).toEqual({
      driver: 'local',
    });
  });

  it('takes every S3 setting, the public address without its trailing slash', () => {
    const config = buildConfig(parseEnv({ DATA_DIR: mkdtempSync(join(tmpdir(), 'w-')), ...S3 }));
    expect(config.storage).toEqual({
      driver: 's3',
      s3: {
        endpoint: S3.S3_ENDPOINT,
        region: 'auto',
        bucket: 'wicklow-media',
        accessKeyId: 'key-id',
        secretAccessKey: 'key-secret',
        forcePathStyle: false,
      },
      mediaPublicUrl: 'https://media.example.ie',
    });
  });

  it('names every missing or bad S3 setting, and what to put there', () => {
    let message = '';
    try {
      parseEnv({ STORAGE: 's3', S3_BUCKET: 'Bad_Bucket', MEDIA_PUBLIC_URL: 'media.example.ie' });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      message = (err as Error).message;
    }
    for (const name of ['S3_BUCKET', 'MEDIA_PUBLIC_URL']) expect(message).toContain(name);
    expect(message).toContain('must be a bucket name');
    expect(() => parseEnv({ STORAGE: 's3' })).toThrow(
      /S3_REGION: is needed with STORAGE=s3[\s\S]*S3_BUCKET[\s\S]*S3_ACCESS_KEY_ID[\s\S]*S3_SECRET_ACCESS_KEY[\s\S]*MEDIA_PUBLIC_URL/,
    );
    expect(() => parseEnv({ STORAGE: 'dropbox' })).toThrow(/STORAGE: must be local or s3/);
  });
});
