import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { strictNumber, VALIDATION_MESSAGES as M } from './validation.ts';

/** Spec §3 "Customer upload": the category of each image. */
export const IMAGE_CATEGORIES = [
  'product_photo',
  'installation',
  'problem_area',
  'serial_number',
  'other',
] as const;
export const imageCategorySchema = z.enum(IMAGE_CATEGORIES);
export type ImageCategory = z.infer<typeof imageCategorySchema>;

/** When staff took a photo (issue 14): at intake, during the repair, at handover. */
export const IMAGE_MOMENTS = ['intake', 'during_repair', 'handover'] as const;
export const imageMomentSchema = z.enum(IMAGE_MOMENTS);
export type ImageMoment = z.infer<typeof imageMomentSchema>;

/** What the content (magic bytes) says; never the name or the Content-Type header. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/heic'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
/** For the file picker only (`accept`); the server decides by content. */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/heic,image/heif,.heic,.heif,.jpg,.jpeg,.png';

export const IMAGE_DESCRIPTION_MAX = 500;
export const imageDescriptionSchema = z.string().trim().max(IMAGE_DESCRIPTION_MAX, M.tooLong);

export const IMAGE_LIMITS = {
  /** Spec §5: per image. */
  imageMaxBytes: LIMITS.imageMaxBytes,
  /** Spec §5: per upload (a staff request; a customer link in all). */
  uploadMaxBytes: LIMITS.uploadMaxBytes,
  /** Images per request. */
  maxFiles: 20,
} as const;

export type ImageCheck =
  { ok: true } | { ok: false; message: typeof M.fileTooLarge | typeof M.invalidFileType };

/** The check a browser can make before sending: the server checks again, by content. */
export function precheckImage(file: { name: string; type: string; size: number }): ImageCheck {
  const byType = /^image\/(jpeg|png|heic|heif)$/i.test(file.type);
  const byName = /\.(jpe?g|png|heic|heif)$/i.test(file.name);
  if (!byType && !byName) return { ok: false, message: M.invalidFileType };
  if (file.size > IMAGE_LIMITS.imageMaxBytes) return { ok: false, message: M.fileTooLarge };
  return { ok: true };
}

/** How many leading bytes `sniffImageType` reads. */
export const IMAGE_SNIFF_BYTES = 16;
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/**
 * The image type the file's first bytes (magic bytes) say, or null: the browser's check when a file
 * is picked, so a renamed non-image is refused at once, not after Upload (issue 31). The server
 * decides again by content.
 */
export function sniffImageType(head: Uint8Array): ImageType | null {
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.every((byte, i) => head[i] === byte)) return 'image/png';
  const text = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head.length >= 12 && text(4, 8) === 'ftyp' && HEIF_BRANDS.has(text(8, 12))) return 'image/heic';
  return null;
}

/** True when the files together stay within `remaining` bytes (50 MB for a fresh upload). */
export function fitsTotal(
  sizes: readonly number[],
  remaining: number = IMAGE_LIMITS.uploadMaxBytes,
): boolean {
  return sizes.reduce((a, b) => a + b, 0) <= remaining;
}

export const imageSourceSchema = z.enum(['customer', 'staff']);

export const imageSchema = z.object({
  id: z.uuid(),
  /** The owner: a service order, or a rental (photos taken at its return); exactly one is set. */
  serviceOrderId: z.uuid().nullable(),
  rentalId: z.uuid().nullable(),
  category: imageCategorySchema,
  moment: imageMomentSchema.nullable(),
  description: z.string().nullable(),
  source: imageSourceSchema,
  uploadedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  originalType: z.enum(IMAGE_TYPES),
  originalName: z.string(),
  originalBytes: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
  /** Signed, short-lived URLs (an <img> cannot send the Bearer header). */
  thumbnailUrl: z.string(),
  displayUrl: z.string(),
  originalUrl: z.string(),
});
export type Image = z.infer<typeof imageSchema>;

export const IMAGE_VARIANTS = ['thumbnail', 'display', 'original'] as const;
export const imageVariantSchema = z.enum(IMAGE_VARIANTS);
export type ImageVariant = z.infer<typeof imageVariantSchema>;

export const imageFileParamsSchema = z.object({ imageId: z.uuid(), variant: imageVariantSchema });
export const imageFileQuerySchema = z.object({
  exp: strictNumber(z.number().int()),
  sig: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/),
});

/**
 * The non-file fields of an image upload, one entry per file in order (spec §7 "files, categories,
 * descriptions"; staff add `moments`). Fields may come before or after the files.
 */
export const imageUploadFieldsSchema = z
  .object({
    categories: z.array(imageCategorySchema),
    descriptions: z.array(imageDescriptionSchema),
    moments: z.array(imageMomentSchema),
  })
  .strict();
export type ImageUploadFields = z.infer<typeof imageUploadFieldsSchema>;

/** OpenAPI only: multipart bodies are read as streams, not by the validator. */
export const imageUploadBodyDoc = z.object({
  files: z.array(z.string()).describe('JPEG, PNG or HEIC files, at most 10 MB each and 50 MB in all'),
  categories: z.array(imageCategorySchema).describe('one per file, in order'),
  descriptions: z.array(z.string()).optional().describe('one per file, in order; empty for none'),
  moments: z.array(imageMomentSchema).optional().describe('staff only: one per file'),
});
