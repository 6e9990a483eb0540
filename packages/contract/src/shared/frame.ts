/**
 * Which links /iframepage may frame (DESIGN §4: banner links), one rule for the member app and one
 * allow-list for the app and the server's Content-Security-Policy (frame-src).
 */

/**
 * Hosts besides the site's own origin whose pages the app frames (https only), e.g. a sponsor's or a
 * promotion partner's site that staff link from a banner. Lower case, host[:port], no wildcards.
 * Only the seed's default: the list in force is the site setting frame_hosts (站点设置 in the
 * console), which /api/app serves to the app and the CSP's frame-src follows.
 */
export const FRAME_ALLOWED_HOSTS: readonly string[] = [];

// eslint-disable-next-line no-control-regex
const UNSAFE_CHARS_RE = /[\u0000-\u0020\u007f\\]/;

/**
 * The URL to frame for a link `raw` (as found in /iframepage?url=), or null to refuse it. Parsed first
 * (against the app's `origin`, as the frame would resolve it), then judged on what the parser made of
 * it: a link is framed only on this very origin, or over https on an allowed host, never with
 * credentials in it. Control characters, spaces and backslashes are refused before parsing, because
 * the URL parser drops or rewrites them (a TAB in `/\t/evil.example` makes it `//evil.example`).
 */
export function frameTarget(raw: string, origin: string, allowedHosts: readonly string[] = FRAME_ALLOWED_HOSTS): URL | null {
  if (!raw || raw.length > 2048 || UNSAFE_CHARS_RE.test(raw)) return null;
  let url: URL;
  let base: URL;
  try {
    base = new URL(origin);
    url = new URL(raw, base);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  // blob: and the like carry their creator's origin: only web pages are framed.
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.origin === base.origin) return url;
  if (url.protocol !== 'https:') return null;
  return allowedHosts.includes(url.host.toLowerCase()) ? url : null;
}
