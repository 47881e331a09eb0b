import { isApiError } from './api-client.ts';

/** The file name a server gave in `Content-Disposition`, or the fallback. */
export function fileNameFrom(contentDisposition: unknown, fallback: string): string {
  if (typeof contentDisposition !== 'string') return fallback;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(contentDisposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(contentDisposition)?.[1];
  return plain?.trim() || fallback;
}

/** Hands a downloaded file to the browser as a download, the way a link to it would. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * A failed blob request carries its problem+json body as a Blob; read it back into JSON so the
 * usual error messages (with the server's detail) apply.
 */
export async function withReadableErrorBody(error: unknown): Promise<unknown> {
  if (isApiError(error) && error.response?.data instanceof Blob) {
    try {
      error.response.data = JSON.parse(await error.response.data.text()) as unknown;
    } catch {
      error.response.data = null;
    }
  }
  return error;
}
