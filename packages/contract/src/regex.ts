/** Patterns of the spec §5, shared by forms and the server. */
export const MOBILE_RE = /^(0|86|17951)?1[3-9]\d{9}$/;
export const EMAIL_RE = /^[\w.+-]+@[\w-]+(\.[\w-]+)+$/;
export const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
export const USERNAME_RE = /^[A-Za-z0-9]{6,16}$/;
