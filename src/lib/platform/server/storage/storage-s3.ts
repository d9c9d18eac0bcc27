// The storage driver on an S3-compatible bucket (Cloudflare R2, Backblaze B2, Hetzner, Scaleway,
// AWS S3). One PutObject for a small Buffer, a multipart upload (lib-storage) for anything larger
// or of unknown size: S3 shows an object only once its upload is complete, so readers never see
// half. Requests are retried by the SDK (3 attempts in all) and each one gives up after a timeout,
// so a store that stops answering fails the call with a sentence instead of hanging it.

import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
  UploadPartCopyCommand,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import {
  assertKey,
  assertPrefix,
  assertRange,
  isFileBody,
  rangePastEnd,
  type StorageDriver,
  StorageNotFound,
  type StoredObject,
} from './storage-driver';

export interface S3Settings {
  /** The store's address; AWS S3 itself when not given. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket in the path (https://host/bucket/key) rather than the host name: most other stores want it. */
  forcePathStyle: boolean;
}

export interface S3DriverOptions {
  /** A client made elsewhere (tests); its settings are then its own. */
  client?: S3Client;
  /** Bytes per part of a multipart upload, 5 MiB at the least; 8 MiB when not given. */
  partSize?: number;
  /** How long one request may wait for its answer before it is abandoned (and retried); 30 s when not given. */
  requestTimeoutMs?: number;
  /** Keys asked for per ListObjectsV2 page (the store's own limit is 1000). */
  listPageSize?: number;
  /** The largest object moved by one CopyObject (S3's own limit, 5 GiB, when not given); larger ones are copied in parts. */
  maxSingleCopyBytes?: number;
  /** Bytes per part when an object is copied in parts; 512 MiB when not given. */
  copyPartSize?: number;
}

const MiB = 1024 * 1024;
const DEFAULT_PART_SIZE = 8 * MiB;
const UPLOAD_QUEUE = 4;
const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
const CONNECT_TIMEOUT_MS = 10_000;
const DEFAULT_PRESIGN_SECONDS = 900;
const MAX_SINGLE_COPY = 5 * 1024 * MiB;
const DEFAULT_COPY_PART = 512 * MiB;
const MAX_PARTS = 10_000;

