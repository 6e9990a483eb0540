import { toCanvas } from 'qrcode';

/**
 * The invite link's QR code, drawn in the browser with the library the member app's share poster uses
 * (packages/h5 features/invites poster.ts), in the same colours so both print alike.
 */
export async function drawQr(canvas: HTMLCanvasElement, text: string, px: number): Promise<void> {
  await toCanvas(canvas, text, { width: px, margin: 2, errorCorrectionLevel: 'M', color: { dark: '#1e2a78', light: '#ffffff' } });
}

/** Saves a canvas as a PNG download named `file`; false when the browser refuses. */
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

/**
 * Copies `text`: the Clipboard API where the page may use it, else the hidden-textarea copy that
 * in-app browsers still allow (as the member app's share sheet does). True when either worked.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the old way
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let done = false;
  try {
    done = document.execCommand('copy');
  } catch {
    done = false;
  }
  area.remove();
  return done;
}
