import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Avatar, Badge, Button, Descriptions, Empty, Input, Modal, Select, Space, Tabs, Tag, Tooltip, Typography } from 'antd';
import { CustomerServiceOutlined, LinkOutlined, MessageOutlined, ProfileOutlined, SendOutlined, SettingOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { MEMBER_STATE_LABELS, SERVICE_LIMITS, SERVICE_STATE_LABELS, serviceTextFailure, type ServiceConversation, type ServiceMessage, type ServiceServerFrame } from '@app/contract';
import { useAuth } from '../../shared/auth';
import { yuan } from '../../shared/format';
import { useAction } from '../../shared/useAction';
import { serviceApi, serviceKeys, type DeskList } from './api';
import { CannedModal } from './CannedModal';
import { useDeskSocket } from './useDeskSocket';
import './service.css';

const LISTS: { key: DeskList; label: string }[] = [
  { key: 'waiting', label: '排队中' },
  { key: 'mine', label: '我的接待' },
  { key: 'open', label: '全部' },
  { key: 'closed', label: '已结束' },
];
const who = (c: ServiceConversation) => c.member_name ?? c.visitor_label ?? '访客';
const hhmm = (t: string) => t.slice(11, 16);

/**
 * 在线客服: the service desk. The queue (排队中, 我的接待, 全部接待, 已结束) with unread badges, the
 * chosen conversation (claim, reply with canned replies, transfer, close), and beside it the member's
 * basic information with a link to 会员管理. Everything arrives live over the desk's socket; every
 * text is rendered as text.
 */
export default function ServicePage() {
  const { me, can } = useAuth();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [tab, setTab] = useState<DeskList>('waiting');
  const [selected, setSelected] = useState<number | null>(null);
  const [draft, setDraft] = useState('');
  const [cannedOpen, setCannedOpen] = useState(false);
  const [transferTo, setTransferTo] = useState<number | null>(null);
  const [transferOpen, setTransferOpen] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);

  const lists = {
    waiting: useQuery({ queryKey: serviceKeys.list('waiting'), queryFn: () => serviceApi.list('waiting') }),
    mine: useQuery({ queryKey: serviceKeys.list('mine'), queryFn: () => serviceApi.list('mine') }),
    open: useQuery({ queryKey: serviceKeys.list('open'), queryFn: () => serviceApi.list('open'), enabled: tab === 'open' }),
    closed: useQuery({ queryKey: serviceKeys.list('closed'), queryFn: () => serviceApi.list('closed'), enabled: tab === 'closed' }),
  };
  const staff = useQuery({ queryKey: serviceKeys.staff, queryFn: serviceApi.staff, refetchInterval: 30_000 });
  const canned = useQuery({ queryKey: serviceKeys.canned, queryFn: serviceApi.canned });
  const detail = useQuery({ queryKey: serviceKeys.detail(selected ?? 0), queryFn: () => serviceApi.detail(selected!), enabled: selected !== null });
  const conversation = detail.data?.conversation;
  const mine = conversation?.state === 'open' && conversation.staff_id === me?.id;
  const memberId = conversation?.member_id ?? null;
  const member = useQuery({ queryKey: serviceKeys.member(memberId ?? 0), queryFn: () => serviceApi.member(memberId!), enabled: memberId !== null && can('members.read') });

  const refreshLists = useCallback(() => qc.invalidateQueries({ queryKey: ['service', 'list'] }), [qc]);
  const markRead = useRef<number | null>(null);
  const readNow = useCallback(
    (id: number) => {
      if (markRead.current === id) return;
      markRead.current = id;
      void serviceApi.read(id).finally(() => {
        markRead.current = null;
        void refreshLists();
      });
    },
    [refreshLists],
  );

  const onFrame = useCallback(
    (f: ServiceServerFrame) => {
      if (f.type === 'message') {
        qc.setQueryData<{ conversation: ServiceConversation; messages: ServiceMessage[] }>(serviceKeys.detail(f.message.conversation_id), (d) =>
          d && !d.messages.some((m) => m.id === f.message.id) ? { ...d, messages: [...d.messages, f.message] } : d,
        );
      } else if (f.type === 'conversation') {
        qc.setQueryData<{ conversation: ServiceConversation; messages: ServiceMessage[] }>(serviceKeys.detail(f.conversation.id), (d) => (d ? { ...d, conversation: f.conversation } : d));
        void refreshLists();
        if (f.conversation.id === selectedRef.current && f.conversation.unread > 0 && f.conversation.staff_id === me?.id && document.visibilityState === 'visible') readNow(f.conversation.id);
      }
    },
    [qc, refreshLists, readNow, me?.id],
  );
  const selectedRef = useRef<number | null>(null);
  selectedRef.current = selected;
  const status = useDeskSocket(onFrame, () => void qc.invalidateQueries({ queryKey: serviceKeys.all }));

  useEffect(() => {
    if (conversation && conversation.unread > 0 && mine) readNow(conversation.id);
  }, [conversation?.id, conversation?.unread, mine, readNow]);
  useLayoutEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [detail.data?.messages.length, selected]);

  const after = [serviceKeys.all];
  const claim = useAction(serviceApi.claim, after, () => setTab('mine'));
  const close = useAction(serviceApi.close, after);
  const transfer = useAction(serviceApi.transfer, after, () => setTransferOpen(false));
  const reply = useAction(serviceApi.reply, [serviceKeys.detail(selected ?? 0)], () => setDraft(''));

  const send = (text: string) => {
    if (!selected) return;
    const failure = serviceTextFailure(text);
    if (failure) return void message.error(failure);
    reply.mutate({ id: selected, content: text.trim() });
  };

  const counts = { waiting: lists.waiting.data?.length ?? 0, mine: (lists.mine.data ?? []).reduce((n, c) => n + c.unread, 0) };
  const current = lists[tab].data ?? [];
  const colleagues = useMemo(() => (staff.data ?? []).filter((s) => s.id !== me?.id), [staff.data, me?.id]);
  const onlineCount = (staff.data ?? []).filter((s) => s.online).length;
  let last = '';

  return (
    <div className="svc" data-testid="service-desk">
      <aside className="svc-queue">
        <div className="svc-queue-head">
          <Space size={8}>
            <Badge status={status === 'open' ? 'success' : status === 'stopped' ? 'error' : 'processing'} />
            <Typography.Text strong>{status === 'open' ? '接待中 · 在线' : status === 'stopped' ? '连接已断开' : '连接中…'}</Typography.Text>
          </Space>
          <Tooltip title={(staff.data ?? []).map((s) => `${s.username}${s.online ? '（在线）' : ''}`).join('、')}>
            <Tag color={onlineCount ? 'green' : 'default'} className="svc-online-tag">在线客服 {onlineCount}</Tag>
          </Tooltip>
        </div>
        <Tabs
          size="small"
          activeKey={tab}
          onChange={(k) => setTab(k as DeskList)}
          className="svc-tabs"
          items={LISTS.map((l) => ({
            key: l.key,
            label: (
              <span data-testid={`svc-tab-${l.key}`}>
                {l.label}
                {l.key === 'waiting' || l.key === 'mine' ? <Badge count={counts[l.key]} size="small" offset={[4, -2]} /> : null}
              </span>
            ),
          }))}
        />
        <div className="svc-queue-list">
          {current.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={tab === 'waiting' ? '暂无排队的会话' : '暂无会话'} />
          ) : (
            current.map((c) => (
              <button type="button" key={c.id} className={`svc-item ${c.id === selected ? 'active' : ''}`} onClick={() => setSelected(c.id)} data-testid="svc-item">
                <Badge count={c.unread} size="small">
                  <Avatar className={c.member_id ? 'svc-av member' : 'svc-av'} icon={<UserOutlined />} />
                </Badge>
                <span className="svc-item-main">
                  <span className="svc-item-top">
                    <span className="svc-item-name">{who(c)}</span>
                    <span className="svc-item-time">{hhmm(c.last_at)}</span>
                  </span>
                  <span className="svc-item-last">{c.last_sender === 'staff' ? '我方：' : ''}{c.last_body || '（无消息）'}</span>
                  {tab !== 'waiting' && c.staff_name ? <span className="svc-item-staff">接待：{c.staff_name}</span> : null}
                </span>
              </button>
            ))
          )}
        </div>
      </aside>

      <section className="svc-chat">
        {!conversation ? (
          <div className="svc-empty">
            <CustomerServiceOutlined />
            <div>从左侧选择一个会话开始接待</div>
          </div>
        ) : (
          <>
            <header className="svc-chat-head">
              <div>
                <Typography.Text strong className="svc-chat-title">{who(conversation)}</Typography.Text>
                <Tag color={conversation.state === 'waiting' ? 'orange' : conversation.state === 'open' ? 'blue' : 'default'} style={{ marginLeft: 8 }}>
                  {SERVICE_STATE_LABELS[conversation.state]}
                </Tag>
                {conversation.staff_name ? <Typography.Text type="secondary">接待：{conversation.staff_name}</Typography.Text> : null}
              </div>
              <Space>
                {conversation.state === 'waiting' ? (
                  <Button type="primary" loading={claim.isPending} onClick={() => claim.mutate(conversation.id)} data-testid="svc-claim">
                    接入
                  </Button>
                ) : null}
                {mine ? (
                  <Button icon={<SwapOutlined />} onClick={() => (setTransferTo(null), setTransferOpen(true))}>
                    转接
                  </Button>
                ) : null}
                {mine || conversation.state === 'waiting' ? (
                  <Button danger onClick={() => Modal.confirm({ title: '结束会话', content: '结束后会员会收到会话结束的提示，再次发消息将进入排队。', okText: '结束会话', cancelText: '取消', onOk: () => close.mutateAsync(conversation.id) })}>
                    结束
                  </Button>
                ) : null}
              </Space>
            </header>
            <div className="svc-messages" ref={listRef} data-testid="svc-messages">
              {detail.data!.messages.map((m) => {
                const showTime = !last || m.created_at.slice(0, 15) !== last.slice(0, 15);
                last = m.created_at;
                return (
                  <div key={m.id}>
                    {showTime ? <div className="svc-time">{m.created_at.slice(5, 16)}</div> : null}
                    {m.sender === 'system' ? (
                      <div className="svc-system">{m.body}</div>
                    ) : (
                      <div className={`svc-row ${m.sender === 'staff' ? 'ours' : 'theirs'}`}>
                        <div className="svc-col">
                          <div className="svc-name">{m.sender === 'staff' ? m.staff_name : who(conversation)} · {hhmm(m.created_at)}</div>
                          <div className="svc-bubble">{m.body}</div>
                        </div>
                      </div>
                    )}
                  </div>
                );
              })}
            </div>
            <footer className="svc-compose">
              <div className="svc-canned">
                <MessageOutlined className="svc-canned-icon" />
                <div className="svc-canned-list">
                  {(canned.data ?? []).map((r) => (
                    <Tooltip key={r.id} title={r.body}>
                      <Button size="small" autoInsertSpace={false} disabled={!mine} onClick={() => setDraft(r.body)}>
                        {r.title}
                      </Button>
                    </Tooltip>
                  ))}
                  {canned.data?.length === 0 ? <Typography.Text type="secondary">暂无快捷回复</Typography.Text> : null}
                </div>
                <Button size="small" type="link" icon={<SettingOutlined />} onClick={() => setCannedOpen(true)}>
                  管理
                </Button>
              </div>
              <Input.TextArea
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
                disabled={!mine}
                placeholder={mine ? '输入回复，Enter 发送，Shift+Enter 换行' : conversation.state === 'waiting' ? '请先接入该会话' : conversation.state === 'closed' ? '会话已结束' : '该会话由其他客服接待'}
                autoSize={{ minRows: 2, maxRows: 5 }}
                maxLength={SERVICE_LIMITS.maxChars}
                showCount
                onPressEnter={(e) => {
                  if (!e.shiftKey) {
                    e.preventDefault();
                    send(draft);
                  }
                }}
                data-testid="svc-input"
              />
              <div className="svc-send">
                <Button type="primary" icon={<SendOutlined />} disabled={!mine || !draft.trim()} loading={reply.isPending} onClick={() => send(draft)} data-testid="svc-send">
                  发送
                </Button>
              </div>
            </footer>
          </>
        )}
      </section>

      <aside className="svc-side">
        <div className="svc-side-title">会员信息</div>
        {!conversation ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="未选择会话" />
        ) : memberId === null ? (
          <div className="svc-visitor">
            <Avatar size={48} icon={<UserOutlined />} />
            <div className="svc-visitor-name">{conversation.visitor_label}</div>
            <Typography.Text type="secondary">未登录访客，无会员资料</Typography.Text>
            <Typography.Text type="secondary">首次咨询：{conversation.created_at}</Typography.Text>
          </div>
        ) : !can('members.read') ? (
          <Typography.Text type="secondary">无权查看会员资料</Typography.Text>
        ) : member.data ? (
          <>
            <div className="svc-member-head">
              <Avatar size={44} className="svc-av member" icon={<UserOutlined />} />
              <div>
                <div className="svc-member-name">{member.data.profile.username}</div>
                <Space size={4}>
                  <Tag color="gold">VIP{member.data.profile.vip}</Tag>
                  <Tag color={member.data.profile.state === 1 ? 'green' : 'red'}>{MEMBER_STATE_LABELS[member.data.profile.state] ?? member.data.profile.state}</Tag>
                </Space>
              </div>
            </div>
            <Descriptions column={1} size="small" className="svc-desc" data-testid="svc-member">
              <Descriptions.Item label="会员ID">{member.data.profile.id}</Descriptions.Item>
              <Descriptions.Item label="姓名">{member.data.profile.realname || '—'}</Descriptions.Item>
              <Descriptions.Item label="中心钱包">{yuan(member.data.profile.balance)}</Descriptions.Item>
              <Descriptions.Item label="手机">{member.data.profile.mobile || '—'}</Descriptions.Item>
              <Descriptions.Item label="注册时间">{member.data.profile.created_at}</Descriptions.Item>
              <Descriptions.Item label="最近登录">{member.data.profile.last_login_at || '—'}</Descriptions.Item>
              <Descriptions.Item label="登录IP">{member.data.profile.last_login_ip || '—'}</Descriptions.Item>
              <Descriptions.Item label="近期存款">{member.data.deposits.length} 笔</Descriptions.Item>
              <Descriptions.Item label="近期取款">{member.data.withdrawals.length} 笔</Descriptions.Item>
            </Descriptions>
            <Space direction="vertical" style={{ width: '100%' }}>
              <Button block type="primary" ghost icon={<ProfileOutlined />} href={`/admin/members/${member.data.profile.id}`} target="_blank" data-testid="svc-open-360">
                会员360°视图
              </Button>
              <Button block icon={<LinkOutlined />} href={`/admin/members?member=${member.data.profile.id}`} target="_blank" data-testid="svc-open-member">
                在会员管理中打开
              </Button>
            </Space>
          </>
        ) : (
          <Typography.Text type="secondary">{member.isError ? (member.error as Error).message : '加载中…'}</Typography.Text>
        )}
      </aside>

      <CannedModal open={cannedOpen} onClose={() => setCannedOpen(false)} replies={canned.data ?? []} />
      <Modal
        title="转接会话"
        open={transferOpen}
        okText="转接"
        cancelText="取消"
        okButtonProps={{ disabled: !transferTo, loading: transfer.isPending }}
        onCancel={() => setTransferOpen(false)}
        onOk={() => conversation && transferTo && transfer.mutate({ id: conversation.id, staffId: transferTo })}
      >
        <Select
          style={{ width: '100%' }}
          placeholder="选择同事"
          value={transferTo ?? undefined}
          onChange={setTransferTo}
          options={colleagues.map((s) => ({ value: s.id, label: `${s.username}（${s.role_label}）${s.online ? ' · 在线' : ' · 离线'}` }))}
        />
      </Modal>
    </div>
  );
}
