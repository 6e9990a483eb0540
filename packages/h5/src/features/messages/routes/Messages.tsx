import { useState } from 'react';
import { Tabs } from 'antd-mobile';
import { Sheet } from '../../../shared/components/Sheet';
import { CloseOutline } from 'antd-mobile-icons';
import { useQueryClient } from '@tanstack/react-query';
import type { MailMessage } from '@app/contract';
import { Page } from '../../../shared/components/Page';
import { InfiniteList } from '../../../shared/components/InfiniteList';
import { unreadKey, useUnreadCount } from '../../../shared/api/mail';
import { fetchMails, fetchNotices, mailsKey, markMailRead, noticesKey } from '../api';
import { MailItem } from '../components/MailItem';
import { NoticeItem } from '../components/NoticeItem';
import '../messages.css';

/** 消息中心: announcements and internal mail, each an endless list. */
export default function Messages() {
  const qc = useQueryClient();
  const unread = useUnreadCount();
  const [tab, setTab] = useState('notice');
  const [opened, setOpened] = useState<MailMessage | null>(null);
  const [readIds, setReadIds] = useState<Set<number>>(new Set());

  const openMail = (m: MailMessage) => {
    setOpened(m);
    if (m.is_read === 1 || readIds.has(m.id)) return;
    setReadIds((s) => new Set(s).add(m.id));
    void markMailRead(m.id)
      .then(() => qc.invalidateQueries({ queryKey: unreadKey }))
      .catch(() => setReadIds((s) => {
        const next = new Set(s);
        next.delete(m.id);
        return next;
      }));
  };

  return (
    <Page title="消息中心" className="messages-page">
      <Tabs activeKey={tab} onChange={setTab} className="messages-tabs">
        <Tabs.Tab key="notice" title="公告">
          <InfiniteList queryKey={noticesKey} fetchPage={fetchNotices} itemKey={(n) => n.id} renderItem={(n) => <NoticeItem notice={n} />} className="messages-list" />
        </Tabs.Tab>
        <Tabs.Tab
          key="mail"
          title={
            <span className="messages-tab-title">
              站内信{unread > 0 && <span className="messages-badge" data-testid="mail-unread">{unread > 99 ? '99+' : unread}</span>}
            </span>
          }
        >
          <InfiniteList
            queryKey={mailsKey}
            fetchPage={fetchMails}
            itemKey={(m) => m.id}
            renderItem={(m) => <MailItem mail={m} read={m.is_read === 1 || readIds.has(m.id)} onOpen={() => openMail(m)} />}
            className="messages-list"
          />
        </Tabs.Tab>
      </Tabs>
      <Sheet visible={!!opened} onMaskClick={() => setOpened(null)} onClose={() => setOpened(null)} bodyStyle={{ borderRadius: '16px 16px 0 0', maxHeight: '80vh' }}>
        {opened && (
          <div className="mail-sheet" data-testid="mail-sheet">
            <div className="mail-sheet-head">
              <div className="mail-sheet-title">{opened.title}</div>
              <button className="mail-sheet-close" aria-label="关闭" onClick={() => setOpened(null)}><CloseOutline /></button>
            </div>
            <div className="mail-sheet-time">{opened.created_at}</div>
            <div className="mail-sheet-body">{opened.content}</div>
          </div>
        )}
      </Sheet>
    </Page>
  );
}
