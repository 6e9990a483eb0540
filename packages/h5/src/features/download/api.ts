import { TIMING, type AppInfo } from '@app/contract';

/** The URL the QR code encodes: the iOS download, else the site itself; always absolute. */
export function downloadUrl(app: AppInfo | undefined): string {
  const raw = app?.ios_download_url || app?.h5_url || '/';
  return new URL(raw, window.location.origin).href;
}

/**
 * Starts a download the way the spec describes: a hidden frame pointed at the file, removed after
 * 2000 ms so repeated presses do not pile frames up.
 */
export function startDownload(url: string): void {
  const frame = document.createElement('iframe');
  frame.style.display = 'none';
  frame.dataset.testid = 'download-frame';
  frame.src = url;
  document.body.appendChild(frame);
  window.setTimeout(() => frame.remove(), TIMING.downloadFrameRemoveMs);
}
