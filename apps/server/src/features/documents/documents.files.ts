import type { Readable } from 'node:stream';
import {
  DOCUMENT_MESSAGES,
  DOCUMENT_TYPES,
  isAcceptedName,
  nameFitsType,
  type DocumentMimeType,
} from '@service-portal/shared/documents';
import { VALIDATION_MESSAGES } from '@service-portal/shared/validation';
import { AppError } from '../../errors.ts';
import { sniffUpload } from '../../lib/sniff.ts';

/**
 * file-type reads an office file's `[Content_Types].xml` (the zip's first entry) to tell docx,
 * xlsx and pptx apart; 64 KB holds it with room to spare.
 */
const SNIFF_BYTES = 64 * 1024;
/** A tsvector holds at most 1 MB; the text past this is not searched. */
export const MAX_EXTRACTED_CHARS = 400_000;

export const tooLarge = () => new AppError('payload_too_large', 413, VALIDATION_MESSAGES.fileTooLarge);
const unsupported = () => new AppError('unsupported_media_type', 415, VALIDATION_MESSAGES.invalidFileType);
const mismatch = (name: string) =>
  new AppError('file_type_mismatch', 400, DOCUMENT_MESSAGES.typeMismatch, {
    errors: [{ path: 'files', message: `${name}: ${DOCUMENT_MESSAGES.typeMismatch}` }],
  });

/**
 * Decides a document file's type by its content and checks its name agrees: a PDF must be named
 * .pdf, a JPEG .jpg or .jpeg, and so on. A name of a type we take with other content is refused
 * (400 `file_type_mismatch`); a type we do not take at all is 415. Hands back a stream of the
 * whole file that fails with 413 as soon as it passes `maxBytes`.
 */
export async function sniffDocument(
  source: AsyncIterable<Buffer>,
  fileName: string,
  maxBytes: number,
): Promise<{ type: DocumentMimeType; stream: Readable }> {
  const upload = await sniffUpload(source, { sniffBytes: SNIFF_BYTES, maxBytes, tooLarge });
  const mime = upload.mime;
  const type = mime && mime in DOCUMENT_TYPES ? (mime as DocumentMimeType) : undefined;
  if (!type) {
    // The name promises something we take, the content is something else (or nothing known).
    if (isAcceptedName(fileName)) throw mismatch(fileName);
    throw unsupported();
  }
  if (!nameFitsType(fileName, type)) throw mismatch(fileName);
  if (upload.headBytes > maxBytes) throw tooLarge();
  return { type, stream: upload.stream };
}

/** Reads a stream into one buffer. */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The text of a PDF, page after page (unpdf: pdf.js built for servers, no worker, no network).
 * Control characters our highlight markers use are removed.
 */
export async function extractPdfText(data: Uint8Array): Promise<string> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(data, { isEvalSupported: false, stopAtErrors: false });
  try {
    const { text } = await extractText(pdf, { mergePages: true });
    return cleanText(text).slice(0, MAX_EXTRACTED_CHARS);
  } finally {
    await pdf.destroy();
  }
}

/** Whitespace runs to one space, no control characters. */
export function cleanText(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, ' ')
      .replace(/[ \t]+/g, ' ')
      .replace(/\s*\n\s*/g, '\n')
      .trim()
  );
}

/** Keeps the file's name for the download, without anything a header or path could trip over. */
export function safeFileName(name: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}._ ()-]+/gu, '_')
    .slice(-150)
    .trim();
  return cleaned.length > 0 ? cleaned : 'document';
}

/** `attachment`/`inline` with the name in ASCII and in RFC 5987 UTF-8. */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
