// A page's Content-Security-Policy: what each kind of request may load, with and without PayPal's
// scripts on the page. A directive the policy leaves out falls back to default-src, as browsers do.
import { describe, expect, it } from 'vitest';
import { pagePolicy } from '~/lib/server/csp';

function effective(policy: string): Record<string, string> {
  const directives = Object.fromEntries(
    policy.split('; ').map((d) => {
      const [name, ...sources] = d.split(' ');
      return [name as string, sources.join(' ')];
    }),
  );
  const fetchKinds = [
    'script-src',
    'style-src',
    'img-src',
    'font-src',
    'media-src',
    'connect-src',
    'frame-src',
  ];
  return {
    ...directives,
    ...Object.fromEntries(fetchKinds.map((k) => [k, directives[k] ?? directives['default-src'] ?? ''])),
  };
}

describe('the page policy', () => {
  it('lets a page load only its own fonts, data and frames nowhere, without PayPal', () => {
    const policy = effective(pagePolicy({ scriptHashes: ["'sha256-abc='"], paypal: false }));
    expect(policy['default-src']).toBe("'self'");
    expect(policy['script-src']).toBe("'self' 'sha256-abc='");
    expect(policy['font-src']).toBe("'self'");
    expect(policy['connect-src']).toBe("'self'");
    expect(policy['img-src']).toBe("'self' data: blob:");
    expect(policy['frame-src']).toBe("'none'");
    expect(policy['object-src']).toBe("'none'");
    expect(policy['frame-ancestors']).toBe("'none'");
    expect(policy['form-action']).toBe("'self'");
  });

  it('adds PayPal where its checkout needs it, and nowhere else', () => {
    const policy = effective(pagePolicy({ scriptHashes: [], paypal: true }));
    const paypal = 'https://*.paypal.com https://*.paypalobjects.com';
    expect(policy['script-src']).toBe(`'self' ${paypal}`);
    expect(policy['connect-src']).toBe(`'self' ${paypal}`);
    expect(policy['frame-src']).toBe(paypal);
    expect(policy['font-src']).toBe("'self'");
    expect(policy['media-src']).toBe("'self' blob:");
  });
});
