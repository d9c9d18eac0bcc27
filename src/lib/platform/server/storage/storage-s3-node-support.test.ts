// The AWS SDK warns, at its first client, when the Node it runs on is one its coming releases will
// no longer support. On the site's Node it has nothing to warn about, and nothing in the site turns
// that warning off. A warning is printed once per process, so the client is made in a fresh one.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const DRIVER = new URL('./storage-s3.ts', import.meta.url).pathname;

/** What a fresh Node process prints on stderr after running `code` (an ES module, with tsx). */
function stderrOf(code: string): string {
  const env = { ...process.env };
  delete env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED;
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    env,
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(`The child process failed: ${child.stderr}`);
  return child.stderr;
}

describe("the AWS SDK on the site's Node", () => {
  it('prints no Node version warning at its first client, through the S3 driver', () => {
    const settings = `{ region: 'us-east-1', bucket: 'b', accessKeyId: 'a', secretAccessKey: 's', forcePathStyle: true }`;
    const out = stderrOf(
      `const { s3Driver } = await import(${JSON.stringify(DRIVER)}); s3Driver(${settings}); ` +
        `const { S3Client } = await import('@aws-sdk/client-s3'); new S3Client({ region: 'us-east-1' }); ` +
        `console.error('switch:', process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ?? 'unset');`,
    );
    expect(out).not.toContain('NodeVersionSupportWarning');
    expect(out).toContain('switch: unset');
  });
});
