// Every request body is read through the capped reader of src/lib/platform/server/http/http.ts, so that no
// endpoint can hold an unbounded body in memory. The one other reader is the upload receiver,
// which streams to disk with its own byte limit.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOTS = ['src/pages', 'src/lib'];
const ALLOWED = new Set(['src/lib/platform/server/http/http.ts', 'src/lib/media/receive.server.ts']);

/** Direct reads of a request's body: its parsers, its stream, or its stream handed to a Response. */
const DIRECT_READS = [
  /\b(?:request|req)\s*(?:\.\s*clone\(\s*\))?\s*\.\s*(?:formData|json|text|arrayBuffer|blob|bytes)\s*\(/i,
  /\.body\s*\.\s*getReader\s*\(/,
  /new\s+Response\s*\(\s*[\w.]*request\.body\b/i,
  /for\s+await\s*\([^)]*\bof\s+[\w.]*request(?:\.body)?\s*\)/i,
];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    // The unit tests beside the code build requests of their own; the rule is for the site's code.
    if (/\.test\.tsx?$/.test(name)) return [];
    return /\.(?:ts|tsx|astro|mjs|js)$/.test(name) ? [path] : [];
  });
}

describe('request bodies', () => {
  it('the patterns catch the ways of reading a body whole', () => {
    for (const line of [
      'await request.formData()',
      'await Astro.request.formData().catch(() => new FormData())',
      'const b = await ctx.request.json();',
      'await request.clone().text()',
      'request.body.getReader()',
      'await new Response(request.body).arrayBuffer()',
      'for await (const chunk of request.body) {}',
    ])
      expect(
        DIRECT_READS.some((re) => re.test(line)),
        line,
      ).toBe(true);
    expect(DIRECT_READS.some((re) => re.test('await response.json()'))).toBe(false);
  });

  it('are read only through the capped reader (readBody, readJson, readForm) or the upload receiver', () => {
    const offenders: string[] = [];
    for (const root of ROOTS) {
      for (const file of filesUnder(root)) {
        const path = relative('.', file);
        if (ALLOWED.has(path)) continue;
        readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            if (DIRECT_READS.some((re) => re.test(line))) offenders.push(`${path}:${i + 1}: ${line.trim()}`);
          });
      }
    }
    expect(offenders).toEqual([]);
  });
});
