import type { Locator } from 'playwright-core';

/**
 * The colours a member sees on money (packages/browser/src/money-tone.css): a win and money in red, a
 * loss green, everything else the app's plain ink (--app-text), as the browser computes them.
 */
export const WIN_RED = 'rgb(229, 56, 59)';
export const LOSS_GREEN = 'rgb(15, 157, 110)';
export const PLAIN_INK = 'rgb(31, 37, 64)';
/** The same rule lit for the demo venue's dark tables. */
export const WIN_RED_ON_DARK = 'rgb(255, 93, 108)';
export const LOSS_GREEN_ON_DARK = 'rgb(62, 224, 122)';

/** The colour the browser paints an element's text in. */
export const colourOf = (el: Locator): Promise<string> => el.evaluate((node) => getComputedStyle(node).color);
