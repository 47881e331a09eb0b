import { createHmac, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  imageUploadFieldsSchema,
  IMAGE_LIMITS,
  type Image,
  type ImageCategory,
  type ImageVariant,
} from '@service-portal/shared/images';
import type { SerialEvent } from '@service-portal/shared/serial-history';
import type { Db } from '../../db/client.ts';
import type { TenantScope } from '../../db/tenant.ts';
import { AppError, notFound } from '../../errors.ts';
import type { FileWrites, StoredFiles } from '../../integrations/storage/file-ledger.ts';
import type { UploadPart } from '../../lib/multipart.ts';
import { safeEqual } from '../../lib/secrets.ts';
import { deriveVariants, sniffAndLimit, tooLarge } from './images.processing.ts';
import type { ImageRow, ImagesRepository, ImageValues } from './images.repository.ts';

/** Bytes an upload may take beyond the per-request cap: a customer link's 50 MB in all. */
export interface UploadBudget {
  /** Takes `bytes` atomically, or answers false when they do not fit (nothing taken). */
  reserve(bytes: number): Promise<boolean>;
  release(bytes: number): Promise<void>;
}

/** Whose photos: a service order's (staff or a customer link) or a rental's (at its return). */
export type UploadOwner =
  { orderId: string; rentalId?: undefined } | { rentalId: string; orderId?: undefined };

export type UploadInput = UploadOwner & {
  source: 'customer' | 'staff';
  uploadedBy: string | null;
  uploadLinkId: string | null;
  parts: AsyncIterable<UploadPart>;
  budget?: UploadBudget;
  /** The category of every file when the request names none (rental photos have no categories). */
  defaultCategory?: ImageCategory;
};

// What this feature asks of the service-orders feature (images.module.ts is given that service).
export interface OrderCheck {
  /** 404 unless the order is the partner's. */
  assertExists(scope: TenantScope, orderId: string): Promise<void>;
}

export interface ImagesDeps {
  repo: ImagesRepository;
  /** File storage under the ledger of stored files (integrations/storage). */
  files: StoredFiles;
  orders: OrderCheck;
  /** Signs the short-lived file URLs (an <img> cannot send a Bearer header). */
  urlKey: Uint8Array;
  limits: { imageMaxBytes: number; totalMaxBytes: number };
  now?: () => Date;
}

const URL_TTL_MS = 60 * 60_000;
const FIELD_NAMES = new Set(['categories', 'descriptions', 'moments']);

function badRequest(path: string, message: string) {
  return new AppError('validation_failed', 400, 'The request is not valid.', { errors: [{ path, message }] });
}

/** Keeps the original's name for the download, without anything a header could trip over. */
function safeName(name: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}._ -]+/gu, '_')
    .slice(-120)
    .trim();
  return cleaned.length > 0 ? cleaned : 'image';
}

/** The extensions a download of each proven type may carry; the first is given when it has none of them. */
const EXTENSIONS: Record<Image['originalType'], string[]> = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/heic': ['.heic', '.heif'],
};

/**
 * The original's download name: the uploaded name with the extension of the type its content
 * proved (`poly.html` holding a JPEG downloads as `poly.jpg`, so a saved copy never opens as a web
 * page; issue 32). A name that already says its type keeps its own spelling (`IMG_0001.HEIC`).
 */
export function downloadName(name: string, type: Image['originalType']): string {
  const extensions = EXTENSIONS[type];
  if (extensions.some((ext) => name.toLowerCase().endsWith(ext))) return name;
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  return `${stem}${extensions[0]}`;
}

/**
 * Photos on service orders (spec §7 Images): streamed in with the limits enforced while reading,
 * typed by content, kept as original + EXIF-free display JPEG + thumbnail, served through signed
 * short-lived URLs. Files go through the storage integration's ledger (committed with the rows).
 */
