import { BLOCK_KIND_LABEL, blockedText, type BlockState } from '@app/contract';
import { useGo } from '../hooks/useGo';
import { PROTECTION_PATH } from './links';
import './play-block.css';

/**
 * In place of what invites play during a time-out or self-exclusion (the hall's promotions, the lottery
 * room's 投注, the deposit forms, the promotions list): what it stops, until when, and where it is set.
 * `compact` for a bar (the lottery room's).
 */
export function PlayBlockNotice({ block, compact = false }: { block: BlockState; compact?: boolean }) {
  const go = useGo();
  return (
    <section className={compact ? 'play-block play-block-compact' : 'play-block'} data-testid="play-block-notice">
      <div className="play-block-head">
        <svg className="play-block-icon" viewBox="0 0 24 24" aria-hidden>
          <path d="M12 2 4 5v6c0 5 3.4 9.3 8 11 4.6-1.7 8-6 8-11V5l-8-3zm0 6a1.5 1.5 0 0 1 1.5 1.5V13a1.5 1.5 0 0 1-3 0V9.5A1.5 1.5 0 0 1 12 8zm0 7.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3z" fill="currentColor" />
        </svg>
        <span className="play-block-title">{BLOCK_KIND_LABEL[block.kind]}中</span>
      </div>
      <p className="play-block-text" data-testid="play-block-text">
        {blockedText(block)}
      </p>
      <button type="button" className="play-block-link" onClick={() => go(PROTECTION_PATH)}>
        安全与健康 ›
      </button>
    </section>
  );
}
