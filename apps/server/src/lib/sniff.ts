import { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';

/**
 * Reads the first `sniffBytes` of an upload and names its type by content (file-type), never by
 * name or header. Hands back a stream of the whole file that fails with `tooLarge()` as soon as it
 * passes `maxBytes` (the rest is never read). The caller decides on the type first, then checks
 * `headBytes` against the limit: a wrong type is refused as such even when the file is also too big.
 * One path for every upload (customer images, documents).
 */
export async function sniffUpload(
  source: AsyncIterable<Buffer>,
  options: { sniffBytes: number; maxBytes: number; tooLarge: () => Error },
): Promise<{ mime: string | undefined; headBytes: number; stream: Readable; bytes: () => number }> {
  const it = source[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headBytes = 0;
  let ended = false;
  while (headBytes < options.sniffBytes) {
    const r = await it.next();
    if (r.done) {
      ended = true;
      break;
    }
    head.push(r.value);
    headBytes += r.value.length;
  }
  const first = Buffer.concat(head);
  const detected = first.length > 0 ? await fileTypeFromBuffer(first) : undefined;
  let total = first.length;

  async function* all(): AsyncGenerator<Buffer> {
    if (total > options.maxBytes) throw options.tooLarge();
    yield first;
    if (ended) return;
    for (;;) {
      const r = await it.next();
      if (r.done) return;
      total += r.value.length;
      if (total > options.maxBytes) throw options.tooLarge();
      yield r.value;
    }
  }
  return {
    mime: detected?.mime,
    headBytes: first.length,
    stream: Readable.from(all(), { objectMode: false }),
    bytes: () => total,
  };
}
