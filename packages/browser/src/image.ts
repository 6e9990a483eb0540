/**
 * A photo made small enough to send: a JPEG whose longer side is above `maxEdge` pixels, or whose file
 * is above `maxBytes`, is drawn again at most `maxEdge` wide or high (turned upright by the browser, as
 * it shows it) and encoded as JPEG; anything else, or a file the browser cannot draw, comes back as it
 * was (the server still judges it).
 */
export async function shrinkPhoto(file: Blob, maxEdge: number, maxBytes: number): Promise<Blob> {
  if (file.type !== 'image/jpeg' || typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const scale = Math.min(1, maxEdge / Math.max(bitmap.width, bitmap.height));
    if (scale === 1 && file.size <= maxBytes) return file;
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.86));
    return blob ?? file;
  } finally {
    bitmap.close();
  }
}
