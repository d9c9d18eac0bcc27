// Bench rows for media in S3-compatible storage (STORAGE=s3), against s3rver, a real S3 API
// server, on loopback:
// - a 24 MP photo published with STORAGE=s3 against the same on the local driver (same run, each
//   its best of two);
// - a 1 GiB gallery download through a presigned URL: the site's CPU time for it (the redirect),
//   while the client reads the whole file from the store, not from the site;
// - / and /shop under STORAGE=s3 against node:http sending the same bytes: pages never wait on
//   the store;
// - a 1 GiB gallery upload over tus, dropped at half and resumed, with STORAGE=s3 (the upload goes
//   to the bucket part by part, then is moved inside it) against the same on the local driver.
// Run alone with `node scripts/bench/storage.mjs`, or from run.mjs through storageRows().
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { insertFiles, makeGallery, randomFile } from './gallery-delivery.mjs';
import { resumedUpload } from './gallery-upload.mjs';
import { met, printTable, signInOwner, startSite, waitForMediaQueue } from './lib.mjs';
import { pageRows } from './throughput.mjs';
import { make24mp, sitePublish } from './upload.mjs';

const PASSWORD = 'bench-password-123';
const MIB = 1024 * 1024;
const BUCKET = 'wicklow-bench';
const GIB_FILE = 1024;

/** s3rver in its own process (tests/helpers/s3rver-process.mjs says why), in a temp folder. */
async function startS3(dir) {
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', 'tests/helpers/s3rver-process.mjs', dir, BUCKET],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const port = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /"port":(\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', (code) => reject(new Error(`s3rver exited ${code}`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
      MEDIA_PUBLIC_URL: `${endpoint}/${BUCKET}`,
    },
    client: new S3Client({
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    }),
    stop: () =>
      new Promise((r) => {
        child.on('exit', r);
        child.stdin.end();
      }),
  };
}

/** CPU time (user + system) the process has used, in ms (Linux /proc, 100 ticks a second). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function bestPublish(url, jpeg, runs = 2) {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) best = Math.min(best, (await sitePublish(url, jpeg, PASSWORD)).publishMs);
  return best;
}

/** A gallery of one 1 GiB video put straight into the bucket, and its link. */
async function bigGallery(site, s3, dataDir) {
  const cookie = await signInOwner(site.url, PASSWORD);
  const { id, path } = await makeGallery(
    site,
    { cookie, origin: site.url },
    {
      title: 'Bench delivery',
      clientName: 'Bench',
      downloads: 'original',
    },
  );
  const key = `galleries/${randomUUID()}.mp4`;
  const file = join(dataDir, 'bench-1gib.mp4');
  await randomFile(file, GIB_FILE);
  await new Upload({
    client: s3.client,
    params: { Bucket: BUCKET, Key: key, Body: createReadStream(file) },
    partSize: 64 * MIB,
  }).done();
  rmSync(file);
  const fileId = randomUUID();
  await insertFiles(join(dataDir, 'site.sqlite'), id, [
    {
      id: fileId,
      kind: 'video',
      fileName: 'DJI_0001.MP4',
      contentType: 'video/mp4',
      size: GIB_FILE * MIB,
      originalKey: key,
      streamKey: key,
    },
  ]);
  return `${path}/files/${fileId}/original`;
}

/** The gallery originals in the bucket (not their derivatives). */
async function galleryKeys(s3) {
  const page = await s3.client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'galleries/' }));
  return (page.Contents ?? []).map((o) => o.Key).filter((k) => !k.startsWith('galleries/media/'));
}

