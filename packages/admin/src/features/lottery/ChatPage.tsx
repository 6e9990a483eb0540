import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Input, Popconfirm, Select, Space, Table, Tabs, Tag, Tooltip } from 'antd';
import type { AdminChatRow, AdminLotteryRow, AdminMuteRow, Page } from '@app/contract';
import { api } from '../../shared/api';
import { useAuth } from '../../shared/auth';
import { useAction } from '../../shared/useAction';
import { DeleteModal, MuteModal } from './ModerationModals';
import { HostModal } from './RoomModals';
import { roomApi } from './api';
import './lottery.css';
import { tablePaging } from '../../shared/pagination';
import { RefreshButton } from '../../shared/components/RefreshButton';

const TABS = [
  { key: 'messages', label: '聊天记录' },
  { key: 'mutes', label: '禁言名单' },
];

/** 聊天管理: the rooms' messages (delete, mute their author) and the members muted now (lift). */
export default function ChatPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'mutes' ? 'mutes' : 'messages';
  return (
    <Card className="chat-page" title="聊天管理" styles={{ body: { paddingTop: 0 } }}>
      <Tabs activeKey={tab} items={TABS} onChange={(k) => setParams(k === 'messages' ? {} : { tab: k }, { replace: true })} />
      {tab === 'messages' ? <Messages /> : <Mutes />}
    </Card>
  );
}

type MuteTarget = { id: number; name: string; row?: AdminChatRow };

