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
/** Formats yuan for display: 1234.5 → "1,234.50". */
export function formatYuan(yuan: number): string {
  return yuan.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
