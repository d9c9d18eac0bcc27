import { describe, expect, it } from 'vitest';
import { pageScriptHashes, scriptHash } from '~/lib/platform/server/render/csp';
import { deferModuleScripts } from '~/lib/platform/server/render/deferred-scripts';
import { FONTS_READY } from '~/lib/platform/server/render/inline-scripts';

const page = (body: string) =>
  `<!doctype html><html><head><title>t</title></head><body>${body}</body></html>`;

describe('deferModuleScripts', () => {
  it('replaces the external module scripts with one inline loader at the end of the body', () => {
    const html = page(
      '<main>x</main><script type="module" src="/_astro/a.js"></script><p>y</p><script type="module" src="/_astro/b.js"></script>',
    );
    const { html: out, loader } = deferModuleScripts(html);
    expect(out).not.toContain('src="/_astro/a.js"');
    expect(out).not.toContain('src="/_astro/b.js"');
    expect(out).toMatch(
      /<script type="module">const s=\["\/_astro\/a.js","\/_astro\/b.js"\];[\s\S]*<\/script><\/body>/,
    );
    expect(out).toContain('addEventListener("load"');
    expect(out.match(/<script/g)).toHaveLength(1);
    // The loader is the page's one inline script, and the CSP allows it by the hash of its text.
    expect(out).toContain(`<script type="module">${loader}</script>`);
    expect(pageScriptHashes(out, [loader as string])).toEqual([scriptHash(loader as string)]);
  });

  it('with a stylesheet, adds it to the head and imports the scripts once it has loaded or failed', async () => {
    const { loader } = deferModuleScripts(
      page('<script type="module" src="/_astro/a.js"></script>'),
      '/_astro/home.whole.abc.css',
    );
    // Run the loader's own text against a stand-in document: nothing is imported before the sheet is in.
    const appended: { rel: string; href: string; onload: () => void }[] = [];
    const imported: string[] = [];
    const listeners: Record<string, () => void> = {};
    const run = new Function(
      'document',
      'addEventListener',
      'removeEventListener',
      'importModule',
      'window',
      `${(loader as string).replace(/import\(u\)/, 'importModule(u)')}`,
    );
    const doc = {
      readyState: 'complete',
      documentElement: { dataset: {} as Record<string, string> },
      createElement: () => ({}),
      head: { append: (el: (typeof appended)[number]) => appended.push(el) },
    };
    run(
      doc,
      (type: string, fn: () => void) => {
        listeners[type] = fn;
      },
      () => {},
      async (u: string) => imported.push(u),
      {},
    );
    await new Promise((r) => setTimeout(r, 250));
    expect(appended).toEqual([
      expect.objectContaining({ rel: 'stylesheet', href: '/_astro/home.whole.abc.css' }),
    ]);
    expect(imported).toEqual([]);
    appended[0]?.onload();
    await new Promise((r) => setTimeout(r, 0));
    expect(imported).toEqual(['/_astro/a.js']);
    expect(doc.documentElement.dataset.enhanced).toBe('');
  });

  it('lists a script once even when two components bring it', () => {
    const tag = '<script type="module" src="/_astro/a.js"></script>';
    expect(deferModuleScripts(page(tag + tag)).html).toContain('const s=["/_astro/a.js"];');
  });

  it('leaves pages without module scripts, inline scripts and data blocks as they are', () => {
    const html = page(
      '<script>document.body.dataset.x="1"</script><script type="application/json">{"a":1}</script><script type="module">import("/x.js")</script>',
    );
    expect(deferModuleScripts(html)).toEqual({ html, loader: null });
  });
});

