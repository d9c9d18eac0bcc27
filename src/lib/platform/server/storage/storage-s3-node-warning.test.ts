// On Node 20 the AWS SDK warns, at its first client, that SDK versions published after January
// 2027 will need Node 22. The S3 driver turns that warning off for the site (which pins Node 20).
// A warning is printed once per process, so each case runs in a fresh Node process.
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

describe.skipIf(Number(process.versions.node.split('.')[0]) >= 22)('the AWS SDK Node version warning', () => {
  const settings = `{ region: 'us-east-1', bucket: 'b', accessKeyId: 'a', secretAccessKey: 's', forcePathStyle: true }`;

  it('is printed by a bare S3 client on this Node', () => {
    const out = stderrOf(
      `const { S3Client } = await import('@aws-sdk/client-s3'); new S3Client({ region: 'us-east-1' });`,
    );
    expect(out).toContain('NodeVersionSupportWarning');
  });

  it('is not printed once the S3 driver is loaded', () => {
    const out = stderrOf(
      `const { s3Driver } = await import(${JSON.stringify(DRIVER)}); s3Driver(${settings}); ` +
        `const { S3Client } = await import('@aws-sdk/client-s3'); new S3Client({ region: 'us-east-1' });`,
    );
    expect(out).not.toContain('NodeVersionSupportWarning');
  });
});
