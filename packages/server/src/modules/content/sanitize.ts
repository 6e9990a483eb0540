/**
 * Allow-list HTML sanitizer for staff-written content (articles, activities), applied when the
 * content is written, so every reader gets HTML that is safe to render as is (DESIGN §9).
 *
 * Only a handful of text-formatting tags survive, always without attributes: no attribute means no
 * event handler, no style and no URL, so `onclick`, `javascript:` and friends have nowhere to live.
 * Tags outside the list are dropped but keep their text; tags whose content is code or a foreign
 * document (script, style, iframe…) are dropped with their content. Unclosed tags are closed and
 * stray closing tags ignored, so a fragment can never break the page around it.
 */
export const ALLOWED_TAGS: ReadonlySet<string> = new Set(['p', 'b', 'strong', 'h3', 'ul', 'ol', 'li', 'br']);
const VOID_TAGS: ReadonlySet<string> = new Set(['br']);
const DROP_WITH_CONTENT: ReadonlySet<string> = new Set([
  'script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'noscript', 'noembed',
  'template', 'textarea', 'title', 'svg', 'math', 'select', 'xmp', 'plaintext', 'head',
]);

/** Content larger than this is refused by the writer, not truncated silently. */
export const SANITIZE_MAX_CHARS = 200_000;

// A tag: name, then attributes where quoted values may hold '>'.
const TAG_RE = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/;
const ENTITY_RE = /^&(?:#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});/;

export function sanitizeHtml(input: string): string {
  if (input.length > SANITIZE_MAX_CHARS) throw new Error(`sanitizeHtml: content longer than ${SANITIZE_MAX_CHARS} characters`);
  const out: string[] = [];
  const open: string[] = [];
  let i = 0;
  while (i < input.length) {
    const ch = input[i];
    if (ch === '<') {
      if (input.startsWith('<!--', i)) {
        const end = input.indexOf('-->', i + 4);
        i = end < 0 ? input.length : end + 3;
        continue;
      }
      if (input.startsWith('<!', i) || input.startsWith('<?', i)) {
        const end = input.indexOf('>', i);
        i = end < 0 ? input.length : end + 1;
        continue;
      }
      const m = TAG_RE.exec(input.slice(i, i + 4096));
      if (!m) {
        out.push('&lt;');
        i += 1;
        continue;
      }
      i += m[0].length;
      const closing = m[1] === '/';
      const name = m[2].toLowerCase();
      if (!closing && DROP_WITH_CONTENT.has(name)) {
        const closeRe = new RegExp(`</${name}\\s*>`, 'i');
        const rest = closeRe.exec(input.slice(i));
        i = rest ? i + rest.index + rest[0].length : input.length;
        continue;
      }
      if (!ALLOWED_TAGS.has(name)) continue;
      if (VOID_TAGS.has(name)) {
        if (!closing) out.push(`<${name}>`);
        continue;
      }
      if (!closing) {
        out.push(`<${name}>`);
        open.push(name);
        continue;
      }
      const at = open.lastIndexOf(name);
      if (at < 0) continue;
      while (open.length > at) out.push(`</${open.pop()}>`);
      continue;
    }
    if (ch === '>') out.push('&gt;');
    else if (ch === '&') out.push(ENTITY_RE.test(input.slice(i, i + 40)) ? '&' : '&amp;');
    else if (ch === '"') out.push('&quot;');
    else out.push(ch);
    i += 1;
  }
  while (open.length > 0) out.push(`</${open.pop()}>`);
  return out.join('');
}
