/**
 * Browser helpers the member app, the agent portal and the demo venue share (the clipboard, a canvas
 * saved as a picture, the invite QR code, a photo shrunk before upload, the colour of a win and a
 * loss): DOM code with no rule of the platform in it, which lives in packages/contract. Imports no
 * other workspace package.
 */
export { copyText } from './clipboard.js';
export { downloadCanvas, drawQr, QR_COLORS } from './canvas.js';
export { shrinkPhoto } from './image.js';
export { creditTone, moneyTone, type MoneyTone } from './money-tone.js';
