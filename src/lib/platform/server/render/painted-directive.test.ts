// The CSP allows the client:painted directive's inline script by the hash of PAINTED_DIRECTIVE: the
// text must be exactly what Astro's build writes, or the browser refuses the script and the
// checkout never hydrates. This rebuilds it as Astro does (esbuild, the same wrapper and options,
// with Astro's own copy of esbuild).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAINTED_DIRECTIVE } from '~/lib/platform/server/render/inline-scripts';

const ROOT = join(__dirname, '../../../../..');

async function buildAsAstroDoes(name: string, entrypoint: string): Promise<string> {
  const fromAstro = createRequire(createRequire(join(ROOT, 'package.json')).resolve('astro/package.json'));
  const { build } = fromAstro('esbuild') as typeof import('esbuild');
  const output = await build({
    stdin: {
      contents: `import directive from ${JSON.stringify(entrypoint)};

(self.Astro || (self.Astro = {}))[${JSON.stringify(name)}] = directive;

window.dispatchEvent(new Event('astro:' + ${JSON.stringify(name)}));`,
      resolveDir: ROOT,
    },
    absWorkingDir: ROOT,
    format: 'iife',
    minify: true,
    bundle: true,
    write: false,
  });
  return output.outputFiles[0]?.text ?? '';
}

describe('client:painted', () => {
  it('PAINTED_DIRECTIVE is the inline script Astro builds from hydrate-after-paint.ts', async () => {
    expect(PAINTED_DIRECTIVE).toBe(
      await buildAsAstroDoes('painted', './src/lib/platform/client/hydrate-after-paint.ts'),
    );
  });
});