function Messages() {
  const { can } = useAuth();
  const moderator = can('lottery.chat');
  const [roomId, setRoomId] = useState<number | undefined>();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<AdminChatRow | null>(null);
  const [muting, setMuting] = useState<MuteTarget | null>(null);
  const [hosting, setHosting] = useState(false);
  const lotteries = useQuery({ queryKey: ['lotteries'], queryFn: async () => (await api.get<AdminLotteryRow[]>('/lotteries')).data });
  const list = useQuery({
    queryKey: ['lottery-chat', roomId, keyword, page],
    queryFn: async () => (await api.get<Page<AdminChatRow>>('/lottery/chat', { room_id: roomId, keyword, page })).data,
    placeholderData: keepPreviousData,
  });
  const remove = useAction(({ id, reason }: { id: number; reason: string }) => api.post(`/lottery/chat/${id}/delete`, { reason }), [['lottery-chat']], () => setDeleting(null));
  const mute = useAction(
    ({ id, minutes, reason }: { id: number; minutes: number; reason: string }) => api.post(`/members/${id}/mute`, { minutes, reason }),
    [['lottery-chat'], ['lottery-mutes']],
    () => setMuting(null),
  );
  const speak = useAction(roomApi.host, [['lottery-chat']], () => setHosting(false));
  const lottery = lotteries.data?.find((l) => l.rooms.some((r) => r.id === roomId));
  const room = lottery?.rooms.find((r) => r.id === roomId);

  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          placeholder="全部房间"
          style={{ width: 220 }}
          value={roomId}
          loading={lotteries.isLoading}
          onChange={(v?: number) => (setRoomId(v), setPage(1))}
          options={lotteries.data?.map((l) => ({ label: l.title, options: l.rooms.map((r) => ({ value: r.id, label: `${l.title} · ${r.title}` })) }))}
          data-testid="chat-room"
        />
        <Input.Search allowClear placeholder="消息内容、会员名" style={{ width: 240 }} onSearch={(v) => (setKeyword(v.trim()), setPage(1))} data-testid="chat-keyword" />
        <RefreshButton query={list} />
        {moderator && (
          <Tooltip title={!room ? '先选择房间' : room.enabled ? undefined : '房间未开放'}>
            <Button type="primary" ghost disabled={!room?.enabled} onClick={() => setHosting(true)} data-testid="chat-host">
              主持人发言
            </Button>
          </Tooltip>
        )}
      </Space>
      <Table<AdminChatRow>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data?.data}
        scroll={{ x: 'max-content' }}
        rowClassName={(m) => (m.deleted_at ? 'chat-row-deleted' : '')}
        onRow={(m) => ({ 'data-testid': `chat-row-${m.id}` }) as React.HTMLAttributes<HTMLElement>}
        pagination={tablePaging(list.data, page, setPage, '条')}
        columns={[
          { title: '时间', dataIndex: 'created_at', width: 170 },
          {
            title: '房间',
            render: (_, m) => (
              <div className="cell-lines">
                {m.room_title}
                <div className="muted">{m.lottery_title}</div>
              </div>
            ),
          },
          {
            title: '会员',
            render: (_, m) =>
              m.member_id === null ? (
                <div className="cell-lines">
                  {m.author}
                  <div className="muted">员工 {m.host_staff}</div>
                </div>
              ) : (
                <div className="cell-lines">
                  {m.author} {m.muted && <Tag color="red">禁言中</Tag>}
                  <div className="muted">
                    {m.username} · ID {m.member_id}
                  </div>
                </div>
              ),
          },
          {
            title: '内容',
            render: (_, m) => (
              <div className="chat-content">
                {m.kind === 'bet' && <Tag color="blue">投注</Tag>}
                {m.kind === 'host' && <Tag color="gold">主持人</Tag>}
                <span className={m.deleted_at ? 'chat-text deleted' : 'chat-text'}>{m.content}</span>
                {m.deleted_at && (
                  <span className="chat-deleted-note" data-testid={`chat-deleted-${m.id}`}>
                    已被 {m.deleted_by ?? '—'} 删除 · {m.deleted_at}
                  </span>
                )}
              </div>
            ),
          },
          ...(moderator
            ? [
                {
                  title: '操作',
                  fixed: 'right' as const,
                  render: (_: unknown, m: AdminChatRow) => (
                    <Space>
                      <Button size="small" danger disabled={!!m.deleted_at} onClick={() => setDeleting(m)} data-testid={`chat-delete-${m.id}`}>
                        删除
                      </Button>
                      {m.member_id !== null && (
                        <Button size="small" onClick={() => setMuting({ id: m.member_id!, name: m.author, row: m })} data-testid={`chat-mute-${m.id}`}>
                          {m.muted ? '再次禁言' : '禁言'}
                        </Button>
                      )}
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <DeleteModal row={deleting} busy={remove.isPending} onCancel={() => setDeleting(null)} onSubmit={(reason) => deleting && remove.mutate({ id: deleting.id, reason })} />
      <HostModal
        room={hosting && room && lottery ? { title: room.title, lottery_title: lottery.title } : null}
        busy={speak.isPending}
        onCancel={() => setHosting(false)}
        onSubmit={(content) => roomId && speak.mutate({ id: roomId, content })}
      />
      <MuteModal member={muting} busy={mute.isPending} onCancel={() => setMuting(null)} onSubmit={(v) => muting && mute.mutate({ id: muting.id, ...v })} />
    </>
  );
}

function Mutes() {
  const { can } = useAuth();
  const moderator = can('lottery.chat');
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['lottery-mutes', page],
    queryFn: async () => (await api.get<Page<AdminMuteRow>>('/lottery/mutes', { page })).data,
    placeholderData: keepPreviousData,
  });
  const unmute = useAction((id: number) => api.post(`/members/${id}/unmute`), [['lottery-mutes'], ['lottery-chat']]);

  return (
    <Table<AdminMuteRow>
      rowKey="member_id"
      size="middle"
      loading={list.isLoading}
      dataSource={list.data?.data}
      scroll={{ x: 'max-content' }}
      onRow={(m) => ({ 'data-testid': `mute-row-${m.member_id}` }) as React.HTMLAttributes<HTMLElement>}
      locale={{ emptyText: '当前没有被禁言的会员' }}
      pagination={tablePaging(list.data, page, setPage, '人')}
      columns={[
        {
          title: '会员',
          render: (_, m) => (
            <div className="cell-lines">
              {m.username}
              <div className="muted">ID {m.member_id}</div>
            </div>
          ),
        },
        { title: '禁言至', dataIndex: 'until', render: (v: string | null) => (v ? v : <Tag color="red">永久</Tag>) },
        { title: '原因', dataIndex: 'reason', render: (v: string) => <div className="chat-content">{v}</div> },
        { title: '操作人', dataIndex: 'staff' },
        { title: '禁言时间', dataIndex: 'created_at' },
        ...(moderator
          ? [
              {
                title: '操作',
                fixed: 'right' as const,
                render: (_: unknown, m: AdminMuteRow) => (
                  <Popconfirm title={`解除 ${m.username} 的禁言？`} okText="解除禁言" cancelText="取消" onConfirm={() => unmute.mutateAsync(m.member_id).catch(() => {})}>
                    <Button size="small" type="primary" ghost data-testid={`unmute-${m.member_id}`}>
                      解除禁言
                    </Button>
                  </Popconfirm>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}
