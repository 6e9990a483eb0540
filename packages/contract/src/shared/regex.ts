/** Patterns of the spec §5, shared by forms and the server. */
export const MOBILE_RE = /^(0|86|17951)?1[3-9]\d{9}$/;
export const EMAIL_RE = /^[\w.+-]+@[\w-]+(\.[\w-]+)+$/;
export const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
/** An image the site serves: one staff uploaded (/uploads/site/12.png) or one of the app's own assets (/assets/…). */
export const CONTENT_IMAGE_RE = /^\/(uploads\/site\/\d{1,18}\.(png|jpg|webp|gif)|assets\/[\w./-]{1,200})$/;
export const USERNAME_RE = /^[A-Za-z0-9]{6,16}$/;

/**
 * Control characters no text field accepts: C0 except TAB, LF, CR, and DEL. NUL in particular cannot
 * be stored in PostgreSQL text (the insert fails), and none of them means anything in a name or note.
 */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARS_RE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** TAB, LF, CR: accepted only in fields that are multi-line by nature (staff's free-text reasons). */
export const LINE_CHARS_RE = /[\t\n\r]/;