/** A resumed 1 GiB tus upload with STORAGE=s3 against the same with STORAGE=local. */
async function uploadRow(s3) {
  const local = await resumedUpload();
  const before = new Set(await galleryKeys(s3));
  const onS3 = await resumedUpload(s3.env, async () => {
    const added = (await galleryKeys(s3)).filter((k) => !before.has(k));
    if (added.length !== 1) return null;
    const hash = createHash('sha256');
    const { Body } = await s3.client.send(new GetObjectCommand({ Bucket: BUCKET, Key: added[0] }));
    for await (const chunk of Body) hash.update(chunk);
    return hash.digest('hex');
  });
  return [
    `1 GiB gallery upload over tus with STORAGE=s3, killed at ${onS3.cutPct.toFixed(0)}% and resumed (parts into the bucket, then moved inside it)`,
    `${(onS3.ms / 1000).toFixed(1)} s, SHA-256 in the bucket ${onS3.same ? 'right' : 'WRONG'}`,
    `${(local.ms / 1000).toFixed(1)} s (STORAGE=local, same run${local.same ? '' : ', SHA-256 WRONG'})`,
    `${(onS3.ms / local.ms).toFixed(1)}×`,
    'finishes with the right SHA-256',
    met(onS3.same && local.same),
  ];
}

export async function storageRows() {
  const work = mkdtempSync(join(tmpdir(), 'wicklow-bench-storage-'));
  const s3 = await startS3(join(work, 's3'));
  const rows = [];
  try {
    const jpeg = await make24mp();
    const localDir = join(work, 'local');
    const local = await startSite({ DATA_DIR: localDir, SEED_DEMO: '1', OWNER_PASSWORD: PASSWORD });
    let localMs;
    try {
      // A freshly seeded site makes its demo photos' AVIF ladders first (about two minutes): the
      // published photo's ladder would wait behind them, and a publish would compete with them.
      await waitForMediaQueue(join(localDir, 'site.sqlite'), { quiet: true });
      localMs = await bestPublish(local.url, jpeg);
    } finally {
      await local.stop();
    }
    const s3Dir = join(work, 's3-site');
    const site = await startSite({ DATA_DIR: s3Dir, SEED_DEMO: '1', OWNER_PASSWORD: PASSWORD, ...s3.env });
    try {
      await waitForMediaQueue(join(s3Dir, 'site.sqlite'), { quiet: true });
      const s3Ms = await bestPublish(site.url, jpeg);
      rows.push([
        '24 MP photo published with STORAGE=s3 (s3rver on loopback; best of 2)',
        `${s3Ms.toFixed(0)} ms`,
        `${localMs.toFixed(0)} ms (STORAGE=local, same run)`,
        `${(s3Ms / localMs).toFixed(2)}×`,
        '≤ 1.3× local',
        met(s3Ms <= 1.3 * localMs),
      ]);

      const path = await bigGallery(site, s3, s3Dir);
      // The first request to the gallery's routes after a start also loads and compiles their
      // modules (tens of ms, once per process): measured apart, so that the row is the cost of a
      // download, which is what a site serving many pays each time.
      const coldBefore = cpuMs(site.pid);
      await (await fetch(`${site.url}${path}`, { redirect: 'manual' })).arrayBuffer();
      const firstRequest = cpuMs(site.pid) - coldBefore;
      const before = cpuMs(site.pid);
      const t = performance.now();
      const res = await fetch(`${site.url}${path}`, { redirect: 'manual' });
      const location = res.headers.get('location') ?? '';
      const got = spawnSync('curl', [
        '-s',
        '-o',
        '/dev/null',
        '-w',
        '%{http_code} %{size_download}',
        location,
      ]);
      const ms = performance.now() - t;
      const used = cpuMs(site.pid) - before;
      const [code, size] = got.stdout.toString().split(' ').map(Number);
      const whole =
        res.status === 302 && location.startsWith(s3.endpoint) && code === 200 && size === GIB_FILE * MIB;
      rows.push([
        '1 GiB gallery download through a presigned URL: the site’s CPU time',
        `${used} ms (302 to the store; the file read from it in ${(ms / 1000).toFixed(1)} s; the routes' first request after start ${firstRequest} ms${whole ? '' : `; status ${res.status}/${code}`})`,
        '—',
        '—',
        '≤ 50 ms',
        met(whole && used <= 50),
      ]);

      rows.push(...(await pageRows(site.url, ['/', '/shop'], 'with STORAGE=s3')));
    } finally {
      await site.stop();
    }
    rows.push(await uploadRow(s3));
  } finally {
    await s3.stop();
    rmSync(work, { recursive: true, force: true });
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printTable(await storageRows());
}