/** The S3 client settings of the site's bucket: its address and key, retries, timeouts, checksums. */
export function s3ClientConfig(
  settings: S3Settings,
  requestTimeoutMs = DEFAULT_REQUEST_TIMEOUT_MS,
): S3ClientConfig {
  return {
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    maxAttempts: 3,
    requestHandler: new NodeHttpHandler({
      connectionTimeout: Math.min(CONNECT_TIMEOUT_MS, requestTimeoutMs),
      requestTimeout: requestTimeoutMs,
      // Without it the SDK only logs a warning when the request timeout passes, and keeps waiting.
      throwOnRequestTimeout: true,
    }),
    // Checksums only where the S3 API requires them. Since January 2025 the SDK adds a CRC32 header
    // to every upload and checks one on every download by default; S3-compatible stores were slow to
    // follow (Cloudflare R2 answered 501 NotImplemented to that header, Backblaze B2 refused the
    // checksum headers as unsupported).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

export function s3Client(settings: S3Settings, requestTimeoutMs = DEFAULT_REQUEST_TIMEOUT_MS): S3Client {
  return new S3Client(s3ClientConfig(settings, requestTimeoutMs));
}

interface SdkError {
  name?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
}

function statusOf(err: unknown): number | undefined {
  return (err as SdkError).$metadata?.httpStatusCode;
}

function isNotFound(err: unknown): boolean {
  const name = (err as SdkError).name;
  return name === 'NoSuchKey' || name === 'NotFound' || (statusOf(err) === 404 && name !== 'NoSuchBucket');
}

/** A name safe inside a Content-Disposition header: no folder, quote, backslash or control character. */
export function safeDownloadName(fileName: string): string {
  const last = fileName.split(/[/\\]/).pop() ?? '';
  const clean = last.replace(/[\p{Cc}"]/gu, '').trim();
  return clean.replace(/^\.+/, '').slice(0, 200) || 'file';
}

/** `attachment; filename="ascii"; filename*=UTF-8''utf8` (RFC 6266), from any file name. */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const name = safeDownloadName(fileName);
  const ascii = name.replace(/[^\x20-\x7e]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export function s3Driver(settings: S3Settings, options: S3DriverOptions = {}): StorageDriver {
  const client = options.client ?? s3Client(settings, options.requestTimeoutMs);
  const Bucket = settings.bucket;
  const partSize = options.partSize ?? DEFAULT_PART_SIZE;

  /** The SDK's error as a sentence with the key and the status; never the request, so never a credential. */
  function failure(action: string, key: string, err: unknown): Error {
    const status = statusOf(err);
    const name = (err as SdkError).name ?? 'Error';
    let detail: string;
    if (status) detail = `it answered ${status} (${name})`;
    else {
      // A network, timeout or body error's own words, without the SDK's package prefix or a credential.
      let reason = String((err as SdkError).message ?? '')
        .replace(/^@smithy\/[\w-]+ - (\[\w+\] )?/, '')
        .replace(/\.$/, '');
      for (const secret of [settings.secretAccessKey, settings.accessKeyId]) {
        if (secret) reason = reason.replaceAll(secret, '***');
      }
      detail = `it failed (${name}: ${reason.slice(0, 200)})`;
    }
    return new Error(`Could not ${action} "${key}" in the S3 bucket "${Bucket}": ${detail}.`);
  }

  async function send<T>(action: string, key: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      throw failure(action, key, err);
    }
  }

  async function headOf(key: string): Promise<StoredObject | null> {
    assertKey(key);
    try {
      const answer = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return { key, size: answer.ContentLength ?? 0, etag: answer.ETag?.replaceAll('"', '') ?? null };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw failure('look up', key, err);
    }
  }

  /**
   * Copies an object larger than one CopyObject allows: a multipart upload whose parts are ranges
   * of the source (UploadPartCopy), four at a time; abandoned whole if one part fails.
   */
  async function copyInParts(
    CopySource: string,
    size: number,
    target: { Bucket: string; Key: string; ContentType?: string; CacheControl?: string },
  ): Promise<void> {
    const Key = target.Key;
    const started = await send('start copying to', Key, () =>
      client.send(new CreateMultipartUploadCommand(target)),
    );
    const UploadId = started.UploadId;
    const part = Math.max(options.copyPartSize ?? DEFAULT_COPY_PART, Math.ceil(size / MAX_PARTS));
    const count = Math.ceil(size / part);
    const etags: string[] = [];
    try {
      let next = 0;
      const worker = async () => {
        while (next < count) {
          const index = next++;
          const start = index * part;
          const end = Math.min(size, start + part) - 1;
          const answer = await client.send(
            new UploadPartCopyCommand({
              Bucket,
              Key,
              UploadId,
              PartNumber: index + 1,
              CopySource,
              CopySourceRange: `bytes=${start}-${end}`,
            }),
          );
          etags[index] = answer.CopyPartResult?.ETag ?? '';
        }
      };
      await send('copy to', Key, () => Promise.all(Array.from({ length: UPLOAD_QUEUE }, worker)));
      await send('finish copying to', Key, () =>
        client.send(
          new CompleteMultipartUploadCommand({
            Bucket,
            Key,
            UploadId,
            MultipartUpload: { Parts: etags.map((ETag, i) => ({ ETag, PartNumber: i + 1 })) },
          }),
        ),
      );
    } catch (err) {
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId })).catch(() => {});
      throw err;
    }
  }

  return {
    kind: 's3',

    async put(key, body, putOptions = {}) {
      assertKey(key);
      const meta = {
        Bucket,
        Key: key,
        ContentType: putOptions.contentType,
        CacheControl: putOptions.cacheControl,
      };
      if (Buffer.isBuffer(body) && body.length <= partSize) {
        await send('write', key, () => client.send(new PutObjectCommand({ ...meta, Body: body })));
        return;
      }
      const params = isFileBody(body)
        ? { ...meta, Body: createReadStream(body.file), ContentLength: (await stat(body.file)).size }
        : { ...meta, Body: body as Buffer | Readable };
      const upload = new Upload({
        client,
        params,
        partSize,
        queueSize: UPLOAD_QUEUE,
        leavePartsOnError: false,
      });
      await send('write', key, () => upload.done());
    },

    async get(key, range) {
      assertKey(key);
      assertRange(range);
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket, Key: key, Range: range && `bytes=${range.start}-${range.end}` }),
        );
        return answer.Body as Readable;
      } catch (err) {
        if (isNotFound(err)) throw new StorageNotFound(key);
        if (range && statusOf(err) === 416) throw rangePastEnd(key, range);
        throw failure('read', key, err);
      }
    },

    head: headOf,

    async delete(key) {
      assertKey(key);
      await send('delete', key, () => client.send(new DeleteObjectCommand({ Bucket, Key: key })));
    },

    async move(from, to, putOptions = {}) {
      assertKey(from);
      assertKey(to);
      const found = await headOf(from);
      if (!found) throw new StorageNotFound(from);
      const target = {
        Bucket,
        Key: to,
        ContentType: putOptions.contentType,
        CacheControl: putOptions.cacheControl,
      };
      const CopySource = `${Bucket}/${from}`;
      if (found.size <= (options.maxSingleCopyBytes ?? MAX_SINGLE_COPY)) {
        await send('copy', from, () =>
          client.send(new CopyObjectCommand({ ...target, CopySource, MetadataDirective: 'REPLACE' })),
        );
      } else {
        await copyInParts(CopySource, found.size, target);
      }
      await send('delete', from, () => client.send(new DeleteObjectCommand({ Bucket, Key: from })));
    },

    list(prefix) {
      assertPrefix(prefix);
      return (async function* (): AsyncGenerator<StoredObject> {
        let ContinuationToken: string | undefined;
        do {
          const page = await send('list', `${prefix}*`, () =>
            client.send(
              new ListObjectsV2Command({
                Bucket,
                Prefix: prefix || undefined,
                ContinuationToken,
                MaxKeys: options.listPageSize,
              }),
            ),
          );
          for (const item of page.Contents ?? []) {
            if (!item.Key) continue;
            yield { key: item.Key, size: item.Size ?? 0, etag: item.ETag?.replaceAll('"', '') ?? null };
          }
          ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (ContinuationToken);
      })();
    },

    async presignGet(key, presign) {
      assertKey(key);
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentDisposition: contentDisposition(presign.disposition, presign.fileName),
      });
      return send('sign a link to', key, () =>
        getSignedUrl(client, command, { expiresIn: presign.expiresInSeconds ?? DEFAULT_PRESIGN_SECONDS }),
      );
    },

    localPath(key) {
      assertKey(key);
      return null;
    },
  };
}
