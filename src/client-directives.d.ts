// The site's own client directives (astro.config.mjs registers them), for type checking.
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrates once the page's first contentful paint is on screen (lib/platform/client/hydrate-after-paint.ts). */
    'client:painted'?: boolean;
  }
}
