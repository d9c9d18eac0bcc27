// The site's routes as the source tree declares them: every file under src/pages with the HTTP
// methods it exports, and a concrete path for it (dynamic segments filled with sample values).
// Tests built on this list cover a new route without being edited.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export interface SourceRoute {
  file: string;
  /** The route as Astro names it, e.g. /api/drone-media/[id]. */
  pattern: string;
  /** A concrete path, e.g. /api/drone-media/sample-id. */
  path: string;
  methods: string[];
}

const ALL_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
const EXPORTED = /export\s+(?:const|async\s+function|function)\s+(GET|POST|PUT|PATCH|DELETE|ALL)\b/g;

const walk = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((file) => statSync(file).isFile());

function sample(segment: string): string {
  if (segment.startsWith('[...')) return 'sample/rest';
  if (segment.startsWith('[')) return 'sample-id';
  return segment;
}

export function sourceRoutes(pagesDir = 'src/pages'): SourceRoute[] {
  const routes: SourceRoute[] = [];
  for (const file of walk(pagesDir)) {
    const ext = file.endsWith('.astro') ? '.astro' : file.endsWith('.ts') ? '.ts' : null;
    if (!ext) continue;
    const parts = relative(pagesDir, file).slice(0, -ext.length).split(sep);
    if (parts.at(-1) === 'index') parts.pop();
    const pattern = `/${parts.join('/')}`;
    let methods: string[];
    if (ext === '.astro') methods = ['GET', 'POST'];
    else {
      const names = [...readFileSync(file, 'utf8').matchAll(EXPORTED)].map((m) => m[1] as string);
      methods = names.includes('ALL') ? ALL_METHODS : names;
    }
    routes.push({
      file,
      pattern,
      path: `/${parts.map(sample).join('/')}`.replace(/\/$/, '') || '/',
      methods,
    });
  }
  return routes;
}

/** The spellings of one path that a router or a browser may fold into it, as an attacker sends them. */
export function pathVariants(path: string): Record<string, string> {
  const segments = path.split('/').filter(Boolean);
  const encodeFirstLetter = (s: string) => {
    const i = s.search(/[a-z]/i);
    return i === -1 ? s : `${s.slice(0, i)}%${s.charCodeAt(i).toString(16)}${s.slice(i + 1)}`;
  };
  const inner = segments.length > 1 ? `/${segments[0]}//${segments.slice(1).join('/')}` : `/${segments[0]}//`;
  return {
    plain: path,
    'double leading slash': `/${path}`,
    'dot segment': `/.${path}`,
    'dot then double slash': `/./${path}`,
    'trailing slash': `${path}/`,
    'repeated inner slash': inner,
    'upper case': path.toUpperCase(),
    'encoded slash': `/${segments.join('%2F')}`,
    'encoded letters': `/${segments.map(encodeFirstLetter).join('/')}`,
    'dot-dot segment': `/x/..${path}`,
  };
}
