/** The longest edge a photo keeps on the phone (enough to read a type plate). */
export const MAX_PHOTO_EDGE = 2000;
export const PHOTO_QUALITY = 0.8;

/** The size that fits `width`×`height` within `maxEdge`, keeping the ratio (never enlarging). */
export function fitWithin(width: number, height: number, maxEdge = MAX_PHOTO_EDGE) {
  const scale = Math.min(1, maxEdge / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Compresses a camera photo on the phone before it is kept: drawn at most 2000 px on its longest
 * edge (EXIF orientation applied by `createImageBitmap`) and saved as JPEG at 0.8. A file the
 * browser cannot decode is kept as it is, so no photo is lost; the server checks it on upload.
 */
export async function compressPhoto(file: Blob): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  const { width, height } = fitWithin(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (context === null) {
    bitmap.close();
    return file;
  }
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/jpeg', PHOTO_QUALITY),
  );
  return blob !== null && blob.size < file.size ? blob : (blob ?? file);
}
