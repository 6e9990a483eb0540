/** Marks antd-mobile-icons has not: Tether's ₮ for USDT. */
export function TetherMark() {
  return (
    <svg viewBox="0 0 32 32" width="1em" height="1em" className="tether-mark" aria-hidden>
      <circle cx="16" cy="16" r="16" fill="#26a17b" />
      <path
        fill="#fff"
        d="M17.9 17.1v0c-.1 0-.7.1-1.9.1-1 0-1.7 0-1.9-.1v0c-3.7-.2-6.5-.8-6.5-1.6s2.8-1.4 6.5-1.6v2.5c.2 0 .9.1 1.9.1 1.2 0 1.8-.1 1.9-.1v-2.5c3.7.2 6.5.8 6.5 1.6s-2.8 1.4-6.5 1.6zm0-3.4v-2.2h5.2V8.1H8.9v3.4h5.2v2.2c-4.2.2-7.4 1-7.4 2s3.2 1.8 7.4 2v7.2h3.8v-7.2c4.2-.2 7.3-1 7.3-2s-3.1-1.8-7.3-2z"
      />
    </svg>
  );
}
