/** The SVG building blocks shared by the generated demo pictures (generate.ts and tiles.ts). */
export const FONT = 'PingFang SC, Noto Sans CJK SC, Microsoft YaHei, sans-serif';
export const BLUE: [string, string] = ['#1e2a78', '#3a5bef'];
export const GOLD = '#e9b949';
export const GOLD_LIGHT = '#ffe29a';

export const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function svg(w: number, h: number, body: string, label: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${esc(label)}">
<title>${esc(label)}</title>
${body}
</svg>`;
}

export function linear(id: string, [a, b]: [string, string], x2 = 1, y2 = 1): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>`;
}

/** A radial gradient from `a` at the centre to `b` (transparent when `b` is omitted). */
export function radial(id: string, a: string, b?: string, cx = 0.5, cy = 0.5, r = 0.5): string {
  const end = b ? `<stop offset="1" stop-color="${b}"/>` : `<stop offset="1" stop-color="${a}" stop-opacity="0"/>`;
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}"><stop offset="0" stop-color="${a}"/>${end}</radialGradient>`;
}

export function text(x: number, y: number, size: number, fill: string, content: string, extra = ''): string {
  return `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" fill="${fill}" ${extra}>${esc(content)}</text>`;
}

export function star(cx: number, cy: number, r: number, fill: string, inner = 0.45): string {
  const pts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const rad = (Math.PI / 5) * i - Math.PI / 2;
    const rr = i % 2 === 0 ? r : r * inner;
    pts.push(`${(cx + rr * Math.cos(rad)).toFixed(1)},${(cy + rr * Math.sin(rad)).toFixed(1)}`);
  }
  return `<polygon points="${pts.join(' ')}" fill="${fill}"/>`;
}

export function sparkles(w: number, h: number, n: number, seed: number, color = '#ffffff'): string {
  let s = seed;
  const rnd = () => ((s = (s * 9301 + 49297) % 233280) / 233280);
  let out = '';
  for (let i = 0; i < n; i++) {
    const x = (rnd() * w).toFixed(0);
    const y = (rnd() * h).toFixed(0);
    const r = (1 + rnd() * 2.2).toFixed(1);
    out += `<circle cx="${x}" cy="${y}" r="${r}" fill="${color}" opacity="${(0.25 + rnd() * 0.5).toFixed(2)}"/>`;
  }
  return out;
}
