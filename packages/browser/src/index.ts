/**
 * Browser helpers the member app and the agent portal share (the clipboard, a canvas saved as a
 * picture, the invite QR code, a photo shrunk before upload): DOM code with no rule of the platform in it, which lives in
 * packages/contract. Imports no other workspace package.
 */
export { copyText } from './clipboard.js';
export { downloadCanvas, drawQr, QR_COLORS } from './canvas.js';
export { shrinkPhoto } from './image.js';
