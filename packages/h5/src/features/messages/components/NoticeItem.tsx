import { useState } from 'react';
import { DownOutline, SoundOutline } from 'antd-mobile-icons';
import type { Notice } from '@app/contract';

/** An announcement: title and date; a tap unfolds its text. */
export function NoticeItem({ notice }: { notice: Notice }) {
  const [open, setOpen] = useState(false);
  return (
    <div className={`msg-card${open ? ' open' : ''}`} data-testid="notice-item" onClick={() => setOpen(!open)}>
      <div className="msg-row">
        <span className="msg-icon msg-icon-notice"><SoundOutline /></span>
        <div className="msg-main">
          <div className="msg-title">{notice.title}</div>
          <div className="msg-time">{notice.created_at}</div>
        </div>
        <DownOutline className="msg-caret" />
      </div>
      {open && <div className="msg-content" data-testid="notice-content">{notice.content}</div>}
    </div>
  );
}
