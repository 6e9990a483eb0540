/**
 * How a saved bank card is drawn: the bank's house colour (the ones members recognise at a glance),
 * a short mark for its round logo, and a stable fallback colour for banks not listed here.
 */
const BANK_COLORS: Record<string, [string, string]> = {
  中国工商银行: ['#e0323c', '#a3101c'],
  中国建设银行: ['#2f6fd6', '#123f8f'],
  中国农业银行: ['#15a67a', '#05704f'],
  中国银行: ['#c8334a', '#8c1126'],
  交通银行: ['#3558b8', '#1b2f73'],
  招商银行: ['#e3424a', '#a51b25'],
  中国邮政储蓄银行: ['#1f9e5a', '#0a6935'],
  中信银行: ['#d9413f', '#9b1d1f'],
  中国光大银行: ['#8a4fd0', '#55238f'],
  华夏银行: ['#e0534a', '#a42a22'],
  中国民生银行: ['#1aa3a0', '#0a6b6a'],
  广发银行: ['#e3573c', '#a5301b'],
  平安银行: ['#f57a2c', '#c24a0c'],
  兴业银行: ['#2d5fc4', '#15347f'],
  上海浦东发展银行: ['#3b5cc4', '#1b2d78'],
  浙商银行: ['#d8464f', '#962029'],
  渤海银行: ['#2e7fd1', '#134e8e'],
  北京银行: ['#e0434b', '#9f1f28'],
  上海银行: ['#2a73c9', '#143f80'],
  农村信用社: ['#35a860', '#176c38'],
};
const FALLBACK: [string, string][] = [
  ['#4c6ef5', '#2a3fb8'],
  ['#7048e8', '#4526a8'],
  ['#1c9fc4', '#0b6483'],
  ['#e8590c', '#a83c05'],
];

export function bankGradient(bank: string): string {
  let colors = BANK_COLORS[bank];
  if (!colors) {
    let h = 0;
    for (const ch of bank) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
    colors = FALLBACK[h % FALLBACK.length];
  }
  return `linear-gradient(125deg, ${colors[0]} 0%, ${colors[1]} 100%)`;
}

/** The character on the card's round logo: 招商银行 → 招, 中国工商银行 → 工. */
export function bankMark(bank: string): string {
  const name = bank.startsWith('中国') && bank.length > 4 ? bank.slice(2) : bank;
  return name.slice(0, 1) || '银';
}

/** A holder's name as shown on a card face: the first character, the rest hidden (张** ). */
export function maskHolder(name: string): string {
  const chars = [...name.trim()];
  if (chars.length <= 1) return name;
  return chars[0] + '*'.repeat(Math.min(chars.length - 1, 3));
}
