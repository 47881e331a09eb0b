import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';

/** A 160×120 JPEG whose EXIF names a camera and a GPS position (Oslo). */
export async function gpsJpeg(): Promise<Buffer> {
  const w = 160;
  const h = 120;
  const raw = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3;
      raw[i] = Math.round(x * 1.5);
      raw[i + 1] = y * 2;
      raw[i + 2] = 128;
    }
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'PhoneCam', Model: 'X1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '59/1 54/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '10/1 45/1 0/1',
      },
    })
    .toBuffer();
}

export async function png(): Promise<Buffer> {
  return sharp({
    create: { width: 40, height: 30, channels: 4, background: { r: 0, g: 120, b: 200, alpha: 1 } },
  })
    .png()
    .toBuffer();
}

export const pdf = (): Buffer =>
  Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** The shipped HEIC sample (see fixtures/README.md), with EXIF GPS inside. */
export const heic = (): Buffer => readFileSync(new URL('./fixtures/sample-gps.heic', import.meta.url));

/** A valid JPEG padded after its end marker to exactly `size` bytes (decoders ignore the tail). */
export async function jpegOfSize(size: number): Promise<Buffer> {
  const base = await gpsJpeg();
  if (base.length > size) throw new Error('size too small');
  return Buffer.concat([base, Buffer.alloc(size - base.length)]);
}

export type Part =
  { name: string; value: string } | { name: string; filename: string; data: Buffer; contentType?: string };

/** A multipart/form-data body built by hand, as a browser sends it. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----sp${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('data' in p) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\n` +
            `Content-Type: ${p.contentType ?? 'image/jpeg'}\r\n\r\n`,
        ),
      );
      chunks.push(p.data, Buffer.from('\r\n'));
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Every file under a folder (what a storage root holds), relative paths. */
export async function filesUnder(root: string): Promise<string[]> {
  const { readdir } = await import('node:fs/promises');
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => `${e.parentPath}/${e.name}`.slice(root.length + 1));
  } catch {
    return [];
  }
}
