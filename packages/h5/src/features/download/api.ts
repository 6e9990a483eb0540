import { TIMING, type AppInfo } from '@app/contract';

/** The URL the QR code encodes: the iOS download, else the site itself; always absolute. */
export function downloadUrl(app: AppInfo | undefined): string {
  const raw = app?.ios_download_url || app?.h5_url || '/';
  return new URL(raw, window.location.origin).href;
}

/**
 * A native package the operator configured (an .apk, the App Store, an itms-services manifest), or
 * null when the setting is empty or names this very site (the seed's /#/app): then the app to install
 * is this web app, added to the home screen.
 */
export function nativePackage(raw: string | undefined): string | null {
  if (!raw) return null;
  const url = new URL(raw, window.location.origin);
  const ownSite = url.origin === window.location.origin && (url.pathname === '/' || url.pathname === '/index.html');
  return ownSite ? null : url.href;
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

export type Platform = 'ios' | 'android';

/** The phone's system, by its user agent (an iPad asking for the desktop site reads as a touch Mac). */
export function phonePlatform(): Platform {
  const ua = navigator.userAgent;
  return /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1) ? 'ios' : 'android';
}

/** Running from the home screen already (an installed web app). */
export function isInstalled(): boolean {
  return window.matchMedia('(display-mode: standalone)').matches || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

/** In-app browsers (WeChat, QQ, Weibo…) cannot add to the home screen: the page is opened in the phone's browser first. */
export function inAppBrowser(): boolean {
  return /MicroMessenger|QQ\/|Weibo|DingTalk|AlipayClient/i.test(navigator.userAgent);
}

/** How to add the site to the home screen, step by step, in the browser's own words. */
export function installSteps(platform: Platform, appName: string): string[] {
  const open = inAppBrowser() ? [`点击右上角「···」，选择「在浏览器中打开」（iPhone 请用 Safari）`] : [];
  return platform === 'ios'
    ? [...open, '在 Safari 中点击底部的「分享」按钮（方框加向上箭头）', '在菜单中向下滑动，选择「添加到主屏幕」', `点击右上角「添加」，主屏幕即出现「${appName}」图标`]
    : [...open, '在 Chrome 中点击右上角的菜单「⋮」', '选择「安装应用」或「添加到主屏幕」', `点击「安装」确认，桌面即出现「${appName}」图标`];
}
