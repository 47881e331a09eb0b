import { z } from 'zod';
import { listResponseSchema, pageQuerySchema } from './pagination.ts';
import { strictNumber, VALIDATION_MESSAGES } from './validation.ts';

/** Spec §3 "Document": user manuals, technical specs, marketing materials, service documentation. */
export const DOCUMENT_CATEGORIES = [
  'user_manual',
  'technical_spec',
  'marketing_material',
  'service_documentation',
] as const;
export const documentCategorySchema = z.enum(DOCUMENT_CATEGORIES);
export type DocumentCategory = z.infer<typeof documentCategorySchema>;

/** The maker's documents (every partner reads them) or the partner's own (product.md "Documents"). */
export const DOCUMENT_SCOPES = ['maker', 'partner'] as const;
export const documentScopeSchema = z.enum(DOCUMENT_SCOPES);
export type DocumentScope = z.infer<typeof documentScopeSchema>;

/** What the content (magic bytes) may be; never the name or the Content-Type header. */
export const DOCUMENT_TYPES = {
  'application/pdf': ['pdf'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'image/gif': ['gif'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['pptx'],
} as const satisfies Record<string, readonly string[]>;
export type DocumentMimeType = keyof typeof DOCUMENT_TYPES;
export const DOCUMENT_MIME_TYPES = Object.keys(DOCUMENT_TYPES) as DocumentMimeType[];
/** For the file picker only (`accept`); the server decides by content. */
export const DOCUMENT_ACCEPT: Record<string, string[]> = Object.fromEntries(
  Object.entries(DOCUMENT_TYPES).map(([mime, exts]) => [mime, exts.map((e) => `.${e}`)]),
);

/** The extension a file name ends with, lower case, or null. */
export function extensionOf(name: string): string | null {
  const m = /\.([A-Za-z0-9]{1,8})$/.exec(name.trim());
  return m ? m[1]!.toLowerCase() : null;
}

/** True when a name's extension is one the detected type may carry. */
export function nameFitsType(name: string, mime: DocumentMimeType): boolean {
  const ext = extensionOf(name);
  return ext !== null && (DOCUMENT_TYPES[mime] as readonly string[]).includes(ext);
}

/** True when the name claims a type we accept (by extension); the content decides in the end. */
export function isAcceptedName(name: string): boolean {
  const ext = extensionOf(name);
  return (
    ext !== null && Object.values(DOCUMENT_TYPES).some((exts) => (exts as readonly string[]).includes(ext))
  );
}

export const DOCUMENT_LIMITS = {
  /** DOCUMENT_MAX_MB's default: per file. */
  defaultMaxMb: 50,
  maxFilesPerUpload: 10,
  titleMax: 200,
  descriptionMax: 2000,
  skuMax: 64,
  tagsMax: 20,
  tagMax: 40,
  searchMax: 200,
} as const;

/** Spec §8, word for word. */
export const DOCUMENT_MESSAGES = {
  uploadFailed: 'Failed to upload document.',
  uploadSuccessful: 'Upload successful',
  typeMismatch: 'The file is not what its name says.',
  titleRequired: VALIDATION_MESSAGES.titleRequired,
} as const;

const tagSchema = z
  .string()
  .trim()
  .min(1)
  .max(DOCUMENT_LIMITS.tagMax)
  .transform((t) => t.toLowerCase());

/** Tags: trimmed, lower case, no duplicates. */
export const documentTagsSchema = z
  .array(tagSchema)
  .max(DOCUMENT_LIMITS.tagsMax)
  .transform((tags) => [...new Set(tags)]);

const skuSchema = z
  .string()
  .trim()
  .max(DOCUMENT_LIMITS.skuMax)
  .transform((s) => (s.length === 0 ? null : s.toUpperCase()))
  .nullable();

/** The metadata of a document (create and edit share it). */
export const documentMetadataSchema = z.object({
  title: z.string().trim().min(1, DOCUMENT_MESSAGES.titleRequired).max(DOCUMENT_LIMITS.titleMax),
  description: z
    .string()
    .trim()
    .max(DOCUMENT_LIMITS.descriptionMax)
    .transform((d) => (d.length === 0 ? null : d))
    .nullable()
    .default(null),
  category: documentCategorySchema,
  sku: skuSchema.default(null),
  tags: documentTagsSchema.default([]),
});
export type DocumentMetadataInput = z.input<typeof documentMetadataSchema>;
export type DocumentMetadata = z.output<typeof documentMetadataSchema>;

/** PUT /documents/{id}: the metadata and the version last read (409 otherwise). */
export const documentUpdateSchema = documentMetadataSchema.extend({ version: z.number().int().min(1) });
export type DocumentUpdateInput = z.input<typeof documentUpdateSchema>;

/**
 * The multipart fields of POST /documents, beside `files`: one `category` and `scope` for all
 * files; `titles` one per file or none (then the file name); `tags` repeated or comma-separated.
 */
export const documentUploadFieldsSchema = z.object({
  scope: documentScopeSchema.default('partner'),
  category: documentCategorySchema,
  description: z.string().trim().max(DOCUMENT_LIMITS.descriptionMax).optional(),
  sku: z.string().trim().max(DOCUMENT_LIMITS.skuMax).optional(),
  titles: z.array(z.string().trim().max(DOCUMENT_LIMITS.titleMax)).default([]),
  tags: z.array(z.string()).default([]),
});

/** A title from a file name: no extension, separators as spaces. */
export function titleFromFileName(name: string): string {
  const base = name
    .replace(/\.[A-Za-z0-9]{1,8}$/, '')
    .replace(/[_]+/g, ' ')
    .trim();
  return (base.length > 0 ? base : name).slice(0, DOCUMENT_LIMITS.titleMax);
}

/** Text with the matched words as [start, end) ranges: the web draws them as <mark>, never as HTML. */
export const highlightSchema = z.object({
  text: z.string(),
  ranges: z.array(z.tuple([z.number().int(), z.number().int()])),
});
export type Highlight = z.infer<typeof highlightSchema>;

export const TEXT_STATUSES = ['pending', 'done', 'none', 'failed'] as const;

export const documentVersionSchema = z.object({
  id: z.uuid(),
  number: z.number().int(),
  fileName: z.string(),
  mimeType: z.string(),
  bytes: z.number().int(),
  uploadedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  uploadedAt: z.iso.datetime(),
  /** Text extraction (PDFs): pending until the job ran; `none` for files without text to read. */
  textStatus: z.enum(TEXT_STATUSES),
});
export type DocumentVersion = z.infer<typeof documentVersionSchema>;

export const documentSchema = z.object({
  id: z.uuid(),
  scope: documentScopeSchema,
  title: z.string(),
  description: z.string().nullable(),
  category: documentCategorySchema,
  sku: z.string().nullable(),
  tags: z.array(z.string()),
  /** The catalogue product with this SKU, when one matches. */
  product: z.object({ productId: z.string(), title: z.string() }).nullable(),
  current: documentVersionSchema,
  /** The caller may edit, replace and delete it. */
  canManage: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  version: z.number().int(),
});
export type Document = z.infer<typeof documentSchema>;

export const documentDetailSchema = documentSchema.extend({
  versions: z.array(documentVersionSchema),
  /** Opens by the caller's partner this month. */
  opensThisMonth: z.number().int(),
});
export type DocumentDetail = z.infer<typeof documentDetailSchema>;

export const documentListItemSchema = documentSchema.extend({
  /** With a search: the title and a snippet of the text with the matched words. */
  match: z
    .object({ title: highlightSchema, snippet: highlightSchema.nullable(), rank: z.number() })
    .nullable(),
});
export type DocumentListItem = z.infer<typeof documentListItemSchema>;

export const documentListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(DOCUMENT_LIMITS.searchMax).optional(),
  category: documentCategorySchema.optional(),
  scope: documentScopeSchema.optional(),
  tag: z
    .string()
    .trim()
    .max(DOCUMENT_LIMITS.tagMax)
    .transform((t) => t.toLowerCase())
    .optional(),
  sku: z.string().trim().max(DOCUMENT_LIMITS.skuMax).optional(),
});
export type DocumentListQuery = z.output<typeof documentListQuerySchema>;
export type DocumentListParams = z.input<typeof documentListQuerySchema>;
export const documentListResponseSchema = listResponseSchema(documentListItemSchema);
export type DocumentListResponse = z.infer<typeof documentListResponseSchema>;

export const documentIdParamsSchema = z.object({ id: z.uuid() });
export const documentFileQuerySchema = z.object({
  version: strictNumber(z.number().int().min(1)).optional(),
});

/** The info center's stats: documents per category, total size, most opened this month. */
export const documentStatsSchema = z.object({
  total: z.number().int(),
  totalBytes: z.number().int(),
  perCategory: z.array(z.object({ category: documentCategorySchema, count: z.number().int() })),
  mostOpened: z.array(z.object({ id: z.uuid(), title: z.string(), opens: z.number().int() })),
  tags: z.array(z.object({ tag: z.string(), count: z.number().int() })),
});
export type DocumentStats = z.infer<typeof documentStatsSchema>;

/** Search words as a prefix tsquery: letters and digits only, each word a prefix, all required. */
export function searchTerms(text: string): string[] {
  return text
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 12);
}

/** "12.3 MB": a byte count for people. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}
