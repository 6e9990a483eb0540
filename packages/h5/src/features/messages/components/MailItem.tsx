import { MailOpenOutline, MailOutline, RightOutline } from 'antd-mobile-icons';
import type { MailMessage } from '@app/contract';

/** A mail row; unread ones carry a red dot until opened. */
export function MailItem({ mail, read, onOpen }: { mail: MailMessage; read: boolean; onOpen: () => void }) {
  return (
    <div className={`msg-card${read ? '' : ' unread'}`} data-testid="mail-item" data-read={read ? '1' : '0'} onClick={onOpen}>
      <div className="msg-row">
        <span className={`msg-icon ${read ? 'msg-icon-read' : 'msg-icon-mail'}`}>
          {read ? <MailOpenOutline /> : <MailOutline />}
          {!read && <i className="msg-dot" />}
        </span>
        <div className="msg-main">
          <div className="msg-title">{mail.title}</div>
          <div className="msg-preview">{mail.content}</div>
          <div className="msg-time">{mail.created_at}</div>
        </div>
        <RightOutline className="msg-caret" />
      </div>
    </div>
  );
}
