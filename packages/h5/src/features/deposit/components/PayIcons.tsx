import type { DepositTab } from '../texts';

/** Round marks of the four pay methods (antd-mobile-icons has no WeChat or Tether mark). */
function Tether() {
  return (
    <path
      fill="#fff"
      d="M17.9 17.1c-.1 0-.7.1-1.9.1-1 0-1.7 0-1.9-.1-3.7-.2-6.5-.8-6.5-1.6s2.8-1.4 6.5-1.6v2.5c.2 0 .9.1 1.9.1 1.2 0 1.8-.1 1.9-.1v-2.5c3.7.2 6.5.8 6.5 1.6s-2.8 1.4-6.5 1.6zm0-3.4v-2.2h5.2V8.1H8.9v3.4h5.2v2.2c-4.2.2-7.4 1-7.4 2s3.2 1.8 7.4 2v7.2h3.8v-7.2c4.2-.2 7.3-1 7.3-2s-3.1-1.8-7.3-2z"
    />
  );
}
function Wechat() {
  return (
    <g fill="#fff">
      <path d="M13.2 8.2c-4.3 0-7.7 2.9-7.7 6.4 0 2 1.1 3.8 2.8 5l-.7 2.2 2.6-1.3c.9.3 1.9.4 3 .4h.6c-.2-.6-.3-1.2-.3-1.8 0-3.5 3.3-6.3 7.4-6.3h.5c-.7-2.6-3.9-4.6-8.2-4.6zm-2.6 4.9a1 1 0 110-2 1 1 0 010 2zm5.3 0a1 1 0 110-2 1 1 0 010 2z" />
      <path d="M27 18.9c0-2.9-2.9-5.3-6.4-5.3s-6.4 2.4-6.4 5.3 2.9 5.3 6.4 5.3c.7 0 1.4-.1 2.1-.3l2 1.1-.5-1.8c1.7-1 2.8-2.6 2.8-4.3zm-8.5-.9a.9.9 0 110-1.8.9.9 0 010 1.8zm4.2 0a.9.9 0 110-1.8.9.9 0 010 1.8z" />
    </g>
  );
}
function Alipay() {
  return (
    <g fill="#fff">
      <path d="M9 11.2h14v1.8H9zM15 8h2v5h-2z" />
      <path d="M10.6 15h11.2v1.8h-2.5c-.7 2.2-1.9 4-3.4 5.3 1.8.8 4.1 1.7 7.1 2.6l-.9 1.7c-3.3-1-5.9-2.1-7.8-3-1.8 1.1-3.9 1.7-6.1 1.7-2.3 0-3.6-1.1-3.6-2.6 0-1.9 1.7-3.1 4.1-3.1 1.5 0 3.2.4 5 1.1 1.1-1 2-2.3 2.6-3.7h-9.7zm-.1 6.2c-1.3 0-2 .5-2 1.2 0 .6.6 1 1.8 1 1.4 0 2.8-.4 4-1.1-1.4-.7-2.7-1.1-3.8-1.1z" />
    </g>
  );
}
function Bank() {
  return (
    <g fill="none" stroke="#fff" strokeWidth="1.8" strokeLinejoin="round" strokeLinecap="round">
      <path d="M6.5 12.5L16 7l9.5 5.5z" fill="#fff" fillOpacity=".25" />
      <path d="M9 14v8M13.5 14v8M18.5 14v8M23 14v8M6.5 24.5h19" />
    </g>
  );
}

const FILL: Record<DepositTab, [string, string]> = {
  bank: ['#5b7cff', '#2a3fb8'],
  usdt: ['#3cc69b', '#0f8a66'],
  wechat: ['#3fd47a', '#10a650'],
  alipay: ['#3fa8ff', '#1269d8'],
};

export function PayIcon({ tab, size = 40 }: { tab: DepositTab; size?: number }) {
  const [a, b] = FILL[tab];
  const id = `pay-icon-${tab}`;
  return (
    <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden className="pay-icon">
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={a} />
          <stop offset="1" stopColor={b} />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="10" fill={`url(#${id})`} />
      {tab === 'bank' ? <Bank /> : tab === 'usdt' ? <Tether /> : tab === 'wechat' ? <Wechat /> : <Alipay />}
    </svg>
  );
}
