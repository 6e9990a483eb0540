/** Money is integer fen everywhere but on the wire, where it is yuan with at most two decimals. */
export function fenToYuan(fen: number | bigint): number {
  return Number(fen) / 100;
}
/** Parses a yuan amount with at most two decimals into fen, or null when it is not one. */
export function yuanToFen(yuan: unknown): number | null {
  const s = typeof yuan === 'number' ? String(yuan) : typeof yuan === 'string' ? yuan.trim() : '';
  if (!/^-?\d{1,12}(\.\d{1,2})?$/.test(s)) return null;
  const [int, frac = ''] = s.replace('-', '').split('.');
  const fen = Number(int) * 100 + Number(frac.padEnd(2, '0'));
  return s.startsWith('-') ? -fen : fen;
}
/** The fen of a yuan number already known to have at most two decimals (0.1 + 0.2 yuan is 30 fen). */
export function fenOfYuan(yuan: number): number {
  return Math.round(yuan * 100);
}
/** A yuan amount given as a number: finite, at most two decimals, within [minYuan, maxYuan]. */
export function isYuanAmount(v: unknown, maxYuan: number, minYuan = 0): v is number {
  return typeof v === 'number' && Number.isFinite(v) && v >= minYuan && v <= maxYuan && Math.abs(Math.round(v * 100) - v * 100) < 1e-6;
}
/** 1234567.5 → "1,234,567.5": yuan in a sentence, grouped, without trailing zeros. */
export function yuanText(yuan: number): string {
  return yuan.toLocaleString('zh-CN', { maximumFractionDigits: 2 });
}
/** Formats yuan for display: 1234.5 → "1,234.50". */
export function formatYuan(yuan: number): string {
  return yuan.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
