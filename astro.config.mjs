// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';

export default defineConfig({
  output: 'server',
  // The node:http front in server/main.ts is the entry; Astro runs as its middleware
  // (DESIGN.md, Shape: a byte cache in front of Astro serves ~0.9x of plain node:http).
  adapter: node({ mode: 'middleware' }),
  integrations: [react()],
  // Origin checks for mutations are done in src/middleware.ts against the runtime SITE_URL,
  // because Astro's own check is fixed at build time (see STACK.md, "Things that bit").
  security: { checkOrigin: false },
  build: { inlineStylesheets: 'always' },
  prefetch: false,
  devToolbar: { enabled: false },
  vite: {
    plugins: [tailwindcss()],
    ssr: { external: ['better-sqlite3', 'sharp'] },
    // No script is inlined into the HTML: every page script is an external module that the page
    // loads after its load event (src/lib/server/deferred-scripts.ts), so a page's first bytes
    // are its content. (Astro inlines small scripts below this limit; fonts are far above it.)
    build: { assetsInlineLimit: 0 },
  },
});
