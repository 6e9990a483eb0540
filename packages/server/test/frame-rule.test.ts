import { describe, expect, it } from 'vitest';
import { frameTarget } from '@app/contract';

// /iframepage?url= frames a link only on the app's own origin or over https on an allowed host; the
// rule parses first and judges what the parser made of the text (contract frameTarget).
const ORIGIN = 'https://app.example.com';
const HOSTS = ['partner.example.net'];
const judged = (raw: string) => frameTarget(raw, ORIGIN, HOSTS)?.href ?? null;

describe('frameTarget', () => {
  it.each([
    ['/assets/service.html', `${ORIGIN}/assets/service.html`],
    ['/#/activityInfo?id=3', `${ORIGIN}/#/activityInfo?id=3`],
    [`${ORIGIN}/assets/sponsor-1.html`, `${ORIGIN}/assets/sponsor-1.html`],
    ['https://partner.example.net/promo', 'https://partner.example.net/promo'],
    ['HTTPS://PARTNER.EXAMPLE.NET/Promo', 'https://partner.example.net/Promo'],
    ['assets/service.html', `${ORIGIN}/assets/service.html`],
  ])('frames %s as %s', (raw, href) => {
    expect(judged(raw)).toBe(href);
  });

  it.each([
    ['a TAB that turns the path into a host', '/\t/evil.example'],
    ['a newline', '/\n/evil.example'],
    ['a carriage return', '/\r/evil.example'],
    ['NUL', '/\u0000/evil.example'],
    ['a leading space', ' https://evil.example/'],
    ['a backslash', '/\\evil.example'],
    ['two backslashes', '\\\\evil.example'],
    ['a protocol-relative URL', '//evil.example/'],
    ['a protocol-relative URL in mixed case', '//EVIL.example/'],
    ['three slashes', '///evil.example/'],
    ['javascript:', 'javascript:alert(1)'],
    ['JavaScript: in mixed case', 'JaVaScRiPt:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['blob:', `blob:${ORIGIN}/1234`],
    ['a foreign host', 'https://evil.example/'],
    ['a foreign host in mixed case', 'HTTPS://EVIL.EXAMPLE/'],
    ['userinfo in front of an allowed host', 'https://partner.example.net@evil.example/'],
    ['userinfo on an allowed host', 'https://ok@partner.example.net/'],
    ['userinfo on our own origin', `https://user:pw@app.example.com/`],
    ['an allowed host over http', 'http://partner.example.net/'],
    ['an allowed host as a suffix', 'https://partner.example.net.evil.example/'],
    ['an allowed host on another port', 'https://partner.example.net:8443/'],
    ['our host over http', 'http://app.example.com/'],
    ['an encoded scheme-relative path, decoded once by the query', decodeURIComponent('%2F%09%2Fevil.example')],
    ['an empty link', ''],
    ['an over-long link', `/${'a'.repeat(3000)}`],
  ])('refuses %s', (_what, raw) => {
    expect(judged(raw)).toBeNull();
  });

  it('keeps an encoded TAB inside the path on our own origin (it never becomes a host)', () => {
    expect(judged('/%09/evil.example')).toBe(`${ORIGIN}/%09/evil.example`);
  });
});
