// Four multipart endpoints that s3rver 3.7.1 lacks, added to the test S3 server over s3rver's own
// files, in the request and response formats the S3 API documents. @tus/s3-store needs the first
// three to resume and clean up uploads; the storage driver's server-side copy of an object over
// 5 GiB needs the fourth:
// - ListParts            GET    /{bucket}/{key}?uploadId=…
// - AbortMultipartUpload DELETE /{bucket}/{key}?uploadId=…
// - ListMultipartUploads GET    /{bucket}?uploads
// - UploadPartCopy       PUT    /{bucket}/{key}?partNumber=…&uploadId=… with x-amz-copy-source(-range)
// s3rver keeps an upload in progress as a folder {root}/{bucket}/._S3rver_uploads/{uploadId}/
// holding `key`, `metadata`, and each part as `{n}` with its MD5 in `{n}.md5`.
import { existsSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const S3Error = require('s3rver/lib/models/error');

const UPLOAD_ID = /^[0-9a-f]{32}$/;

/** A Koa middleware for s3rver (path-style requests only, as the tests make them). */
export function multipartEndpoints(root) {
  const uploadsDir = (bucket) => join(root, bucket, '._S3rver_uploads');
  const uploadDir = (bucket, uploadId) => {
    if (!UPLOAD_ID.test(uploadId ?? ''))
      throw new S3Error('NoSuchUpload', 'The specified upload does not exist.');
    const dir = join(uploadsDir(bucket), uploadId);
    if (!existsSync(dir)) throw new S3Error('NoSuchUpload', 'The specified upload does not exist.');
    return dir;
  };

  async function parts(dir) {
    const names = (await readdir(dir))
      .filter((n) => /^\d+$/.test(n))
      .map(Number)
      .sort((a, b) => a - b);
    return Promise.all(
      names.map(async (n) => {
        const info = await stat(join(dir, String(n)));
        const md5 = await readFile(join(dir, `${n}.md5`), 'utf8').catch(() => '');
        return { PartNumber: n, LastModified: info.mtime.toISOString(), ETag: `"${md5}"`, Size: info.size };
      }),
    );
  }

  return async (ctx, next) => {
    const [, bucket, ...rest] = ctx.path.split('/');
    const key = rest.map(decodeURIComponent).join('/');
    const q = ctx.query;
    if (ctx.method === 'GET' && bucket && key && 'uploadId' in q) {
      const all = await parts(uploadDir(bucket, q.uploadId));
      const marker = Number(q['part-number-marker'] ?? 0);
      const max = Math.min(Number(q['max-parts'] ?? 1000), 1000);
      const after = all.filter((p) => p.PartNumber > marker);
      const page = after.slice(0, max);
      ctx.body = {
        ListPartsResult: {
          Bucket: bucket,
          Key: key,
          UploadId: q.uploadId,
          PartNumberMarker: marker,
          NextPartNumberMarker: page.at(-1)?.PartNumber ?? marker,
          MaxParts: max,
          IsTruncated: after.length > page.length,
          ...(page.length ? { Part: page } : {}),
        },
      };
      return;
    }
    if (ctx.method === 'DELETE' && bucket && key && 'uploadId' in q) {
      await rm(uploadDir(bucket, q.uploadId), { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    if (ctx.method === 'GET' && bucket && !key && 'uploads' in q) {
      const dir = uploadsDir(bucket);
      const ids = existsSync(dir) ? (await readdir(dir)).filter((n) => UPLOAD_ID.test(n)) : [];
      const uploads = await Promise.all(
        ids.map(async (id) => ({
          Key: await readFile(join(dir, id, 'key'), 'utf8'),
          UploadId: id,
          Initiated: (await stat(join(dir, id, 'key'))).mtime.toISOString(),
        })),
      );
      const prefix = q.prefix ?? '';
      uploads.splice(0, uploads.length, ...uploads.filter((u) => u.Key.startsWith(prefix)));
      uploads.sort((a, b) => a.Key.localeCompare(b.Key) || a.UploadId.localeCompare(b.UploadId));
      ctx.body = {
        ListMultipartUploadsResult: {
          Bucket: bucket,
          Prefix: prefix,
          MaxUploads: 1000,
          IsTruncated: false,
          ...(uploads.length ? { Upload: uploads } : {}),
        },
      };
      return;
    }
    if (ctx.method === 'PUT' && bucket && key && 'uploadId' in q && ctx.get('x-amz-copy-source')) {
      uploadDir(bucket, q.uploadId);
      const source = decodeURIComponent(ctx.get('x-amz-copy-source')).replace(/^\//, '');
      const [srcBucket, ...srcKey] = source.split('/');
      const range = /^bytes=(\d+)-(\d+)$/.exec(ctx.get('x-amz-copy-source-range') ?? '');
      const object = await ctx.store.getObject(
        srcBucket,
        srcKey.join('/'),
        range ? { start: Number(range[1]), end: Number(range[2]) } : undefined,
      );
      if (!object?.content) throw new S3Error('NoSuchKey', 'The specified key does not exist.');
      const { md5 } = await ctx.store.putPart(bucket, q.uploadId, Number(q.partNumber), object.content);
      ctx.body = { CopyPartResult: { ETag: `"${md5}"`, LastModified: new Date().toISOString() } };
      return;
    }
    return next();
  };
}