export function createImagesService(deps: ImagesDeps) {
  const { repo, files: stored, orders } = deps;
  const now = deps.now ?? (() => new Date());

  function sign(id: string, variant: ImageVariant, exp: number): string {
    return createHmac('sha256', deps.urlKey)
      .update(`${id}:${variant}:${exp}`)
      .digest('base64url')
      .slice(0, 32);
  }

  function urlOf(id: string, variant: ImageVariant): string {
    // Rounded to the hour, so a gallery shown twice within the hour reuses the browser's cache.
    const exp = Math.ceil((now().getTime() + URL_TTL_MS) / URL_TTL_MS) * URL_TTL_MS;
    return `/api/images/${id}/${variant}?exp=${exp}&sig=${sign(id, variant, exp)}`;
  }

  function present(row: ImageRow): Image {
    return {
      id: row.id,
      serviceOrderId: row.serviceOrderId,
      rentalId: row.rentalId,
      category: row.category,
      moment: row.moment,
      description: row.description,
      source: row.source,
      uploadedBy:
        row.uploadedById && row.uploadedByName ? { id: row.uploadedById, name: row.uploadedByName } : null,
      originalType: row.originalType,
      originalName: row.originalName,
      originalBytes: row.originalBytes,
      width: row.width,
      height: row.height,
      createdAt: row.createdAt.toISOString(),
      thumbnailUrl: urlOf(row.id, 'thumbnail'),
      displayUrl: urlOf(row.id, 'display'),
      originalUrl: urlOf(row.id, 'original'),
    };
  }

  /** Reads the multipart parts, stores and derives every file; all or nothing. */
  async function upload(scope: TenantScope, input: UploadInput): Promise<ImageRow[]> {
    const { imageMaxBytes, totalMaxBytes } = deps.limits;
    const written: FileWrites = stored.writes();
    const files: { id: string; key: string; type: Image['originalType']; bytes: number; name: string }[] = [];
    const fields: Record<string, string[]> = { categories: [], descriptions: [], moments: [] };
    let requestBytes = 0;
    let reserved = 0;
    const startedAt = now();
    try {
      for await (const part of input.parts) {
        if (part.type === 'field') {
          const name = part.fieldname.replace(/\[\]$/, '');
          if (!FIELD_NAMES.has(name) || typeof part.value !== 'string') {
            throw badRequest(part.fieldname, 'Unknown field');
          }
          fields[name]!.push(part.value);
          continue;
        }
        if (part.fieldname.replace(/\[\]$/, '') !== 'files')
          throw badRequest(part.fieldname, 'Unknown field');
        if (files.length >= IMAGE_LIMITS.maxFiles) throw tooLarge();
        const id = randomUUID();
        const { type, stream } = await sniffAndLimit(part.file, imageMaxBytes);
        const key = `images/${scope.partnerId}/${id}/original`;
        const bytes = await written.put(scope.partnerId, key, stream, type);
        requestBytes += bytes;
        if (requestBytes > totalMaxBytes) throw tooLarge();
        if (input.budget) {
          if (!(await input.budget.reserve(bytes))) throw tooLarge();
          reserved += bytes;
        }
        files.push({ id, key, type, bytes, name: safeName(part.filename) });
      }

      if (files.length === 0) throw badRequest('files', 'Choose at least one image');
      const parsed = imageUploadFieldsSchema.safeParse({
        categories: fields.categories,
        descriptions: fields.descriptions!.map((d) => d),
        moments: fields.moments,
      });
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw badRequest(issue.path.join('.'), issue.message);
      }
      const { descriptions, moments } = parsed.data;
      const categories =
        parsed.data.categories.length === 0 && input.defaultCategory
          ? files.map(() => input.defaultCategory!)
          : parsed.data.categories;
      if (categories.length !== files.length) throw badRequest('categories', 'One category per file');
      if (descriptions.length !== 0 && descriptions.length !== files.length)
        throw badRequest('descriptions', 'One description per file, or none');
      if (
        input.source === 'customer'
          ? moments.length !== 0
          : moments.length !== 0 && moments.length !== files.length
      )
        throw badRequest('moments', 'One moment per file, or none');

      const values: ImageValues[] = [];
      for (const [index, f] of files.entries()) {
        const original = await stored.get(f.key);
        if (!original) throw new AppError('internal_error', 500, 'A stored file vanished.');
        const derived = await deriveVariants(original, f.type, f.bytes);
        const displayKey = `images/${scope.partnerId}/${f.id}/display.jpg`;
        const thumbnailKey = `images/${scope.partnerId}/${f.id}/thumbnail.jpg`;
        await written.put(scope.partnerId, displayKey, Readable.from([derived.display]), 'image/jpeg');
        await written.put(scope.partnerId, thumbnailKey, Readable.from([derived.thumbnail]), 'image/jpeg');
        values.push({
          id: f.id,
          serviceOrderId: input.orderId ?? null,
          rentalId: input.rentalId ?? null,
          uploadLinkId: input.uploadLinkId,
          source: input.source,
          category: categories[index]!,
          moment: moments[index] ?? null,
          description: descriptions[index] ? descriptions[index] : null,
          uploadedBy: input.uploadedBy,
          originalKey: f.key,
          originalType: f.type,
          originalName: f.name,
          originalBytes: f.bytes,
          displayKey,
          thumbnailKey,
          width: derived.width,
          height: derived.height,
          // A millisecond apart, so the gallery keeps the order the files were sent in.
          createdAt: new Date(startedAt.getTime() + index),
        });
      }
      await repo.transaction(async (tx: Db) => {
        await repo.insertMany(scope, values, tx);
        await written.commit(tx, now());
      });
      const rows =
        input.rentalId !== undefined
          ? await repo.listForRental(scope, input.rentalId)
          : await repo.listForOrder(scope, input.orderId);
      const ids = new Set(values.map((v) => v.id));
      return rows.filter((r) => ids.has(r.id));
    } catch (err) {
      await written.discard();
      if (reserved > 0 && input.budget) await input.budget.release(reserved).catch(() => undefined);
      throw err;
    }
  }

  return {
    present,
    upload,

    async list(scope: TenantScope, orderId: string): Promise<Image[]> {
      await orders.assertExists(scope, orderId);
      return (await repo.listForOrder(scope, orderId)).map(present);
    },

    /** Staff add photos to an order (each with its moment: intake, during repair, handover). */
    async uploadForOrder(
      scope: TenantScope,
      actor: { id: string },
      orderId: string,
      parts: AsyncIterable<UploadPart>,
    ): Promise<Image[]> {
      await orders.assertExists(scope, orderId);
      const rows = await upload(scope, {
        orderId,
        source: 'staff',
        uploadedBy: actor.id,
        uploadLinkId: null,
        parts,
      });
      return rows.map(present);
    },

    /** The serial history's photos: those of all the unit's orders and rentals, in one query. */
    async serialEvents(
      scope: TenantScope,
      orders: readonly { id: string; orderNumber: string }[],
      rentalIds: readonly string[],
    ): Promise<SerialEvent[]> {
      const numbers = new Map(orders.map((o) => [o.id, o.orderNumber]));
      return (await repo.listForOwners(scope, [...numbers.keys()], rentalIds)).map((row) => {
        const image = present(row);
        return {
          kind: 'photo' as const,
          at: image.createdAt,
          title: image.category,
          detail: image.description,
          serviceOrderId: row.serviceOrderId,
          orderNumber: row.serviceOrderId ? (numbers.get(row.serviceOrderId) ?? null) : null,
          imageUrl: image.thumbnailUrl,
          ...(row.rentalId ? { rentalId: row.rentalId } : {}),
        };
      });
    },

    // Photos of a rental, taken at its return. The rentals feature calls these through a port in
    // rentals.module.ts after its own checks (the rental is the partner's and may take photos).

    async listForRental(scope: TenantScope, rentalId: string): Promise<Image[]> {
      return (await repo.listForRental(scope, rentalId)).map(present);
    },

    /** The same pipeline as an order's: typed by content, size limits, display copy and thumbnail. */
    async uploadForRental(
      scope: TenantScope,
      actor: { id: string },
      rentalId: string,
      parts: AsyncIterable<UploadPart>,
    ): Promise<Image[]> {
      const rows = await upload(scope, {
        rentalId,
        source: 'staff',
        uploadedBy: actor.id,
        uploadLinkId: null,
        parts,
        defaultCategory: 'product_photo',
      });
      return rows.map(present);
    },

    async removeOfRental(scope: TenantScope, rentalId: string, imageId: string): Promise<void> {
      if (!(await repo.removeOfRental(scope, rentalId, imageId))) throw notFound('Image');
    },

    async remove(scope: TenantScope, imageId: string): Promise<void> {
      // The row's trigger marks its files deleted; the ledger's sweep removes them from storage.
      if (!(await repo.remove(scope, imageId))) throw notFound('Image');
    },

    /** The display-size JPEG of an image the caller listed through its scope (the service report). */
    async displayFile(imageId: string) {
      const keys = await repo.keysOf(imageId);
      return keys ? stored.get(keys.displayKey) : null;
    },

    /** A file behind a signed URL; a wrong or expired signature looks like a missing image. */
    async openFile(imageId: string, variant: ImageVariant, exp: number, sig: string) {
      if (exp < now().getTime() || !safeEqual(sig, sign(imageId, variant, exp))) throw notFound('Image');
      const keys = await repo.keysOf(imageId);
      if (!keys) throw notFound('Image');
      const key =
        variant === 'original'
          ? keys.originalKey
          : variant === 'display'
            ? keys.displayKey
            : keys.thumbnailKey;
      const stream = await stored.get(key);
      if (!stream) throw notFound('Image');
      return {
        stream,
        contentType: variant === 'original' ? keys.originalType : 'image/jpeg',
        attachmentName: variant === 'original' ? downloadName(keys.originalName, keys.originalType) : null,
        expiresAt: exp,
      };
    },
  };
}

export type ImagesService = ReturnType<typeof createImagesService>;
