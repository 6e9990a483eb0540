/**
 * Browser helpers the member app, the console, the agent portal and the demo venue share (the API
 * client and its error, the clipboard, a canvas saved as a picture, the invite QR code, a photo shrunk
 * before upload, the colour of a win and a loss, the reload into a new version after a deploy): DOM
 * code with no rule of the platform in it. The rules live in packages/contract, the one workspace
 * package this imports (the API's envelope and codes).
 */
export { ApiError, apiClient, withQuery, type ApiClient, type ApiClientConfig, type CallOptions, type Query } from './api.js';
export { copyText } from './clipboard.js';
export { downloadCanvas, drawQr, QR_COLORS } from './canvas.js';
export { shrinkPhoto } from './image.js';
export { creditTone, moneyTone, type MoneyTone } from './money-tone.js';
export {
  isChunkLoadError,
  NEW_VERSION_TEXT,
  RELOAD_GUARD_MS,
  reloadIntoNewVersion,
  reloadOnceForNewVersion,
  reloadPending,
  SCREEN_ERROR_TEXT,
  watchForNewVersion,
} from './new-version.js';
