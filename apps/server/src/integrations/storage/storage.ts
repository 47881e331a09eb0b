import type { Readable } from 'node:stream';
import { AppError } from '../../errors.ts';

/**
 * Where files (customer images, later documents) live: a folder under DATA_DIR by default, an
 * S3-compatible bucket in production. Both stream in and out; neither holds a file in memory.
 * Keys are relative paths of `[A-Za-z0-9._-]` segments joined by `/`.
 */
export interface FileStorage {
  readonly driver: 'local' | 's3';
  /** Streams `body` to `key` (replacing it); resolves with the bytes written. A failed write leaves no object. */
  put(key: string, body: Readable, options: { contentType: string }): Promise<{ bytes: number }>;
  /** A stream of the object, or null when there is none. */
  get(key: string): Promise<Readable | null>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Whether the object exists (tests, clean-up). */
  exists(key: string): Promise<boolean>;
  /**
   * Removes what writes cut off by a dead process left behind (a killed upload's temporary file),
   * when older than `olderThanMs` by the wall clock; returns how many. Run at start and hourly.
   */
  removeUnfinishedWrites(olderThanMs: number): Promise<number>;
  close(): Promise<void>;
}

/**
 * A write under way is younger than this: a request's body arrives within minutes (uploads are at
 * most 50 MB), so an older temporary file belongs to a process that died (issue 32).
 */
export const UNFINISHED_WRITE_GRACE_MS = 15 * 60_000;

/**
 * The store is full (ENOSPC on the local disk, EntityTooLarge from S3). It is an AppError, so any
 * request whose write meets it answers 507 `insufficient_storage` through the one error handler.
 */
export class StorageFullError extends AppError {
  constructor(cause?: unknown) {
    super('insufficient_storage', 507, 'The file store has no room left.');
    this.name = 'StorageFullError';
    this.cause = cause;
  }
}

const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** Refuses keys that could leave the store's root (`..`, absolute paths, odd characters). */
export function assertKey(key: string): void {
  if (!KEY.test(key) || key.length > 512) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

export type StorageConfig =
  | { driver: 'local'; root: string }
  | {
      driver: 's3';
      bucket: string;
      region: string;
      endpoint: string | undefined;
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
      forcePathStyle: boolean;
    };
