import type { ReactNode } from 'react';

/**
 * The big red envelope of /hongbao with its gold 開 button; the button spins while a draw runs.
 * `children` covers it (the not-started and ended overlays): then `covered` hides the button.
 */
export function Envelope({ opening, covered, sendnums, onOpen, children }: { opening: boolean; covered: boolean; sendnums: number; onOpen: () => void; children?: ReactNode }) {
  return (
    <div className={`hb-envelope${opening ? ' is-opening' : ''}${covered ? ' is-covered' : ''}`} data-testid="hongbao-envelope">
      <div className="hb-envelope-flap">
        <div className="hb-envelope-greeting">恭喜发财</div>
        <div className="hb-envelope-sub">大吉大利 · 今日好运</div>
      </div>
      <button type="button" className="hb-open" aria-label="开红包" data-testid="hongbao-open" disabled={opening} onClick={onOpen}>
        <span className="hb-open-face">開</span>
      </button>
      <div className="hb-envelope-foot" data-testid="hongbao-chances">
        {sendnums > 0 ? (
          <>
            今日还可抢 <b>{sendnums}</b> 次
          </>
        ) : (
          '完成存款或流水即可获得抢红包机会'
        )}
      </div>
      {children}
    </div>
  );
}
