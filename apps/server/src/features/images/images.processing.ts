import type { Readable } from 'node:stream';
import sharp, { type Sharp } from 'sharp';
import type { ImageType } from '@service-portal/shared/images';
import { VALIDATION_MESSAGES } from '@service-portal/shared/validation';
import { AppError } from '../../errors.ts';
import { sniffUpload } from '../../lib/sniff.ts';

// libvips' own cache and thread pool would keep tens of MB per upload alive; one image at a time
// on few threads keeps the server's memory flat under parallel uploads (bench: customer-upload).
sharp.cache(false);
sharp.concurrency(2);

/** What file-type reads from the first bytes; anything else is refused (never by name or header). */
const ACCEPTED: Record<string, ImageType> = {
  'image/jpeg': 'image/jpeg',
  'image/png': 'image/png',
  'image/heic': 'image/heic',
  'image/heif': 'image/heic',
};
/** file-type needs at most this many bytes for the formats we accept. */
const SNIFF_BYTES = 4100;

export const tooLarge = () => new AppError('payload_too_large', 413, VALIDATION_MESSAGES.fileTooLarge);
export const invalidType = () =>
  new AppError('unsupported_media_type', 415, VALIDATION_MESSAGES.invalidFileType);

/**
 * Reads the head of a file stream, decides its type by content, and hands back a stream of the
 * whole file that fails with 413 as soon as it passes `maxBytes` (the rest is never read).
 */
export async function sniffAndLimit(
  source: AsyncIterable<Buffer>,
  maxBytes: number,
): Promise<{ type: ImageType; stream: Readable; bytes: () => number }> {
  const upload = await sniffUpload(source, { sniffBytes: SNIFF_BYTES, maxBytes, tooLarge });
  const type = upload.mime ? ACCEPTED[upload.mime] : undefined;
  if (!type) throw invalidType();
  if (upload.headBytes > maxBytes) throw tooLarge();
  return { type, stream: upload.stream, bytes: upload.bytes };
}

/** Reads a stream of known size into one buffer (no chunk list and concat copy on top). */
async function toBuffer(stream: Readable, size: number): Promise<Buffer> {
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  for await (const c of stream) {
    const chunk = c as Buffer;
    if (at + chunk.length > size) throw invalidType();
    chunk.copy(out, at);
    at += chunk.length;
  }
  return at === size ? out : out.subarray(0, at);
}

/** HEIC is HEVC inside: sharp's prebuilt libvips cannot decode it, libheif in WASM can. */
async function decodeHeic(data: Buffer): Promise<Sharp> {
  const { default: decode } = await import('heic-decode');
  const { width, height, data: rgba } = await decode({ buffer: data });
  return sharp(Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength), {
    raw: { width, height, channels: 4 },
  });
}

export interface Derived {
  display: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
}

/** One derivation at a time: decoded pixels are the big allocation here. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * The JPEGs we serve: upright (EXIF orientation applied), at most 2048 px, and a 320 px square
 * thumbnail. sharp writes no metadata unless asked, so EXIF (GPS, camera, times) is gone.
 */
export function deriveVariants(original: Readable, type: ImageType, size: number): Promise<Derived> {
  const run = async (): Promise<Derived> => {
    try {
      let data: Buffer | null = await toBuffer(original, size);
      const base =
        type === 'image/heic'
          ? await decodeHeic(data)
          : sharp(data, { failOn: 'error', sequentialRead: true });
      const { data: display, info } = await base
        .rotate()
        .flatten({ background: '#ffffff' })
        .resize({ width: 2048, height: 2048, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 82 })
        .toBuffer({ resolveWithObject: true });
      data = null; // the original's bytes can go before the thumbnail is made
      // From the display copy (upright, small): JPEG shrink-on-load makes this cheap.
      const thumbnail = await sharp(display, { sequentialRead: true })
        .resize({ width: 320, height: 320, fit: 'cover' })
        .jpeg({ quality: 72 })
        .toBuffer();
      return { display, thumbnail, width: info.width, height: info.height };
    } catch (err) {
      if (err instanceof AppError) throw err;
      // Right magic bytes, unreadable inside.
      throw invalidType();
    }
  };
  const next = queue.then(run, run);
  queue = next.catch(() => undefined);
  return next;
}
