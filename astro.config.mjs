// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, passthroughImageService } from 'astro/config';

/**
 * @astrojs/node in middleware mode, with this site's own server entry (server/astro-entry.ts):
 * it exports node's handler and starts the node:http front from the same bundle, so that the
 * front and the pages share one copy of every module (the database, the queues, the PayPal client).
 */
function nodeWithFront() {
  const inner = node({ mode: 'middleware' });
  return {
    ...inner,
    hooks: {
      ...inner.hooks,
      /** @param {Parameters<NonNullable<typeof inner.hooks['astro:config:done']>>[0]} params */
      'astro:config:done': (params) =>
        inner.hooks['astro:config:done']?.({
          ...params,
          setAdapter: (adapter) =>
            params.setAdapter({
              ...adapter,
              serverEntrypoint: new URL('./server/astro-entry.ts', import.meta.url),
            }),
        }),
    },
  };
}

/**
 * The site's own client directive: client:painted hydrates an island once the page's first paint is
 * on screen (src/lib/platform/client/hydrate-after-paint.ts). Astro inlines a directive's code before the
 * first island that uses it, so its text is one of the inline scripts the CSP allows by hash
 * (src/lib/platform/server/render/inline-scripts.ts, checked against this build by a unit test).
 */
const hydrateAfterPaint = {
  name: 'hydrate-after-paint',
  hooks: {
    /** @param {{ addClientDirective: (d: { name: string; entrypoint: string }) => void }} params */
    'astro:config:setup': ({ addClientDirective }) =>
      addClientDirective({ name: 'painted', entrypoint: './src/lib/platform/client/hydrate-after-paint.ts' }),
  },
};

/**
 * Routes that Astro adds to every server build on its own, which this site never uses:
 * - /_image, Astro's image endpoint: the site makes its images once, at upload (sharp, in
 *   src/lib/media/images.server.ts), and no page asks Astro for one. Left in, it let anyone have the
 *   server encode any image at any size (one AVIF 8000 px wide took about 25 s of CPU).
 * - /_server-islands/[name]: no component is rendered with server:defer.
 * (/_actions/* exists only when src/actions does, which this site has not.)
 * Astro 5 injects both into every server build, with no option to leave them out, so they are
 * taken out of the built manifest before it is written: Astro's router then answers them as any
 * unknown address, with the 404 page.
 */
const UNUSED_BUILTIN_ROUTES = ['/_image', '/_server-islands/[name]'];
const withoutUnusedBuiltinRoutes = {
  name: 'without-unused-builtin-routes',
  hooks: {
    /** @param {{ manifest: { routes: Array<{ routeData: { route: string } }> } }} params */
    'astro:build:ssr': ({ manifest }) => {
      const kept = manifest.routes.filter((r) => !UNUSED_BUILTIN_ROUTES.includes(r.routeData.route));
      manifest.routes.splice(0, manifest.routes.length, ...kept);
    },
  },
};

export default defineConfig({
  output: 'server',
  // Astro runs behind the node:http front of server/main.ts: a byte cache in front of Astro's
  // pipeline serves about 0.9x the requests per second of plain node:http, Astro alone 0.03x.
  adapter: nodeWithFront(),
  // Every island is React. The checkout's hydrates once its page has painted (client:painted); the
  // others load on interaction.
  integrations: [react(), hydrateAfterPaint, withoutUnusedBuiltinRoutes],
  // Astro's own image pipeline has nothing to do (see above): its no-op service, so that sharp is
  // never run through it, not even by the dev server's /_image.
  image: { service: passthroughImageService() },
  // Origin checks for mutations are done in src/middleware.ts against the runtime SITE_URL,
  // because Astro's own check reads the site address fixed at build time, not the running one.
  security: { checkOrigin: false },
  build: { inlineStylesheets: 'always' },
  prefetch: false,
  devToolbar: { enabled: false },
  vite: {
    plugins: [tailwindcss()],
    // pdfkit reads its fonts' metric files from its own folder at run time: bundled, it would not find them.
    ssr: { external: ['better-sqlite3', 'sharp', 'pdfkit'] },
    // No script is inlined into the HTML: every page script is an external module that the page
    // loads after its load event (src/lib/platform/server/render/deferred-scripts.ts), so a page's first bytes
    // are its content. (Astro inlines small scripts below this limit; fonts are far above it.)
    build: {
      assetsInlineLimit: 0,
      rollupOptions: {
        output: {
          // A component's <script> is named after its module (Nav.astro_astro_type_script_index_0_lang),
          // and every page lists its scripts' addresses in its HTML (the loader of
          // src/lib/platform/server/render/deferred-scripts.ts): those are named by their hash alone, which keeps
          // the home page in its first round trip. Islands keep their names. This applies to the
          // browser's build only: Astro names the server's entries itself, after this option.
          entryFileNames: (chunk) =>
            chunk.name.includes('_astro_type_script_') ? '_astro/[hash].js' : '_astro/[name].[hash].js',
        },
      },
    },
  },
});