describe('a click that comes before the scripts', () => {
  /** A stand-in element: a tag, attributes and a parent, enough for closest() with the loader's selectors. */
  class Element {
    readonly listeners = new Map<string, () => void>();
    readonly dispatched: string[] = [];
    constructor(
      readonly tag: string,
      readonly attrs: Set<string>,
      readonly parent: Element | null = null,
    ) {}
    private matches(selector: string): boolean {
      return selector.split(',').some((one) => {
        const attr = /^\[([\w-]+)\]$/.exec(one);
        return attr ? this.attrs.has(attr[1] as string) : one === this.tag;
      });
    }
    closest(selector: string): Element | null {
      return this.matches(selector) ? this : (this.parent?.closest(selector) ?? null);
    }
    hasAttribute(name: string) {
      return this.attrs.has(name);
    }
    addEventListener(type: string, fn: () => void) {
      this.listeners.set(type, fn);
    }
    dispatchEvent(event: { type: string }) {
      this.dispatched.push(event.type);
      return true;
    }
  }

  function run() {
    const { loader } = deferModuleScripts(page('<script type="module" src="/_astro/a.js"></script>'));
    let capture: ((e: unknown) => void) | undefined;
    let finishImport: () => void = () => {};
    new Function(
      'document',
      'addEventListener',
      'removeEventListener',
      'importModule',
      'window',
      'Element',
      'MouseEvent',
      'requestIdleCallback',
      (loader as string).replace(/import\(u\)/, 'importModule(u)'),
    )(
      { readyState: 'loading', documentElement: { dataset: {} } },
      (type: string, fn: (e: unknown) => void, useCapture?: boolean) => {
        if (type === 'click' && useCapture) capture = fn;
      },
      () => {},
      () => new Promise<void>((r) => (finishImport = r)),
      {},
      Element,
      class {
        constructor(readonly type: string) {}
      },
      () => {},
    );
    const click = (target: Element) => {
      const event = {
        target,
        prevented: false,
        preventDefault: () => (event.prevented = true),
        stopImmediatePropagation: () => {},
      };
      capture?.(event);
      return event.prevented;
    };
    return { click, finishImport: () => finishImport() };
  }

  it('in an island not yet hydrated, is held until the island hydrates and replayed on the same element', async () => {
    const { click } = run();
    const zone = new Element('div', new Set(['data-deferred-click']));
    const island = new Element('astro-island', new Set(['ssr']), zone);
    const photo = new Element('button', new Set(), island);
    expect(click(photo)).toBe(true);
    await new Promise((r) => setTimeout(r, 0));
    expect(photo.dispatched).toEqual([]);
    island.attrs.delete('ssr');
    island.listeners.get('astro:hydrate')?.();
    await new Promise((r) => setTimeout(r, 0));
    expect(photo.dispatched).toEqual(['click']);
    // Hydrated, the island takes its clicks itself, the replayed one included.
    expect(click(photo)).toBe(false);
  });

  it('outside islands, is held until the scripts have run; on a video, never held', async () => {
    const { click, finishImport } = run();
    const zone = new Element('div', new Set(['data-deferred-click']));
    const menu = new Element('button', new Set(), zone);
    const video = new Element('video', new Set(), zone);
    expect(click(video)).toBe(false);
    expect(click(menu)).toBe(true);
    finishImport();
    await new Promise((r) => setTimeout(r, 0));
    expect(menu.dispatched).toEqual(['click']);
    expect(click(menu)).toBe(false);
  });
});

describe('the CSP of a page', () => {
  it('allows only the site own inline scripts, never one that content put into the page', () => {
    const fonts = `<script>${FONTS_READY}</script>`;
    const injected = '<script>alert(2)</script>';
    const { html, loader } = deferModuleScripts(
      page(`${fonts}<p>${injected}</p><script type="module" src="/_astro/a.js"></script>`),
    );
    const hashes = pageScriptHashes(html, loader ? [loader] : []);
    expect(hashes).toContain(scriptHash(FONTS_READY));
    expect(hashes).toContain(scriptHash(loader as string));
    expect(hashes).not.toContain(scriptHash('alert(2)'));
    expect(hashes).toHaveLength(2);
  });

  it('never loads a module script from outside the built assets', () => {
    const { html, loader } = deferModuleScripts(
      page('<script type="module" src="/objects/uploads/evil.js"></script>'),
    );
    expect(loader).toBeNull();
    expect(pageScriptHashes(html)).toEqual([]);
  });
});
