/**
 * A pid (inviter code) in any entry URL sends the visitor to the register screen with it (spec §2).
 * Looks in both the page query (?pid=) and the hash route's query (#/x?pid=).
 */
export function inviterRedirect(location: Pick<Location, 'search' | 'hash'>): string | null {
  const hashQuery = location.hash.includes('?') ? location.hash.slice(location.hash.indexOf('?')) : '';
  const pid = new URLSearchParams(location.search).get('pid') || new URLSearchParams(hashQuery).get('pid');
  if (!pid) return null;
  const route = location.hash.replace(/^#/, '').split('?')[0];
  if (route === '/reg2' || route === '/reg' || route === '/login') return null;
  return `#/reg2?pid=${encodeURIComponent(pid.slice(0, 16))}`;
}
