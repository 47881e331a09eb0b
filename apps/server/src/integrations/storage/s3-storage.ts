import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { type Readable, Transform } from 'node:stream';
import { assertKey, StorageFullError, type FileStorage, type StorageConfig } from './storage.ts';

type S3Config = Extract<StorageConfig, { driver: 's3' }>;

function isMissing(err: unknown): boolean {
  if (!(err instanceof S3ServiceException)) return false;
  return err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404;
}

/**
 * An S3-compatible bucket (AWS, MinIO, R2, Ceph): `endpoint` and `forcePathStyle` reach the
 * non-AWS ones. Writes go through lib-storage's multipart upload, which holds at most one 5 MB
 * part per request in memory, never the whole file; reads hand back the response stream.
 */
export function createS3Storage(config: S3Config): FileStorage {
  const client = new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
    // Checksums on every request are an AWS extension several S3-compatible servers refuse.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  return {
    driver: 's3',
    async put(key, body, options) {
      assertKey(key);
      let bytes = 0;
      const counted = body.pipe(
        new Transform({
          transform(chunk: Buffer, _enc, done) {
            bytes += chunk.length;
            done(null, chunk);
          },
        }),
      );
      // A failing source must fail the upload rather than leave it waiting for more data.
      body.once('error', (err) => counted.destroy(err));
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: counted, ContentType: options.contentType },
        queueSize: 1,
        partSize: 5 * 1024 * 1024,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (err) {
        if (err instanceof S3ServiceException && err.name === 'EntityTooLarge')
          throw new StorageFullError(err);
        throw err;
      }
      return { bytes };
    },
    async get(key) {
      assertKey(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!res.Body) return null;
        return res.Body as Readable;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      assertKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async exists(key) {
      assertKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },
    // S3 keeps no half object: an upload cut off by a dead process is an incomplete multipart
    // upload, invisible to reads, whose parts the bucket's AbortIncompleteMultipartUpload lifecycle
    // rule removes (README, "Files on S3"). Listing uploads is not offered by every S3-compatible
    // server (s3rver refuses it), so the portal leaves that to the bucket.
    async removeUnfinishedWrites() {
      return 0;
    },
    async close() {
      client.destroy();
    },
  };
}
