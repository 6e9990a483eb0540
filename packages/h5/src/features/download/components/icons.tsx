export { CheckShieldOutline, GiftOutline } from 'antd-mobile-icons';

/** A lightning bolt (antd-mobile-icons has none). */
export function ThunderboltOutline() {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" aria-hidden>
      <path d="M13 2L4.5 13.5H11L10 22l8.5-11.5H12z" />
    </svg>
  );
}
