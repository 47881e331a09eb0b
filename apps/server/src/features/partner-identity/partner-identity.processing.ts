import sharp from 'sharp';
import { PARTNER_LOGO_RULES } from '@service-portal/shared/partner-identity';
import { AppError } from '../../errors.ts';
import { sniffUpload } from '../../lib/sniff.ts';

/** What file-type reads from the first bytes (never the name or the header): PNG, JPEG, WebP. */
const ACCEPTED = new Set<string>(PARTNER_LOGO_RULES.types);
/** file-type needs at most this many bytes for the formats we accept. */
const SNIFF_BYTES = 4100;
/** A logo narrower or lower than this is an icon or a tracking pixel, not a logo. */
const MIN_PX = 16;

const MB = PARTNER_LOGO_RULES.maxBytes / (1024 * 1024);

export const logoTooLarge = () =>
  new AppError('payload_too_large', 413, `The logo is too large: at most ${MB} MB.`);
export const logoInvalidType = () =>
  new AppError(
    'unsupported_media_type',
    415,
    'The logo must be a PNG, JPEG or WebP image (SVG and other files are not accepted).',
  );
const TOO_SMALL = `The logo is too small: at least ${MIN_PX} × ${MIN_PX} pixels.`;
const logoTooSmall = () =>
  new AppError('validation_failed', 400, TOO_SMALL, { errors: [{ path: 'file', message: TOO_SMALL }] });

export interface ProcessedLogo {
  data: Buffer;
  contentType: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
}

/**
 * Reads an uploaded logo: the type by content (PNG, JPEG or WebP; SVG and the rest refused), at most
 * PARTNER_LOGO_RULES.maxBytes (refused as soon as the stream passes it), then upright and scaled
 * down to fit maxPx (never enlarged), without metadata. A JPEG stays a JPEG; PNG and WebP become
 * PNG so that transparency is kept (the service report's PDF embeds PNG and JPEG).
 */
export async function processLogo(source: AsyncIterable<Buffer>): Promise<ProcessedLogo> {
  const upload = await sniffUpload(source, {
    sniffBytes: SNIFF_BYTES,
    maxBytes: PARTNER_LOGO_RULES.maxBytes,
    tooLarge: logoTooLarge,
  });
  if (!upload.mime || !ACCEPTED.has(upload.mime)) {
    upload.stream.destroy();
    throw logoInvalidType();
  }
  const chunks: Buffer[] = [];
  for await (const chunk of upload.stream) chunks.push(chunk as Buffer);
  const input = Buffer.concat(chunks);
  const jpeg = upload.mime === 'image/jpeg';
  try {
    const image = sharp(input, { failOn: 'error', limitInputPixels: 50_000_000 }).rotate().resize({
      width: PARTNER_LOGO_RULES.maxPx,
      height: PARTNER_LOGO_RULES.maxPx,
      fit: 'inside',
      withoutEnlargement: true,
    });
    const { data, info } = jpeg
      ? await image.jpeg({ quality: 88, mozjpeg: true }).toBuffer({ resolveWithObject: true })
      : await image.png({ compressionLevel: 9, palette: false }).toBuffer({ resolveWithObject: true });
    if (info.width < MIN_PX || info.height < MIN_PX) throw logoTooSmall();
    return { data, contentType: jpeg ? 'image/jpeg' : 'image/png', width: info.width, height: info.height };
  } catch (err) {
    if (err instanceof AppError) throw err;
    // The right first bytes, unreadable inside.
    throw logoInvalidType();
  }
}
