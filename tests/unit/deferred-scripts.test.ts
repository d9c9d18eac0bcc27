import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../../src/lib/server/csp';
import { deferModuleScripts } from '../../src/lib/server/deferred-scripts';

const page = (body: string) =>
  `<!doctype html><html><head><title>t</title></head><body>${body}</body></html>`;

describe('deferModuleScripts', () => {
  it('replaces the external module scripts with one inline loader at the end of the body', () => {
    const html = page(
      '<main>x</main><script type="module" src="/_astro/a.js"></script><p>y</p><script type="module" src="/_astro/b.js"></script>',
    );
    const out = deferModuleScripts(html);
    expect(out).not.toContain('src="/_astro/a.js"');
    expect(out).not.toContain('src="/_astro/b.js"');
    expect(out).toMatch(
      /<script type="module">const s=\["\/_astro\/a.js","\/_astro\/b.js"\];[\s\S]*<\/script><\/body>/,
    );
    expect(out).toContain('addEventListener("load"');
    expect(out.match(/<script/g)).toHaveLength(1);
    // The loader is an inline script, so the CSP hashes it.
    expect(inlineScriptHashes(out)).toHaveLength(1);
  });

  it('lists a script once even when two components bring it', () => {
    const tag = '<script type="module" src="/_astro/a.js"></script>';
    expect(deferModuleScripts(page(tag + tag))).toContain('const s=["/_astro/a.js"];');
  });

  it('leaves pages without module scripts, inline scripts and data blocks as they are', () => {
    const html = page(
      '<script>document.body.dataset.x="1"</script><script type="application/json">{"a":1}</script><script type="module">import("/x.js")</script>',
    );
    expect(deferModuleScripts(html)).toBe(html);
  });
});
