// A page's Content-Security-Policy: what each kind of request may load, with and without PayPal's
// scripts on the page. A fetch directive the policy leaves out falls back to default-src, as
// browsers do; form-action, object-src and frame-ancestors have no fallback and must be written.
import { afterEach, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '~/lib/platform/server/config';
import { pagePolicy } from '~/lib/platform/server/render/csp';

/** The sources a browser applies for a directive of the policy. */
function sourcesOf(policy: string) {
  const written = new Map(
    policy.split('; ').map((d) => {
      const [name, ...sources] = d.split(' ');
      return [name as string, sources.join(' ')];
    }),
  );
  return {
    fetch: (kind: string) => written.get(kind) ?? written.get('default-src'),
    written: (name: string) => written.get(name),
  };
}

describe('the page policy', () => {
  it('lets a page load only its own fonts and data, and frame nothing, without PayPal', () => {
    const policy = sourcesOf(pagePolicy({ scriptHashes: ["'sha256-abc='"], paypal: false }));
    expect(policy.written('default-src')).toBe("'self'");
    expect(policy.fetch('script-src')).toBe("'self' 'sha256-abc='");
    expect(policy.fetch('font-src')).toBe("'self'");
    expect(policy.fetch('connect-src')).toBe("'self'");
    expect(policy.fetch('img-src')).toBe("'self' data: blob:");
    expect(policy.fetch('frame-src')).toBe("'none'");
    expect(policy.written('object-src')).toBe("'none'");
    expect(policy.written('frame-ancestors')).toBe("'none'");
    expect(policy.written('form-action')).toBe("'self'");
    expect(policy.written('base-uri')).toBe("'self'");
  });

  it('adds PayPal where its checkout needs it, and nowhere else', () => {
    const policy = sourcesOf(pagePolicy({ scriptHashes: [], paypal: true }));
    const paypal = 'https://*.paypal.com https://*.paypalobjects.com';
    expect(policy.fetch('script-src')).toBe(`'self' ${paypal}`);
    expect(policy.fetch('connect-src')).toBe(`'self' ${paypal}`);
    expect(policy.fetch('frame-src')).toBe(paypal);
    expect(policy.fetch('font-src')).toBe("'self'");
    expect(policy.fetch('media-src')).toBe("'self' blob:");
  });

  describe('with the media in an S3 bucket', () => {
    const S3_ENV = {
      STORAGE: 's3',
      S3_REGION: 'auto',
      S3_BUCKET: 'photos',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: 'secret',
      MEDIA_PUBLIC_URL: 'https://media.example.com/wicklow/',
    };
    const saved = Object.fromEntries(Object.keys(S3_ENV).map((k) => [k, process.env[k]]));
    afterEach(() => {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
      resetConfigForTests();
    });

    it('lets pictures and videos load from the MEDIA_PUBLIC_URL origin, and nothing else from it', () => {
      Object.assign(process.env, S3_ENV);
      resetConfigForTests();
      const policy = sourcesOf(pagePolicy({ scriptHashes: [], paypal: false }));
      expect(policy.fetch('img-src')).toBe("'self' data: blob: https://media.example.com");
      expect(policy.fetch('media-src')).toBe("'self' blob: https://media.example.com");
      expect(policy.fetch('script-src')).toBe("'self'");
      expect(policy.fetch('connect-src')).toBe("'self'");
      expect(policy.fetch('frame-src')).toBe("'none'");
    });
  });
});
