import { useGo } from './useGo';

/**
 * Opens a link configured by staff (banners, notices): '' does nothing, '/#/route' and '#/route' stay
 * in the app, anything else is shown framed by /iframepage (which decides whether it may be framed).
 */
export function linkTarget(url: string): string | null {
  const u = url.trim();
  if (!u) return null;
  if (u.startsWith('/#/')) return u.slice(2);
  if (u.startsWith('#/')) return u.slice(1);
  return `/iframepage?url=${encodeURIComponent(u)}`;
}

export function useOpenLink() {
  const go = useGo();
  return (url: string) => {
    const to = linkTarget(url);
    if (to) go(to);
  };
}
