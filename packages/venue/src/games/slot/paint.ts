/**
 * The paints every reel symbol may use: the gradients SymbolTile defines in each tile (gold, a glossy
 * highlight, silver) and the dark ink of outlines.
 */
export const GOLD = 'url(#sg-gold)';
export const SHINE = 'url(#sg-shine)';
export const SILVER = 'url(#sg-silver)';
export const INK = '#2b1a0e';
