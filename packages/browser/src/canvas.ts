import { toCanvas } from 'qrcode';

/** The invite QR code's colours, alike on the member app's poster and the agent portal's. */
export const QR_COLORS = { dark: '#1e2a78', light: '#ffffff' } as const;

/** Draws the QR code of `text` on `canvas`, `px` wide, with a quiet margin and medium error correction. */
export async function drawQr(canvas: HTMLCanvasElement, text: string, px: number): Promise<void> {
  await toCanvas(canvas, text, { width: px, margin: 2, errorCorrectionLevel: 'M', color: { ...QR_COLORS } });
}

/** Saves a canvas as a PNG download named `file`; false when the browser refuses (a tainted canvas). */
export function downloadCanvas(canvas: HTMLCanvasElement, file: string): boolean {
  let url: string;
  try {
    url = canvas.toDataURL('image/png');
  } catch {
    return false;
  }
  const a = document.createElement('a');
  a.href = url;
  a.download = file;
  document.body.appendChild(a);
  a.click();
  a.remove();
  return true;
}
